//! Training the averaged perceptron with the static oracle (ucca-parser spec §2–3): sentences in
//! a seeded random order per epoch; in each state the model's best legal action is taken when
//! the oracle allows it, else a seeded random oracle action, so the parser stays on a
//! gold-reachable path; on an error the weights move towards the best-scoring correct action.
//! After each epoch the averaged weights parse the dev sentences, and the best epoch is kept.
//! Everything is sequential and seeded: the same inputs and seed give a bit-identical model.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use ucca_graph::Passage;
use ucca_graph::dag_f1::{DagF1, Normalisation, evaluate};

use crate::features::{FeatureSet, Sentence, extract};
use crate::gold::GoldGraph;
use crate::lexicon::Lexicon;
use crate::model::{Model, ModelHeader};
use crate::oracle::Oracle;
use crate::parse::{best_legal, decode};
use crate::perceptron::{AveragedPerceptron, Classifier};
use crate::weights::Weights;
use crate::{ACTION_COUNT, Action, Error, State};

/// How to train.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TrainOptions {
    /// Passes over the training sentences.
    pub epochs: usize,
    /// The seed of the sentence order and of the choices among correct actions.
    pub seed: u64,
    /// The word-level signals of the features.
    pub features: FeatureSet,
}

impl Default for TrainOptions {
    /// 12 epochs, seed 1, every feature group.
    fn default() -> TrainOptions {
        TrainOptions {
            epochs: 12,
            seed: 1,
            features: FeatureSet::ALL,
        }
    }
}

impl TrainOptions {
    /// Options with these epochs, seed and features.
    pub fn new(epochs: usize, seed: u64, features: FeatureSet) -> TrainOptions {
        TrainOptions {
            epochs,
            seed,
            features,
        }
    }
}

/// What one epoch did.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct EpochReport {
    /// 1-based epoch number.
    pub epoch: usize,
    /// Transitions taken.
    pub transitions: usize,
    /// Transitions where the model's choice was not an oracle action.
    pub errors: usize,
    /// The averaged weights on the dev sentences (official evaluator, normalised).
    pub dev: DagF1,
}

/// A training run's epochs and the one kept.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TrainReport {
    /// Every epoch.
    pub epochs: Vec<EpochReport>,
    /// The 1-based epoch whose weights the model keeps (best dev primary F1; the earliest on
    /// ties).
    pub best_epoch: usize,
}

/// Where a training run reports progress.
pub trait Progress {
    /// One training sentence done, with the transitions it took.
    fn sentence(&mut self, _transitions: usize) {}
    /// One epoch done.
    fn epoch(&mut self, _report: &EpochReport) {}
}

/// No progress reporting.
impl Progress for () {}

struct Prepared {
    gold: GoldGraph,
    sentence: Sentence,
    punctuation: Vec<bool>,
}

fn prepare(passages: &[Passage], lexicon: &Lexicon) -> Vec<Prepared> {
    passages
        .iter()
        .map(|p| {
            let gold = GoldGraph::new(p);
            Prepared {
                sentence: Sentence::new(&gold.tokens, lexicon),
                punctuation: gold.punctuation(),
                gold,
            }
        })
        .collect()
}

/// The official evaluation of parses of gold sentences, micro over sentences, with and without
/// the 2017 normalisation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct ParseScores {
    /// With the normalisation (every published UCCA parsing score).
    pub normalised: DagF1,
    /// Without it.
    pub unnormalised: DagF1,
}

impl ParseScores {
    /// The official evaluation of `parses` against the `gold` sentences they parse (in order),
    /// micro over sentences, both ways.
    pub fn of(parses: &[Passage], gold: &[Passage]) -> Result<ParseScores, Error> {
        let mut total = ParseScores::default();
        for (parsed, p) in parses.iter().zip(gold) {
            total.normalised = total
                .normalised
                .plus(evaluate(parsed, p, Normalisation::Ucca2017)?);
            total.unnormalised = total
                .unnormalised
                .plus(evaluate(parsed, p, Normalisation::None)?);
        }
        Ok(total)
    }
}

/// Parses every gold sentence once with `classifier` and evaluates the parse both ways.
fn evaluate_on(
    classifier: &impl Classifier,
    set: FeatureSet,
    gold: &[Passage],
    lexicon: &Lexicon,
) -> Result<ParseScores, Error> {
    ParseScores::of(&parses_of(classifier, set, gold, lexicon)?, gold)
}

