//! EASSE's `evaluate`: its test sets by name, and its metrics on any texts.

use std::path::Path;

use bleu_chrf::python_str::python_strip;
use gecbias_data::DataDir;
use gecbias_data::datasets::EasseTestSet;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use simplification_metrics::{
    EasseMetric, EasseTokenizer, Preprocessing, References, easse_evaluate,
};

use crate::InputError;

/// Scores under EASSE's keys, in its order.
type Named = Vec<(String, f64)>;

/// The source file and reference files of EASSE's test set `name`, under the data folder `data`
/// (else `$GECBIAS_DATA`, `./data`, `../shared/data`).
#[pyfunction]
#[pyo3(signature = (name, data=None))]
pub(crate) fn easse_test_set(name: &str, data: Option<String>) -> PyResult<(String, Vec<String>)> {
    let set = EasseTestSet::named(name).ok_or_else(|| {
        let known: Vec<&str> = EasseTestSet::names().collect();
        PyValueError::new_err(format!(
            "unknown test set {name:?}; EASSE's test sets are {}",
            known.join(", ")
        ))
    })?;
    let cwd = std::env::current_dir().map_err(|e| InputError::new_err(e.to_string()))?;
    let data = DataDir::resolve(data.as_deref().map(Path::new), &cwd)
        .map_err(|e| InputError::new_err(format!("the test set {name}: {e}")))?;
    let path = |file: &str| data.join(file).display().to_string();
    Ok((
        path(&set.source),
        set.references.iter().map(|r| path(r)).collect(),
    ))
}

/// EASSE's `evaluate` of `outputs` against `sources` and each line's `references` (every line
/// stripped as EASSE's `read_lines` strips it): the scores under EASSE's keys, and the
/// quality-estimation features when asked for.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn easse_evaluate_lines(
    py: Python<'_>,
    sources: Vec<String>,
    outputs: Vec<String>,
    references: Vec<Vec<String>>,
    metrics: Vec<String>,
    tokenizer: &str,
    lowercase: bool,
    quality_estimation: bool,
) -> PyResult<(Named, Option<Named>)> {
    let tokenizer = EasseTokenizer::named(tokenizer).ok_or_else(|| {
        PyValueError::new_err(format!(
            "tokenizer {tokenizer:?}: 13a, intl, moses, penn or none"
        ))
    })?;
    let metrics = metrics
        .iter()
        .map(|m| EasseMetric::named(m))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let strip = |lines: Vec<String>| -> Vec<String> {
        lines.iter().map(|l| python_strip(l).to_owned()).collect()
    };
    let (sources, outputs) = (strip(sources), strip(outputs));
    let references = References::per_line(references.into_iter().map(strip).collect());
    let evaluation = py
        .detach(|| {
            easse_evaluate(
                &sources,
                &outputs,
                &references,
                &metrics,
                Preprocessing::new(lowercase, tokenizer),
                quality_estimation,
            )
        })
        .map_err(|e| match e {
            simplification_metrics::Error::NeedsModel(..) => PyValueError::new_err(e.to_string()),
            other => InputError::new_err(other.to_string()),
        })?;
    let named = |pairs: &[(&str, f64)]| pairs.iter().map(|&(k, v)| (k.to_owned(), v)).collect();
    Ok((
        named(&evaluation.scores),
        evaluation.quality.map(|q| named(&q.named())),
    ))
}
