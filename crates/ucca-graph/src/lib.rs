//! UCCA passages as directed acyclic graphs (Abend & Rappoport 2013; the USim paper §2).
//!
//! A [`Passage`] holds layer 0 — the [`Terminal`]s (tokens) in text order — and layer 1 — the
//! [`Unit`]s (foundational, punctuation and linkage nodes) — joined by labelled [`Edge`]s
//! ([`Category`] abbreviations `P A H R C E D F G S L U T N Q`, `LR`/`LA` for linkage, `Terminal`
//! for unit→token), each primary or remote. The graph is a [`petgraph`] `DiGraph`.
//!
//! * [`Passage::from_xml`] / [`Passage::to_xml`] read and write the UCCA standard XML format
//!   losslessly (`read → write → read` gives an equal passage); input errors are typed
//!   ([`Error`]) with the file name and byte offset, never a panic.
//! * [`Passage`] queries: terminals in order, [`Passage::yield_of`] (terminal set, with or without
//!   remote edges), children and parents, topological order, the layer-1 root, primary vs remote
//!   edges, and a bracketed rendering ([`Passage::render`]) for debugging.
//! * [`dag_f1`] — the labelled DAG F-score used as inter-annotator agreement (USim paper §3).
//! * [`Passage::sentences`] — the passage cut into one passage per sentence at the
//!   annotation-driven sentence ends of the `ucca` library ([`SentenceMarks`]).
//! * [`corpus`] — reading many files and checking that each survives a round trip.
//!
//! Build a passage, cut it into sentences, and score one annotation against another with the
//! official UCCA evaluator:
//!
//! ```
//! use ucca_graph::{Category, PassageBuilder, UnitKind, dag_f1};
//!
//! // "Kim left . Lee stayed ." — two scenes, each with a participant and a process.
//! let mut b = PassageBuilder::new("two");
//! let words: Vec<_> = ["Kim", "left", ".", "Lee", "stayed", "."]
//!     .iter()
//!     .map(|w| b.terminal(*w, *w == "."))
//!     .collect();
//! let root = "1.1".parse().unwrap(); // the builder made the root unit
//! let (scene1, scene2) = (b.unit(UnitKind::Foundational), b.unit(UnitKind::Foundational));
//! for (scene, first) in [(scene1, 0), (scene2, 3)] {
//!     b.edge(root, scene, Category::ParallelScene, false);
//!     for (k, label) in [(0, Category::Participant), (1, Category::Process)] {
//!         let unit = b.unit(UnitKind::Foundational);
//!         b.edge(scene, unit, label, false);
//!         b.edge(unit, words[first + k], Category::Terminal, false);
//!     }
//!     let stop = b.unit(UnitKind::Punctuation);
//!     b.edge(root, stop, Category::Punctuation, false);
//!     b.edge(stop, words[first + 2], Category::Terminal, false);
//! }
//! let passage = b.build()?;
//!
//! let sentences = passage.sentences()?;
//! assert_eq!(sentences.len(), 2);
//! assert_eq!(sentences[1].render(), "[H [A Lee] [P stayed]] [U .]");
//!
//! let f = dag_f1::evaluate(&sentences[0], &sentences[0], dag_f1::Normalisation::Ucca2017)?;
//! assert_eq!((f.primary.matches, f.primary.f1()), (3, 1.0));
//! # Ok::<(), ucca_graph::Error>(())
//! ```

pub mod corpus;
pub mod dag_f1;
mod error;
mod evaluation;
mod id;
mod label;
mod node;
mod passage;
mod render;
mod sentences;
mod xml;

pub use error::{Error, Location};
pub use id::{Layer, NodeId};
pub use label::Category;
pub use node::{Attributes, CategoryElement, Edge, Node, Terminal, Unit, UnitKind};
pub use passage::{EdgeRef, Passage, PassageBuilder, Remote};
pub use sentences::{SentenceMarks, TerminalView, sentence_ends_of};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
