//! `cargo xtask record dsari`: D-SARI as its authors' `D_SARI.py` computes it (GPL-3.0, in
//! `../shared/reference-tools/dsari/`, run in EASSE's venv for NLTK), on documents made from
//! EASSE's TurkCorpus legacy test set and its 20 tokenised lowercased system outputs:
//! `crates/simplification-metrics/tests/recorded/dsari.tsv`.

use std::path::Path;

use crate::workspace;
use gecbias_data::datasets::EASSE_DATA;

/// Where the values go.
const RECORDED: &str = "crates/simplification-metrics/tests/recorded/dsari.tsv";

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let python = super::easse::easse_python(&data, &root)?;
    let script = super::metric_zoo::script(
        "dsari_record.py",
        include_str!("reference_tools/dsari_record.py"),
    )?;
    let mut command = super::easse::easse_command(&python, &script, &root);
    command.arg(data.root().join(EASSE_DATA));
    let rows = super::metric_zoo::stdout_of(command, &script)?;
    let header = "# D_SARI.py's D_SARIsent (cargo xtask record dsari): system output, document (4 lines of TurkCorpus's legacy test set from the given index × 4), D-SARI, keep, delete, add.\n";
    super::write_recorded(&root, RECORDED, header, &rows, "documents")
}
