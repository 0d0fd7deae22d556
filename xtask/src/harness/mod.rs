//! The reproduction harness: runs the registered experiments, writes their reports through the
//! writer or checks the committed ones, and renders the paper map.
//!
//! * `experiment`: what an experiment is and returns;
//! * `registry`: every experiment, in order;
//! * `writer`: tables, number formatting, the committed report and its check;
//! * `paper_map`: every item of the papers and the reports that reproduce it
//!   (`xtask/paper-map.tsv`);
//! * `sources`: what the labels a report cites stand for.

use std::path::Path;

use anyhow::{Context, bail};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::workspace;

pub(crate) mod experiment;
pub(crate) mod paper_map;
mod registry;
mod sources;
pub(crate) mod writer;

use experiment::{Experiment, Report};
pub(crate) use registry::ALL;
use writer::{docs_path, render, write};

/// Runs experiment `id` (or all of them); with `check`, compares instead of writing; with `full`,
/// runs the paper-scale variants and writes their reports to `target/reproduce/<id>-full.md`.
pub(crate) fn run(id: &str, check: bool, full: bool, data: Option<&Path>) -> anyhow::Result<()> {
    let selected = select(id)?;
    let data = workspace::data_dir(data)?;
    eprintln!("data: {} ({})", data.root().display(), data.origin());
    let runs = selected
        .iter()
        .map(|experiment| match (full, experiment.full) {
            (false, _) => Ok(experiment.run),
            (true, Some(paper_scale)) => Ok(paper_scale),
            (true, None) if id == "all" => Ok(experiment.run),
            (true, None) => bail!(
                "{} has no --full variant: it always runs at paper scale",
                experiment.id
            ),
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    // The experiments run side by side, each on the shared thread pool: a report's serial
    // stretches (reading and parsing its data) leave cores that another report's work fills, so
    // `reproduce all` takes its CPU time over the cores rather than the sum of its reports'
    // walls. The reports are written and checked in order afterwards.
    let bars = MultiProgress::new();
    let reports: Vec<anyhow::Result<Report>> = selected
        .par_iter()
        .zip(&runs)
        .map(|(experiment, run)| {
            let inputs = (experiment.inputs)(&data)
                .with_context(|| format!("listing the inputs of {}", experiment.id))?;
            let progress = bars.add(progress_bar(experiment.id, inputs.len()));
            let report = run(&data, &inputs, &progress)
                .with_context(|| format!("running {}", experiment.id))?;
            progress.finish_and_clear();
            Ok(report)
        })
        .collect();
    let mut stale = Vec::new();
    let (mut up_to_date, mut written, mut figures) = (0, 0, 0);
    for (experiment, report) in selected.into_iter().zip(reports) {
        let report = report?;
        let markdown = render(experiment, &report.markdown);
        let paper_scale = full && experiment.full.is_some();
        let stem = if paper_scale {
            format!("{}-full", experiment.id)
        } else {
            experiment.id.to_owned()
        };
        let md_path = if paper_scale {
            workspace::root()
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
            let json_path = write_outputs(&stem, &report)?;
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
    let target = workspace::root().join("target/reproduce");
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
        paper_map::run(check)?;
    }
    Ok(())
}

/// The experiment `id` names, or all of them for `all`.
fn select(id: &str) -> anyhow::Result<Vec<&'static Experiment>> {
    Ok(if id == "all" {
        ALL.iter().collect()
    } else {
        match ALL.iter().find(|e| e.id == id) {
            Some(e) => vec![e],
            None => {
                let known: Vec<&str> = ALL.iter().map(|e| e.id).collect();
                bail!("no experiment {id:?}; known: {}", known.join(", "));
            }
        }
    })
}

/// Writes a report's JSON and figures to `target/reproduce/`; the JSON's path.
fn write_outputs(stem: &str, report: &Report) -> anyhow::Result<std::path::PathBuf> {
    let json_path = workspace::root()
        .join("target/reproduce")
        .join(format!("{stem}.json"));
    write(&json_path, &serde_json::to_string_pretty(&report.json)?)?;
    for (name, svg) in &report.figures {
        let path = workspace::root()
            .join("target/reproduce")
            .join(format!("{stem}-{name}.svg"));
        write(&path, svg)?;
    }
    Ok(json_path)
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
