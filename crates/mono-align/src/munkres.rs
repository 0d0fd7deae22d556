//! Minimum-cost assignment with the tie-breaking of Clapper's `munkres` (spec `lcb-pipeline.md`
//! §0.1 for 1.0.8, `usim-spec.md` §b.5 for ≥ 1.0.12), on which the published WordChange,
//! Spearman and index figures and the USim scores depend.
//!
//! The algorithm is Munkres' (Kuhn–Munkres, Hungarian) in six steps over a square matrix padded
//! with zero cost:
//!
//! 1. subtract each row's minimum from the row;
//! 2. scanning rows then columns, star every zero whose row and column hold no star yet;
//! 3. cover every column holding a star; done when all n are covered;
//! 4. repeatedly take an uncovered zero and prime it; if its row holds a star, cover the row and
//!    uncover the star's column, else go to 5; with no uncovered zero left go to 6;
//! 5. from the primed zero build the alternating path prime → star in its column → prime in that
//!    star's row → …, swap stars and primes along it, erase primes, uncover all, go to 3;
//! 6. add the smallest uncovered value to every covered row and subtract it from every uncovered
//!    column, go to 4.
//!
//! Which optimal assignment is returned depends on the details, reproduced here:
//! * in step 4 the zero taken is in the **first** row, scanning from a start row with
//!   wrap-around, that holds an uncovered zero, and it is the **last** uncovered zero met scanning
//!   that row from a start column with wrap-around (the reference does not stop at the first hit);
//!   the start is (0, 0) on every search in 1.0.8 ([`TieBreaking::Munkres108`]) and, from 1.0.12
//!   on ([`TieBreaking::Munkres112`]), (0, 0) on entering step 4 and (row, star's column) after
//!   priming a zero whose row holds a star;
//! * stars and primes are looked up as the first in their row or column;
//! * step 6 updates cell by cell, so floating-point costs round exactly as in the reference
//!   (`(x + m) − m` need not equal `x`); integer costs are exact.
//!
//! The steps are the reference's; the bookkeeping is not: each row keeps the list of its zero
//! cells (rebuilt in the pass that step 6 makes anyway), and stars and primes are indexed by row
//! and column, so step 4 costs O(n + zeros) instead of O(n²) per search. This is what makes a
//! 576-token USim passage take well under a second instead of minutes.

use crate::Error;

/// A cost type: `i64` (exact) or `f64` (the reference's floats, operation for operation).
pub trait Cost:
    Copy + PartialOrd + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self>
{
    /// The additive identity, also the padding value.
    const ZERO: Self;
    /// False for NaN and infinities, which would make the algorithm loop forever.
    fn is_finite(self) -> bool;
}

impl Cost for i64 {
    const ZERO: i64 = 0;
    fn is_finite(self) -> bool {
        true
    }
}

impl Cost for f64 {
    const ZERO: f64 = 0.0;
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
}

/// Which version of the reference's tie-breaking to follow (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieBreaking {
    /// `munkres` ≤ 1.0.11, as the LCB analysis code ran it (1.0.8): every zero search starts at
    /// (0, 0).
    #[default]
    Munkres108,
    /// `munkres` ≥ 1.0.12 (June 2017; what `pip install munkres` gave in 2018, USim): after
    /// priming a zero in a starred row the search resumes at that row and the star's column.
    Munkres112,
}

const NOTHING: usize = usize::MAX;

/// The minimum-cost assignment of rows to columns of `matrix` (rows may be shorter or longer than
/// columns; missing cells cost 0): the `(row, column)` pairs in row order, one per row when there
/// are at least as many columns as rows, one per column otherwise.
pub fn munkres<T: Cost>(matrix: &[Vec<T>]) -> Result<Vec<(usize, usize)>, Error> {
    munkres_with(matrix, TieBreaking::default())
}

