//! `samsa`: SAMSA's scenes and minimal centres on the native parser's passages of the sources
//! SAMSA is evaluated on — QATS test (126) and ASSET test (359, among them the sources of
//! Simplicity-DA's 600 rated outputs) — beside what EASSE 0.2.4's `easse/samsa.py` finds in the
//! same passages (`cargo xtask record samsa`, through `samsa_run.py`). The sources are
//! Moses-tokenised, case kept (EASSE's `normalize(…, lowercase=False, tokenizer="moses")`, as
//! `samsa_run.py` runs it), and parsed by the default parser (the BiLSTM).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::Context;
use gecbias_data::DataDir;
use gecbias_data::datasets::EASSE_DATA;
use gecbias_data::testing::lf_lines;
use indicatif::ProgressBar;
use serde::Serialize;
use simplification_metrics::{EasseTokenizer, Preprocessing};
use ucca_graph::Passage;
use ucca_parser::Parser;

use crate::harness::experiment::{Experiment, Report};

pub(crate) const EXPERIMENT: Experiment = Experiment::new("samsa", TITLE, inputs, run);
const TITLE: &str = "SAMSA's scenes and minimal centres on the native parser's passages of QATS and \
                     ASSET test sources, equal to EASSE's samsa.py on the same passages";

/// What EASSE's `samsa.py` found in the same passages (`cargo xtask record samsa`).
pub(crate) const RECORDED: &str = "xtask/recorded/samsa/scenes-parsed.jsonl";

/// The source sets: name, file (relative to the data folder).
const SETS: [(&str, &str); 2] = [
    ("qats", "test_sets/qats/qats.test.orig"),
    ("asset", "test_sets/asset/asset.test.orig"),
];

fn inputs(_: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut files: Vec<String> = SETS
        .iter()
        .map(|(_, file)| format!("{EASSE_DATA}/{file}"))
        .collect();
    files.push(format!("{EASSE_DATA}/test_sets/qats/qats.test.simp"));
    files.push(super::samsa_scores::DA.to_owned());
    files.push(super::samsa_scores::DA_METRICS.to_owned());
    Ok(files)
}

/// Every source Moses-tokenised, named `SET-NNNN` (from 1, in file order).
pub(crate) fn sources(data: &DataDir) -> Vec<(String, String)> {
    let moses = Preprocessing::new(false, EasseTokenizer::Moses);
    let mut out = Vec::new();
    for (set, file) in SETS {
        let path = data.root().join(EASSE_DATA).join(file);
        for (k, line) in lf_lines(&path).iter().enumerate() {
            out.push((format!("{set}-{:04}", k + 1), moses.apply(line)));
        }
    }
    out
}

/// Every source as the native parser parses it, named as [`sources`] names them.
pub(crate) fn parsed_sources(data: &DataDir) -> anyhow::Result<Vec<(String, Passage)>> {
    let parser = Parser::default_model()?;
    sources(data)
        .into_iter()
        .map(|(name, text)| {
            let tokens: Vec<&str> = text.split_whitespace().collect();
            let passage = parser.parse(&tokens).with_context(|| name.clone())?;
            Ok((name, passage))
        })
        .collect()
}

/// One source set's comparison.
#[derive(Debug, Default, Serialize)]
struct Counts {
    sources: usize,
    scenes: usize,
    equal_scenes: usize,
    equal_relations: usize,
    equal_participants: usize,
    /// Sources on which both raise the participants' `IndexError`.
    both_raise: usize,
}

fn run(data: &DataDir, _: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let recorded = std::fs::read_to_string(crate::workspace::root().join(RECORDED))
        .with_context(|| format!("{RECORDED}: run `cargo xtask record samsa`"))?;
    let expected: BTreeMap<String, serde_json::Value> = recorded
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let record: serde_json::Value = serde_json::from_str(l)?;
            let name = record["passage"].as_str().unwrap_or_default();
            Ok((name.trim_end_matches(".xml").to_owned(), record))
        })
        .collect::<anyhow::Result<_>>()?;
    let mut counts: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut differences = Vec::new();
    let parsed = parsed_sources(data)?;
    for (name, passage) in &parsed {
        let (name, passage) = (name.clone(), passage);
        let record = expected
            .get(&name)
            .with_context(|| format!("{name} is not recorded: run `cargo xtask record samsa`"))?;
        let set = if name.starts_with("qats") {
            "qats"
        } else {
            "asset"
        };
        let c = counts.entry(set).or_default();
        let scenes = ucca_samsa::scene_words(passage);
        let same = |ours: serde_json::Value, key: &str| ours == record[key];
        let equal = [
            same(serde_json::json!(scenes), "scenes"),
            same(
                serde_json::json!(ucca_samsa::relation_minimal_centres(passage)),
                "relations",
            ),
            match ucca_samsa::participant_minimal_centres(passage) {
                Ok(centres) => same(serde_json::json!(centres), "participants"),
                Err(_) => {
                    let raised = record["participants"]
                        .as_str()
                        .is_some_and(|e| e.starts_with("IndexError"));
                    c.both_raise += usize::from(raised);
                    raised
                }
            },
        ];
        c.sources += 1;
        c.scenes += scenes.len();
        c.equal_scenes += usize::from(equal[0]);
        c.equal_relations += usize::from(equal[1]);
        c.equal_participants += usize::from(equal[2]);
        if equal.contains(&false) {
            differences.push(name);
        }
        progress.inc(1);
    }
    anyhow::ensure!(
        differences.is_empty(),
        "SAMSA's parts differ from EASSE's on {differences:?}"
    );
    let passages: std::collections::HashMap<String, Passage> = parsed.into_iter().collect();
    let (identity, scored, outputs) = super::samsa_scores::identity(&passages)?;
    let bilstm = super::samsa_scores::agreement(data, &scored)?;
    let texts = sources(data).into_iter().collect();
    let perceptron_parser = Parser::builtin(ucca_parser::BuiltinModel::Perceptron)?;
    let scored = super::samsa_scores::scores_with(perceptron_parser, &texts, &outputs)?;
    let perceptron = super::samsa_scores::agreement(data, &scored)?;
    let tests = super::samsa_scores::test_sentences()?;
    let splits = super::samsa_scores::split_agreement(&outputs)?;
    let mut md = markdown(&counts);
    md.push_str(&super::samsa_scores::markdown(
        &identity,
        (&bilstm, &perceptron),
        (&tests, &splits),
    ));
    Ok(Report {
        markdown: md,
        json: serde_json::json!({
            "sets": counts, "identity": identity, "agreement_bilstm": bilstm,
            "agreement_perceptron": perceptron, "easse_tests": tests, "splits": splits,
        }),
        figures: Vec::new(),
    })
}

fn markdown(counts: &BTreeMap<&str, Counts>) -> String {
    let mut md = String::from(
        "Each source Moses-tokenised (case kept) and parsed by the native BiLSTM parser; the \
         passage written as UCCA XML and given to EASSE 0.2.4's `easse/samsa.py` through \
         `samsa_run.py` (`cargo xtask record samsa`). Simplicity-DA's 600 rated outputs \
         have 302 of ASSET test's sources.\n\n",
    );
    md.push_str(
        "| source set | passages | scenes | scenes equal | relations' minimal centres equal | \
         participants' minimal centres equal | of which both raise IndexError |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for (set, c) in counts {
        let _ = writeln!(
            md,
            "| {set} | {} | {} | {} | {} | {} | {} |",
            c.sources,
            c.scenes,
            c.equal_scenes,
            c.equal_relations,
            c.equal_participants,
            c.both_raise
        );
    }
    md
}
