//! The analysis the aligner, merger and classifier read, and where it comes from: spaCy's model
//! run natively (`spacy.rs`), the EWT-trained tagger, or analyses recorded from spaCy.

use std::collections::HashMap;

use english_tagger::Tagger;

use crate::Error;

/// One analysed token: what ERRANT reads of a spaCy token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token as written (`text`).
    pub text: String,
    /// Lower-cased as Python's `str.lower` does (`lower_`).
    pub lower: String,
    /// The lemma (`lemma_`).
    pub lemma: String,
    /// The coarse Universal POS tag (`pos_`: `NOUN`, `AUX`, `PROPN`, …).
    pub pos: String,
    /// The Penn Treebank tag (`tag_`).
    pub tag: String,
    /// The dependency label in spaCy's English scheme (`dep_`).
    pub dep: String,
    /// The index of the token's head in its sentence; a root (or a token whose head the
    /// analysis does not know) is its own head. Only auxiliaries' heads are read (whether a
    /// verb has an auxiliary among its children).
    pub head: usize,
    /// Whether a space follows the token in its text (`whitespace_`): always for pretokenised
    /// words (`Doc(vocab, words)`), as the raw text has it when the analyser tokenised it. An
    /// edit whose two sides have the same text with these spaces is `UNK`.
    pub space: bool,
}

impl Token {
    /// A token from its fields, its lower-cased form derived.
    pub fn new(text: &str, lemma: &str, pos: &str, tag: &str, dep: &str, head: usize) -> Token {
        Token {
            text: text.to_owned(),
            lower: text.to_lowercase(),
            lemma: lemma.to_owned(),
            pos: pos.to_owned(),
            tag: tag.to_owned(),
            dep: dep.to_owned(),
            head,
            space: true,
        }
    }

    /// The token with `space` saying whether a space follows it.
    #[must_use]
    pub fn with_space(self, space: bool) -> Token {
        Token { space, ..self }
    }

    /// Whether the token is an auxiliary by its label (`aux`, `auxpass`).
    pub(crate) fn is_aux(&self) -> bool {
        self.dep.starts_with("aux")
    }
}

/// Where the analyses of tokenised sentences come from: spaCy's model run natively
/// ([`crate::SpacyAnalyser`]), the EWT-trained tagger (`impl Analyser for Tagger`), spaCy's
/// analyses recorded beforehand ([`RecordedAnalyses`]), or any other tagger a
/// user brings. The aligner, merger and classifier only ever see [`Token`]s.
pub trait Analyser {
    /// The analysis of one pretokenised sentence, one [`Token`] per word.
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, Error>;

    /// The analysis of a line of raw text, tokenised by the analyser's own tokenizer (ERRANT's
    /// `-tok`); by default `english_tagger::tokenize`'s tokens, analysed.
    fn analyse_text(&self, text: &str) -> Result<Vec<Token>, Error> {
        let tokens = english_tagger::tokenize(text);
        let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
        self.analyse(&words)
    }
}

impl<A: Analyser + ?Sized> Analyser for &A {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, Error> {
        (**self).analyse(words)
    }
    fn analyse_text(&self, text: &str) -> Result<Vec<Token>, Error> {
        (**self).analyse_text(text)
    }
}

impl<A: Analyser + ?Sized> Analyser for Box<A> {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, Error> {
        (**self).analyse(words)
    }
    fn analyse_text(&self, text: &str) -> Result<Vec<Token>, Error> {
        (**self).analyse_text(text)
    }
}

/// The EWT-trained tagger's analysis: its Penn tags, UPOS, spaCy lemmas and labels. The tagger
/// labels tokens without attaching them, so each auxiliary's head is taken to be the next verb
/// or auxiliary to its right that is not itself labelled an auxiliary (skipping subjects and
/// adverbs, as in "has she not eaten"), up to the next punctuation or conjunction.
impl Analyser for Tagger {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, Error> {
        let analyses = self.tag(words);
        let mut tokens: Vec<Token> = words
            .iter()
            .zip(&analyses)
            .enumerate()
            .map(|(i, (w, a))| Token::new(w, &a.lemma, &a.upos, &a.xpos, &a.dep, i))
            .collect();
        for i in 0..tokens.len() {
            if !tokens[i].is_aux() {
                continue;
            }
            let head = tokens[i + 1..]
                .iter()
                .take_while(|t| !matches!(t.pos.as_str(), "PUNCT" | "CCONJ" | "SCONJ"))
                .position(|t| matches!(t.pos.as_str(), "VERB" | "AUX") && !t.is_aux());
            if let Some(offset) = head {
                tokens[i].head = i + 1 + offset;
            }
        }
        Ok(tokens)
    }
}

