//! `gecbias report`'s page from Python: the same report crate, the same page.

use gecbias_engine::{Lines, Metric, Outputs, System};
use gecbias_report::{
    GecInputs, GecReport, SimplificationInputs, SimplificationReport, report_resampling,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{InputError, engine_error};

/// A report's error as the package raises it: the engine's as `score` raises them, the rest as
/// `InputError` with the message.
fn report_error(e: gecbias_report::Error) -> PyErr {
    match e {
        gecbias_report::Error::Engine { source } => engine_error(source),
        other => InputError::new_err(other.to_string()),
    }
}

/// (name, origin, lines) as the engine's lines.
fn lines((origin, lines): (String, Vec<String>)) -> Lines {
    Lines::new(origin, lines)
}

/// The page of `systems` ((name, origin, lines) each): a GEC page against the M2 `gold` when
/// given (`metrics` ranked, `rank_trials` per pair of systems), else a simplification page of the
/// test set `test_set` (`source` and `references`); written to `path` only once every number is
/// computed. Returns the page's size in bytes.
#[pyfunction]
#[pyo3(signature = (path, systems, source, gold, references, test_set, metrics, title, seed, confidence_n, rank_trials, clusters, samsa, command))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_report(
    py: Python<'_>,
    path: String,
    systems: Vec<(String, String, Vec<String>)>,
    source: (String, Vec<String>),
    gold: Option<(String, Vec<String>)>,
    references: Vec<(String, Vec<String>)>,
    test_set: String,
    metrics: Vec<String>,
    title: String,
    seed: u64,
    confidence_n: usize,
    rank_trials: Option<usize>,
    clusters: bool,
    samsa: bool,
    command: String,
) -> PyResult<usize> {
    let metrics = metrics
        .iter()
        .map(|m| m.parse::<Metric>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let outputs = Outputs::new(
        systems
            .into_iter()
            .map(|(name, origin, l)| System::named(name, Lines::new(origin, l)))
            .collect(),
    );
    let references: Vec<Lines> = references.into_iter().map(lines).collect();
    let page = py.detach(|| -> Result<String, gecbias_report::Error> {
        if let Some(gold) = gold {
            let mut inputs = GecInputs::new(lines(source), lines(gold));
            inputs.references = references;
            inputs.metrics = metrics;
            let resampling = report_resampling(
                outputs.systems().len(),
                seed,
                confidence_n,
                (clusters, rank_trials),
            );
            let mut report = GecReport::build(&inputs, &outputs, &resampling, confidence_n)?;
            report.provenance.command = command;
            Ok(report.html(&title))
        } else {
            let mut inputs = SimplificationInputs::new(test_set, lines(source), references);
            inputs.samsa = samsa;
            let mut report = SimplificationReport::build(&inputs, &outputs, seed)?;
            report.provenance.command = command;
            Ok(report.html(&title, seed))
        }
    });
    let page = page.map_err(report_error)?;
    std::fs::write(&path, &page).map_err(|e| InputError::new_err(format!("{path}: {e}")))?;
    Ok(page.len())
}
