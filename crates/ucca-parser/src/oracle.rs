//! The static training oracle (ucca-parser spec §2): for a state on the way to a gold graph, the
//! transitions that keep every remaining gold edge buildable.
//!
//! The rules, first applicable first:
//! 1. FINISH when every gold edge is built (or known unbuildable) and the buffer is empty;
//! 2. EDGE or REMOTE for a gold edge between s0 and s1 not built yet;
//! 3. REDUCE when s0 has no gold edge left;
//! 4. NODE when s0's gold primary parent does not exist yet and s0 has no primary child left to
//!    attach (creating the parent later saves swapping it out of the way);
//! 5. SWAP when every gold neighbour s0 still needs lies deeper in the stack than s1, or when s1
//!    belongs under a primary child of s0 not created yet (that child's subtree must be
//!    assembled above s0);
//! 6. SHIFT;
//! 7. NODE even though s0 still has children to attach (the buffer is empty).
//!
//! A gold edge whose transition is illegal (the gold graph violates a label constraint, or the
//! node ratio or height limit) is given up, and so are the edges still missing when nothing else
//! applies; [`Losses`] counts them by cause.

use crate::Action;
use crate::gold::GoldGraph;
use crate::state::{NodeIndex, ROOT, State};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EdgeStatus {
    Remaining,
    Built,
    Lost,
}

/// Gold edges the oracle could not build, by cause.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Losses {
    /// Its transition broke a label constraint, the node ratio or the height limit.
    pub constraint: usize,
    /// Its two ends never met on the stack (a discontinuity SWAP could not reach).
    pub unreached: usize,
}

impl Losses {
    /// The counts summed with another's.
    pub fn plus(self, o: Losses) -> Losses {
        Losses {
            constraint: self.constraint + o.constraint,
            unreached: self.unreached + o.unreached,
        }
    }
}

/// The oracle for one gold graph, following a state from its start.
#[derive(Debug, Clone)]
pub struct Oracle<'g> {
    gold: &'g GoldGraph,
    status: Vec<EdgeStatus>,
    /// Gold edges not yet built or given up, per gold node.
    remaining: Vec<u32>,
    /// The gold node of each state node (`None` for a unit the oracle did not ask for).
    gold_of: Vec<Option<NodeIndex>>,
    /// The state node of each gold node, once created.
    state_of: Vec<Option<NodeIndex>>,
    /// The gold primary parent of each gold node (the first, if the gold graph has several).
    primary_parent: Vec<Option<NodeIndex>>,
    open: usize,
    losses: Losses,
}

impl<'g> Oracle<'g> {
    /// The oracle at the initial state of `gold`'s sentence. A second primary parent of a node
    /// is given up at once (the transition system allows one).
    pub fn new(gold: &'g GoldGraph) -> Oracle<'g> {
        let terminals = gold.tokens.len();
        let mut oracle = Oracle {
            gold,
            status: vec![EdgeStatus::Remaining; gold.edges.len()],
            remaining: gold.incident.iter().map(|e| e.len() as u32).collect(),
            gold_of: (0..=terminals).map(Some).collect(),
            state_of: (0..gold.incident.len())
                .map(|g| (g <= terminals).then_some(g))
                .collect(),
            primary_parent: vec![None; gold.incident.len()],
            open: gold.edges.len(),
            losses: Losses::default(),
        };
        for (i, e) in gold.edges.iter().enumerate() {
            if !e.remote {
                if oracle.primary_parent[e.child].is_some() {
                    oracle.give_up(i, true);
                } else {
                    oracle.primary_parent[e.child] = Some(e.parent);
                }
            }
        }
        oracle
    }

    /// What was given up so far.
    pub fn losses(&self) -> Losses {
        self.losses
    }

    fn give_up(&mut self, edge: usize, constraint: bool) {
        if self.status[edge] != EdgeStatus::Remaining {
            return;
        }
        self.status[edge] = EdgeStatus::Lost;
        self.close(edge);
        if constraint {
            self.losses.constraint += 1;
        } else {
            self.losses.unreached += 1;
        }
    }

    fn close(&mut self, edge: usize) {
        let e = self.gold.edges[edge];
        self.remaining[e.parent] -= 1;
        self.remaining[e.child] -= 1;
        self.open -= 1;
    }

    fn remaining_edges(&self, g: NodeIndex) -> impl Iterator<Item = usize> + '_ {
        self.gold.incident[g]
            .iter()
            .copied()
            .filter(|&i| self.status[i] == EdgeStatus::Remaining)
    }

