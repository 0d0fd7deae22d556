//! Text-simplification metrics as EASSE (Alva-Manchego et al., 2019) computes them, natively and
//! to its digits: the metrics that need no model.
//!
//! * [`Preprocessing`] — EASSE's `normalize` (lowercasing, then an [`EasseTokenizer`]: one of
//!   `bleu-chrf`'s, or Moses' or the Penn Treebank's as sacremoses writes them), which every
//!   metric applies first; [`References`] — each line's references, from EASSE's
//!   streams or in any number per line.
//! * [`easse_corpus_sari`] — corpus SARI (Xu et al. 2016) in EASSE's variants ([`EasseVariant`]),
//!   with its add, keep and delete scores ([`EasseSari`]), from per-line [`EasseSariCounts`].
//! * [`Fkgl`] — the Flesch–Kincaid grade level of a corpus ([`FkglCounts`] per line, summed),
//!   with Punkt's sentences and EASSE's syllable rules ([`syllables`]).
//! * [`corpus_f1_token`] — the mean best token F1 against a line's references.
//! * [`corpus_sentence_bleu`] — the mean sentence BLEU (`sent_bleu`).
//! * [`DSariScorer`] — D-SARI of a document ([`DSari`]), as its authors' script computes it.
//! * [`IBleu`] and [`FkBleu`] — iBLEU and FKBLEU of one output, as the simplification
//!   meta-evaluation of Alva-Manchego et al. (2021) computes them.
//! * [`QualityEstimation`] — the reference-less features of EASSE's `-q` ([`QualityFeatures`]),
//!   one by one as [`QualityFeature`]s, the lexical complexity by [`WordRanks`].
//! * [`easse_evaluate`] — EASSE's `evaluate`: the [`EasseMetric`]s asked for, under its keys.
//!
//! The n-gram metrics (BLEU, chrF) and sacreBLEU's tokenizers are `bleu-chrf`'s.
//!
//! ```
//! use bleu_chrf::Tokenizer;
//! use simplification_metrics::{EasseVariant, Fkgl, Preprocessing, References, easse_corpus_sari};
//!
//! let fkgl = Fkgl::new(Tokenizer::Thirteen)?;
//! // "the cat sat .": one sentence, four words, one syllable each but ".".
//! let counts = fkgl.line_counts("The cat sat.");
//! assert_eq!((counts.sentences, counts.words, counts.syllables), (1, 4, 3));
//! assert_eq!(fkgl.corpus(&["The cat sat.".to_owned()]), 0.0);
//!
//! // An output identical to its source keeps everything and adds and deletes nothing.
//! let source = vec!["The cat sat on the mat.".to_owned()];
//! let references = References::from_streams(&[vec!["The cat sat.".to_owned()]])?;
//! let sari = easse_corpus_sari(&source, &source, &references, EasseVariant::Default, Preprocessing::default())?;
//! assert_eq!((sari.add, sari.delete), (0.0, 0.0));
//! assert!(sari.keep > 0.0);
//! # Ok::<(), simplification_metrics::Error>(())
//! ```

mod dsari;
mod error;
mod evaluate;
mod f1_token;
mod fkgl;
mod ibleu;
mod levenshtein;
mod lexical_complexity;
mod moses;
mod nist;
mod preprocessing;
mod quality;
mod references;
mod sari;
mod sentence_bleu;
mod syllables;

pub use dsari::{DSari, DSariScorer};
pub use error::Error;
pub use evaluate::{EasseEvaluation, EasseMetric, check_line_length, easse_evaluate};
pub use f1_token::{corpus_f1_token, f1_token_line};
pub use fkgl::{Fkgl, FkglCounts};
pub use ibleu::{FkBleu, IBleu};
pub use lexical_complexity::WordRanks;
pub use preprocessing::{EasseTokenizer, Preprocessing};
pub use quality::{QualityEstimation, QualityFeature, QualityFeatures};
pub use references::References;
pub use sari::{EasseSari, EasseSariCounts, EasseVariant, easse_corpus_sari, easse_sari_counts};
pub use sentence_bleu::{bleu_line_stats, corpus_sentence_bleu, sentence_bleu_scorer};
pub use syllables::syllables;

/// The mean of `values` (0 for none).
fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        reference_stats::numpy_mean(values)
    }
}

/// The mean of `line(i)` over the lines of `outputs`, once every line has references.
fn mean_over_lines(
    outputs: &[String],
    references: &References,
    line: impl Fn(usize) -> f64,
) -> Result<f64, Error> {
    references.check(outputs.len(), outputs.len())?;
    let scores: Vec<f64> = (0..outputs.len()).map(line).collect();
    Ok(mean(&scores))
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
