//! "Approximately the same word" (spec `lcb-pipeline.md` §0.2): the test by which the reference
//! decides that an aligned pair of words is *not* a change — spelling fixes, number inflection and
//! one-letter edits of short words are not counted as changes.
//!
//! Callers first [`preprocess_word`] both words (one trailing non-alphanumeric character dropped,
//! then trimmed and lower-cased). The words are lemmatised as nouns ([`NounLemmatizer`]) and are
//! the same when
//!
//! ```text
//! levenshtein(lemma₁, lemma₂) ≤ 2   if both lemmas are longer than 4 characters,
//!                             ≤ 1   otherwise,
//! ```
//!
//! and neither word is [`EMPTY_WORD`] verbatim. A reference quirk follows: the empty slot of an
//! alignment is the string `emptyWord`, which preprocessing lower-cases to `emptyword` before the
//! test, so the verbatim check never fires there and `emptyword` is compared like any word (it is
//! the same as nothing but words within edit distance 2 of it).

use crate::alignment::EMPTY_WORD;
use crate::levenshtein::levenshtein;
use crate::morphy::NounLemmatizer;

/// The reference's `preprocess_word`: drop one trailing non-alphanumeric character, then trim and
/// lower-case.
pub fn preprocess_word(word: &str) -> String {
    let word = match word.chars().next_back() {
        Some(last) if !last.is_alphanumeric() => &word[..word.len() - last.len_utf8()],
        _ => word,
    };
    word.trim().to_lowercase()
}

/// Decides whether two aligned words are approximately the same.
#[derive(Debug, Clone)]
pub struct WordEquivalence {
    lemmatizer: NounLemmatizer,
}

impl WordEquivalence {
    /// Uses the given noun lemmatiser.
    pub fn new(lemmatizer: NounLemmatizer) -> WordEquivalence {
        WordEquivalence { lemmatizer }
    }

    /// True when the preprocessed words `a` and `b` are approximately the same (module docs).
    pub fn approximately_same(&self, a: &str, b: &str) -> bool {
        if a == EMPTY_WORD || b == EMPTY_WORD {
            return false;
        }
        let (la, lb) = (self.lemmatizer.lemmatize(a), self.lemmatizer.lemmatize(b));
        let allowed = if la.chars().count() > 4 && lb.chars().count() > 4 {
            2
        } else {
            1
        };
        levenshtein(&la, &lb) <= allowed
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn preprocessing_drops_one_trailing_mark() {
        assert_eq!(preprocess_word("Dogs,"), "dogs");
        assert_eq!(preprocess_word("end.\""), "end.");
        assert_eq!(preprocess_word(""), "");
        assert_eq!(preprocess_word("é!"), "é");
        assert_eq!(preprocess_word(" Word "), "word");
        assert_eq!(preprocess_word(EMPTY_WORD), "emptyword");
    }

    #[test]
    fn the_empty_slot_quirk() {
        let same = WordEquivalence::new(NounLemmatizer::new([], HashMap::new()));
        assert!(
            !same.approximately_same(EMPTY_WORD, EMPTY_WORD),
            "verbatim emptyWord never matches"
        );
        let slot = preprocess_word(EMPTY_WORD);
        assert!(!same.approximately_same(&slot, "word"));
        assert!(
            same.approximately_same(&slot, "emptywords"),
            "compared like a word once lower-cased"
        );
    }
}
