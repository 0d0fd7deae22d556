//! The machine-readable goldens of the specs, committed under `goldens/` in the workspace root:
//! values the reference implementations and the authors' code computed, which tests and reports
//! compare against. Not research data: they travel with the repository, so a clone without the
//! specs beside it (`../shared/specs/goldens`, where they were first recorded) tests and
//! reproduces the same. The specs' hand-made toy inputs are not here but with the tests that
//! read them (`crates/*/tests/fixtures/`).

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

    /// Where the repository keeps its copy of the specs' golden `rel`: under `goldens/`, except
    /// the hand-made toy inputs, which are the fixtures of the tests that read them.
    fn committed_copy(rel: &std::path::Path) -> PathBuf {
        let root = workspace_root();
        if rel.starts_with("usim_mini") {
            root.join("crates/usim/tests/fixtures").join(rel)
        } else if rel.to_string_lossy().starts_with("m2_toy_") {
            root.join("crates/gec-metrics/tests/fixtures").join(rel)
        } else {
            dir().join(rel)
        }
    }

    #[test]
    fn the_committed_goldens_are_the_specs_goldens() {
        let committed = files_under(&dir()).unwrap();
        assert!(committed.len() >= 15, "{committed:?}");
        let specs = specs_dir();
        let Some(theirs) = crate::testing::or_skip(
            files_under(&specs).map_err(|e| format!("{}: {e}", specs.display())),
            "the committed goldens against the specs' own",
        ) else {
            return;
        };
        // Nothing under goldens/ that the specs lack, and a copy of every file they hold.
        assert!(
            committed.iter().all(|c| theirs.contains(c)),
            "{committed:?}"
        );
        for rel in &theirs {
            let (ours, specs) = (committed_copy(rel), specs.join(rel));
            let copy = std::fs::read(&ours).unwrap_or_else(|e| {
                panic!("{}: {e} (a copy of {})", ours.display(), specs.display())
            });
            assert!(
                copy == std::fs::read(&specs).unwrap(),
                "{} differs from {}",
                ours.display(),
                specs.display()
            );
        }
    }
}
