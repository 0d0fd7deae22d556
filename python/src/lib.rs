//! `gecbias._native`: the `gecbias` command's own code, called in-process from Python.
//!
//! Two entry points, both over a command line: [`output_of`] returns what a subcommand writes
//! (the typed Python API parses its JSON), [`main`] runs the command line as the binary does (the
//! `gecbias` console script). Failures become Python exceptions: a missing input
//! `FileNotFoundError`, any other bad input `gecbias.InputError` (a `ValueError`), a wrong
//! command line `ValueError`; the message is the command's own, with the file and line.

use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    gecbias,
    InputError,
    PyValueError,
    "Bad input: a malformed or inconsistent file; the message names the file and line."
);

/// What `gecbias ARGS…` writes on standard output (`args` without the program name), computed
/// without holding the GIL.
#[pyfunction]
fn output_of(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    let argv = std::iter::once("gecbias".to_owned()).chain(args);
    py.detach(|| gecbias_cli::output_of(argv))
        .map_err(|e| match e {
            gecbias_cli::Error::NotFound(m) => PyFileNotFoundError::new_err(m),
            gecbias_cli::Error::Usage(m) => PyValueError::new_err(m),
            other => InputError::new_err(other.to_string()),
        })
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
                    gecbias_cli::tag_line(line, pretokenized, &format!("line {}", i + 1))?;
                Ok(tokens
                    .into_iter()
                    .zip(analyses)
                    .map(|(t, a)| (t, a.xpos, a.upos, a.lemma, a.ud_lemma, a.dep))
                    .collect())
            })
            .collect::<Result<Vec<_>, gecbias_cli::Error>>()
    })
    .map_err(|e| InputError::new_err(e.to_string()))
}

/// One typed edit: (o_start, o_end, c_start, c_end, correction, type).
type ErrantEdit = (usize, usize, usize, usize, String, String);

/// ERRANT's edits of each correction of each source line, typed by the native ERRANT on the
/// built-in tagger, in memory: per source line, per correction, `None` where the correction is
/// the source itself (ERRANT's noop), else its edits (a blank source line has no edits).
#[pyfunction]
fn errant_parallel(
    py: Python<'_>,
    sources: Vec<String>,
    corrections: Vec<Vec<String>>,
    tokenise: bool,
    lev: bool,
    merge: String,
) -> PyResult<Vec<Vec<Option<Vec<ErrantEdit>>>>> {
    let merge: gec_errant::Merge = merge
        .parse()
        .map_err(|e: gec_errant::Error| PyValueError::new_err(e.to_string()))?;
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
        let typed = gecbias_cli::errant_parallel_lines(&sources, &corrections, tokenise, align)?;
        let mut out: Vec<Vec<Option<Vec<ErrantEdit>>>> =
            vec![vec![Some(Vec::new()); corrections.len()]; sources.len()];
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
    .map_err(|e: gecbias_cli::Error| InputError::new_err(e.to_string()))
}

/// Runs the command line `argv` (program name first) as the `gecbias` binary does, printing
/// its output; the exit status.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| gecbias_cli::run_command_line(argv))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(output_of, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    m.add_function(wrap_pyfunction!(tag, m)?)?;
    m.add_function(wrap_pyfunction!(errant_parallel, m)?)?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
