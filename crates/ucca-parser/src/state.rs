//! The parser state — stack, buffer and the graph built so far — and what each transition does to
//! it (ucca-parser spec §2). Nodes and edges live in flat vectors addressed by index, so feature
//! extraction reads stack and buffer positions, children, parents, labels, heights and past
//! actions in place.

use std::collections::VecDeque;

use ucca_graph::{
    Category, Edge, Error as GraphError, Layer, NodeId, Passage, PassageBuilder, UnitKind,
};

use crate::Action;

/// Units created per terminal at most (TUPA's `--max-nodes`).
pub const MAX_NODE_RATIO: f64 = 3.0;

/// The greatest height of a unit (TUPA's `--max-height`).
pub const MAX_HEIGHT: u32 = 20;

/// The index of a node of the state: 0 is the root, 1 … n the terminals by position, then the
/// units in the order they were created.
pub type NodeIndex = usize;

/// The index of an edge of the state, in creation order.
pub type EdgeIndex = usize;

/// The root's node index.
pub const ROOT: NodeIndex = 0;

/// One token of the sentence being parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token as written.
    pub text: String,
    /// A punctuation token (`type="Punctuation"` in UCCA XML).
    pub punctuation: bool,
}

/// A passage's terminal as the parser reads it: its text and its punctuation flag.
impl From<&ucca_graph::Terminal> for Token {
    fn from(t: &ucca_graph::Terminal) -> Token {
        Token {
            text: t.text.clone(),
            punctuation: t.punctuation,
        }
    }
}

impl Token {
    /// A token whose punctuation flag follows its text: true when every character is a Unicode
    /// punctuation or symbol character.
    pub fn new(text: impl Into<String>) -> Token {
        let text = text.into();
        let punctuation = !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_punctuation() || (!c.is_alphanumeric() && !c.is_whitespace()));
        Token { text, punctuation }
    }
}

/// A node of the graph being built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateNode {
    /// The 1-based position of a terminal; `None` for the root and created units.
    pub terminal: Option<u32>,
    /// A punctuation terminal.
    pub punctuation: bool,
    /// Incoming edges, in creation order.
    pub incoming: Vec<EdgeIndex>,
    /// Outgoing edges, in creation order.
    pub outgoing: Vec<EdgeIndex>,
    /// The longest primary path down to a terminal (0 for a terminal).
    pub height: u32,
    /// The position of the node's head terminal: a terminal's own, a created unit's first child's
    /// head (the node it was created from); 0 for the root.
    pub head: u32,
    /// The order in which nodes first stood in the stack and buffer: a terminal's is (position, 0),
    /// a created unit's is (its first child's major, a creation counter); SWAP is allowed only for
    /// s1 before s0 in this order, so swaps cannot loop.
    pub swap_index: (u32, u32),
}

impl StateNode {
    /// Whether the node is a terminal.
    pub fn is_terminal(&self) -> bool {
        self.terminal.is_some()
    }
}

/// An edge of the graph being built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateEdge {
    /// The parent.
    pub parent: NodeIndex,
    /// The child.
    pub child: NodeIndex,
    /// The label.
    pub label: Category,
    /// A remote edge.
    pub remote: bool,
}

/// The state of the transition system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Nodes: the root, the terminals, the created units.
    pub nodes: Vec<StateNode>,
    /// Edges in creation order.
    pub edges: Vec<StateEdge>,
    /// The stack, bottom first (the top, s0, is last).
    pub stack: Vec<NodeIndex>,
    /// The buffer, head (b0) first.
    pub buffer: VecDeque<NodeIndex>,
    /// Every transition applied so far.
    pub actions: Vec<Action>,
    /// Whether FINISH was applied.
    pub finished: bool,
    terminal_count: usize,
}

impl State {
    /// The initial state over a sentence of tokens with these punctuation flags: the root alone
    /// on the stack, every terminal in the buffer in order.
    pub fn new(punctuation: &[bool]) -> State {
        let mut nodes = Vec::with_capacity(punctuation.len() * 3 + 1);
        nodes.push(StateNode {
            terminal: None,
            punctuation: false,
            incoming: Vec::new(),
            outgoing: Vec::new(),
            height: 0,
            head: 0,
            swap_index: (0, 0),
        });
        for (i, &p) in punctuation.iter().enumerate() {
            let position = i as u32 + 1;
            nodes.push(StateNode {
                terminal: Some(position),
                punctuation: p,
                incoming: Vec::new(),
                outgoing: Vec::new(),
                height: 0,
                head: position,
                swap_index: (position, 0),
            });
        }
        State {
            nodes,
            edges: Vec::new(),
            stack: vec![ROOT],
            buffer: (1..=punctuation.len()).collect(),
            actions: Vec::new(),
            finished: false,
            terminal_count: punctuation.len(),
        }
    }

