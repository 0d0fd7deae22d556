//! The GEC report's numbers: each chosen metric's ranking, ERRANT's per-type grid, CLEME2.0's
//! over- and under-correction, conservatism against the references, and every sentence's edits
//! marked against the gold — all computed before a byte of the page is written.

use std::collections::BTreeMap;

use conservatism::{ConservatismProfile, Resources, WORD_CHANGE_BINS, compare_aligned_lines};
use gec_metrics::{CategoryTier, M2File};
use gecbias_engine::{
    Bootstrap, CategoryScore, Lines, Metric, MetricInputs, MetricOptions, MetricReport, Need,
    Outputs, Parts, Ranking, Resampling, Scorer, SentenceScore, retyped_gold,
};

use crate::edits::{MarkedEdit, counts, mark_edits};
use crate::type_grid::{TypeCell, TypeGrid};
use crate::{Error, Provenance};

/// The metrics a GEC report ranks unless told otherwise: M2 (the CoNLL-2014 shared task's),
/// ERRANT and GLEU.
pub const DEFAULT_GEC_METRICS: [Metric; 3] = [Metric::M2, Metric::Errant, Metric::Gleu];

/// The resampling a GEC page's rankings use: BCa intervals of `resamples` bootstrap resamples
/// and Holm clusters from `rank_trials` paired approximate-randomisation trials per pair —
/// by default the fewest with which Holm's correction over every pair of `systems` can reject
/// at α = 0.05 (the smallest p-value, 1 / (trials + 1), under α / pairs), at least 1,000 — all
/// seeded by `seed`. Without `clusters`, the intervals alone (the clusters cost most of a page's
/// time: every pair of systems is tested).
pub fn report_resampling(
    systems: usize,
    seed: u64,
    resamples: usize,
    (clusters, rank_trials): (bool, Option<usize>),
) -> Resampling {
    let mut settings = Resampling::default();
    settings.seed = seed;
    let mut bootstrap = Bootstrap::default();
    bootstrap.resamples = resamples;
    settings.confidence = Some(bootstrap);
    let mut ranking = Ranking::default();
    let pairs = systems * systems.saturating_sub(1) / 2;
    ranking.trials =
        rank_trials.unwrap_or_else(|| ((pairs as f64 / ranking.alpha).ceil() as usize).max(1000));
    settings.rank = (clusters && systems > 1).then_some(ranking);
    settings
}

/// What a GEC report reads: the source, the M2 gold, optional text references (GLEU and the
/// other reference metrics use the gold's annotators' corrections without them), the metrics to
/// rank and their options.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct GecInputs {
    /// The source, one sentence per line.
    pub source: Lines,
    /// The M2 gold, as the lines of its file.
    pub gold: Lines,
    /// Text references; empty: the gold's annotators' corrections.
    pub references: Vec<Lines>,
    /// The metrics ranked ([`DEFAULT_GEC_METRICS`] when empty).
    pub metrics: Vec<Metric>,
    /// The metrics' options (β, the analyser that types edits, …).
    pub options: MetricOptions,
}

impl GecInputs {
    /// The source and M2 gold, the default metrics at their reference tools' defaults.
    pub fn new(source: Lines, gold: Lines) -> GecInputs {
        GecInputs {
            source,
            gold,
            references: Vec::new(),
            metrics: DEFAULT_GEC_METRICS.to_vec(),
            options: MetricOptions::default(),
        }
    }
}

/// One row of the conservatism figure: how many words a system (or a reference) changes per
/// sentence, by the LCB paper's WordChange bins.
#[derive(Debug, Clone, PartialEq)]
pub struct ConservatismRow {
    /// The system's or reference's name.
    pub name: String,
    /// Whether the row is a reference (the gold's annotator).
    pub reference: bool,
    /// The share of sentences in each of [`WORD_CHANGE_BINS`].
    pub shares: Vec<f64>,
    /// Mean WordChange per sentence.
    pub mean_word_change: f64,
    /// The share of sentences left unchanged.
    pub unchanged: f64,
}

impl ConservatismRow {
    fn of(name: &str, reference: bool, profile: &ConservatismProfile) -> ConservatismRow {
        let histogram = profile.word_change_histogram();
        let total = histogram.iter().sum::<usize>().max(1) as f64;
        ConservatismRow {
            name: name.to_owned(),
            reference,
            shares: histogram.iter().map(|&c| c as f64 / total).collect(),
            mean_word_change: profile.mean_word_change(),
            unchanged: profile.unchanged_share(),
        }
    }
}

