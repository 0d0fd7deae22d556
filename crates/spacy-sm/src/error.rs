//! What can go wrong reading a model file.

/// A model file that cannot be read, or is not one this build reads.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An input that could not be read within its limits (missing, a directory, too large, a
    /// line too long): the reader's error names the file.
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// The bytes are not a model file of this format: named with what is wrong, never half
    /// loaded.
    #[error("{origin}: {source}")]
    Model {
        /// The file, or where the bytes came from.
        origin: String,
        /// What is wrong with it, and where in its bytes.
        source: learning_kit::Error,
    },
    /// The model could not be located (no built-in copy, `$GECBIAS_SPACY_MODEL` unset).
    #[error(transparent)]
    Resource(#[from] gecbias_resources::Error),
}