    /// The number of terminals.
    pub fn terminal_count(&self) -> usize {
        self.terminal_count
    }

    /// The i-th stack item from the top (s0 = `stack_item(0)`).
    pub fn stack_item(&self, i: usize) -> Option<NodeIndex> {
        self.stack.len().checked_sub(i + 1).map(|j| self.stack[j])
    }

    /// The i-th buffer item from the head (b0 = `buffer_item(0)`).
    pub fn buffer_item(&self, i: usize) -> Option<NodeIndex> {
        self.buffer.get(i).copied()
    }

    /// The number of units created so far (the root not counted).
    pub fn created_units(&self) -> usize {
        self.nodes.len() - 1 - self.terminal_count
    }

    /// The primary parent of a node, if it has one.
    pub fn primary_parent(&self, n: NodeIndex) -> Option<NodeIndex> {
        self.nodes[n]
            .incoming
            .iter()
            .map(|&e| self.edges[e])
            .find(|e| !e.remote)
            .map(|e| e.parent)
    }

    /// Whether `ancestor` is reached from `n` by going up primary edges (or is `n`).
    pub fn is_primary_ancestor(&self, ancestor: NodeIndex, mut n: NodeIndex) -> bool {
        loop {
            if n == ancestor {
                return true;
            }
            match self.primary_parent(n) {
                Some(p) => n = p,
                None => return false,
            }
        }
    }

    /// Whether an edge `parent → child` exists.
    pub fn has_edge(&self, parent: NodeIndex, child: NodeIndex) -> bool {
        self.nodes[parent]
            .outgoing
            .iter()
            .any(|&e| self.edges[e].child == child)
    }

    /// Applies a transition. The caller checks legality first ([`State::is_legal`]); an action
    /// whose operands are missing (an empty stack or buffer) leaves the state unchanged apart
    /// from the action being recorded.
    pub fn apply(&mut self, action: Action) {
        self.actions.push(action);
        let s0 = self.stack_item(0);
        let s1 = self.stack_item(1);
        match action {
            Action::Shift => {
                if let Some(b) = self.buffer.pop_front() {
                    self.stack.push(b);
                }
            }
            Action::Reduce => {
                self.stack.pop();
            }
            Action::Node(label) => {
                if let Some(child) = s0 {
                    let index = self.new_unit(child);
                    self.add_edge(index, child, label, false);
                    self.buffer.push_front(index);
                }
            }
            Action::LeftEdge(label) | Action::LeftRemote(label) => {
                if let (Some(p), Some(c)) = (s0, s1) {
                    self.add_edge(p, c, label, matches!(action, Action::LeftRemote(_)));
                }
            }
            Action::RightEdge(label) | Action::RightRemote(label) => {
                if let (Some(c), Some(p)) = (s0, s1) {
                    self.add_edge(p, c, label, matches!(action, Action::RightRemote(_)));
                }
            }
            Action::Swap => {
                if s1.is_some() {
                    let top = self.stack.pop();
                    if let Some(second) = self.stack.pop() {
                        self.buffer.push_front(second);
                    }
                    self.stack.extend(top);
                }
            }
            Action::Finish => self.finished = true,
        }
    }

    /// A new unit with no edges yet, created from `child` (whose head and swap position it takes).
    fn new_unit(&mut self, child: NodeIndex) -> NodeIndex {
        let number = self.created_units() as u32 + 1;
        self.nodes.push(StateNode {
            terminal: None,
            punctuation: false,
            incoming: Vec::new(),
            outgoing: Vec::new(),
            height: 0,
            head: self.nodes[child].head,
            swap_index: (self.nodes[child].swap_index.0, number),
        });
        self.nodes.len() - 1
    }

