//! Where the workspace and the research data are, for every task.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use gecbias_data::{DataDir, provenance};

/// The workspace root (this crate is `<root>/xtask`).
pub(crate) fn root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// The data directory: `--data` relative to the current directory, the other candidates relative
/// to the workspace root, so that the command works from any subdirectory.
pub(crate) fn data_dir(flag: Option<&Path>) -> anyhow::Result<DataDir> {
    let cwd = std::env::current_dir().context("reading the current directory")?;
    let flag = flag.map(|f| cwd.join(f));
    let data = DataDir::resolve(flag.as_deref(), &root()).map_err(|e| {
        anyhow::anyhow!(
            "{e}\nfetch the data with `cargo xtask data fetch` (it builds ./data from the public \
             repositories; git and network access needed)"
        )
    })?;
    if !provenance::SOURCES
        .iter()
        .any(|s| data.join(s.folder).is_dir())
    {
        bail!(
            "{} ({}) is not a gecbias data directory: none of its folders ({}) is in it; the README's \
             `cargo xtask data fetch --into DIR` builds one",
            data.root().display(),
            data.origin(),
            provenance::SOURCES
                .iter()
                .map(|s| s.folder)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(data)
}