/// [`munkres`] with the given version of the reference's tie-breaking.
pub fn munkres_with<T: Cost>(
    matrix: &[Vec<T>],
    ties: TieBreaking,
) -> Result<Vec<(usize, usize)>, Error> {
    let rows = matrix.len();
    let columns = matrix.first().map_or(0, Vec::len);
    if let Some((row, r)) = matrix.iter().enumerate().find(|(_, r)| r.len() != columns) {
        return Err(Error::RaggedMatrix {
            row,
            len: r.len(),
            expected: columns,
        });
    }
    if let Some(row) = matrix.iter().position(|r| r.iter().any(|c| !c.is_finite())) {
        return Err(Error::NonFiniteCost { row });
    }
    let n = rows.max(columns);
    let mut cost = vec![T::ZERO; n * n];
    for (i, row) in matrix.iter().enumerate() {
        cost[i * n..i * n + columns].copy_from_slice(row);
    }
    Ok(assign_square(n, cost, ties)
        .into_iter()
        .filter(|&(i, j)| i < rows && j < columns)
        .collect())
}

/// The assignment of an n × n matrix given row-major with finite costs: for each row in order,
/// its column.
pub(crate) fn assign_square<T: Cost>(
    n: usize,
    cost: Vec<T>,
    ties: TieBreaking,
) -> Vec<(usize, usize)> {
    debug_assert_eq!(cost.len(), n * n);
    let mut state = State {
        n,
        ties,
        cost,
        zeros: vec![Vec::new(); n],
        star_in_row: vec![NOTHING; n],
        star_in_col: vec![NOTHING; n],
        prime_in_row: vec![NOTHING; n],
        row_covered: vec![false; n],
        col_covered: vec![false; n],
    };
    state.solve();
    (0..n)
        .filter(|&i| state.star_in_row[i] != NOTHING)
        .map(|i| (i, state.star_in_row[i]))
        .collect()
}

struct State<T> {
    n: usize,
    ties: TieBreaking,
    cost: Vec<T>,
    /// Per row, the columns whose cost is exactly zero, ascending.
    zeros: Vec<Vec<u32>>,
    star_in_row: Vec<usize>,
    star_in_col: Vec<usize>,
    prime_in_row: Vec<usize>,
    row_covered: Vec<bool>,
    col_covered: Vec<bool>,
}

impl<T: Cost> State<T> {
    fn solve(&mut self) {
        if self.n == 0 {
            return;
        }
        self.subtract_row_minima();
        self.star_independent_zeros();
        while !self.cover_starred_columns() {
            let (row, col) = loop {
                match self.prime_zeros() {
                    Some(zero) => break zero,
                    None => self.shift_by_smallest_uncovered(),
                }
            };
            self.augment(row, col);
        }
    }

    fn rebuild_zeros(&mut self, row: usize) {
        let n = self.n;
        let zeros = &mut self.zeros[row];
        zeros.clear();
        for (j, &c) in self.cost[row * n..(row + 1) * n].iter().enumerate() {
            if c == T::ZERO {
                zeros.push(j as u32);
            }
        }
    }

    /// Step 1.
    fn subtract_row_minima(&mut self) {
        let n = self.n;
        for row in self.cost.chunks_mut(n) {
            let mut min = row[0];
            for &c in &row[1..] {
                if c < min {
                    min = c;
                }
            }
            for c in row {
                *c = *c - min;
            }
        }
        for i in 0..n {
            self.rebuild_zeros(i);
        }
    }

    /// Step 2 (the covers it uses are cleared again).
    fn star_independent_zeros(&mut self) {
        for i in 0..self.n {
            for k in 0..self.zeros[i].len() {
                let j = self.zeros[i][k] as usize;
                if self.star_in_col[j] == NOTHING && self.star_in_row[i] == NOTHING {
                    self.star_in_row[i] = j;
                    self.star_in_col[j] = i;
                }
            }
        }
    }

