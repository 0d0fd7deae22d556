//! The data manifest: every file the project reads, with its size and SHA-256, so a run can prove
//! it reads the very files the goldens in `../shared/specs` were computed on.
//!
//! Format (UTF-8, one file per line, `#` lines are comments, the first other line is the header;
//! a line ending in `/` without a tab names the folder of the files below it, `./` the data
//! directory itself):
//!
//! ```text
//! path<TAB>bytes<TAB>sha256
//! usim_annotations/
//! tree1197.xml<TAB>123456<TAB>q1b2…=
//! ```
//!
//! A file's path is its folder's and its name, `/`-separated and relative to the data directory.
//! The digest is written in base64 (RFC 4648, padded — the form of Subresource Integrity) rather
//! than hex, and folders once rather than on every line: the project reads about nine thousand
//! files, and either would push the committed manifest past 1 MB.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use sha2::{Digest, Sha256};

use crate::{DataDir, Error};

const HEADER: &str = "path\tbytes\tsha256";

/// One file of the data: where it is, how long it is, and its SHA-256 digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestEntry {
    /// `/`-separated path relative to the data directory.
    pub path: String,
    /// File size in bytes.
    pub bytes: u64,
    /// SHA-256 of the file's bytes.
    pub sha256: [u8; 32],
}

impl ManifestEntry {
    /// Reads the file `path` below `data` and records its size and digest.
    pub fn of_file(data: &DataDir, path: &str) -> Result<ManifestEntry, Error> {
        let full = data.join(path);
        let bytes = std::fs::read(&full).map_err(|source| Error::Io { path: full, source })?;
        Ok(ManifestEntry::of_bytes(path, &bytes))
    }

    /// The entry of a file at `path` whose content is `bytes`.
    pub fn of_bytes(path: &str, bytes: &[u8]) -> ManifestEntry {
        ManifestEntry {
            path: path.to_owned(),
            bytes: bytes.len() as u64,
            sha256: Sha256::digest(bytes).into(),
        }
    }

    /// The digest as the manifest writes it (base64, RFC 4648, padded).
    pub fn digest_base64(&self) -> String {
        BASE64.encode(self.sha256)
    }
}

/// The SHA-256 digest of `bytes` in base64 (RFC 4648, padded), as the manifest records files —
/// also how recorded reference outputs that quote the data are kept without committing it.
pub fn sha256_base64(bytes: &[u8]) -> String {
    BASE64.encode(<[u8; 32]>::from(Sha256::digest(bytes)))
}

/// The list of data files, sorted by path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    entries: Vec<ManifestEntry>,
}

/// A manifest file whose current size or digest differs from the recorded one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The recorded entry.
    pub expected: ManifestEntry,
    /// What the file is now.
    pub found: ManifestEntry,
}

/// The outcome of checking a data directory against a manifest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verification {
    /// Files present with the recorded size and digest.
    pub matching: usize,
    /// Recorded files that do not exist (or cannot be read) in the data directory.
    pub missing: Vec<String>,
    /// Recorded files whose size or digest differs.
    pub changed: Vec<Changed>,
}

impl Verification {
    /// True when every recorded file is present and unchanged.
    pub fn is_ok(&self) -> bool {
        self.missing.is_empty() && self.changed.is_empty()
    }
}

impl Manifest {
    /// A manifest of the given entries (sorted by path, duplicates removed).
    pub fn new(mut entries: Vec<ManifestEntry>) -> Manifest {
        entries.sort_by(|a, b| a.path.cmp(&b.path));
        entries.dedup_by(|a, b| a.path == b.path);
        Manifest { entries }
    }

