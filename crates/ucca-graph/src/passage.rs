use std::collections::BTreeSet;

use petgraph::Direction;
use petgraph::algo::toposort;
use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};
use petgraph::visit::{EdgeFiltered, EdgeRef as _};

use crate::{
    Attributes, Category, Edge, Error, Layer, Location, Node, NodeId, Terminal, Unit, UnitKind,
};

/// Whether remote edges count when walking down from a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remote {
    /// Follow primary edges only (the yield of the UCCA library and of DAG F1).
    Exclude,
    /// Follow remote edges too (the terminals a unit refers to, directly or by reentrancy).
    Include,
}

/// An edge together with the IDs it connects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeRef<'a> {
    /// The parent unit.
    pub parent: NodeId,
    /// The child unit or terminal.
    pub child: NodeId,
    /// The edge.
    pub edge: &'a Edge,
}

/// Attributes and `<extra>` elements of an XML element that carries no other meaning for the model
/// (the passage root and the two layers).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ElementMeta {
    pub(crate) attributes: Attributes,
    pub(crate) extras: Vec<Attributes>,
}

/// A UCCA passage: the terminals (layer 0) and units (layer 1) of one annotated text as a petgraph
/// DAG whose edges are labelled with UCCA categories.
///
/// Invariants (checked when a passage is built or read): node IDs are unique; terminals are
/// `0.1 … 0.N` in text order, their paragraph positions counting 1, 2, … within each run of one
/// paragraph number; the
/// layer-1 root `1.1` is an FN unit; `Terminal` edges, and only they, go from a unit to a
/// terminal; primary edges form no cycle.
#[derive(Debug, Clone)]
pub struct Passage {
    pub(crate) id: String,
    pub(crate) root_element: ElementMeta,
    pub(crate) root_attributes: Attributes,
    pub(crate) layers: [ElementMeta; 2],
    /// Nodes are added in ID order (so a `NodeIndex` compares like its `NodeId`, and terminals
    /// occupy indices `0..terminal_count` by position); edges in file order.
    pub(crate) graph: DiGraph<Node, Edge>,
    pub(crate) terminal_count: usize,
}

impl PartialEq for Passage {
    /// Equal passages have the same IDs, attributes, nodes, and for every node the same outgoing
    /// edges in the same (file) order.
    fn eq(&self, other: &Passage) -> bool {
        self.id == other.id
            && self.root_element == other.root_element
            && self.root_attributes == other.root_attributes
            && self.layers == other.layers
            && self.graph.node_count() == other.graph.node_count()
            && self.graph.edge_count() == other.graph.edge_count()
            && self.nodes().zip(other.nodes()).all(|(a, b)| {
                a == b
                    && self
                        .outgoing_in_file_order(a.id())
                        .eq(other.outgoing_in_file_order(b.id()))
            })
    }
}

impl Eq for Passage {}

impl Passage {
    /// The `passageID`.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The attributes of the passage (the `<attributes>` child of `<root>`).
    pub fn attributes(&self) -> &Attributes {
        &self.root_element.attributes
    }

    /// Attributes of the `<root>` element other than `passageID` (e.g. `annotationID`).
    pub fn root_attributes(&self) -> &Attributes {
        &self.root_attributes
    }

    /// The underlying petgraph graph. Node indices follow node-ID order.
    pub fn graph(&self) -> &DiGraph<Node, Edge> {
        &self.graph
    }

    /// All nodes in ID order: terminals by position, then units by number.
    pub fn nodes(&self) -> impl Iterator<Item = &Node> {
        self.graph.node_weights()
    }

