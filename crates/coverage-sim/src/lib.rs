//! The low-coverage bias in numbers (Choshen & Abend 2018, §2.2): how likely M references are to
//! contain a valid correction, and what accuracy a perfect system can reach with them.
//!
//! * [`poisson_binomial`] — the distribution of the number of successes of independent Bernoulli
//!   trials with probabilities p₁…p_N (here: sentences whose correction the references cover),
//!   by Hong's DFT-CF method, a product tree, and an exact recursion as oracle.
//! * [`coverage`] — the exact expected coverage of M references, with and without replacement
//!   ([`Sampling`]), from an estimated histogram of corrections.
//! * [`simulation`] — the authors' Monte-Carlo estimate of the same, quirks included, seeded and
//!   parallel.
//! * [`bootstrap`] — seeded, parallel sentence resampling with BCa and percentile intervals
//!   ([`normal`]: Φ and Φ⁻¹ for them).
//! * [`reranking`] — the oracle reranker of a k-best list.
//! * [`significance`] — paired bootstrap and approximate randomisation tests between systems.
//! * [`crowd_references`] — crowd corrections as M2 edits, as the authors converted them.
//! * [`perfect_corpus`] — the perfect system's corpus with M crowd references, seeded.
//! * [`perfect_simplification`] — SARI, MAX-SARI and lucky SARI of a perfect simplification
//!   system with M crowd references, seeded and parallel.
//! * [`perfect_system`] — the accuracy of a perfect system with M references: the mean coverage,
//!   its Poisson-binomial distribution, and the low-coverage bias b_M = 1 − accuracy.

pub mod bootstrap;
pub mod coverage;
pub mod crowd_references;
mod error;
pub mod normal;
pub mod perfect_corpus;
pub mod perfect_simplification;
pub mod perfect_system;
pub mod poisson_binomial;
pub mod reranking;
pub mod significance;
pub mod simulation;
mod weighted_draw;

pub use bootstrap::{
    Bootstrap, BootstrapDistribution, Interval, acceleration, bca_interval, percentile_interval,
};
pub use coverage::Sampling;
pub use error::Error;
pub use perfect_simplification::{PerfectSari, PoolSampling, SimplificationPool};
pub use perfect_system::{AccuracySummary, PerfectSystem, perfect_system, perfect_system_accuracy};
pub use poisson_binomial::PoissonBinomial;
pub use reranking::{
    KBestSentence, SariObjective, TieRule, oracle_rerank, rerank_with_drawn_references,
};
pub use significance::{
    PairedM2, PairedMeans, PairedStatistic, PairedTest, approximate_randomization, m2_f_statistic,
    mean_statistic, paired_bootstrap,
};
pub use simulation::{Estimate, Rows, Simulation, mean_over_sentences};
