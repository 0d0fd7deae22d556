use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// The two layers of the UCCA standard format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    /// Layer 0: the terminals (tokens).
    Terminals,
    /// Layer 1: the foundational layer (units and linkage).
    Foundational,
}

impl Layer {
    /// The `layerID` of the XML format: 0 or 1.
    pub fn number(self) -> u8 {
        match self {
            Layer::Terminals => 0,
            Layer::Foundational => 1,
        }
    }
}

/// A node ID `L.N`: layer L, number N ≥ 1. Ordered by layer, then numerically by N — the order
/// of the UCCA library, in which `children` lists and passages are sorted (`1.9` < `1.10`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId {
    layer: Layer,
    number: u32,
}

impl NodeId {
    /// The ID `layer.number`.
    pub fn new(layer: Layer, number: u32) -> NodeId {
        NodeId { layer, number }
    }

    /// The layer.
    pub fn layer(self) -> Layer {
        self.layer
    }

    /// The number within the layer; for a terminal, its 1-based position in the passage.
    pub fn number(self) -> u32 {
        self.number
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.layer.number(), self.number)
    }
}

impl Serialize for NodeId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The text is not `0.N` or `1.N` with N a positive decimal number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseNodeIdError;

impl FromStr for NodeId {
    type Err = ParseNodeIdError;

    fn from_str(s: &str) -> Result<NodeId, ParseNodeIdError> {
        let (layer, number) = s.split_once('.').ok_or(ParseNodeIdError)?;
        let layer = match layer {
            "0" => Layer::Terminals,
            "1" => Layer::Foundational,
            _ => return Err(ParseNodeIdError),
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseNodeIdError);
        }
        match number.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(NodeId::new(layer, n)),
            _ => Err(ParseNodeIdError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_orders_numerically() {
        let a: NodeId = "1.9".parse().unwrap();
        let b: NodeId = "1.10".parse().unwrap();
        let t: NodeId = "0.500".parse().unwrap();
        assert!(t < a && a < b);
        assert_eq!(b.to_string(), "1.10");
        for bad in [
            "",
            "1",
            "2.1",
            "1.0",
            "1.-3",
            "1.+3",
            "1.1.1",
            "x.1",
            "1.99999999999",
        ] {
            assert!(bad.parse::<NodeId>().is_err(), "{bad}");
        }
    }
}