    /// The node with ID `id`.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.index_of(id).map(|i| &self.graph[i])
    }

    /// The terminals (tokens) in text order.
    pub fn terminals(&self) -> impl Iterator<Item = &Terminal> {
        self.graph
            .node_weights()
            .take(self.terminal_count)
            .filter_map(Node::as_terminal)
    }

    /// The number of terminals.
    pub fn terminal_count(&self) -> usize {
        self.terminal_count
    }

    /// The terminal at 1-based `position`.
    pub fn terminal(&self, position: u32) -> Option<&Terminal> {
        let i = usize::try_from(position).ok()?.checked_sub(1)?;
        if i < self.terminal_count {
            self.graph[NodeIndex::new(i)].as_terminal()
        } else {
            None
        }
    }

    /// The layer-1 units (FN, PNCT, LKG) in ID order.
    pub fn units(&self) -> impl Iterator<Item = &Unit> {
        self.graph
            .node_weights()
            .skip(self.terminal_count)
            .filter_map(Node::as_unit)
    }

    /// The layer-1 root `1.1`: the FN unit that heads the foundational layer.
    pub fn root(&self) -> NodeId {
        NodeId::new(Layer::Foundational, 1)
    }

    /// Every edge, parents in ID order and each parent's edges in file order.
    pub fn edges(&self) -> impl Iterator<Item = EdgeRef<'_>> {
        self.nodes()
            .flat_map(|n| self.outgoing_in_file_order(n.id()))
    }

    /// The primary (non-remote) edges.
    pub fn primary_edges(&self) -> impl Iterator<Item = EdgeRef<'_>> {
        self.edges().filter(|e| !e.edge.remote)
    }

    /// The remote edges.
    pub fn remote_edges(&self) -> impl Iterator<Item = EdgeRef<'_>> {
        self.edges().filter(|e| e.edge.remote)
    }

    /// The outgoing edges of `id` sorted by child ID — the order of the UCCA library's `children`
    /// (terminals before units, then numerically). Remote and linkage edges included.
    pub fn children(&self, id: NodeId) -> Vec<EdgeRef<'_>> {
        let mut out = self.adjacent(id, Direction::Outgoing);
        out.sort_by_key(|e| (e.child, e.edge.remote));
        out
    }

    /// The incoming edges of `id` sorted by parent ID (primary, remote and linkage edges).
    pub fn parents(&self, id: NodeId) -> Vec<EdgeRef<'_>> {
        let mut out = self.adjacent(id, Direction::Incoming);
        out.sort_by_key(|e| (e.parent, e.edge.remote));
        out
    }

    /// The terminals of a node, sorted by position: for a terminal itself; for a unit, following
    /// its outgoing edges recursively — a `Terminal` edge contributes its terminal, a `U` edge the
    /// *direct* terminal children of its target (TUPA output has `U` edges to FN units, whose
    /// descendants the UCCA library does not collect), any other edge the yield of its target.
    /// With [`Remote::Exclude`] remote edges are not followed (the library's `get_terminals`).
    /// Punctuation terminals are included. An implicit unit has an empty yield.
    pub fn yield_of(&self, id: NodeId, remote: Remote) -> Vec<NodeId> {
        let Some(start) = self.index_of(id) else {
            return Vec::new();
        };
        let mut found = BTreeSet::new();
        let mut visited = BTreeSet::new();
        let mut stack = vec![start];
        while let Some(n) = stack.pop() {
            if !visited.insert(n) {
                continue;
            }
            if let Node::Terminal(t) = &self.graph[n] {
                found.insert(t.id);
                continue;
            }
            for e in self.graph.edges_directed(n, Direction::Outgoing) {
                if remote == Remote::Exclude && e.weight().remote {
                    continue;
                }
                if e.weight().category == Category::Punctuation {
                    found.extend(
                        self.graph
                            .edges_directed(e.target(), Direction::Outgoing)
                            .filter(|d| d.weight().category == Category::Terminal)
                            .map(|d| self.graph[d.target()].id()),
                    );
                } else {
                    stack.push(e.target());
                }
            }
        }
        found.into_iter().collect()
    }

    /// All nodes such that every parent precedes its children along primary edges (ties broken by
    /// node ID). Remote edges are left out: a remote edge may point back to an ancestor.
    pub fn topological_order(&self) -> Vec<NodeId> {
        let primary = EdgeFiltered::from_fn(&self.graph, |e| !e.weight().remote);
        match toposort(&primary, None) {
            Ok(order) => order.into_iter().map(|i| self.graph[i].id()).collect(),
            // Construction rejects primary cycles, so this arm is never taken; an empty order is
            // the honest answer for a graph without one.
            Err(_) => Vec::new(),
        }
    }

    /// A bracketed rendering of the primary tree for debugging: `[H [A He] [P gave] …]`, remote
    /// children as `[A* …]` (not expanded), implicit units as `IMPLICIT`.
    pub fn render(&self) -> String {
        crate::render::render(self)
    }

    pub(crate) fn index_of(&self, id: NodeId) -> Option<NodeIndex> {
        let nodes = self.graph.raw_nodes();
        nodes
            .binary_search_by_key(&id, |n| n.weight.id())
            .ok()
            .map(NodeIndex::new)
    }

    /// The outgoing edges of `id` in file order (edges were added in file order, so edge
    /// indices follow it).
    pub(crate) fn outgoing_in_file_order(&self, id: NodeId) -> impl Iterator<Item = EdgeRef<'_>> {
        let mut edges: Vec<(EdgeIndex, EdgeRef<'_>)> = match self.index_of(id) {
            Some(n) => self
                .graph
                .edges_directed(n, Direction::Outgoing)
                .map(|e| (e.id(), self.edge_ref(e)))
                .collect(),
            None => Vec::new(),
        };
        edges.sort_by_key(|(i, _)| *i);
        edges.into_iter().map(|(_, e)| e)
    }

    fn adjacent(&self, id: NodeId, direction: Direction) -> Vec<EdgeRef<'_>> {
        match self.index_of(id) {
            Some(n) => self
                .graph
                .edges_directed(n, direction)
                .map(|e| self.edge_ref(e))
                .collect(),
            None => Vec::new(),
        }
    }

    fn edge_ref<'a>(&'a self, e: petgraph::graph::EdgeReference<'a, Edge>) -> EdgeRef<'a> {
        EdgeRef {
            parent: self.graph[e.source()].id(),
            child: self.graph[e.target()].id(),
            edge: e.weight(),
        }
    }
}

