//! The engine's one error type.

/// Why a scorer could not score: the library's own error kept as the source, the file (and
/// line, where there is one) named.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A metric refused its input: gec-metrics' error names the file and line.
    #[error("{source}")]
    Metrics {
        /// The metric's error.
        #[source]
        source: gec_metrics::Error,
    },
    /// Resampling failed.
    #[error("resampling: {source}")]
    Resampling {
        /// The resampling library's error.
        #[source]
        source: coverage_sim::Error,
    },
    /// ERRANT could not type the edits: its analyser failed to load, or an M2 file to re-type is
    /// malformed (the message names it).
    #[error("{source}")]
    Errant {
        /// ERRANT's error.
        #[source]
        source: gec_errant::Error,
    },
    /// A line is longer than ERRANT's annotation takes (`gec_errant::MAX_SENTENCE_TOKENS`,
    /// `MAX_PIECE_CHARS`).
    #[error("{file}:{line}: {message}")]
    TooLong {
        /// The input holding it.
        file: String,
        /// Its 1-based line.
        line: usize,
        /// What is too long, and the limit.
        message: String,
    },
    /// USim could not score a sentence pair: the output's file and line, and the source's.
    #[error("{file}:{line} (source {source_file}:{line}): {source}")]
    Usim {
        /// The output's file.
        file: String,
        /// The 1-based line, the same in both files.
        line: usize,
        /// The source's file.
        source_file: String,
        /// USim's error, naming which passage is at fault.
        #[source]
        source: Box<usim::Error>,
    },
    /// USim could not score the systems at all (line counts).
    #[error("{source}")]
    UsimSystems {
        /// USim's error.
        #[source]
        source: Box<usim::Error>,
    },
    /// The UCCA parser's model could not be loaded.
    #[error("{source}")]
    Parser {
        /// The parser's error, naming the file tried.
        #[source]
        source: ucca_parser::Error,
    },
    /// Punkt's English parameters could not be loaded.
    #[error("sentence splitting needs NLTK's Punkt parameters: {source}")]
    Punkt {
        /// The resource's error.
        #[source]
        source: mono_align::Error,
    },
    /// Two inputs that must be line-aligned are not: `file` has `lines` lines where `other` has
    /// `expected`.
    #[error("{file}:{}: has {lines} lines but {other} has {expected}", lines.min(expected) + 1)]
    LineCounts {
        /// The file out of step.
        file: String,
        /// Its lines.
        lines: usize,
        /// The file it should match.
        other: String,
        /// That file's lines.
        expected: usize,
    },
    /// A significance ranking over `pairs` pairs at family-wise level `alpha` cannot reject
    /// anything with fewer than `needed` trials (no p-value falls below 1/(trials + 1)).
    #[error("a ranking over {pairs} pairs at α = {alpha} needs at least {needed} trials")]
    TooFewTrials {
        /// Pairs of systems compared.
        pairs: usize,
        /// The family-wise error rate.
        alpha: f64,
        /// The fewest trials that can reject.
        needed: usize,
    },
}

impl From<gec_metrics::Error> for Error {
    fn from(source: gec_metrics::Error) -> Error {
        Error::Metrics { source }
    }
}

impl From<coverage_sim::Error> for Error {
    fn from(source: coverage_sim::Error) -> Error {
        Error::Resampling { source }
    }
}
