//! Beam search over tag sequences, and the early-update training step that goes with it
//! (Collins & Roark 2004): the beam keeps the `width` best-scoring prefixes; in training, as soon
//! as the gold prefix falls out of the beam, the weights move toward the gold prefix and away from
//! the best one, and the sentence ends there.

use crate::features::{Lexical, NO_TAG, previous_tag_features, tag_bigram, word_features};
use crate::perceptron::Scorer;
use crate::tagger::Tagger;

#[derive(Debug, Clone, Copy)]
struct Entry {
    score: f32,
    class: usize,
    /// Index into the previous step's beam.
    parent: usize,
    /// Whether the prefix is the gold one.
    gold: bool,
}

impl Tagger {
    /// The best sequence of the `width` best prefixes kept step by step; with `gold`, the best
    /// prefix at the step where the gold prefix left the beam.
    pub(crate) fn beam_search<S: AsRef<str>>(
        &self,
        words: &[S],
        lexical: &[Lexical],
        width: usize,
        scorer: &impl Scorer,
        gold: Option<&[usize]>,
    ) -> Vec<usize> {
        let classes = self.classes.len();
        let mut steps: Vec<Vec<Entry>> = Vec::with_capacity(words.len());
        let mut features = Vec::new();
        let mut base = vec![0.0; classes];
        // Prefixes that end in the same tag share all but one feature: those are scored once per
        // distinct previous tag, the tag bigram once per prefix.
        let mut by_previous: Vec<(u64, Vec<f32>)> = Vec::with_capacity(width);
        let mut scores = vec![0.0; classes];
        let mut candidates: Vec<Entry> = Vec::with_capacity(width + 1);
        let start = [Entry {
            score: 0.0,
            class: usize::MAX,
            parent: usize::MAX,
            gold: true,
        }];
        for (i, word) in words.iter().enumerate() {
            let previous: &[Entry] = steps.last().map_or(&start[..], Vec::as_slice);
            candidates.clear();
            let sure = match self.lexicon.get(word.as_ref()) {
                Some(&(c, true)) => Some(usize::from(c)),
                _ => None,
            };
            if sure.is_none() {
                word_features(lexical, i, self.groups, &mut features);
                scorer.scores(&features, &mut base);
            }
            by_previous.clear();
            for (p, entry) in previous.iter().enumerate() {
                let is_gold = |c: usize| entry.gold && gold.is_some_and(|g| g[i] == c);
                if let Some(c) = sure {
                    keep_best(
                        &mut candidates,
                        width,
                        Entry {
                            score: entry.score,
                            class: c,
                            parent: p,
                            gold: is_gold(c),
                        },
                    );
                    continue;
                }
                let history = self.history(&steps, i, p);
                let at = match by_previous.iter().position(|(h, _)| *h == history[0]) {
                    Some(at) => at,
                    None => {
                        previous_tag_features(lexical, i, history[0], self.groups, &mut features);
                        let mut sums = vec![0.0; classes];
                        scorer.scores(&features, &mut sums);
                        for (s, b) in sums.iter_mut().zip(&base) {
                            *s += b;
                        }
                        by_previous.push((history[0], sums));
                        by_previous.len() - 1
                    }
                };
                scorer.scores(&[tag_bigram(history)], &mut scores);
                for (c, (s, b)) in scores.iter().zip(&by_previous[at].1).enumerate() {
                    keep_best(
                        &mut candidates,
                        width,
                        Entry {
                            score: entry.score + (b + s),
                            class: c,
                            parent: p,
                            gold: is_gold(c),
                        },
                    );
                }
            }
            let lost = gold.is_some() && !candidates.iter().any(|e| e.gold);
            steps.push(candidates.clone());
            if lost {
                break;
            }
        }
        backtrack(&steps, 0)
    }

    /// The classes of the two tokens before `i` on the prefix ending in beam entry `p` of step
    /// `i − 1`, as the features read them.
    fn history(&self, steps: &[Vec<Entry>], i: usize, p: usize) -> [u64; 2] {
        if i == 0 {
            return [NO_TAG, NO_TAG];
        }
        let last = steps[i - 1][p];
        let before = if i >= 2 {
            steps[i - 2][last.parent].class as u64
        } else {
            NO_TAG
        };
        [last.class as u64, before]
    }
}

/// Inserts `entry` into `best` (sorted, at most `width` long) if it ranks among the `width`
/// best: highest score first; among equals the earlier parent, then the lower class (the order
/// entries arrive in, so an equal later one never displaces an earlier one).
fn keep_best(best: &mut Vec<Entry>, width: usize, entry: Entry) {
    let width = width.max(1);
    if best.len() == width && best[width - 1].score >= entry.score {
        return;
    }
    let at = best.partition_point(|e| e.score >= entry.score);
    best.insert(at, entry);
    best.truncate(width);
}

/// The classes of the prefix ending in entry `e` of the last step.
fn backtrack(steps: &[Vec<Entry>], mut e: usize) -> Vec<usize> {
    let mut out = vec![0; steps.len()];
    for (i, step) in steps.iter().enumerate().rev() {
        out[i] = step[e].class;
        e = step[e].parent;
    }
    out
}
