//! The pipeline against spaCy's own analyses of the CoNLL-2014 and JFLEG dev sources and UD
//! English-EWT test, as `cargo xtask record spacy` recorded them (spaCy 3.8, `en_core_web_sm`
//! 3.8.0, tokens as given): every tag, POS, dependency label and head must be spaCy's, and so
//! must every lemma that `english-tagger`'s rule lemmatiser makes from this crate's POS and
//! tags. Every fourth JFLEG dev sentence, every eighth EWT test sentence and every tenth
//! CoNLL-2014 sentence in the test run; all of them under `cargo xtask slow-drop-in`.

use gecbias_data::testing::{data_or_skip, in_sample};
use gecbias_data::workspace_root;
use spacy_sm::Model;

/// How a data file holds its tokenised sentences.
#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// M2 `S` lines.
    M2,
    /// One sentence per line, tokens separated by spaces.
    Lines,
    /// CoNLL-U word forms.
    Conllu,
}

/// The tokenised sentences of a data file.
fn sentences(text: &str, layout: Layout) -> Vec<Vec<String>> {
    if layout == Layout::Conllu {
        return english_tagger::read_conllu(text, "conllu")
            .unwrap()
            .into_iter()
            .map(|s| s.into_iter().map(|w| w.form).collect())
            .collect();
    }
    text.lines()
        .filter_map(|l| {
            if layout == Layout::M2 {
                l.strip_prefix("S ")
            } else {
                Some(l)
            }
        })
        .map(|l| {
            let words: Vec<String> = l
                .split(' ')
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect();
            if words.is_empty() {
                vec![" ".to_owned()]
            } else {
                words
            }
        })
        .collect()
}

/// Counts, per field, the words whose value is spaCy's, and prints every sentence where one
/// is not.
#[derive(Default)]
struct Agreement {
    words: usize,
    same: [usize; 5],
}

impl Agreement {
    const FIELDS: [&str; 5] = ["tag", "POS", "lemma", "label", "head"];

    /// Adds one sentence: for each field, ours and spaCy's values.
    fn add(&mut self, words: &[&str], ours: [Vec<String>; 5], theirs: [Vec<String>; 5]) {
        self.words += words.len();
        for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(a.len(), b.len(), "{words:?}");
            let same = a.iter().zip(b).filter(|(x, y)| x == y).count();
            self.same[k] += same;
            if same != a.len() {
                eprintln!(
                    "{} of {words:?}\n  ours   {a:?}\n  spaCy  {b:?}",
                    Self::FIELDS[k]
                );
            }
        }
    }
}

#[test]
fn every_field_errant_reads_is_spacy_s_on_the_recorded_sources() {
    let Some(data) = data_or_skip("spaCy's recorded analyses") else {
        return;
    };
    let model =
        Model::read(workspace_root().join("models/spacy-en-core-web-sm/model.bin")).unwrap();
    // spaCy's rule lemmatiser as english-tagger writes it, fed this crate's POS and tags.
    let lemmatiser = english_tagger::Lemmatizer::default_model().unwrap();
    let mut agreement = Agreement::default();
    for (recording, file, layout, every) in [
        (
            "conll14-sources",
            "assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2",
            Layout::M2,
            10,
        ),
        (
            "jfleg-dev-sources",
            "assess_learner_language/data/jfleg/dev/dev.src",
            Layout::Lines,
            4,
        ),
        (
            "ewt-test",
            "ud_english_ewt/en_ewt-ud-test.conllu",
            Layout::Conllu,
            8,
        ),
    ] {
        let text = std::fs::read_to_string(data.join(file)).unwrap();
        let recorded = std::fs::read_to_string(
            workspace_root().join(format!("xtask/recorded/spacy/{recording}.tsv")),
        )
        .unwrap();
        let rows: Vec<&str> = recorded.lines().filter(|l| !l.starts_with('#')).collect();
        let sents = sentences(&text, layout);
        assert_eq!(rows.len(), sents.len(), "{recording}");
        for (index, (words, row)) in sents.iter().zip(rows).enumerate() {
            if !in_sample(index, every) {
                continue;
            }
            // The recording's columns: tags, POS, labels, lemma edits, heads.
            let column = |k: usize| -> Vec<String> {
                row.split('\t')
                    .nth(k)
                    .unwrap()
                    .split(' ')
                    .map(str::to_owned)
                    .collect()
            };
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let analysis = model.analyse(&words);
            let upos: Vec<&str> = analysis.pos.iter().map(String::as_str).collect();
            let xpos: Vec<&str> = analysis.tags.iter().map(String::as_str).collect();
            let edits = lemmatiser
                .lemmatize(&words, &upos, &xpos)
                .iter()
                .zip(&words)
                .map(|(l, w)| english_tagger::lemma_edit(w, l))
                .collect();
            let heads = analysis
                .parse
                .heads
                .iter()
                .map(ToString::to_string)
                .collect();
            agreement.add(
                &words,
                [
                    analysis.tags.clone(),
                    analysis.pos.clone(),
                    edits,
                    analysis.parse.labels.clone(),
                    heads,
                ],
                [column(0), column(1), column(3), column(2), column(4)],
            );
        }
    }
    for (field, same) in Agreement::FIELDS.iter().zip(agreement.same) {
        eprintln!("{field}: {same} of {} words", agreement.words);
    }
    assert_eq!(agreement.same, [agreement.words; 5]);
}
