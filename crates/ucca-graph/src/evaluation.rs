//! The graph the UCCA evaluator scores: a mutable copy of a passage's layer 1 on which the 2017
//! normalisation runs (ucca-parser spec §4.1; usim-spec §d.1), and the yield-keyed label maps of
//! the evaluator (spec §4.2–4.4).

use std::collections::{BTreeMap, BTreeSet};

use crate::{Category, Node, Passage, UnitKind};

/// A yield: positions of terminals, not those under punctuation units (see `terminals`).
pub(crate) type Yield = BTreeSet<u32>;

#[derive(Debug, Clone)]
struct Arc {
    child: usize,
    category: Category,
    categories: Vec<Category>,
    remote: bool,
}

#[derive(Debug, Clone)]
struct Vertex {
    /// The 1-based position of a terminal.
    terminal: Option<u32>,
    kind: UnitKind,
    implicit: bool,
    children: Vec<Arc>,
}

/// Layer 1 of a passage as adjacency lists, indexed like the passage's graph (terminals first).
#[derive(Debug, Clone)]
pub(crate) struct EvalGraph {
    vertices: Vec<Vertex>,
    root: usize,
}

impl EvalGraph {
    pub(crate) fn new(p: &Passage) -> EvalGraph {
        let graph = p.graph();
        let vertices = graph
            .node_indices()
            .map(|n| {
                let (terminal, kind, implicit) = match &graph[n] {
                    Node::Terminal(t) => (Some(t.position()), UnitKind::Foundational, false),
                    Node::Unit(u) => (None, u.kind, u.implicit),
                };
                let children = p
                    .outgoing_in_file_order(graph[n].id())
                    .map(|e| Arc {
                        child: p.index_of(e.child).map_or(0, |i| i.index()),
                        category: e.edge.category,
                        categories: e.edge.categories(),
                        remote: e.edge.remote,
                    })
                    .collect();
                Vertex {
                    terminal,
                    kind,
                    implicit,
                    children,
                }
            })
            .collect();
        let root = p.index_of(p.root()).map_or(0, |i| i.index());
        EvalGraph { vertices, root }
    }

    /// The primary parent and the index of the edge into `v` (first by parent index among FN
    /// parents).
    fn primary_parent(&self, v: usize) -> Option<(usize, usize)> {
        self.vertices.iter().enumerate().find_map(|(p, vertex)| {
            if vertex.terminal.is_some() || vertex.kind != UnitKind::Foundational {
                return None;
            }
            vertex
                .children
                .iter()
                .position(|a| a.child == v && !a.remote)
                .map(|i| (p, i))
        })
    }

    fn ftag(&self, v: usize) -> Option<Category> {
        self.primary_parent(v)
            .map(|(p, i)| self.vertices[p].children[i].category)
    }

    /// The children of `v` entered by `category`, remote edges included (the evaluator's
    /// `centers`).
    fn children_labelled(&self, v: usize, category: Category) -> Vec<usize> {
        self.vertices[v]
            .children
            .iter()
            .filter(|a| a.category == category)
            .map(|a| a.child)
            .collect()
    }

    /// Flattens nested Centers, unit by unit in order, each test on the graph as the earlier
    /// steps left it: a foundational unit entered by `C` (its primary edge) that has exactly one
    /// Center and is its parent's only Center — remote Center edges count, as the evaluator's
    /// `centers` counts them — is dissolved: remote edges into it now point to its Center, its
    /// edges move to the end of its parent's, and every edge into it goes.
    pub(crate) fn flatten_centers(&mut self) {
        for v in 0..self.vertices.len() {
            let vertex = &self.vertices[v];
            if vertex.terminal.is_some() || vertex.kind != UnitKind::Foundational {
                continue;
            }
            let Some((parent, i)) = self.primary_parent(v) else {
                continue;
            };
            let centers = self.children_labelled(v, Category::Center);
            if self.vertices[parent].children[i].category != Category::Center
                || centers.len() != 1
                || self.children_labelled(parent, Category::Center).len() != 1
            {
                continue;
            }
            for vertex in &mut self.vertices {
                for a in &mut vertex.children {
                    if a.child == v && a.remote {
                        a.child = centers[0];
                    }
                }
            }
            let moved = std::mem::take(&mut self.vertices[v].children);
            self.vertices[parent].children.extend(moved);
            for vertex in &mut self.vertices {
                vertex.children.retain(|a| a.child != v);
            }
        }
    }

