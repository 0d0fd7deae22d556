//! Reference-based metrics of grammatical error correction and text simplification, giving the
//! same numbers as the reference tools (m2scorer, `errant_compare`, `compute_gleu`, `SARI.py`) —
//! the scores whose low coverage the LCB paper measures (Choshen & Abend 2018, §2.2, §5).
//!
//! * **M2** (Dahlmeier & Ng 2012): [`M2Gold`] reads a gold once and scores any number of system
//!   outputs ([`M2Gold::score_file`]) into a [`SystemM2`](m2_gold::SystemM2): P = c/e, R = c/g,
//!   F_β = (1 + β²)·P·R / (β²·P + R), each sentence's annotator chosen by the running corpus F_β.
//!   [`M2Options::OFFICIAL`] is m2scorer's defaults, [`M2Options::LCB_AUTHORS`] the LCB paper's
//!   settings. Lower level: [`M2File`], the edit lattice's [`Edit`](edit_lattice::Edit)s, [`sentence_stats`](m2_score::sentence_stats),
//!   [`corpus_score`](m2_score::corpus_score), [`verbose_report`](m2_score::verbose_report), [`very_verbose_report`](m2_score::very_verbose_report).
//! * **ERRANT** (Bryant et al. 2017): [`errant_compare()`] of two M2 files in its four modes
//!   ([`ErrantMode`]); macro-averaged over error types too ([`errant_macro_score`](errant_compare::errant_macro_score)).
//! * **GLEU** (Napoles et al. 2015, 2016): [`GleuCorpus`] with `compute_gleu`'s own reference draws
//!   by default ([`GleuOptions`], [`ReferenceDraws`]).
//! * **SARI** (Xu et al. 2016): `SARI.py`'s sentence SARI ([`sari_sentence`], [`sari_files`]),
//!   MAX-SARI and lucky SARI (LCB §5). EASSE's corpus SARI is `simplification-metrics`'.
//! * **GREEN** (gec-metrics' `metrics/green.py`): n-gram F_β of a correction against its source
//!   and a reference at once ([`green()`], [`GreenOptions`]).
//! * **GoToScorer** (gec-metrics' `gotoscorer.py`): chunks of the reference's corrections
//!   weighted by difficulty ([`goto_chunks`](gotoscorer::goto_chunks), [`goto_sentence`](gotoscorer::goto_sentence), [`goto_weights`](gotoscorer::goto_weights)).
//! * **CLEME and CLEME2.0** (THUKElab/CLEME): chunk-level P, R, F_0.5 under the dependent or
//!   independent assumption, and hit-, wrong-, under- and over-correction, plain and
//!   length-weighted ([`cleme_sentences`](cleme::cleme_sentences), [`cleme_counts`](cleme::cleme_counts), [`cleme_prf_corpus`](cleme::cleme_prf_corpus),
//!   [`cleme2_corpus`](cleme::cleme2_corpus), [`cleme_report`](cleme::cleme_report)).
//! * **Koyama's GLEU** (the `gleu` package, MultiGEC-2025's): [`koyama_stats`] per sentence and
//!   reference, then the corpus ([`koyama_sampled`](koyama_gleu::koyama_sampled), [`koyama_best_references`](koyama_gleu::koyama_best_references)), sentence
//!   ([`koyama_sentence`](koyama_gleu::koyama_sentence)) and mean ([`koyama_mean`](koyama_gleu::koyama_mean)) scores, printed as it prints them
//!   ([`koyama_digits`](koyama_gleu::koyama_digits)).
//! * [`TurkCorpusRow`](turkcorpus::TurkCorpusRow) — TurkCorpus's organised tables: a source with its 8 simplifications.
//!
//! Feature `parallel` (rayon: sentences in parallel), on by default; without it the crate needs no
//! thread pool, and gives the same numbers. Python's whitespace rules and the n-gram counting
//! come from `bleu-chrf`.
//!
//! Score a system against an M2 gold:
//!
//! ```
//! use gec_metrics::{M2Gold, M2Options};
//!
//! let gold = M2Gold::parse(
//!     "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n\
//!      S I like it .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n",
//!     "gold.m2",
//! )?;
//! let system = ["He goes to school .".to_owned(), "I likes it .".to_owned()];
//! let m2 = gold.score_lines(&system, "system.txt", &M2Options::default())?;
//! assert_eq!((m2.score.correct, m2.score.proposed, m2.score.gold), (1, 2, 1));
//! assert_eq!(m2.score.precision, 0.5);
//! assert!((m2.score.f_beta - 0.5555555555555556).abs() < 1e-15); // 1.25·0.5·1 / (0.25·0.5 + 1)
//! # Ok::<(), gec_metrics::Error>(())
//! ```
//!
//! GLEU as `compute_gleu` prints it, and `SARI.py`'s sentence SARI:
//!
//! ```
//! use gec_metrics::{GleuCorpus, ReferenceDraws, sari_sentence};
//!
//! let source = vec!["He go to school .".to_owned()];
//! let references = vec![vec!["He goes to school .".to_owned()]];
//! let corpus = GleuCorpus::new(&source, &references, &["source", "reference"])?;
//! let gleu = corpus.corpus_gleu(&["He goes to school .".to_owned()], "hyp", 500, ReferenceDraws::Python2)?;
//! assert_eq!(gleu.mean, 1.0);
//!
//! let sari = sari_sentence("About 95 species are currently accepted .",
//!                          "About 95 species are now agreed .",
//!                          &["About 95 species are currently known .",
//!                            "About 95 species are now accepted .",
//!                            "95 species are now accepted ."]);
//! assert!((sari - 0.5889).abs() < 1e-4); // SARI.py's own example prints 0.5889...
//! # Ok::<(), gec_metrics::Error>(())
//! ```
pub mod cleme;
pub mod edit_lattice;
pub mod errant_compare;
mod error;
pub mod gleu;
pub mod gotoscorer;
pub mod green;
pub mod koyama_gleu;
pub mod m2_file;
pub mod m2_gold;
pub mod m2_score;
pub mod m2_trace;
mod ngrams;
mod parallel;
mod python_dict;
mod python_random;
pub mod sari;
pub mod text;
pub mod turkcorpus;

