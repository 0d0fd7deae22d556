use std::path::PathBuf;

/// Everything that can go wrong in the alignment crate: bad cost matrices, unreadable linguistic
/// resources, and sentence alignments where the reference itself would have crashed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A cost matrix whose rows differ in length.
    #[error("cost matrix row {row} has {len} columns, row 0 has {expected}")]
    RaggedMatrix {
        /// The first row of a different length.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
    /// A NaN or infinite cost, on which the assignment would not terminate.
    #[error("cost matrix row {row} holds a NaN or infinite cost")]
    NonFiniteCost {
        /// The first such row.
        row: usize,
    },
    /// A linguistic resource file (WordNet, Punkt parameters) could not be read.
    #[error("{}: {source} ({hint})", .path.display())]
    Resource {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
        /// How to obtain the resource.
        hint: &'static str,
    },
    /// A linguistic resource this build does not carry and no environment variable names.
    #[error("{source}")]
    Unavailable {
        /// Which resource, and how to name one.
        #[from]
        source: gecbias_resources::Error,
    },
    /// A malformed line of a linguistic resource file.
    #[error("{}:{line}: malformed line", .path.display())]
    MalformedResource {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
    },
    /// A sentence piece without any word longer than one character.
    #[error(
        "sentence {index} of passage {passage} has no word of two or more characters: {piece:?}"
    )]
    NoWord {
        /// 1 or 2.
        passage: u8,
        /// The piece index (as the reference computed it, possibly negative).
        index: isize,
        /// The piece.
        piece: String,
    },
    /// A piece index past either end of the list.
    #[error("sentence index {index} is outside passage {passage}'s {len} pieces")]
    OutOfRange {
        /// 1 or 2.
        passage: u8,
        /// The index.
        index: isize,
        /// The number of pieces.
        len: usize,
    },
    /// A passage with no sentence.
    #[error("passage {passage} has no sentence")]
    EmptyPassage {
        /// 1 or 2.
        passage: u8,
    },
}

/// Reads a resource file as text, naming it and how to get it on failure.
pub(crate) fn read_resource(path: PathBuf, hint: &'static str) -> Result<(PathBuf, String), Error> {
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok((path, text)),
        Err(source) => Err(Error::Resource { path, source, hint }),
    }
}
