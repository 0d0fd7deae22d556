//! The committed model's behaviour: spaCy's lemmas (recorded from spaCy 3.8 with
//! `en_core_web_sm` 3.8.0, given the same tags), CoNLL-U errors with their line, model bytes that
//! round-trip and corrupt bytes that fail cleanly, and any input tagged without a panic.

use english_tagger::{Error, LabelledSentence, Tagger, TrainOptions, read_conllu, write_conllu};
use proptest::prelude::*;
use std::sync::OnceLock;

fn tagger() -> &'static Tagger {
    static TAGGER: OnceLock<Tagger> = OnceLock::new();
    TAGGER.get_or_init(|| Tagger::default_model().expect("the built-in model"))
}

#[test]
fn lemmas_are_spacys_given_the_same_tags() {
    // (word, UPOS, Penn tag, spaCy's lemma_), each analysed alone by spaCy 3.8.
    let cases = [
        ("masses", "NOUN", "NNS", "mass"),
        ("senses", "NOUN", "NNS", "sens"),
        ("sparing", "VERB", "VBG", "spar"),
        ("media", "NOUN", "NNS", "medium"),
        ("went", "VERB", "VBD", "go"),
        ("better", "ADJ", "JJR", "well"),
        ("an", "DET", "DT", "an"),
        ("me", "PRON", "PRP", "I"),
        ("ca", "AUX", "MD", "can"),
        ("n't", "PART", "RB", "not"),
        ("Apples", "PROPN", "NNPS", "Apples"),
        ("studies", "VERB", "VBZ", "study"),
        ("“", "PUNCT", "``", "\""),
        ("happier", "ADJ", "JJR", "happy"),
        ("e-mails", "NOUN", "NNS", "e-mail"),
        ("was", "AUX", "VBD", "be"),
    ];
    // The lemmatiser read alone from the model is the tagger's.
    let alone = english_tagger::Lemmatizer::default_model().unwrap();
    for (word, upos, xpos, lemma) in cases {
        assert_eq!(
            tagger().lemmatizer().lemmatize(&[word], &[upos], &[xpos]),
            [lemma],
            "{word} {upos} {xpos}"
        );
        assert_eq!(alone.lemmatize(&[word], &[upos], &[xpos]), [lemma]);
    }
    let lemmas = tagger().lemmatizer().lemmatize(
        &["gon", "na", "go"],
        &["VERB", "PART", "VERB"],
        &["VBG", "TO", "VB"],
    );
    assert_eq!(lemmas, ["go", "to", "go"]);
}

#[test]
fn ud_lemmas_follow_ewt_where_spacy_differs() {
    let words = [
        "These",
        "are",
        "an",
        "example",
        "of",
        "1,993,045",
        "E17",
        "codes",
        ".",
    ];
    let analyses = tagger().tag(&words);
    let spacy: Vec<&str> = analyses.iter().map(|a| a.lemma.as_str()).collect();
    let ud: Vec<&str> = analyses.iter().map(|a| a.ud_lemma.as_str()).collect();
    assert_eq!(spacy[..3], ["these", "be", "an"]);
    assert_eq!(ud[..3], ["this", "be", "a"]);
    assert_eq!(ud[5..7], ["1993045", "E17"]);
}

#[test]
fn tags_a_sentence_and_writes_conllu() {
    let words = [
        "They", "were", "n't", "happy", "with", "the", "results", ".",
    ];
    let analyses = tagger().tag(&words);
    let xpos: Vec<&str> = analyses.iter().map(|a| a.xpos.as_str()).collect();
    assert_eq!(xpos, ["PRP", "VBD", "RB", "JJ", "IN", "DT", "NNS", "."]);
    let dep: Vec<&str> = analyses.iter().map(|a| a.dep.as_str()).collect();
    assert_eq!(
        dep,
        [
            "nsubj", "dep", "neg", "acomp", "prep", "det", "pobj", "punct"
        ]
    );
    let conllu = write_conllu(&words, &analyses);
    assert!(
        conllu.starts_with("1\tThey\tthey\tPRON\tPRP\t_\t_\tnsubj\t_\t_\n2\twere\tbe\tAUX\tVBD\t"),
        "{conllu}"
    );
    let back = read_conllu(&conllu, "written").expect("our CoNLL-U reads back");
    assert_eq!(back[0][6].lemma, "result");
}

#[test]
fn relabelling_learns_the_given_labels() {
    let strings = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let sentence = LabelledSentence {
        words: strings(&["Old", "dogs", "bark", "."]),
        xpos: strings(&["JJ", "NNS", "VBP", "."]),
        labels: strings(&["amod", "nsubj", "ROOT", "punct"]),
    };
    let mut options = TrainOptions::default();
    options.epochs = 3;
    let relabelled = tagger().relabelled(&[sentence], &options);
    let deps: Vec<String> = relabelled
        .tag(&["Old", "dogs", "bark", "."])
        .into_iter()
        .map(|a| a.dep)
        .collect();
    // A label the tagger does not predict (ROOT) is learned as `dep`.
    assert_eq!(deps, ["amod", "nsubj", "dep", "punct"]);
}

#[test]
fn conllu_errors_name_the_line() {
    let text = "# sent_id = 1\n1\tA\ta\tDET\tDT\t_\t2\tdet\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\tx\troot\t_\t_\n";
    let err = read_conllu(text, "in.conllu").unwrap_err();
    assert_eq!(err.to_string(), "in.conllu:3: HEAD \"x\" is not a number");
    let err = read_conllu("1\tA\n", "in.conllu").unwrap_err();
    assert_eq!(err.to_string(), "in.conllu:1: 2 columns, CoNLL-U has 10");
}

#[test]
fn model_bytes_round_trip_and_corruption_is_an_error() {
    let bytes = tagger().to_bytes();
    let again = Tagger::from_bytes(&bytes, "copy").expect("our own bytes");
    assert_eq!(again.to_bytes(), bytes);
    for cut in [0, 10, 20, 1000, bytes.len() / 2, bytes.len() - 1] {
        let err = Tagger::from_bytes(&bytes[..cut], "cut").unwrap_err();
        assert!(matches!(err, Error::Model { .. }), "{err}");
    }
}

#[test]
fn a_five_thousand_token_line_is_tagged() {
    let words: Vec<String> = (0..5_000).map(|i| format!("w{}", i % 97)).collect();
    assert_eq!(tagger().tag(&words).len(), 5_000);
    assert!(tagger().tag(&[] as &[&str]).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A lemma edit rebuilds the lemma from its word.
    #[test]
    fn lemma_edits_round_trip(word in "\\PC{0,10}", lemma in "\\PC{0,10}") {
        let edit = english_tagger::lemma_edit(&word, &lemma);
        let rebuilt = english_tagger::apply_lemma_edit(&word, &edit);
        prop_assert!(rebuilt.as_deref() == Some(lemma.as_str()) || word.to_lowercase().chars().count() != word.chars().count(),
            "{:?} {:?} {:?} {:?}", word, lemma, edit, rebuilt);
    }

    /// Empty tokens, control characters, non-Latin scripts: one analysis per token, no panic.
    #[test]
    fn any_tokens_get_one_analysis_each(words in prop::collection::vec("\\PC{0,12}|[\\x00-\\x1f]{1,3}|", 0..40)) {
        let analyses = tagger().tag(&words);
        prop_assert_eq!(analyses.len(), words.len());
        for a in &analyses {
            prop_assert!(!a.xpos.is_empty() && !a.upos.is_empty() && !a.dep.is_empty());
        }
    }
}