    /// The transitions to take in `state` (the first is the oracle's choice; every one keeps the
    /// gold graph reachable). Gives up edges that cannot be built, so it takes `&mut self`;
    /// never empty unless the state is finished or cannot finish.
    pub fn actions(&mut self, state: &State) -> Vec<Action> {
        if state.finished {
            return Vec::new();
        }
        if self.open == 0 && state.buffer.is_empty() && state.is_legal(Action::Finish) {
            return vec![Action::Finish];
        }
        let Some(s0) = state.stack_item(0) else {
            return if state.buffer.is_empty() {
                Vec::new()
            } else {
                vec![Action::Shift]
            };
        };
        let Some(g0) = self.gold_of[s0] else {
            return vec![Action::Reduce];
        };
        if let Some(s1) = state.stack_item(1) {
            let edges = self.edges_between(state, s0, s1);
            if !edges.is_empty() {
                return edges;
            }
        }
        if s0 != ROOT && self.remaining[g0] == 0 {
            return vec![Action::Reduce];
        }
        let node = self.node_action(state, g0);
        if let Some((action, ready)) = node
            && ready
        {
            return vec![action];
        }
        if self.should_swap(state, g0) || self.should_make_way(state, g0) {
            return vec![Action::Swap];
        }
        if !state.buffer.is_empty() {
            return vec![Action::Shift];
        }
        if let Some((action, _)) = node {
            return vec![action];
        }
        // Nothing reaches s0's remaining edges any more.
        let stuck: Vec<usize> = self.remaining_edges(g0).collect();
        for i in stuck {
            self.give_up(i, false);
        }
        if s0 != ROOT {
            vec![Action::Reduce]
        } else if state.is_legal(Action::Finish) {
            vec![Action::Finish]
        } else {
            Vec::new()
        }
    }

    /// EDGE and REMOTE transitions for the gold edges between s0 and s1 still to build; illegal
    /// ones are given up.
    fn edges_between(&mut self, state: &State, s0: NodeIndex, s1: NodeIndex) -> Vec<Action> {
        let (Some(g0), Some(g1)) = (self.gold_of[s0], self.gold_of[s1]) else {
            return Vec::new();
        };
        let candidates: Vec<usize> = self
            .remaining_edges(g0)
            .filter(|&i| {
                let e = self.gold.edges[i];
                (e.parent == g0 && e.child == g1) || (e.parent == g1 && e.child == g0)
            })
            .collect();
        let mut out = Vec::new();
        for i in candidates {
            let e = self.gold.edges[i];
            let action = match (e.parent == g0, e.remote) {
                (true, false) => Action::LeftEdge(e.label),
                (true, true) => Action::LeftRemote(e.label),
                (false, false) => Action::RightEdge(e.label),
                (false, true) => Action::RightRemote(e.label),
            };
            if action.index().is_some() && state.is_legal(action) {
                out.push(action);
            } else {
                self.give_up(i, true);
            }
        }
        out
    }

