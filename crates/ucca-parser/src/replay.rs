//! Replaying the oracle on a gold passage: the check that the transition system and the oracle
//! can rebuild the corpus (`cargo xtask reproduce ucca-oracle`).

use std::collections::BTreeMap;

use ucca_graph::Passage;
use ucca_graph::dag_f1::{self, DagF1, Normalisation};

use crate::gold::{GoldGraph, LeftOut};
use crate::oracle::{Losses, Oracle};
use crate::{ActionKind, Error, State};

/// What replaying the oracle on one passage did.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The graph the transitions built, as a passage over the gold terminals.
    pub passage: Passage,
    /// Transitions taken, by kind.
    pub transitions: BTreeMap<ActionKind, usize>,
    /// Gold edges given up, by cause.
    pub losses: Losses,
    /// What the gold graph left out (implicit units, linkage).
    pub left_out: LeftOut,
    /// Whether the transition limit stopped the replay before FINISH.
    pub stopped: bool,
}

/// Transitions allowed per terminal before a replay is stopped (a correct oracle needs about 7).
const TRANSITIONS_PER_TERMINAL: usize = 100;

/// Replays the oracle on `gold`, always taking its first action, and returns the rebuilt graph.
pub fn replay(gold: &Passage) -> Result<Replay, Error> {
    let graph = GoldGraph::new(gold);
    let mut state = State::new(&graph.punctuation());
    let mut oracle = Oracle::new(&graph);
    let limit = TRANSITIONS_PER_TERMINAL * (graph.tokens.len() + 1);
    let mut transitions = BTreeMap::new();
    let mut stopped = false;
    while !state.finished {
        if state.actions.len() >= limit {
            stopped = true;
            break;
        }
        let Some(&action) = oracle.actions(&state).first() else {
            stopped = true;
            break;
        };
        debug_assert!(state.is_legal(action), "oracle chose illegal {action}");
        state.apply(action);
        oracle.observe(&state, action);
        *transitions.entry(action.kind()).or_insert(0) += 1;
    }
    let passage = state.to_passage(gold.id(), &graph.tokens)?;
    Ok(Replay {
        passage,
        transitions,
        losses: oracle.losses(),
        left_out: graph.left_out,
        stopped,
    })
}

/// Oracle replays of many sentence passages, summed: the numbers of the `ucca-oracle` report.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct ReplaySummary {
    /// Sentences replayed.
    pub sentences: usize,
    /// Transitions taken, by kind.
    pub transitions: BTreeMap<ActionKind, usize>,
    /// Sentences whose rebuilt graph has labeled primary F1 = 1 against the gold (official
    /// evaluator, normalised).
    pub perfect_primary: usize,
    /// Sentences whose rebuilt graph has labeled primary and remote F1 = 1.
    pub perfect: usize,
    /// Official evaluation with the 2017 normalisation, summed over sentences (micro).
    pub normalised: DagF1,
    /// Official evaluation without normalisation, summed over sentences.
    pub unnormalised: DagF1,
    /// Gold edges given up, by cause.
    pub losses: Losses,
    /// What the gold graphs left out.
    pub left_out: LeftOut,
    /// Replays stopped by the transition limit (or with no transition left) before FINISH.
    pub stopped: usize,
    /// Rebuilt passages that did not round-trip through UCCA XML (should be none).
    pub not_round_tripped: Vec<String>,
}

impl ReplaySummary {
    /// Replays the oracle on one sentence passage and adds the outcome.
    pub fn add(&mut self, gold: &Passage) -> Result<(), Error> {
        let r = replay(gold)?;
        let normalised = dag_f1::evaluate(&r.passage, gold, Normalisation::Ucca2017)?;
        let unnormalised = dag_f1::evaluate(&r.passage, gold, Normalisation::None)?;
        self.sentences += 1;
        for (kind, n) in r.transitions {
            *self.transitions.entry(kind).or_insert(0) += n;
        }
        let perfect = |s: dag_f1::Score| s.matches == s.guessed && s.matches == s.reference;
        self.perfect_primary += usize::from(perfect(normalised.primary));
        self.perfect += usize::from(perfect(normalised.primary) && perfect(normalised.remote));
        self.normalised = self.normalised.plus(normalised);
        self.unnormalised = self.unnormalised.plus(unnormalised);
        self.losses = self.losses.plus(r.losses);
        self.left_out = self.left_out.plus(r.left_out);
        self.stopped += usize::from(r.stopped);
        let again = Passage::from_xml(r.passage.to_xml().as_bytes())?;
        if again != r.passage {
            self.not_round_tripped.push(r.passage.id().to_owned());
        }
        Ok(())
    }

    /// Two summaries summed (for replays run in parallel).
    pub fn plus(mut self, other: ReplaySummary) -> ReplaySummary {
        self.sentences += other.sentences;
        for (kind, n) in other.transitions {
            *self.transitions.entry(kind).or_insert(0) += n;
        }
        self.perfect_primary += other.perfect_primary;
        self.perfect += other.perfect;
        self.normalised = self.normalised.plus(other.normalised);
        self.unnormalised = self.unnormalised.plus(other.unnormalised);
        self.losses = self.losses.plus(other.losses);
        self.left_out = self.left_out.plus(other.left_out);
        self.stopped += other.stopped;
        self.not_round_tripped.extend(other.not_round_tripped);
        self
    }

    /// All transitions taken.
    pub fn total_transitions(&self) -> usize {
        self.transitions.values().sum()
    }
}