    /// The units entered by `F` by their yield: where several have one yield, the last (the
    /// evaluator keeps them in a dict by yield, so the last one written wins).
    fn function_units(&self) -> BTreeMap<Yield, usize> {
        (0..self.vertices.len())
            .filter(|&v| {
                self.vertices[v].terminal.is_none()
                    && self.vertices[v].kind == UnitKind::Foundational
                    && self.ftag(v) == Some(Category::Function)
            })
            .map(|v| (self.terminals(v), v))
            .collect()
    }

    /// Puts `v` under the root: every edge into it, remote ones included, is replaced by a
    /// primary `F` edge from the root.
    fn move_to_root(&mut self, v: usize) {
        let mut parents = 0;
        for vertex in &mut self.vertices {
            if let Some(k) = vertex.children.iter().position(|a| a.child == v) {
                vertex.children.remove(k);
                parents += 1;
            }
        }
        let arc = Arc {
            child: v,
            category: Category::Function,
            categories: vec![Category::Function],
            remote: false,
        };
        self.vertices[self.root]
            .children
            .extend(std::iter::repeat_n(arc, parents));
    }

    /// The yield of `v`: the positions of the terminals under it along primary edges, as the
    /// evaluator's `get_terminals(punct=False)` finds them — a `Terminal` edge gives its
    /// terminal whatever the terminal's type, while `U` edges and punctuation units give nothing
    /// (whatever edge enters them).
    fn terminals(&self, v: usize) -> Yield {
        let mut out = Yield::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![v];
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            let vertex = &self.vertices[n];
            if let Some(position) = vertex.terminal {
                out.insert(position);
                continue;
            }
            if vertex.kind == UnitKind::Punctuation {
                continue;
            }
            for a in vertex.children.iter().filter(|a| !a.remote) {
                if a.category != Category::Punctuation {
                    stack.push(a.child);
                }
            }
        }
        out
    }

    /// The edges of one kind (primary or remote) that the evaluator scores — all but `U`, `LA`,
    /// `LR`, `Terminal`, edges into linkage nodes and (unless `implicit`) into implicit units —
    /// with their yields (terminal positions along primary edges, not under punctuation), their
    /// `type` and their whole label set.
    pub(crate) fn scored_edges(
        &self,
        remote: bool,
        implicit: bool,
    ) -> impl Iterator<Item = (Yield, Category, &[Category])> + '_ {
        self.vertices
            .iter()
            .flat_map(|v| v.children.iter())
            .filter(move |a| {
                let child = &self.vertices[a.child];
                a.remote == remote
                    && !matches!(
                        a.category,
                        Category::Punctuation
                            | Category::LinkArgument
                            | Category::LinkRelation
                            | Category::Terminal
                    )
                    && child.kind != UnitKind::Linkage
                    && (implicit || !child.implicit)
            })
            .map(|a| (self.terminals(a.child), a.category, a.categories.as_slice()))
    }

    /// The label set of each yield of [`EvalGraph::scored_edges`] (implicit units left out).
    pub(crate) fn labels_by_yield(&self, remote: bool) -> BTreeMap<Yield, BTreeSet<Category>> {
        let mut out: BTreeMap<Yield, BTreeSet<Category>> = BTreeMap::new();
        for (y, _, labels) in self.scored_edges(remote, false) {
            out.entry(y).or_default().extend(labels.iter().copied());
        }
        out
    }
}

/// The 2017 normalisation of a guessed and a reference graph: Centers flattened in each, then
/// every Function unit whose yield is also a Function unit's yield in the other graph (the last
/// of each yield, on both sides) moved under the root, in both.
pub(crate) fn normalise(guessed: &mut EvalGraph, reference: &mut EvalGraph) {
    guessed.flatten_centers();
    reference.flatten_centers();
    let (g, r) = (guessed.function_units(), reference.function_units());
    for (y, &v) in &g {
        if let Some(&w) = r.get(y) {
            guessed.move_to_root(v);
            reference.move_to_root(w);
        }
    }
}
