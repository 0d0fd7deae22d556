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
    /// Aligned pairs too long to word-align (more than [`crate::MAX_SENTENCE_WORDS`] words on a
    /// side), left out of [`ConservatismProfile::sentences`]: where the sentence alignment lost
    /// its way, the rest of both passages comes out as one pair.
    pub unmeasured: Vec<UnmeasuredPair>,
    /// Line by line (no sentence alignment): how many sentences Punkt finds in each source line
    /// and in its output line, for [`ConservatismProfile::splits`] and
    /// [`ConservatismProfile::concatenations`]; empty for passages.
    #[serde(skip)]
    pub line_sentences: Vec<(usize, usize)>,
}

/// An aligned pair of a passage that was not measured (see
/// [`ConservatismProfile::unmeasured`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct UnmeasuredPair {
    /// The pair's 0-based position among the aligned pairs.
    pub pair: usize,
    /// Words of the source side.
    pub source_words: usize,
    /// Words of the output side.
    pub output_words: usize,
}

impl ConservatismProfile {
    /// A profile of the given per-sentence measures.
    pub fn new(sentences: Vec<SentenceMeasures>) -> ConservatismProfile {
        ConservatismProfile {
            sentences,
            aligned_by: Vec::new(),
            unmeasured: Vec::new(),
            line_sentences: Vec::new(),
        }
    }

    /// A profile with the sentence-alignment decisions that produced its pairs.
    pub fn with_alignment(
        sentences: Vec<SentenceMeasures>,
        aligned_by: Vec<AlignedBy>,
        unmeasured: Vec<UnmeasuredPair>,
    ) -> ConservatismProfile {
        ConservatismProfile {
            sentences,
            aligned_by,
            unmeasured,
            line_sentences: Vec::new(),
        }
    }

    /// The share of the sentence alignment's decisions taken by its fallback rules (word
    /// alignment of the ends, undoing, commas, or none applying) rather than by matching
    /// sentence ends (ORDERED, FIRST_LONGER, SECOND_LONGER, the passages' ends); 0 without
    /// decisions. Above ½ the alignment has most likely lost its way, as the reference's does on
    /// outputs that split many sentences.
    pub fn fallback_share(&self) -> f64 {
        let fallback = self
            .aligned_by
            .iter()
            .filter(|a| {
                !matches!(
                    a,
                    AlignedBy::Ordered
                        | AlignedBy::FirstLonger
                        | AlignedBy::SecondLonger
                        | AlignedBy::ParagraphEnd
                )
            })
            .count();
        fallback as f64 / self.aligned_by.len().max(1) as f64
    }

    /// Source sentences the output split into several: the alignment's "second longer"
    /// decisions ("sentence concatenated" and "second longer with align"), where one source
    /// sentence is matched with two of the output's. The reference labels these the other way
    /// round (its figure's "concat" bar, [`ConservatismProfile::paper_concat_bar`]).
    /// Line by line, the output lines with more sentences (by Punkt) than their source line.
    pub fn splits(&self) -> usize {
        self.aligned_by
            .iter()
            .filter(|a| matches!(a, AlignedBy::SecondLonger | AlignedBy::SecondLongerAligned))
            .count()
            + self.line_sentences.iter().filter(|(s, o)| o > s).count()
    }

    /// Pairs of source sentences the output joined into one: the alignment's "first longer"
    /// decisions ("sentence splitted" and "first longer with align"), where two source
    /// sentences are matched with one of the output's (the reference's figure's "split" bar,
    /// [`ConservatismProfile::paper_split_bar`]).
    /// Line by line, the output lines with fewer sentences than their source line.
    pub fn concatenations(&self) -> usize {
        self.aligned_by
            .iter()
            .filter(|a| matches!(a, AlignedBy::FirstLonger | AlignedBy::FirstLongerAligned))
            .count()
            + self.line_sentences.iter().filter(|(s, o)| o < s).count()
    }

    /// The LCB figure's "split" bar as the authors' code labels it (`FIRST_LONGER = "sentence
    /// splitted"`): the decisions where the *output* joined two source sentences, that is
    /// [`ConservatismProfile::concatenations`].
    pub fn paper_split_bar(&self) -> usize {
        self.concatenations()
    }

    /// The LCB figure's "concat" bar as the authors' code labels it: the decisions where the
    /// output split a source sentence, that is [`ConservatismProfile::splits`].
    pub fn paper_concat_bar(&self) -> usize {
        self.splits()
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
