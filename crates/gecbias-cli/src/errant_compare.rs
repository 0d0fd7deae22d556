//! `gecbias errant-compare`: a drop-in for ERRANT's `errant_compare` (ERRANT 3.0.2,
//! `compare_m2.py`): its single-dash arguments and, on the same files, the same bytes — the corpus
//! table, `-cat`'s per-type table and `-v`'s per-sentence report.

use std::io::Write;

use gec_metrics::dropin::errant_report;
use gec_metrics::{CategoryTier, ErrantMode, ErrantOptions};

use crate::{Error, input};

/// The flags `errant_compare` spells with one dash; `main` doubles the dash for clap.
pub(crate) const SINGLE_DASH_FLAGS: [&str; 10] = [
    "-hyp", "-ref", "-dt", "-ds", "-cs", "-cse", "-single", "-multi", "-filt", "-cat",
];

/// Compare a hypothesis M2 file with a reference M2 file, as `errant_compare` does.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["dt", "ds", "cs", "cse"])))]
pub(crate) struct Args {
    /// A hypothesis M2 file.
    #[arg(long = "hyp", required = true)]
    hyp: String,
    /// A reference M2 file.
    #[arg(long = "ref", required = true)]
    reference: String,
    /// β of F_β.
    #[arg(short, long, default_value_t = 0.5, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    beta: f64,
    /// Print every sentence's annotator pairs and the chosen one.
    #[arg(short, long)]
    verbose: bool,
    /// Evaluate detection in terms of tokens.
    #[arg(long)]
    dt: bool,
    /// Evaluate detection in terms of spans.
    #[arg(long)]
    ds: bool,
    /// Evaluate correction in terms of spans (the default).
    #[arg(long)]
    cs: bool,
    /// Evaluate correction in terms of spans and error types.
    #[arg(long)]
    cse: bool,
    /// Only evaluate single-token edits: 0:1, 1:0 or 1:1.
    #[arg(long)]
    single: bool,
    /// Only evaluate multi-token edits: 2+:n or n:2+.
    #[arg(long)]
    multi: bool,
    /// Do not evaluate these error types.
    #[arg(long, num_args = 1..)]
    filt: Vec<String>,
    /// Scores per error type: 1 operation (R), 2 main type (NOUN), 3 both (R:NOUN).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    cat: Option<u8>,
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let failure = |e: gec_metrics::Error| Error::library(e);
    let hyp = input::m2(&args.hyp, true)?;
    let reference = input::m2(&args.reference, true)?;
    let mode = if args.dt {
        ErrantMode::DetectionTokens
    } else if args.ds {
        ErrantMode::DetectionSpans
    } else if args.cse {
        ErrantMode::CorrectionSpansTypes
    } else {
        ErrantMode::CorrectionSpans
    };
    let mut options = ErrantOptions::with_mode(mode);
    options.beta = args.beta;
    options.single = args.single;
    options.multi = args.multi;
    options.filter.clone_from(&args.filt);
    let tier = args.cat.map(|c| match c {
        1 => CategoryTier::Operation,
        2 => CategoryTier::Main,
        _ => CategoryTier::Full,
    });
    let out = errant_report(&hyp, &reference, &options, args.verbose, tier).map_err(failure)?;
    crate::write_output(sink, out.as_bytes())
}
