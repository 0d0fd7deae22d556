//! `gecbias._native`: gecbias's typed engine and libraries, called in-process from Python, on
//! lines in memory — no command line, no JSON, no file written.
//!
//! Every metric through the engine's scorers (`score`), the papers' analyses (`conservatism`,
//! `unseen_estimate`, `usim_text`, `usim_xml`, `parse`, `meta_eval`), ERRANT's typed edits
//! (`errant_parallel`) and tagging (`tag`); objects that keep a parsed corpus for many calls:
//! [`M2Gold`], [`GleuCorpus`]. [`main`] runs a command line as the binary does (the `gecbias`
//! console script). Failures become Python exceptions: a missing input `FileNotFoundError`, any
//! other bad input `gecbias.InputError` (a `ValueError`), a wrong argument `ValueError`; the
//! message names the file (or in-memory argument) and line.

mod analyses;
mod easse;
mod report;
mod score;
mod to_python;

use gecbias_engine::Signature;
use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    gecbias,
    InputError,
    PyValueError,
    "Bad input: a malformed or inconsistent file; the message names the file and line."
);

/// Lines and the name messages give them: (origin, lines).
type Input = (String, Vec<String>);

/// Lines as the text of a file (each ended by a newline), for readers of a format.
fn text(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// A library error as its Python exception: a missing file `FileNotFoundError`, anything else
/// `InputError`, with the library's message (file and line).
fn metrics_error(e: gec_metrics::Error) -> PyErr {
    match &e {
        gec_metrics::Error::Read(read) if read.is_not_found() => {
            PyFileNotFoundError::new_err(e.to_string())
        }
        _ => InputError::new_err(e.to_string()),
    }
}

/// Why the engine could not score, as the Python exception: a ranking that cannot reject
/// anything is a `ValueError` naming the argument to raise, anything else bad input.
pub(crate) fn engine_error(e: gecbias_engine::Error) -> PyErr {
    match e {
        gecbias_engine::Error::TooFewTrials {
            pairs,
            alpha,
            needed,
        } => PyValueError::new_err(format!(
            "rank over {pairs} pairs at alpha = {alpha} needs paired_ar_n of at least {needed}"
        )),
        gecbias_engine::Error::Metrics { source } => crate::metrics_error(source),
        other => InputError::new_err(other.to_string()),
    }
}

/// `work` run on a thread of its own while this thread, without the GIL, waits for it and every
/// 0.1 s lets Python run its signal handlers: Ctrl-C in a long call raises `KeyboardInterrupt`
/// at once. The abandoned computation finishes on its thread (every count it takes is bounded:
/// at most minutes) and its result is dropped.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    use std::sync::mpsc::RecvTimeoutError;
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("gecbias-work".into())
        .spawn(move || {
            let _ = sender.send(work());
        })
        .map_err(|e| {
            pyo3::exceptions::PyRuntimeError::new_err(format!("starting a thread: {e}"))
        })?;
    let mut receiver = receiver;
    loop {
        // The receiver travels into the wait and back: it may not be shared across threads.
        let (received, back) = py.detach(move || {
            let received = receiver.recv_timeout(std::time::Duration::from_millis(100));
            (received, receiver)
        });
        receiver = back;
        match received {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "gecbias: the computation ended without a result",
                ));
            }
        }
    }
}

/// The bounds every front door checks, for the package's argument checks: (fewest resamples or
/// trials, most, most GLEU iterations, highest GREEN order, highest Koyama order, largest β,
/// highest chrF character order, highest chrF word order).
#[pyfunction]
fn limits() -> (usize, usize, usize, usize, usize, f64, usize, usize) {
    (
        gecbias_engine::MIN_RESAMPLES,
        gecbias_engine::MAX_RESAMPLES,
        gec_metrics::MAX_ITERATIONS,
        gec_metrics::green::MAX_GREEN_ORDER,
        gec_metrics::koyama_gleu::MAX_KOYAMA_ORDER,
        gec_metrics::MAX_BETA,
        bleu_chrf::MAX_CHAR_ORDER,
        bleu_chrf::MAX_WORD_ORDER,
    )
}

/// The catalogue's metric names (`score`'s), and meta-evaluation's rows' names, in the engine's
/// order: the package's `Literal` types are checked against them.
#[pyfunction]
fn metric_names() -> (Vec<&'static str>, Vec<&'static str>) {
    (
        gecbias_engine::metric_names(),
        gecbias_engine::MetaMetric::names(),
    )
}

/// The lines of the file at `path` (UTF-8, CRLF or LF, the size limit of the command); an empty
/// file is an error naming it.
#[pyfunction]
fn read_lines(py: Python<'_>, path: &str) -> PyResult<Vec<String>> {
    py.detach(|| gec_metrics::read_lines(path))
        .map_err(metrics_error)
}

/// An M2 corpus score: (F_β, precision, recall, correct, proposed, gold, sentences, signature).
type M2Row = (f64, f64, f64, u64, u64, u64, usize, String);

