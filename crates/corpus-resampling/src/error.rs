/// Errors of resampling a corpus.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Nothing to resample: no resamples asked for, or no values to take an interval of.
    #[error("nothing to resample: no resamples or no values")]
    Empty,
    /// A bootstrap needs at least two sentences (the jackknife leaves one out).
    #[error("a bootstrap needs at least 2 sentences, got {0}")]
    TooFewSentences(usize),
    /// The statistic was NaN on the data or a resample.
    #[error("the statistic is NaN ({0}) on the data or a resample")]
    NanStatistic(f64),
    /// The BCa interval is undefined (constant statistic, or every resample on one side).
    #[error("BCa interval undefined: {0}")]
    DegenerateBootstrap(String),
    /// A significance level outside (0, 0.5).
    #[error("α = {0} is not in (0, 0.5)")]
    InvalidAlpha(f64),
    /// Two systems to compare have different sentence counts.
    #[error("the systems have {0} and {1} sentences; a paired test needs the same sentences")]
    DifferentLengths(usize, usize),
    /// More resamples or trials than one call draws ([`crate::bootstrap::MAX_DRAWS`]).
    #[error("{draws} resamples or trials: more than the {limit} one call draws")]
    TooManyDraws {
        /// Asked for.
        draws: usize,
        /// The limit.
        limit: usize,
    },
    /// A parameter outside its meaningful range.
    #[error("invalid parameter: {0}")]
    InvalidParameter(String),
}
