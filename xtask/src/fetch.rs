//! `cargo xtask data fetch`: builds a data directory on a fresh machine from the public
//! repositories the data comes from. `xtask/data-sources.tsv` says which repository, revision and
//! path hold each file of `xtask/data-manifest.tsv`; each repository is cloned once (bare, with
//! git), every file is taken from its revision and checked against the manifest's size and
//! SHA-256 before it is put in place.
//!
//! Interrupted at any point, it leaves only complete, verified files and complete clones under
//! their final names: a clone is made under `<name>.partial-<process id>` and renamed when git is
//! done, a file is written as `<name>.partial` and renamed once its digest matches. A re-run keeps every file
//! that already matches (so a complete directory is a no-op that touches no repository), replaces
//! any that does not, and starts over whatever was partial.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, anyhow, bail};
use gecbias_data::{DataDir, Manifest, ManifestEntry, Origin};
use indicatif::{ProgressBar, ProgressStyle};

/// Where the clones are kept while fetching (removed once every file is in place).
const CACHE: &str = ".fetch";

/// One line of the sources table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    prefix: String,
    repository: String,
    revision: String,
    repo_prefix: String,
}

/// The sources table, from `text` (`origin` names it in errors).
fn parse_rules(text: &str, origin: &Path) -> anyhow::Result<Vec<Rule>> {
    let mut rules = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("prefix\t") || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [prefix, repository, revision, repo_prefix] = fields[..] else {
            bail!(
                "{}:{}: expected 4 tab-separated fields (prefix, repository, revision, path in \
                 repository), found {}",
                origin.display(),
                i + 1,
                fields.len()
            );
        };
        if prefix.is_empty() || revision.is_empty() || !repository.contains('/') {
            bail!(
                "{}:{}: a rule needs a prefix, an owner/name repository and a revision",
                origin.display(),
                i + 1
            );
        }
        rules.push(Rule {
            prefix: prefix.to_owned(),
            repository: repository.to_owned(),
            revision: revision.to_owned(),
            repo_prefix: repo_prefix.to_owned(),
        });
    }
    Ok(rules)
}

/// The rule with the longest prefix of `path`, and the file's path in that repository.
fn source_of<'a>(rules: &'a [Rule], path: &str) -> Option<(&'a Rule, String)> {
    rules
        .iter()
        .filter(|r| path.starts_with(&r.prefix))
        .max_by_key(|r| r.prefix.len())
        .map(|r| (r, format!("{}{}", r.repo_prefix, &path[r.prefix.len()..])))
}

/// What `cargo xtask data fetch` was asked.
pub(crate) struct FetchOptions {
    /// The data directory to build.
    pub(crate) into: PathBuf,
    /// Where repositories are cloned from: `<base>/<owner>/<name>`.
    pub(crate) url_base: String,
    /// The sources table.
    pub(crate) sources: PathBuf,
    /// The manifest the files must match.
    pub(crate) manifest: PathBuf,
}

/// Whether `path` holds exactly the bytes `entry` records.
fn matches(path: &Path, entry: &ManifestEntry) -> anyhow::Result<bool> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() == entry.bytes => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            Ok(ManifestEntry::of_bytes(&entry.path, &bytes) == *entry)
        }
        Ok(_) => Ok(false),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

