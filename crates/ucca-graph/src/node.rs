use crate::{Category, NodeId};

/// XML attributes that the model does not interpret, kept verbatim (name, value) in file order
/// so that writing a passage gives back what was read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attributes(Vec<(String, String)>);

impl Attributes {
    /// The value of attribute `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// All (name, value) pairs in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Appends an attribute.
    pub fn push(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.0.push((name.into(), value.into()));
    }

    /// Removes and returns attribute `name`.
    pub(crate) fn take(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|(k, _)| k == name)?;
        Some(self.0.remove(i).1)
    }

    /// True when there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A layer-0 node: one token of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terminal {
    /// `0.N`, N being the 1-based position in the passage.
    pub id: NodeId,
    /// The token as written.
    pub text: String,
    /// `type="Punctuation"` (rather than `Word`).
    pub punctuation: bool,
    /// The paragraph number.
    pub paragraph: u32,
    /// The 1-based position within the paragraph.
    pub paragraph_position: u32,
    /// Other attributes of the node.
    pub attributes: Attributes,
    /// `<extra>` elements of the node.
    pub extras: Vec<Attributes>,
}

impl Terminal {
    /// The 1-based position of the terminal in the passage.
    pub fn position(&self) -> u32 {
        self.id.number()
    }
}

/// The XML `type` of a layer-1 node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// `FN`: a foundational unit (including the layer root `1.1`).
    Foundational,
    /// `PNCT`: a unit wrapping punctuation terminals.
    Punctuation,
    /// `LKG`: a linkage node (`LR` edge to the linker, `LA` edges to the linked scenes).
    Linkage,
}

impl UnitKind {
    /// The XML `type` value.
    pub fn xml_type(self) -> &'static str {
        match self {
            UnitKind::Foundational => "FN",
            UnitKind::Punctuation => "PNCT",
            UnitKind::Linkage => "LKG",
        }
    }

    /// The kind with XML `type` value `s`.
    pub fn from_xml_type(s: &str) -> Option<UnitKind> {
        [
            UnitKind::Foundational,
            UnitKind::Punctuation,
            UnitKind::Linkage,
        ]
        .into_iter()
        .find(|k| k.xml_type() == s)
    }
}

/// A layer-1 node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// `1.N`.
    pub id: NodeId,
    /// FN, PNCT or LKG.
    pub kind: UnitKind,
    /// An implicit unit (`implicit="True"`): a participant or relation with no words.
    pub implicit: bool,
    /// Other attributes of the node (e.g. `uncertain`).
    pub attributes: Attributes,
    /// `<extra>` elements of the node.
    pub extras: Vec<Attributes>,
}

/// A node of the passage graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// A layer-0 token.
    Terminal(Terminal),
    /// A layer-1 unit.
    Unit(Unit),
}

impl Node {
    /// The node's ID.
    pub fn id(&self) -> NodeId {
        match self {
            Node::Terminal(t) => t.id,
            Node::Unit(u) => u.id,
        }
    }

    /// The terminal, if this is one.
    pub fn as_terminal(&self) -> Option<&Terminal> {
        match self {
            Node::Terminal(t) => Some(t),
            Node::Unit(_) => None,
        }
    }

    /// The unit, if this is one.
    pub fn as_unit(&self) -> Option<&Unit> {
        match self {
            Node::Unit(u) => Some(u),
            Node::Terminal(_) => None,
        }
    }
}

/// A `<category>` child of an edge: an additional category of a multi-category edge (UCCA ≥ 1.2
/// files), with its other attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryElement {
    /// The `tag` attribute.
    pub category: Category,
    /// Other attributes (`slot`, `layer`, `parent`, …).
    pub attributes: Attributes,
}

/// A labelled edge from a unit to a child unit or terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    /// The edge `type`: its (first) category.
    pub category: Category,
    /// A remote (reentrant, non-primary) edge (`remote="True"`).
    pub remote: bool,
    /// Further `<category>` elements of the edge, as written.
    pub category_elements: Vec<CategoryElement>,
    /// Other attributes of the edge.
    pub attributes: Attributes,
    /// `<extra>` elements of the edge.
    pub extras: Vec<Attributes>,
}

impl Edge {
    /// A plain edge with one category.
    pub fn new(category: Category, remote: bool) -> Edge {
        Edge {
            category,
            remote,
            category_elements: Vec::new(),
            attributes: Attributes::default(),
            extras: Vec::new(),
        }
    }

    /// The label set of the edge: its `type` and the tags of its `<category>` elements, without
    /// repetitions, in that order.
    pub fn categories(&self) -> Vec<Category> {
        let mut out = vec![self.category];
        for c in &self.category_elements {
            if !out.contains(&c.category) {
                out.push(c.category);
            }
        }
        out
    }
}
