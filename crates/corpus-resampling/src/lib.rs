//! Resampling a corpus's sentences, for any corpus score: how sure a score is, and whether one
//! system beats another on the same sentences. Every draw is seeded (PCG-64, one stream per
//! resample or trial) and runs in parallel with the same result on any number of threads.
//!
//! * [`bootstrap`] — sentence resampling with replacement; the BCa interval (Efron 1987) and the
//!   percentile interval, the interval step a pure function of (t̂, sorted t*, a, α), checked
//!   against scikits.bootstrap (Φ and Φ⁻¹ from `reference-stats`).
//! * [`significance`] — the paired bootstrap (shift method) and approximate randomisation between
//!   two systems on the same sentences, over M2's per-sentence statistics or any sentence mean;
//!   Holm's step-down correction of a family of tests; the two-proportion z-test.
//! * [`confidence_interval`], [`m2_confidence`], [`m2_paired_test`] — one call per question a
//!   researcher asks of a score: its 95 % interval, and whether a system beats a baseline
//!   (sacrebleu's defaults: 1000 resamples, 10,000 trials, seed [`DEFAULT_SEED`] = 12345).
//!
//! An M2 score with its 95 % BCa interval, and a paired test against a baseline:
//!
//! ```
//! use corpus_resampling::{Confidence, PairedMethod, m2_confidence, m2_paired_test};
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
mod error;
pub mod significance;

pub use bootstrap::{
    Bootstrap, BootstrapDistribution, Interval, MAX_DRAWS, Spread, acceleration, bca_interval,
    percentile_interval,
};
pub use confidence::{
    Confidence, CorpusStatistic, DEFAULT_SEED, IntervalMethod, M2Intervals, Mean, PairedMethod,
    ScoreInterval, confidence_interval, confidence_interval_by, m2_confidence, m2_paired_test,
    mean_confidence, mean_paired_test, paired_test_by,
};
pub use error::Error;
pub use significance::{
    PairedM2, PairedMeans, PairedStatistic, PairedTest, approximate_randomization, holm_bonferroni,
    m2_f_statistic, mean_statistic, paired_bootstrap, two_proportion_test,
};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
