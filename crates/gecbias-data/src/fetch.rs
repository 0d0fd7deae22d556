//! Builds a data directory on a fresh machine from the public repositories the data comes from
//! (`cargo data fetch`), and the other way round, a mirror of those repositories from a data
//! directory ([`mirror`]), so the fetch can be exercised offline.
//!
//! A sources table (`xtask/data-sources.tsv`) says which repository, revision and path hold each
//! file of the manifest. Each repository is cloned once (bare, with git), every file is taken from
//! its revision and checked against the manifest's size and SHA-256 before it is put in place.
//!
//! Sources table: four tab-separated fields (`prefix`, `repository`, `revision`, `path in
//! repository`), `#` lines are comments, one header line; for example (tabs shown as `→`)
//!
//! ```text
//! usim_annotations/ → borgr/USim → f1dd283 → annotations/
//! ud_english_ewt/en_ewt-ud-train.conllu → UniversalDependencies/UD_English-EWT → 15d613d → concat not-to-release/file-lists/files.train not-to-release/sources/
//! ```
//!
//! A file whose path starts with `prefix` is `path in repository` + the rest of its path, in
//! `repository` at `revision` (any git revision: a commit, a tag, `commit^` for its parent); the
//! longest matching prefix wins. `concat LIST DIR/` instead makes the file the concatenation of
//! `DIR/<line>` for every line of the repository's file `LIST`, in order (how UD English-EWT
//! builds its released train file from its sources).
//!
//! Interrupted at any point, a fetch leaves only complete, verified files under their final
//! names: a clone is made under `<name>.partial-<process id>` and renamed when git is done, a file
//! is written as `<name>.partial` and renamed once its digest matches. A re-run keeps every file
//! that already matches (a complete directory is a no-op that touches no repository). A failed
//! run removes its clones, and the data directory too when it made it and put nothing in it, so
//! an empty `./data` never hides the data found further down the resolution order.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{DataDir, Error, Manifest, ManifestEntry};

/// Where the clones are kept while fetching (removed once the fetch ends).
const CACHE: &str = ".fetch";

/// The repositories' host when no mirror is named.
pub const DEFAULT_URL_BASE: &str = "https://github.com";

/// Where a file of the data comes from in its repository.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Layout {
    /// The file at this path.
    File(String),
    /// The concatenation of `dir` + each line of the file `list`, in order.
    Concat {
        /// The list file's path.
        list: String,
        /// The folder the listed paths are relative to.
        dir: String,
    },
}

/// One line of the sources table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    prefix: String,
    repository: String,
    revision: String,
    repo_prefix: String,
}

/// The sources table, from `text` (`origin` names it in errors).
fn parse_rules(text: &str, origin: &Path) -> Result<Vec<Rule>, Error> {
    let mut rules = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("prefix\t") || line.trim().is_empty() {
            continue;
        }
        let bad = |message: String| Error::SourcesSyntax {
            path: origin.to_path_buf(),
            line: i + 1,
            message,
        };
        let fields: Vec<&str> = line.split('\t').collect();
        let [prefix, repository, revision, repo_prefix] = fields[..] else {
            return Err(bad(format!(
                "expected 4 tab-separated fields (prefix, repository, revision, path in \
                 repository), found {}",
                fields.len()
            )));
        };
        if prefix.is_empty() || revision.is_empty() || !repository.contains('/') {
            return Err(bad(
                "a rule needs a prefix, an owner/name repository and a revision".into(),
            ));
        }
        if let Some(rest) = repo_prefix.strip_prefix("concat ") {
            let ok = rest.split(' ').count() == 2 && !prefix.ends_with('/');
            if !ok {
                return Err(bad(
                    "a concat rule names one file and reads `concat LIST DIR/`".into(),
                ));
            }
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

/// The rule with the longest prefix of `path`, and where the file is in that repository.
fn source_of<'a>(rules: &'a [Rule], path: &str) -> Option<(&'a Rule, Layout)> {
    let rule = rules
        .iter()
        .filter(|r| path.starts_with(&r.prefix))
        .max_by_key(|r| r.prefix.len())?;
    let layout = match rule.repo_prefix.strip_prefix("concat ") {
        Some(rest) => {
            let (list, dir) = rest.split_once(' ').unwrap_or((rest, ""));
            Layout::Concat {
                list: list.to_owned(),
                dir: dir.to_owned(),
            }
        }
        None => Layout::File(format!(
            "{}{}",
            rule.repo_prefix,
            &path[rule.prefix.len()..]
        )),
    };
    Some((rule, layout))
}

/// What to fetch, where from, and what it must match.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct FetchOptions {
    /// The data directory to build.
    pub into: PathBuf,
    /// Where repositories are cloned from: `<base>/<owner>/<name>` ([`DEFAULT_URL_BASE`], a
    /// mirror, or `file:///…`).
    pub url_base: String,
    /// The sources table.
    pub sources: PathBuf,
    /// The manifest the files must match.
    pub manifest: PathBuf,
}

