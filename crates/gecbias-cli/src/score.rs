//! `gecbias score`: system-level scores with sacrebleu's conventions — JSON by default (`-f text`,
//! `-f latex`), a signature recording every option that changes a number, `--confidence`
//! (bootstrap intervals over sentences), `--paired-bs` and `--paired-ar` against the first
//! system, seed 12345 (`--seed`, `$GECBIAS_SEED`); `--rank`: significance clusters from paired
//! approximate randomisation over every pair with Holm's correction; `--sentence-level` writes
//! JSON Lines, one object per system and sentence; `-i NAME=PATH` labels a system. The output's
//! shape is `docs/score-schema.json`.
//!
//! Metrics:
//! * `m2` — MaxMatch P/R/F_β against an M2 gold (`-r GOLD.m2`), m2scorer's numbers;
//! * `errant` — ERRANT's comparison with a reference M2 file (`--gold REF.m2`), errant_compare's
//!   numbers: of hypothesis texts typed on the fly by the native ERRANT (`-s SRC -i HYP…`; the
//!   gold re-typed as `errant_m2 -gold` does) or of hypothesis M2 files (`-i SYS.m2`, as
//!   `errant_parallel` writes them; the gold as given); `--cat 1|2|3` adds per-type P/R/F (with
//!   `--confidence`, the interval of each type's F_β, the running choice redone per resample);
//! * `gleu` — compute_gleu's corpus GLEU (its own reference draws) against `-s SRC -r REF…`;
//! * `sari` — SARI.py's sentence SARI averaged over sentences, against `-s SRC -r REF…`;
//! * `usim` — mean USim(source, output) over sentences, USim(output, source) beside it; no
//!   references.
//!
//! Resampling draws sentences, the same indices for every system. M2 and ERRANT choose each
//! sentence's annotator by the running corpus F_β, so the choice is redone on every resample, as
//! the scorer would choose on that corpus (`refsel:running`). GLEU's draws of one reference per
//! sentence are replaced under resampling by all references at once (`resample:pooled-refs`,
//! the expectation of the draws; the interval's own point value is reported beside it).

use std::fmt::Write as _;
use std::io::Write;

use coverage_sim::{
    Confidence, CorpusStatistic, IntervalMethod, Mean, PairedMethod, PairedTest, ScoreInterval,
    confidence_interval_by, holm_bonferroni, paired_test_by,
};
use gec_metrics::{
    CategoryTier, ErrantGroupSentence, ErrantMode, ErrantOptions, ErrantSentence, GLEU_ORDER,
    GleuCorpus, GleuOptions, GleuStats, M2File, M2Gold, M2Options, SentenceStats,
    chosen_annotators, corpus_score, corpus_score_pair, errant_corpus_score, errant_evaluate,
    errant_group_score, gleu, sari_score, sari_strip, score_from_counts,
};
use indicatif::ProgressBar;
use serde::Serialize;
use serde_json::{Value, json};

use crate::usim_command::{TextOptions, text_scores};
use crate::{Error, Signature, input, progress};

mod metrics;
mod render;
mod rows;

use metrics::*;
use render::*;
use rows::*;

/// A metric of `score -m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MetricName {
    /// MaxMatch (m2scorer) against an M2 gold.
    M2,
    /// ERRANT's comparison with a reference M2 file.
    Errant,
    /// compute_gleu's corpus GLEU.
    Gleu,
    /// SARI.py's mean sentence SARI.
    Sari,
    /// Mean USim(source, output).
    Usim,
}

/// The output format of `score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// JSON (sacrebleu's default); JSON Lines with `--sentence-level`. Scores are fractions (0–1).
    Json,
    /// One line per system and metric; tab-separated rows with `--sentence-level`. Scores are
    /// fractions (0–1), as in JSON.
    Text,
    /// A booktabs table, scores ×100 as papers print them (a comment under the table says so).
    Latex,
}

/// The bootstrap interval of `--confidence`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CiMethod {
    /// Bias-corrected and accelerated.
    Bca,
    /// Percentile.
    Percentile,
}

/// What ERRANT counts as the same edit (errant_compare's flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ErrantModeName {
    /// Correction spans (`-cs`).
    Cs,
    /// Correction spans with types (`-cse`).
    Cse,
    /// Detection spans (`-ds`).
    Ds,
    /// Detection tokens (`-dt`).
    Dt,
}

