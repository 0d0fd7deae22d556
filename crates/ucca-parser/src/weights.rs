//! The frozen weights of a trained model, laid out for scoring. Parsing spends most of its time
//! here: a transition looks up ~140 feature keys among ~300,000 kept features, finds ~93 % of
//! them, and adds ~4,600 weights (the features met most often vote for 30–80 of the 82 actions).
//! So a feature's key and its votes sit together in one record, the table that finds the record
//! holds only a tag and an offset (one trip to memory per feature found instead of three, and the
//! batch's trips overlap), and a feature with many votes also has them as a dense row, added
//! with vector instructions.

use crate::ACTION_COUNT;
use crate::classifier::Classifier;

/// Frozen weights: for each kept feature, the actions it votes for and how much; a state's score
/// for action a is Σ over its features f of w(f, a), summed in feature order.
//
// Records, in key order, are `key (u64 LE) | n (u8) | dense row (u32 LE, u32::MAX for none) |
// n actions (u8) | n weights (f32 LE)` in one byte vector; an open-addressing table (linear
// probing, at most half full) maps a key to its record, each slot holding the key's high 32 bits
// beside the record's offset + 1 (0: empty). A feature with at least `DENSE_VOTES` entries also
// has a row of all `ACTION_COUNT` weights (0 where it has no entry).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Weights {
    slots: Vec<u64>,
    records: Vec<u8>,
    rows: Vec<[f32; ROW]>,
    features: usize,
    weights: usize,
}

const KEY: usize = 8;

/// The bytes before a record's actions.
const HEAD: usize = KEY + 1 + 4;

/// A dense row's length: the actions, rounded up to whole vector registers.
const ROW: usize = ACTION_COUNT.next_multiple_of(8);

/// Entries from which a feature also gets a dense row: adding a row of 88 costs about what
/// adding this many entries one by one does.
const DENSE_VOTES: usize = 24;

const NO_ROW: u32 = u32::MAX;

impl Weights {
    /// Weights from (feature, [(action, weight)]) sorted by feature key, each feature's actions
    /// distinct and below [`ACTION_COUNT`] (the perceptron's averaging gives them so, and reading a
    /// model file checks both): a dense row holds one weight per action.
    pub(crate) fn from_sorted(features: Vec<(u64, Vec<(u8, f32)>)>) -> Weights {
        let capacity = (features.len() * 2).next_power_of_two().max(16);
        let mut w = Weights {
            slots: vec![0; capacity],
            records: Vec::new(),
            rows: Vec::new(),
            features: features.len(),
            weights: 0,
        };
        let mask = capacity - 1;
        for (key, entries) in features {
            let offset = w.records.len() as u64;
            let row = if entries.len() >= DENSE_VOTES {
                let mut row = [0f32; ROW];
                for &(a, weight) in &entries {
                    row[usize::from(a)] = weight;
                }
                w.rows.push(row);
                (w.rows.len() - 1) as u32
            } else {
                NO_ROW
            };
            w.records.extend(key.to_le_bytes());
            w.records.push(entries.len() as u8);
            w.records.extend(row.to_le_bytes());
            w.records.extend(entries.iter().map(|&(a, _)| a));
            w.records
                .extend(entries.iter().flat_map(|&(_, weight)| weight.to_le_bytes()));
            w.weights += entries.len();
            let mut slot = key as usize & mask;
            while w.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            w.slots[slot] = (key & TAG) | (offset + 1);
        }
        w
    }

    /// The key of the record at `offset`.
    fn key(&self, offset: usize) -> u64 {
        u64::from_le_bytes(
            self.records[offset..offset + KEY]
                .try_into()
                .unwrap_or_default(),
        )
    }

    /// The record at `offset`: its dense row, if any, its actions and its weights' bytes.
    fn record(&self, offset: usize) -> (Option<&[f32; ROW]>, &[u8], &[u8]) {
        let n = usize::from(self.records[offset + KEY]);
        let row = u32::from_le_bytes(
            self.records[offset + KEY + 1..offset + HEAD]
                .try_into()
                .unwrap_or_default(),
        );
        let actions = offset + HEAD;
        let weights = actions + n;
        (
            self.rows.get(row as usize),
            &self.records[actions..weights],
            &self.records[weights..weights + 4 * n],
        )
    }

