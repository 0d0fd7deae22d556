//! The papers' analyses as commands (what no other tool offers): how conservative a system is
//! (`conservatism`, LCB §3.2), how many valid corrections a sentence has (`unseen`, UnseenEst,
//! LCB §3.1 and Table 1), and what a perfect system scores with M references (`coverage`, LCB
//! §4). Each prints JSON.

use std::io::Write;

use conservatism::{ConservatismProfile, Resources, WORD_CHANGE_BINS, compare_files};
use coverage_sim::{Sampling, perfect_system};
use serde_json::{Value, json};
use unseen_est::crowd::{Classes, Normalizer, estimate_batch};
use unseen_est::{Histogram, Params, TABLE_GAMMAS, TableStatistics, estimate};

use crate::{Failure, input};

fn print(value: &Value) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    writeln!(std::io::stdout().lock(), "{text}")
        .map_err(|e| Failure::input(format!("standard output: {e}")))
}

/// How conservative systems are: WordChange, index diff and word order per aligned sentence pair.
#[derive(clap::Args)]
pub(crate) struct ConservatismArgs {
    /// The source, one sentence (or paragraph) per line.
    source: String,
    /// System outputs, line-aligned with the source.
    #[arg(required = true)]
    systems: Vec<String>,
    /// A reference correction (line-aligned), profiled beside the systems.
    #[arg(long)]
    gold: Option<String>,
}

/// The profile as the JSON shows it: the paper's summary numbers and the heat-map row.
fn profile_json(name: &str, p: &ConservatismProfile) -> Value {
    let n = p.sentences.len();
    let histogram: Vec<Value> = WORD_CHANGE_BINS
        .iter()
        .zip(p.word_change_histogram())
        .map(|(&(lo, hi), count)| json!({"word_change": format!("{lo}-{hi}"), "sentences": count}))
        .collect();
    let index_diff: usize = p.sentences.iter().map(|s| s.index_diff).sum();
    json!({
        "system": name,
        "sentences": n,
        "unchanged_share": (n - p.changed_sentences()) as f64 / n.max(1) as f64,
        "total_word_change": p.total_word_change(),
        "mean_word_change": p.total_word_change() as f64 / n.max(1) as f64,
        "total_index_diff": index_diff,
        "mean_spearman_rho": p.mean_rho(),
        "perfect_order": p.perfect_order(),
        "splits": p.splits(),
        "concatenations": p.concatenations(),
        "word_change_histogram": histogram,
        "word_change_above_30": p.above_thirty(),
    })
}

pub(crate) fn conservatism(args: &ConservatismArgs) -> Result<(), Failure> {
    let resources = Resources::locate().map_err(|e| Failure::input(e.to_string()))?;
    let mut rows = Vec::new();
    for system in args.systems.iter().chain(&args.gold) {
        input::text(&args.source)?;
        input::text(system)?;
        let profile = compare_files(&args.source, system, &resources)
            .map_err(|e| Failure::input(e.to_string()))?;
        let mut row = profile_json(system, &profile);
        if Some(system) == args.gold.as_ref() {
            row["reference"] = json!(true);
        }
        rows.push(row);
    }
    print(&json!({
        "name": "Conservatism",
        "signature": format!("Conservatism|split:punkt|align:reference-costs|version:{}", env!("CARGO_PKG_VERSION")),
        "source": args.source,
        "systems": rows,
    }))
}

/// UnseenEst: how many valid corrections a sentence has, from crowd answers.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("inputs").required(true).args(["fingerprints", "answers"])))]
pub(crate) struct UnseenArgs {
    /// Fingerprint files (`count` lines: how many corrections were seen 1, 2, … times).
    fingerprints: Vec<String>,
    /// MTurk result CSVs of crowd corrections instead of fingerprints.
    #[arg(long, num_args = 1..)]
    answers: Vec<String>,
    /// With --answers: group answers by identical text or by the positions they change.
    #[arg(long, value_parser = ["exact", "index"], default_value = "exact")]
    classes: String,
}

