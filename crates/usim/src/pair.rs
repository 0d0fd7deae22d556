//! One source–correction pair scored several ways: the word alignment (most of the cost) is
//! computed once per direction and shared by USim, the top-down cut and token analysis.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::node_similarity::NodeSimilarity;
use crate::params::Params;
use crate::prepared::PreparedPassage;
use crate::score::{UsimScore, score};
use crate::variants::{Mapping, token_distance_with, top_down_cut_with};
use crate::word_alignment::WordAlignment;

/// Two passages (source first) with their word alignments in both directions, each computed on
/// first use and kept for the sentence marks and tie-breaking it was computed with. The values
/// equal the free functions' ([`crate::usim`], [`crate::top_down_cut`],
/// [`crate::token_distance`]); only the repeated alignment work is saved.
pub struct PassagePair<'p> {
    first: &'p PreparedPassage,
    second: &'p PreparedPassage,
    forward: OnceLock<WordAlignment>,
    backward: OnceLock<WordAlignment>,
}

impl<'p> PassagePair<'p> {
    /// The pair (`first` is the source).
    pub fn new(first: &'p PreparedPassage, second: &'p PreparedPassage) -> PassagePair<'p> {
        PassagePair {
            first,
            second,
            forward: OnceLock::new(),
            backward: OnceLock::new(),
        }
    }

    /// The node similarity of `a` to `b` under `params`, from the kept alignment when it was
    /// computed with the same marks and ties.
    fn similarity<'s>(
        kept: &'s OnceLock<WordAlignment>,
        a: &'s PreparedPassage,
        b: &'s PreparedPassage,
        params: &Params,
    ) -> NodeSimilarity<'s> {
        let alignment = kept.get_or_init(|| WordAlignment::new(a, b, params.marks, params.ties));
        let alignment = if alignment.fits(params) {
            Cow::Borrowed(alignment)
        } else {
            Cow::Owned(WordAlignment::new(a, b, params.marks, params.ties))
        };
        NodeSimilarity::with_alignment(a, b, alignment, params)
    }

    fn forward(&self, params: &Params) -> NodeSimilarity<'_> {
        Self::similarity(&self.forward, self.first, self.second, params)
    }

    fn backward(&self, params: &Params) -> NodeSimilarity<'_> {
        Self::similarity(&self.backward, self.second, self.first, params)
    }

    /// USim(first, second) ([`crate::usim`]).
    pub fn usim(&self, params: &Params) -> UsimScore {
        score(&self.forward(params), params)
    }

    /// The top-down largest cut ([`crate::top_down_cut`]).
    pub fn top_down_cut(&self, params: &Params) -> f64 {
        top_down_cut_with(&self.forward(params), params)
    }

    /// Token analysis on meaningful labels ([`crate::token_distance`]).
    pub fn token_distance(&self, params: &Params, mapping: Mapping) -> f64 {
        token_distance_with(
            &self.forward(params),
            &self.backward(params),
            params,
            mapping,
        )
    }
}