    fn add_edge(&mut self, parent: NodeIndex, child: NodeIndex, label: Category, remote: bool) {
        let e = self.edges.len();
        self.edges.push(StateEdge {
            parent,
            child,
            label,
            remote,
        });
        self.nodes[parent].outgoing.push(e);
        self.nodes[child].incoming.push(e);
        if !remote {
            let mut height = self.nodes[child].height + 1;
            let mut n = parent;
            while self.nodes[n].height < height {
                self.nodes[n].height = height;
                match self.primary_parent(n) {
                    Some(p) => {
                        n = p;
                        height += 1;
                    }
                    None => break,
                }
            }
        }
    }

    /// Attaches every node left without a primary parent to the root, so the graph is one tree of
    /// primary edges: the orphan words together under one new unit entered by `F` (a unit that
    /// holds only words), the orphan punctuation under one new PNCT unit (`U`), an orphan unit by
    /// `U` when it holds only punctuation and by `H` otherwise. At most two units are added;
    /// decoding keeps room for them under the node-ratio limit. Parsing calls it when decoding
    /// stops.
    pub fn attach_orphans(&mut self) {
        let orphans: Vec<NodeIndex> = (1..self.nodes.len())
            .filter(|&n| self.primary_parent(n).is_none())
            .collect();
        for punctuation in [false, true] {
            let terminals: Vec<NodeIndex> = orphans
                .iter()
                .copied()
                .filter(|&n| {
                    self.nodes[n].is_terminal() && self.nodes[n].punctuation == punctuation
                })
                .collect();
            let Some(&first) = terminals.first() else {
                continue;
            };
            let unit = self.new_unit(first);
            for t in terminals {
                self.add_edge(unit, t, Category::Terminal, false);
            }
            let label = if punctuation {
                Category::Punctuation
            } else {
                Category::Function
            };
            self.add_edge(ROOT, unit, label, false);
        }
        let units: Vec<NodeIndex> = orphans
            .into_iter()
            .filter(|&n| !self.nodes[n].is_terminal())
            .collect();
        for n in units {
            let node = &self.nodes[n];
            let punctuation = !node.outgoing.is_empty()
                && node.outgoing.iter().all(|&e| {
                    let child = &self.nodes[self.edges[e].child];
                    child.is_terminal() && child.punctuation
                });
            let label = if punctuation {
                Category::Punctuation
            } else {
                Category::ParallelScene
            };
            self.add_edge(ROOT, n, label, false);
        }
    }

    /// Whether decoding may still create a unit: the node-ratio limit less the two units
    /// [`State::attach_orphans`] may add.
    pub(crate) fn may_create_while_decoding(&self) -> bool {
        ((self.created_units() + 3) as f64) <= MAX_NODE_RATIO * self.terminal_count.max(1) as f64
    }

    /// Whether a new unit would keep units / terminals ≤ [`MAX_NODE_RATIO`] and its height ≤
    /// [`MAX_HEIGHT`].
    pub(crate) fn may_create_parent_of(&self, child: NodeIndex) -> bool {
        let units = (self.created_units() + 1) as f64;
        units <= MAX_NODE_RATIO * self.terminal_count.max(1) as f64
            && self.nodes[child].height < MAX_HEIGHT
    }

    /// The graph as a UCCA passage named `id` over `tokens` (which must be as many as the
    /// state's terminals): created units become `1.2`, `1.3`, … in creation order; a unit whose
    /// children are all punctuation terminals is a PNCT unit, every other an FN unit.
    pub fn to_passage(&self, id: &str, tokens: &[Token]) -> Result<Passage, GraphError> {
        let mut b = PassageBuilder::new(id);
        let mut ids: Vec<NodeId> = Vec::with_capacity(self.nodes.len());
        ids.push(NodeId::new(Layer::Foundational, 1));
        for t in tokens.iter().take(self.terminal_count) {
            ids.push(b.terminal(t.text.clone(), t.punctuation));
        }
        for n in self.nodes.iter().skip(1 + self.terminal_count) {
            let punctuation = !n.outgoing.is_empty()
                && n.outgoing.iter().all(|&e| {
                    let child = &self.nodes[self.edges[e].child];
                    child.is_terminal() && child.punctuation
                });
            ids.push(b.unit(if punctuation {
                UnitKind::Punctuation
            } else {
                UnitKind::Foundational
            }));
        }
        for e in &self.edges {
            b.add_edge(ids[e.parent], ids[e.child], Edge::new(e.label, e.remote));
        }
        b.build()
    }
}
