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
//! * [`corpus`] — reading many files and checking that each survives a round trip.

pub mod corpus;
pub mod dag_f1;
mod error;
mod id;
mod label;
mod node;
mod passage;
mod render;
mod xml;

pub use error::{Error, Location};
pub use id::{Layer, NodeId};
pub use label::Category;
pub use node::{Attributes, CategoryElement, Edge, Node, Terminal, Unit, UnitKind};
pub use passage::{EdgeRef, Passage, PassageBuilder, Remote};
