//! Tokenisation for word alignment (spec `lcb-pipeline.md` §0.1): split on **every** non-word
//! character, keep the empty tokens that consecutive or edge separators leave, then strip and
//! lower-case each token — Python's `[t.strip().lower() for t in re.split(r"\W", s)]`.
//!
//! `"I like it ."` → `["i", "like", "it", "", ""]`; `"However , there"` →
//! `["however", "", "", "there"]`. Punctuation thus disappears but leaves empty tokens, which take
//! part in the alignment.

/// A word character of Python's Unicode `\w`: a letter (general category L), a number (N) or
/// the underscore — Python's `str.isalnum()` or `_`.
///
/// Rust's `char::is_alphanumeric` is not the same: it also accepts combining marks that Unicode
/// calls alphabetic (e.g. U+05B2, a Hebrew vowel point), which Python treats as non-word
/// characters. The crowd data has such a character, and fingerprints depend on it.
pub fn is_word_char(c: char) -> bool {
    static WORD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^[\p{L}\p{N}_]$").unwrap_or_else(|e| unreachable!("constant pattern: {e}"))
    });
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        let mut buffer = [0; 4];
        WORD.is_match(c.encode_utf8(&mut buffer))
    }
}

use std::sync::LazyLock;

use regex::Regex;

/// The alignment tokens of `sentence`.
pub fn tokens(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !is_word_char(c))
        .map(|t| t.trim().to_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_examples_of_the_spec() {
        assert_eq!(tokens("I like it ."), ["i", "like", "it", "", ""]);
        assert_eq!(tokens("However , there"), ["however", "", "", "there"]);
    }

    #[test]
    fn edge_cases() {
        assert_eq!(tokens(""), [""]);
        assert_eq!(tokens("..."), ["", "", "", ""]);
        assert_eq!(tokens("don't"), ["don", "t"]);
        assert_eq!(
            tokens("snake_case Ünïcode 42"),
            ["snake_case", "ünïcode", "42"]
        );
        assert_eq!(tokens("a\r\nb"), ["a", "", "b"]);
        // A combining vowel point is not a word character in Python.
        assert_eq!(tokens("x\u{5b2}y"), ["x", "y"]);
        assert!(is_word_char('é') && is_word_char('½') && !is_word_char('\u{5b2}'));
    }
}