/// The bins' labels of the conservatism figure (`0`, `1`, `2–3`, …).
pub(crate) fn word_change_labels() -> Vec<String> {
    WORD_CHANGE_BINS
        .iter()
        .map(|&(low, high)| match (low, high) {
            (l, h) if l == h => l.to_string(),
            (l, usize::MAX) => format!("{l}+"),
            (l, h) => format!("{l}–{h}"),
        })
        .collect()
}

/// Everything the GEC page shows.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct GecReport {
    /// The systems, in the order given.
    pub systems: Vec<String>,
    /// Each chosen metric's report, with intervals and ranks as the resampling asked.
    pub rankings: Vec<MetricReport>,
    /// ERRANT's per-type scores of every system.
    pub types: TypeGrid,
    /// CLEME2.0's report (hit-, wrong-, under- and over-correction).
    pub cleme2: MetricReport,
    /// The conservatism rows: each system, then each reference annotator.
    pub conservatism: Vec<ConservatismRow>,
    /// Each sentence: source tokens, references, and per system its output and marked edits.
    pub(crate) sentences: Vec<SentenceView>,
    /// The signatures and the command.
    pub provenance: Provenance,
}

/// One sentence as the sentence view shows it.
#[derive(Debug, Clone)]
pub(crate) struct SentenceView {
    pub(crate) source: String,
    pub(crate) references: Vec<String>,
    /// Per system: its output line, and its edits marked.
    pub(crate) systems: Vec<(String, Vec<MarkedEdit>)>,
}

/// The inputs one metric reads: a gold-reading metric gets the gold (CLEME's references come
/// from it too), the others the text references; every one the source.
fn inputs_of(metric: Metric, inputs: &GecInputs, references: &[Lines]) -> MetricInputs {
    let reads = metric.spec().reads;
    let mut read = MetricInputs::default();
    read.source = Some(inputs.source.clone());
    if reads.gold != Need::No {
        read.gold = Some(inputs.gold.clone());
    } else if reads.references != Need::No {
        read.references = references.to_vec();
    }
    read
}

/// The gold's annotators' corrected sentences, one reference each.
fn gold_references(gold: &M2File) -> Vec<Lines> {
    let mut annotators: Vec<u32> = gold.blocks.iter().flat_map(|b| b.annotators()).collect();
    annotators.sort_unstable();
    annotators.dedup();
    annotators
        .iter()
        .map(|&a| {
            let lines = gold.blocks.iter().map(|b| b.corrected(a)).collect();
            Lines::new(format!("{} (annotator {a})", gold.file), lines)
        })
        .collect()
}

/// The annotator ERRANT chose for each sentence of each system.
fn chosen_annotators(report: &MetricReport) -> Vec<Vec<u32>> {
    report
        .sentences
        .iter()
        .map(|system| {
            system
                .iter()
                .map(|s| match s {
                    SentenceScore::Errant { annotator, .. } => *annotator,
                    _ => 0,
                })
                .collect()
        })
        .collect()
}

