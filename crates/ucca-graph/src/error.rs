use std::fmt;

use crate::{Category, NodeId};

/// Where in the input an error was found: the file (or `<memory>`) and, for XML input, the byte
/// offset of the element at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// File name, `<memory>` for bytes, `<builder>` for programmatic construction.
    pub file: String,
    /// Byte offset into the file, when the input was XML.
    pub offset: Option<u64>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "{}, byte {offset}", self.file),
            None => f.write_str(&self.file),
        }
    }
}

/// Everything that can be wrong with a UCCA passage or its file.
///
/// Each variant names the location; the reader never panics on input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An input that could not be read within its limits (missing, a directory, too large, a
    /// line too long): the reader's error names the file.
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// The input is not UTF-8.
    #[error("{at}: invalid UTF-8")]
    NonUtf8 {
        /// Offset of the first invalid byte.
        at: Location,
    },
    /// The input is not well-formed XML.
    #[error("{at}: malformed XML: {message}")]
    Xml {
        /// Where the XML parser stopped.
        at: Location,
        /// The XML parser's description.
        message: String,
    },
    /// An element that the UCCA standard format does not allow where it stands.
    #[error("{at}: unexpected <{element}> {context}")]
    UnexpectedElement {
        /// The element.
        at: Location,
        /// Its name.
        element: String,
        /// Where it was found.
        context: &'static str,
    },
    /// Non-whitespace text between elements.
    #[error("{at}: unexpected text {text:?}")]
    UnexpectedText {
        /// The text.
        at: Location,
        /// The offending text (trimmed).
        text: String,
    },
    /// A `root`, `layer`, `node` or `edge` element without its `<attributes>` child.
    #[error("{at}: <{element}> has no <attributes> child")]
    MissingAttributesElement {
        /// The element.
        at: Location,
        /// Its name.
        element: &'static str,
    },
    /// A required XML attribute is absent.
    #[error("{at}: <{element}> lacks the attribute `{attribute}`")]
    MissingAttribute {
        /// The element.
        at: Location,
        /// Its name.
        element: &'static str,
        /// The missing attribute.
        attribute: &'static str,
    },
    /// An attribute value of the wrong form.
    #[error("{at}: attribute `{attribute}` = {value:?} is not {expected}")]
    InvalidAttribute {
        /// The element.
        at: Location,
        /// The attribute.
        attribute: String,
        /// Its value.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A node ID that is not `<layer>.<positive number>` of its own layer.
    #[error("{at}: node ID {id:?} is not of the form {layer}.N with N ≥ 1")]
    InvalidId {
        /// The node element.
        at: Location,
        /// The ID as written.
        id: String,
        /// The layer the node is in.
        layer: u8,
    },
    /// Two nodes with one ID.
    #[error("{at}: duplicate node ID {id}")]
    DuplicateId {
        /// The second occurrence.
        at: Location,
        /// The ID.
        id: NodeId,
    },
    /// A layer other than `0` (terminals) and `1` (foundational).
    #[error("{at}: unknown layer {layer:?} (UCCA standard XML has layers 0 and 1)")]
    UnknownLayer {
        /// The layer element.
        at: Location,
        /// Its `layerID`.
        layer: String,
    },
    /// A layer that occurs twice.
    #[error("{at}: layer {layer} occurs twice")]
    DuplicateLayer {
        /// The second occurrence.
        at: Location,
        /// Its ID.
        layer: u8,
    },
    /// A passage without layer 0 or layer 1.
    #[error("{at}: the passage has no layer {layer}")]
    MissingLayer {
        /// The root element.
        at: Location,
        /// The missing layer.
        layer: u8,
    },
    /// A node `type` that its layer does not allow.
    #[error("{at}: node type {node_type:?} is not allowed in layer {layer}")]
    UnknownNodeType {
        /// The node element.
        at: Location,
        /// The type as written.
        node_type: String,
        /// The layer.
        layer: u8,
    },
    /// An edge `type` that is not a UCCA category.
    #[error("{at}: unknown edge category {category:?}")]
    UnknownCategory {
        /// The edge element.
        at: Location,
        /// The category as written.
        category: String,
    },
    /// An edge to a node that does not exist.
    #[error("{at}: edge from {from} to {to:?}, which is no node of the passage")]
    DanglingEdge {
        /// The edge element.
        at: Location,
        /// The parent.
        from: NodeId,
        /// The missing target.
        to: String,
    },
    /// An edge whose category does not fit the layers it connects: `Terminal` edges go from a
    /// layer-1 unit to a layer-0 terminal and every other edge between layer-1 units.
    #[error("{at}: a {category} edge cannot go from {from} to {to}")]
    EdgeLayerMismatch {
        /// The edge element.
        at: Location,
        /// The parent.
        from: NodeId,
        /// The child.
        to: NodeId,
        /// The category.
        category: Category,
    },
    /// Primary (non-remote) edges that form a cycle through `node`.
    #[error("{at}: primary edges form a cycle through {node}")]
    Cycle {
        /// The node element.
        at: Location,
        /// A node on the cycle.
        node: NodeId,
    },
    /// Terminal IDs or paragraph positions that do not enumerate the text in order.
    #[error("{at}: terminal {id}: {message}")]
    TerminalOrder {
        /// The terminal element.
        at: Location,
        /// The terminal.
        id: NodeId,
        /// What is inconsistent.
        message: String,
    },
    /// Layer 1 has no root unit `1.1` of type FN.
    #[error("{at}: layer 1 has no root unit 1.1 of type FN")]
    MissingRoot {
        /// The layer-1 element.
        at: Location,
    },
    /// Two annotations compared as annotations of one text have different terminals.
    #[error("{at}: the terminals differ from position {position} on")]
    DifferentTerminals {
        /// The two passages.
        at: Location,
        /// The first position (1-based) whose text differs, or one past the shorter passage.
        position: u32,
    },
}
