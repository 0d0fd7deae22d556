//! `gecbias meta-eval`: how well each metric's system scores agree with a human ranking of the
//! same systems (GJG15's judgments of the CoNLL-2014 submissions), with bootstrap intervals of
//! every correlation and paired tests between metrics.
//!
//! The human side is Expected Wins re-derived on each resample of the judgments
//! (`meta_eval::bootstrap_expected_wins`); the metric side is what `score` gives on the systems'
//! outputs, computed once (the corpus is fixed; the judgments are the sample).

use std::path::Path;

use meta_eval::{
    BootstrapOptions, Correlation, HumanScores, Unit, bootstrap_expected_wins, read_rankings,
    williams_test,
};
use serde::Serialize;
use serde_json::{Value, json};

use gec_metrics::{M2File, M2Options};
use gecbias_engine::{
    ErrantAnalyser, ErrantScorer, GleuScorer, Lines, M2Scorer, MetricReport, ParserModel,
    Resampling, Signature, System, UsimOptions, UsimScorer, retyped_gold,
};

use crate::score::Format;
use crate::{Error, input};

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

/// A metric whose system scores are correlated with the human ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MetricName {
    /// M2 against `--gold`, one row per `--beta`.
    M2,
    /// ERRANT (outputs typed from text by the native ERRANT) against `--gold`, F0.5.
    Errant,
    /// GLEU with the gold's annotators' corrections as references and INPUT as the source.
    Gleu,
    /// Mean USim(source, output) on the native parser's parses.
    Usim,
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
    #[arg(long, short, num_args = 1.., value_enum, default_value = "m2")]
    metric: Vec<MetricName>,
    /// The human system scores: Expected Wins, or TrueSkill (no intervals: each resample would
    /// need its own runs).
    #[arg(long, value_enum, default_value = "ew")]
    human: HumanName,
    /// TrueSkill's runs (their mean μ is the score).
    #[arg(long, default_value_t = 100, value_parser = crate::numbers::count)]
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
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
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

/// A correlation, with its interval under `--confidence`.
#[derive(Debug, Clone, Copy, Serialize)]
struct Estimate {
    estimate: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    low: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    high: Option<f64>,
}

/// One metric's row: its system scores and their correlations with the human ones.
#[derive(Debug, Clone, Serialize)]
struct MetricRow {
    metric: String,
    signature: String,
    scores: Vec<f64>,
    pearson: Estimate,
    spearman: Estimate,
    /// seeda: sentence-level agreement with the judges, as its `corr_sentence.py` computes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    sentence: Option<Sentence>,
    /// With `--paired` and human references among the systems: the correlations with them minus
    /// those without them.
    #[serde(skip_serializing_if = "Option::is_none")]
    with_references: Option<WithReferences>,
}

/// A metric's correlations with the human references among the systems minus without them.
#[derive(Debug, Clone, Serialize)]
struct WithReferences {
    references: Vec<String>,
    pearson: Difference,
    spearman: Difference,
}

/// A difference of correlations on the same resamples.
#[derive(Debug, Clone, Copy, Serialize)]
struct Difference {
    difference: f64,
    low: f64,
    high: f64,
    p_bootstrap: f64,
}

impl From<meta_eval::CorrelationDifference> for Difference {
    fn from(d: meta_eval::CorrelationDifference) -> Difference {
        Difference {
            difference: d.difference,
            low: d.low,
            high: d.high,
            p_bootstrap: d.p_value,
        }
    }
}

/// Sentence-level agreement of a metric with the judges.
#[derive(Debug, Clone, Copy, Serialize)]
struct Sentence {
    accuracy: f64,
    kendall: f64,
    pairs: usize,
}

/// Two metrics compared.
#[derive(Debug, Clone, Serialize)]
struct PairRow {
    a: String,
    b: String,
    correlation: &'static str,
    difference: f64,
    low: f64,
    high: f64,
    p_bootstrap: f64,
    p_holm: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    williams_t: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_williams: Option<f64>,
}