impl FetchOptions {
    /// Fetch into `into` from GitHub, by the sources table and manifest given.
    pub fn new(into: PathBuf, sources: PathBuf, manifest: PathBuf) -> FetchOptions {
        FetchOptions {
            into,
            url_base: DEFAULT_URL_BASE.to_owned(),
            sources,
            manifest,
        }
    }
}

/// What a fetch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fetched {
    /// Files already in place and verified.
    pub present: usize,
    /// Files fetched now.
    pub fetched: usize,
}

impl Fetched {
    /// The line a fetch ends with: `DIR: fetched 5 of 8 files (3 already in place); all verified
    /// against MANIFEST`.
    pub fn summary(&self, options: &FetchOptions) -> String {
        format!(
            "{}: fetched {} of {} files ({} already in place); all verified against {}",
            options.into.display(),
            self.fetched,
            self.fetched + self.present,
            self.present,
            options.manifest.display()
        )
    }
}

fn git(args: &[&str], dir: Option<&Path>) -> Result<String, Error> {
    let mut cmd = Command::new("git");
    if let Some(dir) = dir {
        cmd.arg("-C").arg(dir);
    }
    let out = cmd
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|source| Error::Git {
            command: format!("git {}", args.join(" ")),
            message: format!("{source} (is git installed?)"),
        })?;
    if !out.status.success() {
        return Err(Error::Git {
            command: format!("git {}", args.join(" ")),
            message: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A complete bare clone of `repository` under `cache`, cloned now unless one is there.
fn clone(cache: &Path, url_base: &str, repository: &str) -> Result<PathBuf, Error> {
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
    std::fs::create_dir_all(cache).map_err(io(cache))?;
    let url = format!("{}/{repository}", url_base.trim_end_matches('/'));
    let partial_arg = partial.to_string_lossy().into_owned();
    git(&["clone", "--bare", "--quiet", &url, &partial_arg], None).map_err(|e| match e {
        Error::Git { message, .. } => Error::Unreachable { url, message },
        other => other,
    })?;
    std::fs::rename(&partial, &done).map_err(io(&partial))?;
    Ok(done)
}

/// The blobs at `specs` (`commit:path`) of the repository `clone`, in order; `None` for a path
/// the commit does not have. One `git cat-file --batch` for all of them.
fn blobs(clone: &Path, specs: &[String]) -> Result<Vec<Option<Vec<u8>>>, Error> {
    let failed = |message: String| Error::Git {
        command: "git cat-file --batch".into(),
        message,
    };
    let mut child = Command::new("git")
        .arg("-C")
        .arg(clone)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| failed(e.to_string()))?;
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(failed("no pipes to git".into()));
    };
    let input: String = specs.iter().map(|s| format!("{s}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let mut out = BufReader::new(stdout);
    let mut result = Vec::with_capacity(specs.len());
    for spec in specs {
        let mut header = String::new();
        out.read_line(&mut header)
            .map_err(|e| failed(e.to_string()))?;
        let fields: Vec<&str> = header.split_whitespace().collect();
        match fields[..] {
            [_, "blob", size] => {
                let size: usize = size
                    .parse()
                    .map_err(|_| failed(format!("object size {size:?}")))?;
                let mut bytes = vec![0; size + 1];
                out.read_exact(&mut bytes)
                    .map_err(|e| failed(e.to_string()))?;
                bytes.pop();
                result.push(Some(bytes));
            }
            [_, "missing"] | [_, "ambiguous"] => result.push(None),
            _ => return Err(failed(format!("answered {header:?} for {spec}"))),
        }
    }
    writer
        .join()
        .map_err(|_| failed("the writer to git cat-file panicked".into()))?
        .map_err(|e| failed(e.to_string()))?;
    child.wait().map_err(|e| failed(e.to_string()))?;
    Ok(result)
}

/// The bytes of `layout` at `commit` of `clone`: the file, or the concatenation of the listed
/// files; `None` when any of them is missing.
fn contents(clone: &Path, commit: &str, layouts: &[Layout]) -> Result<Vec<Option<Vec<u8>>>, Error> {
    let specs: Vec<String> = layouts
        .iter()
        .map(|l| match l {
            Layout::File(path) | Layout::Concat { list: path, .. } => format!("{commit}:{path}"),
        })
        .collect();
    let mut found = blobs(clone, &specs)?;
    for (layout, blob) in layouts.iter().zip(&mut found) {
        let (Layout::Concat { dir, .. }, Some(list)) = (layout, blob.as_ref()) else {
            continue;
        };
        let parts: Vec<String> = String::from_utf8_lossy(list)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| format!("{commit}:{dir}{}", l.trim()))
            .collect();
        let pieces = blobs(clone, &parts)?;
        *blob = pieces
            .into_iter()
            .collect::<Option<Vec<Vec<u8>>>>()
            .map(|p| p.concat());
    }
    Ok(found)
}

/// Builds the data directory `options.into` (see the module docs). Progress goes to standard
/// error when it is a terminal.
pub fn fetch(options: &FetchOptions) -> Result<Fetched, Error> {
    let into = &options.into;
    let made_into = !into.exists();
    let result = fetch_into(options);
    if result.is_err() {
        // Clones of a failed run are not reused (a re-run clones again), and a data directory
        // this run made but could fill with nothing would hide the next candidate of the
        // resolution order.
        let _ = std::fs::remove_dir_all(into.join(CACHE));
        if made_into {
            let _ = std::fs::remove_dir(into);
        }
    }
    result
}

fn fetch_into(options: &FetchOptions) -> Result<Fetched, Error> {
    let manifest = Manifest::read(&options.manifest)?;
    let rules_text = std::fs::read_to_string(&options.sources).map_err(io(&options.sources))?;
    let rules = parse_rules(&rules_text, &options.sources)?;
    let into = &options.into;

    // By (repository, revision): the entries still to fetch and where they are in it.
    let mut todo: BTreeMap<(&str, &str), Vec<(&ManifestEntry, Layout)>> = BTreeMap::new();
    let mut present = 0;
    for entry in manifest.entries() {
        if matches(&into.join(&entry.path), entry)? {
            present += 1;
            continue;
        }
        let (rule, layout) = source_of(&rules, &entry.path).ok_or_else(|| Error::NoRule {
            sources: options.sources.clone(),
            file: entry.path.clone(),
        })?;
        todo.entry((&rule.repository, &rule.revision))
            .or_default()
            .push((entry, layout));
    }
    let missing: usize = todo.values().map(Vec::len).sum();
    if missing == 0 {
        return Ok(Fetched {
            present,
            fetched: 0,
        });
    }
    std::fs::create_dir_all(into).map_err(io(into))?;
    let progress = std::io::stderr().is_terminal();
    let cache = into.join(CACHE);
    let mut mismatches = Vec::new();
    let mut done = 0;
    for ((repository, revision), files) in &todo {
        if progress {
            eprintln!(
                "fetch: {repository} @ {revision}: {} files ({done} of {missing} done)",
                files.len()
            );
        }
        let clone = clone(&cache, &options.url_base, repository)?;
        let commit = git(
            &["rev-parse", "--verify", &format!("{revision}^{{commit}}")],
            Some(&clone),
        )?;
        let layouts: Vec<Layout> = files.iter().map(|(_, l)| l.clone()).collect();
        for ((entry, layout), blob) in files.iter().zip(contents(&clone, &commit, &layouts)?) {
            let found = blob
                .as_deref()
                .map(|b| ManifestEntry::of_bytes(&entry.path, b));
            match blob {
                Some(bytes) if found.as_ref() == Some(*entry) => {
                    put(&into.join(&entry.path), &bytes)?;
                }
                _ => mismatches.push(Mismatch {
                    source: format!("{repository} @ {revision}:{}", describe(layout)),
                    found,
                    expected: entry,
                }),
            }
            done += 1;
        }
    }
    if !mismatches.is_empty() {
        return Err(Error::Mismatch {
            manifest: options.manifest.clone(),
            files: mismatches.iter().map(ToString::to_string).collect(),
        });
    }
    let data = DataDir::resolve_from(vec![crate::Candidate {
        path: into.clone(),
        origin: crate::Origin::Flag,
    }])?;
    let report = manifest.verify(&data);
    if !report.is_ok() {
        return Err(Error::Mismatch {
            manifest: options.manifest.clone(),
            files: report
                .missing
                .iter()
                .map(|p| format!("{p}: missing after the fetch"))
                .chain(
                    report
                        .changed
                        .iter()
                        .map(|c| format!("{}: changed after the fetch", c.expected.path)),
                )
                .collect(),
        });
    }
    // The clones are no longer needed; one that an interrupted run's git still writes to may
    // resist removal, which the data does not care about.
    let _ = std::fs::remove_dir_all(&cache);
    Ok(Fetched {
        present,
        fetched: missing,
    })
}

fn describe(layout: &Layout) -> String {
    match layout {
        Layout::File(path) => path.clone(),
        Layout::Concat { list, dir } => format!("the files of {dir} listed in {list}, joined"),
    }
}

/// Whether `path` holds exactly the bytes `entry` records.
fn matches(path: &Path, entry: &ManifestEntry) -> Result<bool, Error> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() == entry.bytes => {
            let bytes = std::fs::read(path).map_err(io(path))?;
            Ok(ManifestEntry::of_bytes(&entry.path, &bytes) == *entry)
        }
        Ok(_) => Ok(false),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io(path)(e)),
    }
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

