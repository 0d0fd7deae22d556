//! The parameters of USim — which code generation to follow, how terminals are looked up — and
//! the two-sided F every similarity is computed with.

use mono_align::TieBreaking;
use serde::Serialize;

use crate::distsim::MainRelations;
use crate::prepared::Comparable;
use crate::sentences::SentenceMarks;

/// How terminals are looked up in the word alignment (spec §c.3, §c.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Positions {
    /// The reference's behaviour, for matching its numbers: terminals are looked up by their
    /// **paragraph** position (which equals the global position only in single-paragraph
    /// passages), and counting stops at the first terminal missing from the alignment or
    /// repeating the previous one (the reference's pointer gets stuck there).
    #[default]
    Faithful,
    /// What the paper describes: global positions, every terminal of the unit counted. Equal to
    /// `Faithful` on single-paragraph passages where every terminal is aligned.
    Fixed,
}

/// The parameters of USim: which code generation to follow, and the position mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Which units are compared.
    pub comparable: Comparable,
    /// Which terminals end a sentence.
    pub marks: SentenceMarks,
    /// How terminals are looked up in the alignment.
    pub positions: Positions,
    /// The tie-breaking of the assignment solver.
    pub ties: TieBreaking,
    /// The main relations of DISTSIM and the token-analysis variant.
    pub relations: MainRelations,
}

impl Params {
    /// USim as released in 2018 (`ucca` 1.0.50, `munkres` ≥ 1.0.12), faithful positions: the
    /// default, and what the goldens' REL columns are.
    pub const RELEASED: Params = Params {
        comparable: Comparable::MultiTerminal,
        marks: SentenceMarks::Standalone,
        positions: Positions::Faithful,
        ties: TieBreaking::Munkres112,
        relations: MainRelations::Released,
    };

    /// The 2017 branch the experiment driver imported (BR columns of the goldens).
    pub const BRANCH_2017: Params = Params {
        comparable: Comparable::AnyNonRoot,
        marks: SentenceMarks::LastCharacter,
        positions: Positions::Faithful,
        ties: TieBreaking::Munkres112,
        relations: MainRelations::Branch2017,
    };
}

impl Default for Params {
    fn default() -> Self {
        Params::RELEASED
    }
}

/// The reference's F: 0 when a size is 0 or a count exceeds its size, else 2(P·R)/(P + R) with
/// P = c₂/s₂, R = c₁/s₁, evaluated in that order (0 when P + R = 0).
pub fn two_sided_f(c1: usize, c2: usize, s1: usize, s2: usize) -> f64 {
    if s1 == 0 || s2 == 0 || c1 > s1 || c2 > s2 {
        return 0.0;
    }
    let (p, r) = (c2 as f64 / s2 as f64, c1 as f64 / s1 as f64);
    if p + r == 0.0 {
        0.0
    } else {
        2.0 * (p * r) / (p + r)
    }
}
