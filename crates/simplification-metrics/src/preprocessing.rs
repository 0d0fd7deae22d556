//! EASSE's `normalize`: what every metric does to a line before it counts anything.

use std::borrow::Cow;

use bleu_chrf::{BleuOptions, Tokenizer};

use crate::moses::{moses_tokenize, penn_tokenize};

/// A tokenizer EASSE offers (`-tok`): one of sacreBLEU's, or Moses' or the Penn Treebank's as
/// sacremoses writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EasseTokenizer {
    /// sacreBLEU's `13a`, `intl`, `char` or `none`. EASSE's `none` crashes (it hands sacreBLEU 2
    /// its abstract base tokenizer); gecbias's leaves the text as it is.
    Sacre(Tokenizer),
    /// Moses' English tokenizer (sacremoses 0.2.0, `tokenize(text, escape=False)`).
    Moses,
    /// The Penn Treebank tokenizer of sacremoses 0.0.53 (`penn_tokenize`: brackets as `-LRB-`,
    /// XML characters escaped). sacremoses 0.2.0's raises, so EASSE's `-tok penn` crashes with it.
    Penn,
}

impl EasseTokenizer {
    /// Every tokenizer EASSE's `-tok` names, in its order.
    pub const ALL: [EasseTokenizer; 5] = [
        EasseTokenizer::Sacre(Tokenizer::Thirteen),
        EasseTokenizer::Sacre(Tokenizer::Intl),
        EasseTokenizer::Moses,
        EasseTokenizer::Penn,
        EasseTokenizer::Sacre(Tokenizer::None),
    ];

    /// EASSE's name: `13a`, `intl`, `moses`, `penn`, `none` (and sacreBLEU's `char`).
    pub fn name(self) -> &'static str {
        match self {
            EasseTokenizer::Sacre(tokenizer) => tokenizer.name(),
            EasseTokenizer::Moses => "moses",
            EasseTokenizer::Penn => "penn",
        }
    }

    /// The tokenizer EASSE (or, for `char`, sacreBLEU) calls `name`.
    pub fn named(name: &str) -> Option<EasseTokenizer> {
        let sacre = Tokenizer::ALL.into_iter().map(EasseTokenizer::Sacre);
        EasseTokenizer::ALL
            .into_iter()
            .chain(sacre)
            .find(|t| t.name() == name)
    }

    /// One line's tokens, separated by single spaces.
    pub fn tokenize(self, line: &str) -> String {
        match self {
            EasseTokenizer::Sacre(tokenizer) => tokenizer.tokenize(line),
            EasseTokenizer::Moses => moses_tokenize(line),
            EasseTokenizer::Penn => penn_tokenize(line),
        }
    }
}

impl From<Tokenizer> for EasseTokenizer {
    fn from(tokenizer: Tokenizer) -> EasseTokenizer {
        EasseTokenizer::Sacre(tokenizer)
    }
}

/// Lowercasing (EASSE's default: on) then a tokenizer (EASSE's default: sacreBLEU's `13a`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Preprocessing {
    /// Lowercase before tokenizing.
    pub lowercase: bool,
    /// The tokenizer.
    pub tokenizer: EasseTokenizer,
}

impl Default for Preprocessing {
    /// EASSE's defaults: lowercased `13a` tokens.
    fn default() -> Preprocessing {
        Preprocessing::new(true, Tokenizer::Thirteen)
    }
}

impl Preprocessing {
    /// Lowercasing or not, then `tokenizer`.
    pub fn new(lowercase: bool, tokenizer: impl Into<EasseTokenizer>) -> Preprocessing {
        Preprocessing {
            lowercase,
            tokenizer: tokenizer.into(),
        }
    }

    /// The same tokenizer, lowercasing as `lowercase` says.
    pub fn with_lowercase(self, lowercase: bool) -> Preprocessing {
        Preprocessing { lowercase, ..self }
    }

    /// One line, normalised.
    pub fn apply(&self, line: &str) -> String {
        if self.lowercase {
            self.tokenizer.tokenize(&line.to_lowercase())
        } else {
            self.tokenizer.tokenize(line)
        }
    }

    /// sacreBLEU's options for BLEU on lines passed through [`Preprocessing::for_bleu`]: its own
    /// tokenizers and lowercasing run inside BLEU; Moses' and Penn's run first, and BLEU then
    /// only splits (EASSE hands sacreBLEU normalised text with `tokenize="none"`).
    pub(crate) fn bleu_options(self) -> BleuOptions {
        let mut options = BleuOptions::default();
        if let EasseTokenizer::Sacre(tokenizer) = self.tokenizer {
            options.tokenizer = tokenizer;
            options.lowercase = self.lowercase;
        } else {
            options.tokenizer = Tokenizer::None;
        }
        options
    }

    /// A line as BLEU under [`Preprocessing::bleu_options`] reads it.
    pub(crate) fn for_bleu<'a>(self, line: &'a str) -> Cow<'a, str> {
        match self.tokenizer {
            EasseTokenizer::Sacre(_) => Cow::Borrowed(line),
            EasseTokenizer::Moses | EasseTokenizer::Penn => Cow::Owned(self.apply(line)),
        }
    }
}
