//! The multi-class averaged perceptron over hashed features (Collins 2002) that the English
//! tagger and the UCCA parser train, with the lazy averaging of Daumé's "timestamp" trick: an
//! update touches only the classes it moves, and each weight carries the running sum of its
//! past values up to the step it last changed.
//!
//! For a weight w that held the values w₁ … w_T over the T steps of training, the averaged
//! weight is (Σₜ wₜ) / T; storing `total` = Σ up to `since` lets the sum be completed at the end
//! as `total + w · (T − since)`.

use crate::hashing::KeyMap;

#[derive(Debug, Clone, Copy)]
struct Entry {
    class: u16,
    weight: f32,
    /// Σ of the weight over the steps before `since`.
    total: f64,
    since: u64,
}

#[derive(Debug, Clone, Default)]
struct Feature {
    /// How many updates have touched the feature (TUPA's `--min-update` counts these).
    updates: u32,
    /// Classes in the order they were first updated.
    entries: Vec<Entry>,
}

/// The perceptron while it learns: for each feature, its current weight per class, their
/// running sums for averaging and how many updates touched it.
#[derive(Debug, Clone, Default)]
pub struct AveragedPerceptron {
    features: KeyMap<Feature>,
    step: u64,
}

/// Averaged weights, as [`AveragedPerceptron::averaged`] gives them: (feature, [(class,
/// weight)]) sorted by feature key, each feature's classes in the order training first moved
/// them, no zero weight and no feature without weights.
pub type SparseWeights = Vec<(u64, Vec<(u16, f32)>)>;

impl AveragedPerceptron {
    /// An empty model: every weight 0, the clock at step 0.
    pub fn new() -> AveragedPerceptron {
        AveragedPerceptron::default()
    }

    /// Advances the clock by one training example (the average is over examples).
    pub fn tick(&mut self) {
        self.step += 1;
    }

    /// Moves the weight of `class` on every feature of `features` by `delta`, as one update.
    pub fn update(&mut self, features: &[u64], class: usize, delta: f32) {
        let step = self.step;
        for &key in features {
            let feature = self.features.entry(key).or_default();
            feature.updates += 1;
            feature.add(class, delta, step);
        }
    }

    /// The perceptron's correction of a mistake, as one update: on every feature +1 for `gold`,
    /// then −1 for `guess`.
    pub fn correct(&mut self, features: &[u64], gold: usize, guess: usize) {
        let step = self.step;
        for &key in features {
            let feature = self.features.entry(key).or_default();
            feature.updates += 1;
            feature.add(gold, 1.0, step);
            feature.add(guess, -1.0, step);
        }
    }

    /// Adds the current (not averaged) weights of `features` to `scores` (one per class),
    /// feature by feature in the order given, skipping features updated fewer than
    /// `min_updates` times.
    pub fn add_scores(&self, features: &[u64], min_updates: u32, scores: &mut [f32]) {
        for key in features {
            if let Some(feature) = self.features.get(key)
                && feature.updates >= min_updates
            {
                for e in &feature.entries {
                    scores[usize::from(e.class)] += e.weight;
                }
            }
        }
    }

    /// The averaged weights of the features updated at least `min_updates` times, each passed
    /// through `round` (to the precision a model file stores), zeros dropped.
    pub fn averaged(&self, min_updates: u32, round: impl Fn(f32) -> f32) -> SparseWeights {
        let step = self.step.max(1);
        let mut features: SparseWeights = self
            .features
            .iter()
            .filter(|(_, f)| f.updates >= min_updates)
            .map(|(&key, f)| {
                let entries: Vec<(u16, f32)> = f
                    .entries
                    .iter()
                    .map(|e| {
                        let total = e.total + f64::from(e.weight) * (step - e.since) as f64;
                        (e.class, round((total / step as f64) as f32))
                    })
                    .filter(|&(_, w)| w != 0.0)
                    .collect();
                (key, entries)
            })
            .filter(|(_, entries)| !entries.is_empty())
            .collect();
        features.sort_unstable_by_key(|(key, _)| *key);
        features
    }

    /// Features touched by an update so far.
    pub fn feature_count(&self) -> usize {
        self.features.len()
    }
}

impl Feature {
    /// Closes the running sum of `class`'s weight at `step`, then moves the weight by `delta`.
    fn add(&mut self, class: usize, delta: f32, step: u64) {
        let class = u16::try_from(class).expect("a perceptron has at most 65,536 classes");
        let entry = match self.entries.iter().position(|e| e.class == class) {
            Some(i) => &mut self.entries[i],
            None => {
                self.entries.push(Entry {
                    class,
                    weight: 0.0,
                    total: 0.0,
                    since: step,
                });
                self.entries.last_mut().expect("just pushed")
            }
        };
        entry.total += f64::from(entry.weight) * (step - entry.since) as f64;
        entry.since = step;
        entry.weight += delta;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averaging_weighs_each_value_by_the_steps_it_held() {
        let mut p = AveragedPerceptron::new();
        // Step 0 → 1: class 1 of feature 7 becomes +1, class 0 −1; it stays so for 4 steps.
        p.correct(&[7], 1, 0);
        for _ in 0..4 {
            p.tick();
        }
        // At step 4 class 1 moves to +2 and holds it for the last 4 steps.
        p.update(&[7], 1, 1.0);
        for _ in 0..4 {
            p.tick();
        }
        let averaged = p.averaged(0, |w| w);
        assert_eq!(averaged, vec![(7, vec![(1, 1.5), (0, -1.0)])]);
        let mut scores = [0.0; 2];
        p.add_scores(&[7, 7, 9], 0, &mut scores);
        assert_eq!(scores, [-2.0, 4.0]);
    }

    #[test]
    fn features_below_the_update_threshold_neither_score_nor_survive_averaging() {
        let mut p = AveragedPerceptron::new();
        p.tick();
        p.correct(&[1, 2], 0, 1);
        p.correct(&[2], 0, 1);
        p.tick();
        let mut scores = [0.0; 2];
        p.add_scores(&[1, 2], 2, &mut scores);
        assert_eq!(scores, [2.0, -2.0]);
        let averaged = p.averaged(2, |w| w);
        assert_eq!(averaged, vec![(2, vec![(0, 1.0), (1, -1.0)])]);
        assert_eq!(p.feature_count(), 2);
    }

    #[test]
    fn rounding_to_zero_drops_the_weight_and_an_empty_feature() {
        let mut p = AveragedPerceptron::new();
        p.update(&[3], 0, 0.25);
        p.tick();
        assert!(
            p.averaged(0, |w| if w.abs() < 0.5 { 0.0 } else { w })
                .is_empty()
        );
    }
}
