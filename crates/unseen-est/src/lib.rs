//! UnseenEst: estimating how many distinct valid corrections a sentence has, and how probable
//! each is, from a sample of crowd corrections (Choshen & Abend 2018, §2.1, Table 1).
//!
//! The paper ran Zou et al.'s UnseenEst (`borgr/unseenest`, spec `unseenest-spec.md` §1): one
//! linear programme with **binomial** expectations over a geometric probability grid — not
//! Valiant & Valiant's two-LP `unseen` (which gives very different numbers on the same inputs).
//!
//! * [`crowd`] — fingerprints from the crowdsourced corrections (MTurk CSVs, the authors'
//!   normalisers, exact and Exact-Index-Match classes, file names).
//! * [`fingerprint`] — F₁…F_L: how many distinct corrections were seen exactly i times.
//! * [`histogram`] — the estimate: h_j distinct corrections of probability x_j, with the paper's
//!   Table-1 statistics [`Histogram::variants_above`] and [`Histogram::mass_above`], averaged
//!   over sentences by [`TableStatistics`].
//! * [`estimate`](mod@estimate) — Zou's UnseenEst: [`estimate::estimate`] with [`Params`]; one call from a
//!   fingerprint file ([`estimate_file`]) or a crowd batch ([`crowd::estimate_batch`]).
//!
//! How many valid corrections does a sentence have, given 50 crowd answers of which 30 were one
//! correction, 10 another, and 10 were each seen once (F₁ = 10, F₁₀ = 1, F₃₀ = 1)?
//!
//! ```
//! use unseen_est::{Fingerprint, Params, estimate};
//!
//! let mut counts = vec![0; 30];
//! (counts[0], counts[9], counts[29]) = (10, 1, 1);
//! let histogram = estimate(&Fingerprint::new(counts)?, &Params::default())?;
//! assert!((histogram.mass_above(0.0) - 1.0).abs() < 1e-9); // the probabilities sum to 1
//! // The two frequent corrections keep ≈ 80 % of the mass (40 of 50 answers) ...
//! assert!((histogram.mass_above(0.1) - 0.798).abs() < 1e-3);
//! // ... and the 10 singletons are read as a long tail of ≈ 1,010 rare corrections.
//! assert!((histogram.variants_above(0.0) - 1011.12).abs() < 0.01);
//! # Ok::<(), unseen_est::Error>(())
//! ```

#[cfg(feature = "crowd")]
pub mod crowd;
mod error;
pub mod estimate;
pub mod fingerprint;
pub mod histogram;
mod lp;

pub use error::Error;
pub use estimate::{Params, estimate, estimate_file, objective};
pub use fingerprint::Fingerprint;
pub use histogram::{Histogram, TABLE_GAMMAS, TableStatistics};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
