//! Accuracy against gold UD sentences, token by token (gold tokenisation).

use crate::Tagger;
use crate::conllu::Word;
use crate::deprel::{UdToken, spacy_labels};

/// Per-token accuracies of a tagger on gold sentences: the share of tokens whose Penn tag, UPOS,
/// lemma and (mapped) dependency label equal the gold ones.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
#[non_exhaustive]
pub struct Accuracy {
    /// Tokens scored.
    pub tokens: usize,
    /// Correct Penn Treebank tags.
    pub xpos: usize,
    /// Correct Universal POS tags.
    pub upos: usize,
    /// UD lemmas ([`crate::Analysis::ud_lemma`]) equal to the gold lemma (exact, case-sensitive).
    pub lemma: usize,
    /// spaCy-style lemmas ([`crate::Analysis::lemma`]) equal to the gold lemma.
    pub spacy_lemma: usize,
    /// Labels equal to the gold tree's label under the documented UD → spaCy mapping, on the
    /// eight classes ERRANT distinguishes (`acomp amod advmod det prep prt punct`, other).
    pub errant_label: usize,
}

impl Accuracy {
    /// `correct / tokens` as a share.
    pub fn rate(&self, correct: usize) -> f64 {
        if self.tokens == 0 {
            0.0
        } else {
            correct as f64 / self.tokens as f64
        }
    }
}

/// The eight label classes ERRANT distinguishes: its `dep_map` keys, and everything else.
pub fn errant_class(label: &str) -> &str {
    match label {
        "acomp" | "amod" | "advmod" | "det" | "prep" | "prt" | "punct" => label,
        _ => "other",
    }
}

/// Tags every gold sentence and counts agreements.
pub fn evaluate(tagger: &Tagger, gold: &[Vec<Word>]) -> Accuracy {
    let mut a = Accuracy::default();
    for sentence in gold {
        let words: Vec<&str> = sentence.iter().map(|w| w.form.as_str()).collect();
        let tokens: Vec<UdToken<'_>> = sentence.iter().map(UdToken::from).collect();
        let labels = spacy_labels(&tokens);
        for ((w, analysis), label) in sentence.iter().zip(tagger.tag(&words)).zip(labels) {
            a.tokens += 1;
            a.xpos += usize::from(analysis.xpos == w.xpos);
            a.upos += usize::from(analysis.upos == w.upos);
            a.lemma += usize::from(analysis.ud_lemma == w.lemma);
            a.spacy_lemma += usize::from(analysis.lemma == w.lemma);
            a.errant_label += usize::from(errant_class(&analysis.dep) == errant_class(label));
        }
    }
    a
}