    /// Step 3: true when the stars form a complete assignment.
    fn cover_starred_columns(&mut self) -> bool {
        let mut count = 0;
        for j in 0..self.n {
            if self.star_in_col[j] != NOTHING {
                self.col_covered[j] = true;
                count += 1;
            }
        }
        count >= self.n
    }

    /// Step 4: primes uncovered zeros until one has no star in its row (returned), or no
    /// uncovered zero is left (`None`).
    fn prime_zeros(&mut self) -> Option<(usize, usize)> {
        let (mut from_row, mut from_col) = (0, 0);
        loop {
            let (row, col) = self.find_uncovered_zero(from_row, from_col)?;
            self.prime_in_row[row] = col;
            match self.star_in_row[row] {
                NOTHING => return Some((row, col)),
                star_col => {
                    self.row_covered[row] = true;
                    self.col_covered[star_col] = false;
                    if self.ties == TieBreaking::Munkres112 {
                        (from_row, from_col) = (row, star_col);
                    }
                }
            }
        }
    }

    /// The last uncovered zero met scanning the first row (from `from_row`, wrapping) that has
    /// one, scanning its columns from `from_col`, wrapping (see the module docs).
    fn find_uncovered_zero(&self, from_row: usize, from_col: usize) -> Option<(usize, usize)> {
        let n = self.n;
        (0..n).map(|k| (from_row + k) % n).find_map(|i| {
            if self.row_covered[i] {
                return None;
            }
            let mut uncovered = self.zeros[i]
                .iter()
                .rev()
                .map(|&j| j as usize)
                .filter(|&j| !self.col_covered[j]);
            let last = uncovered.next()?;
            if last < from_col {
                return Some((i, last));
            }
            // Columns before `from_col` are met last in the wrapped scan.
            let wrapped = uncovered.find(|&j| j < from_col);
            Some((i, wrapped.unwrap_or(last)))
        })
    }

    /// Step 5.
    fn augment(&mut self, row: usize, col: usize) {
        let mut path = vec![(row, col)];
        loop {
            let column = path[path.len() - 1].1;
            let star_row = self.star_in_col[column];
            if star_row == NOTHING {
                break;
            }
            path.push((star_row, column));
            // A starred zero reached by the path always has a primed zero in its row.
            let prime_col = self.prime_in_row[star_row];
            if prime_col == NOTHING {
                break;
            }
            path.push((star_row, prime_col));
        }
        for &(i, j) in path.iter().skip(1).step_by(2) {
            self.star_in_row[i] = NOTHING;
            self.star_in_col[j] = NOTHING;
        }
        for &(i, j) in path.iter().step_by(2) {
            self.star_in_row[i] = j;
            self.star_in_col[j] = i;
        }
        self.row_covered.fill(false);
        self.col_covered.fill(false);
        self.prime_in_row.fill(NOTHING);
    }

    /// Step 6.
    fn shift_by_smallest_uncovered(&mut self) {
        let n = self.n;
        let uncovered_columns: Vec<usize> = (0..n).filter(|&j| !self.col_covered[j]).collect();
        let mut smallest: Option<T> = None;
        for i in (0..n).filter(|&i| !self.row_covered[i]) {
            let row = &self.cost[i * n..(i + 1) * n];
            for &j in &uncovered_columns {
                let c = row[j];
                if smallest.is_none_or(|s| s > c) {
                    smallest = Some(c);
                }
            }
        }
        let Some(m) = smallest else { return };
        let shift: Vec<T> = (0..n)
            .map(|j| if self.col_covered[j] { T::ZERO } else { m })
            .collect();
        for i in 0..n {
            let row = &mut self.cost[i * n..(i + 1) * n];
            if self.row_covered[i] {
                for (c, &s) in row.iter_mut().zip(&shift) {
                    // x − 0 is x exactly, so covered columns keep x + m as in the reference.
                    *c = (*c + m) - s;
                }
            } else {
                for (c, &s) in row.iter_mut().zip(&shift) {
                    *c = *c - s;
                }
            }
            self.rebuild_zeros(i);
        }
    }
}