/// The files of a judgment set.
struct Layout {
    judgments: String,
    outputs: String,
    /// What follows a system's name in its output file's name.
    suffix: &'static str,
    source: String,
    /// Systems left out of the correlations unless `--exclude` says otherwise.
    excluded: &'static [&'static str],
    /// The human corrections among the systems, unless `--references` says otherwise.
    references: &'static [&'static str],
}

impl Layout {
    fn of(args: &Args) -> Layout {
        let root = Path::new(&args.root);
        let (judgments, outputs, suffix, excluded, references) = match args.dataset {
            Dataset::Gjg15 => (
                "data/judgments.xml",
                "data/original/official_submissions",
                "",
                &[][..],
                &[][..],
            ),
            Dataset::Seeda => (
                match args.granularity {
                    Granularity::Sent => "data/judgments_sent.xml",
                    Granularity::Edit => "data/judgments_edit.xml",
                },
                "outputs/subset",
                ".txt",
                &["GPT-3.5", "INPUT", "REF-F"][..],
                &["REF-F", "REF-M"][..],
            ),
        };
        let outputs = root.join(outputs);
        Layout {
            judgments: root.join(judgments).display().to_string(),
            source: outputs.join(format!("INPUT{suffix}")).display().to_string(),
            outputs: outputs.display().to_string(),
            suffix,
            excluded,
            references,
        }
    }

    fn output(&self, system: &str) -> String {
        Path::new(&self.outputs)
            .join(format!("{system}{}", self.suffix))
            .display()
            .to_string()
    }
}

/// The M2 gold of the judged sentences: `--gold` itself when it has as many sentences as the
/// source, else (SEEDA's subset) the gold sentences whose source lines are the source's, found in
/// order.
struct Gold {
    /// Where it was read from.
    path: String,
    /// Its text, which ERRANT re-types.
    text: String,
    /// The judged sentences' gold.
    file: M2File,
    /// The 0-based position in `--gold` of each judged sentence (of each source line).
    indices: Vec<usize>,
}

impl Gold {
    fn of(gold_path: &str, source: &Lines) -> Result<Gold, Error> {
        let text = input::text(gold_path)?;
        let mut file = M2File::parse(&text, input::name(gold_path))?;
        let indices = if file.blocks.len() == source.lines.len() {
            (0..source.lines.len()).collect()
        } else {
            let mut indices = Vec::with_capacity(source.lines.len());
            let mut next = 0;
            for (i, line) in source.lines.iter().enumerate() {
                let found =
                    (next..file.blocks.len()).find(|&k| file.blocks[k].tokens().join(" ") == *line);
                let Some(k) = found else {
                    return Err(Error::input(format!(
                        "{}:{}: no sentence of {gold_path} after its sentence {next} reads {line:?}",
                        source.origin,
                        i + 1
                    )));
                };
                indices.push(k);
                next = k + 1;
            }
            file.blocks = indices.iter().map(|&k| file.blocks[k].clone()).collect();
            indices
        };
        Ok(Gold {
            path: gold_path.to_owned(),
            text,
            file,
            indices,
        })
    }

    /// The judged sentences' gold re-typed by ERRANT (the whole gold is re-typed, sentence by
    /// sentence, and the judged sentences taken from it).
    fn retyped(&self) -> Result<M2File, Error> {
        let mut file = retyped_gold(&self.text, input::name(&self.path), ErrantAnalyser::Spacy)?;
        if file.blocks.len() != self.indices.len() {
            file.blocks = self
                .indices
                .iter()
                .map(|&k| file.blocks[k].clone())
                .collect();
        }
        Ok(file)
    }

    /// Each annotator's corrected text of every judged sentence (GLEU's references).
    fn references(&self) -> Vec<Lines> {
        let annotators = self
            .file
            .blocks
            .iter()
            .flat_map(|b| b.annotators())
            .max()
            .map_or(0, |a| a + 1);
        (0..annotators)
            .map(|a| {
                Lines::new(
                    format!("<{} annotator {a}>", self.path),
                    self.file.blocks.iter().map(|b| b.corrected(a)).collect(),
                )
            })
            .collect()
    }
}

