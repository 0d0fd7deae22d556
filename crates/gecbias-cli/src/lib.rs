//! `gecbias`: the papers' measures on your own files — the command, as a library so that the
//! Python package runs the same code ([`run_command_line`], [`output_of`]).
//!
//! * Drop-ins whose output is the reference tool's, byte for byte: `m2scorer`, `errant-compare`,
//!   `gleu` (compute_gleu), `sari` (SARI.py's numbers).
//! * `score`: system scores with a signature, bootstrap intervals and paired tests (sacrebleu's
//!   conventions) for M2, ERRANT, GLEU, SARI and USim.
//! * The papers' analyses: `conservatism`, `unseen`, `coverage`, `usim`; and `parse`, a native
//!   UCCA parser.
//!
//! The M2 scorer's drop-in on two small files, its output captured instead of printed:
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("gecbias-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let gold = dir.join("gold.m2");
//! std::fs::write(&gold, "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n")?;
//! let system = dir.join("system.txt");
//! std::fs::write(&system, "He goes to school .\n")?;
//! let out = gecbias_cli::output_of([
//!     "gecbias".as_ref(), "m2scorer".as_ref(), system.as_os_str(), gold.as_os_str(),
//! ])?;
//! assert_eq!(out, "Precision   : 1.0000\nRecall      : 1.0000\nF_0.5       : 1.0000\n");
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Conventions: output is JSON unless a drop-in mimics a tool (`--sentence-level`: JSON Lines, one
//! object per sentence); `-` reads standard input; exit status 0 on success, 1 for bad input (one
//! line naming the file and line), 2 for a usage error; a progress bar on standard error only when
//! it is a terminal.

mod analysis;
mod catalogue_args;
mod cleme;
mod easse;
mod errant_annotate;
mod errant_compare;
mod gleu;
mod gotoscorer_weights;
mod input;
mod koyama_gleu;
mod m2scorer;
mod meta_eval;
mod numbers;
mod parse;
mod report_command;
mod samsa_command;
mod sari;
mod score;
mod tag;
mod usim_command;

use std::ffi::OsString;
use std::io::Write;

use clap::{CommandFactory, FromArgMatches, Subcommand};
pub use gecbias_engine::{ErrantAnalyser, Signature};

/// Why a command failed: the binary prints the message after `gecbias: ` and exits with
/// [`Error::exit_status`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The command line is wrong (exit status 2); the message is clap's usage text.
    #[error("{0}")]
    Usage(String),
    /// An input file does not exist (exit status 1).
    #[error("{0}")]
    NotFound(String),
    /// An input is malformed or inconsistent (exit status 1); the message names the file and,
    /// where there is one, the line.
    #[error("{0}")]
    Input(String),
    /// A scorer refused its input (exit status 1): gec-metrics' error, kept as the source, says
    /// which file and line; a limit's message adds what the user can do.
    #[error("{source}{}", limit_hint(source))]
    Metrics {
        /// The scorer's error.
        #[source]
        source: gec_metrics::Error,
    },
    /// A library refused the input (exit status 1): its error, kept as the source, after the
    /// place (`FILE: `) the command adds where the library's message does not name it.
    #[error("{place}{source}")]
    Library {
        /// `FILE: `, or nothing.
        place: String,
        /// The library's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A scorer of the typed engine refused its input (exit status 1): its error, kept as the
    /// source, names the file and line.
    #[error("{source}")]
    Engine {
        /// The engine's error.
        #[source]
        source: gecbias_engine::Error,
    },
}

impl From<gec_metrics::Error> for Error {
    fn from(source: gec_metrics::Error) -> Error {
        Error::Metrics { source }
    }
}

impl From<gecbias_engine::Error> for Error {
    /// The engine's errors as the command reports them: a metric's with the command's hint for
    /// limits, a ranking's with the flag that raises its trials.
    fn from(source: gecbias_engine::Error) -> Error {
        match source {
            gecbias_engine::Error::Metrics { source } => Error::Metrics { source },
            gecbias_engine::Error::TooFewTrials {
                pairs,
                alpha,
                needed,
            } => Error::Usage(format!(
                "--rank over {pairs} pairs at α = {alpha} needs --paired-ar-n of at least {needed}"
            )),
            source => Error::Engine { source },
        }
    }
}

impl From<gecbias_report::Error> for Error {
    /// A report's errors as `score` reports the same inputs' errors.
    fn from(source: gecbias_report::Error) -> Error {
        match source {
            gecbias_report::Error::Engine { source } => source.into(),
            gecbias_report::Error::Metrics { source } => source.into(),
            gecbias_report::Error::Inputs(message) => Error::Input(message),
            source => Error::library(source),
        }
    }
}

/// What a command user can do about a limit the M2 scorer enforces (the limit's error as it is,
/// or placed at its line).
fn limit_hint(error: &gec_metrics::Error) -> &'static str {
    match error {
        gec_metrics::Error::AtLine { source, .. } => limit_hint(source),
        gec_metrics::Error::SentenceTooLong { .. } => {
            "; split the line into sentences, or raise the limit with --max-tokens N"
        }
        gec_metrics::Error::LatticeTooLarge { .. } => "; split the line into sentences to score it",
        _ => "",
    }
}

impl Error {
    /// A usage error: a flag or a value the command cannot take (exit 2).
    pub(crate) fn usage(message: impl Into<String>) -> Error {
        Error::Usage(message.into())
    }

    /// Bad input.
    pub(crate) fn input(message: impl Into<String>) -> Error {
        Error::Input(message.into())
    }

    /// A library's error, its message naming the place already.
    pub(crate) fn library(source: impl std::error::Error + Send + Sync + 'static) -> Error {
        Error::Library {
            place: String::new(),
            source: Box::new(source),
        }
    }

    /// A library's error at `place` (a file, or standard output), which its message does not
    /// name: `PLACE: message`.
    pub(crate) fn at<E: std::error::Error + Send + Sync + 'static>(
        place: impl std::fmt::Display,
    ) -> impl FnOnce(E) -> Error {
        let place = format!("{place}: ");
        move |source| Error::Library {
            place,
            source: Box::new(source),
        }
    }

    /// The exit status the binary ends with: 2 for usage, 1 for input.
    pub fn exit_status(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::NotFound(_)
            | Error::Input(_)
            | Error::Metrics { .. }
            | Error::Library { .. }
            | Error::Engine { .. } => 1,
        }
    }
}

