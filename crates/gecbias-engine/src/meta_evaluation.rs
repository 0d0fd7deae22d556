//! Meta-evaluation: how well each metric's system scores agree with a human ranking of the same
//! systems (GJG15's judgments of the CoNLL-2014 submissions, or SEEDA's), with bootstrap
//! intervals of every correlation and paired tests between metrics.
//!
//! The human side is Expected Wins re-derived on each resample of the judgments
//! (`meta_eval::bootstrap_expected_wins`); the metric side is what the scorers give on the
//! systems' outputs, computed once (the corpus is fixed; the judgments are the sample).

use std::path::{Path, PathBuf};

use gec_metrics::M2File;
use meta_eval::{
    BootstrapOptions, Correlation, HumanScores, Ranking, Unit, bootstrap_expected_wins,
    read_rankings, williams_test,
};
use serde::Serialize;

use crate::{
    Error, Lines, Metric, MetricInputs, MetricOptions, MetricReport, Need, Outputs, ParserModel,
    Resampling, Scorer, Signature, System,
};

/// A judgment set whose layout the meta-evaluation knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dataset {
    /// Grundkiewicz, Junczys-Dowmunt & Gillian (EMNLP 2015), grammatical/evaluation:
    /// `data/judgments.xml`, the outputs in `data/original/official_submissions/`, INPUT the
    /// source.
    Gjg15,
    /// SEEDA (Kobayashi, Mita & Komachi, TACL 2024), tmu-nlp/SEEDA: `data/judgments_sent.xml`
    /// (or `_edit`), the judged 391-sentence subset of CoNLL-2014 in `outputs/subset/<SYSTEM>.txt`;
    /// by default its "base" set (GPT-3.5, INPUT and REF-F left out).
    Seeda,
}

impl Dataset {
    /// `gjg15`, `seeda`.
    pub fn name(self) -> &'static str {
        match self {
            Dataset::Gjg15 => "gjg15",
            Dataset::Seeda => "seeda",
        }
    }
}

/// SEEDA's judgments: of whole corrected sentences or of their edits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Granularity {
    /// `judgments_sent.xml`.
    #[default]
    Sent,
    /// `judgments_edit.xml`.
    Edit,
}

/// A metric whose system scores are correlated with the human ones: a catalogue metric, scored
/// with the settings [`MetaMetric::summary`] states, or ERRANT macro-averaged over error types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MetaMetric {
    /// The catalogue's metric (those [`MetaMetric::all`] lists).
    Metric(Metric),
    /// ERRANT's F0.5 macro-averaged over its full error types (errant PR #52's `macro`).
    ErrantMacro,
}

/// A metric row's name: M2's and ERRANT's with their β, the papers' names where the reports'
/// are the command's, else the report's `name`.
pub(crate) fn row_name(metric: MetaMetric, beta: f64, name: &str) -> String {
    match metric {
        MetaMetric::Metric(Metric::M2) => format!("M2 F{beta:?}"),
        MetaMetric::Metric(Metric::Errant) => format!("ERRANT F{beta:?}"),
        MetaMetric::ErrantMacro => format!("ERRANT macro F{beta:?}"),
        // The paper's name, where the reports' is the command's (`CLEME2`).
        MetaMetric::Metric(Metric::Cleme2) => "CLEME2.0".into(),
        MetaMetric::Metric(_) => name.into(),
    }
}

/// How the ranking datasets (GJG15, SEEDA: GEC corpora with an M2 gold) score a GEC metric;
/// the other metrics score with the catalogue's defaults on the same inputs.
fn settings(metric: Metric) -> Option<&'static str> {
    Some(match metric {
        Metric::M2 => "M2 against the gold, one row per β",
        Metric::Errant => {
            "ERRANT (outputs typed from text by the native ERRANT) against the gold, F0.5"
        }
        Metric::Gleu => {
            "GLEU with the gold's annotators' corrections as references and INPUT as the source"
        }
        Metric::Green => "GREEN (n = 4, β = 2, words) with GLEU's source and references",
        Metric::KoyamaGleu => {
            "Koyama's GLEU (`gleu -f`: n = 4, words) with GLEU's source and references"
        }
        Metric::GoToScorer => {
            "GoToScorer (every chunk of weight 1, F0.5) against the gold's first annotator"
        }
        Metric::Cleme => {
            "CLEME (dependent, length weights, corpus F0.5) against the gold, outputs typed by ERRANT"
        }
        Metric::Cleme2 => {
            "CLEME2.0's COM (length weights; the BERTScore weigher left out) against the gold"
        }
        Metric::Usim => "Mean USim(source, output) on the native parser's parses",
        _ => return None,
    })
}

