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
//! * [`reranking`] — the oracle reranker of a k-best list.
//! * [`crowd_references`] — crowd corrections as M2 edits, as the authors converted them.
//! * [`perfect_corpus`] — the perfect system's corpus with M crowd references, seeded.
//! * [`perfect_simplification`] — SARI, MAX-SARI and lucky SARI of a perfect simplification
//!   system with M crowd references, seeded and parallel.
//! * [`perfect_system`](mod@perfect_system) — the accuracy of a perfect system with M references: the mean coverage,
//!   its Poisson-binomial distribution, and the low-coverage bias b_M = 1 − accuracy.

//!
//! The resampling these experiments and `gecbias score` use (bootstrap intervals, paired tests)
//! is `corpus-resampling`'s.
//!
//! The accuracy of a perfect system whose references cover each sentence's corrections with
//! probabilities p_i:
//!
//! ```
//! use coverage_sim::PerfectSystem;
//!
//! let summary = PerfectSystem::new(&[0.5, 0.9, 1.0, 0.2])?.summary();
//! assert!((summary.accuracy - 0.65).abs() < 1e-12 && (summary.bias - 0.35).abs() < 1e-12);
//! # Ok::<(), coverage_sim::Error>(())
//! ```

pub mod coverage;
#[cfg(feature = "crowd")]
pub mod crowd_references;
mod error;
#[cfg(feature = "crowd")]
pub mod perfect_corpus;
#[cfg(feature = "crowd")]
pub mod perfect_simplification;
pub mod perfect_system;
pub mod poisson_binomial;
pub mod reranking;
pub mod simulation;
mod weighted_draw;

pub use coverage::Sampling;
pub use error::Error;
#[cfg(feature = "crowd")]
pub use perfect_simplification::{PerfectSari, PoolSampling, SimplificationPool};
pub use perfect_system::{AccuracySummary, PerfectSystem, perfect_system, perfect_system_accuracy};
pub use poisson_binomial::PoissonBinomial;
pub use reranking::{
    KBestSentence, SariObjective, TieRule, oracle_rerank, rerank_with_drawn_references,
};
pub use simulation::{Estimate, Rows, Simulation, mean_over_sentences};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
