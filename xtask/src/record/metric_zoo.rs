//! `cargo xtask record metric-zoo`: the model-free metrics' reference implementations run on the
//! real data, their numbers committed for the crates' tests. GREEN: gec-metrics'
//! `metrics/green.py` (from `../shared/reference-tools/gec-metrics`, loaded without the package's
//! neural imports) on the 14 CoNLL-2014 systems against NUCLE's two annotators and on JFLEG dev's
//! five outputs against its four references, in four configurations; each line keeps the corpus
//! score and the SHA-256 of the sentence scores' reprs
//! (`crates/gec-metrics/tests/recorded/green.tsv`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use gecbias_data::datasets::{CONLL_PARAGRAPHS, CONLL_REFERENCES, JFLEG_DEV, JFLEG_DEV_OUTPUTS};

use super::CONLL_SYSTEMS;
use crate::workspace;

/// Where the GREEN numbers go.
const GREEN: &str = "crates/gec-metrics/tests/recorded/green.tsv";

/// The interpreter of the reference implementations' environment, gec-metrics' package folder
/// and the GREEN driver script.
pub(crate) fn reference() -> anyhow::Result<(PathBuf, PathBuf, PathBuf)> {
    let python = python()?;
    let gec_metrics =
        workspace::root().join("../shared/reference-tools/gec-metrics/src/gec_metrics");
    let work = workspace::root().join("target/metric-zoo");
    std::fs::create_dir_all(&work)?;
    let script = work.join("green_record.py");
    std::fs::write(&script, include_str!("reference_tools/green_record.py"))?;
    Ok((python, gec_metrics, script))
}

/// The interpreter of the reference implementations' environment, `target/metric-zoo-venv`:
/// what gec-metrics' model-free modules import, and Koyama's `gleu` package with its commands.
pub(crate) fn python() -> anyhow::Result<PathBuf> {
    super::python_venv::python(
        "metric-zoo-venv",
        "import numpy, trueskill, gecommon, gleu",
        &[&["numpy", "trueskill", "gecommon", "gleu==1.1.0"]],
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
        let out = Command::new(&python)
            .arg(&script)
            .arg(&gec_metrics)
            .arg(&source)
            .arg(&references)
            .args(&outputs)
            .output()
            .with_context(|| format!("running {}", script.display()))?;
        if !out.status.success() {
            bail!(
                "{} failed: {}",
                script.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        table.push_str(&String::from_utf8(out.stdout)?);
    }
    let path = workspace::root().join(GREEN);
    std::fs::write(&path, table)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
