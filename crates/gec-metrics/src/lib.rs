//! Reference-based metrics of grammatical error correction and text simplification, giving the
//! same numbers as the reference tools (m2scorer, `errant_compare`, `compute_gleu`, `SARI.py`) —
//! the scores whose low coverage the LCB paper measures (Choshen & Abend 2018, §2.2, §5).
//!
//! * **M2** (Dahlmeier & Ng 2012): [`M2Gold`] reads a gold once and scores any number of system
//!   outputs ([`M2Gold::score_file`]) into a [`SystemM2`]: P = c/e, R = c/g,
//!   F_β = (1 + β²)·P·R / (β²·P + R), each sentence's annotator chosen by the running corpus F_β.
//!   [`M2Options::OFFICIAL`] is m2scorer's defaults, [`M2Options::LCB_AUTHORS`] the LCB paper's
//!   settings. Lower level: [`M2File`], the edit lattice's [`Edit`]s, [`sentence_stats`],
//!   [`corpus_score`], [`verbose_report`], [`very_verbose_report`].
//! * **ERRANT** (Bryant et al. 2017): [`errant_compare`] of two M2 files in its four modes
//!   ([`ErrantMode`]); macro-averaged over error types too ([`errant_macro_score`]).
//! * **GLEU** (Napoles et al. 2015, 2016): [`GleuCorpus`] with `compute_gleu`'s own reference draws
//!   by default ([`GleuOptions`], [`ReferenceDraws`]).
//! * **SARI** (Xu et al. 2016): `SARI.py`'s sentence SARI ([`sari_sentence`], [`sari_files`]),
//!   MAX-SARI and lucky SARI (LCB §5), and EASSE's corpus SARI (`easse_corpus_sari`, feature `easse`).
//! * **GREEN** (gec-metrics' `metrics/green.py`): n-gram F_β of a correction against its source
//!   and a reference at once ([`green`], [`GreenOptions`]).
//! * **GoToScorer** (gec-metrics' `gotoscorer.py`): chunks of the reference's corrections
//!   weighted by difficulty ([`goto_chunks`], [`goto_sentence`], [`goto_weights`]).
//! * **CLEME and CLEME2.0** (THUKElab/CLEME): chunk-level P, R, F_0.5 under the dependent or
//!   independent assumption, and hit-, wrong-, under- and over-correction, plain and
//!   length-weighted ([`cleme_sentences`], [`cleme_counts`], [`cleme_prf_corpus`],
//!   [`cleme2_corpus`], [`cleme_report`]).
//! * **Koyama's GLEU** (the `gleu` package, MultiGEC-2025's): [`koyama_stats`] per sentence and
//!   reference, then the corpus ([`koyama_sampled`], [`koyama_best_references`]), sentence
//!   ([`koyama_sentence`]) and mean ([`koyama_mean`]) scores, printed as it prints them
//!   ([`koyama_digits`]).
//! * [`TurkCorpusRow`] — TurkCorpus's organised tables: a source with its 8 simplifications.
//!
//! Features: `parallel` (rayon: sentences in parallel) and `easse` (regex: EASSE's corpus SARI and
//! sacreBLEU's 13a tokenizer), both on by default; without them the crate needs no regex and no
//! thread pool, and gives the same numbers.
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
mod cleme;
#[cfg(feature = "easse")]
mod easse_sari;
mod edit_lattice;
mod errant_compare;
mod error;
mod gleu;
mod gotoscorer;
mod green;
mod koyama_gleu;
mod m2_file;
mod m2_gold;
mod m2_score;
mod m2_trace;
mod ngrams;
mod parallel;
mod python_dict;
mod python_random;
mod sari;
mod text;
#[cfg(feature = "easse")]
mod tokenizer_13a;
mod turkcorpus;

pub use cleme::{
    ClemeAssumption, ClemeCounts, ClemeEdit, ClemePrf, ClemeSentence, ClemeSentenceCounts, Heuo,
    HeuoFactors, cleme_counts, cleme_m2_counts, cleme_prf_best, cleme_prf_corpus,
    cleme_prf_sentence, cleme_report, cleme_sentences, cleme2_best, cleme2_corpus, cleme2_report,
    cleme2_sentence,
};
#[cfg(feature = "easse")]
pub use easse_sari::{EasseSari, EasseVariant, easse_corpus_sari};
pub use edit_lattice::{Edit, FirstRowInsertions, GoldEdit};
pub use errant_compare::{
    CategoryTier, ErrantEvaluation, ErrantGroupSentence, ErrantMacroScore, ErrantMode,
    ErrantOptions, ErrantScore, ErrantSentence, errant_compare, errant_corpus_score,
    errant_evaluate, errant_group_score, errant_macro_average, errant_macro_score, errant_report,
};
pub use error::Error;
pub use gleu::{
    GleuCorpus, GleuOptions, GleuScore, GleuStats, MAX_ITERATIONS, ORDER as GLEU_ORDER,
    ReferenceDraws, gleu, gleu_summary_line, reference_choices,
};
pub use gotoscorer::{
    GOTO_UNEDITED, GotoChunk, GotoCounts, GotoEdit, GotoWeights, goto_chunks, goto_sentence,
    goto_weights, goto_weights_json, read_goto_weights,
};
pub use green::{
    GreenOptions, GreenScore, GreenSentence, GreenUnit, MAX_GREEN_ORDER, NgramCounts, green,
    green_f, green_precision_recall, green_totals,
};
pub use koyama_gleu::{
    KoyamaCounts, KoyamaOptions, KoyamaSentences, KoyamaStats, KoyamaUnit, MAX_KOYAMA_ORDER,
    koyama_best_references, koyama_corpus_stats, koyama_digits, koyama_mean, koyama_sampled,
    koyama_sentence, koyama_stats,
};
pub use m2_file::{M2Block, M2Edit, M2File};
pub use m2_gold::{M2Gold, SystemM2};
pub use m2_score::{
    AnnotatorResult, Counts, GoldSentence, M2Options, M2Score, MAX_BETA, SentenceStats, check_beta,
    chosen_annotators, corpus_score, corpus_score_pair, score_from_counts, score_sentence,
    score_sentences, sentence_stats, summary_report, verbose_report, very_verbose_report,
};
pub use m2_trace::MAX_TRACE_VERTICES;
pub use parallel::map_indices;
pub use reference_stats::{numpy_mean, pairwise_sum};
pub use sari::{
    SariScore, SariStrip, lucky_sari, max_sari, read_sari_lines, sari_files, sari_mean,
    sari_per_sentence, sari_score, sari_sentence, sari_strip,
};
pub use text::{
    MAX_FILE_BYTES, decode_text, lines, python_float, python_split, python_strip, python3_repr,
    read_lines, read_text,
};
#[cfg(feature = "easse")]
pub use tokenizer_13a::tokenize_13a;
pub use turkcorpus::{TURKERS, TurkCorpusRow, parse_organized};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
