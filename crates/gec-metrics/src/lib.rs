//! Reference-based metrics of grammatical error correction and text simplification, giving the
//! same numbers as the reference tools (metric-goldens §a–c, f) — the scores whose low coverage
//! the LCB paper measures (Choshen & Abend 2018, §2.2, §5).
//!
//! * [`m2_file`] — the M2 format: sentences with every annotator's gold edits.
//! * [`edit_lattice`] — the M2 scorer's edit lattice and optimistic path.
//! * [`m2_score`] — the MaxMatch scorer: per-sentence sufficient statistics, the running choice
//!   of annotators, P/R/F_β, the verbose report.
//! * [`errant_compare`] — ERRANT's span-based comparison of two M2 files.
//! * [`gleu`] — GLEU with the published script's reference draws ([`python_random`]) or seeded
//!   PCG-64 draws.
//! * [`pairwise_sum`] — numpy's summation order, for bit-equal means.
//! * [`sari`] — SARI: the sentence-level `SARI.py` the LCB paper uses, MAX-SARI, lucky SARI,
//!   and EASSE's corpus-level variants ([`tokenizer_13a`]).
//! * [`turkcorpus`] — TurkCorpus's organized tables: a source with its 8 simplifications.
pub mod edit_lattice;
pub mod errant_compare;
mod error;
pub mod gleu;
pub mod m2_file;
pub mod m2_score;
mod ngrams;
pub mod pairwise_sum;
pub mod python_random;
pub mod sari;
pub mod text;
pub mod tokenizer_13a;
pub mod turkcorpus;

pub use edit_lattice::{Edit, FirstRowInsertions, GoldEdit};
pub use error::Error;
pub use m2_file::{M2Block, M2Edit, M2File};
pub use m2_score::{
    AnnotatorResult, Counts, GoldSentence, M2Options, M2Score, SentenceStats, corpus_score,
    score_sentence, score_sentences, sentence_stats, verbose_report,
};
