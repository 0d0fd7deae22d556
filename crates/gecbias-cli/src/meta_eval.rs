//! `gecbias meta-eval`: how well each metric agrees with people, with bootstrap intervals of
//! every correlation and paired tests between metrics: against a human ranking of the same
//! systems (GJG15's and SEEDA's judgments), or against ratings of outputs at system and segment
//! level (GMEG, TMU-GFM, Simplicity-DA, structural simplicity, ASSET's ratings, or the user's own
//! with `--dataset custom --judgments FILE`).
//!
//! The human side is re-derived on each resample of the judgments (Expected Wins) or of the
//! rated segments (mean ratings); the metric side is what `score` gives on the systems' outputs,
//! computed once (the corpus is fixed; the judgments are the sample).

use std::path::Path;

use gecbias_engine::{
    Difference, HumanMethod, MetaEval, MetaEvalOptions, MetricRow, PairRow, ParserModel,
    RatedOutputs, RatingDataset, RatingMetaEval, RatingMetaEvalOptions, RatingMetaEvalReport,
    Signature, Unit,
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
    /// GMEG (TACL 2019), FCE domain: 6 GEC systems and the source rated 0–100 (mean of 8
    /// judges), 4 references; `--split test` (default) or `dev`.
    GmegFce,
    /// GMEG, Wikipedia domain.
    GmegWiki,
    /// GMEG, Yahoo Answers domain: ratings only, its text withheld by its licence.
    GmegYahoo,
    /// TMU-GFM (COLING 2020): 4,221 outputs of 5 GEC systems, grammaticality, fluency and
    /// meaning from 5 annotators; no references.
    TmuGfm,
    /// Simplicity-DA (Alva-Manchego et al., CL 2021): 600 simplifications, fluency, meaning,
    /// simplicity (and their z-scores); ASSET's references.
    SimplicityDa,
    /// Simplicity gain (CL 2021's third set): its human scores are not published.
    SimplicityGain,
    /// Structural simplicity (CL 2021): 1,750 simplifications, grammaticality, meaning,
    /// simplicity, structural simplicity; ASSET's references.
    StructuralSimplicity,
    /// ASSET's ratings (ACL 2020): 100 outputs, 15 workers' fluency, meaning, simplicity;
    /// segment level only (the outputs' systems are not named).
    AssetRatings,
    /// SAMSA's human benchmark (NAACL 2018): not read yet (an OpenDocument spreadsheet).
    SamsaBenchmark,
    /// Your own ratings: `--judgments FILE`, JSON Lines or CSV/TSV, one rated output per row
    /// (`system`, `segment`, `source`, `output`, `score`; optionally `references` or
    /// `ref0`, `ref1`, …, `aspect`, `rater`).
    Custom,
}

impl Dataset {
    /// The rating set it names, if it is one gecbias reads.
    fn rating_set(self) -> Result<Option<RatingDataset>, Error> {
        Ok(Some(match self {
            Dataset::Gjg15 | Dataset::Seeda | Dataset::Custom => return Ok(None),
            Dataset::GmegFce => RatingDataset::GmegFce,
            Dataset::GmegWiki => RatingDataset::GmegWiki,
            Dataset::GmegYahoo => RatingDataset::GmegYahoo,
            Dataset::TmuGfm => RatingDataset::TmuGfm,
            Dataset::SimplicityDa => RatingDataset::SimplicityDa,
            Dataset::StructuralSimplicity => RatingDataset::StructuralSimplicity,
            Dataset::AssetRatings => RatingDataset::AssetRatings,
            Dataset::SimplicityGain => {
                return Err(Error::usage(
                    "--dataset simplicity-gain: the human simplicity-gain scores are not in \
                     metaeval-simplification's repository (only the metrics' scores are)",
                ));
            }
            Dataset::SamsaBenchmark => {
                return Err(Error::usage(
                    "--dataset samsa-benchmark: SAMSA's benchmark is an OpenDocument \
                     spreadsheet gecbias does not read yet; export it as CSV and use \
                     --dataset custom --judgments FILE",
                ));
            }
        }))
    }
}