    /// Records the files below `data` at the given relative paths.
    pub fn of_files<'a>(
        data: &DataDir,
        paths: impl IntoIterator<Item = &'a str>,
    ) -> Result<Manifest, Error> {
        let entries = paths
            .into_iter()
            .map(|p| ManifestEntry::of_file(data, p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Manifest::new(entries))
    }

    /// A digest of every entry: one string that changes when any listed file does, e.g. the
    /// training data of a model. It is the base64 SHA-256 of a listing with one full path per
    /// line (the manifest's first format), so the digests models record do not depend on how the
    /// manifest file is laid out.
    pub fn digest(&self) -> String {
        let mut listing = String::from(
            "# Every data file gecbias reads, relative to the data directory; verify with `cargo xtask data`.\n\
             # sha256 is base64 (RFC 4648, padded).\n",
        );
        listing.push_str(HEADER);
        listing.push('\n');
        for e in &self.entries {
            // Writing to a String cannot fail.
            let _ = writeln!(listing, "{}\t{}\t{}", e.path, e.bytes, e.digest_base64());
        }
        BASE64.encode(Sha256::digest(listing.as_bytes()))
    }

    /// The entries, sorted by path.
    pub fn entries(&self) -> &[ManifestEntry] {
        &self.entries
    }

    /// Reads a manifest file.
    pub fn read(path: impl AsRef<Path>) -> Result<Manifest, Error> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Manifest::parse(&text, path)
    }

    /// Parses manifest text; `origin` names the file in error messages.
    pub fn parse(text: &str, origin: &Path) -> Result<Manifest, Error> {
        let syntax = |line: usize, message: String| Error::ManifestSyntax {
            path: PathBuf::from(origin),
            line,
            message,
        };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
        match lines.next() {
            Some((_, HEADER)) => {}
            Some((n, other)) => {
                return Err(syntax(
                    n,
                    format!("expected header {HEADER:?}, found {other:?}"),
                ));
            }
            None => return Err(syntax(1, "empty manifest".into())),
        }
        let mut entries = Vec::new();
        let mut folder = String::new();
        for (n, line) in lines {
            if !line.contains('\t') && line.ends_with('/') {
                folder = if line == "./" {
                    String::new()
                } else {
                    line.to_owned()
                };
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [path, bytes, digest] = fields[..] else {
                return Err(syntax(
                    n,
                    format!("expected 3 tab-separated fields, found {}", fields.len()),
                ));
            };
            let bytes = bytes.parse().map_err(|_| {
                syntax(
                    n,
                    format!("byte size {bytes:?} is not a non-negative integer"),
                )
            })?;
            let sha256 = BASE64
                .decode(digest)
                .ok()
                .and_then(|d| <[u8; 32]>::try_from(d).ok())
                .ok_or_else(|| syntax(n, format!("{digest:?} is not a base64 SHA-256 digest")))?;
            entries.push(ManifestEntry {
                path: format!("{folder}{path}"),
                bytes,
                sha256,
            });
        }
        Ok(Manifest::new(entries))
    }

    /// The manifest as text, ready to be committed.
    pub fn to_tsv(&self) -> String {
        let mut out = String::from(
            "# Every data file gecbias reads, relative to the data directory; verify with `cargo xtask data`.\n",
        );
        out.push_str("# sha256 is base64 (RFC 4648, padded).\n");
        out.push_str("# A line ending in / names the folder of the files below it (./: the data directory).\n");
        out.push_str(HEADER);
        out.push('\n');
        let mut folder = "";
        for e in &self.entries {
            let (here, name) = e
                .path
                .rsplit_once('/')
                .map_or(("", e.path.as_str()), |(f, n)| (&e.path[..f.len() + 1], n));
            if here != folder {
                out.push_str(if here.is_empty() { "./" } else { here });
                out.push('\n');
                folder = here;
            }
            // Writing to a String cannot fail.
            let _ = writeln!(out, "{name}\t{}\t{}", e.bytes, e.digest_base64());
        }
        out
    }

    /// Checks every recorded file against the data directory.
    pub fn verify(&self, data: &DataDir) -> Verification {
        let mut report = Verification::default();
        for expected in &self.entries {
            match ManifestEntry::of_file(data, &expected.path) {
                Err(_) => report.missing.push(expected.path.clone()),
                Ok(found) if found == *expected => report.matching += 1,
                Ok(found) => report.changed.push(Changed {
                    expected: expected.clone(),
                    found,
                }),
            }
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::{Candidate, Origin};

    fn scratch(name: &str) -> DataDir {
        let dir =
            std::env::temp_dir().join(format!("gecbias-manifest-{name}-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/a.txt"), b"abc").unwrap();
        std::fs::write(dir.join("b.txt"), b"").unwrap();
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::write(dir.join("a/x.txt"), b"x").unwrap();
        DataDir::resolve_from(vec![Candidate {
            path: dir,
            origin: Origin::Flag,
        }])
        .unwrap()
    }

    #[test]
    fn digest_of_abc_is_the_fips_180_value() {
        let data = scratch("fips");
        let e = ManifestEntry::of_file(&data, "sub/a.txt").unwrap();
        assert_eq!(e.bytes, 3);
        // FIPS 180-2 appendix B.1: SHA-256("abc") = ba7816bf…f20015ad.
        assert_eq!(
            BASE64.encode(e.sha256),
            "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
        );
    }

    #[test]
    fn round_trips_through_text_and_reports_missing_and_changed() {
        let data = scratch("verify");
        let manifest = Manifest::of_files(&data, ["sub/a.txt", "b.txt"]).unwrap();
        let text = manifest.to_tsv();
        let parsed = Manifest::parse(&text, Path::new("m.tsv")).unwrap();
        assert_eq!(parsed, manifest);
        assert_eq!(parsed.entries()[0].path, "b.txt");
        // Folders written once; a file of the data directory after one goes under `./`.
        let nested = Manifest::of_files(&data, ["sub/a.txt", "b.txt", "a/x.txt"]).unwrap();
        let text = nested.to_tsv();
        assert!(text.contains("a/\nx.txt\t1\t"), "{text}");
        assert!(text.contains("./\nb.txt\t0\t"), "{text}");
        assert!(text.contains("sub/\na.txt\t3\t"), "{text}");
        assert_eq!(Manifest::parse(&text, Path::new("m.tsv")).unwrap(), nested);
        assert!(parsed.verify(&data).is_ok());

        std::fs::write(data.join("sub/a.txt"), b"abd").unwrap();
        std::fs::remove_file(data.join("b.txt")).unwrap();
        let report = parsed.verify(&data);
        assert_eq!(report.matching, 0);
        assert_eq!(report.missing, ["b.txt"]);
        assert_eq!(report.changed.len(), 1);
        assert_eq!(report.changed[0].found.bytes, 3);
        assert_ne!(
            report.changed[0].found.sha256,
            report.changed[0].expected.sha256
        );
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let bad = format!("# c\n{HEADER}\nx\t1\n");
        let err = Manifest::parse(&bad, Path::new("m.tsv"))
            .unwrap_err()
            .to_string();
        assert_eq!(err, "m.tsv:3: expected 3 tab-separated fields, found 2");
        let bad = format!("{HEADER}\nx\t-1\tAAAA\n");
        let err = Manifest::parse(&bad, Path::new("m.tsv"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("m.tsv:2: byte size"), "{err}");
        let bad = format!("{HEADER}\nx\t1\tAAAA\n");
        let err = Manifest::parse(&bad, Path::new("m.tsv"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a base64 SHA-256"), "{err}");
        let err = Manifest::parse("", Path::new("m.tsv"))
            .unwrap_err()
            .to_string();
        assert_eq!(err, "m.tsv:1: empty manifest");
    }
}