/// What the drop-in commands print, byte for byte as their reference tools do: m2scorer's
/// reports, errant_compare's tables, compute_gleu's summary line, CLEME's tables, Koyama's
/// GLEU's digits, the GoToScorer weight script's JSON, and Python's `repr` and `float` text.
pub mod dropin {
    pub use crate::cleme::{cleme_report, cleme2_report};
    pub use crate::errant_compare::errant_report;
    pub use crate::gleu::gleu_summary_line;
    pub use crate::gotoscorer::goto_weights_json;
    pub use crate::koyama_gleu::koyama_digits;
    pub use crate::m2_score::{summary_report, verbose_report, very_verbose_report};
    pub use crate::text::{python_float, python3_repr};
}

pub use cleme::{ClemeAssumption, cleme_m2_counts};
pub use errant_compare::{
    CategoryTier, ErrantMode, ErrantOptions, ErrantScore, errant_compare, errant_evaluate,
};
pub use error::Error;
pub use gleu::{GleuCorpus, GleuOptions, GleuScore, MAX_ITERATIONS, ReferenceDraws};
pub use green::{GreenOptions, GreenUnit, green};
pub use koyama_gleu::{KoyamaOptions, KoyamaUnit, koyama_stats};
pub use m2_file::{M2Block, M2Edit, M2File};
pub use m2_gold::M2Gold;
pub use m2_score::{M2Options, M2Score, MAX_BETA, check_beta};
pub use parallel::map_indices;
pub use sari::{SariScore, sari_files, sari_sentence};
pub use text::{MAX_FILE_BYTES, lines, read_lines, read_text};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