impl MetaMetric {
    /// Every metric meta-evaluation scores (the whole catalogue), in the catalogue's order, macro
    /// ERRANT after ERRANT.
    pub fn all() -> impl Iterator<Item = MetaMetric> {
        Metric::all().flat_map(|m| {
            let averaged = (m == Metric::Errant).then_some(MetaMetric::ErrantMacro);
            std::iter::once(MetaMetric::Metric(m)).chain(averaged)
        })
    }

    /// The catalogue's metric this row scores with (macro ERRANT is ERRANT averaged by type).
    pub fn metric(self) -> Metric {
        match self {
            MetaMetric::Metric(metric) => metric,
            MetaMetric::ErrantMacro => Metric::Errant,
        }
    }

    /// The name the command, Python and xtask give the metric: the catalogue's, and
    /// `errant-macro` for macro ERRANT (a meta-evaluation row, not a metric of its own).
    pub fn name(self) -> &'static str {
        match self {
            MetaMetric::ErrantMacro => "errant-macro",
            MetaMetric::Metric(metric) => metric.name(),
        }
    }

    /// One line of help: what the row scores, with which settings and inputs.
    pub fn summary(self) -> &'static str {
        match self {
            MetaMetric::ErrantMacro => {
                "ERRANT's F0.5 macro-averaged over its full error types (errant PR #52)"
            }
            MetaMetric::Metric(metric) => settings(metric).unwrap_or(metric.spec().summary),
        }
    }

    /// Every metric's name, in the order of [`MetaMetric::all`].
    pub fn names() -> Vec<&'static str> {
        MetaMetric::all().map(MetaMetric::name).collect()
    }
}

impl std::str::FromStr for MetaMetric {
    type Err = Error;

    /// The metric of one of [`MetaMetric::names`].
    fn from_str(name: &str) -> Result<MetaMetric, Error> {
        MetaMetric::all()
            .find(|m| m.name() == name)
            .ok_or_else(|| Error::UnknownMetaMetric {
                name: name.to_owned(),
            })
    }
}

/// How the judgments become human system scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HumanMethod {
    /// Expected Wins, exactly GJG15's `EW.pl`.
    ExpectedWins,
    /// TrueSkill as WMT's `TS.py -n 2`: mean μ over this many seeded runs.
    TrueSkill {
        /// Runs.
        runs: usize,
    },
}

/// What a meta-evaluation reads and computes.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct MetaEvalOptions {
    /// The judgment set.
    pub dataset: Dataset,
    /// Its folder (for gjg15, a clone of grammatical/evaluation).
    pub root: PathBuf,
    /// The CoNLL-2014 test set's M2 gold (m2, errant; its annotators' corrections are GLEU's
    /// references).
    pub gold: PathBuf,
    /// The metrics.
    pub metrics: Vec<MetaMetric>,
    /// The human system scores.
    pub human: HumanMethod,
    /// β of M2's F_β, one row each (GJG15's Table 5: 1, 0.5, 0.25 and their best, 0.18).
    pub betas: Vec<f64>,
    /// A 95 % percentile bootstrap interval of each correlation.
    pub confidence: bool,
    /// Every pair of metrics compared (bootstrap difference, Holm, Williams).
    pub paired: bool,
    /// Resamples of `confidence` and `paired`.
    pub resamples: usize,
    /// What a resample of the judgments draws.
    pub unit: Unit,
    /// The seed of the resampling and of TrueSkill.
    pub seed: u64,
    /// Systems left out of the correlations (`None`: the dataset's default).
    pub exclude: Option<Vec<String>>,
    /// The human corrections among the systems (`None`: the dataset's default).
    pub references: Option<Vec<String>>,
    /// SEEDA's judgments: sentence or edit level.
    pub granularity: Granularity,
    /// The UCCA parser of USim (`None`: the built-in BiLSTM).
    pub parser: Option<ParserModel>,
}

