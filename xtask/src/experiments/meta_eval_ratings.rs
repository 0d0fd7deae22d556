//! `meta-eval-ratings`: which metric agrees with people, where — every public rating set
//! gecbias reads (GMEG's FCE and Wiki, TMU-GFM, Simplicity-DA, structural simplicity, ASSET's
//! ratings), the metrics each set's inputs allow, at system and segment level, each correlation
//! with its 95 % interval. The README carries this table.

use gecbias_data::DataDir;
use gecbias_engine::{
    Estimate, MetaMetric, Metric, RatedScores, RatingDataset, RatingMetaEval,
    RatingMetaEvalOptions, RatingMetaEvalReport,
};
use indicatif::ProgressBar;
use serde_json::json;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::Table;
use crate::paper_inputs::gmeg::test_files;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("meta-eval-ratings", TITLE, inputs, run);
const TITLE: &str = "Which metric agrees with people, where: every public rating set, system and segment level, with intervals";

/// The sets, the aspects correlated and the metrics scored.
const SETS: [(RatingDataset, &[&str], &[Metric]); 6] = [
    (RatingDataset::GmegFce, &["score"], &GEC),
    (RatingDataset::GmegWiki, &["score"], &GEC),
    (
        RatingDataset::TmuGfm,
        &["grammaticality", "fluency", "meaning"],
        &[Metric::Usim],
    ),
    (
        RatingDataset::SimplicityDa,
        &["simplicity_zscore", "meaning_zscore", "fluency_zscore"],
        &SIMPLIFICATION,
    ),
    (
        RatingDataset::StructuralSimplicity,
        &["structural_simplicity", "meaning"],
        &SIMPLIFICATION,
    ),
    (
        RatingDataset::AssetRatings,
        &["simplicity", "meaning", "fluency"],
        &SIMPLIFICATION,
    ),
];
const GEC: [Metric; 4] = [Metric::M2, Metric::Errant, Metric::Gleu, Metric::Chrf];
const SIMPLIFICATION: [Metric; 4] = [Metric::Bleu, Metric::Sari, Metric::Fkgl, Metric::Samsa];

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut files = vec![
        "tmu_gfm/tmu-gfm-dataset.csv".to_owned(),
        "metaeval_simplification/data/simplicity_DA.csv".to_owned(),
        "metaeval_simplification/data/structural_simplicity.csv".to_owned(),
        "asset/human_ratings/human_ratings.csv".to_owned(),
        "asset/dataset/asset.test.orig".to_owned(),
    ];
    files.extend((0..10).map(|k| format!("asset/dataset/asset.test.simp.{k}")));
    for domain in ["fce", "wiki"] {
        files.extend(test_files(domain));
    }
    Ok(files)
}

/// The meta-evaluation of `set` on `aspect` with `metrics`, 95 % intervals from 1,000 segment
/// resamples; `scored`, when given, the metrics' scores from another aspect's run.
fn evaluate(
    data: &DataDir,
    set: RatingDataset,
    aspect: &str,
    metrics: &[Metric],
    scored: Option<Vec<RatedScores>>,
) -> anyhow::Result<(RatingMetaEvalReport, Vec<RatedScores>)> {
    let ratings = set.read(data.root(), "test")?;
    let mut options = RatingMetaEvalOptions::default();
    options.metrics = metrics.iter().map(|&m| MetaMetric::Metric(m)).collect();
    options.aspect = Some(aspect.to_owned());
    options.exclude = set.excluded().iter().map(|s| (*s).to_owned()).collect();
    options.confidence = true;
    let meta = RatingMetaEval::new(ratings, options)?;
    let scored = match scored {
        Some(scored) => scored,
        None => meta.metric_scores()?,
    };
    Ok((meta.report_of(scored.clone())?, scored))
}

fn cell(e: Option<Estimate>) -> String {
    e.map_or_else(|| "—".into(), |e| e.to_string())
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let mut table = Table::text(&[
        "rating set",
        "aspect",
        "systems / outputs",
        "metric",
        "system r [95 %]",
        "system ρ [95 %]",
        "segment r [95 %]",
        "segment τ [95 %]",
    ]);
    let mut rows_json = Vec::new();
    for (set, aspects, metrics) in SETS {
        let mut scored = None;
        for aspect in aspects {
            let (report, scores) = evaluate(data, set, aspect, metrics, scored.take())?;
            scored = Some(scores);
            progress.inc(1);
            for row in &report.metrics {
                let system = row.system.as_ref();
                let segment = row.segment.as_ref();
                table.row([
                    set.name().to_owned(),
                    (*aspect).to_owned(),
                    format!("{} / {}", report.systems.len(), report.rated_outputs),
                    row.metric.clone(),
                    cell(system.and_then(|c| c.pearson)),
                    cell(system.and_then(|c| c.spearman)),
                    cell(segment.and_then(|c| c.pearson)),
                    cell(segment.and_then(|c| c.kendall)),
                ]);
                rows_json.push(json!({
                    "dataset": set.name(), "aspect": aspect, "metric": row.metric,
                    "system": row.system, "segment": row.segment,
                }));
            }
        }
    }
    let md = format!(
        "`gecbias meta-eval --dataset SET --aspect ASPECT -m METRICS --confidence` on every public \
         rating set gecbias reads: each system's corpus score against its mean rating (system \
         level; GMEG's reference and ASSET's unnamed systems leave none there) and each rated \
         output's sentence score against its rating (segment level, pooled over systems), with \
         95 % intervals from 1,000 resamples of the segments (seed 12345). Metrics are those the \
         inputs allow: GEC sets with references M2, ERRANT, GLEU and chrF; TMU-GFM (no \
         references) USim; simplification BLEU, SARI, FKGL and SAMSA. FKGL measures reading grade \
         (lower is simpler), so its correlations are signed as they come. GMEG Yahoo is left out: \
         its text is withheld.\n\n{}",
        table.markdown()
    );
    Ok(Report {
        markdown: md,
        json: json!({ "rows": rows_json }),
        figures: Vec::new(),
    })
}
