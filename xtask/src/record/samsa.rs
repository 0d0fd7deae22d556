//! `cargo xtask record samsa-scenes`: what SAMSA's reference code (EASSE 0.2.4's `easse/samsa.py`,
//! imported through `../shared/reference-tools/samsa_run.py`, which stubs TUPA and CoreNLP) finds
//! in the gold passages of the UCCA Wiki corpus's development and test splits: each passage's
//! scenes, its main relations' and participants' minimal centres (or the exception the code
//! raises), one JSON line per passage: `crates/samsa/tests/recorded/scenes-wiki.jsonl`.

use std::path::Path;
use std::process::Command;

use gecbias_data::datasets::UccaSplit;

use crate::workspace;

/// Where the records go.
const RECORDED: &str = "crates/samsa/tests/recorded/scenes-wiki.jsonl";

/// The records' first line.
const HEADER: &str = "# SAMSA's reference code (EASSE 0.2.4 through samsa_run.py; cargo xtask record samsa-scenes) on the UCCA Wiki corpus's dev and test passages: scenes, relations' and participants' minimal centres.\n";

/// The interpreter of `target/samsa-venv`: `ucca` 1.3.11 without its pinned spaCy, `nltk`, and
/// what EASSE's modules import (`samsa_run.py`'s docstring).
fn samsa_python() -> anyhow::Result<std::path::PathBuf> {
    super::python_venv::python(
        "samsa-venv",
        "import ucca, nltk, sacremoses",
        &[
            &["--no-deps", "ucca==1.3.11"],
            &[
                "nltk",
                "numpy",
                "tqdm",
                "requests",
                "click",
                "joblib",
                "regex",
                "defusedxml",
                "sacremoses==0.2.0",
            ],
        ],
    )
}

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let python = samsa_python()?;
    let script = super::metric_zoo::script(
        "samsa_scenes_record.py",
        include_str!("reference_tools/samsa_scenes_record.py"),
    )?;
    let mut command = Command::new(python);
    command
        .arg("-B")
        .arg(&script)
        .env("SAMSA_RUN_DIR", root.join("../shared/reference-tools"));
    for split in [UccaSplit::WikiDev, UccaSplit::WikiTest] {
        for file in split.files(&data)? {
            command.arg(data.join(&file));
        }
    }
    let rows = super::metric_zoo::stdout_of(command, &script)?;
    super::write_recorded(&root, RECORDED, HEADER, &rows, "passages")
}
