//! The copies of NLTK's Punkt parameters and WordNet's nouns that the program carries
//! (`models/`, built in by `gecbias-resources`) against the originals: Punkt's counts, and the
//! same noun lemma for every word of the CoNLL-2014 source with the carried lists as with the full
//! WordNet 3.0 directory (Debian's `wordnet-base`; skipped with a message without it, unless
//! `GECBIAS_REQUIRE_DATA=1`).

use std::collections::BTreeSet;

use gecbias_data::datasets::CONLL_PARAGRAPHS;
use gecbias_data::testing::{data_or_skip, or_skip};
use mono_align::morphy::{DEFAULT_DIR, NounLemmatizer};
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};

#[test]
fn carried_punkt_splits_like_the_parameters_say() {
    let punkt = PunktSentenceTokenizer::new(PunktParameters::english().unwrap());
    // "dr" and "mr" are abbreviation types of the English parameters: no break after them.
    let text = "Dr. Smith met Mr. Jones. He left. The end";
    assert_eq!(
        punkt.tokenize(text),
        ["Dr. Smith met Mr. Jones.", "He left.", "The end"]
    );
}

#[test]
fn carried_nouns_lemmatise_like_full_wordnet() {
    let carried = NounLemmatizer::english().unwrap();
    // morphy's quirks hold with the carried lists alone.
    for (word, lemma) in [("was", "wa"), ("geese", "goose"), ("churches", "church")] {
        assert_eq!(carried.lemmatize(word), lemma, "{word}");
    }
    let Some(full) = or_skip(NounLemmatizer::from_dir(DEFAULT_DIR), "full WordNet 3.0") else {
        return;
    };
    let Some(data) = data_or_skip("CoNLL-2014 source words") else {
        return;
    };
    let source =
        std::fs::read_to_string(data.join(&format!("{CONLL_PARAGRAPHS}/conll.tok.orig"))).unwrap();
    let words: BTreeSet<String> = source.split_whitespace().map(str::to_lowercase).collect();
    assert!(words.len() > 2_000, "{}", words.len());
    for w in &words {
        assert_eq!(carried.lemmatize(w), full.lemmatize(w), "{w}");
    }
}
