//! The low-coverage bias in numbers (Choshen & Abend 2018, §2.2): how likely M references are to
//! contain a valid correction, and what accuracy a perfect system can reach with them.
//!
//! * [`poisson_binomial`] — the distribution of the number of successes of independent Bernoulli
//!   trials with probabilities p₁…p_N (here: sentences whose correction the references cover),
//!   by Hong's DFT-CF method with an exact recursion as oracle.

mod error;
pub mod poisson_binomial;

pub use error::Error;
pub use poisson_binomial::PoissonBinomial;
