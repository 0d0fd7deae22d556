//! The machine-readable goldens of the specs (`../shared/specs/goldens` beside the workspace):
//! values the reference implementations computed, which tests and reports compare against. Not
//! research data — they are read from the specs, never from the data directory.

use std::path::PathBuf;

use crate::Error;
use crate::location::workspace_root;

/// The goldens folder.
pub fn dir() -> PathBuf {
    workspace_root().join("../shared/specs/goldens")
}

/// The text of golden file `name`.
pub fn text(name: &str) -> Result<String, Error> {
    let path = dir().join(name);
    std::fs::read_to_string(&path).map_err(|source| Error::Io { path, source })
}

/// The rows of a tab-separated golden table: `#` comment lines and the header row left out,
/// each row split at tabs.
pub fn rows(name: &str) -> Result<Vec<Vec<String>>, Error> {
    Ok(text(name)?
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect())
}
