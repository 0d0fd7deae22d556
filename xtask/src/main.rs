//! `cargo xtask`: the project's task runner.
//!
//! * `cargo xtask reproduce <id>|all [--check] [--data DIR]` runs registered experiments and
//!   writes `docs/reproduction/<id>.md` and `target/reproduce/<id>.json`; with `--check` it
//!   regenerates the reports in memory and fails if a committed one differs.
//! * `cargo xtask bench metrics|bootstrap [--data DIR]` times our metrics (and the BCa bootstrap
//!   of M2 F0.5) on the real data and prints the ratios to the reference tools' timings
//!   (metric-goldens §a.3, §b, §c).
//! * `cargo xtask data [--data DIR] [--write-manifest]` prints where the data was found and where
//!   it comes from, and verifies it against `xtask/data-manifest.tsv`.

mod bench;
mod data;
mod experiments;
mod linguistic;
mod plot;
mod reproduce;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "gecbias tasks: reproduce the papers, check the data"
)]
struct Cli {
    #[command(subcommand)]
    task: Option<Task>,
}

#[derive(Subcommand)]
enum Task {
    /// Run an experiment (or `all`) and write its report.
    Reproduce {
        /// Experiment ID, or `all`.
        id: String,
        /// Regenerate in memory and fail if the committed report differs.
        #[arg(long)]
        check: bool,
        /// Run at the paper's scale where an experiment's default is scaled down for CI; the
        /// report goes to target/reproduce/<id>-full.md.
        #[arg(long, conflicts_with = "check")]
        full: bool,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Time our implementation on the real data against the reference tools' timings.
    Bench {
        /// What to time: `metrics` or `bootstrap`.
        what: String,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Show the data directory and its provenance, and verify it against the manifest.
    Data {
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Rewrite the manifest from the files the registered experiments read.
        #[arg(long)]
        write_manifest: bool,
    },
}

/// The workspace root (this crate is `<root>/xtask`).
fn workspace_root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        None => {
            list_tasks();
            Ok(())
        }
        Some(Task::Reproduce {
            id,
            check,
            full,
            data,
        }) => reproduce::run(&id, check, full, data.as_deref()),
        Some(Task::Bench { what, data }) => bench::run(&what, data.as_deref()),
        Some(Task::Data {
            data,
            write_manifest,
        }) => data::run(data.as_deref(), write_manifest),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn list_tasks() {
    println!("cargo xtask <task>\n");
    println!(
        "  reproduce <id>|all [--check|--full] [--data DIR]   run experiments, write docs/reproduction/<id>.md"
    );
    println!(
        "  bench metrics [--data DIR]                  time the metrics against the reference tools"
    );
    println!("  data [--data DIR] [--write-manifest]        show and verify the research data\n");
    println!("experiments:");
    for e in experiments::ALL {
        println!("  {:<18} {}", e.id, e.title);
    }
}
