//! `gecbias meta-eval`: how well each metric's system scores agree with a human ranking of the
//! same systems (GJG15's judgments of the CoNLL-2014 submissions), with bootstrap intervals of
//! every correlation and paired tests between metrics.
//!
//! The human side is Expected Wins re-derived on each resample of the judgments
//! (`meta_eval::bootstrap_expected_wins`); the metric side is what `score` gives on the systems'
//! outputs, computed once (the corpus is fixed; the judgments are the sample).

use std::path::Path;

use gecbias_engine::{
    Difference, HumanMethod, MetaEval, MetaEvalOptions, MetaMetric, MetricRow, PairRow,
    ParserModel, Signature, Unit,
};
use serde_json::{Value, json};

use crate::Error;
use crate::catalogue_args::MetaMetricArg;
use crate::score::Format;

/// A judgment set whose layout `meta-eval` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Dataset {
    /// Grundkiewicz, Junczys-Dowmunt & Gillian (EMNLP 2015), grammatical/evaluation:
    /// `data/judgments.xml`, the outputs in `data/original/official_submissions/`, INPUT the
    /// source.
    Gjg15,
    /// SEEDA (Kobayashi, Mita & Komachi, TACL 2024), tmu-nlp/SEEDA: `data/judgments_sent.xml`
    /// (or `_edit`), the judged 391-sentence subset of CoNLL-2014 in `outputs/subset/<SYSTEM>.txt`;
    /// by default its "base" set (GPT-3.5, INPUT and REF-F left out).
    Seeda,
}

/// SEEDA's judgments: of whole corrected sentences or of their edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Granularity {
    /// `judgments_sent.xml`.
    Sent,
    /// `judgments_edit.xml`.
    Edit,
}

/// How the judgments become human system scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum HumanName {
    /// Expected Wins, exactly GJG15's `EW.pl`.
    Ew,
    /// TrueSkill as WMT's `TS.py -n 2`: mean μ over seeded runs.
    Trueskill,
}

/// What a resample of the human judgments draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum UnitName {
    /// Ranking items (one judge, one sentence): the comparisons of one act of judging together.
    Rankings,
    /// Judged sentences, with all their rankings.
    Sentences,
    /// Single pairwise comparisons (WMT's and GJG15's bootstrap).
    Comparisons,
}

/// `gecbias meta-eval`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The judgment set.
    #[arg(long, value_enum)]
    dataset: Dataset,
    /// The judgment set's folder (for gjg15, a clone of grammatical/evaluation).
    #[arg(long)]
    root: String,
    /// The CoNLL-2014 test set's M2 gold (m2, errant; its annotators' corrections are GLEU's
    /// references).
    #[arg(long)]
    gold: String,
    /// The metrics.
    #[arg(long, short, num_args = 1.., value_enum, default_values_t = [MetaMetricArg(MetaMetric::Metric(gecbias_engine::Metric::M2))])]
    metric: Vec<MetaMetricArg>,
    /// The human system scores: Expected Wins, or TrueSkill (no intervals: each resample would
    /// need its own runs).
    #[arg(long, value_enum, default_value = "ew")]
    human: HumanName,
    /// TrueSkill's runs (their mean μ is the score).
    #[arg(long, default_value_t = 100, value_parser = crate::numbers::runs)]
    trueskill_runs: usize,
    /// β of M2's F_β, one row each (GJG15's Table 5: 1, 0.5, 0.25 and their best, 0.18).
    #[arg(long, num_args = 1.., default_values_t = [1.0, 0.5, 0.25, 0.18], value_parser = crate::numbers::beta)]
    beta: Vec<f64>,
    /// A 95 % percentile bootstrap interval of each correlation, the human ranking re-derived on
    /// each resample of the judgments.
    #[arg(long)]
    confidence: bool,
    /// Every pair of metrics compared: the difference of their correlations on the same
    /// resamples (interval, two-sided p, Holm–Bonferroni over the pairs) and Williams' test of
    /// their Pearson correlations.
    #[arg(long)]
    paired: bool,
    /// Resamples of `--confidence` and `--paired`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::resamples, allow_hyphen_values = true)]
    resamples: usize,
    /// What a resample draws.
    #[arg(long, value_enum, default_value = "rankings")]
    unit: UnitName,
    /// The seed of the resampling.
    #[arg(long, env = gecbias_data::SEED_ENV, default_value_t = gecbias_engine::DEFAULT_SEED)]
    seed: u64,
    /// Systems left out of the correlations (their judgments still count toward the human
    /// scores); by default none for gjg15, and for seeda its base set's GPT-3.5, INPUT and REF-F.
    /// `--exclude` alone leaves none out.
    #[arg(long, num_args = 0..)]
    exclude: Option<Vec<String>>,
    /// The human corrections among the systems (default: seeda's REF-F and REF-M): with
    /// `--paired`, each metric's correlation with them against without them, on the same
    /// resamples — do metrics rank people's corrections as people do?
    #[arg(long, num_args = 0..)]
    references: Option<Vec<String>>,
    /// seeda: the sentence-level or the edit-level judgments.
    #[arg(long, value_enum, default_value = "sent")]
    granularity: Granularity,
    /// Instead of the report, the metrics' sentence scores its sentence-level agreement (seeda)
    /// compares with the judges, as JSON Lines (`score --sentence-level`'s rows, `metric` added).
    #[arg(long, conflicts_with_all = ["confidence", "paired", "plot"])]
    sentence_level: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "json")]
    format: Format,
    /// Also draw each metric against the human scores, systems named (.svg, .png at 300 dpi for
    /// a 3.3 in column, or .pdf): into this file for one metric row, else one file per row,
    /// `NAME-<metric>.svg`.
    #[arg(long, value_name = "FILE.svg|png|pdf", value_parser = crate::analysis::figure_path)]
    plot: Option<String>,
    /// usim: the UCCA parser, `bilstm` (the default), `perceptron` or a model file (as
    /// `gecbias usim --parser-model`).
    #[arg(long, value_name = "NAME|FILE")]
    parser_model: Option<ParserModel>,
}

