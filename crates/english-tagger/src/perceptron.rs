//! The classifier shared by the tagger and the labeller: learning_kit's multi-class averaged
//! perceptron over hashed features while training, frozen into per-feature class weights.

use learning_kit::{AveragedPerceptron, KeyMap};

/// Something that scores a token's classes from its features: frozen or learning weights.
pub(crate) trait Scorer {
    /// Writes one score per class into `scores`.
    fn scores(&self, features: &[u64], scores: &mut [f32]);
}

/// The frozen (averaged) weights: for each feature, the classes it votes for and by how much.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Weights {
    pub(crate) classes: usize,
    /// Feature → range of `entries`.
    pub(crate) index: KeyMap<(u32, u32)>,
    pub(crate) entries: Vec<(u16, f32)>,
}

impl Weights {
    /// Adds each feature's weights to `scores` (one per class).
    pub(crate) fn score(&self, features: &[u64], scores: &mut [f32]) {
        scores.fill(0.0);
        for key in features {
            if let Some(&(start, end)) = self.index.get(key) {
                for &(class, weight) in &self.entries[start as usize..end as usize] {
                    scores[usize::from(class)] += weight;
                }
            }
        }
    }

    /// The best-scoring class; ties go to the lower class.
    pub(crate) fn predict(&self, features: &[u64], scores: &mut [f32]) -> usize {
        self.score(features, scores);
        argmax(scores)
    }
}

/// The index of the highest score, the lowest index among equals (deterministic).
pub(crate) fn argmax(scores: &[f32]) -> usize {
    let mut best = 0;
    for (i, &s) in scores.iter().enumerate() {
        if s > scores[best] {
            best = i;
        }
    }
    best
}

/// The perceptron while it learns ([`AveragedPerceptron`]), with its class count and a score
/// buffer.
#[derive(Debug, Clone)]
pub(crate) struct Training {
    classes: usize,
    perceptron: AveragedPerceptron,
    scores: Vec<f32>,
}

impl Training {
    pub(crate) fn new(classes: usize) -> Self {
        Training {
            classes,
            perceptron: AveragedPerceptron::new(),
            scores: vec![0.0; classes],
        }
    }

    /// Moves the weights of `class` on `features` by `delta`, as one step of training.
    pub(crate) fn update(&mut self, features: &[u64], class: usize, delta: f32) {
        self.perceptron.update(features, class, delta);
    }

    /// Counts one training example (the clock of the averaging).
    pub(crate) fn tick(&mut self) {
        self.perceptron.tick();
    }

    /// One example: predicts with the current (not averaged) weights, and on a mistake moves
    /// the weights toward `gold` and away from the guess. Returns the guess.
    pub(crate) fn learn(&mut self, features: &[u64], gold: usize) -> usize {
        self.perceptron.tick();
        let mut scores = std::mem::take(&mut self.scores);
        Scorer::scores(self, features, &mut scores);
        let guess = argmax(&scores);
        self.scores = scores;
        if guess != gold {
            self.perceptron.correct(features, gold, guess);
        }
        guess
    }

    /// The averaged weights, dropping those whose magnitude is below `min_weight` (pruning keeps
    /// the model small; the dropped weights are the ones that rarely decide), each feature's
    /// classes in order.
    pub(crate) fn average(&self, min_weight: f32) -> Weights {
        let mut weights = Weights {
            classes: self.classes,
            ..Weights::default()
        };
        for (key, mut entries) in self.perceptron.averaged(0, |w| w) {
            entries.retain(|(_, w)| w.abs() >= min_weight);
            entries.sort_unstable_by_key(|e| e.0);
            let start = weights.entries.len() as u32;
            weights.entries.extend(entries);
            let end = weights.entries.len() as u32;
            if end > start {
                weights.index.insert(key, (start, end));
            }
        }
        weights
    }
}

impl Scorer for Weights {
    fn scores(&self, features: &[u64], scores: &mut [f32]) {
        self.score(features, scores);
    }
}

impl Scorer for Training {
    fn scores(&self, features: &[u64], scores: &mut [f32]) {
        scores.fill(0.0);
        self.perceptron.add_scores(features, 0, scores);
    }
}
