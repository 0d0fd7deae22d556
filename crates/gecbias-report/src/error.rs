/// What can go wrong building a report: the inputs (the same errors as `gecbias score`), the
/// resources a section reads, or the page's own refusals.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A scorer refused the inputs (a bad gold, a line-count mismatch, a metric without an input
    /// it needs).
    #[error(transparent)]
    Engine {
        /// The engine's error, with its file and line.
        #[from]
        source: gecbias_engine::Error,
    },
    /// The conservatism measures refused a pair of files.
    #[error(transparent)]
    Conservatism {
        /// The measures' error.
        #[from]
        source: conservatism::Error,
    },
    /// EASSE's metrics refused the inputs.
    #[error(transparent)]
    Simplification {
        /// The metrics' error.
        #[from]
        source: simplification_metrics::Error,
    },
    /// An M2 gold could not be read.
    #[error(transparent)]
    Metrics {
        /// The reader's error, with its file and line.
        #[from]
        source: gec_metrics::Error,
    },
    /// A resource (Punkt's English parameters) could not be read.
    #[error(transparent)]
    Resource {
        /// The reader's error.
        #[from]
        source: mono_align::Error,
    },
    /// A bootstrap interval could not be computed.
    #[error(transparent)]
    Resampling {
        /// The resampling's error.
        #[from]
        source: corpus_resampling::Error,
    },
    /// A report needs something its inputs lack (the message says what).
    #[error("{0}")]
    Inputs(String),
}