    /// NODE for s0's gold primary parent if it does not exist yet, with whether it is time for it
    /// (no primary child of s0 left to attach). An illegal one gives the parent edge up.
    fn node_action(&mut self, state: &State, g0: NodeIndex) -> Option<(Action, bool)> {
        let parent_edge = self.remaining_edges(g0).find(|&i| {
            let e = self.gold.edges[i];
            e.child == g0 && !e.remote && self.state_of[e.parent].is_none()
        })?;
        let action = Action::Node(self.gold.edges[parent_edge].label);
        if action.index().is_none() || !state.is_legal(action) {
            self.give_up(parent_edge, true);
            return None;
        }
        let ready = !self.remaining_edges(g0).any(|i| {
            let e = self.gold.edges[i];
            e.parent == g0 && !e.remote
        });
        Some((action, ready))
    }

    /// Whether every gold neighbour s0 still needs exists and lies below s1 on the stack.
    fn should_swap(&self, state: &State, g0: NodeIndex) -> bool {
        if state.stack.len() < 3 || !state.is_legal(Action::Swap) {
            return false;
        }
        let deep = &state.stack[..state.stack.len() - 2];
        let mut any = false;
        for i in self.remaining_edges(g0) {
            let e = self.gold.edges[i];
            let other = if e.parent == g0 { e.child } else { e.parent };
            match self.state_of[other] {
                Some(n) if deep.contains(&n) => any = true,
                _ => return false,
            }
        }
        any
    }

    /// Whether s1 belongs under a primary child of s0 that does not exist yet. That child will be
    /// created by NODE from inside its subtree, which must therefore be assembled above s0: s0
    /// steps aside (a unit created from its first child before a later child's subtree was
    /// built, as discontinuous units make happen).
    fn should_make_way(&self, state: &State, g0: NodeIndex) -> bool {
        let Some(g1) = state.stack_item(1).and_then(|s1| self.gold_of[s1]) else {
            return false;
        };
        state.is_legal(Action::Swap)
            && self.remaining_edges(g0).any(|i| {
                let e = self.gold.edges[i];
                e.parent == g0
                    && !e.remote
                    && self.state_of[e.child].is_none()
                    && self.is_gold_ancestor(e.child, g1)
            })
    }

    /// Whether `ancestor` lies on `n`'s path of gold primary parents.
    fn is_gold_ancestor(&self, ancestor: NodeIndex, mut n: NodeIndex) -> bool {
        // The primary edges form a tree; the bound only guards a malformed gold graph.
        for _ in 0..self.primary_parent.len() {
            match self.primary_parent[n] {
                Some(p) if p == ancestor => return true,
                Some(p) => n = p,
                None => return false,
            }
        }
        false
    }

    /// Follows a transition just applied to `state` (which must be the state the oracle's last
    /// [`Oracle::actions`] saw, after `action`).
    pub fn observe(&mut self, state: &State, action: Action) {
        match action {
            Action::Node(_) => {
                let Some(&edge) = state.edges.last() else {
                    return;
                };
                let found = self.gold_of[edge.child].and_then(|g0| {
                    self.remaining_edges(g0).find(|&i| {
                        let e = self.gold.edges[i];
                        e.child == g0 && !e.remote && self.state_of[e.parent].is_none()
                    })
                });
                let parent = found.map(|i| self.gold.edges[i].parent);
                self.gold_of.push(parent);
                if let (Some(i), Some(parent)) = (found, parent) {
                    self.state_of[parent] = Some(edge.parent);
                    self.status[i] = EdgeStatus::Built;
                    self.close(i);
                }
            }
            Action::LeftEdge(_)
            | Action::RightEdge(_)
            | Action::LeftRemote(_)
            | Action::RightRemote(_) => {
                let Some(&edge) = state.edges.last() else {
                    return;
                };
                let (Some(gp), Some(gc)) = (self.gold_of[edge.parent], self.gold_of[edge.child])
                else {
                    return;
                };
                let found = self.remaining_edges(gc).find(|&i| {
                    let e = self.gold.edges[i];
                    e.parent == gp && e.child == gc && e.remote == edge.remote
                });
                if let Some(i) = found {
                    self.status[i] = EdgeStatus::Built;
                    self.close(i);
                }
            }
            _ => {}
        }
    }
}
