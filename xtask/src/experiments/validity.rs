//! `validity`: the LCB paper's validity of rare corrections (§2.1, appendix "Validity",
//! `fig:validity_judgements`): three crowd workers judged each correction of the first crowd
//! experiment; joined with how many of the 50 workers produced it, the share judged valid per
//! frequency. The paper: "even the rarest corrections are judged valid 78% of the time".

use std::fmt::Write as _;

use anyhow::Context;
use gecbias_data::DataDir;
use gecbias_plot::{IntervalBar, interval_bars};
use indicatif::ProgressBar;
use unseen_est::crowd::{
    FrequencyValidity, Normalizer, read_batch, read_judgements, validity_by_frequency, wilson,
};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, fixed};
use crate::paper_inputs::lcb::BATCHES;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("validity", TITLE, inputs, run);
const TITLE: &str =
    "LCB validity of rare corrections: crowd validity judgements per correction frequency (78%)";

const CONFIRMATION: &str =
    "assess_learner_language/batches/confirmation_batches/confirmation_batch.csv";
/// The paper's validity of the rarest (produced once) corrections.
const PAPER_RAREST: f64 = 0.78;
/// The 95 % normal quantile.
const Z95: f64 = 1.959_963_984_540_054;
/// The figure's and table's frequency bins (inclusive ranges).
const BINS: [(usize, usize); 7] = [
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 5),
    (6, 10),
    (11, 20),
    (21, usize::MAX),
];

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out: Vec<String> = BATCHES
        .iter()
        .map(|b| format!("assess_learner_language/batches/{b}"))
        .collect();
    out.push(CONFIRMATION.to_owned());
    Ok(out)
}

fn bin_label((low, high): (usize, usize)) -> String {
    match (low, high) {
        (l, h) if l == h => l.to_string(),
        (l, usize::MAX) => format!("≥ {l}"),
        (l, h) => format!("{l}–{h}"),
    }
}

fn pooled(rows: &[FrequencyValidity], (low, high): (usize, usize)) -> (usize, usize) {
    rows.iter()
        .filter(|r| (low..=high).contains(&r.frequency))
        .fold((0, 0), |(v, n), r| (v + r.valid, n + r.judgements))
}

fn run(data: &DataDir, inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let read = |rel: &str| std::fs::read(data.join(rel)).with_context(|| format!("reading {rel}"));
    let mut answers = Vec::new();
    for rel in inputs.iter().filter(|r| r.as_str() != CONFIRMATION) {
        answers.extend(read_batch(&read(rel)?, rel)?);
        progress.inc(1);
    }
    let judgements = read_judgements(&read(CONFIRMATION)?, CONFIRMATION)?;
    progress.inc(1);
    // The confirmation batch shows corrections as the authors' current normaliser left them
    // (`a a` → `aa`), so both sides are normalised with it before the join.
    let (rows, unmatched) =
        validity_by_frequency(&answers, &judgements, Normalizer::CurrentKeepCase);
    let (valid, total) = pooled(&rows, (1, usize::MAX));
    let (rare_valid, rare_total) = pooled(&rows, (1, 1));
    let (more_valid, more_total) = pooled(&rows, (2, usize::MAX));
    let rarest = rare_valid as f64 / rare_total as f64;
    let rare_ci = wilson(rare_valid, rare_total, Z95);
    let more = more_valid as f64 / more_total as f64;
    let more_ci = wilson(more_valid, more_total, Z95);

    let mut md = String::new();
    let _ = writeln!(
        md,
        "Three workers judged each of the corrections sampled from the first crowd experiment (`{CONFIRMATION}`: \
         {} judgements, no rejected assignments). Each (source, correction) pair is joined with the number of \
         workers of the three correction batches (rejected assignments dropped, as for Table 1) who produced it, \
         both sides normalised with the authors' current normaliser. {} judgement(s) match no answer{}.\n",
        judgements.len(),
        unmatched.len(),
        if unmatched.is_empty() {
            String::new()
        } else {
            format!(
                " (lines {})",
                unmatched
                    .iter()
                    .map(|j| j.line.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    let mut table = Table::new(&[
        ("", Align::Left),
        ("paper", Align::Right),
        ("ours", Align::Right),
        ("95 % Wilson interval", Align::Left),
    ]);
    table.row([
        "valid, corrections produced once (the rarest)".to_owned(),
        format!("{} %", fixed(PAPER_RAREST * 100.0, 0)),
        format!("{} ({rare_valid} / {rare_total})", percent(rarest)),
        percent_range(rare_ci),
    ]);
    table.row([
        "valid, corrections produced twice or more".to_owned(),
        "—".to_owned(),
        format!("{} ({more_valid} / {more_total})", percent(more)),
        percent_range(more_ci),
    ]);
    table.row([
        "valid, all judgements".to_owned(),
        "—".to_owned(),
        format!(
            "{} ({valid} / {total})",
            percent(valid as f64 / total as f64)
        ),
    ]);
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\nThe paper's 78 % {} ours to the percent. The intervals of the rarest and the more frequent corrections \
         {}: frequency has little effect, as the paper says.\n",
        if (rarest * 100.0).round() == PAPER_RAREST * 100.0 {
            "equals"
        } else {
            "differs from"
        },
        if rare_ci.1 >= more_ci.0 && more_ci.1 >= rare_ci.0 {
            "overlap"
        } else {
            "do not overlap"
        }
    );
    let _ = writeln!(
        md,
        "## Validity per frequency (`fig:validity_judgements`)\n"
    );
    let mut table = Table::new(&[
        ("workers who produced the correction", Align::Left),
        ("judgements", Align::Right),
        ("valid", Align::Right),
        ("95 % Wilson interval", Align::Left),
    ]);
    let mut bars = Vec::new();
    for bin in BINS {
        let (v, n) = pooled(&rows, bin);
        if n == 0 {
            continue;
        }
        let (low, high) = wilson(v, n, Z95);
        let rate = v as f64 / n as f64;
        table.row([
            bin_label(bin),
            n.to_string(),
            percent(rate),
            percent_range((low, high)),
        ]);
        bars.push(IntervalBar {
            label: bin_label(bin),
            value: rate,
            low,
            high,
            colour: 0,
        });
    }
    md.push_str(&table.markdown());
    let svg = interval_bars(
        "Share of corrections judged valid, by how many workers produced them (95% Wilson intervals)",
        "judged valid",
        &bars,
        &[("the paper's 78% for the rarest".to_owned(), PAPER_RAREST)],
    )?;
    let json = serde_json::json!({
        "judgements": judgements.len(),
        "unmatched_lines": unmatched.iter().map(|j| j.line).collect::<Vec<_>>(),
        "rarest": { "valid": rare_valid, "judgements": rare_total, "interval": rare_ci },
        "by_frequency": rows.iter().map(|r| serde_json::json!({
            "frequency": r.frequency, "judgements": r.judgements, "valid": r.valid,
        })).collect::<Vec<_>>(),
    });
    Ok(Report {
        markdown: md,
        json,
        figures: vec![("by-frequency", svg)],
    })
}

/// A share as a percentage to one decimal: `78.7 %`.
fn percent(share: f64) -> String {
    format!("{} %", fixed(share * 100.0, 1))
}

/// A range of shares as percentages to one decimal: `75.1–82.0 %`.
fn percent_range((low, high): (f64, f64)) -> String {
    format!("{}–{} %", fixed(low * 100.0, 1), fixed(high * 100.0, 1))
}
