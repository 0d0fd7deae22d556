//! `gecbias koyama-gleu`: a drop-in for Koyama's `gleu` package (PyPI `gleu` 1.1.0, the GLEU of
//! MultiGEC-2025): the `gleu` command's flags and, on the same files, the same bytes. `--level
//! sentence` is its `sgleu` command and `--level mean` its `mgleu`.
//!
//! Two differences, both where the package cannot be matched or fails:
//! * without `-f`, the package draws references from numpy's unseeded generator, so no two of
//!   its runs agree; here the draws are a PCG-64 stream seeded by `--seed` (12345): the same
//!   output on every run. With `-f` (CPython 2's `random.seed(101·i)`) every digit agrees.
//! * files with different line counts are an error naming the file and line (the package stops
//!   on an assertion).
//!
//! `-v` (the package's per-order tables) is not implemented.

use std::io::Write;

use gec_metrics::dropin::koyama_digits;
use gec_metrics::koyama_gleu::{
    koyama_best_references, koyama_corpus_stats, koyama_mean, koyama_sampled, koyama_sentence,
};
use gec_metrics::{KoyamaOptions, KoyamaUnit, ReferenceDraws, koyama_stats};

use crate::{Error, input};

/// Which of the package's commands to be.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Level {
    /// `gleu`: corpus GLEU per hypothesis file.
    Corpus,
    /// `sgleu`: each sentence's GLEU, one column per hypothesis file.
    Sentence,
    /// `mgleu`: the mean of the sentence scores per hypothesis file.
    Mean,
}

/// Koyama's GLEU of hypothesis files against a source and references, as the `gleu` package
/// prints it.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Maximum n-gram order.
    #[arg(short, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=gec_metrics::koyama_gleu::MAX_KOYAMA_ORDER as u64))]
    n: u64,
    /// The source sentences.
    #[arg(short, long = "src", visible_alias = "source")]
    source: String,
    /// Reference files, line-aligned with the source.
    #[arg(short, long = "ref", visible_alias = "references", num_args = 1.., required = true)]
    reference: Vec<String>,
    /// Hypothesis files (`-`: standard input); each is scored separately.
    #[arg(short = 'o', long = "out", visible_alias = "outputs", num_args = 1.., required = true)]
    hypothesis: Vec<String>,
    /// Rounds of reference draws (corpus level).
    #[arg(short, long = "iter", default_value_t = 500, value_parser = crate::numbers::iterations, allow_hyphen_values = true)]
    iterations: usize,
    /// Decimals printed.
    #[arg(short, long = "digit", default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=30))]
    digit: u32,
    /// Worker processes in the package; accepted and ignored (the work is threaded here).
    #[arg(short = 'p', long = "proc", value_name = "PROC", default_value_t = 1)]
    _proc: u64,
    /// Words (`str.split()` tokens) or characters.
    #[arg(short, long = "token", value_enum, default_value_t = Token::Word)]
    token: Token,
    /// Each sentence's best reference instead of random draws (corpus), or the best reference's
    /// score instead of the mean over references (sentence, mean).
    #[arg(short, long = "max")]
    max: bool,
    /// The package's fixed draws (CPython 2's `random.seed(101·i)`), for its exact numbers.
    #[arg(short, long = "fix", visible_aliases = ["fix-seed"])]
    fix: bool,
    /// The seed of the draws without `-f` (the package's are unseeded).
    #[arg(long, default_value_t = 12345)]
    seed: u64,
    /// corpus (`gleu`), sentence (`sgleu`) or mean (`mgleu`).
    #[arg(long, value_enum, default_value_t = Level::Corpus)]
    level: Level,
}

/// `-t`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Token {
    /// Python's `str.split()` tokens.
    Word,
    /// Characters, spaces included.
    Char,
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let failure = |e: gec_metrics::Error| Error::library(e);
    let (source, references) = input::source_and_references(&args.source, &args.reference)?;
    let mut options = KoyamaOptions::default();
    options.n = args.n as usize;
    options.unit = match args.token {
        Token::Word => KoyamaUnit::Word,
        Token::Char => KoyamaUnit::Char,
    };
    let draws = if args.fix {
        ReferenceDraws::Python2
    } else {
        ReferenceDraws::Pcg64 { seed: args.seed }
    };
    let mut systems = Vec::with_capacity(args.hypothesis.len());
    for path in &args.hypothesis {
        let hypotheses = input::lines(path)?;
        let names: Vec<&str> = [&args.source, path]
            .into_iter()
            .chain(&args.reference)
            .map(|p| input::name(p))
            .collect();
        systems.push(
            koyama_stats(&source, &hypotheses, &references, &names, &options).map_err(failure)?,
        );
    }
    let digits = |x: f64| koyama_digits(x, args.digit);
    let mut out = String::new();
    match args.level {
        Level::Corpus | Level::Mean => {
            for (path, stats) in args.hypothesis.iter().zip(&systems) {
                let score = match args.level {
                    Level::Mean => koyama_mean(stats, args.max),
                    _ if args.max => {
                        let best = koyama_best_references(stats);
                        koyama_corpus_stats(stats, |i| best[i]).gleu()
                    }
                    _ => koyama_sampled(stats, args.iterations, draws)?,
                };
                out.push_str(&format!("{path}\t{}\n", digits(score)));
            }
        }
        Level::Sentence => {
            for i in 0..source.len() {
                let row: Vec<String> = systems
                    .iter()
                    .map(|stats| digits(koyama_sentence(&stats[i], args.max)))
                    .collect();
                out.push_str(&row.join("\t"));
                out.push('\n');
            }
        }
    }
    crate::write_output(sink, out.as_bytes())
}
