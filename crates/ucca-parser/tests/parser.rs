//! The committed models (the perceptron and the BiLSTM): any input parses without a panic into a
//! valid passage (built, round-trips through XML, one root with at least one child, within the
//! node-ratio and height limits), and a model file that is not one is refused with a message
//! saying why, and a fixed paragraph parses to the committed XML.

use std::sync::OnceLock;

use proptest::prelude::*;
use ucca_graph::NodeId;
use ucca_graph::Passage;
use ucca_parser::{BuiltinModel, MAGIC, MAX_HEIGHT, MAX_NODE_RATIO, Model, Parser};

/// The longest path of primary edges from `id` down to a terminal.
fn height(p: &Passage, id: NodeId) -> u32 {
    p.children(id)
        .iter()
        .filter(|e| !e.edge.remote)
        .map(|e| 1 + height(p, e.child))
        .max()
        .unwrap_or(0)
}

fn parser() -> &'static Parser {
    static PARSER: OnceLock<Parser> = OnceLock::new();
    PARSER.get_or_init(|| {
        Parser::builtin(BuiltinModel::Perceptron).expect("the built-in perceptron loads")
    })
}

/// The default model, the BiLSTM.
fn neural_parser() -> &'static Parser {
    static PARSER: OnceLock<Parser> = OnceLock::new();
    PARSER.get_or_init(|| Parser::default_model().expect("the built-in BiLSTM loads"))
}

fn parsers() -> [&'static Parser; 2] {
    [parser(), neural_parser()]
}

/// A valid parse of `tokens` tokens: it round-trips, the root has a child, at most 3 units per
/// token (the root aside), every unit at most [`MAX_HEIGHT`] above its terminals.
fn check(p: &Passage, tokens: usize) {
    assert_eq!(p.terminal_count(), tokens);
    let units = p.units().count() - 1;
    assert!(
        units as f64 <= MAX_NODE_RATIO * tokens.max(1) as f64,
        "{units} units for {tokens} tokens"
    );
    for u in p.units().filter(|u| u.id != p.root()) {
        assert!(height(p, u.id) <= MAX_HEIGHT, "{}", p.render());
    }
    let again = Passage::from_xml(p.to_xml().as_bytes()).unwrap();
    assert!(again == *p, "round trip changed {}", p.render());
    if tokens > 0 {
        assert!(!p.children(p.root()).is_empty(), "{}", p.render());
    }
}

#[test]
fn odd_inputs_parse() {
    let long_word = "x".repeat(1000);
    let many: Vec<String> = (0..500).map(|i| format!("word{}", i % 37)).collect();
    let cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["Hello"],
        vec!["."],
        many.iter().map(String::as_str).collect(),
        vec!["Ŝtono", "東京", "🙂", "«", "»", "naïve", "—"],
        vec![long_word.as_str(), "is", "long", "."],
        // Empty tokens: a character encoder still has a window to read.
        vec!["", "a", ""],
        vec!["The", "cat", "sat", "on", "the", "mat", "."],
        // Once parsed into a chain of 21 units by edges onto a deep parent (found by the
        // property below): edges now keep every unit within MAX_HEIGHT.
        vec![
            "🙂", "'", ")", "0", "!", "21", "\"", "84", "-", "OeA", "0002", "32", "r", "p", "C",
            "T", "00",
        ],
    ];
    for parser in parsers() {
        for tokens in &cases {
            let p = parser.parse(tokens).unwrap();
            check(&p, tokens.len());
        }
    }
}

#[test]
fn a_simple_sentence_gets_a_scene() {
    let p = parser()
        .parse(&["John", "gave", "Mary", "a", "book", "."])
        .unwrap();
    let rendered = p.render();
    assert!(rendered.contains("[P gave]"), "{rendered}");
    assert!(rendered.starts_with("[H "), "{rendered}");
}

/// The sentences of the golden paragraph (written for this test): a scene with participants, a
/// linked pair of scenes, a quotation, a number and a parenthesis.
const PARAGRAPH: [&str; 4] = [
    "The committee approved the new budget on Tuesday, although two members voted against it.",
    "She said that the bridge, which opened in 1932, would close for repairs.",
    "\"We can't wait any longer,\" the mayor told reporters (twice).",
    "Prices rose by 4.5 percent last year.",
];

