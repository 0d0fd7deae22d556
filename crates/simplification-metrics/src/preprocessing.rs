//! EASSE's `normalize`: what every metric does to a line before it counts anything.

use bleu_chrf::Tokenizer;

/// Lowercasing (EASSE's default: on) then a tokenizer (EASSE's default: sacreBLEU's `13a`).
/// [`Tokenizer::None`] leaves the text as it is (EASSE itself crashes there, handing sacreBLEU 2
/// its abstract base tokenizer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Preprocessing {
    /// Lowercase before tokenizing.
    pub lowercase: bool,
    /// The tokenizer.
    pub tokenizer: Tokenizer,
}

impl Default for Preprocessing {
    /// EASSE's defaults: lowercased `13a` tokens.
    fn default() -> Preprocessing {
        Preprocessing::new(true, Tokenizer::Thirteen)
    }
}

impl Preprocessing {
    /// Lowercasing or not, then `tokenizer`.
    pub fn new(lowercase: bool, tokenizer: Tokenizer) -> Preprocessing {
        Preprocessing {
            lowercase,
            tokenizer,
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
}