/// The name a value enum is written with on the command line (and in signatures).
fn value_name(value: impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

fn metric_names(inputs: &Inputs) -> String {
    inputs
        .metric
        .iter()
        .map(|m| value_name(*m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Score systems against an M2 gold (m2, errant), references (gleu, sari) or their sources (usim).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    text: TextOptions,
    #[command(flatten)]
    options: MetricOptions,
    #[command(flatten)]
    resampling: Resampling,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "json")]
    format: Format,
    /// One line per system and sentence instead of system scores: JSON Lines, or with `-f text`
    /// tab-separated rows under a header.
    #[arg(long, conflicts_with_all = ["confidence", "paired_bs", "paired_ar", "rank"])]
    sentence_level: bool,
}

/// What is scored: the metrics, and the files they read.
#[derive(clap::Args)]
struct Inputs {
    /// The metrics, each scored for every system. Without `-m`, m2: the official metric of the
    /// CoNLL-2014 shared task, and the one the low-coverage bias is measured with (it needs
    /// `--gold`, the M2 gold); every other metric must be named.
    #[arg(long, short, num_args = 1.., value_enum, default_value = "m2")]
    metric: Vec<MetricName>,
    /// The source text, one sentence per line (gleu, sari, usim).
    #[arg(long, short)]
    source: Option<String>,
    /// The references: reference files line-aligned with the source (gleu, sari) and, without
    /// `--gold`, an M2 gold named `*.m2` (m2, errant); one call can give both.
    #[arg(long, short, num_args = 1..)]
    references: Vec<String>,
    /// The M2 gold of m2 and errant, whatever its name; every `-r` file is then a text reference.
    #[arg(long)]
    gold: Option<String>,
    /// The systems' outputs, one sentence per line (for errant: hypothesis M2 files), each as
    /// `NAME=PATH` (labelled NAME in every output) or a path (labelled by itself); the first is the
    /// baseline of the paired tests; `-` reads standard input.
    #[arg(long, short, num_args = 1.., required = true, value_parser = input::labelled)]
    input: Vec<input::Labelled>,
}

/// The metrics' own options (each in its signature).
#[derive(clap::Args)]
struct MetricOptions {
    /// M2, ERRANT: β of F_β.
    #[arg(long, default_value_t = 0.5, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    beta: f64,
    /// M2: unchanged words one system edit may span.
    #[arg(long, default_value_t = 2)]
    max_unchanged_words: u32,
    /// M2: drop system edits that only change case or spacing.
    #[arg(long)]
    ignore_whitespace_casing: bool,
    /// M2: the longest sentence (source or output, in tokens) scored; a longer one is refused
    /// with its line, not scored for minutes.
    #[arg(long, value_name = "N", default_value_t = M2Options::OFFICIAL.max_sentence_tokens)]
    max_tokens: usize,
    /// ERRANT: what counts as the same edit (errant_compare's -cs, -cse, -ds, -dt).
    #[arg(long, value_enum, default_value = "cs")]
    errant_mode: ErrantModeName,
    /// ERRANT from text (`-s`): the analysis of English that types the edits.
    #[arg(long, value_enum, default_value = "spacy")]
    analyser: crate::errant_annotate::ErrantAnalyser,
    /// ERRANT: P/R/F per error type: 1 operation (R), 2 main type (NOUN), 3 both (R:NOUN).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    cat: Option<u8>,
    /// GLEU: rounds of reference draws (compute_gleu's --iter).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
    gleu_iter: u64,
}

/// What is resampled, how often, with which seed: intervals, paired tests, ranks.
#[derive(clap::Args)]
struct Resampling {
    /// A 95 % bootstrap confidence interval of each system's score.
    #[arg(long)]
    confidence: bool,
    /// Resamples for `--confidence`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
    confidence_n: usize,
    /// The interval: bias-corrected and accelerated, or percentile.
    #[arg(long, value_enum, default_value = "bca")]
    ci_method: CiMethod,
    /// Paired bootstrap test of each system against the first.
    #[arg(long)]
    paired_bs: bool,
    /// Resamples for `--paired-bs`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
    paired_bs_n: usize,
    /// Paired approximate randomisation test of each system against the first.
    #[arg(long)]
    paired_ar: bool,
    /// Trials for `--paired-ar`.
    #[arg(long, default_value_t = 10_000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
    paired_ar_n: usize,
    /// The seed of every resampling.
    #[arg(long, env = gecbias_data::SEED_ENV, default_value_t = 12345)]
    seed: u64,
    /// Rank each metric's systems into significance clusters: every pair compared by paired
    /// approximate randomisation (`--paired-ar-n` trials, seeded), Holm–Bonferroni over the pairs
    /// at `--rank-alpha`; a cluster ends where every system above is significantly better than
    /// every system below (text and LaTeX list systems in rank order).
    #[arg(long)]
    rank: bool,
    /// The family-wise error rate of `--rank`.
    #[arg(long, default_value_t = 0.05, value_parser = crate::numbers::level)]
    rank_alpha: f64,
}

fn source<'a>(inputs: &'a Inputs, metric: &str) -> Result<&'a str, Error> {
    inputs
        .source
        .as_deref()
        .ok_or_else(|| Error::Usage(format!("-m {metric} needs the source: -s SOURCE")))
}

