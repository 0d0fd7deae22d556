use std::fmt;

use serde::{Serialize, Serializer};

/// The category (label) of an edge: the foundational-layer categories of UCCA, the two linkage
/// edge types and the unit→terminal edge. Written in XML as the edge `type` abbreviation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// `H` — a scene that is a parallel scene of its parent.
    ParallelScene,
    /// `A` — a participant of a scene.
    Participant,
    /// `P` — the main relation of a scene that evolves in time.
    Process,
    /// `S` — the main relation of a scene that does not evolve in time.
    State,
    /// `D` — an adverbial (secondary relation of a scene).
    Adverbial,
    /// `G` — ground: relates the scene to the speech event.
    Ground,
    /// `C` — the center of a non-scene unit.
    Center,
    /// `E` — an elaborator of a center.
    Elaborator,
    /// `F` — a function word without its own semantic content.
    Function,
    /// `N` — a connector between centers.
    Connector,
    /// `R` — a relator.
    Relator,
    /// `T` — time (in older annotations).
    Time,
    /// `Q` — a quantifier.
    Quantifier,
    /// `L` — a linker between parallel scenes.
    Linker,
    /// `U` — punctuation (an edge to a PNCT unit).
    Punctuation,
    /// `LR` — linkage node → the linker unit.
    LinkRelation,
    /// `LA` — linkage node → a linked scene.
    LinkArgument,
    /// `Terminal` — unit → layer-0 terminal.
    Terminal,
}

const ALL: [(Category, &str); 18] = [
    (Category::ParallelScene, "H"),
    (Category::Participant, "A"),
    (Category::Process, "P"),
    (Category::State, "S"),
    (Category::Adverbial, "D"),
    (Category::Ground, "G"),
    (Category::Center, "C"),
    (Category::Elaborator, "E"),
    (Category::Function, "F"),
    (Category::Connector, "N"),
    (Category::Relator, "R"),
    (Category::Time, "T"),
    (Category::Quantifier, "Q"),
    (Category::Linker, "L"),
    (Category::Punctuation, "U"),
    (Category::LinkRelation, "LR"),
    (Category::LinkArgument, "LA"),
    (Category::Terminal, "Terminal"),
];

impl Category {
    /// Every category, in declaration order.
    pub fn all() -> impl Iterator<Item = Category> {
        ALL.iter().map(|&(c, _)| c)
    }

    /// The XML abbreviation (`H`, `A`, …, `LR`, `LA`, `Terminal`).
    pub fn abbreviation(self) -> &'static str {
        ALL[self as usize].1
    }

    /// The category with XML abbreviation `s`, if any.
    pub fn from_abbreviation(s: &str) -> Option<Category> {
        ALL.iter().find(|&&(_, a)| a == s).map(|&(c, _)| c)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation())
    }
}

impl Serialize for Category {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.abbreviation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_round_trip() {
        for c in Category::all() {
            assert_eq!(Category::from_abbreviation(c.abbreviation()), Some(c));
        }
        assert_eq!(Category::all().count(), 18);
        assert_eq!(Category::from_abbreviation("X"), None);
        assert_eq!(Category::Participant.to_string(), "A");
    }
}
