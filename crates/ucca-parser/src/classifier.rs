//! What scores a state's transitions — the perceptron's weights, or any model that replaces
//! them — and which of the scored transitions decoding may take.

use crate::{ACTION_COUNT, Action, State};

/// Scores every action for a state's features.
pub trait Classifier {
    /// Adds each feature's weight for each action to `scores` (of length [`ACTION_COUNT`](crate::ACTION_COUNT)).
    fn score(&self, features: &[u64], scores: &mut [f32]);
}

/// Whether decoding may take `action`: legal ([`State::is_legal`]), FINISH only once the buffer is
/// empty, NODE only while [`State::may_create_while_decoding`].
pub(crate) fn allowed(state: &State, action: Action) -> bool {
    if action == Action::Finish && !state.buffer.is_empty() {
        return false;
    }
    if matches!(action, Action::Node(_)) && !state.may_create_while_decoding() {
        return false;
    }
    state.is_legal(action)
}

/// The highest-scoring [`allowed`] action (the lowest-numbered on ties).
pub(crate) fn best_legal(state: &State, scores: &[f32]) -> Option<Action> {
    let mut best: Option<(Action, f32)> = None;
    for (i, &score) in scores.iter().enumerate().take(ACTION_COUNT) {
        if best.is_some_and(|(_, b)| score <= b) {
            continue;
        }
        let Some(action) = Action::from_index(i) else {
            continue;
        };
        if allowed(state, action) {
            best = Some((action, score));
        }
    }
    best.map(|(a, _)| a)
}

/// Scores every action in a state of one sentence's parse.
pub(crate) trait Scorer {
    /// Writes each action's score to `scores`.
    fn scores(&mut self, state: &State, scores: &mut [f32; ACTION_COUNT]);
}
