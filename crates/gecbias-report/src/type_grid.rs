//! ERRANT's per-type scores of every system, with bootstrap intervals of each type's F_β.

use gec_metrics::ErrantScore;
use gecbias_engine::CategoryScore;
use rand::RngExt;
use rand_pcg::Pcg64;

use crate::Error;
use crate::edits::{MarkedEdit, Outcome};

/// Types with fewer gold edits than this (TP + FN, over a system's chosen annotators) are marked
/// as too few to read much into.
pub const FEW_EDITS: u64 = 10;

/// One cell of the grid: ERRANT's counts and scores of one type for one system, and the
/// interval of its F_β.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeCell {
    /// ERRANT's per-type scores (errant_compare `-cat 3`).
    pub score: CategoryScore,
    /// The 95 % percentile interval of F_β; `None` without an edit of the type.
    pub interval: Option<(f64, f64)>,
}

impl TypeCell {
    /// Whether the type has fewer than [`FEW_EDITS`] gold edits.
    pub fn few(&self) -> bool {
        self.score.tp + self.score.fn_ < FEW_EDITS
    }
}

/// Systems × ERRANT types: F_β, P, R and the counts, types ordered by their gold edits over all
/// systems (most first).
#[derive(Debug, Clone, PartialEq)]
pub struct TypeGrid {
    /// The rows.
    pub systems: Vec<String>,
    /// The columns (`R:VERB:SVA`, …).
    pub types: Vec<String>,
    /// `cells[system][type]`: `None` where ERRANT has no edit of the type for the system.
    pub cells: Vec<Vec<Option<TypeCell>>>,
    /// Each system's TP, FP and FN over the marked edits (equal to ERRANT's micro counts).
    pub totals: Vec<[u64; 3]>,
}

/// ERRANT's F_β of counts (its conventions: P and R are 1 without edits to count).
fn f_beta(counts: [u64; 3], beta: f64) -> f64 {
    ErrantScore::from_counts(counts[0], counts[1], counts[2], beta).f_beta
}

/// The `q`-quantile of sorted values, interpolated linearly (numpy's default).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let at = q * (sorted.len() - 1) as f64;
    let (low, high) = (at.floor() as usize, at.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (at - low as f64)
}

/// Each type's 95 % percentile interval of F_β over `resamples` bootstrap resamples of the
/// sentences (resample `b` drawn from PCG-64 stream `b` of `seed`), from the marked edits' counts
/// (each sentence's annotator as chosen on the whole corpus).
pub(crate) fn intervals(
    sentences: &[Vec<MarkedEdit>],
    types: &[String],
    beta: f64,
    (seed, resamples): (u64, usize),
) -> Result<Vec<Option<(f64, f64)>>, Error> {
    if resamples == 0 || sentences.is_empty() {
        return Ok(vec![None; types.len()]);
    }
    let index: std::collections::HashMap<&str, usize> = types
        .iter()
        .enumerate()
        .map(|(i, t)| (t.as_str(), i))
        .collect();
    let sparse: Vec<Vec<(usize, usize)>> = sentences
        .iter()
        .map(|edits| {
            edits
                .iter()
                .filter_map(|e| {
                    let slot = match e.outcome {
                        Outcome::TruePositive => 0,
                        Outcome::FalsePositive => 1,
                        Outcome::Missed => 2,
                        Outcome::Unjudged => return None,
                    };
                    index.get(e.category.as_str()).map(|&t| (t, slot))
                })
                .collect()
        })
        .collect();
    let mut seen = vec![false; types.len()];
    for &(t, _) in sparse.iter().flatten() {
        seen[t] = true;
    }
    let n = sentences.len();
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); types.len()];
    for b in 0..resamples {
        let mut rng = Pcg64::new(u128::from(seed), b as u128);
        let mut totals = vec![[0u64; 3]; types.len()];
        for _ in 0..n {
            for &(t, slot) in &sparse[rng.random_range(0..n)] {
                totals[t][slot] += 1;
            }
        }
        for (t, counts) in totals.into_iter().enumerate() {
            if seen[t] {
                draws[t].push(f_beta(counts, beta));
            }
        }
    }
    Ok(draws
        .into_iter()
        .map(|mut values| {
            if values.is_empty() {
                return None;
            }
            values.sort_by(f64::total_cmp);
            Some((quantile(&values, 0.025), quantile(&values, 0.975)))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(category: &str, outcome: Outcome) -> MarkedEdit {
        MarkedEdit {
            start: 0,
            end: 1,
            correction: String::new(),
            category: category.to_owned(),
            outcome,
        }
    }

    #[test]
    fn intervals_hold_the_point_and_are_seeded() {
        let sentences: Vec<Vec<MarkedEdit>> = (0..40)
            .map(|i| match i % 4 {
                0 => vec![edit("R:NOUN", Outcome::TruePositive)],
                1 => vec![edit("R:NOUN", Outcome::FalsePositive)],
                2 => vec![edit("R:NOUN", Outcome::Missed)],
                _ => vec![],
            })
            .collect();
        let types = vec!["R:NOUN".to_owned(), "M:DET".to_owned()];
        let once = intervals(&sentences, &types, 0.5, (7, 200)).unwrap();
        assert_eq!(once, intervals(&sentences, &types, 0.5, (7, 200)).unwrap());
        let (low, high) = once[0].unwrap();
        // The point value: 10 TP, 10 FP, 10 FN give P = R = F = 0.5.
        assert!(low < 0.5 && 0.5 < high, "{low} {high}");
        assert_eq!(once[1], None);
    }
}