/// The committed models parse the paragraph to exactly the committed XML: a change to the
/// features, the lexicon, the decoder or the model shows here as a diff. The built-in copies are
/// the committed files, and the default is the BiLSTM.
#[test]
fn the_committed_models_parse_the_golden_paragraph() {
    for (builtin, file) in [
        (parser(), gecbias_data::location::UCCA_MODEL),
        (neural_parser(), gecbias_data::UCCA_BILSTM_MODEL),
    ] {
        let on_disk = std::fs::read(gecbias_data::workspace_root().join(file)).unwrap();
        assert!(builtin.model().to_bytes() == on_disk, "{file}");
    }
    for (parser, golden) in [
        (parser(), "paragraph.xml"),
        (neural_parser(), "paragraph-bilstm.xml"),
    ] {
        check_golden(parser, golden);
    }
}

/// The parse of [`PARAGRAPH`] equals `tests/golden/<golden>`; otherwise the first differing line
/// is named and this build's parse written to the temporary directory.
fn check_golden(parser: &Parser, golden: &str) {
    let xml: String = PARAGRAPH
        .iter()
        .enumerate()
        .map(|(i, sentence)| {
            let tokens = ucca_parser::tokenize(sentence);
            let passage = parser.parse_tokens(&(i + 1).to_string(), &tokens).unwrap();
            passage.to_xml() + "\n"
        })
        .collect();
    let golden_path = format!("{}/tests/golden/{golden}", env!("CARGO_MANIFEST_DIR"));
    let expected = std::fs::read_to_string(&golden_path).unwrap_or_default();
    if xml != expected {
        let actual = std::env::temp_dir().join(format!("ucca-parser-{golden}.actual"));
        std::fs::write(&actual, &xml).unwrap();
        let line = xml
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .map_or(xml.lines().count().min(expected.lines().count()), |k| k);
        panic!(
            "the parse differs from {golden_path} from line {} on; this build's parse is in {}",
            line + 1,
            actual.display()
        );
    }
}

#[test]
fn bad_model_files_say_what_is_wrong() {
    let good =
        std::fs::read(gecbias_data::workspace_root().join(gecbias_data::location::UCCA_MODEL))
            .unwrap();
    // The committed file is exactly what this build writes for the model it reads.
    assert!(Model::from_bytes(&good, "m.bin").unwrap().to_bytes() == good);
    let message = |bytes: &[u8]| Model::from_bytes(bytes, "m.bin").unwrap_err().to_string();
    assert!(
        message(b"GIF89a").contains("truncated"),
        "{}",
        message(b"GIF89a")
    );
    assert!(message(b"PK\x03\x04 not a model").contains("wrong magic"));
    let mut version = good.clone();
    version[8] = 9;
    assert!(
        message(&version).contains("format version 9"),
        "{}",
        message(&version)
    );
    let truncated = &good[..good.len() - 100];
    assert!(
        message(truncated).contains("truncated or corrupt"),
        "{}",
        message(truncated)
    );
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    assert!(message(&flipped).contains("checksum"));
    assert!(message(&good[..20]).contains("truncated"));
    assert_eq!(&good[..8], MAGIC);
    let missing = Parser::load("/nonexistent/model.bin")
        .unwrap_err()
        .to_string();
    assert!(missing.contains("/nonexistent/model.bin"), "{missing}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_parse_is_a_valid_passage(
        tokens in prop::collection::vec("[a-zA-Z]{1,8}|[.,;!?\"'()-]|[0-9]{1,4}|[é東🙂]{1,2}", 1..40)
    ) {
        let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
        for parser in parsers() {
            let p = parser.parse(&refs).unwrap();
            check(&p, tokens.len());
        }
    }
}

#[test]
fn a_sentence_past_the_limit_is_refused_before_parsing() {
    let words: Vec<String> = (0..=ucca_parser::MAX_SENTENCE_TOKENS)
        .map(|i| format!("w{}", i % 40))
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let err = parser().parse(&words).unwrap_err().to_string();
    assert!(
        err.contains("2001 tokens") && err.contains("limit of 2000"),
        "{err}"
    );
}
