//! Noun lemmatisation and word equivalence on the real WordNet 3.0 files (Debian `wordnet-base`,
//! installed by `.ci/run`). Skipped with a message when the files are missing, unless
//! `GECBIAS_REQUIRE_DATA=1`.

use gecbias_data::testing::or_skip;
use mono_align::morphy::{DEFAULT_DIR, NounLemmatizer};
use mono_align::{EMPTY_WORD, WordEquivalence, preprocess_word};

fn wordnet() -> Option<NounLemmatizer> {
    or_skip(
        NounLemmatizer::from_dir(DEFAULT_DIR),
        "WordNet noun lemmatisation",
    )
}

#[test]
fn the_reference_quirks_of_noun_morphy() {
    let Some(m) = wordnet() else { return };
    for (word, lemma) in [
        ("was", "wa"),
        ("has", "ha"),
        ("as", "a"),
        ("us", "u"),
        ("less", "le"),
    ] {
        assert_eq!(m.lemmatize(word), lemma, "{word}");
    }
    for (word, lemma) in [
        ("dogs", "dog"),
        ("children", "child"),
        ("cities", "city"),
        ("women", "woman"),
    ] {
        assert_eq!(m.lemmatize(word), lemma, "{word}");
    }
    assert_eq!(m.lemmatize("quickly"), "quickly");
}

#[test]
fn approximately_the_same_word() {
    let Some(m) = wordnet() else { return };
    let same = WordEquivalence::new(m);
    let yes = |a: &str, b: &str| same.approximately_same(&preprocess_word(a), &preprocess_word(b));
    assert!(yes("dogs", "dog"), "number inflection is not a change");
    assert!(
        yes("recieve", "receive"),
        "a spelling fix of a long word is not a change"
    );
    assert!(yes("a", "an"), "distance 1 is allowed for short words");
    assert!(
        yes("I", ""),
        "a one-letter word against an empty token is not a change"
    );
    assert!(!yes("cat", "dog"));
    assert!(
        yes("in", "on,"),
        "short words one letter apart are the same once the comma is dropped"
    );
    assert!(yes("Children", "child"));
    assert!(!yes("went", "go"), "only noun morphology is undone");
    assert!(
        !yes("word", EMPTY_WORD),
        "a word aligned to nothing changed"
    );
}

/// Word classes read from WordNet 3.0: parts of speech through exceptions and detachment rules,
/// the lexicographer file of the first sense of the most SemCor-tagged part of speech
/// (`lexnames`: 03 noun.Tops … 18 noun.person, 29 verb.body, 38 verb.motion, 32 verb.communication).
#[test]
fn word_classes() {
    use mono_align::morphy::{PartOfSpeech, WordNet};
    let Some(wordnet) = or_skip(WordNet::from_dir(DEFAULT_DIR), "WordNet word classes") else {
        return;
    };
    let noun_verb = 0b0011;
    let ran = wordnet.word_class("ran");
    assert_eq!(ran.parts_of_speech, 0b0010, "ran is only a verb (verb.exc)");
    assert_eq!(ran.lexicographer_file, Some(38));
    assert_eq!(
        wordnet.lemma("ran", PartOfSpeech::Verb).as_deref(),
        Some("run")
    );
    assert_eq!(wordnet.word_class("teachers").parts_of_speech, 0b0001);
    assert_eq!(wordnet.word_class("teachers").lexicographer_file, Some(18));
    assert_eq!(wordnet.word_class("said").lexicographer_file, Some(32));
    assert_eq!(wordnet.word_class("Walks").parts_of_speech, noun_verb);
    assert_eq!(wordnet.word_class("quickly").parts_of_speech, 0b1000);
    assert_eq!(wordnet.word_class("the"), Default::default());
    assert_eq!(
        wordnet.lemma("greener", PartOfSpeech::Adjective).as_deref(),
        Some("green")
    );
}
