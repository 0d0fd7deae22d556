//! Parsing with a trained model: greedy decoding of the best legal transition until FINISH.

use std::path::Path;

use ucca_graph::Passage;

use crate::classifier::{Classifier, Scorer, best_legal};
use crate::features::{FeatureSet, Sentence, extract};
use crate::model::{Model, TrainedClassifier};
use crate::neural::NeuralScorer;
use crate::{ACTION_COUNT, Error, State, Token};

/// Transitions allowed per token before decoding stops (a parse needs about 7).
pub(crate) const TRANSITIONS_PER_TOKEN: usize = 50;

/// The longest sentence [`Parser::parse_tokens`] accepts, in tokens: parsing is linear in the
/// tokens, but a sentence this long is a paragraph or a file read as one line (the longest
/// sentence of the UCCA Wiki corpus has 152 tokens, the longest line of CoNLL-2014 and its systems
/// 261), and refusing it at once beats minutes of parsing.
pub const MAX_SENTENCE_TOKENS: usize = 2_000;

/// A sparse [`Classifier`] over the features of one sentence.
struct SparseScorer<'a, C> {
    classifier: &'a C,
    sentence: &'a Sentence,
    set: FeatureSet,
    features: Vec<u64>,
}

impl<C: Classifier> Scorer for SparseScorer<'_, C> {
    fn scores(&mut self, state: &State, scores: &mut [f32; ACTION_COUNT]) {
        extract(state, self.sentence, self.set, &mut self.features);
        scores.fill(0.0);
        self.classifier.score(&self.features, scores);
    }
}

/// Parses one sentence greedily: from the initial state, the scorer's best allowed action until
/// FINISH (or no allowed action, or the transition limit), then every node left without a parent
/// is attached to the root.
fn decode(scorer: &mut impl Scorer, punctuation: &[bool]) -> State {
    let mut state = State::new(punctuation);
    let limit = TRANSITIONS_PER_TOKEN * (punctuation.len() + 1);
    let mut scores = [0f32; ACTION_COUNT];
    while !state.finished && state.actions.len() < limit {
        scorer.scores(&state, &mut scores);
        match best_legal(&state, &scores) {
            Some(action) => state.apply(action),
            None => break,
        }
    }
    state.attach_orphans();
    state
}

/// Parses one sentence with a trained classifier (sparse features of `set` for the perceptron).
pub(crate) fn parse_with(
    classifier: &TrainedClassifier,
    set: FeatureSet,
    sentence: &Sentence,
    punctuation: &[bool],
) -> State {
    match classifier {
        TrainedClassifier::Perceptron(weights) => decode(
            &mut SparseScorer {
                classifier: weights,
                sentence,
                set,
                features: Vec::new(),
            },
            punctuation,
        ),
        TrainedClassifier::Neural(networks) => {
            decode(&mut NeuralScorer::new(networks, sentence), punctuation)
        }
    }
}

/// The parser models committed with the repository and built into the programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuiltinModel {
    /// `models/ucca-wiki-bilstm`: TUPA-BiLSTM's recipe (Wiki test primary labeled F1 0.736, 20K
    /// 0.694 by the official evaluator; about 370 sentences/s on one core). The default.
    Bilstm,
    /// `models/ucca-wiki-v1.2`: the averaged perceptron (Wiki test 0.660, 20K 0.613; about 1,100
    /// sentences/s), for very large inputs.
    Perceptron,
}

impl BuiltinModel {
    /// The model every parsing path uses unless told otherwise.
    pub const DEFAULT: BuiltinModel = BuiltinModel::Bilstm;

    /// Every built-in model.
    pub const ALL: [BuiltinModel; 2] = [BuiltinModel::Bilstm, BuiltinModel::Perceptron];

