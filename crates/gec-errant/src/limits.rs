//! What the annotation takes: lines beyond these are refused before anything is analysed,
//! naming the line, instead of running for minutes.

use gec_metrics::text::python_split;

/// The longest sentence annotation takes, in tokens: alignment is quadratic in the sentence
/// length (a 2,000-token line takes a few seconds and 100 MB).
pub const MAX_SENTENCE_TOKENS: usize = 2_000;

/// The longest run of characters without whitespace that raw text may hold when the analyser
/// tokenises it (`-tok`): spaCy's tokenizer searches such a piece for suffixes from every
/// position, in time that grows with the square of its length (a 100,000-character word: over a
/// minute); the longest URL in common use is under 2,000.
pub const MAX_PIECE_CHARS: usize = 10_000;

/// Which input of [`crate::annotate_parallel`] a line belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Input {
    /// The original sentences.
    Originals,
    /// The `k`-th corrected version (from 0).
    Corrections(usize),
}

impl std::fmt::Display for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Input::Originals => f.write_str("originals"),
            Input::Corrections(k) => write!(f, "corrections[{k}]"),
        }
    }
}

/// Why a sentence of `text` is too long to annotate, if it is (`tokenise`: raw text the
/// analyser tokenises).
pub(crate) fn too_long(text: &str, tokenise: bool) -> Option<String> {
    let tokens = python_split(text).count();
    if tokens > MAX_SENTENCE_TOKENS {
        return Some(format!(
            "{tokens} tokens; ERRANT's alignment takes at most {MAX_SENTENCE_TOKENS} per \
             sentence: split the line into sentences"
        ));
    }
    if tokenise {
        let longest = text
            .split(char::is_whitespace)
            .map(|p| p.chars().count())
            .max()
            .unwrap_or(0);
        if longest > MAX_PIECE_CHARS {
            return Some(format!(
                "{longest} characters without a space; tokenising takes at most \
                 {MAX_PIECE_CHARS} (spaCy's tokenizer is quadratic in them): is this text?"
            ));
        }
    }
    None
}
