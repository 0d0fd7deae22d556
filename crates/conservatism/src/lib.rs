//! Formal conservatism of grammatical error correction (Choshen & Abend 2018, §3.2 "Under-correction
//! in GEC systems"; 000 draft §2): how much a correction changes its source.
//!
//! * [`spearman`] — Spearman's ρ with average ranks, computed with the reference's arithmetic.
//! * [`sentence`] — the measures of one source/correction sentence pair: [`word_change`],
//!   [`index_diff`], [`spearman_rho`], all from one word alignment ([`SentencePair`]).
//! * [`passage`] — a whole output against its source: sentence alignment, then the measures (or
//!   line by line, for outputs aligned with their source).
//! * [`profile`] — a system's [`ConservatismProfile`]: per-sentence values, the WordChange
//!   histogram of the heat map, the Spearman ECDF subset, and summary counts.
//!
//! [`word_change`]: SentencePair::word_change
//! [`index_diff`]: SentencePair::index_diff
//! [`spearman_rho`]: SentencePair::spearman_rho

mod error;
pub mod passage;
pub mod profile;
pub mod sentence;
pub mod spearman;

pub use error::Error;
pub use passage::{
    Splitter, check_line_counts, compare_aligned_lines, compare_passages, passage_text,
};
pub use profile::{ConservatismProfile, WORD_CHANGE_BINS};
pub use sentence::{SentenceMeasures, SentencePair};
pub use spearman::spearman_rho;