    /// Its name in signatures, which is its folder under `models/`: `ucca-wiki-bilstm`,
    /// `ucca-wiki-v1.2`.
    pub fn name(self) -> &'static str {
        match self {
            BuiltinModel::Bilstm => "ucca-wiki-bilstm",
            BuiltinModel::Perceptron => "ucca-wiki-v1.2",
        }
    }

    /// Its short name on command lines: `bilstm`, `perceptron`.
    pub fn short_name(self) -> &'static str {
        match self {
            BuiltinModel::Bilstm => "bilstm",
            BuiltinModel::Perceptron => "perceptron",
        }
    }

    /// The model named `name`, by its short name or its full name; `None` for any other string.
    ///
    /// ```
    /// use ucca_parser::BuiltinModel;
    /// assert_eq!(BuiltinModel::from_name("perceptron"), Some(BuiltinModel::Perceptron));
    /// assert_eq!(BuiltinModel::from_name("ucca-wiki-bilstm"), Some(BuiltinModel::Bilstm));
    /// assert_eq!(BuiltinModel::from_name("model.bin"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<BuiltinModel> {
        BuiltinModel::ALL
            .into_iter()
            .find(|m| m.name() == name || m.short_name() == name)
    }

    /// The resource that carries it.
    fn resource(self) -> gecbias_resources::Resource {
        match self {
            BuiltinModel::Bilstm => gecbias_resources::Resource::UccaModel,
            BuiltinModel::Perceptron => gecbias_resources::Resource::UccaPerceptron,
        }
    }

    /// Whether its environment variable names another file for this run (signatures then name
    /// the file's checksum rather than the built-in model).
    pub fn is_overridden(self) -> bool {
        std::env::var_os(self.resource().env_var()).is_some_and(|v| !v.is_empty())
    }
}

/// A UCCA parser: a trained [`Model`] and the code that applies it.
#[derive(Debug, Clone)]
pub struct Parser {
    model: Model,
    /// The parse of no tokens, the same for every blank line: decoding it runs the classifier
    /// (about 0.1 ms a line), so it is decoded once.
    empty: std::sync::OnceLock<State>,
}

impl Parser {
    /// A parser with this model.
    pub fn new(model: Model) -> Parser {
        Parser {
            model,
            empty: std::sync::OnceLock::new(),
        }
    }

    /// Loads a model file.
    pub fn load(path: impl AsRef<Path>) -> Result<Parser, Error> {
        let path = path.as_ref();
        Ok(Parser::new(Model::read(path)?))
    }

    /// The default model: [`BuiltinModel::Bilstm`] ([`Parser::builtin`]).
    pub fn default_model() -> Result<Parser, Error> {
        Parser::builtin(BuiltinModel::DEFAULT)
    }

    /// Loads a committed model as built into the program ([`gecbias_resources`]), or the file its
    /// environment variable names (`$GECBIAS_UCCA_MODEL` for the BiLSTM,
    /// `$GECBIAS_UCCA_PERCEPTRON` for the perceptron). A build from the crate registry carries
    /// none: set the variable or call [`Parser::load`]. Errors name where the model came from
    /// and the variable that overrides it.
    pub fn builtin(which: BuiltinModel) -> Result<Parser, Error> {
        let located = gecbias_resources::locate(which.resource())?;
        let model = match &located {
            gecbias_resources::Located::Embedded(files) => Model::from_bytes(
                files.get("model.bin").unwrap_or_default(),
                &files.describe("model.bin"),
            ),
            gecbias_resources::Located::Path { path, .. } => Model::read(path),
        };
        model.map(Parser::new).map_err(|e| Error::DefaultModel {
            location: located.to_string(),
            source: Box::new(e),
        })
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Parses a tokenised sentence into a passage with ID `1`: one terminal per token, a token
    /// being punctuation when all its characters are ([`Token::new`]).
    pub fn parse(&self, tokens: &[&str]) -> Result<Passage, Error> {
        let tokens: Vec<Token> = tokens.iter().map(|t| Token::new(*t)).collect();
        self.parse_tokens("1", &tokens)
    }

    /// Parses tokens into a passage named `id`; more than [`MAX_SENTENCE_TOKENS`] is an error.
    pub fn parse_tokens(&self, id: &str, tokens: &[Token]) -> Result<Passage, Error> {
        if tokens.len() > MAX_SENTENCE_TOKENS {
            return Err(Error::SentenceTooLong {
                tokens: tokens.len(),
                limit: MAX_SENTENCE_TOKENS,
            });
        }
        let decode = || -> Result<State, Error> {
            let sentence =
                Sentence::new(tokens, &self.model.lexicon, self.model.classifier.tagger()?);
            let punctuation: Vec<bool> = tokens.iter().map(|t| t.punctuation).collect();
            Ok(parse_with(
                &self.model.classifier,
                self.model.header.features,
                &sentence,
                &punctuation,
            ))
        };
        if tokens.is_empty() {
            let state = match self.empty.get() {
                Some(state) => state,
                None => {
                    let state = decode()?;
                    self.empty.get_or_init(|| state)
                }
            };
            return Ok(state.to_passage(id, tokens)?);
        }
        Ok(decode()?.to_passage(id, tokens)?)
    }
}