/// The levels a meta-evaluation against ratings correlates at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Level {
    /// Systems' corpus scores against their mean ratings.
    System,
    /// System level and each rated output's score against its rating.
    Both,
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
    /// The judgment set's folder (gjg15: a clone of grammatical/evaluation; seeda: of SEEDA);
    /// for the rating sets, the data directory that holds them (default: $GECBIAS_DATA,
    /// ./data, ../shared/data).
    #[arg(long)]
    root: Option<String>,
    /// gjg15 and seeda: the CoNLL-2014 test set's M2 gold (m2, errant; its annotators'
    /// corrections are GLEU's references).
    #[arg(long)]
    gold: Option<String>,
    /// custom: the ratings file (JSON Lines, CSV or TSV).
    #[arg(long, value_name = "FILE")]
    judgments: Option<String>,
    /// custom: the only systems a row may name (a misspelt name is then an error).
    #[arg(long, num_args = 1..)]
    systems: Option<Vec<String>>,
    /// The rated aspect to correlate with (default: the dataset's main one, or a custom file's
    /// only one).
    #[arg(long)]
    aspect: Option<String>,
    /// GMEG's split.
    #[arg(long, default_value = "test", value_parser = ["test", "dev"])]
    split: String,
    /// Ratings: the levels to correlate at (segment level's intervals resample every rated
    /// output, the costliest part).
    #[arg(long, value_enum, default_value = "both")]
    level: Level,
    /// Ratings: add this many hybrid systems to the system level (Graham & Liu's
    /// super-sampling, as GMEG's Table 8: 674), each taking every sentence from one of two
    /// correlated systems (for GMEG, of its GEC systems), seeded by `--seed`.
    #[arg(long, default_value_t = 0, value_parser = crate::numbers::synthetic)]
    synthetic: usize,
    /// The metrics (default: m2 for gjg15 and seeda; for ratings, those the dataset's inputs
    /// allow: GEC with references m2, errant, gleu and chrf; without, usim; simplification bleu,
    /// sari and fkgl).
    #[arg(long, short, num_args = 1.., value_enum)]
    metric: Vec<MetaMetricArg>,
    /// The human system scores: Expected Wins, or TrueSkill (no intervals: each resample would
    /// need its own runs).
    #[arg(long, value_enum, default_value = "ew")]
    human: HumanName,
    /// TrueSkill's runs (their mean μ is the score).
    #[arg(long, default_value_t = 100, value_parser = crate::numbers::runs)]
    trueskill_runs: usize,
    /// β of M2's F_β, one row each (default GJG15's Table 5: 1, 0.5, 0.25 and their best,
    /// 0.18); for ratings, of M2's, ERRANT's and macro ERRANT's (default 0.5).
    #[arg(long, num_args = 1.., value_parser = crate::numbers::beta)]
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
    /// The engine's options these flags describe, for a ranking set.
    fn options(&self, dataset: gecbias_engine::Dataset) -> Result<MetaEvalOptions, Error> {
        let required = |value: &Option<String>, flag: &str| {
            value.clone().ok_or_else(|| {
                Error::usage(format!("--dataset {}: {flag} is required", dataset.name()))
            })
        };
        let mut o = MetaEvalOptions::new(
            dataset,
            required(&self.root, "--root")?,
            required(&self.gold, "--gold")?,
        );
        if !self.metric.is_empty() {
            o.metrics = self.metric.iter().map(|m| m.0).collect();
        }
        if !self.beta.is_empty() {
            o.betas = self.beta.clone();
        }
        o.human = match self.human {
            HumanName::Ew => HumanMethod::ExpectedWins,
            HumanName::Trueskill => HumanMethod::TrueSkill {
                runs: self.trueskill_runs,
            },
        };
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
        Ok(o)
    }

    /// The ratings and the options of a rating set's or a custom file's meta-evaluation.
    fn ratings(&self) -> Result<(RatedOutputs, RatingMetaEvalOptions), Error> {
        for (given, flag) in [
            (self.gold.is_some(), "--gold"),
            (self.sentence_level, "--sentence-level"),
            (self.plot.is_some(), "--plot"),
            (self.human != HumanName::Ew, "--human"),
        ] {
            if given {
                return Err(Error::usage(format!(
                    "{flag} belongs to the ranking sets (gjg15, seeda)"
                )));
            }
        }
        let (ratings, set) = match self.dataset.rating_set()? {
            Some(set) => {
                let cwd = std::env::current_dir().map_err(Error::at("the working directory"))?;
                let data =
                    gecbias_data::DataDir::resolve(self.root.as_deref().map(Path::new), &cwd)
                        .map_err(Error::at(format!("the rating set {}", set.name())))?;
                (set.read(data.root(), &self.split)?, Some(set))
            }
            None => {
                let file = self.judgments.as_deref().ok_or_else(|| {
                    Error::usage("--dataset custom: --judgments FILE is required")
                })?;
                (
                    RatedOutputs::read(Path::new(file), self.systems.as_deref())?,
                    None,
                )
            }
        };
        let mut o = RatingMetaEvalOptions::default();
        o.metrics = if self.metric.is_empty() {
            RatingDataset::default_metrics(set, &ratings)
        } else {
            self.metric.iter().map(|m| m.0).collect()
        };
        o.aspect = self
            .aspect
            .clone()
            .or_else(|| set.map(|s| s.default_aspect().to_owned()));
        if !self.beta.is_empty() {
            o.betas = self.beta.clone();
        }
        o.confidence = self.confidence;
        o.paired = self.paired;
        o.resamples = self.resamples;
        o.seed = self.seed;
        o.exclude = match (&self.exclude, set) {
            (Some(names), _) => names.clone(),
            (None, Some(set)) => set.excluded().iter().map(|s| (*s).to_owned()).collect(),
            (None, None) => Vec::new(),
        };
        o.metric.usim.text.parser = self.parser_model.clone();
        o.synthetic = self.synthetic;
        o.segment_level = self.level != Level::System;
        if let Some(set) = set {
            o.synthetic_pool = Some(set.synthetic_pool(&ratings, &o.exclude));
        }
        Ok((ratings, o))
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
    let dataset = match args.dataset {
        Dataset::Gjg15 => gecbias_engine::Dataset::Gjg15,
        Dataset::Seeda => gecbias_engine::Dataset::Seeda,
        _ => return run_ratings(args, out),
    };
    let meta = MetaEval::new(args.options(dataset)?).map_err(flagged)?;
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

/// A rating set's or a custom file's meta-evaluation.
fn run_ratings(args: &Args, out: &mut dyn std::io::Write) -> Result<(), Error> {
    let (ratings, options) = args.ratings()?;
    let report = RatingMetaEval::new(ratings, options)?.report()?;
    let text = match args.format {
        Format::Json => {
            let mut json = serde_json::to_value(&report).unwrap_or_default();
            json["signature"] = Value::from(report.signature.to_string());
            serde_json::to_string_pretty(&json).unwrap_or_default() + "\n"
        }
        Format::Text => plain_ratings(&report),
        Format::Latex => latex_ratings(&report),
    };
    crate::write_output(out, text.as_bytes())
}

fn cell(e: Option<gecbias_engine::Estimate>) -> String {
    e.map_or_else(|| "—".into(), |e| e.to_string())
}

fn plain_ratings(report: &RatingMetaEvalReport) -> String {
    let width = report
        .metrics
        .iter()
        .map(|r| r.metric.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!(
        "{}, aspect {}: {} systems, {} segments, {} rated outputs\n{:width$}  {:22}  {:22}  {:22}  {:22}  {:22}  {:22}\n",
        report.dataset,
        report.aspect,
        report.systems.len(),
        report.segments,
        report.rated_outputs,
        "metric",
        "system r",
        "system ρ",
        "system τ",
        "segment r",
        "segment ρ",
        "segment τ"
    );
    for r in &report.metrics {
        let system =
            |pick: fn(&gecbias_engine::Correlations) -> Option<gecbias_engine::Estimate>| {
                cell(r.system.as_ref().and_then(pick))
            };
        out += &format!(
            "{:width$}  {:22}  {:22}  {:22}  {:22}  {:22}  {:22}",
            r.metric,
            system(|c| c.pearson),
            system(|c| c.spearman),
            system(|c| c.kendall),
            cell(r.segment.and_then(|c| c.pearson)),
            cell(r.segment.and_then(|c| c.spearman)),
            cell(r.segment.and_then(|c| c.kendall)),
        );
        out = out.trim_end().to_owned() + "\n";
    }
    for (level, pairs) in [
        ("system", &report.paired.system),
        ("segment", &report.paired.segment),
    ] {
        if !pairs.is_empty() {
            out += &format!("\n{level} level:");
            out += &pair_table(pairs);
        }
    }
    out + &format!("{}\n", report.signature)
}

fn latex_ratings(report: &RatingMetaEvalReport) -> String {
    let mut out = String::from(
        "\\begin{tabular}{lcccc}\n\\toprule\nMetric & system $r$ & system $\\rho$ & segment $r$ & segment $\\rho$ \\\\\n\\midrule\n",
    );
    for r in &report.metrics {
        out += &format!(
            "{} & {} & {} & {} & {} \\\\\n",
            r.metric,
            cell(r.system.and_then(|c| c.pearson)),
            cell(r.system.and_then(|c| c.spearman)),
            cell(r.segment.and_then(|c| c.pearson)),
            cell(r.segment.and_then(|c| c.spearman))
        );
    }
    out + "\\bottomrule\n\\end{tabular}\n"
}

/// Pairs of metrics compared, a line each under a header line.
fn pair_table(pairs: &[PairRow]) -> String {
    let mut out = String::from(
        "\npair                                correlation  Δ       95 % interval      p (boot)  p (Holm)  p (Williams)\n",
    );
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
    out
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
        out += &pair_table(pairs);
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
