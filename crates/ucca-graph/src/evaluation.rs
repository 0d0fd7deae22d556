//! The graph the UCCA evaluator scores: a mutable copy of a passage's layer 1 on which the 2017
//! normalisation runs (ucca-parser spec §4.1; usim-spec §d.1), and the yield-keyed label maps of
//! the evaluator (spec §4.2–4.4).

use std::collections::{BTreeMap, BTreeSet};

use crate::{Category, Node, Passage, UnitKind};

/// A yield: positions of non-punctuation terminals.
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
    punctuation: bool,
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
                let (terminal, punctuation, kind, implicit) = match &graph[n] {
                    Node::Terminal(t) => (
                        Some(t.position()),
                        t.punctuation,
                        UnitKind::Foundational,
                        false,
                    ),
                    Node::Unit(u) => (None, false, u.kind, u.implicit),
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
                    punctuation,
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

    fn primary_children_labelled(&self, v: usize, category: Category) -> Vec<usize> {
        self.vertices[v]
            .children
            .iter()
            .filter(|a| !a.remote && a.category == category)
            .map(|a| a.child)
            .collect()
    }

    /// Flattens nested Centers: a unit entered by `C` that is its parent's only Center and has
    /// exactly one Center of its own is dissolved into its parent — its edges move to the parent,
    /// and remote edges into it now point to its Center.
    pub(crate) fn flatten_centers(&mut self) {
        let dissolve: Vec<usize> = (0..self.vertices.len())
            .filter(|&v| self.vertices[v].terminal.is_none() && v != self.root)
            .filter(|&v| {
                let Some((parent, _)) = self.primary_parent(v) else {
                    return false;
                };
                self.ftag(v) == Some(Category::Center)
                    && self
                        .primary_children_labelled(parent, Category::Center)
                        .len()
                        == 1
                    && self.primary_children_labelled(v, Category::Center).len() == 1
            })
            .collect();
        for v in dissolve {
            // An earlier dissolution may have moved `v`, or its Center, elsewhere.
            let centers = self.primary_children_labelled(v, Category::Center);
            let (Some((parent, i)), &[center]) = (self.primary_parent(v), centers.as_slice())
            else {
                continue;
            };
            self.vertices[parent].children.remove(i);
            let moved = std::mem::take(&mut self.vertices[v].children);
            self.vertices[parent].children.extend(moved);
            for vertex in &mut self.vertices {
                for a in &mut vertex.children {
                    if a.child == v && a.remote {
                        a.child = center;
                    }
                }
            }
        }
    }

    /// The yields (all terminal positions, punctuation included) of the units entered by `F`.
    fn function_yields(&self) -> BTreeMap<Vec<u32>, Vec<usize>> {
        let mut out: BTreeMap<Vec<u32>, Vec<usize>> = BTreeMap::new();
        for v in 0..self.vertices.len() {
            if self.vertices[v].terminal.is_none() && self.ftag(v) == Some(Category::Function) {
                out.entry(self.terminals(v, true).into_iter().collect())
                    .or_default()
                    .push(v);
            }
        }
        out
    }

    fn move_to_root(&mut self, v: usize) {
        if let Some((parent, i)) = self.primary_parent(v) {
            if parent == self.root {
                return;
            }
            let arc = self.vertices[parent].children.remove(i);
            self.vertices[self.root].children.push(arc);
        }
    }

    /// The terminal positions under `v` along primary edges: a `Terminal` edge gives its
    /// terminal, a `U` edge the direct terminals of its target, any other edge recurses.
    fn terminals(&self, v: usize, punctuation: bool) -> Yield {
        let mut out = Yield::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![v];
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            let vertex = &self.vertices[n];
            if let Some(position) = vertex.terminal {
                if punctuation || !vertex.punctuation {
                    out.insert(position);
                }
                continue;
            }
            for a in vertex.children.iter().filter(|a| !a.remote) {
                if a.category == Category::Punctuation {
                    for d in &self.vertices[a.child].children {
                        let t = &self.vertices[d.child];
                        if let (Category::Terminal, Some(position)) = (d.category, t.terminal)
                            && (punctuation || !t.punctuation)
                        {
                            out.insert(position);
                        }
                    }
                } else {
                    stack.push(a.child);
                }
            }
        }
        out
    }

    /// The edges of one kind (primary or remote) that the evaluator scores — all but `U`, `LA`,
    /// `LR`, `Terminal`, edges into linkage nodes and (unless `implicit`) into implicit units —
    /// with their yields (positions of non-punctuation terminals, along primary edges), their
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
            .map(|a| {
                (
                    self.terminals(a.child, false),
                    a.category,
                    a.categories.as_slice(),
                )
            })
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
/// every Function unit whose yield is also the yield of a Function unit in the other graph moved
/// under the root, in both.
pub(crate) fn normalise(guessed: &mut EvalGraph, reference: &mut EvalGraph) {
    guessed.flatten_centers();
    reference.flatten_centers();
    let (g, r) = (guessed.function_yields(), reference.function_yields());
    for (y, units) in &g {
        if let Some(others) = r.get(y) {
            for &v in units {
                guessed.move_to_root(v);
            }
            for &v in others {
                reference.move_to_root(v);
            }
        }
    }
}
