/// What can go wrong reading judgments (the caller reads the file; its text is parsed here) or
/// correlating scores.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// XML that does not parse, or a ranking item without what a ranking needs.
    #[error("{file}:{line}: {message}")]
    Judgments {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong, naming the element or attribute.
        message: String,
    },
    /// Two score lists of different lengths, or too few systems to correlate.
    #[error("{0}")]
    Scores(String),
    /// A system asked for that no ranking judges.
    #[error("system {0:?} is in no ranking of the judgments")]
    UnknownSystem(String),
    /// A bootstrap interval that cannot be formed (no resample, a level outside (0, 1)).
    #[error("bootstrap interval: {0}")]
    Interval(#[from] corpus_resampling::Error),
}
