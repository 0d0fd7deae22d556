//! The resolution order of the data directory.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::Error;

/// The environment variable that names the data directory.
pub const DATA_ENV: &str = "GECBIAS_DATA";

/// Which rule of the resolution order proposed a candidate directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// `--data DIR` on the command line.
    Flag,
    /// The `GECBIAS_DATA` environment variable.
    Environment,
    /// `./data` (relative to the base directory).
    LocalData,
    /// `../shared/data` (relative to the base directory).
    SharedData,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::Flag => "--data",
            Origin::Environment => "$GECBIAS_DATA",
            Origin::LocalData => "./data",
            Origin::SharedData => "../shared/data",
        })
    }
}

/// One directory the resolution order looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The directory, already joined to the base directory when it was relative.
    pub path: PathBuf,
    /// The rule that proposed it.
    pub origin: Origin,
}

/// The resolved data directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataDir {
    root: PathBuf,
    origin: Origin,
}

impl DataDir {
    /// Resolves the data directory for a command run from `base`: `flag` if given, else
    /// `$GECBIAS_DATA`, else `base/data`, else `base/../shared/data`. Relative paths from the
    /// environment are taken relative to `base`; a relative `flag` is taken as the user typed it
    /// (relative to the process's working directory).
    pub fn resolve(flag: Option<&Path>, base: &Path) -> Result<DataDir, Error> {
        Self::resolve_from(candidates(flag, std::env::var_os(DATA_ENV), base))
    }

    /// Resolves for a test: like [`DataDir::resolve`] without a flag, relative to the workspace
    /// root (tests run with the crate directory as working directory, so `../shared/data` and a
    /// relative `$GECBIAS_DATA` are anchored at the workspace root instead).
    pub fn resolve_for_tests() -> Result<DataDir, Error> {
        Self::resolve(None, &workspace_root())
    }

    /// Picks the first candidate that is a directory. A directory named explicitly (`--data` or
    /// `$GECBIAS_DATA`) that does not exist is an error rather than a reason to fall back to the
    /// defaults: the user asked for that data. A default one (`./data`, `../shared/data`) that
    /// holds nothing but a fetch's clones is passed over, so an interrupted or failed fetch never
    /// hides the data further down the order.
    pub fn resolve_from(mut candidates: Vec<Candidate>) -> Result<DataDir, Error> {
        for (i, c) in candidates.iter().enumerate() {
            let explicit = matches!(c.origin, Origin::Flag | Origin::Environment);
            if c.path.is_dir() && (explicit || holds_data(&c.path)) {
                return Ok(DataDir {
                    root: c.path.clone(),
                    origin: c.origin,
                });
            }
            if matches!(c.origin, Origin::Flag | Origin::Environment) {
                candidates.truncate(i + 1);
                break;
            }
        }
        Err(Error::NotFound { tried: candidates })
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Which rule found it.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// A path inside the data directory, from a `/`-separated relative path such as
    /// `usim_annotations/tree1197.xml`.
    pub fn join(&self, relative: &str) -> PathBuf {
        relative
            .split('/')
            .fold(self.root.clone(), |path, part| path.join(part))
    }

    /// The files directly in the relative directory `dir` (not in its subdirectories) whose names
    /// end in `suffix`, as sorted `/`-separated paths relative to the data directory.
    pub fn files_in(&self, dir: &str, suffix: &str) -> Result<Vec<String>, Error> {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        let mut out = self.files_under(dir, suffix)?;
        out.retain(|p| !p[prefix.len()..].contains('/'));
        Ok(out)
    }

    /// The files below the relative directory `dir` (recursively) whose names end in `suffix`, as
    /// sorted `/`-separated paths relative to the data directory.
    pub fn files_under(&self, dir: &str, suffix: &str) -> Result<Vec<String>, Error> {
        let mut out = Vec::new();
        let mut pending = vec![dir.trim_end_matches('/').to_owned()];
        while let Some(rel) = pending.pop() {
            let full = self.join(&rel);
            let entries = std::fs::read_dir(&full).map_err(|source| Error::Io {
                path: full.clone(),
                source,
            })?;
            for entry in entries {
                let entry = entry.map_err(|source| Error::Io {
                    path: full.clone(),
                    source,
                })?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let child = format!("{rel}/{name}");
                if entry.path().is_dir() {
                    pending.push(child);
                } else if name.ends_with(suffix) {
                    out.push(child);
                }
            }
        }
        out.sort();
        Ok(out)
    }
}

/// Whether `dir` holds anything but a fetch's working folder (`.fetch`).
fn holds_data(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .is_ok_and(|mut entries| entries.any(|e| e.is_ok_and(|e| e.file_name() != ".fetch")))
}

/// The candidates of the resolution order, in order. `env` is the value of `$GECBIAS_DATA`
/// (passed in so the order can be tested without touching the process environment); an empty
/// value counts as unset.
pub fn candidates(flag: Option<&Path>, env: Option<OsString>, base: &Path) -> Vec<Candidate> {
    let mut out = Vec::with_capacity(4);
    if let Some(flag) = flag {
        out.push(Candidate {
            path: flag.to_path_buf(),
            origin: Origin::Flag,
        });
    }
    if let Some(env) = env.filter(|v| !v.is_empty()) {
        out.push(Candidate {
            path: base.join(env),
            origin: Origin::Environment,
        });
    }
    out.push(Candidate {
        path: base.join("data"),
        origin: Origin::LocalData,
    });
    out.push(Candidate {
        path: base.join("..").join("shared").join("data"),
        origin: Origin::SharedData,
    });
    out
}

/// The environment variable that sets the seed of the `gecbias` command's resampling (sacrebleu's
/// convention; default 12345).
pub const SEED_ENV: &str = "GECBIAS_SEED";

/// The committed UCCA parser model, relative to the workspace root (where `cargo xtask
/// train-parser` writes it; programs read the copy built into them, see `gecbias-resources`).
pub const UCCA_MODEL: &str = "models/ucca-wiki-v1.2/model.bin";

/// The committed neural UCCA parser model (a BiLSTM with an MLP, `cargo xtask train-parser
/// --classifier bilstm --tagger-inputs`), relative to the workspace root; programs read it where
/// `--parser-model` names it.
pub const UCCA_BILSTM_MODEL: &str = "models/ucca-wiki-bilstm/model.bin";

/// The workspace root, known at compile time from this crate's own location
/// (`<root>/crates/gecbias-data`): for tests and `cargo xtask`, which run inside a clone. Nothing
/// an installed program reads is found through it (models and linguistic resources are built
/// into the program by `gecbias-resources`).
pub fn workspace_root() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .ancestors()
        .nth(2)
        .unwrap_or(crate_dir)
        .to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_flag_env_local_shared() {
        let base = Path::new("/base");
        let got = candidates(Some(Path::new("/flag")), Some("rel/env".into()), base);
        let origins: Vec<Origin> = got.iter().map(|c| c.origin).collect();
        assert_eq!(
            origins,
            [
                Origin::Flag,
                Origin::Environment,
                Origin::LocalData,
                Origin::SharedData
            ]
        );
        assert_eq!(got[1].path, Path::new("/base/rel/env"));
        assert_eq!(got[3].path, Path::new("/base/../shared/data"));
    }