    /// The offset of `key`'s record.
    fn find(&self, key: u64) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let tag = key & TAG;
        let mut slot = key as usize & mask;
        loop {
            let s = self.slots[slot];
            if s == 0 {
                return None;
            }
            if s & TAG == tag {
                let offset = (s & 0xffff_ffff) as usize - 1;
                if self.key(offset) == key {
                    return Some(offset);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Each kept feature with its (action, weight) entries, by feature key.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u64, Vec<(u8, f32)>)> + '_ {
        let mut offset = 0;
        std::iter::from_fn(move || {
            if offset >= self.records.len() {
                return None;
            }
            let key = self.key(offset);
            let (_, actions, weights) = self.record(offset);
            offset += HEAD + 5 * actions.len();
            Some((key, entries(actions, weights).collect()))
        })
    }

    /// The number of kept features.
    pub fn feature_count(&self) -> usize {
        self.features
    }

    /// The number of (feature, action) weights.
    pub fn weight_count(&self) -> usize {
        self.weights
    }
}

fn entries<'a>(actions: &'a [u8], weights: &'a [u8]) -> impl Iterator<Item = (u8, f32)> + 'a {
    actions
        .iter()
        .zip(weights.chunks_exact(4))
        .map(|(&a, w)| (a, f32::from_le_bytes(w.try_into().unwrap_or_default())))
}

/// Features looked up together: each pass over a batch issues its loads independently of one
/// another, so the processor overlaps their trips to memory.
const BATCH: usize = 64;

const TAG: u64 = 0xffff_ffff_0000_0000;

impl Classifier for Weights {
    fn score(&self, features: &[u64], scores: &mut [f32]) {
        let Some(mask) = self.slots.len().checked_sub(1) else {
            return;
        };
        // Summed where any u8 action indexes without a bounds check, in the same order as into
        // `scores` itself, so the sums are the same to the bit.
        let mut sums = [0f32; 256];
        let n = scores.len().min(sums.len());
        sums[..n].copy_from_slice(&scores[..n]);
        let mut first = [0u64; BATCH];
        let mut keys = [0u64; BATCH];
        for batch in features.chunks(BATCH) {
            for (slot, &f) in first.iter_mut().zip(batch) {
                *slot = self.slots[f as usize & mask];
            }
            // A record's key, where the key's first slot names one with its tag: the one
            // expected, unless another key shares the slot and the tag.
            for ((key, &slot), &f) in keys.iter_mut().zip(&first).zip(batch) {
                *key = if slot != 0 && slot & TAG == f & TAG {
                    self.key((slot & 0xffff_ffff) as usize - 1)
                } else {
                    !f
                };
            }
            for ((&key, &slot), &f) in keys.iter().zip(&first).zip(batch) {
                let offset = if key == f {
                    Some((slot & 0xffff_ffff) as usize - 1)
                } else if slot == 0 {
                    None
                } else {
                    self.find(f)
                };
                // A row adds 0 where the feature has no vote: the same sums (x + 0 = x).
                match offset.map(|o| self.record(o)) {
                    Some((Some(row), ..)) => {
                        for (s, w) in sums[..ROW].iter_mut().zip(row) {
                            *s += w;
                        }
                    }
                    Some((None, actions, weights)) => {
                        for (a, w) in entries(actions, weights) {
                            sums[usize::from(a)] += w;
                        }
                    }
                    None => {}
                }
            }
        }
        scores[..n].copy_from_slice(&sums[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_find_every_feature_and_only_those() {
        // Keys that share their high bits and their slot, so probing and the full-key check
        // both matter.
        let features: Vec<(u64, Vec<(u8, f32)>)> = (0..40u64)
            .map(|i| (i << 40 | (i % 3), vec![(i as u8 % 7, i as f32), (9, -0.5)]))
            .collect();
        let mut sorted = features.clone();
        sorted.sort_unstable_by_key(|f| f.0);
        let w = Weights::from_sorted(sorted.clone());
        assert_eq!(w.feature_count(), 40);
        assert_eq!(w.weight_count(), 80);
        assert_eq!(w.iter().collect::<Vec<_>>(), sorted);
        let mut scores = [0f32; ACTION_COUNT];
        w.score(&[5 << 40 | 2, 7 << 40 | 2, 3 << 40], &mut scores);
        assert_eq!((scores[5], scores[0], scores[9]), (5.0, 0.0, -1.0));
        assert_eq!(w.find(5 << 40 | 1), None);
        assert_eq!(Weights::default().find(1), None);
    }
}