fn histogram_json(name: &str, fingerprint: &unseen_est::Fingerprint, h: &Histogram) -> Value {
    let gammas: Vec<Value> = TABLE_GAMMAS
        .iter()
        .map(|&g| json!({"gamma": g, "variants": h.variants_above(g), "mass": h.mass_above(g)}))
        .collect();
    json!({
        "sentence": name,
        "answers": fingerprint.sample_size(),
        "distinct_answers": fingerprint.distinct(),
        "estimated_corrections": h.variants_above(0.0),
        "above": gammas,
    })
}

pub(crate) fn unseen(args: &UnseenArgs) -> Result<(), Failure> {
    let params = Params::default();
    let failure = |e: unseen_est::Error| Failure::input(e.to_string());
    let mut rows = Vec::new();
    let mut histograms = Vec::new();
    for path in &args.fingerprints {
        let fingerprint = unseen_est::Fingerprint::parse(&input::text(path)?, input::name(path))
            .map_err(failure)?;
        let h = estimate(&fingerprint, &params).map_err(failure)?;
        rows.push(histogram_json(path, &fingerprint, &h));
        histograms.push(h);
    }
    let classes = if args.classes == "index" {
        Classes::ExactIndexMatch
    } else {
        Classes::Exact
    };
    for path in &args.answers {
        input::text(path)?;
        for s in estimate_batch(path, Normalizer::Current, classes, &params).map_err(failure)? {
            rows.push(histogram_json(&s.name, &s.fingerprint, &s.histogram));
            histograms.push(s.histogram);
        }
    }
    let table = TableStatistics::of(&histograms);
    print(&json!({
        "name": "UnseenEst",
        "signature": format!("UnseenEst|grid:1.05|classes:{}|version:{}", args.classes, env!("CARGO_PKG_VERSION")),
        "sentences": rows,
        "table1": {
            "sentences": table.files,
            "gammas": TABLE_GAMMAS,
            "mean_variants": table.variants,
            "mean_mass": table.mass,
        },
    }))
}

/// What a perfect system scores with M references.
#[derive(clap::Args)]
pub(crate) struct CoverageArgs {
    /// Estimated correction histograms (UnseenEst's `*_output_hist.txt`), one per sentence.
    #[arg(required = true)]
    histograms: Vec<String>,
    /// Histograms of the Exact-Index-Match classes, for the second curve.
    #[arg(long, num_args = 1..)]
    index: Vec<String>,
    /// The largest number of references.
    #[arg(long, default_value_t = 20)]
    max_refs: usize,
    /// References drawn with replacement (the paper's main figure) or without.
    #[arg(long, value_parser = ["with", "without"], default_value = "with")]
    sampling: String,
}

fn read_histograms(paths: &[String]) -> Result<Vec<Histogram>, Failure> {
    paths
        .iter()
        .map(|p| {
            Histogram::parse(&input::text(p)?, input::name(p))
                .map_err(|e| Failure::input(e.to_string()))
        })
        .collect()
}

fn curve(
    histograms: &[Histogram],
    max_refs: usize,
    sampling: Sampling,
) -> Result<Vec<Value>, Failure> {
    (1..=max_refs)
        .map(|m| {
            let s = perfect_system(histograms, m, sampling)
                .map_err(|e| Failure::input(e.to_string()))?
                .summary();
            Ok(
                json!({"references": m, "accuracy": s.accuracy, "bias": s.bias,
                      "low": s.low, "high": s.high, "sd": s.sd}),
            )
        })
        .collect()
}

pub(crate) fn coverage(args: &CoverageArgs) -> Result<(), Failure> {
    if args.max_refs == 0 {
        return Err(Failure::input("--max-refs must be at least 1"));
    }
    let sampling = if args.sampling == "without" {
        Sampling::WithoutReplacement
    } else {
        Sampling::WithReplacement
    };
    let exact = curve(&read_histograms(&args.histograms)?, args.max_refs, sampling)?;
    let mut out = json!({
        "name": "PerfectSystemAccuracy",
        "signature": format!("Coverage|sampling:{}|band:poisson-binomial-95|version:{}", args.sampling, env!("CARGO_PKG_VERSION")),
        "sentences": args.histograms.len(),
        "exact": exact,
    });
    if !args.index.is_empty() {
        out["exact_index_match"] = json!(curve(
            &read_histograms(&args.index)?,
            args.max_refs,
            sampling
        )?);
    }
    print(&out)
}
