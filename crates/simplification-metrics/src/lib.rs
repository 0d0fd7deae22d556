//! Text-simplification metrics as EASSE (Alva-Manchego et al., 2019) computes them, natively and
//! to its digits: the metrics that need no model.
//!
//! * [`Fkgl`] — the Flesch–Kincaid grade level of a corpus ([`FkglCounts`] per line, summed),
//!   with Punkt's sentences and EASSE's syllable rules ([`syllables`]).
//!
//! The n-gram metrics (BLEU, chrF) and the tokenizers are `bleu-chrf`'s.
//!
//! ```
//! use bleu_chrf::Tokenizer;
//! use simplification_metrics::Fkgl;
//!
//! let fkgl = Fkgl::new(Tokenizer::Thirteen)?;
//! // "the cat sat .": one sentence, four words, one syllable each but ".".
//! let counts = fkgl.line_counts("The cat sat.");
//! assert_eq!((counts.sentences, counts.words, counts.syllables), (1, 4, 3));
//! assert_eq!(fkgl.corpus(&["The cat sat.".to_owned()]), 0.0);
//! # Ok::<(), simplification_metrics::Error>(())
//! ```

mod error;
mod fkgl;
mod syllables;

pub use error::Error;
pub use fkgl::{Fkgl, FkglCounts};
pub use syllables::syllables;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
