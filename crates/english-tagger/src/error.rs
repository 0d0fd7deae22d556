use std::path::PathBuf;

/// What can go wrong loading a model or reading annotated text.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An input that could not be read within its limits (missing, a directory, too large, a
    /// line too long): the reader's error names the file.
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A model file is not one this version writes (wrong magic, truncated, inconsistent).
    #[error("{what}: {source}")]
    Model {
        /// The file, or where the bytes came from.
        what: String,
        /// What is wrong, and where in the bytes.
        source: learning_kit::Error,
    },
    /// No model was found (a build without the embedded model, and no variable names one).
    #[error(transparent)]
    Resource(#[from] gecbias_resources::Error),
    /// A CoNLL-U line that is not ten tab-separated columns with a numeric ID and head.
    #[error("{source_name}:{line}: {reason}")]
    Conllu {
        /// The file name (or `-`).
        source_name: String,
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}
