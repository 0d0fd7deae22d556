//! Where the research data is, for every task that reads it.

use std::path::Path;

use anyhow::{Context, bail};
use gecbias_data::{DataDir, provenance};

use crate::workspace_root;

/// The data directory: `--data` relative to the current directory, the other candidates relative
/// to the workspace root, so that the command works from any subdirectory.
pub(crate) fn resolve(flag: Option<&Path>) -> anyhow::Result<DataDir> {
    let cwd = std::env::current_dir().context("reading the current directory")?;
    let flag = flag.map(|f| cwd.join(f));
    let data = DataDir::resolve(flag.as_deref(), &workspace_root()).map_err(|e| {
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
