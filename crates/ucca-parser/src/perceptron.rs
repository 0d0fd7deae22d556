//! The classifier: a multi-class averaged perceptron over hashed features (ucca-parser spec §3),
//! behind the [`Classifier`](crate::Classifier) trait so that another model can replace it.

use learning_kit::KeyMap;

use crate::classifier::Classifier;
use crate::weights::Weights;
use learning_kit::half;

/// A feature is used in scoring only after this many updates (TUPA's `--min-update`).
pub const MIN_UPDATES: u32 = 5;

#[derive(Debug, Clone, Copy)]
struct Entry {
    action: u8,
    weight: f32,
    /// Σ over past steps of the weight, up to `since`.
    total: f64,
    since: u64,
}

#[derive(Debug, Clone, Default)]
struct Feature {
    updates: u32,
    entries: Vec<Entry>,
}

/// The perceptron during training: current weights, their running sums for averaging, and
/// per-feature update counts.
#[derive(Debug, Clone, Default)]
pub struct AveragedPerceptron {
    features: KeyMap<Feature>,
    step: u64,
}

impl AveragedPerceptron {
    /// An empty model.
    pub fn new() -> AveragedPerceptron {
        AveragedPerceptron::default()
    }

    /// Advances the clock by one training example (averaging is over examples).
    pub fn tick(&mut self) {
        self.step += 1;
    }

    /// The perceptron update for one error: +1 for `gold`, −1 for `predicted` on every feature.
    pub fn update(&mut self, features: &[u64], gold: usize, predicted: usize) {
        let step = self.step;
        for &f in features {
            let feature = self.features.entry(f).or_default();
            feature.updates += 1;
            for (action, delta) in [(gold, 1.0f32), (predicted, -1.0)] {
                let action = action as u8;
                let i = match feature.entries.iter().position(|e| e.action == action) {
                    Some(i) => i,
                    None => {
                        feature.entries.push(Entry {
                            action,
                            weight: 0.0,
                            total: 0.0,
                            since: step,
                        });
                        feature.entries.len() - 1
                    }
                };
                let e = &mut feature.entries[i];
                e.total += f64::from(e.weight) * (step - e.since) as f64;
                e.since = step;
                e.weight += delta;
            }
        }
    }

    /// The averaged weights of the features updated at least [`MIN_UPDATES`] times, rounded to
    /// the half precision a model file stores them in.
    pub fn average(&self) -> Weights {
        let step = self.step.max(1) as f64;
        let mut features: Vec<(u64, Vec<(u8, f32)>)> = self
            .features
            .iter()
            .filter(|(_, f)| f.updates >= MIN_UPDATES)
            .map(|(&k, f)| {
                let entries: Vec<(u8, f32)> = f
                    .entries
                    .iter()
                    .map(|e| {
                        let total = e.total + f64::from(e.weight) * (self.step - e.since) as f64;
                        (e.action, half::round((total / step) as f32))
                    })
                    .filter(|&(_, w)| w != 0.0)
                    .collect();
                (k, entries)
            })
            .filter(|(_, e)| !e.is_empty())
            .collect();
        features.sort_unstable_by_key(|(k, _)| *k);
        Weights::from_sorted(features)
    }

    /// Features seen in updates so far.
    pub fn feature_count(&self) -> usize {
        self.features.len()
    }
}

impl Classifier for AveragedPerceptron {
    fn score(&self, features: &[u64], scores: &mut [f32]) {
        for f in features {
            if let Some(feature) = self.features.get(f)
                && feature.updates >= MIN_UPDATES
            {
                for e in &feature.entries {
                    scores[e.action as usize] += e.weight;
                }
            }
        }
    }
}
