//! The conservatism measures of one source sentence and its correction (spec
//! `lcb-pipeline.md` §6), all computed from one word alignment of the two
//! ([`WordAlignment`]: the reference's floating-point costs).
//!
//! Aligned pairs carry the alignment tokens (lower-cased, punctuation split off into empty tokens)
//! and [`EMPTY_WORD`] for the empty side. A token *is a word* when it is not the empty side and
//! holds a word character.
//!
//! * **WordChange**: the aligned pairs where at least one side is a word and the two, preprocessed,
//!   are not approximately the same word ([`WordEquivalence`]). Punctuation never counts: it only
//!   leaves empty tokens.
//! * **Order**: the pairs where both sides are words, taken in the order of the correction;
//!   `spearman_rho` is Spearman's ρ between their source and correction positions, `index_diff`
//!   the number of pairs whose source position is smaller than the previous pair's.

use mono_align::passage::WordAlignment;
use mono_align::tokens::is_word_char;
use mono_align::{Alignment, CostModel, EMPTY_WORD, WordEquivalence, preprocess_word};
use serde::Serialize;

use reference_stats::spearman_scipy;

/// True for an alignment token that is a word: not the empty side, and holding a word character.
pub fn is_word(token: &str) -> bool {
    token != EMPTY_WORD && token.chars().any(is_word_char)
}

/// A source sentence and its correction, tokenised and word-aligned.
#[derive(Debug, Clone)]
pub struct SentencePair {
    aligned: WordAlignment,
}

/// The three measures of one sentence pair.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SentenceMeasures {
    /// Words changed (module docs).
    pub word_change: usize,
    /// Aligned words moved before an earlier word.
    pub index_diff: usize,
    /// Spearman's ρ between source and correction order (NaN when undefined).
    pub spearman_rho: f64,
}

impl SentencePair {
    /// Tokenises and aligns `source` with `correction` (reference costs).
    pub fn new(source: &str, correction: &str) -> SentencePair {
        SentencePair::from_alignment(WordAlignment::new(source, correction, CostModel::Reference))
    }

    /// A pair from an existing alignment, its `first` tokens taken as the source — as the
    /// reference does with a cached alignment even when it was computed the other way round.
    pub fn from_alignment(aligned: WordAlignment) -> SentencePair {
        SentencePair { aligned }
    }

    /// The word alignment.
    pub fn alignment(&self) -> &Alignment {
        &self.aligned.alignment
    }

    /// WordChange: aligned pairs with a word on some side that are not approximately the same.
    pub fn word_change(&self, same: &WordEquivalence) -> usize {
        self.aligned
            .words()
            .into_iter()
            .filter(|(a, b)| is_word(a) || is_word(b))
            .filter(|(a, b)| !same.approximately_same(&preprocess_word(a), &preprocess_word(b)))
            .count()
    }

    /// The (source, correction) positions of word-to-word pairs, in correction order.
    fn word_pairs_in_correction_order(&self) -> Vec<(usize, usize)> {
        let (source, correction) = (&self.aligned.first, &self.aligned.second);
        let mut pairs: Vec<(usize, usize)> = self
            .alignment()
            .matched()
            .filter(|&(i, j)| is_word(&source[i]) && is_word(&correction[j]))
            .collect();
        pairs.sort_by_key(|&(_, j)| j);
        pairs
    }

    /// index_diff: word pairs (in correction order) whose source position decreases.
    pub fn index_diff(&self) -> usize {
        self.word_pairs_in_correction_order()
            .windows(2)
            .filter(|w| w[1].0 < w[0].0)
            .count()
    }

    /// Spearman's ρ between source and correction positions of the word pairs.
    pub fn spearman_rho(&self) -> f64 {
        let (x, y): (Vec<f64>, Vec<f64>) = self
            .word_pairs_in_correction_order()
            .into_iter()
            .map(|(i, j)| (i as f64, j as f64))
            .unzip();
        spearman_scipy(&x, &y)
    }

    /// All three measures.
    pub fn measures(&self, same: &WordEquivalence) -> SentenceMeasures {
        SentenceMeasures {
            word_change: self.word_change(same),
            index_diff: self.index_diff(),
            spearman_rho: self.spearman_rho(),
        }
    }
}