impl MetaEvalOptions {
    /// M2 on `dataset` at `root` against `gold`: Expected Wins, GJG15's four β, no resampling
    /// (1,000 ranking-item resamples when asked for), seed [`crate::DEFAULT_SEED`].
    pub fn new(dataset: Dataset, root: impl Into<PathBuf>, gold: impl Into<PathBuf>) -> Self {
        MetaEvalOptions {
            dataset,
            root: root.into(),
            gold: gold.into(),
            metrics: vec![MetaMetric::Metric(Metric::M2)],
            human: HumanMethod::ExpectedWins,
            betas: vec![1.0, 0.5, 0.25, 0.18],
            confidence: false,
            paired: false,
            resamples: 1000,
            unit: Unit::Rankings,
            seed: crate::DEFAULT_SEED,
            exclude: None,
            references: None,
            granularity: Granularity::Sent,
            parser: None,
        }
    }

    /// The β values of a metric's rows: `betas` for M2, 0.5 for the others.
    fn betas(&self, metric: MetaMetric) -> &[f64] {
        if metric == MetaMetric::Metric(Metric::M2) {
            &self.betas
        } else {
            &[0.5]
        }
    }
}

/// A correlation, with its interval when `confidence` was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The correlation on all judgments.
    pub estimate: f64,
    /// The 95 % percentile interval's lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<f64>,
    /// Its upper bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub high: Option<f64>,
}

/// Three decimals, with the interval when there is one: `0.612 [0.401, 0.790]`, or `0.612`.
impl Estimate {
    /// A correlation without an interval.
    pub fn point(estimate: f64) -> Estimate {
        Estimate {
            estimate,
            low: None,
            high: None,
        }
    }
}

impl From<meta_eval::CorrelationInterval> for Estimate {
    fn from(c: meta_eval::CorrelationInterval) -> Estimate {
        Estimate {
            estimate: c.estimate,
            low: Some(c.low),
            high: Some(c.high),
        }
    }
}

impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.3}", self.estimate)?;
        match (self.low, self.high) {
            (Some(low), Some(high)) => write!(f, " [{low:.3}, {high:.3}]"),
            _ => Ok(()),
        }
    }
}

/// One metric's row: its system scores and their correlations with the human ones.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricRow {
    /// `M2 F0.5`, `ERRANT F0.5`, `GLEU`, `USim`.
    pub metric: String,
    /// The metric's signature.
    pub signature: String,
    /// Each judged system's score, in the order of [`MetaEvalReport::systems`].
    pub scores: Vec<f64>,
    /// Pearson's r with the human scores.
    pub pearson: Estimate,
    /// Spearman's ρ (GJG15's, or scipy's for SEEDA, as each dataset's scripts compute it).
    pub spearman: Estimate,
    /// SEEDA: sentence-level agreement with the judges, as its `corr_sentence.py` computes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentence: Option<Sentence>,
    /// With `paired` and human references among the systems: the correlations with them minus
    /// those without them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_references: Option<WithReferences>,
}

/// A metric's correlations with the human references among the systems minus without them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WithReferences {
    /// The human corrections among the systems.
    pub references: Vec<String>,
    /// Pearson's r with them minus without them.
    pub pearson: Difference,
    /// Spearman's ρ with them minus without them.
    pub spearman: Difference,
}

/// A difference of correlations on the same resamples.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Difference {
    /// The difference on all judgments.
    pub difference: f64,
    /// Its 95 % interval's lower bound.
    pub low: f64,
    /// Its upper bound.
    pub high: f64,
    /// The two-sided bootstrap p-value of no difference.
    pub p_bootstrap: f64,
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
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sentence {
    /// Share of judged pairs the metric orders as the judges do.
    pub accuracy: f64,
    /// Kendall's τ-like (agree − disagree) / pairs.
    pub kendall: f64,
    /// Judged pairs compared.
    pub pairs: usize,
}

