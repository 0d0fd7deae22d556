//! Reading the user's files: `-` for standard input, a directory refused by name, UTF-8 checked
//! with the line of the first bad byte, CRLF or LF line ends, the size limit of the libraries.

use std::path::Path;

use gec_metrics::M2File;

use crate::Error;

fn failure(e: gec_metrics::Error) -> Error {
    match &e {
        gec_metrics::Error::Read(read) if read.is_not_found() => Error::NotFound(e.to_string()),
        _ => Error::Metrics { source: e },
    }
}

/// A system given to `score -i`: its label in every output and the file it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Labelled {
    /// `NAME` of `NAME=PATH`, else the path itself.
    pub(crate) label: String,
    /// The system's output file (`-`: standard input).
    pub(crate) path: String,
}

/// Parses `NAME=PATH` (the label before the first `=`; one with a path separator only where
/// PATH exists, so that `runs/beta=0.5/out.txt` stays a path and `<b>x</b>=out.txt` is a label)
/// or a plain path, labelled by itself; an existing file whose name has an `=` stays a path.
pub(crate) fn labelled(arg: &str) -> Result<Labelled, String> {
    let plain = || Labelled {
        label: arg.to_owned(),
        path: arg.to_owned(),
    };
    let Some((label, path)) = arg.split_once('=') else {
        return Ok(plain());
    };
    let separated = label.contains(['/', '\\']) && !Path::new(path).is_file();
    if label.is_empty() || separated || Path::new(arg).exists() {
        return Ok(plain());
    }
    if path.is_empty() {
        return Err(format!("{arg:?}: NAME=PATH needs a path after `=`"));
    }
    Ok(Labelled {
        label: label.to_owned(),
        path: path.to_owned(),
    })
}

/// The name a message gives `path`.
pub(crate) fn name(path: &str) -> &str {
    if path == "-" { "standard input" } else { path }
}

/// The text of `path` (`-`: standard input).
pub(crate) fn text(path: &str) -> Result<String, Error> {
    if path == "-" {
        let limits = bounded_read::Limits::TEXT.with_max_bytes(gec_metrics::MAX_FILE_BYTES);
        let buffer = bounded_read::read_from(std::io::stdin().lock(), name(path), limits)
            .map_err(|e| failure(e.into()))?;
        return gec_metrics::text::decode_text(&buffer, name(path)).map_err(failure);
    }
    gec_metrics::read_text(path).map_err(failure)
}

/// The lines of `path` without their line ends (Python's `readlines`); an empty file is an error.
pub(crate) fn lines(path: &str) -> Result<Vec<String>, Error> {
    let text = text(path)?;
    let lines: Vec<String> = gec_metrics::lines(&text)
        .into_iter()
        .map(str::to_owned)
        .collect();
    if lines.is_empty() {
        return Err(Error::input(format!("{}: empty", name(path))));
    }
    Ok(lines)
}

/// The lines of a source and of its references, each read by [`lines`].
pub(crate) fn source_and_references(
    source: &str,
    references: &[String],
) -> Result<(Vec<String>, Vec<Vec<String>>), Error> {
    let references = references
        .iter()
        .map(|r| lines(r))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((lines(source)?, references))
}

/// The lines of `path` as the engine takes them, named as messages name the file.
pub(crate) fn named_lines(path: &str) -> Result<gecbias_engine::Lines, Error> {
    Ok(gecbias_engine::Lines::new(name(path), lines(path)?))
}

/// The M2 file at `path`; `lenient` keeps edit spans outside their sentence (or reversed), as
/// the reference tools do, with a warning on standard error naming the first such edit.
pub(crate) fn m2(path: &str, lenient: bool) -> Result<M2File, Error> {
    let text = text(path)?;
    if !lenient {
        return M2File::parse(&text, name(path)).map_err(failure);
    }
    let file = M2File::parse_lenient(&text, name(path)).map_err(failure)?;
    // What the lenient reading accepts and the strict one refuses is a span out of place.
    if let Err(e) = M2File::parse(&text, name(path)) {
        eprintln!(
            "gecbias: warning: {e}; kept, as the reference tool keeps it (`score` refuses it)"
        );
    }
    Ok(file)
}

/// The source file and reference files of EASSE's test set `name`, in the data folder `data`
/// (else `$GECBIAS_DATA`, `./data`, `../shared/data`); an unknown name lists the known ones.
pub(crate) fn easse_test_set(
    name: &str,
    data: Option<&str>,
) -> Result<(String, Vec<String>), Error> {
    let Some(set) = gecbias_data::datasets::EasseTestSet::named(name) else {
        let known: Vec<&str> = gecbias_data::datasets::EasseTestSet::names().collect();
        return Err(Error::usage(format!(
            "unknown test set {name:?}; EASSE's test sets are {}",
            known.join(", ")
        )));
    };
    let cwd = std::env::current_dir().map_err(Error::at("the working directory"))?;
    let data = gecbias_data::DataDir::resolve(data.map(std::path::Path::new), &cwd)
        .map_err(Error::at(format!("the test set {}", set.name)))?;
    let path = |file: &str| data.join(file).display().to_string();
    Ok((
        path(&set.source),
        set.references.iter().map(|r| path(r)).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_paths() {
        let l = labelled("AMU=paragraphs/AMU").unwrap();
        assert_eq!(
            (l.label.as_str(), l.path.as_str()),
            ("AMU", "paragraphs/AMU")
        );
        let plain = labelled("paragraphs/AMU").unwrap();
        assert_eq!(
            (plain.label.as_str(), plain.path.as_str()),
            ("paragraphs/AMU", "paragraphs/AMU")
        );
        // A `=` inside a path is not a label.
        let path = labelled("runs/beta=0.5/out.txt").unwrap();
        assert_eq!(path.label, path.path);
        assert!(labelled("AMU=").unwrap_err().contains("needs a path"));
        assert_eq!(labelled("-").unwrap().path, "-");
    }
}
