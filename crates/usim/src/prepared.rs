//! What USim needs of a passage, computed once: terminal texts and positions, and for every
//! foundational unit its terminals, primary label, label set, and whether it is compared.

use ucca_graph::{Category, Layer, Node, NodeId, Passage, Remote, UnitKind};

use crate::Error;

/// Which units USim compares (spec §c.1; the two code generations differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub enum Comparable {
    /// USim as released (`ucca` 1.0.50): foundational units other than the root with **more than
    /// one terminal** (punctuation counts, remote subtrees do not).
    #[default]
    MultiTerminal,
    /// The 2017 branch: every foundational unit other than the root (single words and implicit
    /// units included).
    AnyNonRoot,
}

/// A set of categories as bits (`1 << Category as u32`).
pub(crate) type Labels = u32;

fn bit(c: Category) -> Labels {
    1 << (c as u32)
}

/// The label set of a unit closed under USim's equivalences P~S, H~C, N~L, F~R (spec §c.2).
fn close(mut labels: Labels) -> Labels {
    for (a, b) in [
        (Category::Process, Category::State),
        (Category::ParallelScene, Category::Center),
        (Category::Connector, Category::Linker),
        (Category::Function, Category::Relator),
    ] {
        if labels & (bit(a) | bit(b)) != 0 {
            labels |= bit(a) | bit(b);
        }
    }
    labels
}

/// One foundational unit.
#[derive(Debug, Clone)]
pub(crate) struct PreparedUnit {
    pub(crate) id: NodeId,
    /// Global positions (1-based) of its terminals, ascending; primary edges only.
    pub(crate) terminals: Vec<u32>,
    /// The category of its primary edge from a foundational parent (`ftag`), if any.
    pub(crate) primary_label: Option<Category>,
    /// The closed set of categories of all its incoming edges.
    pub(crate) labels: Labels,
    /// Its children in the library's order (by child ID), as indices into `units` where the child
    /// is a foundational unit.
    pub(crate) children: Vec<usize>,
    /// The foundational parent of its primary edge, as an index into `units`.
    pub(crate) parent: Option<usize>,
    /// Whether the unit has a `Terminal` edge (a "parent of terminals").
    pub(crate) preterminal: bool,
    /// Whether the unit is the layer-1 root `1.1`.
    pub(crate) root: bool,
}

/// A passage prepared for USim.
#[derive(Debug, Clone)]
pub struct PreparedPassage {
    pub(crate) id: String,
    /// Terminal texts, index = position − 1.
    pub(crate) texts: Vec<String>,
    pub(crate) punctuation: Vec<bool>,
    pub(crate) paragraph_positions: Vec<u32>,
    /// Foundational units in ID order, the layer-1 root first.
    pub(crate) units: Vec<PreparedUnit>,
    /// The top scenes (`ucca_graph::Passage::top_scenes`), as indices into `units`.
    top_scenes: Vec<usize>,
    /// The passage itself (for the tree of the edit-distance variant).
    pub(crate) passage: Passage,
}

/// The most terminals a passage may have for USim: the alignment of units grows faster than
/// cubically with the passage (1,000 adversarial tokens take seconds), and the longest NUCLE
/// paragraph the USim paper scores has 594 tokens. Score an essay paragraph by paragraph.
pub const MAX_PASSAGE_TERMINALS: usize = 1_000;

impl PreparedPassage {
    /// Prepares `passage`; a passage without terminals, with more than
    /// [`MAX_PASSAGE_TERMINALS`], or without foundational-layer edges is an error.
    pub fn new(passage: &Passage) -> Result<PreparedPassage, Error> {
        let id = passage.id().to_owned();
        if passage.terminal_count() == 0 {
            return Err(Error::Empty { passage: id });
        }
        if passage.terminal_count() > MAX_PASSAGE_TERMINALS {
            return Err(Error::TooLong {
                passage: id,
                terminals: passage.terminal_count(),
                limit: MAX_PASSAGE_TERMINALS,
            });
        }
        let root = passage.root();
        if passage.children(root).is_empty() {
            return Err(Error::NoFoundationalLayer { passage: id });
        }
        let terminals = passage.terminals();
        let (mut texts, mut punctuation, mut paragraph_positions) =
            (Vec::new(), Vec::new(), Vec::new());
        for t in terminals {
            texts.push(t.text.clone());
            punctuation.push(t.punctuation);
            paragraph_positions.push(t.paragraph_position);
        }
        let fn_units: Vec<NodeId> = passage
            .units()
            .filter(|u| u.kind == UnitKind::Foundational)
            .map(|u| u.id)
            .collect();
        let index_of = |id: NodeId| fn_units.binary_search(&id).ok();
        let is_fn = |id: NodeId| matches!(passage.node(id), Some(Node::Unit(u)) if u.kind == UnitKind::Foundational);
        let units = fn_units
            .iter()
            .map(|&unit| {
                let parents = passage.parents(unit);
                let primary = parents.iter().find(|e| !e.edge.remote && is_fn(e.parent));
                let labels = close(parents.iter().fold(0, |l, e| l | bit(e.edge.category)));
                let children_edges = passage.children(unit);
                PreparedUnit {
                    id: unit,
                    terminals: passage
                        .yield_of(unit, Remote::Exclude)
                        .into_iter()
                        .filter(|t| t.layer() == Layer::Terminals)
                        .map(NodeId::number)
                        .collect(),
                    primary_label: primary.map(|e| e.edge.category),
                    labels,
                    children: children_edges
                        .iter()
                        .filter_map(|e| index_of(e.child))
                        .collect(),
                    parent: primary.and_then(|e| index_of(e.parent)),
                    preterminal: children_edges
                        .iter()
                        .any(|e| e.edge.category == Category::Terminal),
                    root: unit == root,
                }
            })
            .collect();
        let top_scenes = passage
            .top_scenes()
            .into_iter()
            .filter_map(index_of)
            .collect();
        Ok(PreparedPassage {
            id,
            texts,
            punctuation,
            paragraph_positions,
            units,
            top_scenes,
            passage: passage.clone(),
        })
    }

    /// The passage it was prepared from.
    pub fn passage(&self) -> &Passage {
        &self.passage
    }

    /// The passage ID.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Number of terminals.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// Whether the passage has no terminal (never true for a prepared passage).
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Reads and prepares the UCCA standard XML file at `path`.
    pub fn read(path: impl AsRef<std::path::Path>) -> Result<PreparedPassage, Error> {
        PreparedPassage::new(&Passage::read(path.as_ref())?)
    }

    /// Whether unit `u` is compared under `rule`.
    pub(crate) fn comparable(&self, u: usize, rule: Comparable) -> bool {
        !self.units[u].root
            && match rule {
                Comparable::MultiTerminal => self.units[u].terminals.len() > 1,
                Comparable::AnyNonRoot => true,
            }
    }

    /// The compared units under `rule`, in ID order.
    pub(crate) fn compared(&self, rule: Comparable) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&u| self.comparable(u, rule))
            .collect()
    }

    /// Top scenes (spec §a.4): scenes without a scene among their primary ancestors, in ID order.
    pub(crate) fn top_scenes(&self) -> &[usize] {
        &self.top_scenes
    }

    /// Whether units `a` of this passage and `b` of `other` share a label (after equivalences).
    pub(crate) fn compatible(&self, a: usize, other: &PreparedPassage, b: usize) -> bool {
        self.units[a].labels & other.units[b].labels != 0
    }
}
