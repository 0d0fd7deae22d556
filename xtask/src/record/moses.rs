//! `cargo xtask record moses`: sacremoses' Moses and Penn Treebank tokenizers, as EASSE's `-tok
//! moses` (sacremoses 0.2.0, in EASSE's venv) and `-tok penn` (sacremoses 0.0.53, whose
//! `penn_tokenize` still runs, in a venv of its own) call them:
//! * the tables gecbias's tokenizer reads (Perl's Unicode classes, the English nonbreaking
//!   prefixes): `crates/simplification-metrics/src/moses/`;
//! * the digest of every tokenized file of EASSE's ASSET, TurkCorpus and PWKP test sets and system
//!   outputs, as written and lowercased: `crates/simplification-metrics/tests/recorded/moses-penn-tokens.tsv`.

use std::path::Path;
use std::process::Command;

use crate::workspace;
use gecbias_data::datasets::EASSE_DATA;

/// Where the digests go.
pub(crate) const RECORDED: &str =
    "crates/simplification-metrics/tests/recorded/moses-penn-tokens.tsv";

/// Where the tables go.
const TABLES: &str = "crates/simplification-metrics/src/moses";

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let easse = data.root().join(EASSE_DATA);
    let moses = super::easse::easse_python(&data, &root)?;
    let penn = super::python_venv::python(
        "sacremoses-0.0.53-venv",
        "import sacremoses; assert sacremoses.__version__ == '0.0.53'",
        &[&["sacremoses==0.0.53"]],
    )?;
    let tables = super::metric_zoo::script(
        "moses_tables.py",
        include_str!("reference_tools/moses_tables.py"),
    )?;
    let mut command = Command::new(&moses);
    command
        .arg(&tables)
        .arg(root.join(TABLES).join("perluniprops.txt"))
        .arg(root.join(TABLES).join("nonbreaking_prefix.en"));
    super::succeeded(command, &tables.display().to_string())?;
    let script = super::metric_zoo::script(
        "moses_tokens.py",
        include_str!("reference_tools/moses_tokens.py"),
    )?;
    let mut rows = String::new();
    for (python, name) in [(&moses, "moses"), (&penn, "penn")] {
        let mut command = Command::new(python);
        command.arg(&script).arg(&easse).arg(name);
        let output = super::succeeded(command, &script.display().to_string())?;
        rows.push_str(&String::from_utf8(output.stdout)?);
    }
    let header = "# sacremoses' tokenizations (cargo xtask record moses; moses: 0.2.0, escape=False; penn: 0.0.53): file (relative to EASSE's data folder), tokenizer, lowercase, lines, SHA-256 of the tokenized lines each followed by a newline.\n";
    super::write_recorded(&root, RECORDED, header, &rows, "files and casings")
}
