//! The tagger: the model's parts, and the passes that use them (the beam for tags, a greedy
//! pass for labels, the lemmatiser).

use std::collections::HashMap;

use crate::features::{FeatureGroups, Lexical, Lexicons, NO_TAG, hash_bytes, label_features};
use crate::lemma::Lemmatizer;
use crate::perceptron::Weights;

/// The analysis of one token.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// The Penn Treebank tag (OntoNotes/EWT set: `NN`, `VBZ`, `HYPH`, `NFP`, `ADD`, …), spaCy's
    /// `tag_`.
    pub xpos: String,
    /// The Universal POS tag (`NOUN`, `AUX`, `PROPN`, …) as UD English-EWT assigns it.
    pub upos: String,
    /// The lemma by spaCy's English rule lemmatiser (`lemma_` of `en_core_web_sm` for the same
    /// word, coarse POS and Penn tag).
    pub lemma: String,
    /// The lemma in UD English-EWT's conventions: spaCy's, except for the words whose EWT
    /// lemma differs from spaCy's in training (`an` → `a`, `these` → `this`); what `gecbias tag`
    /// writes in CoNLL-U.
    pub ud_lemma: String,
    /// The dependency label in spaCy's English (ClearNLP) scheme, for the labels ERRANT reads:
    /// `acomp amod advmod aux auxpass case det dobj mark neg nsubj nsubjpass pobj poss predet prep
    /// prt punct`, and `dep` for every other relation.
    pub dep: String,
}

/// What the model file records about how it was made and how it scores.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModelInfo {
    /// `key=value` lines: the training data's digest, epochs, seed, and scores on EWT dev.
    pub lines: Vec<(String, String)>,
}

impl ModelInfo {
    /// The value recorded for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.lines
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// A trained English tagger, lemmatiser and dependency labeller.
#[derive(Debug, Clone)]
pub struct Tagger {
    /// The tagger's classes: (Penn tag, UPOS) pairs.
    pub(crate) classes: Vec<(String, String)>,
    pub(crate) groups: FeatureGroups,
    /// The beam's width (1: greedy).
    pub(crate) beam: u8,
    pub(crate) tags: Weights,
    pub(crate) labels: Weights,
    /// Words seen in training: their most frequent class, and whether they are frequent and
    /// unambiguous enough to be tagged with it without scoring.
    pub(crate) lexicon: HashMap<String, (u16, bool)>,
    /// Brown cluster paths of the words the model knows.
    pub(crate) clusters: HashMap<String, u32>,
    /// Brill's lexicon: word → its Penn tags, most frequent first, space-separated.
    pub(crate) brill: HashMap<String, String>,
    pub(crate) lemmatizer: Lemmatizer,
    pub(crate) info: ModelInfo,
}

impl Tagger {
    /// The rule lemmatiser the tagger lemmatises with: spaCy's lemmas for tags from elsewhere
    /// (ERRANT's edits).
    pub fn lemmatizer(&self) -> &Lemmatizer {
        &self.lemmatizer
    }

    /// How the model was made and how it scores.
    pub fn info(&self) -> &ModelInfo {
        &self.info
    }

    /// The same model with `info` recorded instead.
    pub fn with_info(mut self, info: ModelInfo) -> Tagger {
        self.info = info;
        self
    }

    /// The feature groups the model uses.
    pub fn feature_groups(&self) -> FeatureGroups {
        self.groups
    }

    /// Tags, lemmatises and labels one pretokenised sentence (any tokens: empty strings, control
    /// characters and non-Latin scripts get a tag like any other). Time is linear in the number
    /// of tokens.
    pub fn tag<S: AsRef<str>>(&self, words: &[S]) -> Vec<Analysis> {
        let lexical = self.lexical(words);
        let classes = self.tag_classes(words, &lexical);
        let xpos: Vec<&str> = classes
            .iter()
            .map(|&c| self.classes[c].0.as_str())
            .collect();
        let upos: Vec<&str> = classes
            .iter()
            .map(|&c| self.classes[c].1.as_str())
            .collect();
        let lemmas = self.lemmatizer.sentence(words, &upos, &xpos);
        let ud_lemmas = self.lemmatizer.ud_sentence(words, &xpos, &lemmas);
        let labels = self.label(&lexical, &xpos);
        lemmas
            .into_iter()
            .zip(ud_lemmas)
            .zip(labels)
            .enumerate()
            .map(|(i, ((lemma, ud_lemma), dep))| Analysis {
                xpos: xpos[i].to_owned(),
                upos: upos[i].to_owned(),
                lemma,
                ud_lemma,
                dep: crate::deprel::LABELS[dep].to_owned(),
            })
            .collect()
    }

    /// Tokenises raw text ([`crate::tokenize`]) and tags it: the tokens and their analyses.
    pub fn tag_text(&self, text: &str) -> (Vec<String>, Vec<Analysis>) {
        let tokens = crate::tokenize(text);
        let analyses = self.tag(&tokens);
        (tokens, analyses)
    }

    /// The word-level values of each token, hashed once for both passes.
    pub(crate) fn lexical<S: AsRef<str>>(&self, words: &[S]) -> Vec<Lexical> {
        let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
        let mut lexical: Vec<Lexical> = words
            .iter()
            .map(|&w| {
                let lower = w.to_lowercase();
                let other = if lower == w {
                    let mut c = w.chars();
                    c.next()
                        .map(|f| f.to_uppercase().chain(c).collect::<String>())
                } else {
                    Some(lower.clone())
                };
                let lexicons = Lexicons {
                    brill: self
                        .brill
                        .get(w)
                        .or_else(|| self.brill.get(&lower))
                        .map(String::as_str),
                    wordnet: self.lemmatizer.parts_of_speech(&lower),
                };
                Lexical::new(
                    w,
                    self.clusters.get(w).copied(),
                    self.lexicon.get(w).map(|k| k.0),
                    other.and_then(|o| self.lexicon.get(&o)).map(|k| k.0),
                    lexicons,
                )
            })
            .collect();
        Lexical::mark_sentence_case(&words, &mut lexical);
        lexical
    }

    /// The class of each token: the best sequence the beam finds.
    pub(crate) fn tag_classes<S: AsRef<str>>(
        &self,
        words: &[S],
        lexical: &[Lexical],
    ) -> Vec<usize> {
        self.beam_search(words, lexical, usize::from(self.beam), &self.tags, None)
    }

    /// The label class of each token, greedily left to right, given the Penn tags.
    pub(crate) fn label(&self, lexical: &[Lexical], xpos: &[&str]) -> Vec<usize> {
        let tags: Vec<u64> = xpos.iter().map(|t| hash_bytes(t.as_bytes())).collect();
        let mut scores = vec![0.0; self.labels.classes];
        let mut features = Vec::new();
        let mut out = Vec::with_capacity(lexical.len());
        for i in 0..lexical.len() {
            let previous = out.last().map_or(NO_TAG, |&l: &usize| l as u64);
            label_features(lexical, &tags, i, previous, &mut features);
            out.push(self.labels.predict(&features, &mut scores));
        }
        out
    }
}