/// Builds a [`Passage`] node by node and checks the invariants at the end. The XML reader uses it
/// too, so a passage built in code and one read from a file obey the same rules.
#[derive(Debug, Clone)]
pub struct PassageBuilder {
    id: String,
    origin: String,
    pub(crate) root_element: ElementMeta,
    pub(crate) root_attributes: Attributes,
    pub(crate) layers: [ElementMeta; 2],
    nodes: Vec<(Node, Option<u64>)>,
    edges: Vec<PendingEdge>,
    next_terminal: u32,
    next_unit: u32,
    paragraph: u32,
    paragraph_position: u32,
}

#[derive(Debug, Clone)]
struct PendingEdge {
    from: NodeId,
    to: String,
    edge: Edge,
    offset: Option<u64>,
}

impl PassageBuilder {
    /// A passage with ID `id` whose layer 1 holds just the root unit `1.1`.
    pub fn new(id: impl Into<String>) -> PassageBuilder {
        let mut b = PassageBuilder::empty(id.into(), "<builder>".into());
        b.unit(UnitKind::Foundational);
        b
    }

    pub(crate) fn empty(id: String, origin: String) -> PassageBuilder {
        PassageBuilder {
            id,
            origin,
            root_element: ElementMeta::default(),
            root_attributes: Attributes::default(),
            layers: Default::default(),
            nodes: Vec::new(),
            edges: Vec::new(),
            next_terminal: 1,
            next_unit: 1,
            paragraph: 1,
            paragraph_position: 1,
        }
    }

