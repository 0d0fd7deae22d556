/// Errors of the coverage computations.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No probabilities were given.
    #[error("no probabilities given")]
    Empty,
    /// A probability outside [0, 1] or NaN.
    #[error("probability {index} is {value}, not in [0, 1]")]
    InvalidProbability {
        /// Its position.
        index: usize,
        /// Its value.
        value: f64,
    },
    /// A quantile level outside [0, 1].
    #[error("quantile level {0} is not in [0, 1]")]
    InvalidLevel(f64),
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
    /// A parameter outside its meaningful range.
    #[error("invalid parameter: {0}")]
    InvalidParameter(String),
    /// The perfect-corpus simulation cannot run on its inputs.
    #[error("perfect-corpus simulation: {0}")]
    Simulation(String),
}