/// An M2 gold standard parsed once, to score any number of hypothesis sets (or batches of its
/// sentences) without reading it again.
#[pyclass(frozen, module = "gecbias._native")]
struct M2Gold {
    gold: gec_metrics::M2Gold,
}

#[pymethods]
impl M2Gold {
    /// The gold in the M2 file at `path`, read strictly (an edit outside its sentence is an
    /// error naming the line).
    #[staticmethod]
    fn read(py: Python<'_>, path: &str) -> PyResult<Self> {
        let gold = py
            .detach(|| gec_metrics::M2Gold::read(path))
            .map_err(metrics_error)?;
        Ok(Self { gold })
    }

    /// The gold in M2 `text`; `name` names it in messages.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str, name: &str) -> PyResult<Self> {
        let gold = py
            .detach(|| gec_metrics::M2Gold::parse(text, name))
            .map_err(metrics_error)?;
        Ok(Self { gold })
    }

    fn __len__(&self) -> usize {
        self.gold.sentences().len()
    }

    /// The most annotators any sentence has.
    #[getter]
    fn annotators(&self) -> usize {
        self.gold.annotators()
    }

    /// m2scorer's corpus score of `hypotheses` (named `name` in messages) against the gold, or
    /// against the gold's sentences at `sentences` (0-based) when given; `options` = (β, max
    /// unchanged words, ignore whitespace and casing).
    #[pyo3(signature = (hypotheses, name, options, sentences=None))]
    fn score(
        &self,
        py: Python<'_>,
        hypotheses: Vec<String>,
        name: &str,
        options: (f64, u32, bool),
        sentences: Option<Vec<usize>>,
    ) -> PyResult<M2Row> {
        let (beta, max_unchanged_words, ignore_whitespace_casing) = options;
        let mut options = gec_metrics::M2Options::OFFICIAL.with_beta(beta);
        options.max_unchanged_words = max_unchanged_words;
        options.ignore_whitespace_casing = ignore_whitespace_casing;
        py.detach(|| {
            let s = match &sentences {
                Some(indices) => self
                    .gold
                    .score_lines_at(indices, &hypotheses, name, &options),
                None => self.gold.score_lines(&hypotheses, name, &options),
            }?
            .score;
            let signature = Signature::m2(self.gold.annotators(), &options).to_string();
            let n = hypotheses.len();
            Ok((
                s.f_beta,
                s.precision,
                s.recall,
                s.correct,
                s.proposed,
                s.gold,
                n,
                signature,
            ))
        })
        .map_err(metrics_error)
    }
}

/// A GLEU corpus (sources and references, n-gram statistics computed once) to score any number
/// of hypothesis sets.
#[pyclass(frozen, module = "gecbias._native")]
struct GleuCorpus {
    corpus: gec_metrics::GleuCorpus,
}

#[pymethods]
impl GleuCorpus {
    /// A corpus from source lines and each reference's lines; `names` = the source's then each
    /// reference's name, for messages.
    #[new]
    fn new(
        py: Python<'_>,
        sources: Vec<String>,
        references: Vec<Vec<String>>,
        names: Vec<String>,
    ) -> PyResult<Self> {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let corpus = py
            .detach(|| gec_metrics::GleuCorpus::new(&sources, &references, &names))
            .map_err(metrics_error)?;
        Ok(Self { corpus })
    }

    fn __len__(&self) -> usize {
        self.corpus.len()
    }

    /// compute_gleu's corpus GLEU of `hypotheses` (named `name` in messages) over `iterations`
    /// rounds of reference draws: (mean, standard deviation over the draws, sentences,
    /// signature).
    fn score(
        &self,
        py: Python<'_>,
        hypotheses: Vec<String>,
        name: &str,
        iterations: usize,
    ) -> PyResult<(f64, f64, usize, String)> {
        let mut options = gec_metrics::GleuOptions::default();
        options.iterations = iterations;
        let score = py
            .detach(|| self.corpus.score_lines(&hypotheses, name, &options))
            .map_err(metrics_error)?;
        let signature =
            Signature::gleu(self.corpus.reference_count(), iterations, false).to_string();
        Ok((score.mean, score.std, hypotheses.len(), signature))
    }
}

/// One analysed token: (token, Penn tag, UPOS, spaCy lemma, UD lemma, label).
type Token = (String, String, String, String, String, String);

/// Each line tagged by the built-in English tagger, in memory (no files): per line, its tokens'
/// analyses; `pretokenized` splits lines on spaces instead of tokenising them.
#[pyfunction]
fn tag(py: Python<'_>, lines: Vec<String>, pretokenized: bool) -> PyResult<Vec<Vec<Token>>> {
    py.detach(|| {
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let (tokens, analyses) =
                    gecbias_engine::tag_line(line, pretokenized, &format!("line {}", i + 1))?;
                Ok(tokens
                    .into_iter()
                    .zip(analyses)
                    .map(|(t, a)| (t, a.xpos, a.upos, a.lemma, a.ud_lemma, a.dep))
                    .collect())
            })
            .collect::<Result<Vec<_>, gecbias_engine::Error>>()
    })
    .map_err(|e| InputError::new_err(e.to_string()))
}

