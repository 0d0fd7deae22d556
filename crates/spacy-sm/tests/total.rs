//! The pipeline is total: on any sequence of words (whitespace words, punctuation, other
//! scripts, long runs of one word) every word gets a tag, a POS, a label and a head inside the
//! sentence, and the parser's state machine ends; the same words, the same analysis.

use std::sync::LazyLock;

use proptest::prelude::*;
use spacy_sm::Model;

static MODEL: LazyLock<Model> = LazyLock::new(|| Model::builtin().unwrap());

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "the", "a", "cat", "has", "been", "eaten", ".", ",", "\"", "(", ")", "n't", "'s", "I",
            "go", "to", "school", "and", "--", "...", " ", "\n", "  ", "\u{a0}", "U.S.", "3-D",
            "é", "日本", "🙂", "",
        ])
        .prop_map(str::to_owned),
        "[a-zA-Z0-9'.-]{1,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_word_is_analysed_and_attached_inside_its_sentence(
        words in prop::collection::vec(word(), 0..80),
    ) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let analysis = MODEL.analyse(&words);
        let n = words.len();
        prop_assert_eq!(analysis.tags.len(), n);
        prop_assert_eq!(analysis.pos.len(), n);
        prop_assert_eq!(analysis.parse.labels.len(), n);
        prop_assert_eq!(analysis.parse.heads.len(), n);
        for i in 0..n {
            prop_assert!(analysis.parse.heads[i] < n);
            prop_assert!(!analysis.tags[i].is_empty() && !analysis.parse.labels[i].is_empty());
        }
        prop_assert_eq!(MODEL.analyse(&words), analysis);
    }
}

#[test]
fn a_sentence_of_a_thousand_words_is_analysed() {
    let words: Vec<&str> = ["The", "cat", "sat", "on", "the", "mat", "and"]
        .iter()
        .copied()
        .cycle()
        .take(1_000)
        .collect();
    let analysis = MODEL.analyse(&words);
    assert_eq!(analysis.parse.heads.len(), 1_000);
    assert_eq!(analysis.tags[..3], ["DT", "NN", "VBD"]);
}
