//! `gecbias score`: a system-level score with sacrebleu's conventions — JSON by default, a
//! signature recording every option that changes a number, `--confidence` (bootstrap intervals over
//! sentences), `--paired-bs` and `--paired-ar` against the first system, seed 12345. Today's
//! metric is USim (`-m usim`); the reference-based metrics join it with the command's own issue.
//!
//! USim needs no references: each system's score is the mean over sentences of
//! USim(source, output); the mean of USim(output, source) is reported beside it. Resampling is
//! over sentences, the same indices for every system.

use std::io::Write;

use coverage_sim::{
    Bootstrap, PairedMeans, PairedTest, approximate_randomization, mean_statistic, paired_bootstrap,
};
use serde::Serialize;

use crate::Failure;
use crate::usim_command::{TextOptions, text_scores};

/// Score systems against their sources.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The metric.
    #[arg(long, short, value_parser = ["usim"], default_value = "usim")]
    metric: String,
    /// The source text, one sentence per line.
    #[arg(long, short)]
    source: String,
    /// The systems' outputs, line-aligned with the source; the first is the baseline of the
    /// paired tests.
    #[arg(long, short, num_args = 1.., required = true)]
    input: Vec<String>,
    #[command(flatten)]
    text: TextOptions,
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
    output_to_source: f64,
    sentences: usize,
    signature: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired_bs: Option<Test>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired_ar: Option<Test>,
}

fn signature(args: &Args) -> String {
    let mut s = args.text.signature(false);
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

pub(crate) fn run(args: &Args, quiet: bool) -> Result<(), Failure> {
    let per_system = text_scores(&args.source, &args.input, &args.text, quiet)?;
    let forward: Vec<Vec<f64>> = per_system
        .iter()
        .map(|(_, s)| s.iter().map(|x| x.source_to_output).collect())
        .collect();
    let n = forward.first().map_or(0, Vec::len);
    let signature = signature(args);
    let mut rows = Vec::new();
    for (k, (system, scores)) in per_system.iter().enumerate() {
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let backward: Vec<f64> = scores.iter().map(|x| x.output_to_source).collect();
        let confidence = if args.confidence {
            let plan = Bootstrap {
                resamples: args.confidence_n,
                seed: args.seed,
            };
            let d = plan
                .run(n, mean_statistic(&forward[k]))
                .map_err(statistics_error)?;
            // BCa is undefined when every jackknife value is equal (a system whose sentence
            // scores are all the same): the percentile interval, then a point, says the truth.
            let (interval, method) = match args.ci_method.as_str() {
                "bca" => match d.bca(0.05) {
                    Err(coverage_sim::Error::DegenerateBootstrap(_)) => (
                        d.percentile(0.05),
                        "percentile (BCa undefined: constant jackknife)",
                    ),
                    other => (other, "bca"),
                },
                _ => (d.percentile(0.05), "percentile"),
            };
            let interval = interval.map_err(statistics_error)?;
            Some(Interval {
                low: interval.low,
                high: interval.high,
                level: 0.95,
                method: method.to_owned(),
            })
        } else {
            None
        };
        let paired = PairedMeans {
            first: &forward[k],
            second: &forward[0],
        };
        let baseline = per_system[0].0;
        let paired_bs = if args.paired_bs && k > 0 {
            let plan = Bootstrap {
                resamples: args.paired_bs_n,
                seed: args.seed,
            };
            let t = paired_bootstrap(n, plan, &paired).map_err(statistics_error)?;
            Some(Test::new(baseline, t))
        } else {
            None
        };
        let paired_ar = if args.paired_ar && k > 0 {
            let t = approximate_randomization(n, args.paired_ar_n, args.seed, &paired)
                .map_err(statistics_error)?;
            Some(Test::new(baseline, t))
        } else {
            None
        };
        rows.push(SystemScore {
            name: "USim",
            system: (*system).to_owned(),
            score: mean(&forward[k]),
            output_to_source: mean(&backward),
            sentences: n,
            signature: signature.clone(),
            confidence,
            paired_bs,
            paired_ar,
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