/// One typed edit: (o_start, o_end, c_start, c_end, correction, type).
type ErrantEdit = (usize, usize, usize, usize, String, String);

/// ERRANT's edits of each correction of each source line, typed by the native ERRANT on
/// `analyser` (`spacy`: spaCy's model run natively; `ewt`: the EWT-trained tagger), in memory: per source line, per correction, `None` where the correction is
/// the source itself (ERRANT's noop), else its edits (a blank source line has no edits).
#[pyfunction]
fn errant_parallel(
    py: Python<'_>,
    sources: Vec<String>,
    corrections: Vec<Vec<String>>,
    tokenise: bool,
    lev: bool,
    merge: String,
    analyser: String,
) -> PyResult<Vec<Vec<Option<Vec<ErrantEdit>>>>> {
    let merge: gec_errant::Merge = merge
        .parse()
        .map_err(|e: gec_errant::Error| PyValueError::new_err(e.to_string()))?;
    let analyser = match analyser.as_str() {
        "spacy" => gecbias_engine::ErrantAnalyser::Spacy,
        "ewt" => gecbias_engine::ErrantAnalyser::Ewt,
        other => {
            return Err(PyValueError::new_err(format!(
                "analyser: \"spacy\" or \"ewt\", not {other:?}"
            )));
        }
    };
    for (k, c) in corrections.iter().enumerate() {
        if c.len() != sources.len() {
            return Err(InputError::new_err(format!(
                "corrections[{k}] has {} lines but sources has {}",
                c.len(),
                sources.len()
            )));
        }
    }
    py.detach(|| {
        let align = gec_errant::AlignOptions::default()
            .with_lev(lev)
            .with_merge(merge);
        let options = gec_errant::ParallelOptions::default()
            .with_tokenise(tokenise)
            .with_align(align);
        let originals = gecbias_engine::Lines::new("sources", sources);
        let corrected: Vec<gecbias_engine::Lines> = corrections
            .into_iter()
            .enumerate()
            .map(|(k, lines)| gecbias_engine::Lines::new(format!("corrections[{k}]"), lines))
            .collect();
        let versions: Vec<&gecbias_engine::Lines> = corrected.iter().collect();
        let typed = gecbias_engine::errant_parallel(&originals, &versions, options, analyser)?;
        let mut out: Vec<Vec<Option<Vec<ErrantEdit>>>> =
            vec![vec![Some(Vec::new()); versions.len()]; originals.lines.len()];
        for sentence in typed {
            out[sentence.line] = sentence
                .corrections
                .into_iter()
                .map(|edits| {
                    edits.map(|edits| {
                        edits
                            .into_iter()
                            .map(|e| {
                                let correction = e.correction.join(" ");
                                (
                                    e.o_start,
                                    e.o_end,
                                    e.c_start,
                                    e.c_end,
                                    correction,
                                    e.error_type,
                                )
                            })
                            .collect()
                    })
                })
                .collect();
        }
        Ok(out)
    })
    .map_err(|e: gecbias_engine::Error| InputError::new_err(e.to_string()))
}

/// Runs the command line `argv` (program name first) as the `gecbias` binary does, printing
/// its output; the exit status.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| gecbias_cli::run_command_line(argv))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(main, m)?)?;
    m.add_function(wrap_pyfunction!(report::write_report, m)?)?;
    m.add_class::<score::Scorer>()?;
    m.add_function(wrap_pyfunction!(analyses::conservatism_profile, m)?)?;
    m.add_function(wrap_pyfunction!(analyses::unseen_estimate, m)?)?;
    m.add_function(wrap_pyfunction!(analyses::usim_xml, m)?)?;
    m.add_function(wrap_pyfunction!(analyses::usim_text, m)?)?;
    m.add_function(wrap_pyfunction!(analyses::parse, m)?)?;
    m.add_function(wrap_pyfunction!(analyses::meta_eval, m)?)?;
    m.add_function(wrap_pyfunction!(analyses::meta_eval_ratings, m)?)?;
    m.add_function(wrap_pyfunction!(tag, m)?)?;
    m.add_function(wrap_pyfunction!(errant_parallel, m)?)?;
    m.add_function(wrap_pyfunction!(limits, m)?)?;
    m.add_function(wrap_pyfunction!(metric_names, m)?)?;
    m.add_function(wrap_pyfunction!(score::option_names, m)?)?;
    m.add_function(wrap_pyfunction!(read_lines, m)?)?;
    m.add_function(wrap_pyfunction!(easse::easse_test_set, m)?)?;
    m.add_function(wrap_pyfunction!(easse::easse_evaluate_lines, m)?)?;
    m.add_class::<M2Gold>()?;
    m.add_class::<GleuCorpus>()?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DEFAULT_SEED", gecbias_engine::DEFAULT_SEED)?;
    Ok(())
}
