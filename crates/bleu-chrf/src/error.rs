//! What can go wrong: bad options, or references that do not fit the hypotheses.

/// An error of this crate.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A smoothing method sacreBLEU does not have.
    #[error("no smoothing method {0:?}: one of none, floor, add-k, exp")]
    UnknownSmoothing(String),
    /// A reference stream with another number of lines than the hypotheses.
    #[error("reference {reference} has {found} lines, the hypotheses {expected}")]
    LineCount {
        /// The reference's position (1-based).
        reference: usize,
        /// Its lines.
        found: usize,
        /// The hypotheses' lines.
        expected: usize,
    },
    /// A line longer than [`MAX_LINE_CHARS`](crate::MAX_LINE_CHARS).
    #[error("line {line} of {}: {chars} characters, above the {} a sentence may have", match reference { Some(k) => format!("reference {k}"), None => "the hypotheses".to_owned() }, crate::MAX_LINE_CHARS)]
    LineTooLong {
        /// The reference's position (1-based), or none for the hypotheses.
        reference: Option<usize>,
        /// The line (1-based).
        line: usize,
        /// Its characters.
        chars: usize,
    },
    /// No reference stream at all.
    #[error("at least one reference is needed")]
    NoReferences,
    /// An option outside its range.
    #[error("{0}")]
    InvalidOption(String),
}
