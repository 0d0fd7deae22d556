//! `cargo xtask data fetch` (the library's `gecbias_data::fetch`, which `cargo data fetch` runs
//! too) end to end on fixture repositories (`git init` in a temporary
//! directory, cloned through `--source-url-base file://…`): the data directory it builds holds
//! exactly the manifest's files, including an older revision's file and a parent revision's;
//! a re-run is a no-op that reaches no repository; a damaged file is replaced; a file whose
//! source differs from the manifest is named with the expected digest; an interrupted run's
//! leftovers are cleaned up by the next.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gecbias_data::{Manifest, ManifestEntry};

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=fixture",
            "-c",
            "user.email=fixture@example.org",
        ])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A repository at `dir` with one commit per element of `commits` (files written, in order);
/// returns the commits' hashes.
fn repository(dir: &Path, commits: &[&[(&str, &str)]]) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    git(dir, &["init", "--quiet"]);
    commits
        .iter()
        .map(|files| {
            for (path, text) in *files {
                write(&dir.join(path), text);
            }
            git(dir, &["add", "--all"]);
            git(dir, &["commit", "--quiet", "-m", "fixture"]);
            git(dir, &["rev-parse", "HEAD"])
        })
        .collect()
}

struct Fixture {
    root: PathBuf,
    sources: PathBuf,
    /// The data directory's files and their contents.
    expected: Vec<(String, String)>,
}

impl Fixture {
    fn new(name: &str) -> Fixture {
        let root =
            std::env::temp_dir().join(format!("gecbias-fetch-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let alpha = repository(
            &root.join("fixtures/own/alpha"),
            &[
                &[("data/a.txt", "old a\n"), ("data/b.txt", "b\n")],
                &[("data/a.txt", "new a\n"), ("data/c/d.txt", "d\n")],
            ],
        );
        repository(
            &root.join("fixtures/own/beta"),
            &[&[("ann/x.xml", "<x/>\n")]],
        );
        git(&root.join("fixtures/own/beta"), &["tag", "v1"]);
        let short = &alpha[1][..7];
        let sources = root.join("sources.tsv");
        write(
            &sources,
            &format!(
                "# fixture\nprefix\trepository\trevision\tpath in repository\n\
                 alpha/\town/alpha\t{short}\t\n\
                 alpha/history/{short}p/\town/alpha\t{short}^\t\n\
                 beta/\town/beta\tv1\tann/\n"
            ),
        );
        let expected = [
            ("alpha/data/a.txt".to_owned(), "new a\n"),
            ("alpha/data/b.txt".to_owned(), "b\n"),
            ("alpha/data/c/d.txt".to_owned(), "d\n"),
            (format!("alpha/history/{short}p/data/a.txt"), "old a\n"),
            ("beta/x.xml".to_owned(), "<x/>\n"),
        ]
        .map(|(p, t)| (p, t.to_owned()))
        .to_vec();
        Fixture {
            root,
            sources,
            expected,
        }
    }

    /// A manifest of the expected files, with `text` instead for the file `changed`.
    fn manifest(&self, changed: Option<(&str, &str)>) -> PathBuf {
        let entries = self
            .expected
            .iter()
            .map(|(path, text)| {
                let text = match changed {
                    Some((p, t)) if p == path => t,
                    _ => text,
                };
                ManifestEntry::of_bytes(path, text.as_bytes())
            })
            .collect();
        let path = self
            .root
            .join(format!("manifest-{}.tsv", changed.is_some()));
        write(&path, &Manifest::new(entries).to_tsv());
        path
    }

    fn data(&self) -> PathBuf {
        self.root.join("data")
    }

    /// `cargo xtask data fetch` of this fixture from `url_base` against `manifest`.
    fn command(&self, url_base: &Path, manifest: &Path) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_xtask"));
        command
            .args(["data", "fetch", "--into"])
            .arg(self.data())
            .arg("--source-url-base")
            .arg(format!("file://{}", url_base.display()))
            .arg("--sources")
            .arg(&self.sources)
            .arg("--manifest")
            .arg(manifest);
        command
    }

    fn fetch(&self, url_base: &Path, manifest: &Path) -> Output {
        self.command(url_base, manifest).output().unwrap()
    }