pub(crate) fn run(args: &Args, out: &mut dyn std::io::Write) -> Result<(), Error> {
    let files = Layout::of(args);
    let text = input::text(&files.judgments)?;
    // GJG15's scripts leave out the `admin` account's rankings (trial rankings).
    let rankings: Vec<_> = read_rankings(&text, &files.judgments)
        .map_err(Error::library)?
        .into_iter()
        .filter(|r| r.user != "admin")
        .collect();
    let systems = judged_systems(&rankings, &files, args)?;
    let human = human_scores(&rankings, &systems, args)?;
    let source = Lines::new(input::name(&files.source), input::lines(&files.source)?);
    let gold = Gold::of(&args.gold, &source)?;
    let outputs = systems
        .iter()
        .map(|s| {
            let path = files.output(s);
            Ok(System::named(
                s.clone(),
                Lines::new(input::name(&path), input::lines(&path)?),
            ))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let setting = Setting {
        args,
        rankings: &rankings,
        files: &files,
        source: &source,
        outputs: &outputs,
        gold: &gold,
        systems: &systems,
        human: &human,
        spearman: match args.dataset {
            Dataset::Gjg15 => Correlation::Spearman,
            Dataset::Seeda => Correlation::SpearmanAverageRanks,
        },
    };
    if args.sentence_level {
        let mut text = String::new();
        for metric in &args.metric {
            for beta in betas(*metric, args) {
                let (name, report) = score(*metric, *beta, &setting)?;
                for mut row in crate::score::sentence_objects(&report) {
                    row["metric"] = Value::from(name.clone());
                    text += &(row.to_string() + "\n");
                }
            }
        }
        return crate::write_output(out, text.as_bytes());
    }
    let mut rows = Vec::new();
    for metric in &args.metric {
        rows.extend(metric_rows(*metric, &setting)?);
    }
    let pairs = if args.paired {
        with_references(&mut rows, &setting)?;
        pair_rows(&rows, &human, setting.spearman)?
    } else {
        Vec::new()
    };
    if let Some(path) = &args.plot {
        plot(path, &rows, &systems, &human.observed)?;
    }
    let signature = signature(args, &files, &systems);
    let text = match args.format {
        Format::Json => {
            let report = json!({
                "dataset": format!("{:?}", args.dataset).to_lowercase(),
                "human": {
                    "method": match args.human {
                        HumanName::Ew => "expected-wins",
                        HumanName::Trueskill => "trueskill",
                    },
                    "rankings": rankings.len(),
                    "systems": systems.iter().zip(&human.observed)
                        .map(|(s, v)| json!({"system": s, "score": v})).collect::<Vec<Value>>(),
                },
                "systems": systems,
                "metrics": rows,
                "paired": pairs,
                "signature": signature.to_string(),
            });
            serde_json::to_string_pretty(&report).unwrap_or_default() + "\n"
        }
        Format::Text => plain(&rows, &pairs, &signature),
        Format::Latex => latex(&rows),
    };
    crate::write_output(out, text.as_bytes())
}

/// The systems left out of the correlations: `--exclude`'s, else the dataset's.
fn excluded<'a>(args: &'a Args, files: &Layout) -> Vec<&'a str> {
    match &args.exclude {
        Some(names) => names.iter().map(String::as_str).collect(),
        None => files.excluded.to_vec(),
    }
}

