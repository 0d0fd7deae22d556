//! Monolingual word alignment, the way the LCB paper's analysis code aligns a source sentence with
//! its correction (Choshen & Abend 2018, §3.2; 000 draft §2.1; spec `lcb-pipeline.md` §0.1).
//!
//! * [`tokens`](mod@tokens) — split on every non-word character, keep empty tokens, lower-case.
//! * [`levenshtein`](mod@levenshtein) — character edit distance.
//! * [`munkres`](mod@munkres) — minimum-cost assignment with the tie-breaking of the reference solver.
//! * [`morphy`] — WordNet noun lemmatisation as NLTK ≤ 3.8 does it, and a word's WordNet class
//!   (parts of speech, lexicographer file).
//! * [`word_equivalence`] — "approximately the same word", the reference's test of a non-change.
//! * [`punkt`] — the Punkt sentence tokenizer with NLTK's English parameters.
//! * [`sentences`] — passage preprocessing and the reference's sentence splitting.
//! * [`passage`] — common sentence ends of a passage and its correction (`break2common_sentences`).
//! * [`alignment`] — sentence alignment as min-cost bipartite matching: [`align`].
//!
//! Align a source sentence with its correction word by word (cost: character edit distance
//! between tokens; an unmatched word pairs with [`EMPTY_WORD`]):
//!
//! ```
//! use mono_align::{EMPTY_WORD, align, tokens};
//!
//! let (source, correction) = (tokens("He go to school"), tokens("He goes to the school"));
//! let alignment = align(&source, &correction);
//! assert_eq!(
//!     alignment.words(&source, &correction),
//!     [("he", "he"), ("go", "goes"), ("to", "to"), (EMPTY_WORD, "the"), ("school", "school")]
//! );
//! ```

pub mod alignment;
mod error;
pub mod levenshtein;
pub mod morphy;
pub mod munkres;
pub mod passage;
pub mod punkt;
pub mod sentences;
pub mod tokens;
pub mod word_equivalence;

pub use alignment::{Alignment, CostModel, EMPTY_WORD, align, align_with, align_with_ties};
pub use error::Error;
pub use levenshtein::levenshtein;
pub use munkres::{TieBreaking, munkres, munkres_with};
pub use tokens::tokens;
pub use word_equivalence::{WordEquivalence, preprocess_word};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
