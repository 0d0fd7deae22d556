//! Training the averaged perceptron with the static oracle (ucca-parser spec §2–3): sentences in
//! a seeded random order per epoch; in each state the model's best legal action is taken when
//! the oracle allows it, else a seeded random oracle action, so the parser stays on a
//! gold-reachable path (the neural classifier may instead explore its errors:
//! [`NeuralSettings::exploration`]); on an error the weights move towards the best-scoring
//! correct action.
//! After each epoch the averaged weights parse the dev sentences, and the best epoch is kept.
//! Everything is sequential and seeded: the same inputs and seed give a bit-identical model.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use ucca_graph::Passage;
use ucca_graph::dag_f1::{DagF1, Normalisation, evaluate};

use crate::classifier::Classifier;
use crate::classifier::best_legal;
use crate::features::{FeatureSet, Sentence, extract};
use crate::gold::GoldGraph;
use crate::lexicon::Lexicon;
use crate::model::{Model, ModelHeader, TrainedClassifier};
use crate::neural::{Dropout, Network, NeuralSettings, SentenceGradient, tagger_for};
use crate::oracle::Oracle;
use crate::parse::{TRANSITIONS_PER_TOKEN, parse_with};
use crate::perceptron::{self, AveragedPerceptron};
use crate::{ACTION_COUNT, Action, Error, State};
use learning_kit::Adam;

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