/// Analyses recorded from another analyser (spaCy, for ERRANT's own behaviour), looked up by
/// the sentence's tokens. Built from spaCy's output as JSON Lines
/// ([`RecordedAnalyses::from_jsonl`]) or token by token ([`RecordedAnalyses::insert`]).
#[derive(Debug, Clone, Default)]
pub struct RecordedAnalyses {
    by_sentence: HashMap<String, Vec<Token>>,
}

impl RecordedAnalyses {
    /// No analyses.
    pub fn new() -> RecordedAnalyses {
        RecordedAnalyses::default()
    }

    /// Records the analysis of a sentence (its tokens' texts are the key).
    pub fn insert(&mut self, tokens: Vec<Token>) {
        let key = key(tokens.iter().map(|t| t.text.as_str()));
        self.by_sentence.insert(key, tokens);
    }

    /// How many sentences are recorded.
    pub fn len(&self) -> usize {
        self.by_sentence.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.by_sentence.is_empty()
    }

    /// Reads JSON Lines of spaCy analyses, one sentence per line:
    /// `{"words": [...], "tag": [...], "pos": [...], "lemma": [...], "dep": [...], "head": [...]}`
    /// and optionally `"spaces": [...]` (booleans; all true when absent), what `cargo xtask record
    /// errant` writes; `file` names the text in errors.
    pub fn from_jsonl(text: &str, file: &str) -> Result<RecordedAnalyses, Error> {
        let mut recorded = RecordedAnalyses::new();
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let bad = |message: String| Error::Recorded {
                file: file.to_owned(),
                line: n + 1,
                message,
            };
            let value: serde_json::Value =
                serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
            let strings = |k: &str| -> Result<Vec<&str>, Error> {
                value[k]
                    .as_array()
                    .ok_or_else(|| bad(format!("no list {k:?}")))?
                    .iter()
                    .map(|x| {
                        x.as_str()
                            .ok_or_else(|| bad(format!("{k:?} holds a non-string")))
                    })
                    .collect()
            };
            let (words, tags, pos, lemmas, deps) = (
                strings("words")?,
                strings("tag")?,
                strings("pos")?,
                strings("lemma")?,
                strings("dep")?,
            );
            let heads: Vec<usize> = value["head"]
                .as_array()
                .ok_or_else(|| bad("no list \"head\"".into()))?
                .iter()
                .map(|x| {
                    x.as_u64()
                        .and_then(|h| usize::try_from(h).ok())
                        .filter(|&h| h < words.len())
                        .ok_or_else(|| bad(format!("head {x} outside the sentence")))
                })
                .collect::<Result<_, _>>()?;
            let n_words = words.len();
            // Pretokenised words are each followed by a space; raw text records its own.
            let spaces: Vec<bool> = match value.get("spaces") {
                None => vec![true; n_words],
                Some(v) => v
                    .as_array()
                    .ok_or_else(|| bad("\"spaces\" is not a list".into()))?
                    .iter()
                    .map(|x| {
                        x.as_bool()
                            .ok_or_else(|| bad("\"spaces\" holds a non-boolean".into()))
                    })
                    .collect::<Result<_, _>>()?,
            };
            if [
                tags.len(),
                pos.len(),
                lemmas.len(),
                deps.len(),
                heads.len(),
                spaces.len(),
            ]
            .iter()
            .any(|&l| l != n_words)
            {
                return Err(bad("fields of different lengths".into()));
            }
            recorded.insert(
                (0..n_words)
                    .map(|i| {
                        Token::new(words[i], lemmas[i], pos[i], tags[i], deps[i], heads[i])
                            .with_space(spaces[i])
                    })
                    .collect(),
            );
        }
        Ok(recorded)
    }
}

impl Analyser for RecordedAnalyses {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, Error> {
        let key = key(words.iter().copied());
        self.by_sentence
            .get(&key)
            .cloned()
            .ok_or_else(|| Error::NoAnalysis {
                sentence: words.join(" "),
            })
    }
}

/// A sentence's key: its tokens joined by the unit separator (never inside a token).
fn key<'a>(words: impl Iterator<Item = &'a str>) -> String {
    words.collect::<Vec<_>>().join("\u{1f}")
}
