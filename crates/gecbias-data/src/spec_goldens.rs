//! The machine-readable goldens of the specs, committed under `goldens/` in the workspace root:
//! values the reference implementations and the authors' code computed, which tests and reports
//! compare against. Not research data: they travel with the repository, so a clone without the
//! specs beside it (`../shared/specs/goldens`, where they were first recorded) tests and
//! reproduces the same.

use std::path::PathBuf;

use crate::Error;
use crate::location::workspace_root;

/// The committed goldens folder, `<workspace>/goldens`.
pub fn dir() -> PathBuf {
    workspace_root().join("goldens")
}

/// The specs' own goldens folder beside the workspace (`../shared/specs/goldens`), from which
/// [`dir`] was copied; absent on a user's machine.
pub fn specs_dir() -> PathBuf {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The relative paths of every file under `root` but its README, sorted.
    fn files_under(root: &std::path::Path) -> std::io::Result<Vec<PathBuf>> {
        let mut out = Vec::new();
        let mut stack = vec![PathBuf::new()];
        while let Some(rel) = stack.pop() {
            for entry in std::fs::read_dir(root.join(&rel))? {
                let entry = entry?;
                let path = rel.join(entry.file_name());
                if entry.file_type()?.is_dir() {
                    stack.push(path);
                } else if path != std::path::Path::new("README.md") {
                    out.push(path);
                }
            }
        }
        out.sort();
        Ok(out)
    }

    #[test]
    fn the_committed_goldens_are_the_specs_goldens() {
        let committed = files_under(&dir()).unwrap();
        assert!(committed.len() >= 20, "{committed:?}");
        let specs = specs_dir();
        let Some(theirs) = crate::testing::or_skip(
            files_under(&specs).map_err(|e| format!("{}: {e}", specs.display())),
            "the committed goldens against the specs' own",
        ) else {
            return;
        };
        assert_eq!(committed, theirs);
        for rel in &committed {
            let (ours, specs) = (dir().join(rel), specs.join(rel));
            assert!(
                std::fs::read(&ours).unwrap() == std::fs::read(&specs).unwrap(),
                "{} differs from {}",
                ours.display(),
                specs.display()
            );
        }
    }
}
