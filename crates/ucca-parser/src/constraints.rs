//! Which transitions are legal in a state: the preconditions and TUPA's default UCCA label
//! constraints (ucca-parser spec §2).

use ucca_graph::Category;

use crate::Action;
use crate::state::{MAX_HEIGHT, NodeIndex, ROOT, State};

/// A unit has at most one outgoing edge with one of these labels, and never both P and S.
const UNIQUE_OUTGOING: [Category; 2] = [Category::Process, Category::State];

/// A node has at most one incoming edge with each of these labels.
const UNIQUE_INCOMING: [Category; 7] = [
    Category::Function,
    Category::Ground,
    Category::ParallelScene,
    Category::Linker,
    Category::Connector,
    Category::Punctuation,
    Category::Terminal,
];

/// The labels of edges from the root.
const TOP_LEVEL: [Category; 5] = [
    Category::ParallelScene,
    Category::Linker,
    Category::Function,
    Category::Ground,
    Category::Punctuation,
];

impl State {
    /// Whether `action` may be applied now.
    pub fn is_legal(&self, action: Action) -> bool {
        if self.finished {
            return false;
        }
        let s0 = self.stack_item(0);
        let s1 = self.stack_item(1);
        match action {
            Action::Shift => !self.buffer.is_empty(),
            Action::Reduce => match s0 {
                Some(ROOT) => !self.nodes[ROOT].outgoing.is_empty(),
                Some(_) => true,
                None => false,
            },
            Action::Node(label) => s0.is_some_and(|c| {
                c != ROOT
                    && (label == Category::Terminal) == self.nodes[c].is_terminal()
                    && self.primary_parent(c).is_none()
                    && self.child_accepts(c, label)
                    && self.may_create_parent_of(c)
            }),
            Action::LeftEdge(label) | Action::LeftRemote(label) => match (s0, s1) {
                (Some(p), Some(c)) => {
                    self.edge_allowed(p, c, label, matches!(action, Action::LeftRemote(_)))
                }
                _ => false,
            },
            Action::RightEdge(label) | Action::RightRemote(label) => match (s0, s1) {
                (Some(c), Some(p)) => {
                    self.edge_allowed(p, c, label, matches!(action, Action::RightRemote(_)))
                }
                _ => false,
            },
            Action::Swap => match (s0, s1) {
                (Some(a), Some(b)) => {
                    b != ROOT && self.nodes[b].swap_index < self.nodes[a].swap_index
                }
                _ => false,
            },
            Action::Finish => !self.nodes[ROOT].outgoing.is_empty(),
        }
    }

    /// How many units (the root not counted) lie above `n` on its primary path.
    fn units_above(&self, mut n: NodeIndex) -> u32 {
        let mut count = 0;
        while let Some(p) = self.primary_parent(n).filter(|&p| p != ROOT) {
            count += 1;
            n = p;
        }
        count
    }

    /// Every legal action, in the order of [`Action::all`].
    pub fn legal_actions(&self) -> impl Iterator<Item = Action> + '_ {
        Action::all().filter(|&a| self.is_legal(a))
    }

    /// Whether an edge `parent → child` labelled `label` may be added: the parent is not a
    /// terminal, the child not the root, no such edge exists, a primary edge closes no cycle,
    /// gives the child its only primary parent and keeps every unit within [`MAX_HEIGHT`], `Terminal` edges go to terminals and only they,
    /// and the label constraints hold.
    fn edge_allowed(
        &self,
        parent: NodeIndex,
        child: NodeIndex,
        label: Category,
        remote: bool,
    ) -> bool {
        let (p, c) = (&self.nodes[parent], &self.nodes[child]);
        if p.is_terminal() || child == ROOT || parent == child || self.has_edge(parent, child) {
            return false;
        }
        if (label == Category::Terminal) != c.is_terminal() || (remote && c.is_terminal()) {
            return false;
        }
        if !remote
            && (self.primary_parent(child).is_some() || self.is_primary_ancestor(child, parent))
        {
            return false;
        }
        // A primary edge raises the parent and each unit above it (the root aside): the highest
        // of them must stay within MAX_HEIGHT.
        if !remote && parent != ROOT && c.height + 1 + self.units_above(parent) > MAX_HEIGHT {
            return false;
        }
        if parent == ROOT && !TOP_LEVEL.contains(&label) {
            return false;
        }
        if UNIQUE_OUTGOING.contains(&label)
            && self
                .outgoing_labels(parent)
                .any(|l| UNIQUE_OUTGOING.contains(&l))
        {
            return false;
        }
        // A unit entered by F holds only words and punctuation.
        if self
            .incoming_labels(parent)
            .any(|l| l == Category::Function)
            && !terminal_like(label)
        {
            return false;
        }
        self.child_accepts(child, label)
    }

    /// The constraints on the child's side of a new edge labelled `label`: at most one incoming
    /// edge of each unique label, and a child entered by F holds only words and punctuation.
    fn child_accepts(&self, child: NodeIndex, label: Category) -> bool {
        !(UNIQUE_INCOMING.contains(&label) && self.incoming_labels(child).any(|l| l == label))
            && (label != Category::Function || self.outgoing_labels(child).all(terminal_like))
    }

    fn outgoing_labels(&self, n: NodeIndex) -> impl Iterator<Item = Category> + '_ {
        self.nodes[n].outgoing.iter().map(|&e| self.edges[e].label)
    }

    fn incoming_labels(&self, n: NodeIndex) -> impl Iterator<Item = Category> + '_ {
        self.nodes[n].incoming.iter().map(|&e| self.edges[e].label)
    }
}

fn terminal_like(label: Category) -> bool {
    matches!(label, Category::Terminal | Category::Punctuation)
}
