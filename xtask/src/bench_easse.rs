//! `cargo xtask bench easse`: `gecbias easse evaluate` against EASSE 0.2.4's `easse evaluate`,
//! whole process, both timed in one run. EASSE runs as a user runs it (through
//! `../shared/reference-tools/easse_run.py`, which only builds NLTK's data and stubs torch); ours is
//! the release command.

use std::process::Command;

use gecbias_data::DataDir;
use gecbias_data::datasets::EASSE_DATA;

use crate::bench_cli::release_gecbias;
use crate::bench_metric_zoo::compare_outputs;
use crate::workspace;

/// The command line: TurkCorpus test, BLEU, SARI, FKGL, SARI by operation and the
/// quality-estimation features.
const FLAGS: [&str; 5] = [
    "-t",
    "turkcorpus_test",
    "-m",
    "bleu,sari,fkgl,sari_by_operation",
    "-q",
];

/// The systems timed (the reference takes about 25 s each).
const SYSTEMS: [&str; 3] = ["Hybrid", "Dress-Ls", "ACCESS"];

pub(crate) fn run(data: &DataDir) -> anyhow::Result<()> {
    let root = workspace::root();
    let gecbias = release_gecbias(&root)?;
    let python = crate::record::easse::easse_python(data, &root)?;
    let outputs: Vec<(String, std::path::PathBuf)> = SYSTEMS
        .iter()
        .map(|system| {
            let folder = data
                .root()
                .join(EASSE_DATA)
                .join("system_outputs/turkcorpus/test");
            ((*system).to_owned(), folder.join(system))
        })
        .collect();
    compare_outputs(
        &format!("easse evaluate {}, whole process", FLAGS.join(" ")),
        &outputs,
        |output| {
            let mut theirs = Command::new(&python);
            theirs
                .env("EASSE_NLTK_DATA", root.join("target/easse-nltk-data"))
                .arg(root.join("../shared/reference-tools/easse_run.py"))
                .arg("evaluate")
                .args(FLAGS)
                .arg("-i")
                .arg(output);
            theirs
        },
        |output| {
            let mut ours = Command::new(&gecbias);
            ours.args(["easse", "evaluate"])
                .args(FLAGS)
                .arg("--data")
                .arg(data.root())
                .arg("-i")
                .arg(output);
            ours
        },
        100.0,
    )
}
