//! The pipeline: analyse, align, merge, classify.

use english_tagger::Tagger;

use crate::align::align;
use crate::merge::merge;
use crate::{Analyser, Classifier, Edit, Error, Merge, SpacyAnalyser, Token, WordList};

/// How edits are extracted automatically (`-lev`, `-merge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct AlignOptions {
    /// Standard Levenshtein alignment (every substitution costs 1, no transpositions) instead
    /// of ERRANT's linguistic Damerau-Levenshtein.
    pub lev: bool,
    /// The merging strategy.
    pub merge: Merge,
}

impl AlignOptions {
    /// Options with standard Levenshtein on or off.
    pub fn with_lev(self, lev: bool) -> AlignOptions {
        AlignOptions { lev, ..self }
    }
    /// Options with another merging strategy.
    pub fn with_merge(self, merge: Merge) -> AlignOptions {
        AlignOptions { merge, ..self }
    }
}

/// ERRANT's annotator over an analyser: extracts, merges and types the edits between an
/// original sentence and a correction.
#[derive(Debug, Clone)]
pub struct Annotator<A> {
    analyser: A,
    classifier: Classifier,
}

impl Annotator<SpacyAnalyser> {
    /// ERRANT's annotator: spaCy's `en_core_web_sm` 3.8 run natively ([`SpacyAnalyser`]) and
    /// ERRANT's word list, both built into the program.
    pub fn english() -> Result<Annotator<SpacyAnalyser>, Error> {
        Ok(Annotator::new(
            SpacyAnalyser::builtin()?,
            Classifier::new(WordList::english()?),
        ))
    }
}

impl Annotator<Tagger> {
    /// The annotator on `english-tagger`'s EWT-trained tagger instead of spaCy's model: faster,
    /// but its analyses (and so some edits and types) are not ERRANT's.
    pub fn ewt() -> Result<Annotator<Tagger>, Error> {
        Ok(Annotator::new(
            Tagger::default_model()?,
            Classifier::new(WordList::english()?),
        ))
    }
}

impl<A: Analyser> Annotator<A> {
    /// An annotator from an analyser and a classifier.
    pub fn new(analyser: A, classifier: Classifier) -> Annotator<A> {
        Annotator {
            analyser,
            classifier,
        }
    }

    /// The analyser.
    pub fn analyser(&self) -> &A {
        &self.analyser
    }

    /// The same annotator over `f(analyser)` (a boxed analyser chosen at run time, a cache).
    pub fn map_analyser<B: Analyser>(self, f: impl FnOnce(A) -> B) -> Annotator<B> {
        Annotator {
            analyser: f(self.analyser),
            classifier: self.classifier,
        }
    }

    /// The analysis of a pretokenised sentence.
    pub fn parse(&self, words: &[&str]) -> Result<Vec<Token>, Error> {
        self.analyser.analyse(words)
    }

    /// The analysis of a line of raw text, tokenised by the analyser (ERRANT's `parse(text,
    /// tokenise=True)`).
    pub fn parse_text(&self, text: &str) -> Result<Vec<Token>, Error> {
        self.analyser.analyse_text(text)
    }

    /// The typed edits that turn `orig` into `cor`, left to right (ERRANT's `annotate`).
    pub fn annotate(&self, orig: &[Token], cor: &[Token], options: AlignOptions) -> Vec<Edit> {
        let steps = align(orig, cor, options.lev);
        merge(&steps, options.merge, orig, cor)
            .into_iter()
            .map(|s| {
                let error_type =
                    self.classifier
                        .classify(orig, (s.o_start, s.o_end), cor, (s.c_start, s.c_end));
                Edit {
                    o_start: s.o_start,
                    o_end: s.o_end,
                    c_start: s.c_start,
                    c_end: s.c_end,
                    correction: cor[s.c_start..s.c_end]
                        .iter()
                        .map(|t| t.text.clone())
                        .collect(),
                    error_type,
                }
            })
            .collect()
    }

    /// An edit given by its spans (a human annotation), optionally minimised (tokens the same
    /// on both sides trimmed from its ends: [a b → a c] becomes [b → c]) and typed, or keeping
    /// `old_type` (ERRANT's `import_edit`).
    pub fn import_edit(
        &self,
        orig: &[Token],
        cor: &[Token],
        span: [usize; 4],
        minimise: bool,
        old_type: Option<&str>,
    ) -> Edit {
        let [mut o_start, mut o_end, mut c_start, mut c_end] = span;
        if minimise {
            while o_start < o_end && c_start < c_end && orig[o_start].text == cor[c_start].text {
                o_start += 1;
                c_start += 1;
            }
            while o_start < o_end && c_start < c_end && orig[o_end - 1].text == cor[c_end - 1].text
            {
                o_end -= 1;
                c_end -= 1;
            }
        }
        let error_type = match old_type {
            Some(t) => t.to_owned(),
            None => self
                .classifier
                .classify(orig, (o_start, o_end), cor, (c_start, c_end)),
        };
        Edit {
            o_start,
            o_end,
            c_start,
            c_end,
            correction: cor[c_start..c_end].iter().map(|t| t.text.clone()).collect(),
            error_type,
        }
    }
}
