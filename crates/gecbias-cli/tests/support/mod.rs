//! The command, and input files written for a test: one temporary folder per test binary and
//! process.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `gecbias` command run with `args`; its output.
pub(crate) fn gecbias(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .output()
        .unwrap()
}

/// The folder: `gecbias-<test binary>-<process id>` in the temporary directory.
pub(crate) fn dir() -> PathBuf {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("gecbias-{binary}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `bytes` to `name` in [`dir`]; its path.
pub(crate) fn file(name: &str, bytes: &[u8]) -> String {
    let path = dir().join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}
