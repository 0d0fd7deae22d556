//! What can go wrong: a resource that does not load, texts that do not line up, a metric that is
//! unknown or needs a model.

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
    /// A text has a different number of lines from the sources.
    #[error("{what} have {found} lines where the sources have {expected}")]
    LineCount {
        /// Which text.
        what: String,
        /// Its lines.
        found: usize,
        /// The sources' lines.
        expected: usize,
    },
    /// A built-in list did not load, or the folder its variable names lacks a file.
    #[error("{what}: {message}")]
    Resource {
        /// The resource, in words.
        what: &'static str,
        /// Why.
        message: String,
    },
    /// A line has no reference.
    #[error("line {line} has no reference")]
    NoReference {
        /// 1-based.
        line: usize,
    },
    /// A line longer than [`bleu_chrf::MAX_LINE_CHARS`] characters: a sentence-per-line text
    /// has none, and the character-level features would take minutes on it.
    #[error("{what}, line {line}: {chars} characters, over the limit of {limit} for a sentence")]
    LineTooLong {
        /// Which text.
        what: String,
        /// 1-based.
        line: usize,
        /// Its length in characters.
        chars: usize,
        /// The limit.
        limit: usize,
    },
    /// No lines: a mean over them is undefined.
    #[error("there are no lines to score")]
    Empty,
    /// A metric name EASSE does not know.
    #[error("unknown metric {name:?}; EASSE's metrics are {known}")]
    UnknownMetric {
        /// The name given.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A metric that needs a neural model or parser this crate does not run.
    #[error("{0} needs a model that gecbias does not run here ({1})")]
    NeedsModel(&'static str, &'static str),
    /// sacreBLEU's statistics failed (a line too long).
    #[error(transparent)]
    Bleu(#[from] bleu_chrf::Error),
}