    fn assert_complete(&self) {
        for (path, text) in &self.expected {
            let found = std::fs::read_to_string(self.data().join(path))
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(&found, text, "{path}");
        }
        let mut leftovers = Vec::new();
        let mut pending = vec![self.data()];
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    pending.push(path);
                } else {
                    leftovers.push(path);
                }
            }
        }
        assert_eq!(leftovers.len(), self.expected.len(), "{leftovers:?}");
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The run succeeded and its standard output says `text`.
fn succeeded_saying(out: &Output, text: &str) {
    assert!(out.status.success(), "{}", stderr(out));
    assert!(stdout(out).contains(text), "{}", stdout(out));
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn fetch_builds_the_manifest_and_a_rerun_reaches_no_repository() {
    let f = Fixture::new("build");
    let manifest = f.manifest(None);
    let fixtures = f.root.join("fixtures");
    let out = f.fetch(&fixtures, &manifest);
    succeeded_saying(
        &out,
        "fetched 5 of 5 files (0 already in place); all verified",
    );
    f.assert_complete();

    // Complete: nothing is cloned, so a base that does not exist is never asked.
    let out = f.fetch(&f.root.join("nowhere"), &manifest);
    succeeded_saying(&out, "fetched 0 of 5 files (5 already in place)");

    // A damaged file is noticed and replaced; the others are kept.
    write(&f.data().join("alpha/data/b.txt"), "tampered\n");
    let out = f.fetch(&fixtures, &manifest);
    succeeded_saying(&out, "fetched 1 of 5 files (4 already in place)");
    f.assert_complete();
    std::fs::remove_dir_all(&f.root).unwrap();
}

#[test]
fn a_source_that_differs_from_the_manifest_is_named_with_the_expected_digest() {
    let f = Fixture::new("corrupt");
    let manifest = f.manifest(Some(("beta/x.xml", "<y/>\n")));
    let out = f.fetch(&f.root.join("fixtures"), &manifest);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let expected = ManifestEntry::of_bytes("beta/x.xml", b"<y/>\n").digest_base64();
    let found = ManifestEntry::of_bytes("beta/x.xml", b"<x/>\n").digest_base64();
    let message = stderr(&out);
    assert!(
        message.contains(&format!(
            "beta/x.xml: own/beta @ v1:ann/x.xml has 5 bytes, sha256 {found}; the manifest \
             expects 5 bytes, sha256 {expected}"
        )),
        "{message}"
    );
    // Nothing unverified is put in place; the verified files are.
    assert!(!f.data().join("beta/x.xml").exists());
    assert!(f.data().join("alpha/data/a.txt").exists());
    std::fs::remove_dir_all(&f.root).unwrap();
}

#[test]
fn an_interrupted_run_is_completed_by_the_next() {
    let f = Fixture::new("resume");
    let manifest = f.manifest(None);
    let fixtures = f.root.join("fixtures");
    // What an interruption leaves: a clone git had not finished, a file being written, a file cut
    // short, and the cache of clones.
    write(
        &f.data()
            .join(".fetch/own__alpha.git.partial/objects/pack/x"),
        "half a pack",
    );
    write(&f.data().join("alpha/data/a.txt.partial"), "new");
    write(&f.data().join("alpha/data/c/d.txt"), "");
    let out = f.fetch(&fixtures, &manifest);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_file(f.data().join("alpha/data/a.txt.partial")).unwrap_err();
    f.assert_complete();

    // A real interruption, wherever it lands, then a re-run: first the fetch alone killed (its
    // git may go on writing a clone), then the fetch and its git killed together, as Ctrl-C
    // stops a process group.
    for whole_group in [false, true] {
        std::fs::remove_dir_all(f.data()).unwrap();
        let mut command = f.command(&fixtures, &manifest);
        command.stdout(std::process::Stdio::null());
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(30));
        if whole_group {
            let group = nix::unistd::Pid::from_raw(child.id() as i32);
            nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL).unwrap();
        } else {
            let _ = child.kill();
        }
        let _ = child.wait();
        let out = f.fetch(&fixtures, &manifest);
        assert!(out.status.success(), "{}", stderr(&out));
        // An orphaned git may still hold the cache of clones; the data files are complete.
        let _ = std::fs::remove_dir_all(f.data().join(".fetch"));
        f.assert_complete();
    }
    std::fs::remove_dir_all(&f.root).unwrap();
}
