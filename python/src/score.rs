//! `score`: every metric of the typed engine over systems given in memory, its rows returned as
//! Python dictionaries of their fields, no command line between.

use gec_metrics::{CategoryTier, ErrantMode, ErrantOptions, M2File, M2Options};
use gecbias_engine::{
    Bootstrap, ErrantAnalyser, ErrantScorer, GleuScorer, IntervalKind, Lines, M2Scorer,
    MetricReport, Ranking, Resampling, SariScorer, System, UsimOptions, UsimScorer, UsimVersion,
    retyped_gold,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::engine_error;

/// Lines and the name messages give them: (origin, lines).
type Input = (String, Vec<String>);

/// The metric's options: (β, max unchanged words, ignore whitespace and casing, ERRANT mode,
/// analyser, per-type tier, GLEU iterations, pretokenised, Punkt sentences, USim version, parser
/// model).
type Options = (
    f64,
    u32,
    bool,
    String,
    String,
    Option<u8>,
    usize,
    bool,
    bool,
    String,
    Option<String>,
);

/// What is resampled: (bootstrap (resamples, method), paired bootstrap resamples, paired
/// randomisation trials, ranking (trials, α), seed).
type ResamplingArgs = (
    Option<(usize, String)>,
    Option<usize>,
    Option<usize>,
    Option<(usize, f64)>,
    u64,
);

fn lines((origin, lines): Input) -> Lines {
    Lines::new(origin, lines)
}

fn text(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn resampling((confidence, paired_bs, paired_ar, rank, seed): ResamplingArgs) -> Resampling {
    let mut r = Resampling::default();
    r.confidence = confidence.map(|(resamples, method)| {
        let mut b = Bootstrap::default();
        b.resamples = resamples;
        b.kind = if method == "percentile" {
            IntervalKind::Percentile
        } else {
            IntervalKind::Bca
        };
        b
    });
    r.paired_bs = paired_bs;
    r.paired_ar = paired_ar;
    r.rank = rank.map(|(trials, alpha)| {
        let mut k = Ranking::default();
        k.trials = trials;
        k.alpha = alpha;
        k
    });
    r.seed = seed;
    r
}

fn needed<T>(value: Option<T>, metric: &str, what: &str) -> PyResult<T> {
    value.ok_or_else(|| PyValueError::new_err(format!("score('{metric}') needs {what}")))
}

/// One metric's report over `systems` ((name, origin, lines) each, the first the baseline).
#[allow(clippy::too_many_arguments)]
fn report(
    metric: &str,
    systems: Vec<(String, String, Vec<String>)>,
    source: Option<Input>,
    references: Vec<Input>,
    gold: Option<Input>,
    options: Options,
    resampling: &Resampling,
) -> PyResult<MetricReport> {
    let (beta, muw, iwc, mode, analyser, cat, iterations, pretokenized, sentences, version, parser) =
        options;
    let systems: Vec<System> = systems
        .into_iter()
        .map(|(name, origin, l)| System::named(name, Lines::new(origin, l)))
        .collect();
    let references: Vec<Lines> = references.into_iter().map(lines).collect();
    let source = source.map(lines);
    let text_references = |metric: &str| {
        if references.is_empty() {
            Err(PyValueError::new_err(format!(
                "score('{metric}') needs references line-aligned with the source"
            )))
        } else {
            Ok(())
        }
    };
    let result = match metric {
        "m2" => {
            let (origin, gold) = needed(gold, metric, "gold (the M2 gold)")?;
            let mut o = M2Options::OFFICIAL.with_beta(beta);
            o.max_unchanged_words = muw;
            o.ignore_whitespace_casing = iwc;
            let gold = M2File::parse(&text(&gold), &origin).map_err(engine_input)?;
            M2Scorer::new(&gold, o).report(&systems, resampling)
        }
        "errant" => {
            let (origin, gold) = needed(gold, metric, "gold (the reference M2)")?;
            let mut o = ErrantOptions::with_mode(match mode.as_str() {
                "cse" => ErrantMode::CorrectionSpansTypes,
                "ds" => ErrantMode::DetectionSpans,
                "dt" => ErrantMode::DetectionTokens,
                _ => ErrantMode::CorrectionSpans,
            });
            o.beta = beta;
            let mut scorer = ErrantScorer::new(o);
            if let Some(tier) = cat {
                scorer = scorer.with_categories(match tier {
                    1 => CategoryTier::Operation,
                    2 => CategoryTier::Main,
                    _ => CategoryTier::Full,
                });
            }
            let analyser = if analyser == "ewt" {
                ErrantAnalyser::Ewt
            } else {
                ErrantAnalyser::Spacy
            };
            match &source {
                Some(source) => retyped_gold(&text(&gold), &origin, analyser).and_then(|gold| {
                    scorer.report_text(source, &gold, &systems, analyser, resampling)
                }),
                None => {
                    let gold =
                        M2File::parse_lenient(&text(&gold), &origin).map_err(engine_input)?;
                    let hypotheses = systems
                        .iter()
                        .map(|s| {
                            M2File::parse_lenient(&text(&s.output.lines), &s.output.origin)
                                .map(|file| (s.name.clone(), file))
                        })
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(engine_input)?;
                    scorer.report_edits(&gold, &hypotheses, resampling)
                }
            }
        }
        "gleu" | "sari" => {
            let source = needed(source.as_ref(), metric, "source (line-aligned text)")?;
            text_references(metric)?;
            if metric == "gleu" {
                GleuScorer::new(source, &references, iterations)
                    .and_then(|s| s.report(&systems, resampling))
            } else {
                SariScorer::new(source, &references).report(&systems, resampling)
            }
        }
        "usim" => {
            let source = needed(source.as_ref(), metric, "source (line-aligned text)")?;
            let mut o = UsimOptions::default();
            o.text = crate::analyses::text_options(pretokenized, sentences, parser);
            o.version = if version == "branch-2017" {
                UsimVersion::Branch2017
            } else {
                UsimVersion::Released
            };
            UsimScorer::new(o).and_then(|s| s.report(source, &systems, resampling))
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "metric: one of 'm2', 'errant', 'gleu', 'sari', 'usim', not {other:?}"
            )));
        }
    };
    result.map_err(engine_error)
}

fn engine_input(e: gec_metrics::Error) -> PyErr {
    engine_error(e.into())
}

/// Every system's score for `metric` (`m2`, `errant`, `gleu`, `sari`, `usim`), computed without
/// holding the GIL: `systems` as (name, origin, lines), the first the baseline of the paired
/// tests; `source`, `references` and `gold` as (origin, lines); `options` and `resampling` as
/// the package's `score` passes them.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn score<'py>(
    py: Python<'py>,
    metric: String,
    systems: Vec<(String, String, Vec<String>)>,
    source: Option<Input>,
    references: Vec<Input>,
    gold: Option<Input>,
    options: Options,
    resampling_args: ResamplingArgs,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let settings = resampling(resampling_args);
    let report = py.detach(|| {
        report(
            &metric, systems, source, references, gold, options, &settings,
        )
    })?;
    report
        .systems
        .iter()
        .map(|r| crate::to_python::to_python(py, r))
        .collect()
}