impl GecReport {
    /// The report of `outputs` against `inputs`: the chosen metrics scored with `resampling`
    /// (intervals and ranks as it asks), ERRANT's types and CLEME2.0 without resampling, the
    /// conservatism profiles, each edit marked against its sentence's chosen annotator, and the
    /// per-type intervals from `type_resamples` bootstrap resamples (seeded by the resampling).
    pub fn build(
        inputs: &GecInputs,
        outputs: &Outputs,
        resampling: &Resampling,
        type_resamples: usize,
    ) -> Result<GecReport, Error> {
        let gold_text: String = inputs.gold.lines.iter().map(|l| format!("{l}\n")).collect();
        let gold = M2File::parse(&gold_text, &inputs.gold.origin)?;
        let references = if inputs.references.is_empty() {
            gold_references(&gold)
        } else {
            inputs.references.clone()
        };
        let metrics = if inputs.metrics.is_empty() {
            DEFAULT_GEC_METRICS.to_vec()
        } else {
            inputs.metrics.clone()
        };
        let report_of = |metric: Metric, options: &MetricOptions, resampling: &Resampling| {
            let scorer = Scorer::new(metric, &inputs_of(metric, inputs, &references), options)?;
            Ok::<_, Error>(scorer.report(outputs, resampling)?)
        };
        let rankings = metrics
            .iter()
            .map(|&m| report_of(m, &inputs.options, resampling))
            .collect::<Result<Vec<_>, _>>()?;
        let mut typed_options = inputs.options.clone();
        typed_options.categories = Some(CategoryTier::Full);
        typed_options.macro_average = false;
        let errant = report_of(Metric::Errant, &typed_options, &Resampling::default())?;
        let cleme2 = report_of(Metric::Cleme2, &inputs.options, &Resampling::default())?;
        let analyser = inputs.options.analyser;
        let typed = outputs.typed(&inputs.source, analyser)?;
        let gold = retyped_gold(&gold_text, &inputs.gold.origin, analyser)?;
        let annotators = chosen_annotators(&errant);
        let marked: Vec<Vec<Vec<MarkedEdit>>> = typed
            .files()
            .iter()
            .zip(&annotators)
            .map(|((_, file), chosen)| {
                file.blocks
                    .iter()
                    .zip(&gold.blocks)
                    .zip(chosen)
                    .map(|((h, g), &a)| mark_edits(h, g, a))
                    .collect()
            })
            .collect();
        let systems: Vec<String> = outputs.systems().iter().map(|s| s.name.clone()).collect();
        let types = type_grid(
            &errant,
            &marked,
            &systems,
            inputs.options.beta,
            (resampling.seed, type_resamples),
        )?;
        let conservatism = conservatism_rows(&inputs.source, outputs, &references)?;
        let sentences = (0..inputs.source.lines.len())
            .map(|i| SentenceView {
                source: inputs.source.lines[i].clone(),
                references: references.iter().map(|r| r.lines[i].clone()).collect(),
                systems: outputs
                    .systems()
                    .iter()
                    .zip(&marked)
                    .map(|(s, m)| (s.output.lines[i].clone(), m[i].clone()))
                    .collect(),
            })
            .collect();
        let mut provenance = Provenance::default();
        for report in rankings.iter().chain([&errant, &cleme2]) {
            provenance
                .signatures
                .push((report.name.to_owned(), report.signature.to_string()));
        }
        provenance.notes.push(format!(
            "Per-type intervals: {type_resamples} bootstrap resamples (percentile, seed {}), each \
             sentence's annotator held as ERRANT chose it on the whole corpus.",
            resampling.seed
        ));
        if inputs.references.is_empty() {
            provenance.notes.push(
                "Text references (GLEU and the conservatism figure): the gold's annotators' \
                 corrections."
                    .to_owned(),
            );
        }
        Ok(GecReport {
            systems,
            rankings,
            types,
            cleme2,
            conservatism,
            sentences,
            provenance,
        })
    }
}

/// ERRANT's per-type scores as the grid shows them: the engine's numbers, with intervals from
/// the marked edits' counts.
fn type_grid(
    errant: &MetricReport,
    marked: &[Vec<Vec<MarkedEdit>>],
    systems: &[String],
    beta: f64,
    (seed, resamples): (u64, usize),
) -> Result<TypeGrid, Error> {
    let mut columns: BTreeMap<String, u64> = BTreeMap::new();
    let mut per_system: Vec<BTreeMap<String, CategoryScore>> = Vec::new();
    for row in &errant.systems {
        let categories = match &row.parts {
            Parts::Errant {
                categories: Some(c),
                ..
            } => c.clone(),
            _ => BTreeMap::new(),
        };
        for (name, score) in &categories {
            *columns.entry(name.clone()).or_insert(0) += score.tp + score.fn_;
        }
        per_system.push(categories);
    }
    let mut ordered: Vec<(String, u64)> = columns.into_iter().collect();
    ordered.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let types: Vec<String> = ordered.into_iter().map(|(t, _)| t).collect();
    let cells = per_system
        .iter()
        .zip(marked)
        .map(|(scores, sentences)| {
            let intervals =
                crate::type_grid::intervals(sentences, &types, beta, (seed, resamples))?;
            Ok(types
                .iter()
                .zip(intervals)
                .map(|(t, interval)| {
                    scores.get(t).map(|score| TypeCell {
                        score: score.clone(),
                        interval,
                    })
                })
                .collect())
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let totals = marked
        .iter()
        .map(|system| system.iter().fold([0; 3], |t, s| add(t, counts(s))))
        .collect();
    Ok(TypeGrid {
        systems: systems.to_vec(),
        types,
        cells,
        totals,
    })
}

fn add(a: [u64; 3], b: [u64; 3]) -> [u64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// The conservatism profile of each system and each reference, line by line against the source.
fn conservatism_rows(
    source: &Lines,
    outputs: &Outputs,
    references: &[Lines],
) -> Result<Vec<ConservatismRow>, Error> {
    let resources = Resources::locate()?;
    let same = resources.word_equivalence();
    let profile = |lines: &Lines| {
        compare_aligned_lines(
            (&source.origin, &source.lines),
            (&lines.origin, &lines.lines),
            same,
        )
    };
    let mut rows = Vec::new();
    for system in outputs.systems() {
        rows.push(ConservatismRow::of(
            &system.name,
            false,
            &profile(&system.output)?,
        ));
    }
    for (k, reference) in references.iter().enumerate() {
        let name = format!("reference {}", k + 1);
        rows.push(ConservatismRow::of(&name, true, &profile(reference)?));
    }
    Ok(rows)
}