#[derive(clap::Parser)]
#[command(
    name = "gecbias",
    version = concat!(env!("CARGO_PKG_VERSION"), " (parser model ucca-wiki-bilstm)"),
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
    /// Tag English text: Penn and Universal POS, lemmas, ERRANT's dependency labels (CoNLL-U).
    Tag(tag::Args),
    /// USim: semantic faithfulness of outputs to their sources (Choshen & Abend, NAACL 2018).
    Usim(usim_command::Args),
    /// System scores with signatures, confidence intervals and paired tests (sacrebleu-style).
    Score(score::Args),
    /// Drop-in for the official M2 scorer: its arguments, its output byte for byte.
    M2scorer(m2scorer::Args),
    /// Drop-in for ERRANT's errant_compare: its arguments, its output byte for byte.
    ErrantCompare(errant_compare::Args),
    /// Drop-in for ERRANT's errant_parallel: typed edits of corrected texts, as M2, without spaCy.
    ErrantParallel(errant_annotate::ParallelArgs),
    /// Drop-in for ERRANT's errant_m2: an M2 file's edits re-typed (-gold) or re-extracted (-auto).
    ErrantM2(errant_annotate::M2Args),
    /// Drop-in for CLEME's main.py (CLEME, CLEME2.0 with the length weigher): its flags, its output.
    Cleme(cleme::Args),
    /// Drop-in for compute_gleu: its arguments, its output byte for byte.
    Gleu(gleu::Args),
    /// Drop-in for gec-metrics' gecmetrics-gen-gotoscorer-weight: GoToScorer's chunk weights.
    GotoscorerWeights(gotoscorer_weights::Args),
    /// Drop-in for Koyama's gleu package (gleu, sgleu, mgleu): its flags, its output byte for byte.
    KoyamaGleu(koyama_gleu::Args),
    /// SARI.py's sentence SARI and its corpus mean (or EASSE's corpus SARI).
    Sari(sari::Args),
    /// SAMSA and SAMSA_abl (Sulem et al. 2018) of simplifications: `score -m samsa samsa_abl`.
    Samsa(samsa_command::Args),
    /// Drop-in for EASSE's `easse evaluate`: its flags, its keys, its values to 3 decimals.
    #[command(subcommand)]
    Easse(easse::Command),
    /// One self-contained HTML page: rankings, error types, over- and under-correction and
    /// sentences with their edits (GEC), or EASSE report's sections (simplification).
    Report(report_command::Args),
    /// How well metrics agree with human rankings of systems (GJG15), with intervals and tests.
    MetaEval(meta_eval::Args),
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
        ("gecbias-engine", gecbias_engine::VERSION),
        ("gec-metrics", gec_metrics::VERSION),
        ("corpus-resampling", corpus_resampling::VERSION),
        ("coverage-sim", coverage_sim::VERSION),
        ("conservatism", conservatism::VERSION),
        ("english-tagger", english_tagger::VERSION),
        ("gec-errant", gec_errant::VERSION),
        ("unseen-est", unseen_est::VERSION),
        ("usim", usim::VERSION),
        ("ucca-parser", ucca_parser::VERSION),
        ("ucca-graph", ucca_graph::VERSION),
        ("mono-align", mono_align::VERSION),
        ("gecbias-data", gecbias_data::VERSION),
        ("gecbias-plot", gecbias_plot::VERSION),
    ];
    let mut out = format!(
        "{} (parser model ucca-wiki-bilstm)",
        env!("CARGO_PKG_VERSION")
    );
    for (name, version) in crates {
        out.push_str(&format!("\n{name} {version}"));
    }
    out
}

