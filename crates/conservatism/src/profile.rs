//! A system's conservatism profile: the per-sentence measures and the summaries the paper's figure
//! shows (spec `lcb-pipeline.md` §6) — the WordChange heat-map row, the Spearman ECDF subset, and
//! the counts of the G6 table.

use mono_align::passage::AlignedBy;
use serde::Serialize;

use crate::sentence::SentenceMeasures;

/// The heat map's WordChange bins as inclusive ranges: 0, 1, 2, 3, 4, 5, 6–10, 11–20, 21–30.
/// Values above 30 are dropped from the heat map (the reference's `create_hist(top=30)`).
pub const WORD_CHANGE_BINS: [(usize, usize); 9] = [
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 10),
    (11, 20),
    (21, 30),
];

/// The conservatism of one system over its aligned sentence pairs.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ConservatismProfile {
    /// The measures of each aligned sentence pair, in passage order.
    pub sentences: Vec<SentenceMeasures>,
    /// How the sentence alignment decided each step (empty when sentences were given aligned).
    #[serde(skip)]
    pub aligned_by: Vec<AlignedBy>,
}

impl ConservatismProfile {
    /// A profile of the given per-sentence measures.
    pub fn new(sentences: Vec<SentenceMeasures>) -> ConservatismProfile {
        ConservatismProfile {
            sentences,
            aligned_by: Vec::new(),
        }
    }

    /// A profile with the sentence-alignment decisions that produced its pairs.
    pub fn with_alignment(
        sentences: Vec<SentenceMeasures>,
        aligned_by: Vec<AlignedBy>,
    ) -> ConservatismProfile {
        ConservatismProfile {
            sentences,
            aligned_by,
        }
    }

    /// Source sentences the output split (the figure's "split" bar): "sentence splitted" and
    /// "first longer with align" decisions.
    pub fn splits(&self) -> usize {
        self.aligned_by
            .iter()
            .filter(|a| matches!(a, AlignedBy::FirstLonger | AlignedBy::FirstLongerAligned))
            .count()
    }

    /// Source sentences the output joined (the figure's "concat" bar): "sentence concatenated"
    /// and "second longer with align" decisions.
    pub fn concatenations(&self) -> usize {
        self.aligned_by
            .iter()
            .filter(|a| matches!(a, AlignedBy::SecondLonger | AlignedBy::SecondLongerAligned))
            .count()
    }

    /// The heat-map row: how many sentences fall into each of [`WORD_CHANGE_BINS`].
    pub fn word_change_histogram(&self) -> [usize; 9] {
        let mut out = [0; 9];
        for s in &self.sentences {
            if let Some(bin) = WORD_CHANGE_BINS
                .iter()
                .position(|&(lo, hi)| (lo..=hi).contains(&s.word_change))
            {
                out[bin] += 1;
            }
        }
        out
    }

    /// Sentences with WordChange above 30 (left out of the heat map).
    pub fn above_thirty(&self) -> usize {
        self.sentences.iter().filter(|s| s.word_change > 30).count()
    }

    /// Σ WordChange over all sentences.
    pub fn total_word_change(&self) -> usize {
        self.sentences.iter().map(|s| s.word_change).sum()
    }

    /// Sentences with at least one word changed.
    pub fn changed_sentences(&self) -> usize {
        self.sentences.iter().filter(|s| s.word_change > 0).count()
    }

    /// The share of sentences left unchanged: 1 − changed / sentences (0 without sentences).
    pub fn unchanged_share(&self) -> f64 {
        let n = self.sentences.len();
        (n - self.changed_sentences()) as f64 / n.max(1) as f64
    }

    /// Mean WordChange per sentence (0 without sentences).
    pub fn mean_word_change(&self) -> f64 {
        self.total_word_change() as f64 / self.sentences.len().max(1) as f64
    }

    /// Σ index diff over all sentences.
    pub fn total_index_diff(&self) -> usize {
        self.sentences.iter().map(|s| s.index_diff).sum()
    }

    /// The defined (non-NaN) Spearman ρ values.
    fn rhos(&self) -> impl Iterator<Item = f64> + '_ {
        self.sentences
            .iter()
            .map(|s| s.spearman_rho)
            .filter(|r| !r.is_nan())
    }

    /// Mean ρ over the sentences where it is defined (NaN when none is).
    pub fn mean_rho(&self) -> f64 {
        let (sum, n) = self.rhos().fold((0.0, 0usize), |(s, n), r| (s + r, n + 1));
        if n == 0 { f64::NAN } else { sum / n as f64 }
    }

    /// Sentences whose word order is exactly preserved (ρ = 1.0).
    pub fn perfect_order(&self) -> usize {
        self.rhos().filter(|&r| r == 1.0).count()
    }

    /// The ECDF subset of the figure: the ρ values with 0.7 ≤ ρ < 1, sorted. ρ = 1 and NaN are left
    /// out, and so the curve is the ECDF within this subset; values just below 1 by rounding stay
    /// in, as in the reference.
    pub fn ecdf_subset(&self) -> Vec<f64> {
        let mut out: Vec<f64> = self.rhos().filter(|&r| (0.7..1.0).contains(&r)).collect();
        out.sort_by(f64::total_cmp);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(word_change: usize, spearman_rho: f64) -> SentenceMeasures {
        SentenceMeasures {
            word_change,
            index_diff: 0,
            spearman_rho,
        }
    }

    #[test]
    fn summaries() {
        let p = ConservatismProfile::new(vec![
            m(0, 1.0),
            m(1, 0.9),
            m(6, 0.75),
            m(10, f64::NAN),
            m(11, 0.5),
            m(30, 0.9999999999999998),
            m(31, 1.0),
        ]);
        assert_eq!(p.word_change_histogram(), [1, 1, 0, 0, 0, 0, 2, 1, 1]);
        assert_eq!(p.above_thirty(), 1);
        assert_eq!(p.total_word_change(), 89);
        assert_eq!(p.changed_sentences(), 6);
        assert_eq!(p.perfect_order(), 2);
        assert_eq!(p.ecdf_subset(), [0.75, 0.9, 0.9999999999999998]);
        let mean = (1.0 + 0.9 + 0.75 + 0.5 + 0.9999999999999998 + 1.0) / 6.0;
        assert!((p.mean_rho() - mean).abs() < 1e-15);
        assert!(ConservatismProfile::default().mean_rho().is_nan());
    }
}
