//! The papers' analyses in memory: conservatism, UnseenEst, USim (text and UCCA XML), the UCCA
//! parser and meta-evaluation, each calling its library or the typed engine directly; results
//! as Python values the package turns into its dataclasses.

use ::conservatism::{Procedure, Resources, WORD_CHANGE_BINS, compare_contents};
use gecbias_engine::{
    Dataset, Granularity, HumanMethod, Lines, MetaEval, MetaEvalOptions, MetaMetric, TextOptions,
    TextParsing, Unit, UsimOptions, UsimScorer, UsimVersion, conservatism_signature,
    unseen_signature, usim_passages,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use unseen_est::crowd::Classes;
use unseen_est::{Fingerprint, Params, TABLE_GAMMAS, estimate};

use crate::{Input, InputError, engine_error, text};

fn input_error(e: impl std::fmt::Display) -> PyErr {
    InputError::new_err(e.to_string())
}

/// How conservative `output` is against `source`, as `gecbias conservatism` profiles it: the
/// fields of the package's `ConservatismProfile`.
#[pyfunction]
#[pyo3(name = "conservatism")]
pub(crate) fn conservatism_profile<'py>(
    py: Python<'py>,
    source: Input,
    output: Input,
    passages: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let procedure = if passages {
        Procedure::Passages
    } else {
        Procedure::Lines
    };
    let profile = py
        .detach(|| {
            let resources = Resources::locate()?;
            compare_contents(
                (&source.0, text(&source.1).as_bytes()),
                (&output.0, text(&output.1).as_bytes()),
                &resources,
                procedure,
            )
        })
        .map_err(input_error)?;
    let d = PyDict::new(py);
    d.set_item("system", &output.0)?;
    d.set_item("sentences", profile.sentences.len())?;
    d.set_item("unchanged_share", profile.unchanged_share())?;
    d.set_item("total_word_change", profile.total_word_change())?;
    d.set_item("mean_word_change", profile.mean_word_change())?;
    d.set_item("total_index_diff", profile.total_index_diff())?;
    d.set_item("mean_spearman_rho", profile.mean_rho())?;
    d.set_item("perfect_order", profile.perfect_order())?;
    d.set_item("splits", profile.splits())?;
    d.set_item("concatenations", profile.concatenations())?;
    let histogram = PyDict::new(py);
    for (&(lo, hi), count) in WORD_CHANGE_BINS.iter().zip(profile.word_change_histogram()) {
        histogram.set_item(format!("{lo}-{hi}"), count)?;
    }
    d.set_item("word_change_histogram", histogram)?;
    d.set_item("word_change_above_30", profile.above_thirty())?;
    d.set_item("signature", conservatism_signature(procedure).to_string())?;
    Ok(d)
}

/// One threshold of UnseenEst's estimate: (γ, variants above it, their mass).
type Threshold = (f64, f64, f64);

/// UnseenEst's estimate from a fingerprint's text (`origin` names it in messages): (answers,
/// distinct answers, estimated corrections, thresholds, signature).
#[pyfunction]
pub(crate) fn unseen_estimate(
    py: Python<'_>,
    fingerprint: (String, String),
) -> PyResult<(u64, u64, f64, Vec<Threshold>, String)> {
    let (origin, counts) = fingerprint;
    py.detach(|| {
        let fingerprint = Fingerprint::parse(&counts, &origin)?;
        let h = estimate(&fingerprint, &Params::default())?;
        let above = TABLE_GAMMAS
            .iter()
            .map(|&g| (g, h.variants_above(g), h.mass_above(g)))
            .collect();
        Ok((
            fingerprint.sample_size(),
            fingerprint.distinct(),
            h.variants_above(0.0),
            above,
            unseen_signature(Classes::Exact).to_string(),
        ))
    })
    .map_err(|e: unseen_est::Error| input_error(e))
}

/// USim means: (sentences, mean USim(source, output), mean USim(output, source), signature).
type UsimMeans = (usize, f64, f64, String);

fn means(pairs: &[usim::PairUsim], signature: String) -> UsimMeans {
    let n = pairs.len().max(1) as f64;
    (
        pairs.len(),
        pairs.iter().map(|p| p.source_to_output).sum::<f64>() / n,
        pairs.iter().map(|p| p.output_to_source).sum::<f64>() / n,
        signature,
    )
}

pub(crate) fn version(params: &str) -> PyResult<UsimVersion> {
    match params {
        "released" => Ok(UsimVersion::Released),
        "branch-2017" => Ok(UsimVersion::Branch2017),
        other => Err(PyValueError::new_err(format!(
            "params: one of 'released', 'branch-2017', not {other:?}"
        ))),
    }
}

pub(crate) fn text_options(
    pretokenized: bool,
    sentences: bool,
    parser: Option<String>,
) -> TextOptions {
    let mut options = TextOptions::default();
    options.tokenization = if pretokenized {
        usim::Tokenization::Pretokenized
    } else {
        usim::Tokenization::Raw
    };
    options.sentences = sentences;
    options.parser = parser.map(|p| p.parse().unwrap_or_else(|never| match never {}));
    options
}