/// Writes `bytes` to `path` through `<path>.partial`, so that an interrupted write never leaves a
/// file under the final name.
fn put(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    std::fs::write(&partial, bytes).map_err(io(&partial))?;
    std::fs::rename(&partial, path).map_err(io(&partial))
}

/// Lays out, under `out`, git repositories `<out>/<owner>/<name>` that hold every file of the
/// manifest where the sources table says, each revision of the table a tag on a commit of its
/// own (`X^` the parent of tag `X`); a concatenated file is cut at its `# newdoc` lines into the
/// listed pieces. A fetch with `--source-url-base file://<out>` then rebuilds `data`: how the
/// fetch is checked without the network. The number of files laid out.
pub fn mirror(data: &DataDir, sources: &Path, manifest: &Path, out: &Path) -> Result<usize, Error> {
    let manifest = Manifest::read(manifest)?;
    let rules = parse_rules(
        &std::fs::read_to_string(sources).map_err(io(sources))?,
        sources,
    )?;
    let mut by_revision: BTreeMap<(&str, &str), Vec<(&ManifestEntry, Layout)>> = BTreeMap::new();
    for entry in manifest.entries() {
        let (rule, layout) = source_of(&rules, &entry.path).ok_or_else(|| Error::NoRule {
            sources: sources.to_path_buf(),
            file: entry.path.clone(),
        })?;
        by_revision
            .entry((&rule.repository, &rule.revision))
            .or_default()
            .push((entry, layout));
    }
    let mut count = 0;
    for ((repository, revision), files) in &by_revision {
        let repo = out.join(repository);
        if !repo.join(".git").is_dir() {
            std::fs::create_dir_all(&repo).map_err(io(&repo))?;
            git(&["init", "--quiet"], Some(&repo))?;
        }
        let tag = revision.trim_end_matches('^');
        git(
            &["checkout", "--quiet", "--orphan", &format!("r-{tag}")],
            Some(&repo),
        )?;
        git(
            &["rm", "-rf", "--quiet", "--ignore-unmatch", "."],
            Some(&repo),
        )?;
        for (entry, layout) in files {
            let bytes =
                std::fs::read(data.join(&entry.path)).map_err(io(&data.join(&entry.path)))?;
            match layout {
                Layout::File(path) => put(&repo.join(path), &bytes)?,
                Layout::Concat { list, dir } => {
                    let mut names = String::new();
                    for (k, piece) in newdoc_pieces(&bytes).into_iter().enumerate() {
                        let name = format!("part-{k:05}.conllu");
                        put(&repo.join(dir).join(&name), piece)?;
                        names.push_str(&name);
                        names.push('\n');
                    }
                    put(&repo.join(list), names.as_bytes())?;
                }
            }
            count += 1;
        }
        let commit = [
            "-c",
            "user.name=mirror",
            "-c",
            "user.email=mirror@localhost",
        ];
        git(&["add", "-A"], Some(&repo))?;
        git(
            &[
                &commit[..],
                &["commit", "--quiet", "--allow-empty", "-m", revision],
            ]
            .concat(),
            Some(&repo),
        )?;
        if revision.ends_with('^') {
            git(
                &[
                    &commit[..],
                    &["commit", "--quiet", "--allow-empty", "-m", "child"],
                ]
                .concat(),
                Some(&repo),
            )?;
        }
        git(&["tag", "--force", tag], Some(&repo))?;
    }
    Ok(count)
}

