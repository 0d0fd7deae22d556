//! The classifier shared by the tagger and the labeller: a multi-class averaged perceptron over
//! hashed features (Collins 2002), with the lazy averaging of Daumé's "timestamp" trick, so an
//! update costs only the classes it touches.

use learning_kit::KeyMap;

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

#[derive(Debug, Clone, Copy)]
struct Entry {
    class: u16,
    weight: f32,
    /// Σ of the weight over the steps before `since`.
    total: f64,
    since: u64,
}

/// The perceptron while it learns: current weights, their running sums for averaging.
#[derive(Debug, Clone)]
pub(crate) struct Training {
    classes: usize,
    features: KeyMap<Vec<Entry>>,
    step: u64,
    scores: Vec<f32>,
}

impl Training {
    pub(crate) fn new(classes: usize) -> Self {
        Training {
            classes,
            features: KeyMap::default(),
            step: 0,
            scores: vec![0.0; classes],
        }
    }

    /// Moves the weights of `class` on `features` by `delta`, as one step of training.
    pub(crate) fn update(&mut self, features: &[u64], class: usize, delta: f32) {
        for &key in features {
            let entries = self.features.entry(key).or_default();
            update(entries, class as u16, delta, self.step);
        }
    }

    /// Counts one training example (the clock of the averaging).
    pub(crate) fn tick(&mut self) {
        self.step += 1;
    }

    /// The class the current (not averaged) weights predict.
    pub(crate) fn predict(&mut self, features: &[u64]) -> usize {
        let mut scores = std::mem::take(&mut self.scores);
        Scorer::scores(self, features, &mut scores);
        let best = argmax(&scores);
        self.scores = scores;
        best
    }

    /// One example: predicts, and on a mistake moves the weights toward `gold` and away from the
    /// guess. Returns the guess.
    pub(crate) fn learn(&mut self, features: &[u64], gold: usize) -> usize {
        self.step += 1;
        let guess = self.predict(features);
        if guess != gold {
            for &key in features {
                let entries = self.features.entry(key).or_default();
                update(entries, gold as u16, 1.0, self.step);
                update(entries, guess as u16, -1.0, self.step);
            }
        }
        guess
    }

    /// The averaged weights, dropping those whose magnitude is below `min_weight` (pruning keeps
    /// the model small; the dropped weights are the ones that rarely decide).
    pub(crate) fn average(&self, min_weight: f32) -> Weights {
        let step = self.step.max(1);
        let mut keys: Vec<&u64> = self.features.keys().collect();
        keys.sort_unstable();
        let mut weights = Weights {
            classes: self.classes,
            ..Weights::default()
        };
        for key in keys {
            let start = weights.entries.len() as u32;
            let mut entries: Vec<(u16, f32)> = self.features[key]
                .iter()
                .map(|e| {
                    let total = e.total + f64::from(e.weight) * (step - e.since) as f64;
                    (e.class, (total / step as f64) as f32)
                })
                .filter(|(_, w)| w.abs() >= min_weight && *w != 0.0)
                .collect();
            entries.sort_unstable_by_key(|e| e.0);
            weights.entries.extend(entries);
            let end = weights.entries.len() as u32;
            if end > start {
                weights.index.insert(*key, (start, end));
            }
        }
        weights
    }
}

fn update(entries: &mut Vec<Entry>, class: u16, delta: f32, step: u64) {
    let entry = match entries.iter_mut().position(|e| e.class == class) {
        Some(i) => &mut entries[i],
        None => {
            entries.push(Entry {
                class,
                weight: 0.0,
                total: 0.0,
                since: step,
            });
            entries.last_mut().expect("just pushed")
        }
    };
    entry.total += f64::from(entry.weight) * (step - entry.since) as f64;
    entry.since = step;
    entry.weight += delta;
}

impl Scorer for Weights {
    fn scores(&self, features: &[u64], scores: &mut [f32]) {
        self.score(features, scores);
    }
}

impl Scorer for Training {
    fn scores(&self, features: &[u64], scores: &mut [f32]) {
        scores.fill(0.0);
        for key in features {
            if let Some(entries) = self.features.get(key) {
                for e in entries {
                    scores[usize::from(e.class)] += e.weight;
                }
            }
        }
    }
}