/// The systems' files, in the order given.
fn paths(inputs: &Inputs) -> Vec<String> {
    inputs.input.iter().map(|i| i.path.clone()).collect()
}

fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Scores one metric: its rows, or with `--sentence-level` its sentence lines.
fn metric_rows<T, S>(
    args: &Args,
    metric: Metric<T>,
    statistic: &S,
    precision_recall: Option<[S; 2]>,
    sentences: &mut String,
    bar: &ProgressBar,
) -> Result<Vec<SystemScore>, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    if args.sentence_level {
        sentence_lines(&metric, args.format == Format::Text, sentences);
        return Ok(Vec::new());
    }
    rows(
        &args.resampling,
        metric,
        statistic,
        precision_recall.as_ref(),
        bar,
    )
}

pub(crate) fn run(args: &Args, quiet: bool, sink: &mut dyn Write) -> Result<(), Error> {
    let errant = args.inputs.metric.contains(&MetricName::Errant);
    if errant && args.inputs.metric.len() > 1 && args.inputs.source.is_none() {
        return Err(Error::Usage(
            "-m errant without -s reads hypothesis M2 files; score it in a call of its own, or give -s SOURCE to type the hypotheses from text".into(),
        ));
    }
    if args.options.cat.is_some() && !errant {
        return Err(Error::Usage(
            "--cat gives ERRANT's per-type scores: add -m errant".into(),
        ));
    }
    unread_references(&args.inputs)?;
    if args.sentence_level && args.format == Format::Latex {
        return Err(Error::Usage(
            "--sentence-level writes JSON Lines (-f json) or tab-separated rows (-f text), not LaTeX"
                .into(),
        ));
    }
    let mut rows = Vec::new();
    let mut sentences = String::new();
    // Resampling is what takes seconds: a bar over (metric, system) while it runs.
    let bar = if resamples(&args.resampling) {
        progress(args.inputs.metric.len() * args.inputs.input.len(), quiet)
    } else {
        ProgressBar::hidden()
    };
    for metric in &args.inputs.metric {
        let (s, b) = (&mut sentences, &bar);
        rows.extend(match metric {
            MetricName::M2 => {
                let stat = |part| M2Stat(args.options.beta, part);
                let parts = Some([stat(Part::Precision), stat(Part::Recall)]);
                metric_rows(
                    args,
                    m2_metric(&args.inputs, &args.options)?,
                    &stat(Part::F),
                    parts,
                    s,
                    b,
                )?
            }
            MetricName::Errant => {
                let stat = |part| ErrantStat(args.options.beta, part);
                let parts = Some([stat(Part::Precision), stat(Part::Recall)]);
                metric_rows(
                    args,
                    errant_metric(&args.inputs, &args.options, &args.resampling)?,
                    &stat(Part::F),
                    parts,
                    s,
                    b,
                )?
            }
            MetricName::Gleu => metric_rows(
                args,
                gleu_metric(&args.inputs, &args.options, resamples(&args.resampling))?,
                &PooledGleu,
                None,
                s,
                b,
            )?,
            MetricName::Sari => metric_rows(args, sari_metric(&args.inputs)?, &Mean, None, s, b)?,
            MetricName::Usim => metric_rows(
                args,
                usim_metric(&args.inputs, &args.text, quiet)?,
                &Mean,
                None,
                s,
                b,
            )?,
        });
    }
    bar.finish_and_clear();
    if args.resampling.rank && args.format != Format::Json {
        // Each metric's systems in rank order (JSON keeps the input order and says the rank).
        let metric_of = |r: &SystemScore| {
            args.inputs
                .metric
                .iter()
                .position(|m| value_name(*m).eq_ignore_ascii_case(r.name))
        };
        rows.sort_by_key(|r| (metric_of(r), r.rank.as_ref().map(|k| k.position)));
    }
    let text = if args.sentence_level {
        sentences
    } else {
        match args.format {
            Format::Json => serde_json::to_string_pretty(&rows).unwrap_or_default() + "\n",
            Format::Latex => latex(&rows),
            Format::Text => plain(&rows),
        }
    };
    crate::write_output(sink, text.as_bytes())
}
