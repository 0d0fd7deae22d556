//! Monolingual word alignment, the way the LCB paper's analysis code aligns a source sentence with
//! its correction (Choshen & Abend 2018, §3.2; 000 draft §2.1; spec `lcb-pipeline.md` §0.1).
//!
//! * [`tokens`] — split on every non-word character, keep empty tokens, lower-case.
//! * [`levenshtein`] — character edit distance.
//! * [`munkres`] — minimum-cost assignment with the tie-breaking of the reference solver.
//! * [`alignment`] — sentence alignment as min-cost bipartite matching: [`align`].

pub mod alignment;
mod error;
pub mod levenshtein;
pub mod munkres;
pub mod tokens;

pub use alignment::{Alignment, CostModel, align, align_with};
pub use error::Error;
pub use levenshtein::levenshtein;
pub use munkres::munkres;
pub use tokens::tokens;