/// Two metrics compared on one correlation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairRow {
    /// The first metric.
    pub a: String,
    /// The second metric.
    pub b: String,
    /// `pearson` or `spearman`.
    pub correlation: &'static str,
    /// Correlation(a) − correlation(b) on all judgments.
    pub difference: f64,
    /// Its 95 % interval's lower bound.
    pub low: f64,
    /// Its upper bound.
    pub high: f64,
    /// The two-sided bootstrap p-value.
    pub p_bootstrap: f64,
    /// The p-value after Holm–Bonferroni over the pairs of this correlation.
    pub p_holm: f64,
    /// Williams' t (Pearson, four systems or more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub williams_t: Option<f64>,
    /// Williams' two-sided p-value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_williams: Option<f64>,
}

/// The human side of a meta-evaluation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HumanSide {
    /// `expected-wins` or `trueskill`.
    pub method: &'static str,
    /// Rankings read (the `admin` account's trial rankings left out).
    pub rankings: usize,
    /// Each judged system's human score, in the order of [`MetaEvalReport::systems`].
    pub scores: Vec<f64>,
}

/// A meta-evaluation's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct MetaEvalReport {
    /// `gjg15` or `seeda`.
    pub dataset: &'static str,
    /// The human scores.
    pub human: HumanSide,
    /// The judged systems (those excluded left out), sorted.
    pub systems: Vec<String>,
    /// One row per metric (and β).
    pub metrics: Vec<MetricRow>,
    /// With `paired`: every pair of rows, per correlation.
    pub paired: Vec<PairRow>,
    /// Every option that changes a number.
    pub signature: Signature,
}