/// USim between UCCA passages: two files, two folders (paired by file name) or two list files.
#[pyfunction]
pub(crate) fn usim_xml(
    py: Python<'_>,
    source: String,
    output: String,
    params: &str,
) -> PyResult<UsimMeans> {
    let version = version(params)?;
    let pairs = py
        .detach(|| usim_passages(&source, &output, version))
        .map_err(engine_error)?;
    Ok(means(&pairs, version.xml_signature().to_string()))
}

/// USim of raw text, each output line against the source line of the same number.
#[pyfunction]
#[pyo3(signature = (source, output, pretokenized, sentences, params, parser_model=None))]
pub(crate) fn usim_text(
    py: Python<'_>,
    source: Input,
    output: Input,
    pretokenized: bool,
    sentences: bool,
    params: &str,
    parser_model: Option<String>,
) -> PyResult<UsimMeans> {
    let mut options = UsimOptions::default();
    options.text = text_options(pretokenized, sentences, parser_model);
    options.version = version(params)?;
    let (source, output) = (
        Lines::new(source.0, source.1),
        Lines::new(output.0, output.1),
    );
    py.detach(|| {
        let scorer = UsimScorer::new(options)?;
        let pairs = scorer.pairs(&source, &[&output])?;
        Ok(means(&pairs[0], scorer.signature().to_string()))
    })
    .map_err(engine_error)
}

/// UCCA passages (standard XML) of each line, by the native parser.
#[pyfunction]
#[pyo3(signature = (text, pretokenized, sentences, parser_model=None))]
pub(crate) fn parse(
    py: Python<'_>,
    text: Input,
    pretokenized: bool,
    sentences: bool,
    parser_model: Option<String>,
) -> PyResult<Vec<String>> {
    let options = text_options(pretokenized, sentences, parser_model);
    let lines = Lines::new(text.0, text.1);
    py.detach(|| {
        let parsing = TextParsing::new(options)?;
        Ok(parsing
            .passages(&lines)?
            .iter()
            .map(|p| p.to_xml())
            .collect())
    })
    .map_err(engine_error)
}

/// The meta-evaluation's options as the package passes them (each checked there).
#[allow(clippy::too_many_arguments)]
fn meta_options(
    dataset: &str,
    root: String,
    gold: String,
    metrics: Vec<String>,
    human: &str,
    runs: usize,
    betas: Vec<f64>,
    (confidence, paired, resamples): (bool, bool, usize),
    unit: &str,
    seed: u64,
    (exclude, references): (Option<Vec<String>>, Option<Vec<String>>),
    granularity: &str,
    parser_model: Option<String>,
) -> PyResult<MetaEvalOptions> {
    let dataset = match dataset {
        "gjg15" => Dataset::Gjg15,
        _ => Dataset::Seeda,
    };
    let mut o = MetaEvalOptions::new(dataset, root, gold);
    o.metrics = metrics
        .iter()
        .map(|m| {
            m.parse::<MetaMetric>()
                .map_err(|e| PyValueError::new_err(format!("metrics: {e}")))
        })
        .collect::<PyResult<_>>()?;
    o.human = if human == "trueskill" {
        HumanMethod::TrueSkill { runs }
    } else {
        HumanMethod::ExpectedWins
    };
    o.betas = betas;
    o.confidence = confidence;
    o.paired = paired;
    o.resamples = resamples;
    o.unit = match unit {
        "sentences" => Unit::Sentences,
        "comparisons" => Unit::Comparisons,
        _ => Unit::Rankings,
    };
    o.seed = seed;
    o.exclude = exclude;
    o.references = references;
    o.granularity = if granularity == "edit" {
        Granularity::Edit
    } else {
        Granularity::Sent
    };
    o.parser = parser_model.map(|p| p.parse().unwrap_or_else(|never| match never {}));
    Ok(o)
}

/// How well metrics agree with a human ranking: the engine's report as dictionaries of its
/// fields.
#[pyfunction]
#[pyo3(signature = (dataset, root, gold, metrics, human, trueskill_runs, betas, confidence, paired, resamples, unit, seed, exclude, references, granularity, parser_model=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn meta_eval<'py>(
    py: Python<'py>,
    dataset: &str,
    root: String,
    gold: String,
    metrics: Vec<String>,
    human: &str,
    trueskill_runs: usize,
    betas: Vec<f64>,
    confidence: bool,
    paired: bool,
    resamples: usize,
    unit: &str,
    seed: u64,
    exclude: Option<Vec<String>>,
    references: Option<Vec<String>>,
    granularity: &str,
    parser_model: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = meta_options(
        dataset,
        root,
        gold,
        metrics,
        human,
        trueskill_runs,
        betas,
        (confidence, paired, resamples),
        unit,
        seed,
        (exclude, references),
        granularity,
        parser_model,
    )?;
    let report = crate::interruptible(py, move || MetaEval::new(options)?.report())?.map_err(
        |e| match e {
            gecbias_engine::Error::Unjudged { system, judgments } => PyValueError::new_err(
                format!("exclude: {system}: no ranking of {judgments} judges it"),
            ),
            gecbias_engine::Error::TrueSkillResampled => PyValueError::new_err(
                "confidence and paired re-derive the human scores on each resample of the \
                 judgments: human=\"ew\" (TrueSkill would need its runs on each)",
            ),
            other => engine_error(other),
        },
    )?;
    crate::to_python::to_python(py, &report)
}