/// Every system the judgments rank but those excluded, each with an output file; a judged
/// system without one is an error naming the ranking item and the folder.
fn judged_systems(
    rankings: &[meta_eval::Ranking],
    files: &Layout,
    args: &Args,
) -> Result<Vec<String>, Error> {
    let excluded = excluded(args, files);
    let mut systems: Vec<String> = Vec::new();
    for r in rankings {
        for system in r.ranks.iter().flat_map(|(_, s)| s) {
            if systems.contains(system) || excluded.contains(&system.as_str()) {
                continue;
            }
            if !Path::new(&files.output(system)).is_file() {
                return Err(Error::input(format!(
                    "{}: ranking-item id=\"{}\" ranks system {system:?}, which has no output in {}",
                    files.judgments, r.id, files.outputs
                )));
            }
            systems.push(system.clone());
        }
    }
    if let Some(unknown) = excluded.iter().find(|e| {
        !rankings
            .iter()
            .any(|r| r.ranks.iter().any(|(_, s)| s.iter().any(|x| x == *e)))
    }) {
        return Err(Error::Usage(format!(
            "--exclude {unknown}: no ranking of {} judges it",
            files.judgments
        )));
    }
    systems.sort();
    Ok(systems)
}

/// The human scores of `systems`: EW with its resamples, or TrueSkill's mean μ.
fn human_scores(
    rankings: &[meta_eval::Ranking],
    systems: &[String],
    args: &Args,
) -> Result<HumanScores, Error> {
    let options = bootstrap_options(args);
    match args.human {
        HumanName::Ew => bootstrap_expected_wins(rankings, systems, &options).map_err(statistics),
        HumanName::Trueskill if args.confidence || args.paired => Err(Error::Usage(
            "--confidence and --paired re-derive the human scores on 1,000 resamples of the judgments: --human ew (TrueSkill would need its runs on each)".into(),
        )),
        HumanName::Trueskill => {
            let comparisons: Vec<_> = rankings.iter().flat_map(|r| r.comparisons()).collect();
            let mut ts = meta_eval::TrueSkillOptions::default();
            ts.runs = args.trueskill_runs;
            ts.seed = args.seed;
            let scores = meta_eval::trueskill(&comparisons, &ts).map_err(statistics)?;
            let observed = systems
                .iter()
                .map(|s| scores.iter().find(|x| x.system == *s).map_or(0.0, |x| x.mu))
                .collect();
            Ok(HumanScores {
                systems: systems.to_vec(),
                observed,
                resampled: Vec::new(),
                options,
            })
        }
    }
}

fn bootstrap_options(args: &Args) -> BootstrapOptions {
    let mut options = BootstrapOptions::default();
    options.resamples = if args.confidence || args.paired {
        args.resamples
    } else {
        0
    };
    options.seed = args.seed;
    options.unit = match args.unit {
        UnitName::Rankings => Unit::Rankings,
        UnitName::Sentences => Unit::Sentences,
        UnitName::Comparisons => Unit::Comparisons,
    };
    options
}

/// The signature of a meta-evaluation (sacrebleu's convention: every option that changes a
/// number).
fn signature(args: &Args, files: &Layout, systems: &[String]) -> Signature {
    let mut s =
        Signature::new("meta-eval").with("dataset", format!("{:?}", args.dataset).to_lowercase());
    if args.dataset == Dataset::Seeda {
        s = s.with(
            "judgments",
            format!("{:?}", args.granularity).to_lowercase(),
        );
    }
    let excluded = excluded(args, files);
    s = s
        .with("systems", systems.len())
        .with(
            "excluded",
            if excluded.is_empty() {
                "none".to_owned()
            } else {
                excluded.join(",")
            },
        )
        .with("human", format!("{:?}", args.human).to_lowercase());
    s = match args.human {
        HumanName::Ew => s.with("ties", "ignored"),
        HumanName::Trueskill => s.with("runs", args.trueskill_runs).with("seed", args.seed),
    };
    if args.confidence || args.paired {
        s = s
            .with("unit", format!("{:?}", args.unit).to_lowercase())
            .with("n", args.resamples)
            .with("seed", args.seed);
    }
    s.with("version", env!("CARGO_PKG_VERSION"))
}

