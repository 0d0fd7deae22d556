//! sacreBLEU's BLEU and chrF/chrF++ with its tokenizers, equal to sacrebleu 2.6.0 — scores and
//! signatures — and Python 3's whitespace rules, which make token boundaries agree with every
//! Python reference tool.
//!
//! * [`SentenceStatistics`] — what both metrics are: per-sentence statistics that sum to the
//!   corpus's (so that a corpus can be resampled by summing them), and the score of a sum.
//! * [`Bleu`] — corpus BLEU from per-sentence [`BleuStats`], with sacreBLEU's [`Smoothing`]
//!   methods, effective order and signature.
//! * [`Chrf`] — chrF and chrF++ from per-sentence [`ChrfStats`], with their signature.
//! * [`Tokenizer`] — `13a`, `intl`, `char` and `none`.
//! * [`python_str`] — Python's `str.split()`, `strip()` and `rstrip()`.
//! * [`ngrams`] — token interning and packed n-gram counts in fast hash maps, which the metrics
//!   of `gec-metrics` count with too.
//!
//! References come as streams of lines (an empty line an empty reference, as in sacreBLEU; the
//! signature's `nrefs` counts the streams), or per sentence, in any number, through
//! `sentence_stats`.
//!
//! ```
//! use bleu_chrf::{Bleu, BleuOptions, Chrf, ChrfOptions, SentenceStatistics};
//!
//! let hypotheses = vec!["The cat sat on the mat.".to_owned()];
//! let references = vec![vec!["The cat sat on a mat.".to_owned()]];
//! let bleu = Bleu::new(BleuOptions::default());
//! let score = bleu.corpus_score(&hypotheses, &references)?;
//! // 7 tokens, 6/7 unigrams, 4/6 bigrams, 2/5 trigrams, 1/4 fourgrams matched, no brevity penalty.
//! assert!((score.score - 100.0 * (6.0 / 7.0 * 4.0 / 6.0 * 2.0 / 5.0 / 4.0_f64).powf(0.25)).abs() < 1e-9);
//! assert_eq!(bleu.signature(1), "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0");
//! let chrf = Chrf::new(ChrfOptions::plus_plus())?;
//! assert!(chrf.corpus_points(&hypotheses, &references)? > 70.0);
//! # Ok::<(), bleu_chrf::Error>(())
//! ```

mod bleu;
mod chrf;
mod error;
pub mod ngrams;
pub mod python_str;
mod references;
mod tokenize;

pub use bleu::{Bleu, BleuOptions, BleuScore, BleuStats, MAX_ORDER, SACREBLEU_VERSION, Smoothing};
pub use chrf::{Chrf, ChrfOptions, ChrfStats, MAX_CHAR_ORDER, MAX_WORD_ORDER};
pub use error::Error;
pub use references::{MAX_LINE_CHARS, SentenceStatistics};
pub use tokenize::{Tokenizer, tokenize_13a, tokenize_intl};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