impl Args {
    /// The engine's options these flags describe.
    fn options(&self) -> MetaEvalOptions {
        let dataset = match self.dataset {
            Dataset::Gjg15 => gecbias_engine::Dataset::Gjg15,
            Dataset::Seeda => gecbias_engine::Dataset::Seeda,
        };
        let mut o = MetaEvalOptions::new(dataset, &self.root, &self.gold);
        o.metrics = self.metric.iter().map(|m| m.0).collect();
        o.human = match self.human {
            HumanName::Ew => HumanMethod::ExpectedWins,
            HumanName::Trueskill => HumanMethod::TrueSkill {
                runs: self.trueskill_runs,
            },
        };
        o.betas = self.beta.clone();
        o.confidence = self.confidence;
        o.paired = self.paired;
        o.resamples = self.resamples;
        o.unit = match self.unit {
            UnitName::Rankings => Unit::Rankings,
            UnitName::Sentences => Unit::Sentences,
            UnitName::Comparisons => Unit::Comparisons,
        };
        o.seed = self.seed;
        o.exclude = self.exclude.clone();
        o.references = self.references.clone();
        o.granularity = match self.granularity {
            Granularity::Sent => gecbias_engine::Granularity::Sent,
            Granularity::Edit => gecbias_engine::Granularity::Edit,
        };
        o.parser = self.parser_model.clone();
        o
    }
}

/// The engine's errors, those about flags in the command's words.
fn flagged(error: gecbias_engine::Error) -> Error {
    match error {
        gecbias_engine::Error::Unjudged { system, judgments } => Error::Usage(format!(
            "--exclude {system}: no ranking of {judgments} judges it"
        )),
        gecbias_engine::Error::TrueSkillResampled => Error::Usage(
            "--confidence and --paired re-derive the human scores on 1,000 resamples of the judgments: --human ew (TrueSkill would need its runs on each)".into(),
        ),
        other => other.into(),
    }
}

pub(crate) fn run(args: &Args, out: &mut dyn std::io::Write) -> Result<(), Error> {
    let meta = MetaEval::new(args.options()).map_err(flagged)?;
    if args.sentence_level {
        let mut text = String::new();
        for (name, report) in meta.metric_reports().map_err(flagged)? {
            for mut row in crate::score::sentence_objects(&report) {
                row["metric"] = Value::from(name.clone());
                text += &(row.to_string() + "\n");
            }
        }
        return crate::write_output(out, text.as_bytes());
    }
    let report = meta.report().map_err(flagged)?;
    if let Some(path) = &args.plot {
        plot(path, &report.metrics, &report.systems, &report.human.scores)?;
    }
    let text = match args.format {
        Format::Json => {
            let json = json!({
                "dataset": report.dataset,
                "human": {
                    "method": report.human.method,
                    "rankings": report.human.rankings,
                    "systems": report.systems.iter().zip(&report.human.scores)
                        .map(|(s, v)| json!({"system": s, "score": v})).collect::<Vec<Value>>(),
                },
                "systems": report.systems,
                "metrics": report.metrics,
                "paired": report.paired,
                "signature": report.signature.to_string(),
            });
            serde_json::to_string_pretty(&json).unwrap_or_default() + "\n"
        }
        Format::Text => plain(&report.metrics, &report.paired, &report.signature),
        Format::Latex => latex(&report.metrics),
    };
    crate::write_output(out, text.as_bytes())
}