/// One metric row's name and report: every judged system scored, nothing resampled (the
/// corpus is fixed; the judgments are the sample).
fn score(metric: MetricName, beta: f64, at: &Setting<'_>) -> Result<(String, MetricReport), Error> {
    let none = Resampling::default();
    Ok(match metric {
        MetricName::M2 => {
            let scorer = M2Scorer::new(&at.gold.file, M2Options::OFFICIAL.with_beta(beta));
            (format!("M2 F{beta:?}"), scorer.report(at.outputs, &none)?)
        }
        MetricName::Errant => {
            let mut options = gec_metrics::ErrantOptions::default();
            options.beta = beta;
            let report = ErrantScorer::new(options).report_text(
                at.source,
                &at.gold.retyped()?,
                at.outputs,
                ErrantAnalyser::Spacy,
                &none,
            )?;
            ("ERRANT F0.5".into(), report)
        }
        MetricName::Gleu => {
            let scorer = GleuScorer::new(at.source, &at.gold.references(), 500)?;
            ("GLEU".into(), scorer.report(at.outputs, &none)?)
        }
        MetricName::Usim => {
            let mut options = UsimOptions::default();
            options.tokenization = usim::Tokenization::Pretokenized;
            options.parser = at.args.parser_model.clone();
            let report = UsimScorer::new(options)?.report(at.source, at.outputs, &none)?;
            ("USim".into(), report)
        }
    })
}

/// What every metric row is computed from.
struct Setting<'a> {
    args: &'a Args,
    rankings: &'a [meta_eval::Ranking],
    files: &'a Layout,
    /// The judged sentences' source.
    source: &'a Lines,
    /// The judged systems' outputs.
    outputs: &'a [System],
    gold: &'a Gold,
    systems: &'a [String],
    human: &'a HumanScores,
    /// GJG15's Spearman or scipy's, as the dataset's own scripts compute it.
    spearman: Correlation,
}

fn metric_rows(metric: MetricName, at: &Setting<'_>) -> Result<Vec<MetricRow>, Error> {
    let (args, human) = (at.args, at.human);
    betas(metric, args)
        .iter()
        .map(|&beta| {
            let (name, report) = score(metric, beta, at)?;
            let sentence = match at.args.dataset {
                Dataset::Seeda => Some(sentence_level(&report, at)?),
                Dataset::Gjg15 => None,
            };
            let scores: Vec<f64> = report.systems.iter().map(|r| r.score).collect();
            let signature = report.signature.to_string();
            Ok(MetricRow {
                metric: name,
                signature,
                pearson: estimate(human, &scores, Correlation::Pearson, args.confidence)?,
                spearman: estimate(human, &scores, at.spearman, args.confidence)?,
                scores,
                sentence,
                with_references: None,
            })
        })
        .collect()
}

/// The β values of a metric's rows: `--beta`'s for M2, 0.5 for the others.
fn betas(metric: MetricName, args: &Args) -> &[f64] {
    if metric == MetricName::M2 {
        &args.beta
    } else {
        &[0.5]
    }
}

/// The metric's sentence scores against every ranking of the judgments, as SEEDA's
/// `corr_sentence.py` compares them (a ranking's `src-id` is the 1-based position of its
/// sentence in the whole test set).
fn sentence_level(report: &MetricReport, at: &Setting<'_>) -> Result<Sentence, Error> {
    let scores: Vec<Vec<f64>> = report
        .sentences
        .iter()
        .map(|s| s.iter().map(|x| x.score()).collect())
        .collect();
    let position = |r: &meta_eval::Ranking| {
        let conll = r.source_id.parse::<usize>().ok()?.checked_sub(1)?;
        at.gold.indices.iter().position(|&k| k == conll)
    };
    let a = meta_eval::sentence_agreement(at.rankings, at.systems, &scores, position)
        .map_err(Error::at(&at.files.judgments))?;
    Ok(Sentence {
        accuracy: a.accuracy,
        kendall: a.kendall,
        pairs: a.agree + a.disagree,
    })
}

fn statistics(e: meta_eval::Error) -> Error {
    Error::input(e.to_string())
}

