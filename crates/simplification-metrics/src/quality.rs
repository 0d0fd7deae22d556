//! EASSE's quality-estimation features (`-q`, tseval's feature functions): how an output differs
//! from its source, without references.

use std::collections::HashMap;

use bleu_chrf::python_str::python_split;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};

use crate::levenshtein::levenshtein_ratio;
use crate::nist::nist_token_count;
use crate::{Error, Preprocessing, WordRanks};

/// One pair's features (or their means over a corpus), each on the normalised source S and output O.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct QualityFeatures {
    /// Compression ratio: |O| / |S| in characters (0 when S is empty).
    pub compression_ratio: f64,
    /// Sentence splits: Punkt's sentences of O / those of S (0 when S has none).
    pub sentence_splits: f64,
    /// Levenshtein similarity: `Levenshtein.ratio(S, O)`.
    pub levenshtein_similarity: f64,
    /// Exact copies: 1 when O = S, else 0.
    pub exact_copies: f64,
    /// Additions proportion: the words of O not matched in S (multisets of whitespace-split
    /// words) / the larger NIST word count of S and O (0 when both have none, where tseval
    /// divides by zero).
    pub additions_proportion: f64,
    /// Deletions proportion: the words of S not matched in O, over the same count.
    pub deletions_proportion: f64,
    /// Lexical complexity score: [`WordRanks::score`] of O (on gecbias's shippable word list,
    /// so not EASSE's values).
    pub lexical_complexity: f64,
}

/// One of the quality-estimation features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum QualityFeature {
    /// [`QualityFeatures::compression_ratio`].
    CompressionRatio,
    /// [`QualityFeatures::sentence_splits`].
    SentenceSplits,
    /// [`QualityFeatures::levenshtein_similarity`].
    LevenshteinSimilarity,
    /// [`QualityFeatures::exact_copies`].
    ExactCopies,
    /// [`QualityFeatures::additions_proportion`].
    AdditionsProportion,
    /// [`QualityFeatures::deletions_proportion`].
    DeletionsProportion,
    /// [`QualityFeatures::lexical_complexity`].
    LexicalComplexity,
}

impl QualityFeature {
    /// Every feature, in EASSE's order.
    pub const ALL: [QualityFeature; 7] = [
        QualityFeature::CompressionRatio,
        QualityFeature::SentenceSplits,
        QualityFeature::LevenshteinSimilarity,
        QualityFeature::ExactCopies,
        QualityFeature::AdditionsProportion,
        QualityFeature::DeletionsProportion,
        QualityFeature::LexicalComplexity,
    ];

    /// Its name as a metric (`compression_ratio`, …): EASSE's key in snake case.
    pub const fn name(self) -> &'static str {
        match self {
            QualityFeature::CompressionRatio => "compression_ratio",
            QualityFeature::SentenceSplits => "sentence_splits",
            QualityFeature::LevenshteinSimilarity => "levenshtein_similarity",
            QualityFeature::ExactCopies => "exact_copies",
            QualityFeature::AdditionsProportion => "additions_proportion",
            QualityFeature::DeletionsProportion => "deletions_proportion",
            QualityFeature::LexicalComplexity => "lexical_complexity",
        }
    }

    /// EASSE's key (`'Compression ratio'`, …).
    pub fn key(self) -> &'static str {
        match self {
            QualityFeature::CompressionRatio => "Compression ratio",
            QualityFeature::SentenceSplits => "Sentence splits",
            QualityFeature::LevenshteinSimilarity => "Levenshtein similarity",
            QualityFeature::ExactCopies => "Exact copies",
            QualityFeature::AdditionsProportion => "Additions proportion",
            QualityFeature::DeletionsProportion => "Deletions proportion",
            QualityFeature::LexicalComplexity => "Lexical complexity score",
        }
    }

    /// The feature's value in `features`.
    pub fn of(self, features: &QualityFeatures) -> f64 {
        match self {
            QualityFeature::CompressionRatio => features.compression_ratio,
            QualityFeature::SentenceSplits => features.sentence_splits,
            QualityFeature::LevenshteinSimilarity => features.levenshtein_similarity,
            QualityFeature::ExactCopies => features.exact_copies,
            QualityFeature::AdditionsProportion => features.additions_proportion,
            QualityFeature::DeletionsProportion => features.deletions_proportion,
            QualityFeature::LexicalComplexity => features.lexical_complexity,
        }
    }
}

