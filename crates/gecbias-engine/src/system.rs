//! The inputs every scorer reads: lines with the name messages give them, and named systems,
//! from lines in memory or from files.

use std::path::Path;

use crate::Error;

/// Lines of text (without line ends) and the name a message gives their origin: a file's path,
/// or a caller's label for lines held in memory (`sources`, `corrections[1]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lines {
    /// Where the lines come from, for messages (`FILE:LINE: …`).
    pub origin: String,
    /// The lines.
    pub lines: Vec<String>,
}

impl Lines {
    /// `lines`, named `origin` in messages.
    pub fn new(origin: impl Into<String>, lines: Vec<String>) -> Lines {
        Lines {
            origin: origin.into(),
            lines,
        }
    }

    /// The lines of the file at `path` (UTF-8 checked with the line of the first bad byte, CRLF
    /// or LF, the libraries' size limit; an empty file refused), named by the path.
    pub fn read(path: impl AsRef<Path>) -> Result<Lines, Error> {
        let path = path.as_ref();
        Ok(Lines::new(
            path.display().to_string(),
            gec_metrics::read_lines(path)?,
        ))
    }
}

/// A system's output: its name in every report, and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct System {
    /// The name in every report.
    pub name: String,
    /// The output, one sentence per line.
    pub output: Lines,
}

impl System {
    /// A system called `name` whose messages name it too.
    pub fn new(name: impl Into<String>, lines: Vec<String>) -> System {
        let name = name.into();
        System {
            output: Lines::new(name.clone(), lines),
            name,
        }
    }

    /// A system called `name` whose output is the file at `path`.
    pub fn read(name: impl Into<String>, path: impl AsRef<Path>) -> Result<System, Error> {
        Ok(System::named(name, Lines::read(path)?))
    }

    /// A system called `name` whose output is `output` (messages name its origin).
    pub fn named(name: impl Into<String>, output: Lines) -> System {
        System {
            name: name.into(),
            output,
        }
    }
}
