//! The typed engine's scorers as one Python class: a metric's inputs prepared once, systems
//! scored in memory, rows returned as Python dictionaries of the engine's fields.

use gec_metrics::{
    CategoryTier, ClemeAssumption, ErrantMode, ErrantOptions, GreenOptions, GreenUnit,
    KoyamaOptions, KoyamaUnit, M2File, M2Options,
};
use gecbias_engine::Metric as CatalogueMetric;
use gecbias_engine::{
    Bootstrap, ClemeLevel, ClemeScorer, ClemeVariant, ErrantAnalyser, ErrantScorer, GleuScorer,
    GotoScorer, GreenScorer, IntervalKind, KoyamaGleuScorer, KoyamaMode, Lines, M2Scorer,
    MetricReport, Ranking, Resampling, SariScorer, System, UsimOptions, UsimScorer, retyped_gold,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{Input, engine_error, text};

/// The metric's options: (β, max unchanged words, ignore whitespace and casing, ERRANT mode,
/// analyser, (per-type tier, `micro` or `macro` average), GLEU iterations, pretokenised, Punkt sentences, USim version, parser
/// model, and the newer metrics' options: GREEN's (n, β, unit), Koyama's GLEU's (n, unit,
/// mode, rounds), GoToScorer's (weights file, reference) and CLEME's (assumption, weights,
/// level); pyo3 takes tuples of up to 12 fields).
type Options = (
    f64,
    u32,
    bool,
    String,
    String,
    (Option<u8>, String),
    usize,
    bool,
    bool,
    String,
    Option<String>,
    (
        (usize, f64, String),
        (usize, String, String, usize),
        (Option<String>, usize),
        (String, String, String),
    ),
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

fn engine_input(e: gec_metrics::Error) -> PyErr {
    engine_error(e.into())
}

/// A metric's engine scorer with what it scores against.
enum Metric {
    M2(M2Scorer),
    /// Hypotheses typed from text against `source`, compared with a gold re-typed alike.
    ErrantText {
        scorer: ErrantScorer,
        source: Lines,
        gold: M2File,
        analyser: ErrantAnalyser,
    },
    /// Hypothesis M2 files compared with a reference M2 file.
    ErrantEdits {
        scorer: ErrantScorer,
        gold: M2File,
    },
    Gleu(GleuScorer),
    Sari(SariScorer),
    Green(GreenScorer),
    KoyamaGleu(KoyamaGleuScorer),
    GoToScorer(GotoScorer),
    /// CLEME or CLEME2.0: hypotheses typed from text against `source`, else hypothesis M2 files.
    Cleme {
        scorer: ClemeScorer,
        source: Option<Lines>,
        analyser: ErrantAnalyser,
    },
    Usim {
        scorer: Box<UsimScorer>,
        source: Lines,
    },
}

/// One metric's scorer from the typed engine, its gold, source and references read and prepared
/// once (sacrebleu's metric objects), to score any number of system sets.
#[pyclass(frozen, module = "gecbias._native")]
pub(crate) struct Scorer {
    metric: std::sync::Arc<Metric>,
}

fn prepare(
    metric: &str,
    source: Option<Input>,
    references: Vec<Input>,
    gold: Option<Input>,
    options: Options,
) -> PyResult<Metric> {
    let (
        beta,
        muw,
        iwc,
        mode,
        analyser,
        cat,
        iterations,
        pretokenized,
        sentences,
        version,
        parser,
        (
            (green_n, green_beta, green_unit),
            (koyama_n, koyama_unit, koyama_mode, koyama_iterations),
            (goto_weights, goto_ref),
            (cleme_assumption, cleme_weights, cleme_level),
        ),
    ) = options;
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
    let metric: CatalogueMetric = metric
        .parse()
        .map_err(|e: gecbias_engine::Error| PyValueError::new_err(format!("metric: {e}")))?;
    let name = metric.name();
    Ok(match metric {
        CatalogueMetric::M2 => {
            let (origin, gold) = needed(gold, name, "gold (the M2 gold)")?;
            let mut o = M2Options::OFFICIAL.with_beta(beta);
            o.max_unchanged_words = muw;
            o.ignore_whitespace_casing = iwc;
            let gold = M2File::parse(&text(&gold), &origin).map_err(engine_input)?;
            Metric::M2(M2Scorer::new(&gold, o))
        }
        CatalogueMetric::Errant => {
            let (origin, gold) = needed(gold, name, "gold (the reference M2)")?;
            let mut o = ErrantOptions::with_mode(match mode.as_str() {
                "cse" => ErrantMode::CorrectionSpansTypes,
                "ds" => ErrantMode::DetectionSpans,
                "dt" => ErrantMode::DetectionTokens,
                _ => ErrantMode::CorrectionSpans,
            });
            o.beta = beta;
            let scorer = ErrantScorer::new(o);
            let (cat, average) = cat;
            let tier = cat.map(|tier| match tier {
                1 => CategoryTier::Operation,
                2 => CategoryTier::Main,
                _ => CategoryTier::Full,
            });
            let scorer = match (average.as_str(), tier) {
                ("macro", tier) => scorer.with_macro_average(tier.unwrap_or(CategoryTier::Full)),
                (_, Some(tier)) => scorer.with_categories(tier),
                (_, None) => scorer,
            };
            let analyser = if analyser == "ewt" {
                ErrantAnalyser::Ewt
            } else {
                ErrantAnalyser::Spacy
            };
            match source {
                Some(source) => Metric::ErrantText {
                    scorer,
                    gold: retyped_gold(&text(&gold), &origin, analyser).map_err(engine_error)?,
                    source,
                    analyser,
                },
                None => Metric::ErrantEdits {
                    scorer,
                    gold: M2File::parse_lenient(&text(&gold), &origin).map_err(engine_input)?,
                },
            }
        }
        CatalogueMetric::Gleu => {
            let source = needed(source, name, "source (line-aligned text)")?;
            text_references(name)?;
            Metric::Gleu(GleuScorer::new(&source, &references, iterations).map_err(engine_error)?)
        }
        CatalogueMetric::Sari => {
            let source = needed(source, name, "source (line-aligned text)")?;
            text_references(name)?;
            Metric::Sari(SariScorer::new(&source, &references))
        }
        CatalogueMetric::Green => {
            let source = needed(source, name, "source (line-aligned text)")?;
            text_references(name)?;
            let mut o = GreenOptions::default();
            o.n = green_n;
            o.beta = green_beta;
            o.unit = if green_unit == "char" {
                GreenUnit::Char
            } else {
                GreenUnit::Word
            };
            Metric::Green(GreenScorer::new(&source, &references, o))
        }
        CatalogueMetric::GoToScorer => {
            let source = needed(source, name, "source (line-aligned text)")?;
            text_references(name)?;
            let reference = references.get(goto_ref).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "goto_ref: {goto_ref}, but there are {} references",
                    references.len()
                ))
            })?;
            let analyser = if analyser == "ewt" {
                ErrantAnalyser::Ewt
            } else {
                ErrantAnalyser::Spacy
            };
            let mut scorer = GotoScorer::new(&source, reference, analyser).with_beta(beta);
            if let Some(path) = goto_weights {
                let text = gec_metrics::read_text(&path).map_err(crate::metrics_error)?;
                let weights = gec_metrics::gotoscorer::read_goto_weights(&text, &path)
                    .map_err(engine_input)?;
                scorer = scorer.with_weights(&path, weights);
            }
            Metric::GoToScorer(scorer)
        }
        CatalogueMetric::Cleme | CatalogueMetric::Cleme2 => {
            let variant = if metric == CatalogueMetric::Cleme2 {
                ClemeVariant::Cleme2
            } else {
                ClemeVariant::Cleme
            };
            let analyser = if analyser == "ewt" {
                ErrantAnalyser::Ewt
            } else {
                ErrantAnalyser::Spacy
            };
            let scorer = match (gold, references.is_empty()) {
                (Some((origin, gold)), true) => ClemeScorer::new(
                    &M2File::parse(&text(&gold), &origin).map_err(engine_input)?,
                    variant,
                ),
                (None, false) => {
                    let source = needed(source.clone(), name, "source with text references")?;
                    ClemeScorer::from_references(&source, &references, variant, analyser)
                        .map_err(engine_error)?
                }
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "score('{metric}') needs references once: gold (an M2 file) or text references with their source"
                    )));
                }
            };
            let scorer = scorer
                .with_assumption(if cleme_assumption == "independent" {
                    ClemeAssumption::Independent
                } else {
                    ClemeAssumption::Dependent
                })
                .with_length_weights(cleme_weights != "none")
                .with_level(if cleme_level == "sentence" {
                    ClemeLevel::Sentence
                } else {
                    ClemeLevel::Corpus
                });
            Metric::Cleme {
                scorer,
                source,
                analyser,
            }
        }
        CatalogueMetric::KoyamaGleu => {
            let source = needed(source, name, "source (line-aligned text)")?;
            text_references(name)?;
            let mut o = KoyamaOptions::default();
            o.n = koyama_n;
            o.unit = if koyama_unit == "char" {
                KoyamaUnit::Char
            } else {
                KoyamaUnit::Word
            };
            let mode = match koyama_mode.as_str() {
                "best-reference" => KoyamaMode::BestReference,
                "sentence-mean" => KoyamaMode::SentenceMean { maximum: false },
                "sentence-mean-max" => KoyamaMode::SentenceMean { maximum: true },
                _ => KoyamaMode::Sampled {
                    iterations: koyama_iterations,
                },
            };
            Metric::KoyamaGleu(KoyamaGleuScorer::new(&source, &references, o, mode))
        }
        CatalogueMetric::Usim => {
            let source = needed(source, name, "source (line-aligned text)")?;
            let mut o = UsimOptions::default();
            o.text = crate::analyses::text_options(pretokenized, sentences, parser);
            o.version = crate::analyses::version(&version)?;
            Metric::Usim {
                scorer: Box::new(UsimScorer::new(o).map_err(engine_error)?),
                source,
            }
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "metric: {other} is in the catalogue, but the package cannot score it yet"
            )));
        }
    })
}