impl QualityFeatures {
    /// The features from their values in EASSE's order.
    fn from_values([c, s, l, e, a, d, x]: [f64; 7]) -> QualityFeatures {
        QualityFeatures {
            compression_ratio: c,
            sentence_splits: s,
            levenshtein_similarity: l,
            exact_copies: e,
            additions_proportion: a,
            deletions_proportion: d,
            lexical_complexity: x,
        }
    }

    /// The features' names and values in EASSE's order, under EASSE's names.
    pub fn named(&self) -> [(&'static str, f64); 7] {
        QualityFeature::ALL.map(|feature| (feature.key(), feature.of(self)))
    }
}

/// tseval's `safe_division`: a / b, or 0 when b is 0.
pub(crate) fn safe_division(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

/// The words of `a` (with multiplicity) that `b` does not match.
fn unmatched(a: &str, b: &str) -> usize {
    let mut counts: HashMap<&str, isize> = HashMap::new();
    for word in python_split(a) {
        *counts.entry(word).or_insert(0) += 1;
    }
    for word in python_split(b) {
        *counts.entry(word).or_insert(0) -= 1;
    }
    counts.values().map(|&c| c.max(0) as usize).sum()
}

/// The quality-estimation features with NLTK's English Punkt parameters and the word ranks,
/// loaded once.
#[derive(Debug)]
pub struct QualityEstimation {
    preprocessing: Preprocessing,
    punkt: PunktSentenceTokenizer,
    ranks: WordRanks,
}

impl QualityEstimation {
    /// Features of texts normalised by `preprocessing`.
    pub fn new(preprocessing: Preprocessing) -> Result<QualityEstimation, Error> {
        Ok(QualityEstimation {
            preprocessing,
            punkt: PunktSentenceTokenizer::new(PunktParameters::english()?),
            ranks: WordRanks::english()?,
        })
    }

    /// One (source, output) pair's features.
    pub fn pair(&self, source: &str, output: &str) -> QualityFeatures {
        let (s, o) = (
            self.preprocessing.apply(source),
            self.preprocessing.apply(output),
        );
        let sentences = |text: &str| self.punkt.tokenize(text).len() as f64;
        let chars = |text: &str| text.chars().count() as f64;
        let words = nist_token_count(&s).max(nist_token_count(&o)) as f64;
        QualityFeatures {
            compression_ratio: safe_division(chars(&o), chars(&s)),
            sentence_splits: safe_division(sentences(&o), sentences(&s)),
            levenshtein_similarity: levenshtein_ratio(&s, &o),
            exact_copies: f64::from(u8::from(s == o)),
            additions_proportion: safe_division(unmatched(&o, &s) as f64, words),
            deletions_proportion: safe_division(unmatched(&s, &o) as f64, words),
            lexical_complexity: self.ranks.score(&o),
        }
    }

    /// EASSE's `corpus_quality_estimation`: each feature's mean over the pairs, summed in order.
    pub fn corpus(&self, sources: &[String], outputs: &[String]) -> Result<QualityFeatures, Error> {
        if sources.len() != outputs.len() {
            return Err(Error::LineCount {
                what: "the outputs".to_owned(),
                found: outputs.len(),
                expected: sources.len(),
            });
        }
        if sources.is_empty() {
            return Err(Error::Empty);
        }
        let mut sum = [0.0; 7];
        for (s, o) in sources.iter().zip(outputs) {
            for (total, (_, value)) in sum.iter_mut().zip(self.pair(s, o).named()) {
                *total += value;
            }
        }
        Ok(QualityFeatures::from_values(
            sum.map(|total| total / sources.len() as f64),
        ))
    }
}
