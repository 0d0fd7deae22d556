//! Monolingual word alignment as a minimum-cost bipartite matching (000 draft §2.1; spec
//! `lcb-pipeline.md` §0.1).
//!
//! Of the two token lists, call the longer one L (n tokens) and the other S; when both have the
//! same length, L is the second. S is padded to n with empty slots. Aligning L\[i\] with S\[j\] costs
//!
//! ```text
//! cost(i, j) = levenshtein(L[i], S[j]) + |i − j| / n      (real slot j)
//! cost(i, j) = 0                                           (padding slot)
//! ```
//!
//! — character edit distance plus a positional penalty that breaks ties in favour of the
//! diagonal. The minimum-cost assignment (Munkres with the reference's tie-breaking, [`munkres`])
//! pairs every token of L with one slot; a token on a padding slot is aligned to nothing.
//!
//! [`CostModel::Reference`] (the default) keeps the reference's floating-point sums, operation for
//! operation, which the published numbers depend on; [`CostModel::Exact`] scales the costs by n
//! to the integers n·levenshtein + |i − j|, so that mathematically equal costs tie exactly.
//!
//! [`munkres`]: crate::munkres::munkres

use crate::levenshtein::levenshtein;
use crate::munkres::{TieBreaking, assign_square};

/// The word the reference puts on the empty side of an aligned pair.
pub const EMPTY_WORD: &str = "emptyWord";

/// How alignment costs are represented.
///
/// Measured on the LCB data (gold and 14 systems, lcb-goldens G6): `Reference` reproduces every
/// published per-sentence value; `Exact` breaks different ties and changes, e.g., the gold
/// WordChange histogram (262 sentences with one change instead of 261) and 8 of the 15 rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CostModel {
    /// Integers n·levenshtein + |i − j|: no rounding, ties are exact.
    Exact,
    /// The reference's `levenshtein + |i − j| / n` in `f64`, rounded as Python rounds it: the
    /// default, because the published figures depend on its ties.
    #[default]
    Reference,
}

/// A word alignment of two sentences: pairs `(index in the first, index in the second)`, `None`
/// for a token aligned to nothing, in the order of the longer sentence's tokens.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Alignment {
    /// The aligned pairs.
    pub pairs: Vec<(Option<usize>, Option<usize>)>,
}

impl Alignment {
    /// Pairs where both sides are tokens.
    pub fn matched(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.pairs.iter().filter_map(|&(a, b)| Some((a?, b?)))
    }

    /// The aligned word pairs of the token lists `a` and `b` this alignment was computed from,
    /// with [`EMPTY_WORD`] on an empty side, as the reference returns them.
    pub fn words<'a, S: AsRef<str>>(&self, a: &'a [S], b: &'a [S]) -> Vec<(&'a str, &'a str)> {
        let word = |tokens: &'a [S], i: Option<usize>| {
            i.and_then(|i| tokens.get(i))
                .map_or(EMPTY_WORD, |t| t.as_ref())
        };
        self.pairs
            .iter()
            .map(|&(i, j)| (word(a, i), word(b, j)))
            .collect()
    }
}

/// Aligns the token lists `a` and `b` with the default (reference) costs.
pub fn align<S: AsRef<str>>(a: &[S], b: &[S]) -> Alignment {
    align_with(a, b, CostModel::default())
}

/// Aligns the token lists `a` and `b` with the given cost representation (and `munkres` 1.0.8's
/// tie-breaking, as the LCB analysis code ran it).
pub fn align_with<S: AsRef<str>>(a: &[S], b: &[S], model: CostModel) -> Alignment {
    align_with_ties(a, b, model, TieBreaking::Munkres108)
}

/// Aligns the token lists `a` and `b` with the given cost representation and version of the
/// solver's tie-breaking (USim's `align` ran `munkres` ≥ 1.0.12).
pub fn align_with_ties<S: AsRef<str>>(
    a: &[S],
    b: &[S],
    model: CostModel,
    ties: TieBreaking,
) -> Alignment {
    let switched = a.len() <= b.len();
    let (longer, shorter) = if switched { (b, a) } else { (a, b) };
    let n = longer.len();
    let distances: Vec<usize> = longer
        .iter()
        .flat_map(|l| {
            shorter
                .iter()
                .map(move |s| levenshtein(l.as_ref(), s.as_ref()))
        })
        .collect();
    let m = shorter.len();
    let assignment = match model {
        CostModel::Exact => assign_square(
            n,
            costs(n, m, |i, j| {
                (n * distances[i * m + j] + i.abs_diff(j)) as i64
            }),
            ties,
        ),
        CostModel::Reference => assign_square(
            n,
            costs(n, m, |i, j| {
                distances[i * m + j] as f64 + i.abs_diff(j) as f64 / n as f64
            }),
            ties,
        ),
    };
    let pairs = assignment
        .into_iter()
        .map(|(i, j)| {
            let (l, s) = (Some(i), (j < m).then_some(j));
            if switched { (s, l) } else { (l, s) }
        })
        .collect();
    Alignment { pairs }
}

/// The n × n row-major cost matrix with `real(i, j)` for the m real columns and zero padding.
fn costs<T: crate::munkres::Cost>(n: usize, m: usize, real: impl Fn(usize, usize) -> T) -> Vec<T> {
    let mut out = vec![T::ZERO; n * n];
    for i in 0..n {
        for j in 0..m {
            out[i * n + j] = real(i, j);
        }
    }
    out
}
