//! Formal conservatism of grammatical error correction (Choshen & Abend 2018, §3.2 "Under-correction
//! in GEC systems"; 000 draft §2): how much a correction changes its source.
//!
//! * Spearman's ρ with average ranks, computed with the reference's arithmetic
//!   (`reference_stats::spearman_scipy`).
//! * [`sentence`] — the measures of one source/correction sentence pair: [`word_change`],
//!   [`index_diff`], [`spearman_rho`], all from one word alignment ([`SentencePair`]).
//! * [`passage`] — a whole output against its source: sentence alignment, then the measures (or
//!   line by line, for outputs aligned with their source).
//! * [`compare_files`] — the one call: an output file against its source file, with the
//!   [`Resources`] found where gecbias installs them.
//! * [`profile`] — a system's [`ConservatismProfile`]: per-sentence values, the WordChange
//!   histogram of the heat map, the Spearman ECDF subset, and summary counts.
//!
//! WordChange, index_diff and ρ of a correction that changes one word and moves another (a tiny
//! inline noun lexicon stands in for WordNet; [`Resources::locate`] reads the real one):
//!
//! ```
//! use std::collections::HashMap;
//! use conservatism::SentencePair;
//! use mono_align::WordEquivalence;
//! use mono_align::morphy::NounLemmatizer;
//!
//! let nouns = NounLemmatizer::new(["school".to_owned(), "day".to_owned()], HashMap::new());
//! let same = WordEquivalence::new(nouns);
//! let pair = SentencePair::new("Yesterday he go to school .", "He went to school yesterday .");
//! let m = pair.measures(&same);
//! assert_eq!((m.word_change, m.index_diff), (1, 1)); // go → went; "yesterday" moved to the end
//! assert_eq!(m.spearman_rho, 0.0); // ranks 2 3 4 5 1 vs 1…5: 1 − 6·20 / (5·24)
//! let unchanged = SentencePair::new("He goes to school .", "He goes to school .").measures(&same);
//! assert_eq!((unchanged.word_change, unchanged.index_diff, unchanged.spearman_rho), (0, 0, 1.0));
//! ```
//!
//! [`word_change`]: SentencePair::word_change
//! [`index_diff`]: SentencePair::index_diff
//! [`spearman_rho`]: SentencePair::spearman_rho

mod error;
mod files;
pub mod passage;
pub mod profile;
pub mod sentence;

pub use error::Error;
pub use files::{Procedure, Resources, compare_contents, compare_files};
pub use passage::{
    MAX_PASSAGE_BYTES, MAX_SENTENCE_WORDS, MAX_WORD_CHARS, Splitter, check_line_counts,
    compare_aligned_lines, compare_passages, passage_text,
};
pub use profile::{ConservatismProfile, UnmeasuredPair, WORD_CHANGE_BINS};
pub use sentence::{SentenceMeasures, SentencePair};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
