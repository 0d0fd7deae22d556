//! USim: how faithful a correction is to the meaning of its source, measured on UCCA semantic
//! graphs without references (Choshen & Abend 2018, "Reference-less Measure of Faithfulness for
//! Grammatical Error Correction"; spec `usim-spec.md`).
//!
//! * [`prepared`] — what USim reads of a passage: terminals, units, labels, compared units.
//! * [`sentences`] — sentence ends and the common sentence ends of two passages.
//! * [`word_alignment`] — terminals aligned sentence by sentence (mono-align's matching).
//! * [`PassagePair`] — one pair scored several ways, its word alignments computed once.
//! * [`score`] — node similarity, matched units, the score [`usim`]; [`Params`] chooses the code
//!   generation (as released, or the 2017 branch) and faithful or fixed positions.
//! * [`distsim`](mod@distsim) — DISTSIM as the code computes it, and the paper's formula.
//! * [`sentence_mode`] — `USim.py`'s sentence normalisation and empty-sentence rule.
//! * [`variants`] — the draft's top-down largest cut and token analysis.
//! * [`tree_edit`] — Zhang–Shasha tree edit distance and the draft's aligned edit distance.
//! * [`trials`] — the pair lists of Table 1.
//! * [`error_types`] — MAEGE's edit chains and USim's mean change per error type (§4.4).
//! * [`usim_files`], [`usim_file_pairs`] — USim of UCCA XML files, one pair or many in parallel.
//! * [`text`] — USim of text: lines tokenised, parsed by `ucca-parser`'s model and compared
//!   ([`usim_text`], [`usim_lines`]; [`usim_systems`] for many systems, each distinct line parsed
//!   once).
//!
//! USim of a correction against its source, both parsed from text by the committed parser model:
//!
//! ```
//! use usim::{Params, TextParser, Tokenization, usim_text};
//!
//! let parser = ucca_parser::Parser::default_model()?;
//! let text = TextParser::new(&parser, Tokenization::Raw);
//! let same = usim_text(&text, "He gave an apple to John.", "He gave an apple to John.", &Params::RELEASED)?;
//! assert_eq!((same.source_to_output, same.output_to_source), (1.0, 1.0));
//! let other = usim_text(&text, "He gave an apple to John.", "John ate it yesterday.", &Params::RELEASED)?;
//! assert!(other.source_to_output < 1.0);
//! # Ok::<(), usim::Error>(())
//! ```
//!
//! USim of two UCCA XML files (here written from parses; any UCCA standard XML will do):
//!
//! ```
//! use usim::{Params, usim_files};
//!
//! let parser = ucca_parser::Parser::default_model()?;
//! let dir = std::env::temp_dir().join(format!("usim-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! for (name, words) in [("source", ["He", "go", "home", "."]), ("output", ["He", "goes", "home", "."])] {
//!     std::fs::write(dir.join(format!("{name}.xml")), parser.parse(&words)?.to_xml()).unwrap();
//! }
//! let score = usim_files(dir.join("source.xml"), dir.join("output.xml"), &Params::RELEASED)?;
//! assert!(score.source_to_output > 0.5 && score.source_to_output <= 1.0);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), usim::Error>(())
//! ```
//!
//! The DAG F-score used as inter-annotator agreement is [`ucca_graph::dag_f1`].
pub mod distsim;
mod error;
pub mod error_types;
mod files;
mod node_similarity;
mod pair;
mod params;
pub mod prepared;
pub mod score;
pub mod sentence_mode;
pub mod sentences;
pub mod text;
pub mod tree_edit;
pub mod trials;
pub mod variants;
pub mod word_alignment;

pub use distsim::{Distsim, MainRelations, distsim, distsim_mean_absolute_difference};
pub use error::Error;
pub use files::{usim_file_pairs, usim_files};
pub use pair::PassagePair;
pub use params::{Params, Positions, two_sided_f};
pub use prepared::{Comparable, MAX_PASSAGE_TERMINALS, PreparedPassage};
pub use score::{UsimScore, usim};
pub use sentence_mode::{empty_sentence_usim, normalize_sentence, sentence_usim};
pub use sentences::SentenceMarks;
pub use text::{
    MAX_LINE_TOKENS, MAX_TOKEN_CHARS, PairUsim, TextParser, Tokenization, usim_lines, usim_systems,
    usim_text,
};
pub use tree_edit::{Tree, aligned_edit_distance, tree_edit_distance};
pub use variants::{Mapping, token_distance, top_down_cut};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
