//! `gecbias gleu`: a drop-in for `compute_gleu` (cnap/gec-ranking): its arguments and, on the
//! same files, the same bytes — `NAME MEAN` per hypothesis file, or with `-d` the sentence-level
//! lines and the overall mean, standard deviation and normal interval over reference draws. The
//! draws are the script's own (CPython 2's `random.seed(101·j)`), so every digit agrees.
//!
//! Unlike the script, a hypothesis file with fewer lines than the source is an error (the script
//! scores the first lines only) and so is one with more (the script crashes).

use std::io::Write;

use gec_metrics::GleuCorpus;
use gec_metrics::GleuOptions;
use gec_metrics::dropin::gleu_summary_line;
use gec_metrics::gleu::{ORDER as GLEU_ORDER, gleu};

use crate::{Error, input};

/// GLEU of hypothesis files against a source and references, as `compute_gleu` prints it.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Reference files, line-aligned with the source.
    #[arg(short, long = "reference", num_args = 1.., required = true)]
    reference: Vec<String>,
    /// The source sentences.
    #[arg(short, long)]
    source: String,
    /// Hypothesis files (`-`: standard input); each is scored separately.
    #[arg(short = 'o', long = "hypothesis", num_args = 1.., required = true)]
    hypothesis: Vec<String>,
    /// Maximum n-gram order (only 4, GLEU's, is implemented).
    #[arg(short, default_value_t = GLEU_ORDER as u64, value_parser = clap::value_parser!(u64).range(4..=4))]
    n: u64,
    /// Print sentence-level scores.
    #[arg(short, long)]
    debug: bool,
    /// Rounds of reference draws.
    #[arg(long = "iter", default_value_t = 500, value_parser = crate::numbers::iterations, allow_hyphen_values = true)]
    iterations: usize,
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let failure = |e: gec_metrics::Error| Error::library(e);
    let (source, references) = input::source_and_references(&args.source, &args.reference)?;
    let names: Vec<&str> = std::iter::once(&args.source)
        .chain(&args.reference)
        .map(|p| input::name(p))
        .collect();
    let corpus = GleuCorpus::new(&source, &references, &names).map_err(failure)?;
    let mut options = GleuOptions::default();
    options.iterations = args.iterations;
    let mut out = String::new();
    for path in &args.hypothesis {
        let hypotheses = input::lines(path)?;
        let score = corpus
            .score_lines(&hypotheses, input::name(path), &options)
            .map_err(failure)?;
        if args.debug {
            out.push_str("\n===== Sentence-level scores =====\nSID Mean Stdev 95%CI GLEU\n");
            for (i, h) in hypotheses.iter().enumerate() {
                let per_reference: Vec<f64> =
                    corpus.stats(i, h).iter().map(|s| gleu(s, true)).collect();
                out.push_str(&format!("{i} {}\n", gleu_summary_line(&per_reference)));
            }
            out.push_str(&format!(
                "\n==== Overall score =====\nMean Stdev 95%CI GLEU\n{}\n",
                gleu_summary_line(&score.rounds)
            ));
        } else {
            let base = path.rsplit('/').next().unwrap_or(path);
            out.push_str(&format!("{base} {:.6}\n", score.mean));
        }
    }
    crate::write_output(sink, out.as_bytes())
}
