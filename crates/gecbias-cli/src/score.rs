//! `gecbias score`: system-level scores with sacrebleu's conventions — JSON by default, a
//! signature recording every option that changes a number, `--confidence` (bootstrap intervals over
//! sentences), `--paired-bs` and `--paired-ar` against the first system, seed 12345.
//!
//! Metrics: `usim` (mean over sentences of USim(source, output); USim(output, source) beside it;
//! no references), `m2` (MaxMatch P/R/F_β against an M2 gold, m2scorer's numbers) and `sari`
//! (`SARI.py`'s sentence SARI averaged over sentences). Resampling is over sentences, the same
//! indices for every system; for M2 the running choice of annotators is redone on every resample,
//! as the scorer would choose on that corpus (`refsel:running` in the signature).

use std::io::Write;

use coverage_sim::{
    Confidence, IntervalMethod, PairedMethod, PairedTest, ScoreInterval, confidence_interval,
    m2_paired_test, mean_confidence, mean_paired_test,
};
use gec_metrics::{M2Gold, M2Options, SystemM2, sari_files};
use serde::Serialize;

use crate::Failure;
use crate::usim_command::{TextOptions, text_scores};

/// Score systems against their sources (usim, sari) or an M2 gold (m2).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The metrics, each scored for every system.
    #[arg(long, short, num_args = 1.., value_parser = ["usim", "m2", "sari"], default_value = "usim")]
    metric: Vec<String>,
    /// The source text, one sentence per line (usim, sari).
    #[arg(long, short)]
    source: Option<String>,
    /// The references: the M2 gold file (m2), or reference files line-aligned with the source
    /// (sari).
    #[arg(long, short, num_args = 1..)]
    references: Vec<String>,
    /// The systems' outputs, one sentence per line; the first is the baseline of the paired
    /// tests.
    #[arg(long, short, num_args = 1.., required = true)]
    input: Vec<String>,
    #[command(flatten)]
    text: TextOptions,
    /// M2: β of F_β.
    #[arg(long, default_value_t = 0.5)]
    beta: f64,
    /// M2: unchanged words one system edit may span.
    #[arg(long, default_value_t = 2)]
    max_unchanged_words: u32,
    /// M2: drop system edits that only change case or spacing.
    #[arg(long)]
    ignore_whitespace_casing: bool,
    /// A 95 % bootstrap confidence interval of each system's score.
    #[arg(long)]
    confidence: bool,
    /// Resamples for `--confidence`.
    #[arg(long, default_value_t = 1000)]
    confidence_n: usize,
    /// The interval: bias-corrected and accelerated, or percentile.
    #[arg(long, value_parser = ["bca", "percentile"], default_value = "bca")]
    ci_method: String,
    /// Paired bootstrap test of each system against the first.
    #[arg(long)]
    paired_bs: bool,
    /// Resamples for `--paired-bs`.
    #[arg(long, default_value_t = 1000)]
    paired_bs_n: usize,
    /// Paired approximate randomisation test of each system against the first.
    #[arg(long)]
    paired_ar: bool,
    /// Trials for `--paired-ar`.
    #[arg(long, default_value_t = 10_000)]
    paired_ar_n: usize,
    /// The seed of every resampling.
    #[arg(long, env = gecbias_data::SEED_ENV, default_value_t = 12345)]
    seed: u64,
    /// Output format.
    #[arg(long, short, value_parser = ["json", "text"], default_value = "json")]
    format: String,
}

#[derive(Serialize)]
struct Interval {
    low: f64,
    high: f64,
    level: f64,
    method: String,
}

#[derive(Serialize)]
struct Test {
    baseline: String,
    difference: f64,
    p_value: f64,
    trials: usize,
}

impl Test {
    fn new(baseline: &str, t: PairedTest) -> Test {
        Test {
            baseline: baseline.to_owned(),
            difference: t.difference,
            p_value: t.p_value,
            trials: t.trials,
        }
    }
}

#[derive(Serialize)]
struct SystemScore {
    name: &'static str,
    system: String,
    score: f64,
    /// Metric-specific parts: USim's other direction, M2's counts, P and R.
    #[serde(flatten)]
    parts: serde_json::Value,
    sentences: usize,
    signature: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired_bs: Option<Test>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired_ar: Option<Test>,
}

