//! FKGL, the Flesch–Kincaid grade level, as EASSE's `corpus_fkgl` computes it: each output line
//! lowercased and tokenized (sacreBLEU's `13a` by default), split into sentences by Punkt
//! (NLTK's English parameters), its words split at whitespace and their syllables counted by
//! EASSE's rules ([`syllables`](crate::syllables)); then over the corpus
//!
//! FKGL = max(0, 0.39 · words / sentences + 11.8 · syllables / words − 15.59),
//!
//! and 0 for a corpus without words.

use bleu_chrf::python_str::python_split;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};

use crate::syllables::syllables;
use crate::{EasseTokenizer, Error};

/// A corpus's counts: sentences, words and syllables.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FkglCounts {
    /// Punkt's sentences.
    pub sentences: u64,
    /// Whitespace-separated words.
    pub words: u64,
    /// Their syllables (EASSE's count, which an odd token can make negative).
    pub syllables: i64,
}

impl std::ops::AddAssign<&FkglCounts> for FkglCounts {
    fn add_assign(&mut self, other: &FkglCounts) {
        self.sentences += other.sentences;
        self.words += other.words;
        self.syllables += other.syllables;
    }
}

impl<'a> std::iter::Sum<&'a FkglCounts> for FkglCounts {
    fn sum<I: Iterator<Item = &'a FkglCounts>>(counts: I) -> FkglCounts {
        let mut total = FkglCounts::default();
        for c in counts {
            total += c;
        }
        total
    }
}

impl FkglCounts {
    /// The grade level of these counts: 0 without sentences or words, and never below 0.
    pub fn grade(&self) -> f64 {
        if self.sentences == 0 || self.words == 0 {
            return 0.0;
        }
        let (sentences, words) = (self.sentences as f64, self.words as f64);
        let grade = 0.39 * (words / sentences) + 11.8 * (self.syllables as f64 / words) - 15.59;
        grade.max(0.0)
    }
}

/// FKGL with a tokenizer and NLTK's English Punkt parameters, loaded once.
#[derive(Debug)]
pub struct Fkgl {
    tokenizer: EasseTokenizer,
    punkt: PunktSentenceTokenizer,
}

impl Fkgl {
    /// FKGL tokenizing with `tokenizer` (EASSE's default: `13a`).
    pub fn new(tokenizer: impl Into<EasseTokenizer>) -> Result<Fkgl, Error> {
        Ok(Fkgl {
            tokenizer: tokenizer.into(),
            punkt: PunktSentenceTokenizer::new(PunktParameters::english()?),
        })
    }

    /// One output line's counts: lowercased, tokenized, split into sentences.
    pub fn line_counts(&self, line: &str) -> FkglCounts {
        let normalized = self.tokenizer.tokenize(&line.to_lowercase());
        let mut counts = FkglCounts::default();
        for sentence in self.punkt.tokenize(&normalized) {
            counts.sentences += 1;
            for word in python_split(sentence) {
                counts.words += 1;
                counts.syllables += syllables(word);
            }
        }
        counts
    }

    /// The corpus FKGL of `lines` (EASSE's `corpus_fkgl`).
    pub fn corpus(&self, lines: &[String]) -> f64 {
        let counts: Vec<FkglCounts> = lines.iter().map(|l| self.line_counts(l)).collect();
        counts.iter().sum::<FkglCounts>().grade()
    }
}
