//! spaCy's tokenizer against spaCy 3.8 itself: hand-made lines that exercise each rule
//! (`tests/fixtures/tokenizer.txt`: each line of text followed by spaCy's tokens of it, separated
//! by U+001F, each with `_` when a space follows it; written by `nlp.tokenizer(line)` with
//! `en_core_web_sm` 3.8.0), and the raw text `cargo xtask record spacy` had spaCy tokenise and
//! analyse — UD English-EWT test's sentences and the JFLEG dev and CoNLL-2014 sources — whose
//! tokens, spaces and analyses must all be spaCy's (every fifth line in the test run, all under
//! `cargo xtask slow-drop-in`).

use gecbias_data::testing::{data_or_skip, in_sample};
use gecbias_data::workspace_root;
use spacy_sm::Model;

fn shown(model: &Model, text: &str) -> String {
    model
        .tokenize(text)
        .iter()
        .map(|w| format!("{}{}", w.text, if w.space { "_" } else { "" }))
        .collect::<Vec<_>>()
        .join("\u{1f}")
}

#[test]
fn the_hand_made_lines_are_tokenised_as_spacy_tokenises_them() {
    let model = Model::builtin().unwrap();
    let fixture = std::fs::read_to_string(format!(
        "{}/tests/fixtures/tokenizer.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let lines: Vec<&str> = fixture.lines().collect();
    assert_eq!(lines.len(), 114);
    for pair in lines.chunks_exact(2) {
        assert_eq!(shown(&model, pair[0]), pair[1], "{:?}", pair[0]);
    }
    // The cases the EWT tokenizer got wrong (issue 48), spelled out.
    assert_eq!(shown(&model, "3-D"), "3\u{1f}-\u{1f}D");
    assert_eq!(shown(&model, "doesen't"), "doesen't");
    assert_eq!(shown(&model, "''"), "''");
}

/// Per field, the tokens whose value is spaCy's.
#[derive(Default, Debug, PartialEq, Eq)]
struct Counts {
    lines: usize,
    same_tokens: usize,
    tokens: usize,
    same: [usize; 5],
}

#[test]
fn recorded_raw_text_is_tokenised_and_analysed_as_spacy_does() {
    let Some(data) = data_or_skip("spaCy's recorded raw-text analyses") else {
        return;
    };
    let model = Model::builtin().unwrap();
    let lemmatiser = english_tagger::Lemmatizer::default_model().unwrap();
    let mut counts = Counts::default();
    for (recording, file, conllu) in [
        (
            "ewt-test-text",
            "ud_english_ewt/en_ewt-ud-test.conllu",
            true,
        ),
        (
            "jfleg-dev-text",
            "assess_learner_language/data/jfleg/dev/dev.src",
            false,
        ),
        (
            "conll14-text",
            "assess_learner_language/data/paragraphs/conll.tok.orig",
            false,
        ),
    ] {
        let text = std::fs::read_to_string(data.join(file)).unwrap();
        let lines: Vec<&str> = text
            .lines()
            .filter_map(|l| {
                if conllu {
                    l.strip_prefix("# text = ")
                } else {
                    Some(l)
                }
            })
            .filter(|l| !l.trim().is_empty())
            .collect();
        let recorded = std::fs::read_to_string(
            workspace_root().join(format!("xtask/recorded/spacy/{recording}.tsv")),
        )
        .unwrap();
        let rows: Vec<&str> = recorded.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(rows.len(), lines.len(), "{recording}");
        for (index, (line, row)) in lines.iter().zip(rows).enumerate() {
            if !in_sample(index, 5) {
                continue;
            }
            let columns: Vec<Vec<&str>> = row.split('\t').map(|c| c.split(' ').collect()).collect();
            let (words, analysis) = model.analyse_text(line);
            counts.lines += 1;
            let shape: Vec<String> = words
                .iter()
                .map(|w| {
                    format!(
                        "{}{}",
                        w.text.chars().count(),
                        if w.space { "_" } else { "" }
                    )
                })
                .collect();
            if shape != columns[5] {
                eprintln!(
                    "{recording}: {line:?}\n  ours   {shape:?}\n  spaCy  {:?}",
                    columns[5]
                );
                continue;
            }
            counts.same_tokens += 1;
            counts.tokens += words.len();
            let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
            let upos: Vec<&str> = analysis.pos.iter().map(String::as_str).collect();
            let xpos: Vec<&str> = analysis.tags.iter().map(String::as_str).collect();
            let edits: Vec<String> = lemmatiser
                .lemmatize(&texts, &upos, &xpos)
                .iter()
                .zip(&texts)
                .map(|(l, w)| english_tagger::lemma_edit(w, l))
                .collect();
            let heads: Vec<String> = analysis
                .parse
                .heads
                .iter()
                .map(ToString::to_string)
                .collect();
            let ours = [
                &analysis.tags,
                &analysis.pos,
                &analysis.parse.labels,
                &edits,
                &heads,
            ];
            for (k, (a, b)) in ours.iter().zip(&columns).enumerate() {
                let same = a.iter().zip(b).filter(|(x, y)| x == y).count();
                counts.same[k] += same;
                if same != a.len() {
                    eprintln!("{recording} field {k}: {line:?}\n  ours   {a:?}\n  spaCy  {b:?}");
                }
            }
        }
    }
    eprintln!("{counts:?}");
    assert_eq!(counts.same_tokens, counts.lines);
    assert_eq!(counts.same, [counts.tokens; 5]);
}