/// The resampling part of a signature (empty without resampling).
fn resampling_signature(args: &Args) -> String {
    let mut s = String::new();
    if args.confidence {
        s.push_str(&format!("|ci:{}|bs:{}", args.ci_method, args.confidence_n));
    }
    if args.paired_bs {
        s.push_str(&format!("|paired-bs:{}", args.paired_bs_n));
    }
    if args.paired_ar {
        s.push_str(&format!("|paired-ar:{}", args.paired_ar_n));
    }
    if args.confidence || args.paired_bs || args.paired_ar {
        s.push_str(&format!("|seed:{}", args.seed));
    }
    s
}

fn statistics_error(e: coverage_sim::Error) -> Failure {
    Failure::input(format!("resampling: {e}"))
}

fn confidence(args: &Args) -> Confidence {
    let mut c = Confidence::default();
    c.resamples = args.confidence_n;
    c.seed = args.seed;
    c.method = if args.ci_method == "percentile" {
        IntervalMethod::Percentile
    } else {
        IntervalMethod::Bca
    };
    c
}

/// The interval as the JSON shows it, saying when BCa fell back to percentile (a constant
/// jackknife, e.g. a system whose sentence scores are all equal).
fn interval(
    args: &Args,
    i: Result<ScoreInterval, coverage_sim::Error>,
) -> Result<Interval, Failure> {
    let i = i.map_err(statistics_error)?;
    let method = match (args.ci_method.as_str(), i.method) {
        ("bca", IntervalMethod::Percentile) => "percentile (BCa undefined: constant jackknife)",
        ("bca", _) => "bca",
        _ => "percentile",
    };
    Ok(Interval {
        low: i.low,
        high: i.high,
        level: i.level,
        method: method.to_owned(),
    })
}

/// The paired tests of system `k` against system 0, as `args` asks.
fn tests(
    args: &Args,
    k: usize,
    baseline: &str,
    test: impl Fn(PairedMethod) -> Result<PairedTest, coverage_sim::Error>,
) -> Result<(Option<Test>, Option<Test>), Failure> {
    if k == 0 {
        return Ok((None, None));
    }
    let run = |wanted: bool, method: PairedMethod| -> Result<Option<Test>, Failure> {
        if !wanted {
            return Ok(None);
        }
        Ok(Some(Test::new(
            baseline,
            test(method).map_err(statistics_error)?,
        )))
    };
    Ok((
        run(
            args.paired_bs,
            PairedMethod::Bootstrap {
                resamples: args.paired_bs_n,
            },
        )?,
        run(
            args.paired_ar,
            PairedMethod::Randomization {
                trials: args.paired_ar_n,
            },
        )?,
    ))
}

/// Rows of a metric that is the mean of a sentence score (USim, SARI).
fn mean_rows(
    args: &Args,
    name: &'static str,
    signature: &str,
    systems: &[(String, Vec<f64>, serde_json::Value)],
) -> Result<Vec<SystemScore>, Failure> {
    let baseline = systems.first().map_or("", |s| s.0.as_str());
    let first = systems.first().map_or(&[][..], |s| s.1.as_slice());
    systems
        .iter()
        .enumerate()
        .map(|(k, (system, scores, parts))| {
            let n = scores.len();
            let confidence = if args.confidence {
                Some(interval(args, mean_confidence(scores, &confidence(args)))?)
            } else {
                None
            };
            let (paired_bs, paired_ar) = tests(args, k, baseline, |method| {
                mean_paired_test(scores, first, method, args.seed)
            })?;
            Ok(SystemScore {
                name,
                system: system.clone(),
                score: scores.iter().sum::<f64>() / n.max(1) as f64,
                parts: parts.clone(),
                sentences: n,
                signature: signature.to_owned(),
                confidence,
                paired_bs,
                paired_ar,
            })
        })
        .collect()
}

fn source(args: &Args, metric: &str) -> Result<String, Failure> {
    args.source
        .clone()
        .ok_or_else(|| Failure::input(format!("-m {metric} needs the source: -s SOURCE")))
}

fn usim_rows(args: &Args, quiet: bool) -> Result<Vec<SystemScore>, Failure> {
    let per_system = text_scores(&source(args, "usim")?, &args.input, &args.text, quiet)?;
    let systems: Vec<(String, Vec<f64>, serde_json::Value)> = per_system
        .iter()
        .map(|(system, scores)| {
            let backward =
                scores.iter().map(|x| x.output_to_source).sum::<f64>() / scores.len().max(1) as f64;
            (
                (*system).to_owned(),
                scores.iter().map(|x| x.source_to_output).collect(),
                serde_json::json!({ "output_to_source": backward }),
            )
        })
        .collect();
    let signature = format!(
        "{}{}",
        args.text.signature(false),
        resampling_signature(args)
    );
    mean_rows(args, "USim", &signature, &systems)
}