/// One rating as Python passes it: system, segment, source, output, references, score, aspect,
/// rater.
type RatingTuple = (
    String,
    String,
    Option<String>,
    Option<String>,
    Vec<String>,
    f64,
    Option<String>,
    Option<String>,
);

/// Where the ratings of [`meta_eval_ratings`] come from.
fn rated_outputs(
    dataset: &str,
    data: Option<String>,
    split: &str,
    judgments: Option<String>,
    rows: Option<Vec<RatingTuple>>,
    systems: Option<&[String]>,
) -> PyResult<(
    gecbias_engine::RatedOutputs,
    Option<gecbias_engine::RatingDataset>,
)> {
    use gecbias_engine::{RatedOutputs, Rating, RatingDataset};
    if dataset != "custom" {
        let set: RatingDataset = dataset.parse().map_err(PyValueError::new_err)?;
        let cwd = std::env::current_dir().map_err(input_error)?;
        let data = gecbias_data::DataDir::resolve(data.as_deref().map(std::path::Path::new), &cwd)
            .map_err(|e| input_error(format!("the rating set {dataset}: {e}")))?;
        return Ok((
            set.read(data.root(), split).map_err(engine_error)?,
            Some(set),
        ));
    }
    let ratings = match (judgments, rows) {
        (Some(path), _) => RatedOutputs::read(std::path::Path::new(&path), systems),
        (None, Some(rows)) => {
            let ratings = rows
                .into_iter()
                .map(
                    |(system, segment, source, output, references, score, aspect, rater)| {
                        let mut r = Rating::new(system, segment, "", "", score);
                        r.source = source;
                        r.output = output;
                        r.references = references;
                        if let Some(aspect) = aspect {
                            r.aspect = aspect;
                        }
                        r.rater = rater;
                        r
                    },
                )
                .collect();
            RatedOutputs::from_ratings("judgments", ratings, systems)
        }
        (None, None) => {
            return Err(PyValueError::new_err(
                "dataset=\"custom\": judgments, a path or a table of ratings",
            ));
        }
    };
    Ok((ratings.map_err(engine_error)?, None))
}

/// How well metrics agree with ratings of outputs (a public rating set, a file, or rows): the
/// engine's report as dictionaries of its fields.
#[pyfunction]
#[pyo3(signature = (dataset, data, split, judgments, rows, metrics, aspect, betas, confidence, paired, resamples, seed, exclude, systems, segment_level, synthetic, parser_model=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn meta_eval_ratings<'py>(
    py: Python<'py>,
    dataset: &str,
    data: Option<String>,
    split: &str,
    judgments: Option<String>,
    rows: Option<Vec<RatingTuple>>,
    metrics: Option<Vec<String>>,
    aspect: Option<String>,
    betas: Vec<f64>,
    confidence: bool,
    paired: bool,
    resamples: usize,
    seed: u64,
    exclude: Option<Vec<String>>,
    systems: Option<Vec<String>>,
    segment_level: bool,
    synthetic: usize,
    parser_model: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    use gecbias_engine::{RatingDataset, RatingMetaEval, RatingMetaEvalOptions};
    let (ratings, set) = rated_outputs(dataset, data, split, judgments, rows, systems.as_deref())?;
    let mut o = RatingMetaEvalOptions::default();
    o.metrics = match metrics {
        Some(names) => names
            .iter()
            .map(|m| m.parse::<MetaMetric>())
            .collect::<Result<_, _>>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => RatingDataset::default_metrics(set, &ratings),
    };
    o.aspect = aspect.or_else(|| set.map(|s| s.default_aspect().to_owned()));
    o.betas = betas;
    o.confidence = confidence;
    o.paired = paired;
    o.resamples = resamples;
    o.seed = seed;
    o.exclude = match (exclude, set) {
        (Some(names), _) => names,
        (None, Some(set)) => set.excluded().iter().map(|s| (*s).to_owned()).collect(),
        (None, None) => Vec::new(),
    };
    o.metric.usim.text.parser =
        parser_model.map(|p| p.parse().unwrap_or_else(|never| match never {}));
    o.segment_level = segment_level;
    o.synthetic = synthetic;
    if let Some(set) = set {
        o.synthetic_pool = Some(set.synthetic_pool(&ratings, &o.exclude));
    }
    let report = crate::interruptible(py, move || RatingMetaEval::new(ratings, o)?.report())?
        .map_err(engine_error)?;
    crate::to_python::to_python(py, &report)
}
