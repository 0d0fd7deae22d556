//! A native UCCA parser: the transition system of TUPA v1.0 (Hershcovich, Abend & Rappoport,
//! ACL 2017), its static training oracle and, from the next issue on, a trained model
//! (ucca-parser spec §2).
//!
//! * [`State`] — stack, buffer and the graph built so far; [`State::apply`] performs an
//!   [`Action`] (SHIFT, REDUCE, NODE_X, LEFT/RIGHT-EDGE_X, LEFT/RIGHT-REMOTE_X, SWAP, FINISH),
//!   [`State::is_legal`] checks its preconditions and TUPA's UCCA label constraints, and
//!   [`State::to_passage`] turns the graph into a [`ucca_graph::Passage`].
//! * [`GoldGraph`] and [`Oracle`] — the gold graph of a sentence passage and the transitions that
//!   rebuild it; [`replay`] runs them to the end.
//!
//! Replaying the oracle on a small sentence rebuilds its graph exactly:
//!
//! ```
//! use ucca_graph::{Category, PassageBuilder, UnitKind, dag_f1};
//!
//! // [H [A John] [P left] ] [U .]
//! let mut b = PassageBuilder::new("s1");
//! let (john, left, stop) = (b.terminal("John", false), b.terminal("left", false), b.terminal(".", true));
//! let root = "1.1".parse().unwrap();
//! let (scene, a, p, u) = (b.unit(UnitKind::Foundational), b.unit(UnitKind::Foundational),
//!                         b.unit(UnitKind::Foundational), b.unit(UnitKind::Punctuation));
//! b.edge(root, scene, Category::ParallelScene, false);
//! b.edge(scene, a, Category::Participant, false);
//! b.edge(scene, p, Category::Process, false);
//! b.edge(a, john, Category::Terminal, false);
//! b.edge(p, left, Category::Terminal, false);
//! b.edge(root, u, Category::Punctuation, false);
//! b.edge(u, stop, Category::Terminal, false);
//! let gold = b.build()?;
//!
//! let replayed = ucca_parser::replay(&gold)?;
//! let score = dag_f1::evaluate(&replayed.passage, &gold, dag_f1::Normalisation::Ucca2017)?;
//! assert_eq!(score.primary.f1(), 1.0);
//! assert_eq!(replayed.transitions.values().sum::<usize>(), 21);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
mod constraints;
mod error;
mod gold;
mod oracle;
mod replay;
mod state;

pub use action::{ACTION_COUNT, Action, ActionKind, LABELS};
pub use constraints::{MAX_HEIGHT, MAX_NODE_RATIO};
pub use error::Error;
pub use gold::{GoldEdge, GoldGraph, LeftOut};
pub use oracle::{Losses, Oracle};
pub use replay::{Replay, ReplaySummary, replay};
pub use state::{EdgeIndex, NodeIndex, ROOT, State, StateEdge, StateNode, Token};
