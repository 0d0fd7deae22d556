//! The per-sentence measures on worked examples (WordNet 3.0's nouns as the program carries them).

use std::sync::LazyLock;

use conservatism::SentencePair;
use gecbias_data::testing::or_skip;
use mono_align::WordEquivalence;
use mono_align::morphy::NounLemmatizer;
use proptest::prelude::*;

/// WordNet, read once for all tests of this file.
fn equivalence() -> Option<&'static WordEquivalence> {
    static WORDNET: LazyLock<Result<WordEquivalence, mono_align::Error>> =
        LazyLock::new(|| NounLemmatizer::english().map(WordEquivalence::new));
    or_skip(WORDNET.as_ref(), "conservatism measures")
}

#[test]
fn a_verb_form_change_is_one_word_change() {
    let Some(same) = equivalence() else { return };
    // Noun morphy maps "has" to "ha" (a reference quirk), two edits from "have".
    let pair = SentencePair::new("He have a cat .", "He has a cat .");
    let m = pair.measures(same);
    assert_eq!((m.word_change, m.index_diff), (1, 0));
    assert_eq!(m.spearman_rho, 1.0);
    // ... while "goes" is a noun plural of "go" in WordNet: not a change for the reference.
    assert_eq!(
        SentencePair::new("He go home", "He goes home").word_change(same),
        0
    );
}

#[test]
fn spelling_number_and_punctuation_are_not_word_changes() {
    let Some(same) = equivalence() else { return };
    let pair = SentencePair::new(
        "The childs recieved there books , yes .",
        "The children received their book ; yes !",
    );
    assert_eq!(
        pair.word_change(same),
        0,
        "childs/children, recieved/received, there/their, books/book"
    );
}

#[test]
fn a_moved_word_is_an_order_change() {
    let Some(same) = equivalence() else { return };
    let pair = SentencePair::new("yesterday I went home", "I went home yesterday");
    let m = pair.measures(same);
    assert_eq!(m.word_change, 0);
    assert_eq!(m.index_diff, 1);
    // Source ranks in correction order 2 3 4 1: d = (1, 1, 1, −3), ρ = 1 − 6·12 / (4·15) = −0.2.
    assert!((m.spearman_rho + 0.2).abs() < 1e-15, "{}", m.spearman_rho);
}

#[test]
fn deleted_and_inserted_words_are_changes() {
    let Some(same) = equivalence() else { return };
    assert_eq!(
        SentencePair::new("I really like it", "I like it").word_change(same),
        1
    );
    assert_eq!(
        SentencePair::new("I like it", "I like it very much").word_change(same),
        2
    );
}

#[test]
fn degenerate_sentences() {
    let Some(same) = equivalence() else { return };
    for (a, b) in [("", ""), ("...", "!"), ("", "word"), (".", "")] {
        let m = SentencePair::new(a, b).measures(same);
        assert!(m.spearman_rho.is_nan(), "{a:?} {b:?}");
        assert_eq!(m.index_diff, 0);
    }
    assert_eq!(SentencePair::new("", "word").word_change(same), 1);
    assert_eq!(SentencePair::new(". , ;", "!").word_change(same), 0);
}

proptest! {
    #[test]
    fn a_sentence_compared_with_itself_is_unchanged(words in prop::collection::vec("[a-z]{1,8}", 1..30)) {
        let Some(same) = equivalence() else { return Ok(()) };
        let sentence = words.join(" ");
        let pair = SentencePair::new(&sentence, &sentence);
        let identity: Vec<_> = (0..words.len()).map(|i| (Some(i), Some(i))).collect();
        prop_assert_eq!(&pair.alignment().pairs, &identity);
        let m = pair.measures(same);
        prop_assert_eq!((m.word_change, m.index_diff), (0, 0));
        if words.len() >= 2 {
            // ρ = 1 up to the reference's rounding (which gives 1 − 2⁻⁵³ for some lengths).
            prop_assert!(m.spearman_rho > 1.0 - 1e-15 && m.spearman_rho <= 1.0, "{}", m.spearman_rho);
        }
    }
}