    /// Appends a terminal to the current paragraph and returns its ID.
    pub fn terminal(&mut self, text: impl Into<String>, punctuation: bool) -> NodeId {
        let id = NodeId::new(Layer::Terminals, self.next_terminal);
        self.next_terminal += 1;
        self.nodes.push((
            Node::Terminal(Terminal {
                id,
                text: text.into(),
                punctuation,
                paragraph: self.paragraph,
                paragraph_position: self.paragraph_position,
                attributes: Attributes::default(),
                extras: Vec::new(),
            }),
            None,
        ));
        self.paragraph_position += 1;
        id
    }

    /// Starts a new paragraph: the next terminal gets paragraph + 1, paragraph position 1.
    pub fn paragraph_break(&mut self) {
        self.paragraph += 1;
        self.paragraph_position = 1;
    }

    /// Adds a layer-1 unit and returns its ID.
    pub fn unit(&mut self, kind: UnitKind) -> NodeId {
        self.add_unit(kind, false)
    }

    /// Adds an implicit FN unit (no terminals) and returns its ID.
    pub fn implicit_unit(&mut self) -> NodeId {
        self.add_unit(UnitKind::Foundational, true)
    }

    fn add_unit(&mut self, kind: UnitKind, implicit: bool) -> NodeId {
        let id = NodeId::new(Layer::Foundational, self.next_unit);
        self.next_unit += 1;
        self.nodes.push((
            Node::Unit(Unit {
                id,
                kind,
                implicit,
                attributes: Attributes::default(),
                extras: Vec::new(),
            }),
            None,
        ));
        id
    }

    /// Adds an edge `from → to` with one category.
    pub fn edge(&mut self, from: NodeId, to: NodeId, category: Category, remote: bool) {
        self.edges.push(PendingEdge {
            from,
            to: to.to_string(),
            edge: Edge::new(category, remote),
            offset: None,
        });
    }

    /// Adds an edge `from → to` carrying `edge` as it is (several categories, attributes,
    /// `<extra>` elements).
    pub fn add_edge(&mut self, from: NodeId, to: NodeId, edge: Edge) {
        self.edges.push(PendingEdge {
            from,
            to: to.to_string(),
            edge,
            offset: None,
        });
    }

    /// Adds a unit like `u` (kind, implicitness, attributes, `<extra>` elements) and returns its
    /// ID.
    pub(crate) fn copy_of(&mut self, u: &Unit) -> NodeId {
        let id = if u.implicit {
            self.implicit_unit()
        } else {
            self.unit(u.kind)
        };
        self.set_details(u.attributes.clone(), u.extras.clone());
        id
    }

    /// Gives the node added last the attributes and `<extra>` elements of a copied node.
    pub(crate) fn set_details(&mut self, attributes: Attributes, extras: Vec<Attributes>) {
        match self.nodes.last_mut() {
            Some((Node::Terminal(t), _)) => {
                t.attributes = attributes;
                t.extras = extras;
            }
            Some((Node::Unit(u), _)) => {
                u.attributes = attributes;
                u.extras = extras;
            }
            None => {}
        }
    }

    pub(crate) fn push_node(&mut self, node: Node, offset: u64) {
        self.nodes.push((node, Some(offset)));
    }

    pub(crate) fn push_edge(&mut self, from: NodeId, to: String, edge: Edge, offset: u64) {
        self.edges.push(PendingEdge {
            from,
            to,
            edge,
            offset: Some(offset),
        });
    }

    fn at(&self, offset: Option<u64>) -> Location {
        Location {
            file: self.origin.clone(),
            offset,
        }
    }