fn git(args: &[&str], dir: Option<&Path>) -> anyhow::Result<String> {
    let mut cmd = Command::new("git");
    if let Some(dir) = dir {
        cmd.arg("-C").arg(dir);
    }
    let out = cmd
        .args(args)
        .stdin(Stdio::null())
        .output()
        .context("running git (is it installed?)")?;
    if !out.status.success() {
        bail!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// A complete bare clone of `repository` under `cache`, cloned now unless one is there.
fn clone(cache: &Path, url_base: &str, repository: &str) -> anyhow::Result<PathBuf> {
    let name = format!("{}.git", repository.replace('/', "__"));
    let done = cache.join(&name);
    if done.is_dir() {
        return Ok(done);
    }
    // An interrupted run's clone is never used; its git may even still be writing to it (the
    // fetch was killed, not its child), so it is removed where possible and this run clones
    // under a name of its own.
    if let Ok(entries) = std::fs::read_dir(cache) {
        for entry in entries.flatten() {
            if entry
                .file_name()
                .to_string_lossy()
                .starts_with(&format!("{name}.partial"))
            {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
    let partial = cache.join(format!("{name}.partial-{}", std::process::id()));
    std::fs::create_dir_all(cache).with_context(|| format!("creating {}", cache.display()))?;
    let url = format!("{}/{repository}", url_base.trim_end_matches('/'));
    let partial_arg = partial.to_string_lossy().into_owned();
    git(&["clone", "--bare", "--quiet", &url, &partial_arg], None)
        .with_context(|| format!("cloning {url}"))?;
    std::fs::rename(&partial, &done).with_context(|| format!("renaming {}", partial.display()))?;
    Ok(done)
}

/// The blobs at `specs` (`commit:path`) of the repository `clone`, in order; `None` for a path
/// the commit does not have. One `git cat-file --batch` for all of them.
fn blobs(clone: &Path, specs: &[String]) -> anyhow::Result<Vec<Option<Vec<u8>>>> {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(clone)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("running git cat-file")?;
    let mut stdin = child.stdin.take().context("git cat-file's input")?;
    let input: String = specs.iter().map(|s| format!("{s}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let mut out = BufReader::new(child.stdout.take().context("git cat-file's output")?);
    let mut result = Vec::with_capacity(specs.len());
    for spec in specs {
        let mut header = String::new();
        out.read_line(&mut header)
            .context("reading git cat-file's output")?;
        let fields: Vec<&str> = header.split_whitespace().collect();
        match fields[..] {
            [_, "blob", size] => {
                let size: usize = size.parse().context("git cat-file's object size")?;
                let mut bytes = vec![0; size + 1];
                out.read_exact(&mut bytes)
                    .context("reading git cat-file's output")?;
                bytes.pop();
                result.push(Some(bytes));
            }
            [_, "missing"] | [_, "ambiguous"] => result.push(None),
            _ => bail!("git cat-file answered {header:?} for {spec}"),
        }
    }
    writer
        .join()
        .map_err(|_| anyhow!("the writer to git cat-file panicked"))?
        .context("writing to git cat-file")?;
    child.wait().context("waiting for git cat-file")?;
    Ok(result)
}

/// A file that did not match the manifest: what the repository holds (nothing, or a file of this
/// size and digest) against what the manifest expects.
struct Mismatch<'a> {
    source: String,
    found: Option<ManifestEntry>,
    expected: &'a ManifestEntry,
}

impl std::fmt::Display for Mismatch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = self.expected;
        write!(f, "{}: {} ", e.path, self.source)?;
        match &self.found {
            Some(found) => write!(
                f,
                "has {} bytes, sha256 {}",
                found.bytes,
                found.digest_base64()
            )?,
            None => f.write_str("does not exist")?,
        }
        write!(
            f,
            "; the manifest expects {} bytes, sha256 {}",
            e.bytes,
            e.digest_base64()
        )
    }
}

/// Builds the data directory `options.into` (see the module docs).
pub(crate) fn run(options: &FetchOptions) -> anyhow::Result<()> {
    let manifest = Manifest::read(&options.manifest)?;
    let rules_text = std::fs::read_to_string(&options.sources)
        .with_context(|| format!("reading {}", options.sources.display()))?;
    let rules = parse_rules(&rules_text, &options.sources)?;
    let into = &options.into;
    std::fs::create_dir_all(into).with_context(|| format!("creating {}", into.display()))?;

    // By (repository, revision): the entries still to fetch and their paths in the repository.
    let mut todo: BTreeMap<(&str, &str), Vec<(&ManifestEntry, String)>> = BTreeMap::new();
    let mut present = 0;
    for entry in manifest.entries() {
        if matches(&into.join(&entry.path), entry)? {
            present += 1;
            continue;
        }
        let (rule, repo_path) = source_of(&rules, &entry.path).ok_or_else(|| {
            anyhow!(
                "{}: no rule of {} says which repository holds it",
                entry.path,
                options.sources.display()
            )
        })?;
        todo.entry((&rule.repository, &rule.revision))
            .or_default()
            .push((entry, repo_path));
    }
    let missing: usize = todo.values().map(Vec::len).sum();
    if missing == 0 {
        println!(
            "{}: all {present} files of {} are present and verified; nothing to fetch",
            into.display(),
            options.manifest.display()
        );
        return Ok(());
    }
    println!(
        "{}: {present} files present, {missing} to fetch from {} repository revisions",
        into.display(),
        todo.len()
    );

    let bar = ProgressBar::new(missing as u64);
    if let Ok(style) = ProgressStyle::with_template("fetch [{bar:40}] {pos}/{len} {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    let cache = into.join(CACHE);
    let mut mismatches = Vec::new();
    for ((repository, revision), files) in &todo {
        bar.set_message(format!("{repository} @ {revision}"));
        let clone = clone(&cache, &options.url_base, repository)?;
        let commit = git(
            &["rev-parse", "--verify", &format!("{revision}^{{commit}}")],
            Some(&clone),
        )
        .with_context(|| format!("{repository} has no revision {revision}"))?;
        let specs: Vec<String> = files.iter().map(|(_, p)| format!("{commit}:{p}")).collect();
        for ((entry, repo_path), blob) in files.iter().zip(blobs(&clone, &specs)?) {
            let found = blob
                .as_deref()
                .map(|b| ManifestEntry::of_bytes(&entry.path, b));
            match blob {
                Some(bytes) if found.as_ref() == Some(*entry) => {
                    put(&into.join(&entry.path), &bytes)?;
                }
                _ => mismatches.push(Mismatch {
                    source: format!("{repository} @ {revision}:{repo_path}"),
                    found,
                    expected: entry,
                }),
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    if !mismatches.is_empty() {
        let list: Vec<String> = mismatches.iter().map(ToString::to_string).collect();
        bail!(
            "{} of {missing} files do not match {} (the other files are in place; the clones are \
             kept in {} for a re-run):\n  {}",
            mismatches.len(),
            options.manifest.display(),
            cache.display(),
            list.join("\n  ")
        );
    }
    let data = DataDir::resolve_from(vec![gecbias_data::Candidate {
        path: into.clone(),
        origin: Origin::Flag,
    }])?;
    let report = manifest.verify(&data);
    if !report.is_ok() {
        bail!(
            "{}: after fetching, {} files are missing and {} differ from the manifest",
            into.display(),
            report.missing.len(),
            report.changed.len()
        );
    }
    // The clones are no longer needed; one that an interrupted run's git still writes to may
    // resist removal, which the data does not care about.
    if cache.exists() && std::fs::remove_dir_all(&cache).is_err() {
        eprintln!(
            "note: {} could not be removed entirely (an interrupted clone still being written?); \
             it is not part of the data",
            cache.display()
        );
    }
    println!(
        "{}: fetched {missing} files; all {} verified against {}",
        into.display(),
        manifest.entries().len(),
        options.manifest.display()
    );
    Ok(())
}

/// Writes `bytes` to `path` through `<path>.partial`, so that an interrupted write never leaves a
/// file under the final name.
fn put(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    std::fs::write(&partial, bytes).with_context(|| format!("writing {}", partial.display()))?;
    std::fs::rename(&partial, path).with_context(|| format!("renaming {}", partial.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_prefix_says_where_a_file_is() {
        let text = "# comment\nprefix\trepository\trevision\tpath in repository\n\
                    a/\to/all\tmain\t\n\
                    a/history/x1p/\to/all\tx1^\t\n\
                    u/\to/usim\tf1\tannotations/\n";
        let rules = parse_rules(text, Path::new("s.tsv")).unwrap();
        assert_eq!(rules.len(), 3);
        let (rule, path) = source_of(&rules, "a/history/x1p/data/NTHU").unwrap();
        assert_eq!(
            (rule.revision.as_str(), path.as_str()),
            ("x1^", "data/NTHU")
        );
        let (rule, path) = source_of(&rules, "a/data/b.m2").unwrap();
        assert_eq!(
            (rule.revision.as_str(), path.as_str()),
            ("main", "data/b.m2")
        );
        let (rule, path) = source_of(&rules, "u/t.xml").unwrap();
        assert_eq!(
            (rule.repository.as_str(), path.as_str()),
            ("o/usim", "annotations/t.xml")
        );
        assert!(source_of(&rules, "other/file").is_none());
    }

    #[test]
    fn a_malformed_rule_names_its_line() {
        let err = parse_rules("a/\to/all\n", Path::new("s.tsv")).unwrap_err();
        assert!(err.to_string().starts_with("s.tsv:1: expected 4"), "{err}");
        let err = parse_rules("# c\na/\tnoslash\tmain\t\n", Path::new("s.tsv")).unwrap_err();
        assert!(err.to_string().starts_with("s.tsv:2:"), "{err}");
    }

    #[test]
    fn the_committed_sources_cover_the_committed_manifest() {
        let root = crate::workspace_root();
        let sources = root.join("xtask/data-sources.tsv");
        let rules = parse_rules(&std::fs::read_to_string(&sources).unwrap(), &sources).unwrap();
        let manifest = Manifest::read(root.join("xtask/data-manifest.tsv")).unwrap();
        for e in manifest.entries() {
            assert!(source_of(&rules, &e.path).is_some(), "{}", e.path);
        }
    }
}