/// Systems given as hypothesis M2 files.
fn hypothesis_m2(systems: &[System]) -> PyResult<Vec<(String, M2File)>> {
    systems
        .iter()
        .map(|s| {
            M2File::parse_lenient(&text(&s.output.lines), &s.output.origin)
                .map(|file| (s.name.clone(), file))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(engine_input)
}

impl Metric {
    fn report(&self, systems: &[System], resampling: &Resampling) -> PyResult<MetricReport> {
        match self {
            Metric::M2(scorer) => scorer.report(systems, resampling),
            Metric::ErrantText {
                scorer,
                source,
                gold,
                analyser,
            } => scorer.report_text(source, gold, systems, *analyser, resampling),
            Metric::ErrantEdits { scorer, gold } => {
                scorer.report_edits(gold, &hypothesis_m2(systems)?, resampling)
            }
            Metric::Cleme {
                scorer,
                source: Some(source),
                analyser,
            } => scorer.report_text(source, systems, *analyser, resampling),
            Metric::Cleme {
                scorer,
                source: None,
                ..
            } => scorer.report_edits(&hypothesis_m2(systems)?, resampling),
            Metric::Gleu(scorer) => scorer.report(systems, resampling),
            Metric::Sari(scorer) => scorer.report(systems, resampling),
            Metric::Green(scorer) => scorer.report(systems, resampling),
            Metric::KoyamaGleu(scorer) => scorer.report(systems, resampling),
            Metric::GoToScorer(scorer) => scorer.report(systems, resampling),
            Metric::Usim { scorer, source } => scorer.report(source, systems, resampling),
        }
        .map_err(engine_error)
    }
}

#[pymethods]
impl Scorer {
    /// The scorer of `metric` (`m2`, `errant`, `gleu`, `sari`, `green`, `koyama-gleu`,
    /// `gotoscorer`, `cleme`, `cleme2`, `usim`) against `source`,
    /// `references` and `gold` ((origin, lines) each), with `options` as the package passes them;
    /// prepared without holding the GIL (a parser or an analyser loaded, a gold re-typed).
    #[new]
    #[pyo3(signature = (metric, source, references, gold, options))]
    fn new(
        py: Python<'_>,
        metric: String,
        source: Option<Input>,
        references: Vec<Input>,
        gold: Option<Input>,
        options: Options,
    ) -> PyResult<Scorer> {
        let metric = py.detach(|| prepare(&metric, source, references, gold, options))?;
        Ok(Scorer {
            metric: std::sync::Arc::new(metric),
        })
    }

    /// Every system's row ((name, origin, lines) each, the first the baseline of the paired
    /// tests), as a dictionary of the engine's fields, computed without holding the GIL.
    fn report<'py>(
        &self,
        py: Python<'py>,
        systems: Vec<(String, String, Vec<String>)>,
        resampling_args: ResamplingArgs,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let settings = resampling(resampling_args);
        let systems: Vec<System> = systems
            .into_iter()
            .map(|(name, origin, l)| System::named(name, Lines::new(origin, l)))
            .collect();
        let metric = std::sync::Arc::clone(&self.metric);
        let report = crate::interruptible(py, move || metric.report(&systems, &settings))??;
        report
            .systems
            .iter()
            .map(|r| crate::to_python::to_python(py, r))
            .collect()
    }
}
