//! USim of sentences as `USim.py` computes it for parser output (spec §c.7, §f): the text is
//! normalised before parsing, and sentences without letters or digits are decided without a
//! parse.

use mono_align::tokens::is_word_char;
use regex::Regex;
use std::sync::LazyLock;

use crate::params::Params;
use crate::prepared::PreparedPassage;
use crate::score::usim;

/// `normalize_sentence`: every run of non-word characters becomes one space, two single ASCII
/// letters separated by a space are joined once (" i d " → " id "), lower-cased, stripped.
pub fn normalize_sentence(sentence: &str) -> String {
    static LETTERS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"( [a-zA-Z]) ([a-zA-Z] )").unwrap_or_else(|e| unreachable!("constant: {e}"))
    });
    let mut spaced = String::with_capacity(sentence.len());
    let mut in_run = false;
    for c in sentence.chars() {
        if is_word_char(c) {
            spaced.push(c);
            in_run = false;
        } else if !in_run {
            spaced.push(' ');
            in_run = true;
        }
    }
    let joined = LETTERS.replace_all(&spaced, "${1}${2}");
    joined.to_lowercase().trim().to_owned()
}

fn has_word(text: &str) -> bool {
    text.chars().any(|c| c != '_' && is_word_char(c))
}

/// `USim.py`'s rule for sentences without a letter or digit: `Some(1)` when both are such,
/// `Some(0)` when one is, `None` when both have words and their parses decide.
pub fn empty_sentence_usim(source: &str, correction: &str) -> Option<f64> {
    match (has_word(source), has_word(correction)) {
        (false, false) => Some(1.0),
        (false, true) | (true, false) => Some(0.0),
        (true, true) => None,
    }
}

/// USim of a source sentence and its correction with their parses: the empty-sentence rule,
/// else [`usim`] of the parses (source first).
pub fn sentence_usim(
    source: &str,
    correction: &str,
    parses: (&PreparedPassage, &PreparedPassage),
    params: &Params,
) -> f64 {
    empty_sentence_usim(source, correction).unwrap_or_else(|| usim(parses.0, parses.1, params).usim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalisation_follows_usim_py() {
        assert_eq!(normalize_sentence("Hello,  World!!"), "hello world");
        // Expected values from the spec's rules run in Python's `re`.
        assert_eq!(normalize_sentence("I d like it ."), "i d like it");
        assert_eq!(normalize_sentence("so i d like"), "so id like");
        assert_eq!(normalize_sentence(" a b c d "), "ab c d");
        assert_eq!(normalize_sentence("x_y — ok"), "x_y ok");
        assert_eq!(normalize_sentence("!!!"), "");
    }

    #[test]
    fn empty_sentences_are_decided_without_parses() {
        assert_eq!(empty_sentence_usim("...", "!"), Some(1.0));
        assert_eq!(empty_sentence_usim("...", "a"), Some(0.0));
        assert_eq!(empty_sentence_usim("a", "__"), Some(0.0));
        assert_eq!(empty_sentence_usim("a", "b"), None);
    }
}
