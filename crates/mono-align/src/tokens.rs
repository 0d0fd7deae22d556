//! Tokenisation for word alignment (spec `lcb-pipeline.md` §0.1): split on **every** non-word
//! character, keep the empty tokens that consecutive or edge separators leave, then strip and
//! lower-case each token — Python's `[t.strip().lower() for t in re.split(r"\W", s)]`.
//!
//! `"I like it ."` → `["i", "like", "it", "", ""]`; `"However , there"` →
//! `["however", "", "", "there"]`. Punctuation thus disappears but leaves empty tokens, which take
//! part in the alignment.

/// A word character of Python's Unicode `\w`: a letter, a number or the underscore.
///
/// Python's `str.isalnum` and Rust's `char::is_alphanumeric` agree on letters and numbers except
/// for combining marks that Unicode marks as alphabetic (Rust counts them as word characters,
/// Python does not); the English data has none.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

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
    }
}