    #[test]
    fn absolute_env_is_kept_and_empty_env_is_unset() {
        let base = Path::new("/base");
        let abs = candidates(None, Some("/abs".into()), base);
        assert_eq!(abs[0].path, Path::new("/abs"));
        let empty = candidates(None, Some("".into()), base);
        assert_eq!(empty[0].origin, Origin::LocalData);
    }

    #[test]
    fn listing_recursively_or_not() {
        let data = DataDir::resolve_from(vec![Candidate {
            path: workspace_root(),
            origin: Origin::Flag,
        }])
        .unwrap();
        let deep = data.files_under("crates/gecbias-data", ".rs").unwrap();
        assert!(deep.contains(&"crates/gecbias-data/src/lib.rs".to_owned()));
        assert!(
            data.files_in("crates/gecbias-data", ".rs")
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            data.files_in("crates/gecbias-data/src", "lib.rs").unwrap(),
            ["crates/gecbias-data/src/lib.rs"]
        );
    }

    #[test]
    fn a_default_directory_with_only_a_fetch_in_it_is_passed_over() {
        let scratch = std::env::temp_dir().join(format!("gecbias-resolve-{}", std::process::id()));
        let (local, shared) = (scratch.join("data"), scratch.join("shared"));
        std::fs::create_dir_all(local.join(".fetch")).unwrap();
        std::fs::create_dir_all(shared.join("usim_annotations")).unwrap();
        let at = |path: &Path, origin| Candidate {
            path: path.to_path_buf(),
            origin,
        };
        let found = DataDir::resolve_from(vec![
            at(&local, Origin::LocalData),
            at(&shared, Origin::SharedData),
        ])
        .unwrap();
        assert_eq!(found.origin(), Origin::SharedData);
        // Named explicitly, it is what the user asked for, empty or not.
        let named = DataDir::resolve_from(vec![at(&local, Origin::Environment)]).unwrap();
        assert_eq!(named.root(), local);
        let _ = std::fs::remove_dir_all(&scratch);
    }

    #[test]
    fn first_existing_directory_wins_and_misses_list_every_path() {
        let here = workspace_root();
        let candidate = |dir: &str, origin| Candidate {
            path: here.join(dir),
            origin,
        };
        let found = DataDir::resolve_from(vec![
            candidate("no-such-directory", Origin::LocalData),
            candidate("crates", Origin::SharedData),
        ])
        .unwrap();
        assert_eq!(found.origin(), Origin::SharedData);
        assert_eq!(
            found.join("gecbias-data/src"),
            here.join("crates/gecbias-data/src")
        );

        let explicit = DataDir::resolve_from(vec![
            candidate("no-such-directory", Origin::Flag),
            candidate("crates", Origin::LocalData),
        ]);
        let Err(Error::NotFound { tried }) = explicit else {
            panic!("a missing --data directory must not fall back to the defaults")
        };
        assert_eq!(tried.len(), 1);

        let missing = vec![Candidate {
            path: here.join("no-such-directory"),
            origin: Origin::Environment,
        }];
        let err = DataDir::resolve_from(missing).unwrap_err().to_string();
        assert!(err.contains("no-such-directory ($GECBIAS_DATA)"), "{err}");
    }
}
