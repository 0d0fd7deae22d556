//! Minimum-cost assignment with the tie-breaking of Clapper's `munkres` 1.0.8 (spec
//! `lcb-pipeline.md` §0.1), on which the published WordChange, Spearman and index figures depend.
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
//! * in step 4 the zero taken is in the **first** row (scanning from row 0) that holds an uncovered
//!   zero, and it is the **last** uncovered zero of that row — version 1.0.8 scans the whole row
//!   without stopping at the first hit (the spec's "first uncovered zero" names the row); from
//!   1.0.12 on the scan resumes where the previous one stopped instead, which changes ties;
//! * stars and primes are looked up as the first in their row or column;
//! * step 6 updates cell by cell in row-major order, so floating-point costs round exactly as in
//!   the reference (`(x + m) − m` need not equal `x`); integer costs are exact.

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

const NONE: u8 = 0;
const STAR: u8 = 1;
const PRIME: u8 = 2;

/// The minimum-cost assignment of rows to columns of `matrix` (rows may be shorter or longer than
/// columns; missing cells cost 0): the `(row, column)` pairs in row order, one per row when there
/// are at least as many columns as rows, one per column otherwise.
pub fn munkres<T: Cost>(matrix: &[Vec<T>]) -> Result<Vec<(usize, usize)>, Error> {
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
    Ok(assign_square(n, cost)
        .into_iter()
        .filter(|&(i, j)| i < rows && j < columns)
        .collect())
}

/// The assignment of an n × n matrix given row-major with finite costs: for each row in order,
/// its column.
pub(crate) fn assign_square<T: Cost>(n: usize, cost: Vec<T>) -> Vec<(usize, usize)> {
    debug_assert_eq!(cost.len(), n * n);
    let mut state = State {
        n,
        cost,
        marked: vec![NONE; n * n],
        row_covered: vec![false; n],
        col_covered: vec![false; n],
    };
    state.solve();
    (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .filter(|&(i, j)| state.marked[i * n + j] == STAR)
        .collect()
}

struct State<T> {
    n: usize,
    cost: Vec<T>,
    marked: Vec<u8>,
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
    }

    /// Step 2 (ends by clearing the covers it used).
    fn star_independent_zeros(&mut self) {
        let n = self.n;
        for i in 0..n {
            for j in 0..n {
                if self.cost[i * n + j] == T::ZERO && !self.col_covered[j] && !self.row_covered[i] {
                    self.marked[i * n + j] = STAR;
                    self.col_covered[j] = true;
                    self.row_covered[i] = true;
                }
            }
        }
        self.clear_covers();
    }

    /// Step 3: true when the stars form a complete assignment.
    fn cover_starred_columns(&mut self) -> bool {
        let n = self.n;
        let mut count = 0;
        for i in 0..n {
            for j in 0..n {
                if self.marked[i * n + j] == STAR {
                    self.col_covered[j] = true;
                    count += 1;
                }
            }
        }
        count >= n
    }

    /// Step 4: primes uncovered zeros until one has no star in its row (returned), or no
    /// uncovered zero is left (`None`).
    fn prime_zeros(&mut self) -> Option<(usize, usize)> {
        let n = self.n;
        loop {
            let (row, col) = self.find_uncovered_zero()?;
            self.marked[row * n + col] = PRIME;
            match self.find_in_row(row, STAR) {
                Some(star_col) => {
                    self.row_covered[row] = true;
                    self.col_covered[star_col] = false;
                }
                None => return Some((row, col)),
            }
        }
    }

    /// The last uncovered zero of the first row that has one (see the module docs).
    fn find_uncovered_zero(&self) -> Option<(usize, usize)> {
        let n = self.n;
        (0..n).filter(|&i| !self.row_covered[i]).find_map(|i| {
            let row = &self.cost[i * n..(i + 1) * n];
            (0..n)
                .rev()
                .find(|&j| row[j] == T::ZERO && !self.col_covered[j])
                .map(|j| (i, j))
        })
    }

    /// Step 5.
    fn augment(&mut self, row: usize, col: usize) {
        let n = self.n;
        let mut path = vec![(row, col)];
        while let Some(star_row) = self.find_in_col(path[path.len() - 1].1, STAR) {
            let star_col = path[path.len() - 1].1;
            path.push((star_row, star_col));
            // A starred zero reached by the path always has a primed zero in its row.
            let Some(prime_col) = self.find_in_row(star_row, PRIME) else {
                break;
            };
            path.push((star_row, prime_col));
        }
        for (i, j) in path {
            let m = &mut self.marked[i * n + j];
            *m = if *m == STAR { NONE } else { STAR };
        }
        self.clear_covers();
        for m in &mut self.marked {
            if *m == PRIME {
                *m = NONE;
            }
        }
    }

    /// Step 6.
    fn shift_by_smallest_uncovered(&mut self) {
        let n = self.n;
        let mut smallest: Option<T> = None;
        for i in (0..n).filter(|&i| !self.row_covered[i]) {
            for j in (0..n).filter(|&j| !self.col_covered[j]) {
                let c = self.cost[i * n + j];
                if smallest.is_none_or(|s| s > c) {
                    smallest = Some(c);
                }
            }
        }
        let Some(m) = smallest else { return };
        for i in 0..n {
            for j in 0..n {
                let c = &mut self.cost[i * n + j];
                if self.row_covered[i] {
                    *c = *c + m;
                }
                if !self.col_covered[j] {
                    *c = *c - m;
                }
            }
        }
    }

    fn find_in_row(&self, row: usize, mark: u8) -> Option<usize> {
        let n = self.n;
        self.marked[row * n..(row + 1) * n]
            .iter()
            .position(|&m| m == mark)
    }

    fn find_in_col(&self, col: usize, mark: u8) -> Option<usize> {
        let n = self.n;
        (0..n).find(|&i| self.marked[i * n + col] == mark)
    }

    fn clear_covers(&mut self) {
        self.row_covered.fill(false);
        self.col_covered.fill(false);
    }
}
