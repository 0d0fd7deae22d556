//! The reproduction harness: runs experiments, renders their reports, and checks committed ones.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use gecbias_data::{DataDir, provenance};
use indicatif::{ProgressBar, ProgressStyle};

use crate::experiments::{self, Experiment};
use crate::workspace_root;

/// Runs experiment `id` (or all of them); with `check`, compares instead of writing; with `full`,
/// runs the paper-scale variants and writes their reports to `target/reproduce/<id>-full.md`.
pub(crate) fn run(id: &str, check: bool, full: bool, data: Option<&Path>) -> anyhow::Result<()> {
    let selected: Vec<&Experiment> = if id == "all" {
        experiments::ALL.iter().collect()
    } else {
        match experiments::ALL.iter().find(|e| e.id == id) {
            Some(e) => vec![e],
            None => {
                let known: Vec<&str> = experiments::ALL.iter().map(|e| e.id).collect();
                bail!("no experiment {id:?}; known: {}", known.join(", "));
            }
        }
    };
    let data = resolve(data)?;
    eprintln!("data: {} ({})", data.root().display(), data.origin());
    let mut stale = Vec::new();
    let (mut up_to_date, mut written, mut figures) = (0, 0, 0);
    for experiment in selected {
        let inputs = (experiment.inputs)(&data)
            .with_context(|| format!("listing the inputs of {}", experiment.id))?;
        let progress = progress_bar(experiment.id, inputs.len());
        let run = match (full, experiment.full) {
            (false, _) => experiment.run,
            (true, Some(paper_scale)) => paper_scale,
            (true, None) if id == "all" => experiment.run,
            (true, None) => bail!(
                "{} has no --full variant: it always runs at paper scale",
                experiment.id
            ),
        };
        let report =
            run(&data, &inputs, &progress).with_context(|| format!("running {}", experiment.id))?;
        progress.finish_and_clear();
        let markdown = render(experiment, &report.markdown);
        let paper_scale = full && experiment.full.is_some();
        let stem = if paper_scale {
            format!("{}-full", experiment.id)
        } else {
            experiment.id.to_owned()
        };
        let md_path = if paper_scale {
            workspace_root()
                .join("target/reproduce")
                .join(format!("{stem}.md"))
        } else {
            docs_path(experiment.id)
        };
        if check {
            let committed = std::fs::read_to_string(&md_path).unwrap_or_default();
            if committed == markdown {
                up_to_date += 1;
                eprintln!("{}: report is up to date", experiment.id);
            } else {
                eprintln!(
                    "{}: {} differs from what the code produces",
                    experiment.id,
                    md_path.display()
                );
                stale.push(experiment.id);
            }
        } else {
            write(&md_path, &markdown)?;
            let json_path = workspace_root()
                .join("target/reproduce")
                .join(format!("{stem}.json"));
            write(&json_path, &serde_json::to_string_pretty(&report.json)?)?;
            for (name, svg) in &report.figures {
                let path = workspace_root()
                    .join("target/reproduce")
                    .join(format!("{stem}-{name}.svg"));
                write(&path, svg)?;
            }
            written += 1;
            figures += report.figures.len();
            eprintln!(
                "{}: wrote {}, {} and {} figure(s) in target/reproduce/",
                experiment.id,
                md_path.display(),
                json_path.display(),
                report.figures.len()
            );
        }
    }
    let target = workspace_root().join("target/reproduce");
    if check {
        eprintln!(
            "\n{} report(s) checked: {up_to_date} up to date, {} differ from the code.",
            up_to_date + stale.len(),
            stale.len()
        );
    } else {
        eprintln!(
            "\n{written} report(s) written: markdown in docs/reproduction/ (paper-scale runs in \
             target/reproduce/), JSON and {figures} SVG figure(s) in {}.",
            target.display()
        );
    }
    if !stale.is_empty() {
        let ids = stale.join(" ");
        bail!("stale reports: run `cargo xtask reproduce {ids}` and commit docs/reproduction/");
    }
    if id == "all" {
        crate::paper_map::run(check)?;
    }
    Ok(())
}

/// The data directory: `--data` relative to the current directory, the other candidates relative
/// to the workspace root, so that the command works from any subdirectory.
pub(crate) fn resolve(flag: Option<&Path>) -> anyhow::Result<DataDir> {
    let cwd = std::env::current_dir().context("reading the current directory")?;
    let flag = flag.map(|f| cwd.join(f));
    let data = DataDir::resolve(flag.as_deref(), &workspace_root()).map_err(|e| {
        anyhow::anyhow!(
            "{e}\nfetch the data with `cargo xtask data fetch` (it builds ./data from the public \
             repositories; git and network access needed)"
        )
    })?;
    if !provenance::SOURCES
        .iter()
        .any(|s| data.join(s.folder).is_dir())
    {
        bail!(
            "{} ({}) is not a gecbias data directory: none of its folders ({}) is in it; the README's \
             `cargo xtask data fetch --into DIR` builds one",
            data.root().display(),
            data.origin(),
            provenance::SOURCES
                .iter()
                .map(|s| s.folder)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(data)
}

fn docs_path(id: &str) -> PathBuf {
    workspace_root()
        .join("docs/reproduction")
        .join(format!("{id}.md"))
}

/// The committed report: a fixed header, the experiment's own markdown, then what the labels it
/// cites stand for.
fn render(experiment: &Experiment, body: &str) -> String {
    let body = body.trim();
    format!(
        "# {}: {}\n\n<!-- Generated by `cargo xtask reproduce {}`; CI fails if this file differs from what the code produces. -->\n\n{body}{}\n",
        experiment.id,
        experiment.title,
        experiment.id,
        crate::sources::section(body).trim_end()
    )
}

fn write(path: &Path, contents: &str) -> anyhow::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, contents).with_context(|| format!("writing {}", path.display()))
}

/// A progress bar on stderr; indicatif draws nothing when stderr is not a terminal (CI logs).
fn progress_bar(id: &str, len: usize) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) = ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} {eta}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(id.to_owned());
    bar
}
