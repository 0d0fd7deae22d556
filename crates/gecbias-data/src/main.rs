//! `gecbias-data` (in a clone: `cargo data …`): builds the research data directory from the
//! data's public repositories, compiling nothing but this crate.
//!
//! ```text
//! cargo data fetch [--into DIR] [--source-url-base URL] [--sources FILE] [--manifest FILE]
//! cargo data mirror --into DIR [--data DIR] [--sources FILE] [--manifest FILE]
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gecbias_data::fetch::{self, FetchOptions};
use gecbias_data::{DataDir, workspace_root};

const USAGE: &str = "usage:
  gecbias-data fetch [--into DIR] [--source-url-base URL] [--sources FILE] [--manifest FILE]
      clone the repositories the data comes from (git) and lay out every file of the manifest
      in DIR (default: ./data in the workspace root, the first place the commands look), each
      verified against the manifest; a re-run keeps what is in place. Offline: give
      --source-url-base URL for a mirror of the repositories (<URL>/<owner>/<name>; file:///…
      works), or put the data in place yourself and set $GECBIAS_DATA.
  gecbias-data mirror --into DIR [--data DIR] [--sources FILE] [--manifest FILE]
      lay out git repositories under DIR that hold the data directory's files as the sources
      table says, for `fetch --source-url-base file://DIR` (how CI checks the fetch offline).
  --sources and --manifest default to the workspace's xtask/data-sources.tsv and
  xtask/data-manifest.tsv.";

/// The options of a command line: `--name value` pairs.
struct Flags(Vec<(String, String)>);

impl Flags {
    fn parse(args: &[String], known: &[&str]) -> Result<Flags, String> {
        let mut out = Vec::new();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let name = flag.strip_prefix("--").filter(|n| known.contains(n));
            let (Some(name), Some(value)) = (name, it.next()) else {
                return Err(format!("{flag}: not an option here, or without its value"));
            };
            out.push((name.to_owned(), value.clone()));
        }
        Ok(Flags(out))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A path flag: relative to the current directory as typed, else `default`.
    fn path(&self, name: &str, default: PathBuf) -> PathBuf {
        self.get(name).map_or(default, |p| {
            std::env::current_dir().unwrap_or_default().join(p)
        })
    }
}

fn run(args: &[String]) -> Result<(), (u8, String)> {
    let usage = |message: String| (2, format!("{message}\n{USAGE}"));
    let failed = |e: gecbias_data::Error| (1, e.to_string());
    let root = workspace_root();
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| usage("no command".into()))?;
    let tables = |flags: &Flags| {
        (
            flags.path("sources", root.join("xtask/data-sources.tsv")),
            flags.path("manifest", root.join("xtask/data-manifest.tsv")),
        )
    };
    match command.as_str() {
        "fetch" => {
            let flags = Flags::parse(rest, &["into", "source-url-base", "sources", "manifest"])
                .map_err(usage)?;
            let (sources, manifest) = tables(&flags);
            let mut options =
                FetchOptions::new(flags.path("into", root.join("data")), sources, manifest);
            if let Some(base) = flags.get("source-url-base") {
                base.clone_into(&mut options.url_base);
            }
            let done = fetch::fetch(&options).map_err(failed)?;
            println!("{}", done.summary(&options));
            Ok(())
        }
        "mirror" => {
            let flags =
                Flags::parse(rest, &["into", "data", "sources", "manifest"]).map_err(usage)?;
            let into = flags
                .get("into")
                .map(PathBuf::from)
                .ok_or_else(|| usage("mirror needs --into DIR".into()))?;
            let data = DataDir::resolve(flags.get("data").map(Path::new), &root).map_err(failed)?;
            let (sources, manifest) = tables(&flags);
            let files = fetch::mirror(&data, &sources, &manifest, &into).map_err(failed)?;
            println!(
                "{}: {files} files of {} in git repositories (fetch --source-url-base file://{})",
                into.display(),
                data.root().display(),
                std::path::absolute(&into).unwrap_or(into.clone()).display()
            );
            Ok(())
        }
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(usage(format!("{other}: not a command"))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err((status, message)) => {
            eprintln!("gecbias-data: {message}");
            ExitCode::from(status)
        }
    }
}