fn plain(rows: &[MetricRow], pairs: &[PairRow], signature: &Signature) -> String {
    let width = rows
        .iter()
        .map(|r| r.metric.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let sentences = rows.iter().any(|r| r.sentence.is_some());
    let mut out = format!("{:width$}  Spearman's ρ            Pearson's r", "metric");
    if sentences {
        out += "              sentence accuracy  Kendall's τ";
    }
    out.push('\n');
    for r in rows {
        out += &format!(
            "{:width$}  {:22}  {:22}",
            r.metric,
            r.spearman.to_string(),
            r.pearson.to_string()
        );
        if let Some(s) = r.sentence {
            out += &format!("  {:17.3}  {:.3}", s.accuracy, s.kendall);
        }
        out = out.trim_end().to_owned() + "\n";
    }
    if !pairs.is_empty() {
        out += "\npair                                correlation  Δ       95 % interval      p (boot)  p (Holm)  p (Williams)\n";
        for p in pairs {
            out += &format!(
                "{:35} {:11} {:+.3}  [{:+.3}, {:+.3}]  {:8.4}  {:8.4}  {}\n",
                format!("{} − {}", p.a, p.b),
                p.correlation,
                p.difference,
                p.low,
                p.high,
                p.p_bootstrap,
                p.p_holm,
                p.p_williams
                    .map_or_else(|| "—".into(), |v| format!("{v:.4}"))
            );
        }
    }
    for r in rows {
        if let Some(w) = &r.with_references {
            let change = |d: &Difference| {
                format!(
                    "{:+.3} [{:+.3}, {:+.3}] p {:.4}",
                    d.difference, d.low, d.high, d.p_bootstrap
                )
            };
            out += &format!(
                "{}: with {} minus without: r {}, ρ {}\n",
                r.metric,
                w.references.join(", "),
                change(&w.pearson),
                change(&w.spearman)
            );
        }
    }
    if rows
        .iter()
        .any(|r| r.metric == "USim" && r.pearson.estimate < 0.0)
    {
        out += USIM_NOTE;
        out.push('\n');
    }
    out + &format!("{signature}\n")
}

/// What a negative correlation of USim with people means, for the text output.
const USIM_NOTE: &str = "note: USim measures faithfulness to the source, not quality: a system \
     that changes little keeps the meaning and scores high, so where people prefer systems that \
     correct more, USim correlates negatively with them (Choshen & Abend 2018 pair it with a \
     reference-based metric rather than use it alone).";

fn latex(rows: &[MetricRow]) -> String {
    let mut out = String::from(
        "\\begin{tabular}{lcc}\n\\toprule\nMetric & Spearman's $\\rho$ & Pearson's $r$ \\\\\n\\midrule\n",
    );
    for r in rows {
        out += &format!("{} & {} & {} \\\\\n", r.metric, r.spearman, r.pearson);
    }
    out + "\\bottomrule\n\\end{tabular}\n"
}

/// One scatter per metric row: x the human score, y the metric's, each system named.
fn plot(path: &str, rows: &[MetricRow], systems: &[String], human: &[f64]) -> Result<(), Error> {
    let file = Path::new(path);
    for row in rows {
        let target = if rows.len() == 1 {
            path.to_owned()
        } else {
            let slug = row.metric.to_lowercase().replace(' ', "-");
            let stem = file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("meta-eval");
            let extension = file.extension().and_then(|s| s.to_str()).unwrap_or("svg");
            file.with_file_name(format!("{stem}-{slug}.{extension}"))
                .display()
                .to_string()
        };
        let points: Vec<gecbias_plot::Point> = systems
            .iter()
            .zip(human)
            .zip(&row.scores)
            .map(|((s, &x), &y)| gecbias_plot::Point {
                label: s.clone(),
                x,
                y,
            })
            .collect();
        let caption = format!(
            "ρ = {:.3}, r = {:.3}",
            row.spearman.estimate, row.pearson.estimate
        );
        crate::analysis::write_figure(
            &target,
            gecbias_plot::scatter(
                &format!("{} against the human ranking", row.metric),
                ("human score (Expected Wins)", &row.metric),
                &points,
                &caption,
            ),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use gecbias_engine::Estimate;

    use super::*;

    fn row(metric: &str, r: f64) -> MetricRow {
        let estimate = Estimate {
            estimate: r,
            low: None,
            high: None,
        };
        MetricRow {
            metric: metric.into(),
            signature: String::new(),
            scores: Vec::new(),
            pearson: estimate,
            spearman: estimate,
            sentence: None,
            with_references: None,
        }
    }

    #[test]
    fn a_negative_usim_correlation_is_explained() {
        let signature = Signature::new("MetaEval");
        let negative = plain(&[row("M2", 0.6), row("USim", -0.41)], &[], &signature);
        assert!(negative.contains(USIM_NOTE), "{negative}");
        let positive = plain(&[row("M2", 0.6), row("USim", 0.2)], &[], &signature);
        assert!(!positive.contains("faithfulness"), "{positive}");
    }
}