/// Runs the command line `args` (the program name first) as the `gecbias` binary does: output
/// on standard output, a failure as one line on standard error; the exit status (0, 1 bad input,
/// 2 usage). `--help` and `--version` print and give 0.
pub fn run_command_line(args: impl IntoIterator<Item = impl Into<OsString>>) -> u8 {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match parse_command_line(args) {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout, usage errors to stderr.
            let status = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return status;
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match execute(cli, &mut out) {
        Ok(()) => 0,
        Err(failure) => {
            eprintln!("gecbias: {failure}");
            failure.exit_status()
        }
    }
}

/// What the command line `args` (the program name first) writes on standard output, without
/// printing it (tests and examples read it). Progress bars stay hidden.
pub fn output_of(args: impl IntoIterator<Item = impl Into<OsString>>) -> Result<String, Error> {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mut cli = match parse_command_line(args) {
        Ok(cli) => cli,
        // `--help` and `--version` are output, not failures.
        Err(e) if !e.use_stderr() => return Ok(e.render().to_string()),
        Err(e) => return Err(Error::Usage(e.render().to_string())),
    };
    cli.quiet = true;
    let mut out = Vec::new();
    execute(cli, &mut out)?;
    String::from_utf8(out).map_err(Error::at("output"))
}

fn parse_command_line(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    // clap keeps a `'static` version text: made once per process, however many calls the
    // Python package makes.
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let matches = report_command::metric_default(Cli::command())
        .long_version(VERSION.get_or_init(long_version).as_str())
        .try_get_matches_from(drop_in_arguments(args.into_iter()))?;
    if let Some(("score", score)) = matches.subcommand() {
        score::check_unread_options(score).map_err(|message| {
            let mut command = Cli::command();
            let kind = clap::error::ErrorKind::ArgumentConflict;
            match command.find_subcommand_mut("score") {
                Some(score) => score.error(kind, message),
                None => command.error(kind, message),
            }
        })?;
    }
    Cli::from_arg_matches(&matches)
}

fn execute(cli: Cli, out: &mut dyn Write) -> Result<(), Error> {
    match cli.command {
        Command::Parse(args) => parse::run(&args, cli.quiet, out),
        Command::Tag(args) => tag::run(&args, cli.quiet, out),
        Command::Usim(args) => usim_command::run(&args, cli.quiet, out),
        Command::Score(args) => score::run(&args, cli.quiet, out),
        Command::MetaEval(args) => meta_eval::run(&args, out),
        Command::Report(args) => report_command::run(&args, out),
        Command::M2scorer(args) => m2scorer::run(&args, out),
        Command::ErrantCompare(args) => errant_compare::run(&args, out),
        Command::ErrantParallel(args) => errant_annotate::run_parallel(&args, out),
        Command::ErrantM2(args) => errant_annotate::run_m2(&args, out),
        Command::Gleu(args) => gleu::run(&args, out),
        Command::KoyamaGleu(args) => koyama_gleu::run(&args, out),
        Command::Cleme(args) => cleme::run(&args, out),
        Command::GotoscorerWeights(args) => gotoscorer_weights::run(&args, out),
        Command::Sari(args) => sari::run(&args, out),
        Command::Easse(command) => easse::run(&command, out),
        Command::Samsa(args) => samsa_command::run(&args, cli.quiet, out),
        Command::Conservatism(args) => analysis::conservatism(&args, out),
        Command::Unseen(args) => analysis::unseen(&args, out),
        Command::Coverage(args) => analysis::coverage(&args, out),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gecbias", &mut script);
            write_output(out, &script)
        }
    }
}

/// The name a value enum is written with on the command line (and in signatures and the
/// drop-ins' echoed arguments).
pub(crate) fn value_name(value: impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// Writes a command's output; a closed pipe or full disk is reported, not a panic.
pub(crate) fn write_output(out: &mut dyn Write, bytes: &[u8]) -> Result<(), Error> {
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(Error::at("standard output"))
}

/// The command line with the single-dash long flags of the drop-in modes (`errant_compare -hyp`)
/// spelled with two dashes, as clap reads them.
fn drop_in_arguments(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let args: Vec<OsString> = args.collect();
    let subcommand = args
        .iter()
        .skip(1)
        .position(|a| !a.to_string_lossy().starts_with('-'));
    let flags: &[&str] = match subcommand.map(|k| (k, args[k + 1].to_str())) {
        Some((_, Some("errant-compare"))) => &errant_compare::SINGLE_DASH_FLAGS,
        Some((_, Some("errant-parallel" | "errant-m2"))) => &errant_annotate::SINGLE_DASH_FLAGS,
        Some((_, Some("easse"))) => &easse::SINGLE_DASH_FLAGS,
        _ => return args,
    };
    let at = subcommand.unwrap_or_default();
    args.into_iter()
        .enumerate()
        .map(|(k, a)| match a.to_str() {
            Some(flag) if k > at && flags.contains(&flag) => OsString::from(format!("-{flag}")),
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