/// Trains a model on `train` sentence passages, choosing the epoch by `dev`; `training_data`
/// and `digest` describe the training files in the model header.
pub fn train(
    train: &[Passage],
    dev: &[Passage],
    lexicon: Lexicon,
    options: &TrainOptions,
    (training_data, digest): (&str, &str),
    progress: &mut impl Progress,
) -> Result<(Model, TrainReport), Error> {
    let set = options.features;
    let prepared = prepare(train, &lexicon);
    let mut perceptron = AveragedPerceptron::new();
    let mut best: Option<(f64, usize, Weights, DagF1)> = None;
    let mut epochs = Vec::new();
    let mut features = Vec::new();
    let mut scores = [0f32; ACTION_COUNT];
    for epoch in 1..=options.epochs {
        let mut rng = Pcg64::seed_from_u64(options.seed ^ (epoch as u64).wrapping_mul(0x9e37_79b9));
        let mut order: Vec<usize> = (0..prepared.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let (mut transitions, mut errors) = (0, 0);
        for &i in &order {
            let p = &prepared[i];
            let mut state = State::new(&p.punctuation);
            let mut oracle = Oracle::new(&p.gold);
            let before = transitions;
            while !state.finished {
                let correct = oracle.actions(&state);
                if correct.is_empty() {
                    break;
                }
                extract(&state, &p.sentence, set, &mut features);
                scores.fill(0.0);
                perceptron.score(&features, &mut scores);
                let predicted = best_legal(&state, &scores);
                let action = match predicted {
                    Some(a) if correct.contains(&a) => a,
                    _ => {
                        errors += 1;
                        let gold = best_correct(&correct, &scores);
                        if let (Some(g), Some(p)) =
                            (gold.index(), predicted.and_then(Action::index))
                        {
                            perceptron.update(&features, g, p);
                        }
                        correct[rng.random_range(0..correct.len())]
                    }
                };
                perceptron.tick();
                state.apply(action);
                oracle.observe(&state, action);
                transitions += 1;
            }
            progress.sentence(transitions - before);
        }
        let weights = perceptron.average();
        let dev_score = evaluate_on(&weights, set, dev, &lexicon)?.normalised;
        let report = EpochReport {
            epoch,
            transitions,
            errors,
            dev: dev_score,
        };
        progress.epoch(&report);
        let f1 = dev_score.primary.f1();
        if best.as_ref().is_none_or(|(b, ..)| f1 > *b) {
            best = Some((f1, epoch, weights, dev_score));
        }
        epochs.push(report);
    }
    let (_, best_epoch, weights, dev_score) =
        best.unwrap_or((0.0, 0, Weights::default(), DagF1::default()));
    let model = Model {
        header: ModelHeader {
            training_data: training_data.to_owned(),
            training_data_digest: digest.to_owned(),
            training_sentences: train.len(),
            seed: options.seed,
            epochs: options.epochs,
            best_epoch,
            dev: dev_score,
            ..Model::header_for(set, &lexicon)
        },
        lexicon,
        weights,
    };
    Ok((model, TrainReport { epochs, best_epoch }))
}

/// The correct action the model scores highest (the first on ties).
fn best_correct(correct: &[Action], scores: &[f32]) -> Action {
    let mut best = correct[0];
    for &a in &correct[1..] {
        let score = |x: Action| x.index().map_or(f32::MIN, |i| scores[i]);
        if score(a) > score(best) {
            best = a;
        }
    }
    best
}

/// The parses of gold sentence passages from their own terminals (and their punctuation marks).
fn parses_of(
    classifier: &impl Classifier,
    set: FeatureSet,
    gold: &[Passage],
    lexicon: &Lexicon,
) -> Result<Vec<Passage>, Error> {
    gold.iter()
        .zip(prepare(gold, lexicon))
        .map(|(p, prepared)| {
            Ok(
                decode(classifier, &prepared.sentence, set, &prepared.punctuation)
                    .to_passage(p.id(), &prepared.gold.tokens)?,
            )
        })
        .collect()
}

/// A model's parses of gold sentence passages, each from the passage's own terminals: what
/// [`evaluate_model`] scores (and `cargo xtask record ucca-eval` hands to the official
/// evaluator).
pub fn parse_gold(model: &Model, gold: &[Passage]) -> Result<Vec<Passage>, Error> {
    parses_of(&model.weights, model.header.features, gold, &model.lexicon)
}

/// Labeled F1 of a model's parses of gold sentence passages (from their own terminals) by the
/// official evaluator, micro over sentences, with and without normalisation: [`parse_gold`] then
/// [`ParseScores::of`] (what `cargo xtask reproduce ucca-parser` reports, keeping the parses for
/// its per-sentence check).
pub fn evaluate_model(model: &Model, gold: &[Passage]) -> Result<ParseScores, Error> {
    evaluate_on(&model.weights, model.header.features, gold, &model.lexicon)
}
