//! The classifier: learning_kit's multi-class averaged perceptron over hashed features
//! (ucca-parser spec §3), behind the [`Classifier`](crate::Classifier) trait so that another
//! model can replace it, with TUPA's rule that a feature counts only once it has been updated
//! [`MIN_UPDATES`] times.

pub use learning_kit::AveragedPerceptron;

use crate::classifier::Classifier;
use crate::weights::Weights;
use learning_kit::half;

/// A feature is used in scoring only after this many updates (TUPA's `--min-update`).
pub const MIN_UPDATES: u32 = 5;

/// The averaged weights of the features updated at least [`MIN_UPDATES`] times, rounded to the
/// half precision a model file stores them in.
pub(crate) fn average(perceptron: &AveragedPerceptron) -> Weights {
    let features = perceptron
        .averaged(MIN_UPDATES, half::round)
        .into_iter()
        .map(|(key, entries)| {
            let votes = entries.into_iter().map(|(a, w)| (a as u8, w)).collect();
            (key, votes)
        })
        .collect();
    Weights::from_sorted(features)
}

impl Classifier for AveragedPerceptron {
    fn score(&self, features: &[u64], scores: &mut [f32]) {
        self.add_scores(features, MIN_UPDATES, scores);
    }
}
