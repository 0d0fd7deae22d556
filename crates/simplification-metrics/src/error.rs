//! What can go wrong: a resource that does not load.

/// An error of this crate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Punkt's parameters did not load.
    #[error("sentence splitting needs NLTK's Punkt parameters: {source}")]
    Punkt {
        /// Why.
        #[from]
        source: mono_align::Error,
    },
}