fn sari_rows(args: &Args) -> Result<Vec<SystemScore>, Failure> {
    let source = source(args, "sari")?;
    if args.references.is_empty() {
        return Err(Failure::input("-m sari needs reference files: -r REF…"));
    }
    let systems = args
        .input
        .iter()
        .map(|output| {
            let score = sari_files(&source, &args.references, output)
                .map_err(|e| Failure::input(e.to_string()))?;
            Ok((output.clone(), score.sentences, serde_json::json!({})))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let signature = format!(
        "SARI|refs:{}|impl:sari.py|version:{}{}",
        args.references.len(),
        env!("CARGO_PKG_VERSION"),
        resampling_signature(args)
    );
    mean_rows(args, "SARI", &signature, &systems)
}

fn m2_rows(args: &Args) -> Result<Vec<SystemScore>, Failure> {
    let [gold] = args.references.as_slice() else {
        return Err(Failure::input(
            "-m m2 needs exactly one M2 gold file: -r GOLD.m2",
        ));
    };
    let gold = M2Gold::read(gold).map_err(|e| Failure::input(e.to_string()))?;
    let mut options = M2Options::OFFICIAL.with_beta(args.beta);
    options.max_unchanged_words = args.max_unchanged_words;
    options.ignore_whitespace_casing = args.ignore_whitespace_casing;
    let systems: Vec<SystemM2> = gold
        .score_files(&args.input, &options)
        .map_err(|e| Failure::input(e.to_string()))?;
    let annotators = gold
        .sentences()
        .iter()
        .map(|s| s.annotators.len())
        .max()
        .unwrap_or(0);
    let signature = format!(
        "M2|refs:{annotators}|beta:{}|muw:{}|case:{}|refsel:running|version:{}{}",
        args.beta,
        args.max_unchanged_words,
        if args.ignore_whitespace_casing {
            "insensitive"
        } else {
            "sensitive"
        },
        env!("CARGO_PKG_VERSION"),
        resampling_signature(args)
    );
    let baseline = args.input.first().map_or("", String::as_str);
    systems
        .iter()
        .enumerate()
        .map(|(k, system)| {
            let n = system.sentences.len();
            let confidence = if args.confidence {
                let f =
                    confidence_interval(n, |idx| system.resample(idx).f_beta, &confidence(args));
                Some(interval(args, f)?)
            } else {
                None
            };
            let (paired_bs, paired_ar) = tests(args, k, baseline, |method| {
                m2_paired_test(system, &systems[0], method, args.seed)
            })?;
            let s = system.score;
            Ok(SystemScore {
                name: "M2",
                system: system.system.clone(),
                score: s.f_beta,
                parts: serde_json::json!({
                    "precision": s.precision,
                    "recall": s.recall,
                    "correct": s.correct,
                    "proposed": s.proposed,
                    "gold": s.gold,
                }),
                sentences: n,
                signature: signature.clone(),
                confidence,
                paired_bs,
                paired_ar,
            })
        })
        .collect()
}

pub(crate) fn run(args: &Args, quiet: bool) -> Result<(), Failure> {
    let mut rows = Vec::new();
    for metric in &args.metric {
        rows.extend(match metric.as_str() {
            "m2" => m2_rows(args)?,
            "sari" => sari_rows(args)?,
            _ => usim_rows(args, quiet)?,
        });
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let write_err = |e: std::io::Error| Failure::input(format!("standard output: {e}"));
    if args.format == "json" {
        let json = serde_json::to_string_pretty(&rows).unwrap_or_default();
        return writeln!(out, "{json}").map_err(write_err);
    }
    for r in &rows {
        let mut line = format!("{} {} = {:.4}", r.system, r.signature, r.score);
        if let Some(c) = &r.confidence {
            line.push_str(&format!(" (95% CI {:.4}–{:.4})", c.low, c.high));
        }
        for (name, t) in [("bs", &r.paired_bs), ("ar", &r.paired_ar)] {
            if let Some(t) = t {
                line.push_str(&format!(" p({name})={:.4}", t.p_value));
            }
        }
        writeln!(out, "{line}").map_err(write_err)?;
    }
    Ok(())
}