    /// Checks the invariants of [`Passage`] and builds it. `layer1_offset` locates the error when
    /// the root unit is missing.
    pub(crate) fn build_at(mut self, layer1_offset: Option<u64>) -> Result<Passage, Error> {
        self.nodes.sort_by_key(|(n, _)| n.id());
        if let Some(w) = self.nodes.windows(2).find(|w| w[0].0.id() == w[1].0.id()) {
            return Err(Error::DuplicateId {
                at: self.at(w[1].1),
                id: w[1].0.id(),
            });
        }
        let terminal_count = self
            .nodes
            .iter()
            .take_while(|(n, _)| n.id().layer() == Layer::Terminals)
            .count();
        self.check_terminal_order(terminal_count)?;
        let root = NodeId::new(Layer::Foundational, 1);
        let has_root = self.nodes.get(terminal_count).is_some_and(|(n, _)| {
            n.id() == root && matches!(n, Node::Unit(u) if u.kind == UnitKind::Foundational)
        });
        if !has_root {
            return Err(Error::MissingRoot {
                at: self.at(layer1_offset),
            });
        }

        let mut graph = DiGraph::with_capacity(self.nodes.len(), self.edges.len());
        let offsets: Vec<Option<u64>> = self.nodes.iter().map(|(_, o)| *o).collect();
        let ids: Vec<NodeId> = self.nodes.iter().map(|(n, _)| n.id()).collect();
        for (node, _) in std::mem::take(&mut self.nodes) {
            graph.add_node(node);
        }
        let find = |id: NodeId| ids.binary_search(&id).ok().map(NodeIndex::new);
        for pending in std::mem::take(&mut self.edges) {
            let at = self.at(pending.offset);
            let from = find(pending.from).ok_or_else(|| Error::DanglingEdge {
                at: at.clone(),
                from: pending.from,
                to: pending.to.clone(),
            })?;
            let to = pending
                .to
                .parse::<NodeId>()
                .ok()
                .and_then(find)
                .ok_or_else(|| Error::DanglingEdge {
                    at: at.clone(),
                    from: pending.from,
                    to: pending.to.clone(),
                })?;
            let child = ids[to.index()];
            let to_terminal = child.layer() == Layer::Terminals;
            let is_terminal_edge = pending.edge.category == Category::Terminal;
            if pending.from.layer() == Layer::Terminals || to_terminal != is_terminal_edge {
                return Err(Error::EdgeLayerMismatch {
                    at,
                    from: pending.from,
                    to: child,
                    category: pending.edge.category,
                });
            }
            graph.add_edge(from, to, pending.edge);
        }

        let primary = EdgeFiltered::from_fn(&graph, |e| !e.weight().remote);
        if let Err(cycle) = toposort(&primary, None) {
            let i = cycle.node_id().index();
            return Err(Error::Cycle {
                at: self.at(offsets[i]),
                node: ids[i],
            });
        }

        Ok(Passage {
            id: self.id,
            root_element: self.root_element,
            root_attributes: self.root_attributes,
            layers: self.layers,
            graph,
            terminal_count,
        })
    }

    /// Checks the invariants of [`Passage`] and builds it.
    pub fn build(self) -> Result<Passage, Error> {
        self.build_at(None)
    }

    fn check_terminal_order(&self, terminal_count: usize) -> Result<(), Error> {
        let mut previous: Option<&Terminal> = None;
        for (expected, (node, offset)) in (1u32..).zip(&self.nodes[..terminal_count]) {
            let Node::Terminal(t) = node else { continue };
            let fail = |message: String| Error::TerminalOrder {
                at: self.at(*offset),
                id: t.id,
                message,
            };
            if t.id.number() != expected {
                return Err(fail(format!(
                    "terminal IDs must be 0.1 … 0.N without gaps; expected 0.{expected}"
                )));
            }
            // Paragraph numbers need not increase: the combined NUCLE passages concatenate
            // paragraph parses in essay order with their original numbers (3, 2, 4, 6, 4, …).
            let expected_position = match previous {
                Some(p) if p.paragraph == t.paragraph => p.paragraph_position + 1,
                _ => 1,
            };
            if t.paragraph_position != expected_position {
                return Err(fail(format!(
                    "paragraph_position {} where {expected_position} was expected",
                    t.paragraph_position
                )));
            }
            previous = Some(t);
        }
        Ok(())
    }
}
