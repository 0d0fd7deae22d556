//! The gold graph the oracle rebuilds: a sentence passage's terminals, units and edges as the
//! transition system can produce them, and what it leaves out (implicit units and linkage, which
//! TUPA never outputs).

use std::collections::HashMap;

use ucca_graph::{Category, Node, NodeId, Passage, UnitKind};

use crate::state::{NodeIndex, ROOT, Token};

/// An edge of the gold graph, between gold node indices (numbered like the state's: the root 0,
/// terminals 1 … n, then units in passage order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoldEdge {
    /// The parent.
    pub parent: NodeIndex,
    /// The child.
    pub child: NodeIndex,
    /// The edge's `type` (its first category).
    pub label: Category,
    /// A remote edge.
    pub remote: bool,
}

/// What the gold graph leaves out of a passage because the transition system cannot build it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct LeftOut {
    /// Implicit units (no terminals).
    pub implicit_units: usize,
    /// Edges into implicit units.
    pub implicit_edges: usize,
    /// Linkage (LKG) nodes.
    pub linkage_nodes: usize,
    /// Linkage (`LA`, `LR`) edges.
    pub linkage_edges: usize,
}

impl LeftOut {
    /// The counts summed with another's.
    pub fn plus(self, o: LeftOut) -> LeftOut {
        LeftOut {
            implicit_units: self.implicit_units + o.implicit_units,
            implicit_edges: self.implicit_edges + o.implicit_edges,
            linkage_nodes: self.linkage_nodes + o.linkage_nodes,
            linkage_edges: self.linkage_edges + o.linkage_edges,
        }
    }
}

/// A sentence passage as the transition system sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldGraph {
    /// The tokens.
    pub tokens: Vec<Token>,
    /// Every edge the transition system could build.
    pub edges: Vec<GoldEdge>,
    /// The edges at each gold node (as parent or child), one list per gold node: the root, the
    /// terminals, the units.
    pub incident: Vec<Vec<usize>>,
    /// What was left out.
    pub left_out: LeftOut,
}

impl GoldGraph {
    /// The gold graph of a passage: its terminals, its non-implicit FN and PNCT units, and every
    /// edge among them but linkage edges.
    pub fn new(p: &Passage) -> GoldGraph {
        let tokens: Vec<Token> = p.terminals().map(Token::from).collect();
        let mut index: HashMap<NodeId, NodeIndex> = HashMap::new();
        let mut left_out = LeftOut::default();
        for t in p.terminals() {
            index.insert(t.id, t.position() as usize);
        }
        index.insert(p.root(), ROOT);
        let mut next = tokens.len() + 1;
        for u in p.units().filter(|u| u.id != p.root()) {
            if u.implicit {
                left_out.implicit_units += 1;
            } else if u.kind == UnitKind::Linkage {
                left_out.linkage_nodes += 1;
            } else {
                index.insert(u.id, next);
                next += 1;
            }
        }
        let mut edges = Vec::new();
        for e in p.edges() {
            if matches!(
                e.edge.category,
                Category::LinkArgument | Category::LinkRelation
            ) || matches!(p.node(e.parent), Some(Node::Unit(u)) if u.kind == UnitKind::Linkage)
            {
                left_out.linkage_edges += 1;
                continue;
            }
            match (index.get(&e.parent), index.get(&e.child)) {
                (Some(&parent), Some(&child)) => edges.push(GoldEdge {
                    parent,
                    child,
                    label: e.edge.category,
                    remote: e.edge.remote,
                }),
                _ => left_out.implicit_edges += 1,
            }
        }
        let mut incident = vec![Vec::new(); next];
        for (i, e) in edges.iter().enumerate() {
            incident[e.parent].push(i);
            incident[e.child].push(i);
        }
        GoldGraph {
            tokens,
            edges,
            incident,
            left_out,
        }
    }

    /// The punctuation flags of the tokens (what [`crate::State::new`] takes).
    pub fn punctuation(&self) -> Vec<bool> {
        self.tokens.iter().map(|t| t.punctuation).collect()
    }
}
