//! The transitions of TUPA v1.0 (ucca-parser spec §2) and their numbering for a classifier.

use std::fmt;

use ucca_graph::Category;

/// The edge labels a transition can carry: the foundational categories of UCCA (linkage `LA`/`LR`
/// is out of scope, as in TUPA), and `Terminal` for the edge from a unit to a token.
pub const LABELS: [Category; 16] = [
    Category::ParallelScene,
    Category::Participant,
    Category::Process,
    Category::State,
    Category::Adverbial,
    Category::Ground,
    Category::Center,
    Category::Elaborator,
    Category::Function,
    Category::Connector,
    Category::Relator,
    Category::Time,
    Category::Quantifier,
    Category::Linker,
    Category::Punctuation,
    Category::Terminal,
];

/// One transition of the parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[non_exhaustive]
pub enum Action {
    /// Move the buffer's head onto the stack.
    Shift,
    /// Pop the stack's top s0.
    Reduce,
    /// Create a new unit, the parent of s0 by a primary edge with this label; the unit goes to
    /// the front of the buffer.
    Node(Category),
    /// A primary edge s0 → s1 (s0 the parent).
    LeftEdge(Category),
    /// A primary edge s1 → s0 (s1 the parent).
    RightEdge(Category),
    /// A remote edge s0 → s1.
    LeftRemote(Category),
    /// A remote edge s1 → s0.
    RightRemote(Category),
    /// Move s1 back to the front of the buffer (a discontinuity).
    Swap,
    /// Stop: the graph is complete.
    Finish,
}

/// The kind of a transition, without its label (for counting and for features).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[non_exhaustive]
pub enum ActionKind {
    /// [`Action::Shift`].
    Shift,
    /// [`Action::Reduce`].
    Reduce,
    /// [`Action::Node`].
    Node,
    /// [`Action::LeftEdge`] and [`Action::RightEdge`].
    Edge,
    /// [`Action::LeftRemote`] and [`Action::RightRemote`].
    Remote,
    /// [`Action::Swap`].
    Swap,
    /// [`Action::Finish`].
    Finish,
}

impl ActionKind {
    /// Every kind, in the order reports list them.
    pub const ALL: [ActionKind; 7] = [
        ActionKind::Shift,
        ActionKind::Reduce,
        ActionKind::Node,
        ActionKind::Edge,
        ActionKind::Remote,
        ActionKind::Swap,
        ActionKind::Finish,
    ];

    /// The name used in reports (`SHIFT`, `NODE`, …).
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::Shift => "SHIFT",
            ActionKind::Reduce => "REDUCE",
            ActionKind::Node => "NODE",
            ActionKind::Edge => "EDGE",
            ActionKind::Remote => "REMOTE",
            ActionKind::Swap => "SWAP",
            ActionKind::Finish => "FINISH",
        }
    }
}

/// The number of distinct actions: SHIFT, REDUCE, SWAP, FINISH, then NODE, LEFT-EDGE and
/// RIGHT-EDGE for every label of [`LABELS`], LEFT-REMOTE and RIGHT-REMOTE for every label but
/// `Terminal` (4 + 3 × 16 + 2 × 15 = 82).
pub const ACTION_COUNT: usize = 4 + 3 * LABELS.len() + 2 * (LABELS.len() - 1);

impl Action {
    /// The kind of the action.
    pub fn kind(self) -> ActionKind {
        match self {
            Action::Shift => ActionKind::Shift,
            Action::Reduce => ActionKind::Reduce,
            Action::Node(_) => ActionKind::Node,
            Action::LeftEdge(_) | Action::RightEdge(_) => ActionKind::Edge,
            Action::LeftRemote(_) | Action::RightRemote(_) => ActionKind::Remote,
            Action::Swap => ActionKind::Swap,
            Action::Finish => ActionKind::Finish,
        }
    }

    /// The label of a NODE, EDGE or REMOTE action.
    pub fn label(self) -> Option<Category> {
        match self {
            Action::Node(c)
            | Action::LeftEdge(c)
            | Action::RightEdge(c)
            | Action::LeftRemote(c)
            | Action::RightRemote(c) => Some(c),
            _ => None,
        }
    }

    /// Every action in the order of [`Action::index`].
    pub fn all() -> impl Iterator<Item = Action> {
        (0..ACTION_COUNT).filter_map(Action::from_index)
    }

    /// A dense number in `0 .. ACTION_COUNT` (a classifier's output), or `None` for an action
    /// with a label outside [`LABELS`] (or a remote `Terminal` edge).
    pub fn index(self) -> Option<usize> {
        let label = |c: Category| LABELS.iter().position(|&l| l == c);
        let n = LABELS.len();
        let remote = |c: Category| label(c).filter(|&i| i < n - 1);
        Some(match self {
            Action::Shift => 0,
            Action::Reduce => 1,
            Action::Swap => 2,
            Action::Finish => 3,
            Action::Node(c) => 4 + label(c)?,
            Action::LeftEdge(c) => 4 + n + label(c)?,
            Action::RightEdge(c) => 4 + 2 * n + label(c)?,
            Action::LeftRemote(c) => 4 + 3 * n + remote(c)?,
            Action::RightRemote(c) => 4 + 3 * n + (n - 1) + remote(c)?,
        })
    }

    /// The action numbered `i` by [`Action::index`].
    pub fn from_index(i: usize) -> Option<Action> {
        let n = LABELS.len();
        Some(match i {
            0 => Action::Shift,
            1 => Action::Reduce,
            2 => Action::Swap,
            3 => Action::Finish,
            i if i < 4 + n => Action::Node(LABELS[i - 4]),
            i if i < 4 + 2 * n => Action::LeftEdge(LABELS[i - 4 - n]),
            i if i < 4 + 3 * n => Action::RightEdge(LABELS[i - 4 - 2 * n]),
            i if i < 4 + 4 * n - 1 => Action::LeftRemote(LABELS[i - 4 - 3 * n]),
            i if i < ACTION_COUNT => Action::RightRemote(LABELS[i + 1 - 4 - 4 * n]),
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    /// TUPA's notation: `SHIFT`, `NODE-A`, `LEFT-EDGE-C`, `RIGHT-REMOTE-A`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, label) = match *self {
            Action::Shift => ("SHIFT", None),
            Action::Reduce => ("REDUCE", None),
            Action::Node(c) => ("NODE", Some(c)),
            Action::LeftEdge(c) => ("LEFT-EDGE", Some(c)),
            Action::RightEdge(c) => ("RIGHT-EDGE", Some(c)),
            Action::LeftRemote(c) => ("LEFT-REMOTE", Some(c)),
            Action::RightRemote(c) => ("RIGHT-REMOTE", Some(c)),
            Action::Swap => ("SWAP", None),
            Action::Finish => ("FINISH", None),
        };
        match label {
            Some(c) => write!(f, "{name}-{c}"),
            None => f.write_str(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_dense_and_invertible() {
        let all: Vec<Action> = Action::all().collect();
        assert_eq!(all.len(), ACTION_COUNT);
        assert_eq!(ACTION_COUNT, 82);
        for (i, a) in all.iter().enumerate() {
            assert_eq!(a.index(), Some(i), "{a}");
        }
        assert_eq!(Action::LeftRemote(Category::Terminal).index(), None);
        assert_eq!(Action::Node(Category::LinkArgument).index(), None);
        assert_eq!(Action::from_index(ACTION_COUNT), None);
        assert_eq!(
            Action::RightRemote(Category::Participant).to_string(),
            "RIGHT-REMOTE-A"
        );
    }
}
