//! English analysis for GEC evaluation: Penn Treebank and Universal POS tags, spaCy's rule
//! lemmas (and EWT-style ones) and the dependency labels ERRANT reads, from one averaged
//! perceptron model trained on UD English-EWT and decoded with a beam.
//!
//! * [`Tagger`] — the model: [`Tagger::default_model`] (built into the program), [`Tagger::load`],
//!   [`Tagger::tag`] for a pretokenised sentence, giving one [`Analysis`] per token.
//! * [`train`] with [`TrainOptions`] and [`FeatureGroups`] — how the model is made (`cargo xtask
//!   train-tagger`), from UD sentences ([`read_conllu`]), Brown clusters, Brill's lexicon and
//!   spaCy's [`LemmaTables`]; [`Tagger::relabelled`] retrains the labeller on other labels
//!   ([`LabelledSentence`]); [`evaluate`] gives token [`Accuracy`].
//! * [`Lemmatizer::lemmatize`] — spaCy's lemmas for tags from elsewhere, by the tagger's rule
//!   lemmatiser ([`Tagger::lemmatizer`]) or by it read alone ([`Lemmatizer::default_model`],
//!   without the tagger's weights);
//!   [`lemma_edit`] and [`apply_lemma_edit`] write a lemma as an edit of its word.
//! * [`write_conllu`] — analyses as CoNLL-U (`gecbias tag`).
//! * [`tokenize`] — raw English text into tokens as spaCy 2's English tokenizer splits them
//!   ([`Tagger::tag_text`] tags raw text with it); [`detokenize`] and [`round_trip_agreement`].
//! * [`Error`] — a model or CoNLL-U file that cannot be read.
//!
//! ```
//! use english_tagger::Tagger;
//!
//! let tagger = Tagger::default_model()?;
//! let analyses = tagger.tag(&["She", "has", "eaten", "the", "apples", "."]);
//! let tags: Vec<&str> = analyses.iter().map(|a| a.xpos.as_str()).collect();
//! assert_eq!(tags, ["PRP", "VBZ", "VBN", "DT", "NNS", "."]);
//! assert_eq!(analyses[4].lemma, "apple");
//! assert_eq!(analyses[1].lemma, "have");
//! assert_eq!(analyses[3].dep, "det");
//!
//! // Raw text, tokenised as the UCCA parser's input is; EWT's lemma for "an" beside spaCy's.
//! let (tokens, analyses) = tagger.tag_text("It's an apple.");
//! assert_eq!(tokens, ["It", "'s", "an", "apple", "."]);
//! assert_eq!((analyses[2].lemma.as_str(), analyses[2].ud_lemma.as_str()), ("an", "a"));
//! # Ok::<(), english_tagger::Error>(())
//! ```

mod beam;
mod conllu;
mod deprel;
mod error;
mod evaluate;
mod features;
mod lemma;
mod model;
mod perceptron;
mod tagger;
mod tokenize;
mod train;

pub use conllu::{Word, read_conllu, write_conllu};
pub use error::Error;
pub use evaluate::{Accuracy, errant_class, evaluate};
pub use features::FeatureGroups;
pub use lemma::{Exceptions, LemmaTables, Lemmatizer, apply_lemma_edit, lemma_edit};
pub use tagger::{Analysis, ModelInfo, Tagger};
pub use tokenize::{TokenAgreement, detokenize, round_trip_agreement, tokenize};
pub use train::{LabelledSentence, TrainOptions, train};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
