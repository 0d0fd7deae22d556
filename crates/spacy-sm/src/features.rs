//! The lexical attributes spaCy's tok2vec embeds, as its English vocabulary computes them for a
//! word: NORM (the `lexeme_norm` table's entry, else the norm exceptions', else the lower case), PREFIX (the first
//! character), SUFFIX (the last three), SHAPE (`Xxxx`, digits `d`, runs cut at four), SPACY
//! (whether whitespace follows) and IS_SPACE; each as the string store's id.

use std::collections::HashMap;

use crate::hashing::string_id;

/// The attributes of tok2vec's six hash embeddings, in the order of its columns.
pub const ATTRIBUTES: [&str; 6] = ["NORM", "PREFIX", "SUFFIX", "SHAPE", "SPACY", "IS_SPACE"];

/// The vocabulary's tables the features need.
#[derive(Debug, Clone)]
pub(crate) struct Vocabulary {
    /// spaCy's symbols: strings with fixed small ids.
    pub(crate) symbols: HashMap<String, u64>,
    /// NORM's exceptions, by the id of the word.
    pub(crate) lexeme_norm: HashMap<u64, String>,
    /// The language's norm exceptions (`''` → `"`), looked at after `lexeme_norm`.
    pub(crate) norm_exceptions: HashMap<String, String>,
}

/// Python's `str.isdigit` for one character, approximately: decimal digits and the other
/// numeric characters that are not letters, vulgar fractions excepted (Python counts `²` as a
/// digit and `½` not).
fn is_digit(c: char) -> bool {
    c.is_ascii_digit()
        || (c.is_numeric()
            && !c.is_alphabetic()
            && !matches!(c, '\u{bc}'..='\u{be}' | '\u{2150}'..='\u{215f}'))
}

/// spaCy's `word_shape`: letters as `X` or `x`, digits as `d`, other characters as themselves,
/// a run of one shape character kept to four; `LONG` for 100 characters or more.
pub(crate) fn shape(word: &str) -> String {
    if word.chars().count() >= 100 {
        return "LONG".to_owned();
    }
    let mut out = String::new();
    let (mut last, mut run) = (None, 0);
    for c in word.chars() {
        let s = if c.is_alphabetic() {
            if c.is_uppercase() { 'X' } else { 'x' }
        } else if is_digit(c) {
            'd'
        } else {
            c
        };
        if Some(s) == last {
            run += 1;
        } else {
            run = 0;
            last = Some(s);
        }
        if run < 4 {
            out.push(s);
        }
    }
    out
}

impl Vocabulary {
    /// NORM of `word`: the `lexeme_norm` table's entry for it, else the norm exceptions', else
    /// its lower case.
    pub(crate) fn norm(&self, word: &str) -> String {
        self.lexeme_norm
            .get(&string_id(&self.symbols, word))
            .or_else(|| self.norm_exceptions.get(word))
            .cloned()
            .unwrap_or_else(|| word.to_lowercase())
    }

    /// The six attribute ids of `word` ([`ATTRIBUTES`]), `space_after` saying whether
    /// whitespace follows it and `norm` the NORM a tokenizer special case set (else the
    /// vocabulary's).
    pub(crate) fn attributes(&self, word: &str, space_after: bool, norm: Option<&str>) -> [u64; 6] {
        let id = |s: &str| string_id(&self.symbols, s);
        let chars: Vec<char> = word.chars().collect();
        let prefix: String = chars.iter().take(1).collect();
        let suffix: String = chars[chars.len().saturating_sub(3)..].iter().collect();
        let is_space = !word.is_empty() && word.chars().all(char::is_whitespace);
        [
            id(&norm.map_or_else(|| self.norm(word), str::to_owned)),
            id(&prefix),
            id(&suffix),
            id(&shape(word)),
            u64::from(space_after),
            u64::from(is_space),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_spacy_s() {
        // spaCy 3.8's Token.shape_.
        for (word, expected) in [
            ("I", "X"),
            ("ca", "xx"),
            ("n't", "x'x"),
            ("believe", "xxxx"),
            ("COLOUR", "XXXX"),
            ("3-D", "d-X"),
            ("1990s", "ddddx"),
            ("McDonald's", "XxXxxxx'x"),
            (".", "."),
        ] {
            assert_eq!(shape(word), expected, "{word}");
        }
        assert_eq!(shape(&"a".repeat(100)), "LONG");
    }
}
