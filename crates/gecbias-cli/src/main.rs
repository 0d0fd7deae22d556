//! `gecbias`: the papers' measures on your own files.
//!
//! * Drop-ins whose output is the reference tool's, byte for byte: `m2scorer`, `errant-compare`,
//!   `gleu` (compute_gleu), `sari` (SARI.py's numbers).
//! * `score`: system scores with a signature, bootstrap intervals and paired tests (sacrebleu's
//!   conventions) for M2, ERRANT, GLEU, SARI and USim.
//! * The papers' analyses: `conservatism`, `unseen`, `coverage`, `usim`; and `parse`, a native
//!   UCCA parser.
//!
//! Conventions: output is JSON unless a drop-in mimics a tool (`--sentence-level`: JSON Lines, one
//! object per sentence); `-` reads standard input; exit status 0 on success, 1 for bad input (one
//! line naming the file and line), 2 for a usage error; a progress bar on standard error only when
//! it is a terminal.

// Small allocations dominate the drop-ins' time (an M2 lattice per sentence, a few dozen short
// vectors each): mimalloc serves them in about half the time of the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod analysis;
mod errant_compare;
mod gleu;
mod input;
mod m2scorer;
mod parse;
mod sari;
mod score;
mod usim_command;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Subcommand};

/// Why a command failed, and so its exit status.
#[derive(Debug)]
pub(crate) struct Failure {
    message: String,
}

impl Failure {
    /// Bad input (exit status 1).
    pub(crate) fn input(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
        }
    }
}

#[derive(clap::Parser)]
#[command(
    name = "gecbias",
    version = concat!(env!("CARGO_PKG_VERSION"), " (parser model ucca-wiki-v1.2)"),
    about = "Evaluation measures of Choshen & Abend (2018) on your own files"
)]
struct Cli {
    /// No progress bar.
    #[arg(long, short, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse text into UCCA passages (UCCA standard XML) with the native parser.
    Parse(parse::Args),
    /// USim: semantic faithfulness of outputs to their sources (Choshen & Abend, NAACL 2018).
    Usim(usim_command::Args),
    /// System scores with signatures, confidence intervals and paired tests (sacrebleu-style).
    Score(score::Args),
    /// Drop-in for the official M2 scorer: its arguments, its output byte for byte.
    M2scorer(m2scorer::Args),
    /// Drop-in for ERRANT's errant_compare: its arguments, its output byte for byte.
    ErrantCompare(errant_compare::Args),
    /// Drop-in for compute_gleu: its arguments, its output byte for byte.
    Gleu(gleu::Args),
    /// SARI.py's sentence SARI and its corpus mean (or EASSE's corpus SARI).
    Sari(sari::Args),
    /// How conservative systems are: WordChange, index diff, word order (LCB §3.2).
    Conservatism(analysis::ConservatismArgs),
    /// UnseenEst: how many valid corrections a sentence has, from crowd answers (LCB §3.1).
    Unseen(analysis::UnseenArgs),
    /// A perfect system's accuracy with 1..M references, with 95 % bands (LCB §4).
    Coverage(analysis::CoverageArgs),
    /// Shell completions: gecbias completions bash|zsh|fish > FILE.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// `--version`: the command's and every library's version, and the parser model.
fn long_version() -> String {
    let crates = [
        ("gec-metrics", gec_metrics::VERSION),
        ("coverage-sim", coverage_sim::VERSION),
        ("conservatism", conservatism::VERSION),
        ("unseen-est", unseen_est::VERSION),
        ("usim", usim::VERSION),
        ("ucca-parser", ucca_parser::VERSION),
        ("ucca-graph", ucca_graph::VERSION),
        ("mono-align", mono_align::VERSION),
        ("gecbias-data", gecbias_data::VERSION),
        ("gecbias-plot", gecbias_plot::VERSION),
    ];
    let mut out = format!(
        "{} (parser model ucca-wiki-v1.2)",
        env!("CARGO_PKG_VERSION")
    );
    for (name, version) in crates {
        out.push_str(&format!("\n{name} {version}"));
    }
    out
}

fn main() -> ExitCode {
    // Leaked once: clap keeps a `'static` version text.
    let version: &'static str = Box::leak(long_version().into_boxed_str());
    let matches = Cli::command()
        .long_version(version)
        .get_matches_from(drop_in_arguments(std::env::args_os()));
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Parse(args) => parse::run(&args, cli.quiet),
        Command::Usim(args) => usim_command::run(&args, cli.quiet),
        Command::Score(args) => score::run(&args, cli.quiet),
        Command::M2scorer(args) => m2scorer::run(&args),
        Command::ErrantCompare(args) => errant_compare::run(&args),
        Command::Gleu(args) => gleu::run(&args),
        Command::Sari(args) => sari::run(&args),
        Command::Conservatism(args) => analysis::conservatism(&args),
        Command::Unseen(args) => analysis::unseen(&args),
        Command::Coverage(args) => analysis::coverage(&args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gecbias", &mut script);
            std::io::Write::write_all(&mut std::io::stdout().lock(), &script)
                .map_err(|e| Failure::input(format!("standard output: {e}")))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("gecbias: {}", failure.message);
            ExitCode::from(1)
        }
    }
}

/// The command line with the single-dash long flags of the drop-in modes (`errant_compare -hyp`)
/// spelled with two dashes, as clap reads them.
fn drop_in_arguments(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let args: Vec<OsString> = args.collect();
    let subcommand = args
        .iter()
        .skip(1)
        .position(|a| !a.to_string_lossy().starts_with('-'));
    let Some(at) = subcommand.filter(|&k| args[k + 1] == "errant-compare") else {
        return args;
    };
    args.into_iter()
        .enumerate()
        .map(|(k, a)| match a.to_str() {
            Some(flag) if k > at && errant_compare::SINGLE_DASH_FLAGS.contains(&flag) => {
                OsString::from(format!("-{flag}"))
            }
            _ => a,
        })
        .collect()
}

/// A progress bar over `n` items on standard error, drawn only when it is a terminal and not
/// `quiet`.
pub(crate) fn progress(n: usize, quiet: bool) -> indicatif::ProgressBar {
    if quiet {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(n as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("[{bar:40}] {pos}/{len} {eta}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The committed parser model (or `$GECBIAS_UCCA_MODEL`).
pub(crate) fn parser() -> Result<ucca_parser::Parser, Failure> {
    ucca_parser::Parser::default_model()
        .map_err(|e| Failure::input(format!("the parser model: {e}")))
}

/// NLTK's Punkt English sentence splitter, from `scripts/fetch-punkt-english.sh`'s files.
pub(crate) fn punkt() -> Result<mono_align::punkt::PunktSentenceTokenizer, Failure> {
    let dir = gecbias_data::location::punkt_english_dir();
    mono_align::punkt::PunktParameters::from_dir(&dir)
        .map(mono_align::punkt::PunktSentenceTokenizer::new)
        .map_err(|e| {
            Failure::input(format!(
                "sentence splitting needs NLTK's Punkt parameters (run scripts/fetch-punkt-english.sh): {e}"
            ))
        })
}
