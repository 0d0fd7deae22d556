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
//!   (Φ and Φ⁻¹ from `reference-stats`).
//! * [`reranking`] — the oracle reranker of a k-best list.
//! * [`significance`] — paired bootstrap and approximate randomisation tests between systems.
//! * [`crowd_references`] — crowd corrections as M2 edits, as the authors converted them.
//! * [`perfect_corpus`] — the perfect system's corpus with M crowd references, seeded.
//! * [`perfect_simplification`] — SARI, MAX-SARI and lucky SARI of a perfect simplification
//!   system with M crowd references, seeded and parallel.
//! * [`perfect_system`](mod@perfect_system) — the accuracy of a perfect system with M references: the mean coverage,
//!   its Poisson-binomial distribution, and the low-coverage bias b_M = 1 − accuracy.

//! * [`confidence_interval`], [`m2_confidence`], [`m2_paired_test`] — one call per question a
//!   researcher asks of a score: its 95 % interval, and whether a system beats a baseline
//!   (sacrebleu's defaults: 1000 resamples, 10,000 trials, seed 12345).
//!
//! An M2 score with its 95 % BCa interval, and a paired test against a baseline:
//!
//! ```
//! use coverage_sim::{Confidence, PairedMethod, m2_confidence, m2_paired_test};
//! use gec_metrics::{M2Gold, M2Options};
//!
//! let gold = M2Gold::parse(&"S a b c .\nA 1 2|||R:NOUN|||B|||REQUIRED|||-NONE-|||0\n\n".repeat(40), "gold.m2")?;
//! let fixes_half: Vec<String> = (0..40).map(|i| if i % 2 == 0 { "a B c ." } else { "a b c ." }.into()).collect();
//! let fixes_none = vec!["a b c .".to_owned(); 40];
//! let options = M2Options::default();
//! let system = gold.score_lines(&fixes_half, "system", &options)?;
//! let baseline = gold.score_lines(&fixes_none, "baseline", &options)?;
//!
//! let f = m2_confidence(&system, &Confidence::default())?.f_beta;
//! assert!((f.point - 0.8333).abs() < 1e-4 && f.low < f.point && f.point < f.high && f.high <= 1.0);
//! let test = m2_paired_test(&system, &baseline, PairedMethod::RANDOMIZATION, 12345)?;
//! assert!(test.difference > 0.8 && test.p_value < 0.001);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bootstrap;
mod confidence;
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
pub mod significance;
pub mod simulation;
mod weighted_draw;

pub use bootstrap::{
    Bootstrap, BootstrapDistribution, Interval, acceleration, bca_interval, percentile_interval,
};
pub use confidence::{
    Confidence, CorpusStatistic, DEFAULT_SEED, IntervalMethod, M2Intervals, Mean, PairedMethod,
    ScoreInterval, confidence_interval, confidence_interval_by, m2_confidence, m2_paired_test,
    mean_confidence, mean_paired_test, paired_test_by,
};
pub use coverage::Sampling;
pub use error::Error;
#[cfg(feature = "crowd")]
pub use perfect_simplification::{PerfectSari, PoolSampling, SimplificationPool};
pub use perfect_system::{AccuracySummary, PerfectSystem, perfect_system, perfect_system_accuracy};
pub use poisson_binomial::PoissonBinomial;
pub use reranking::{
    KBestSentence, SariObjective, TieRule, oracle_rerank, rerank_with_drawn_references,
};
pub use significance::{
    PairedM2, PairedMeans, PairedStatistic, PairedTest, approximate_randomization, holm_bonferroni,
    m2_f_statistic, mean_statistic, paired_bootstrap, two_proportion_test,
};
pub use simulation::{Estimate, Rows, Simulation, mean_over_sentences};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
