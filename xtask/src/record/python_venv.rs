//! The Python environments the `record` commands run reference tools in: made under `target/` on
//! first use, never dependencies of the product.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, bail};

use crate::workspace;

/// The interpreter of the virtual environment `target/<name>` in which the Python statement
/// `probe` succeeds: when it does not, the environment is made and each of `installs` (pip
/// arguments) installed in turn.
pub(crate) fn python(name: &str, probe: &str, installs: &[&[&str]]) -> anyhow::Result<PathBuf> {
    let venv = workspace::root().join("target").join(name);
    let python = venv.join("bin/python");
    let ready = Command::new(&python)
        .args(["-c", probe])
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        let run = |c: &mut Command| -> anyhow::Result<()> {
            if !c.status().with_context(|| format!("{c:?}"))?.success() {
                bail!("{c:?} failed");
            }
            Ok(())
        };
        run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
        for install in installs {
            run(Command::new(&python)
                .args(["-m", "pip", "install", "-q"])
                .args(*install))?;
        }
    }
    Ok(python)
}