fn estimate(
    human: &HumanScores,
    scores: &[f64],
    kind: Correlation,
    confidence: bool,
) -> Result<Estimate, Error> {
    if confidence {
        let c = human.correlation(scores, kind, 0.95).map_err(statistics)?;
        return Ok(Estimate {
            estimate: c.estimate,
            low: Some(c.low),
            high: Some(c.high),
        });
    }
    Ok(Estimate {
        estimate: kind
            .of(&human.observed, scores)
            .map_err(statistics)?
            .unwrap_or(f64::NAN),
        low: None,
        high: None,
    })
}

/// Each row's correlations with the human references among the systems minus without them.
fn with_references(rows: &mut [MetricRow], at: &Setting<'_>) -> Result<(), Error> {
    let named: Vec<&str> = match &at.args.references {
        Some(names) => names.iter().map(String::as_str).collect(),
        None => at.files.references.to_vec(),
    };
    let left_out: Vec<usize> = named
        .iter()
        .filter_map(|r| at.systems.iter().position(|s| s == r))
        .collect();
    if left_out.is_empty() || at.systems.len() - left_out.len() < 3 {
        return Ok(());
    }
    for row in rows {
        let compare = |kind| {
            at.human
                .compare_without(&row.scores, &left_out, kind, 0.95)
                .map(Difference::from)
                .map_err(statistics)
        };
        row.with_references = Some(WithReferences {
            references: left_out.iter().map(|&i| at.systems[i].clone()).collect(),
            pearson: compare(Correlation::Pearson)?,
            spearman: compare(at.spearman)?,
        });
    }
    Ok(())
}

/// Every pair of metric rows, per correlation: the bootstrap difference and, for Pearson,
/// Williams' test given the two metrics' own correlation.
fn pair_rows(
    rows: &[MetricRow],
    human: &HumanScores,
    spearman: Correlation,
) -> Result<Vec<PairRow>, Error> {
    let mut pairs = Vec::new();
    for (kind, label) in [(Correlation::Pearson, "pearson"), (spearman, "spearman")] {
        let first = pairs.len();
        for (i, a) in rows.iter().enumerate() {
            for b in &rows[i + 1..] {
                let d = human
                    .compare(&a.scores, &b.scores, kind, 0.95)
                    .map_err(statistics)?;
                // Williams' test needs n ≥ 4 systems; with fewer it is left out of the row.
                let williams = if kind == Correlation::Pearson && a.scores.len() >= 4 {
                    let r23 = meta_eval::pearson(&a.scores, &b.scores)
                        .map_err(statistics)?
                        .unwrap_or(0.0);
                    Some(
                        williams_test(a.pearson.estimate, b.pearson.estimate, r23, a.scores.len())
                            .map_err(statistics)?,
                    )
                } else {
                    None
                };
                pairs.push(PairRow {
                    a: a.metric.clone(),
                    b: b.metric.clone(),
                    correlation: label,
                    difference: d.difference,
                    low: d.low,
                    high: d.high,
                    p_bootstrap: d.p_value,
                    p_holm: d.p_value,
                    williams_t: williams.map(|w| w.t),
                    p_williams: williams.map(|w| w.p_two_sided),
                });
            }
        }
        let p: Vec<f64> = pairs[first..].iter().map(|r| r.p_bootstrap).collect();
        for (row, adjusted) in pairs[first..]
            .iter_mut()
            .zip(coverage_sim::holm_bonferroni(&p))
        {
            row.p_holm = adjusted;
        }
    }
    Ok(pairs)
}

fn interval(e: &Estimate) -> String {
    match (e.low, e.high) {
        (Some(l), Some(h)) => format!("{:.3} [{l:.3}, {h:.3}]", e.estimate),
        _ => format!("{:.3}", e.estimate),
    }
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
            interval(&r.spearman),
            interval(&r.pearson)
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
        out += &format!(
            "{} & {} & {} \\\\\n",
            r.metric,
            interval(&r.spearman),
            interval(&r.pearson)
        );
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
