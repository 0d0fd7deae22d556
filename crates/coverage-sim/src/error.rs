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
    /// The perfect-corpus simulation cannot run on its inputs.
    #[error("perfect-corpus simulation: {0}")]
    Simulation(String),
}