/// `bytes` cut before each line that starts a CoNLL-U document (`# newdoc`); their
/// concatenation is `bytes`.
fn newdoc_pieces(bytes: &[u8]) -> Vec<&[u8]> {
    let mut starts = vec![0];
    let mut at = 0;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if at > 0 && line.starts_with(b"# newdoc") {
            starts.push(at);
        }
        at += line.len();
    }
    starts.push(bytes.len());
    starts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_prefix_says_where_a_file_is() {
        let text = "# comment\nprefix\trepository\trevision\tpath in repository\n\
                    a/\to/all\tmain\t\n\
                    a/history/x1p/\to/all\tx1^\t\n\
                    u/\to/usim\tf1\tannotations/\n\
                    u/train.conllu\to/usim\tf1\tconcat lists/train src/\n";
        let rules = parse_rules(text, Path::new("s.tsv")).unwrap();
        assert_eq!(rules.len(), 4);
        let (rule, layout) = source_of(&rules, "a/history/x1p/data/NTHU").unwrap();
        assert_eq!(rule.revision, "x1^");
        assert_eq!(layout, Layout::File("data/NTHU".into()));
        let (rule, layout) = source_of(&rules, "a/data/b.m2").unwrap();
        assert_eq!(rule.revision, "main");
        assert_eq!(layout, Layout::File("data/b.m2".into()));
        let (rule, layout) = source_of(&rules, "u/t.xml").unwrap();
        assert_eq!(rule.repository, "o/usim");
        assert_eq!(layout, Layout::File("annotations/t.xml".into()));
        let (_, layout) = source_of(&rules, "u/train.conllu").unwrap();
        assert_eq!(
            layout,
            Layout::Concat {
                list: "lists/train".into(),
                dir: "src/".into()
            }
        );
        assert!(source_of(&rules, "other/file").is_none());
    }

    #[test]
    fn a_malformed_rule_names_its_line() {
        let err = parse_rules("a/\to/all\n", Path::new("s.tsv")).unwrap_err();
        assert!(err.to_string().starts_with("s.tsv:1: expected 4"), "{err}");
        let err = parse_rules("# c\na/\tnoslash\tmain\t\n", Path::new("s.tsv")).unwrap_err();
        assert!(err.to_string().starts_with("s.tsv:2:"), "{err}");
        let err =
            parse_rules("a/\to/all\tmain\tconcat only-a-list\n", Path::new("s.tsv")).unwrap_err();
        assert!(err.to_string().contains("concat LIST DIR/"), "{err}");
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
        assert!(
            manifest
                .entries()
                .iter()
                .any(|e| e.path == "ud_english_ewt/en_ewt-ud-train.conllu"),
            "the manifest lists the tagger's training file"
        );
    }

    #[test]
    fn documents_cut_and_joined_give_the_file_back() {
        let text = b"# newdoc id = a\n1\tx\n\n# sent_id = 2\n# newdoc id = b\n1\ty\n\n";
        let pieces = newdoc_pieces(text);
        assert_eq!(pieces.len(), 2);
        assert!(pieces[1].starts_with(b"# newdoc id = b"));
        assert_eq!(pieces.concat(), text);
        assert_eq!(newdoc_pieces(b""), [b"" as &[u8]]);
    }

    /// A mirror of a small data directory, fetched back through git: the same bytes, a concat
    /// rule included; a second fetch touches nothing; a fetch from a place with no repository
    /// fails naming the way out and leaves no directory behind.
    #[test]
    fn a_mirror_fetches_back_to_the_same_files() {
        if Command::new("git").arg("--version").output().is_err() {
            eprintln!("SKIPPED the fetch round trip: no git");
            return;
        }
        let scratch = std::env::temp_dir().join(format!("gecbias-fetch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        let data_root = scratch.join("data");
        let files: [(&str, &[u8]); 4] = [
            ("a/x.txt", b"first\n"),
            ("a/sub/y.txt", b"second\n"),
            ("old/z.txt", b"an older version\n"),
            (
                "t/train.conllu",
                b"# newdoc id = d1\n1\ta\n\n# newdoc id = d2\n1\tb\n\n",
            ),
        ];
        for (path, bytes) in files {
            put(&data_root.join(path), bytes).unwrap();
        }
        let data = DataDir::resolve_from(vec![crate::Candidate {
            path: data_root.clone(),
            origin: crate::Origin::Flag,
        }])
        .unwrap();
        let manifest = Manifest::of_files(&data, files.iter().map(|f| f.0)).unwrap();
        let manifest_path = scratch.join("manifest.tsv");
        std::fs::write(&manifest_path, manifest.to_tsv()).unwrap();
        let sources = scratch.join("sources.tsv");
        std::fs::write(
            &sources,
            "prefix\trepository\trevision\tpath in repository\n\
             a/\to/main\tv1\tfiles/\n\
             old/\to/main\tv0^\t\n\
             t/train.conllu\to/ud\tr2\tconcat lists/train src/\n",
        )
        .unwrap();
        let mirror_root = scratch.join("mirror");
        assert_eq!(
            mirror(&data, &sources, &manifest_path, &mirror_root).unwrap(),
            4
        );

        let mut options = FetchOptions::new(scratch.join("fetched"), sources, manifest_path);
        options.url_base = format!("file://{}", mirror_root.display());
        let fetched = fetch(&options).unwrap();
        assert_eq!(
            fetched,
            Fetched {
                present: 0,
                fetched: 4
            }
        );
        for (path, bytes) in files {
            assert_eq!(
                std::fs::read(options.into.join(path)).unwrap(),
                bytes,
                "{path}"
            );
        }
        assert!(!options.into.join(CACHE).exists());
        assert_eq!(
            fetch(&options).unwrap(),
            Fetched {
                present: 4,
                fetched: 0
            }
        );

        options.into = scratch.join("never");
        options.url_base = format!("file://{}", scratch.join("no-mirror").display());
        let err = fetch(&options).unwrap_err().to_string();
        assert!(
            err.contains("$GECBIAS_DATA") && err.contains("--source-url-base"),
            "{err}"
        );
        assert!(!options.into.exists(), "a failed fetch leaves no directory");
        let _ = std::fs::remove_dir_all(&scratch);
    }
}
