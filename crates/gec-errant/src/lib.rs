//! ERRANT 3.0.2 (Bryant, Felice & Briscoe 2017) natively, on spaCy's own model: the edits between an original
//! sentence and a correction, extracted, merged and typed with ERRANT's 25 error categories —
//! the error types by which the LCB paper measures under-correction per type (Choshen & Abend
//! 2018, §"Under-correction by error types") and by which GEC systems are read daily.
//!
//! * [`Annotator`] — the pipeline over an [`Analyser`]: [`Annotator::english`] runs on
//!   [`SpacyAnalyser`], spaCy's `en_core_web_sm` 3.8.0 run natively (crate `spacy-sm`: no
//!   Python), and so writes ERRANT 3.0.2's own M2; [`Annotator::ewt`] runs on `english-tagger`'s
//!   EWT-trained tagger (faster, not ERRANT's analyses); [`RecordedAnalyses`] runs the same
//!   aligner and classifier on analyses recorded from spaCy itself. [`Annotator::annotate`]
//!   gives [`Edit`]s.
//! * [`align`] with [`Op`] and [`Step`] — the linguistic Damerau-Levenshtein alignment (cost of
//!   a substitution: [`substitution_cost`]) or standard Levenshtein; [`Merge`] — the merging
//!   strategies ([`AlignOptions`]).
//! * [`Classifier`] with its [`WordList`] — the 25 categories with their `M:`/`R:`/`U:`
//!   operations, and `UNK`; [`coarse_pos`] — ERRANT's POS of a Penn tag.
//! * [`annotate_parallel`] and [`parallel_m2`] — `errant_parallel` ([`ParallelOptions`]), each
//!   distinct sentence analysed once, on rayon's threads;
//!   [`retype_m2`] — `errant_m2 -gold|-auto` ([`RetypeOptions`], [`Retype`]).
//! * [`MAX_SENTENCE_TOKENS`], [`MAX_PIECE_CHARS`] — what annotation takes; a longer line is
//!   refused ([`Error::TooLong`], naming its [`Input`] and line, or [`Error::M2`]).
//! * [`Error`] — unreadable input, a model that cannot be read, missing analyses, malformed M2.
//!
//! ```
//! use gec_errant::{AlignOptions, Annotator};
//!
//! let annotator = Annotator::english()?;
//! let orig = annotator.parse(&["He", "go", "to", "school", "yesterday", "."])?;
//! let cor = annotator.parse(&["He", "went", "to", "school", "yesterday", "."])?;
//! let edits = annotator.annotate(&orig, &cor, AlignOptions::default());
//! assert_eq!(edits.len(), 1);
//! assert_eq!(edits[0].to_m2("0"), "A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0");
//! assert_eq!((edits[0].operation(), edits[0].category()), ("R", "VERB:TENSE"));
//! # Ok::<(), gec_errant::Error>(())
//! ```
//!
//! Whole files, as the command does (`gecbias errant-parallel`): one `S` block per original
//! line, a `noop` for an unchanged sentence.
//!
//! ```
//! use gec_errant::{Annotator, ParallelOptions, annotate_parallel, parallel_m2};
//!
//! let annotator = Annotator::english()?;
//! let originals = vec!["I like cat .".to_owned(), "Fine .".to_owned()];
//! let corrected = vec![vec!["I like cats .".to_owned(), "Fine .".to_owned()]];
//! let sentences = annotate_parallel(&annotator, &originals, &corrected, ParallelOptions::default())?;
//! assert_eq!(
//!     parallel_m2(&sentences),
//!     "S I like cat .\nA 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0\n\n\
//!      S Fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
//! );
//! # Ok::<(), gec_errant::Error>(())
//! ```

mod align;
mod annotator;
mod classify;
mod edit;
mod error;
mod lancaster;
mod limits;
mod merge;
mod parallel;
mod retype;
mod spacy;
mod token;

pub use align::{Op, Step, align, substitution_cost};
pub use annotator::{AlignOptions, Annotator};
pub use classify::{Classifier, WordList, coarse_pos};
pub use edit::Edit;
pub use error::Error;
pub use limits::{Input, MAX_PIECE_CHARS, MAX_SENTENCE_TOKENS};
pub use merge::Merge;
pub use parallel::{
    ParallelOptions, ParallelSentence, annotate_parallel, parallel_file, parallel_m2,
};
pub use retype::{Retype, RetypeOptions, retype_m2};
pub use spacy::SpacyAnalyser;
pub use token::{Analyser, RecordedAnalyses, Token};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The ERRANT version whose behaviour this crate reproduces.
pub const ERRANT_VERSION: &str = "3.0.2";
