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
//! * [`estimate`] — Zou's UnseenEst: [`estimate::estimate`] with [`Params`].

pub mod crowd;
mod error;
pub mod estimate;
pub mod fingerprint;
pub mod histogram;
mod lp;

pub use error::Error;
pub use estimate::{Params, estimate, objective};
pub use fingerprint::Fingerprint;
pub use histogram::{Histogram, TABLE_GAMMAS, TableStatistics};
