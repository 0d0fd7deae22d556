//! A native UCCA parser: the transition system of TUPA v1.0 (Hershcovich, Abend & Rappoport,
//! ACL 2017), its static training oracle, and two classifiers: an averaged perceptron over
//! TUPA-Sparse-style features trained on the UCCA English Wikipedia corpus, committed with the
//! repository (ucca-parser spec §2–3), and TUPA-BiLSTM's recipe — a BiLSTM over the tokens and an
//! MLP over the state — in pure Rust.
//!
//! Parse a tokenised sentence with the committed BiLSTM model (the default; the perceptron is
//! [`BuiltinModel::Perceptron`]):
//!
//! ```
//! let parser = ucca_parser::Parser::default_model()?;
//! let passage = parser.parse(&["John", "gave", "Mary", "a", "book", "."])?;
//! assert_eq!(passage.terminal_count(), 6);
//! assert!(passage.render().contains("[P gave]"));
//! # Ok::<(), ucca_parser::Error>(())
//! ```
//!
//! * [`Parser`] — loads a [`Model`] file ([`Parser::load`]) or a [`BuiltinModel`]
//!   ([`Parser::default_model`]: the BiLSTM; [`Parser::builtin`]) and parses token lists greedily
//!   into [`ucca_graph::Passage`]s; any input parses, without a panic.
//! * [`train`] — trains the perceptron with the oracle ([`TrainOptions`]: epochs, seed,
//!   [`FeatureSet`]); [`train_neural`] trains the neural classifier ([`NeuralTrainOptions`], with
//!   the network's [`NeuralSettings`]); [`evaluate_model`] scores a model with the official
//!   evaluator. A [`Model`] holds either as its [`TrainedClassifier`]; [`ensemble`] makes one
//!   model of neural models trained alike from different seeds, which scores every transition by
//!   their mean score (each member's run is a [`MemberRun`] of its header).
//! * [`Lexicon`] — the word-level signals that replace a POS tagger: Brown clusters, Brill's tag
//!   lexicon and WordNet classes, carried inside the model for its vocabulary.
//! * [`Classifier`] — the sparse scoring interface, implemented by the [`AveragedPerceptron`]
//!   during training and by its frozen [`Weights`]; [`Network`] — the BiLSTM encoder and MLP
//!   ([`NetworkShape`]: embedding, LSTM and hidden sizes).
//!
//! * [`State`] — stack, buffer and the graph built so far; [`State::apply`] performs an
//!   [`Action`] (SHIFT, REDUCE, NODE_X, LEFT/RIGHT-EDGE_X, LEFT/RIGHT-REMOTE_X, SWAP, FINISH),
//!   [`State::is_legal`] checks its preconditions and TUPA's UCCA label constraints, and
//!   [`State::to_passage`] turns the graph into a [`ucca_graph::Passage`].
//! * [`GoldGraph`] and [`Oracle`] — the gold graph of a sentence passage and the transitions that
//!   rebuild it; [`replay`] runs them to the end.
//!
//! The transition system underneath — replaying the oracle on a small sentence rebuilds its graph
//! exactly — and training on it:
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
//!
//! // A (tiny) neural classifier trained on that one sentence learns to rebuild it.
//! use ucca_parser::{FeatureSet, Lexicon, NeuralTrainOptions, Parser, parse_gold, train_neural};
//! let mut options = NeuralTrainOptions::new(20, 1, FeatureSet::ORTHOGRAPHY);
//! let shape = &mut options.network.shape;
//! (shape.word_buckets, shape.word_dim, shape.lstm_hidden, shape.hidden) = (256, 8, 8, 16);
//! options.network.learning_rate = 0.01;
//! let sentences = [gold];
//! let (model, report) =
//!     train_neural(&sentences, &sentences, Lexicon::default(), &options, ("s1", "-"), &mut ())?;
//! let parsed = parse_gold(&model, &sentences)?;
//! let score = dag_f1::evaluate(&parsed[0], &sentences[0], dag_f1::Normalisation::Ucca2017)?;
//! assert_eq!((report.epochs.len(), score.primary.f1()), (20, 1.0));
//! assert_eq!(Parser::new(model.clone()).parse(&["John", "left", "."])?.render(), parsed[0].render());
//!
//! // A second seed's model joins it in an ensemble, scored on the dev sentences given.
//! options.seed = 2;
//! let (second, _) =
//!     train_neural(&sentences, &sentences, Lexicon::default(), &options, ("s1", "-"), &mut ())?;
//! let pair = ucca_parser::ensemble(vec![model, second], &sentences)?;
//! assert_eq!(pair.header.ensemble.iter().map(|run| run.seed).collect::<Vec<_>>(), [1, 2]);
//! assert_eq!(pair.header.dev.primary.f1(), 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
mod characters;
mod classifier;
mod constraints;
mod digest;
mod ensemble;
mod error;
mod features;
mod gold;
mod lexicon;
mod lstm;
mod model;
mod neural;
mod oracle;
mod parse;
mod perceptron;
mod replay;
mod state;
mod train;
mod weights;

pub use action::{ACTION_COUNT, Action, ActionKind, LABELS};
pub use classifier::Classifier;
pub use ensemble::ensemble;
pub use error::Error;
pub use features::FeatureSet;
pub use gold::{GoldEdge, GoldGraph, LeftOut};
pub use lexicon::{FREQUENT_CLUSTER_WORDS, LexEntry, Lexicon, LexiconSources};
pub use model::{FORMAT_VERSION, MAGIC, MemberRun, Model, ModelHeader, TrainedClassifier};
pub use neural::{Network, NetworkShape, NeuralSettings};
pub use oracle::{Losses, Oracle};
pub use parse::{BuiltinModel, MAX_SENTENCE_TOKENS, Parser};
pub use perceptron::{AveragedPerceptron, MIN_UPDATES};
pub use replay::{Replay, ReplaySummary, replay};
pub use state::{
    EdgeIndex, MAX_HEIGHT, MAX_NODE_RATIO, NodeIndex, ROOT, State, StateEdge, StateNode, Token,
};

/// The tokens of raw English text (`english_tagger::tokenize`, in the manner of spaCy 2's
/// English tokenizer, which TUPA tokenised with), each marked punctuation when all its
/// characters are ([`Token::new`]).
///
/// ```
/// let tokens = ucca_parser::tokenize("Don't ...");
/// let texts: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
/// assert_eq!(texts, ["Do", "n't", "..."]);
/// assert!(tokens[2].punctuation && !tokens[1].punctuation);
/// ```
pub fn tokenize(text: &str) -> Vec<Token> {
    english_tagger::tokenize(text)
        .into_iter()
        .map(Token::new)
        .collect()
}
pub use train::{
    EpochReport, NeuralTrainOptions, ParseScores, Progress, TrainOptions, TrainReport,
    evaluate_model, parse_gold, train, train_neural,
};
pub use weights::Weights;

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