/// The files of a judgment set.
#[derive(Debug, Clone)]
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
    fn of(options: &MetaEvalOptions) -> Layout {
        let root = options.root.as_path();
        let (judgments, outputs, suffix, excluded, references) = match options.dataset {
            Dataset::Gjg15 => (
                "data/judgments.xml",
                "data/original/official_submissions",
                "",
                &[][..],
                &[][..],
            ),
            Dataset::Seeda => (
                match options.granularity {
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

/// The M2 gold of the judged sentences: the gold itself when it has as many sentences as the
/// source, else (SEEDA's subset) the gold sentences whose source lines are the source's, found in
/// order.
#[derive(Debug, Clone)]
struct Gold {
    /// Where it was read from.
    path: String,
    /// The judged sentences' blocks, as the lines of an M2 file (named by the gold's path).
    m2: Lines,
    /// The judged sentences' gold.
    file: M2File,
    /// The 0-based position in `--gold` of each judged sentence (of each source line).
    indices: Vec<usize>,
}

impl Gold {
    fn of(gold_path: &str, source: &Lines) -> Result<Gold, Error> {
        let text = gec_metrics::read_text(gold_path)?;
        let mut file = M2File::parse(&text, gold_path)?;
        // The file's blocks as lines, a blank line after each, to take the judged ones from.
        let mut blocks: Vec<Vec<&str>> = Vec::new();
        let mut open = false;
        for line in text.lines() {
            match (line.trim().is_empty(), open) {
                (true, _) => open = false,
                (false, true) => blocks.last_mut().into_iter().for_each(|b| b.push(line)),
                (false, false) => {
                    blocks.push(vec![line]);
                    open = true;
                }
            }
        }
        let indices: Vec<usize> = if file.blocks.len() == source.lines.len() {
            (0..source.lines.len()).collect()
        } else {
            let mut indices = Vec::with_capacity(source.lines.len());
            let mut next = 0;
            for (i, line) in source.lines.iter().enumerate() {
                let found =
                    (next..file.blocks.len()).find(|&k| file.blocks[k].tokens().join(" ") == *line);
                let Some(k) = found else {
                    return Err(Error::UnjudgedSentence {
                        file: source.origin.clone(),
                        line: i + 1,
                        gold: gold_path.to_owned(),
                        after: next,
                        text: line.clone(),
                    });
                };
                indices.push(k);
                next = k + 1;
            }
            file.blocks = indices.iter().map(|&k| file.blocks[k].clone()).collect();
            indices
        };
        let lines = indices
            .iter()
            .filter_map(|&k| blocks.get(k))
            .flat_map(|block| block.iter().map(|l| (*l).to_owned()).chain([String::new()]))
            .collect();
        Ok(Gold {
            path: gold_path.to_owned(),
            m2: Lines::new(gold_path, lines),
            file,
            indices,
        })
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

/// A meta-evaluation with its inputs read: the judgments, the human scores of the judged
/// systems, their outputs and the judged sentences' source and gold.
#[derive(Debug)]
pub struct MetaEval {
    options: MetaEvalOptions,
    layout: Layout,
    rankings: Vec<Ranking>,
    systems: Vec<String>,
    human: HumanScores,
    source: Lines,
    /// The outputs, typed by ERRANT once for ERRANT, its macro average, CLEME and CLEME2.0.
    outputs: Outputs,
    gold: Gold,
    /// GJG15's Spearman or scipy's, as the dataset's own scripts compute it.
    spearman: Correlation,
}

fn statistics(source: meta_eval::Error) -> Error {
    Error::MetaEval { source }
}

impl MetaEval {
    /// Reads the judgment set and the outputs `options` name, and derives the human scores
    /// (with their resamples where `confidence` or `paired` asks for them).
    pub fn new(options: MetaEvalOptions) -> Result<MetaEval, Error> {
        if options.confidence || options.paired {
            crate::check_resamples("judgment resamples", options.resamples)?;
        }
        let layout = Layout::of(&options);
        let text = gec_metrics::read_text(&layout.judgments)?;
        // GJG15's scripts leave out the `admin` account's rankings (trial rankings).
        let rankings: Vec<Ranking> = read_rankings(&text, &layout.judgments)
            .map_err(statistics)?
            .into_iter()
            .filter(|r| r.user != "admin")
            .collect();
        let systems = judged_systems(&rankings, &layout, &options)?;
        let human = human_scores(&rankings, &systems, &options)?;
        let source = Lines::read(&layout.source)?;
        let gold = Gold::of(&options.gold.display().to_string(), &source)?;
        let outputs = systems
            .iter()
            .map(|s| System::read(s.clone(), layout.output(s)))
            .collect::<Result<Vec<_>, Error>>()?;
        let outputs = Outputs::new(outputs);
        let spearman = match options.dataset {
            Dataset::Gjg15 => Correlation::Spearman,
            Dataset::Seeda => Correlation::SpearmanAverageRanks,
        };
        Ok(MetaEval {
            options,
            layout,
            rankings,
            systems,
            human,
            source,
            outputs,
            gold,
            spearman,
        })
    }

    /// The judged systems, sorted.
    pub fn systems(&self) -> &[String] {
        &self.systems
    }

    /// Each metric row's name and report, every judged system scored, nothing resampled (the
    /// corpus is fixed; the judgments are the sample): the sentence scores the sentence-level
    /// agreement compares with the judges.
    pub fn metric_reports(&self) -> Result<Vec<(String, MetricReport)>, Error> {
        let mut reports = Vec::new();
        for &metric in &self.options.metrics {
            for &beta in self.options.betas(metric) {
                reports.push(self.score(metric, beta)?);
            }
        }
        Ok(reports)
    }

    /// One row's report: the catalogue's scorer of `metric` with the reference tools' defaults
    /// (β = `beta`), against the judged sentences' source, gold and its annotators' corrections.
    fn score(&self, metric: MetaMetric, beta: f64) -> Result<(String, MetricReport), Error> {
        let scored = metric.metric();
        let reads = scored.spec().reads;
        let mut options = MetricOptions {
            beta,
            macro_average: metric == MetaMetric::ErrantMacro,
            ..MetricOptions::default()
        };
        options.usim.text.tokenization = usim::Tokenization::Pretokenized;
        options.usim.text.parser = self.options.parser.clone();
        let inputs = MetricInputs {
            source: Some(self.source.clone()),
            gold: (reads.gold != Need::No).then(|| self.gold.m2.clone()),
            references: match reads.references {
                Need::Required => self.gold.references(),
                _ => Vec::new(),
            },
        };
        let report = Scorer::new(scored, &inputs, &options)?
            .report(&self.outputs, &Resampling::default())?;
        Ok((row_name(metric, beta, report.name), report))
    }

    /// The correlations of every metric row with the human scores, and with `paired` every pair
    /// of rows compared.
    pub fn report(&self) -> Result<MetaEvalReport, Error> {
        let mut rows = Vec::new();
        for (name, report) in self.metric_reports()? {
            let sentence = match self.options.dataset {
                Dataset::Seeda => Some(self.sentence_level(&report)?),
                Dataset::Gjg15 => None,
            };
            let scores: Vec<f64> = report.systems.iter().map(|r| r.score).collect();
            let confidence = self.options.confidence;
            rows.push(MetricRow {
                metric: name,
                signature: report.signature.to_string(),
                pearson: estimate(&self.human, &scores, Correlation::Pearson, confidence)?,
                spearman: estimate(&self.human, &scores, self.spearman, confidence)?,
                scores,
                sentence,
                with_references: None,
            });
        }
        let paired = if self.options.paired {
            self.with_references(&mut rows)?;
            pair_rows(&rows, &self.human, self.spearman)?
        } else {
            Vec::new()
        };
        Ok(MetaEvalReport {
            dataset: self.options.dataset.name(),
            human: HumanSide {
                method: match self.options.human {
                    HumanMethod::ExpectedWins => "expected-wins",
                    HumanMethod::TrueSkill { .. } => "trueskill",
                },
                rankings: self.rankings.len(),
                scores: self.human.observed.clone(),
            },
            systems: self.systems.clone(),
            metrics: rows,
            paired,
            signature: self.signature(),
        })
    }

    /// The metric's sentence scores against every ranking of the judgments, as SEEDA's
    /// `corr_sentence.py` compares them (a ranking's `src-id` is the 1-based position of its
    /// sentence in the whole test set).
    fn sentence_level(&self, report: &MetricReport) -> Result<Sentence, Error> {
        let scores: Vec<Vec<f64>> = report
            .sentences
            .iter()
            .map(|s| s.iter().map(|x| x.score()).collect())
            .collect();
        let position = |r: &Ranking| {
            let conll = r.source_id.parse::<usize>().ok()?.checked_sub(1)?;
            self.gold.indices.iter().position(|&k| k == conll)
        };
        let a = meta_eval::sentence_agreement(&self.rankings, &self.systems, &scores, position)
            .map_err(|source| Error::Judgments {
                file: self.layout.judgments.clone(),
                source,
            })?;
        Ok(Sentence {
            accuracy: a.accuracy,
            kendall: a.kendall,
            pairs: a.agree + a.disagree,
        })
    }

    /// Each row's correlations with the human references among the systems minus without them.
    fn with_references(&self, rows: &mut [MetricRow]) -> Result<(), Error> {
        let named: Vec<&str> = match &self.options.references {
            Some(names) => names.iter().map(String::as_str).collect(),
            None => self.layout.references.to_vec(),
        };
        let left_out: Vec<usize> = named
            .iter()
            .filter_map(|r| self.systems.iter().position(|s| s == r))
            .collect();
        if left_out.is_empty() || self.systems.len() - left_out.len() < 3 {
            return Ok(());
        }
        for row in rows {
            let compare = |kind| {
                self.human
                    .compare_without(&row.scores, &left_out, kind, 0.95)
                    .map(Difference::from)
                    .map_err(statistics)
            };
            row.with_references = Some(WithReferences {
                references: left_out.iter().map(|&i| self.systems[i].clone()).collect(),
                pearson: compare(Correlation::Pearson)?,
                spearman: compare(self.spearman)?,
            });
        }
        Ok(())
    }

    /// The signature of a meta-evaluation (sacrebleu's convention: every option that changes a
    /// number).
    fn signature(&self) -> Signature {
        let options = &self.options;
        let mut s = Signature::new("meta-eval").with("dataset", options.dataset.name());
        if options.dataset == Dataset::Seeda {
            let judgments = match options.granularity {
                Granularity::Sent => "sent",
                Granularity::Edit => "edit",
            };
            s = s.with("judgments", judgments);
        }
        let excluded = excluded(options, &self.layout);
        s = s.with("systems", self.systems.len()).with(
            "excluded",
            if excluded.is_empty() {
                "none".to_owned()
            } else {
                excluded.join(",")
            },
        );
        s = match options.human {
            HumanMethod::ExpectedWins => s.with("human", "ew").with("ties", "ignored"),
            HumanMethod::TrueSkill { runs } => s
                .with("human", "trueskill")
                .with("runs", runs)
                .with("seed", options.seed),
        };
        if options.confidence || options.paired {
            let unit = match options.unit {
                Unit::Sentences => "sentences",
                Unit::Comparisons => "comparisons",
                _ => "rankings",
            };
            s = s
                .with("unit", unit)
                .with("n", options.resamples)
                .with("seed", options.seed);
        }
        s.with("version", crate::VERSION)
    }
}

/// The systems left out of the correlations: the options', else the dataset's.
fn excluded<'a>(options: &'a MetaEvalOptions, layout: &Layout) -> Vec<&'a str> {
    match &options.exclude {
        Some(names) => names.iter().map(String::as_str).collect(),
        None => layout.excluded.to_vec(),
    }
}

/// Every system the judgments rank but those excluded, each with an output file; a judged
/// system without one is an error naming the ranking item and the folder.
fn judged_systems(
    rankings: &[Ranking],
    layout: &Layout,
    options: &MetaEvalOptions,
) -> Result<Vec<String>, Error> {
    let excluded = excluded(options, layout);
    let mut systems: Vec<String> = Vec::new();
    for r in rankings {
        for system in r.ranks.iter().flat_map(|(_, s)| s) {
            if systems.contains(system) || excluded.contains(&system.as_str()) {
                continue;
            }
            if !Path::new(&layout.output(system)).is_file() {
                return Err(Error::NoOutput {
                    judgments: layout.judgments.clone(),
                    item: r.id.clone(),
                    system: system.clone(),
                    folder: layout.outputs.clone(),
                });
            }
            systems.push(system.clone());
        }
    }
    if let Some(unknown) = excluded.iter().find(|e| {
        !rankings
            .iter()
            .any(|r| r.ranks.iter().any(|(_, s)| s.iter().any(|x| x == *e)))
    }) {
        return Err(Error::Unjudged {
            system: (*unknown).to_owned(),
            judgments: layout.judgments.clone(),
        });
    }
    systems.sort();
    Ok(systems)
}

/// The human scores of `systems`: EW with its resamples, or TrueSkill's mean μ.
fn human_scores(
    rankings: &[Ranking],
    systems: &[String],
    options: &MetaEvalOptions,
) -> Result<HumanScores, Error> {
    let mut bootstrap = BootstrapOptions::default();
    bootstrap.resamples = if options.confidence || options.paired {
        options.resamples
    } else {
        0
    };
    bootstrap.seed = options.seed;
    bootstrap.unit = options.unit;
    match options.human {
        HumanMethod::ExpectedWins => {
            bootstrap_expected_wins(rankings, systems, &bootstrap).map_err(statistics)
        }
        HumanMethod::TrueSkill { .. } if options.confidence || options.paired => {
            Err(Error::TrueSkillResampled)
        }
        HumanMethod::TrueSkill { runs } => {
            let comparisons: Vec<_> = rankings.iter().flat_map(|r| r.comparisons()).collect();
            let mut ts = meta_eval::TrueSkillOptions::default();
            ts.runs = runs;
            ts.seed = options.seed;
            let scores = meta_eval::trueskill(&comparisons, &ts).map_err(statistics)?;
            let observed = systems
                .iter()
                .map(|s| scores.iter().find(|x| x.system == *s).map_or(0.0, |x| x.mu))
                .collect();
            Ok(HumanScores {
                systems: systems.to_vec(),
                observed,
                resampled: Vec::new(),
                options: bootstrap,
            })
        }
    }
}

fn estimate(
    human: &HumanScores,
    scores: &[f64],
    kind: Correlation,
    confidence: bool,
) -> Result<Estimate, Error> {
    if confidence {
        return Ok(human
            .correlation(scores, kind, 0.95)
            .map_err(statistics)?
            .into());
    }
    Ok(Estimate::point(
        kind.of(&human.observed, scores)
            .map_err(statistics)?
            .unwrap_or(f64::NAN),
    ))
}

/// Every pair of metric rows, per correlation: the bootstrap difference and, for Pearson,
/// Williams' test given the two metrics' own correlation.
fn pair_rows(
    rows: &[MetricRow],
    human: &HumanScores,
    spearman: Correlation,
) -> Result<Vec<PairRow>, Error> {
    let names: Vec<String> = rows.iter().map(|r| r.metric.clone()).collect();
    pairs_of(
        &names,
        &[(Correlation::Pearson, "pearson"), (spearman, "spearman")],
        |a, b, kind| {
            human
                .compare(&rows[a].scores, &rows[b].scores, kind, 0.95)
                .map_err(statistics)
        },
        |a, b| {
            let (a, b) = (&rows[a], &rows[b]);
            // Williams' test needs n ≥ 4 systems; with fewer it is left out of the row.
            if a.scores.len() < 4 {
                return Ok(None);
            }
            let r23 = meta_eval::pearson(&a.scores, &b.scores)
                .map_err(statistics)?
                .unwrap_or(0.0);
            williams_test(a.pearson.estimate, b.pearson.estimate, r23, a.scores.len())
                .map(Some)
                .map_err(statistics)
        },
    )
}

/// Every pair (a, b) of `names`, a before b, per correlation of `kinds`: `compare` gives the
/// bootstrap difference, `williams` Williams' test (asked for Pearson only); p-values
/// Holm–Bonferroni-adjusted over the pairs of each correlation.
pub(crate) fn pairs_of(
    names: &[String],
    kinds: &[(Correlation, &'static str)],
    compare: impl Fn(usize, usize, Correlation) -> Result<meta_eval::CorrelationDifference, Error>,
    williams: impl Fn(usize, usize) -> Result<Option<meta_eval::WilliamsTest>, Error>,
) -> Result<Vec<PairRow>, Error> {
    let mut pairs = Vec::new();
    for &(kind, label) in kinds {
        let first = pairs.len();
        for a in 0..names.len() {
            for b in a + 1..names.len() {
                let d = compare(a, b, kind)?;
                let williams = if kind == Correlation::Pearson {
                    williams(a, b)?
                } else {
                    None
                };
                pairs.push(PairRow {
                    a: names[a].clone(),
                    b: names[b].clone(),
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
            .zip(corpus_resampling::holm_bonferroni(&p))
        {
            row.p_holm = adjusted;
        }
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_metric_name_parses_to_its_metric() {
        let names = MetaMetric::names();
        for (name, metric) in names.iter().zip(MetaMetric::all()) {
            assert_eq!(name.parse::<MetaMetric>().unwrap(), metric);
            // Every row but macro ERRANT is its catalogue metric, under the catalogue's name.
            if metric != MetaMetric::ErrantMacro {
                assert_eq!(*name, metric.metric().name());
            }
        }
        // The whole catalogue, simplification's metrics too (rating sets score them).
        assert_eq!(names.len(), Metric::all().count() + 1);
        assert!(names.contains(&Metric::Samsa.name()));
        let error = "bertscore".parse::<MetaMetric>().unwrap_err().to_string();
        assert!(
            error.contains("\"bertscore\"") && error.contains(&names.join(", ")),
            "{error}"
        );
    }
}