fn prepare(
    passages: &[Passage],
    lexicon: &Lexicon,
    tagger: Option<&english_tagger::Tagger>,
) -> Vec<Prepared> {
    passages
        .iter()
        .map(|p| {
            let gold = GoldGraph::new(p);
            Prepared {
                sentence: Sentence::new(&gold.tokens, lexicon, tagger),
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
pub(crate) fn evaluate_on(
    classifier: &TrainedClassifier,
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
    described: (&str, &str),
    progress: &mut impl Progress,
) -> Result<(Model, TrainReport), Error> {
    let set = options.features;
    let prepared = prepare(train, &lexicon, None);
    let mut learner = PerceptronLearner {
        perceptron: AveragedPerceptron::new(),
        set,
        features: Vec::new(),
    };
    let schedule = Schedule {
        epochs: options.epochs,
        seed: options.seed,
        set,
    };
    train_with(
        &mut learner,
        (train, &prepared, dev, lexicon),
        schedule,
        None,
        described,
        progress,
    )
}

/// Runs the epochs ([`run_epochs`]) and makes the model of the kept epoch: its classifier, its
/// header with the training run's description and the classifier's dev score.
fn train_with(
    learner: &mut impl Learner,
    (train, prepared, dev, lexicon): (&[Passage], &[Prepared], &[Passage], Lexicon),
    schedule: Schedule,
    neural: Option<NeuralSettings>,
    (training_data, digest): (&str, &str),
    progress: &mut impl Progress,
) -> Result<(Model, TrainReport), Error> {
    let (epochs, best_epoch, classifier, dev_score) =
        run_epochs(learner, prepared, schedule, (dev, &lexicon), progress)?;
    let model = Model {
        header: ModelHeader {
            training_data: training_data.to_owned(),
            training_data_digest: digest.to_owned(),
            training_sentences: train.len(),
            seed: schedule.seed,
            epochs: schedule.epochs,
            best_epoch,
            dev: dev_score,
            ..Model::header_for(schedule.set, neural, &lexicon)?
        },
        lexicon,
        classifier,
    };
    Ok((model, TrainReport { epochs, best_epoch }))
}

/// A classifier being trained: what it does on one training sentence, and what it is now.
trait Learner {
    /// Walks one training sentence with the oracle ([`walk`]) in the 1-based `epoch`, learning
    /// from it; returns its transitions and errors.
    fn sentence(&mut self, p: &Prepared, epoch: usize, rng: &mut Pcg64) -> (usize, usize);
    /// The classifier as it is now, as a model file stores it (so that its dev score is the
    /// file's).
    fn snapshot(&self) -> TrainedClassifier;
}

/// Epochs, seed and the sparse feature set of a training run.
#[derive(Clone, Copy)]
struct Schedule {
    epochs: usize,
    seed: u64,
    set: FeatureSet,
}

/// The training epochs shared by both classifiers: sentences in a seeded random order per epoch,
/// then the classifier on dev; returns the epochs' reports and the kept (best dev primary F1, the
/// earliest on ties) epoch's number, classifier and dev score.
fn run_epochs(
    learner: &mut impl Learner,
    prepared: &[Prepared],
    schedule: Schedule,
    (dev, lexicon): (&[Passage], &Lexicon),
    progress: &mut impl Progress,
) -> Result<(Vec<EpochReport>, usize, TrainedClassifier, DagF1), Error> {
    let mut best: Option<(f64, usize, TrainedClassifier, DagF1)> = None;
    let mut epochs = Vec::new();
    for epoch in 1..=schedule.epochs {
        let mut rng =
            Pcg64::seed_from_u64(schedule.seed ^ (epoch as u64).wrapping_mul(0x9e37_79b9));
        let mut order: Vec<usize> = (0..prepared.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let (mut transitions, mut errors) = (0, 0);
        for &i in &order {
            let (t, e) = learner.sentence(&prepared[i], epoch, &mut rng);
            (transitions, errors) = (transitions + t, errors + e);
            progress.sentence(t);
        }
        let classifier = learner.snapshot();
        let dev_score = evaluate_on(&classifier, schedule.set, dev, lexicon)?.normalised;
        let report = EpochReport {
            epoch,
            transitions,
            errors,
            dev: dev_score,
        };
        progress.epoch(&report);
        let f1 = dev_score.primary.f1();
        if best.as_ref().is_none_or(|(b, ..)| f1 > *b) {
            best = Some((f1, epoch, classifier, dev_score));
        }
        epochs.push(report);
    }
    let (_, best_epoch, classifier, dev_score) = match best {
        Some(best) => best,
        None => (0.0, 0, learner.snapshot(), DagF1::default()),
    };
    Ok((epochs, best_epoch, classifier, dev_score))
}

/// Walks a training sentence from the initial state while the oracle has a correct action (and
/// within the parser's transition limit): `predict` scores the state (and learns, given the
/// correct actions) and returns the model's choice, which is taken when correct; on an error
/// (counted) the walk takes, with probability `explore`, the model's choice all the same, else a
/// seeded random correct action. Returns the transitions and errors.
fn walk(
    p: &Prepared,
    rng: &mut Pcg64,
    explore: Option<f32>,
    mut predict: impl FnMut(&State, &[Action], &mut Pcg64) -> Option<Action>,
) -> (usize, usize) {
    let mut state = State::new(&p.punctuation);
    let mut oracle = Oracle::new(&p.gold);
    let limit = TRANSITIONS_PER_TOKEN * (p.punctuation.len() + 1);
    let (mut transitions, mut errors) = (0, 0);
    while !state.finished && transitions < limit {
        let correct = oracle.actions(&state);
        if correct.is_empty() {
            break;
        }
        let action = match predict(&state, &correct, rng) {
            Some(a) if correct.contains(&a) => a,
            predicted => {
                errors += 1;
                // The draw is made only when exploring, so that training without it consumes the
                // same random numbers as before the option existed.
                match (predicted, explore) {
                    (Some(a), Some(p)) if rng.random::<f32>() < p => a,
                    _ => correct[rng.random_range(0..correct.len())],
                }
            }
        };
        state.apply(action);
        oracle.observe(&state, action);
        transitions += 1;
    }
    (transitions, errors)
}

/// The averaged perceptron in training: on an error the weights move towards the best-scoring
/// correct action.
struct PerceptronLearner {
    perceptron: AveragedPerceptron,
    set: FeatureSet,
    features: Vec<u64>,
}

impl Learner for PerceptronLearner {
    fn sentence(&mut self, p: &Prepared, _epoch: usize, rng: &mut Pcg64) -> (usize, usize) {
        let mut scores = [0f32; ACTION_COUNT];
        walk(p, rng, None, |state, correct, _| {
            extract(state, &p.sentence, self.set, &mut self.features);
            scores.fill(0.0);
            self.perceptron.score(&self.features, &mut scores);
            let predicted = best_legal(state, &scores);
            if !predicted.is_some_and(|a| correct.contains(&a)) {
                let gold = best_correct(correct, &scores);
                if let (Some(g), Some(p)) = (gold.index(), predicted.and_then(Action::index)) {
                    self.perceptron.correct(&self.features, g, p);
                }
            }
            self.perceptron.tick();
            predicted
        })
    }

    fn snapshot(&self) -> TrainedClassifier {
        TrainedClassifier::Perceptron(perceptron::average(&self.perceptron))
    }
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
    classifier: &TrainedClassifier,
    set: FeatureSet,
    gold: &[Passage],
    lexicon: &Lexicon,
) -> Result<Vec<Passage>, Error> {
    gold.iter()
        .zip(prepare(gold, lexicon, classifier.tagger()?))
        .map(|(p, prepared)| {
            Ok(
                parse_with(classifier, set, &prepared.sentence, &prepared.punctuation)
                    .to_passage(p.id(), &prepared.gold.tokens)?,
            )
        })
        .collect()
}

/// A model's parses of gold sentence passages, each from the passage's own terminals: what
/// [`evaluate_model`] scores (and `cargo xtask record ucca-eval` hands to the official
/// evaluator).
pub fn parse_gold(model: &Model, gold: &[Passage]) -> Result<Vec<Passage>, Error> {
    parses_of(
        &model.classifier,
        model.header.features,
        gold,
        &model.lexicon,
    )
}

/// Labeled F1 of a model's parses of gold sentence passages (from their own terminals) by the
/// official evaluator, micro over sentences, with and without normalisation: [`parse_gold`] then
/// [`ParseScores::of`] (what `cargo xtask reproduce ucca-parser` reports, keeping the parses for
/// its per-sentence check).
pub fn evaluate_model(model: &Model, gold: &[Passage]) -> Result<ParseScores, Error> {
    evaluate_on(
        &model.classifier,
        model.header.features,
        gold,
        &model.lexicon,
    )
}

/// How to train the neural classifier.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct NeuralTrainOptions {
    /// Passes over the training sentences.
    pub epochs: usize,
    /// The seed of the initialisation, the sentence order, dropout and the choices among
    /// correct actions.
    pub seed: u64,
    /// The word-level signals of the token inputs.
    pub features: FeatureSet,
    /// The network's sizes, learning rate and dropout.
    pub network: NeuralSettings,
}

impl Default for NeuralTrainOptions {
    /// 20 epochs, seed 1, every feature group, the default [`NeuralSettings`].
    fn default() -> NeuralTrainOptions {
        NeuralTrainOptions {
            epochs: 20,
            seed: 1,
            features: FeatureSet::ALL,
            network: NeuralSettings::default(),
        }
    }
}

impl NeuralTrainOptions {
    /// Options with these epochs, seed and features, and the default network settings.
    pub fn new(epochs: usize, seed: u64, features: FeatureSet) -> NeuralTrainOptions {
        NeuralTrainOptions {
            epochs,
            seed,
            features,
            network: NeuralSettings::default(),
        }
    }
}

/// Gradients are clipped to this global norm per step.
const CLIP_NORM: f32 = 5.0;

/// The network in training: every transition's loss adds to the sentence's gradient, and one
/// Adam step follows each sentence.
struct NeuralLearner {
    network: Network,
    adam: Adam,
    dropout: Dropout,
    step: u32,
    average_decay: Option<f32>,
    exploration: Option<f32>,
}

impl Learner for NeuralLearner {
    fn sentence(&mut self, p: &Prepared, epoch: usize, rng: &mut Pcg64) -> (usize, usize) {
        let dropout = self.dropout;
        let explore = self.exploration.filter(|_| epoch > 1);
        let mut gradient = SentenceGradient::new(&mut self.network, &p.sentence, rng, dropout);
        let mut scores = [0f32; ACTION_COUNT];
        let (transitions, errors) = walk(p, rng, explore, |state, correct, rng| {
            gradient.score(state, &p.sentence, rng, dropout, &mut scores);
            if let Some(g) = best_correct(correct, &scores).index() {
                gradient.learn(state, &scores, g);
            }
            best_legal(state, &scores)
        });
        gradient.finish();
        self.step += 1;
        self.network.step(
            self.adam,
            self.step,
            (transitions, CLIP_NORM),
            self.average_decay,
        );
        (transitions, errors)
    }

    fn snapshot(&self) -> TrainedClassifier {
        TrainedClassifier::Neural(vec![
            self.network
                .rounded(self.average_decay.map(|d| (d, self.step))),
        ])
    }
}

/// Trains the neural classifier on `train` sentence passages with the static oracle, one Adam
/// step per sentence (the mean over its transitions of the cross-entropy of the gold action — the
/// best-scoring correct one — under the softmax over the allowed actions; the walk follows the
/// model where it is right and a seeded random correct action where not, or with
/// [`NeuralSettings::exploration`] p the model's wrong action with probability p from the second
/// epoch on), and keeps the epoch with the best dev primary F1; `training_data` and `digest`
/// describe the training files in the model header; settings out of range are an
/// [`Error::Setting`]. Each epoch's network is scored on dev as the model file stores it, in half
/// precision, so the kept epoch's score is the file's; with [`NeuralSettings::average_decay`] that
/// network is the moving average of the parameters (θ̄ ← d·θ̄ + (1 − d)·θ after every step;
/// training goes on from θ).
pub fn train_neural(
    train: &[Passage],
    dev: &[Passage],
    lexicon: Lexicon,
    options: &NeuralTrainOptions,
    described: (&str, &str),
    progress: &mut impl Progress,
) -> Result<(Model, TrainReport), Error> {
    let settings = options.network;
    settings.check()?;
    let prepared = prepare(train, &lexicon, tagger_for(settings.shape)?);
    let mut network = Network::new(settings.shape, options.seed);
    network.start_training();
    if settings.average_decay.is_some() {
        network.start_averaging();
    }
    let mut learner = NeuralLearner {
        network,
        adam: Adam::default().with_rate(settings.learning_rate),
        dropout: Dropout {
            word: settings.word_dropout,
            units: settings.dropout,
        },
        step: 0,
        average_decay: settings.average_decay,
        exploration: settings.exploration,
    };
    let schedule = Schedule {
        epochs: options.epochs,
        seed: options.seed,
        set: options.features,
    };
    train_with(
        &mut learner,
        (train, &prepared, dev, lexicon),
        schedule,
        Some(settings),
        described,
        progress,
    )
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use ucca_graph::{Category, PassageBuilder, UnitKind};

    use super::*;
    use crate::classifier::allowed;

    /// "Kim saw Lee": one scene, a participant, a process and a participant.
    fn prepared() -> Prepared {
        let mut b = PassageBuilder::new("kim");
        let words: Vec<_> = ["Kim", "saw", "Lee"]
            .iter()
            .map(|w| b.terminal(*w, false))
            .collect();
        let root = "1.1".parse().unwrap();
        let scene = b.unit(UnitKind::Foundational);
        b.edge(root, scene, Category::ParallelScene, false);
        let labels = [
            Category::Participant,
            Category::Process,
            Category::Participant,
        ];
        for (&word, label) in words.iter().zip(labels) {
            let unit = b.unit(UnitKind::Foundational);
            b.edge(scene, unit, label, false);
            b.edge(unit, word, Category::Terminal, false);
        }
        let passage = b.build().unwrap();
        prepare(&[passage], &Lexicon::default(), None).remove(0)
    }

    /// Walks with a model that is wrong wherever it can be (its choice: the first allowed action
    /// the oracle does not give, if any); returns the transitions, the model's wrong choices and
    /// how many of them the walk took (seen in the next state, so the last may go unseen).
    fn walk_always_wrong(explore: Option<f32>) -> (usize, usize, usize) {
        let p = prepared();
        let mut rng = Pcg64::seed_from_u64(1);
        let (mut chosen, mut wrong, mut taken) = (None, 0, 0);
        let (transitions, _) = walk(&p, &mut rng, explore, |state, correct, _| {
            if chosen.is_some() && state.actions.last() == chosen.as_ref() {
                taken += 1;
            }
            chosen = (0..ACTION_COUNT)
                .filter_map(Action::from_index)
                .find(|&a| allowed(state, a) && !correct.contains(&a));
            wrong += usize::from(chosen.is_some());
            chosen
        });
        (transitions, wrong, taken)
    }

    #[test]
    fn the_walk_takes_the_model_s_errors_only_when_exploring() {
        let (_, wrong, taken) = walk_always_wrong(None);
        assert!(wrong > 0);
        assert_eq!(taken, 0);
        // With p = 1 every wrong choice is taken: the walk leaves the gold path, and still ends
        // within the transition limit.
        let (transitions, wrong, taken) = walk_always_wrong(Some(1.0));
        assert!(taken > 0 && taken + 1 >= wrong, "{taken} of {wrong}");
        assert!(transitions <= TRANSITIONS_PER_TOKEN * 4, "{transitions}");
    }
}
