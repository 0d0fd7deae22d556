//! USim (Choshen & Abend 2018, USim paper §3; spec §c): the F-score of the units of two UCCA
//! graphs that find a label-compatible partner through the word alignment.
//!
//! For units u of the source and v of the correction, with T_u, T_v their terminals:
//! sim(u, v) = F(c₁, c₂, |T_u|, |T_v|), where c₁ counts terminals of u aligned into T_v and c₂
//! terminals of v aligned (backwards) into T_u, and F(c₁, c₂, s₁, s₂) = 2PR / (P + R) with
//! R = c₁/s₁, P = c₂/s₂. A unit is *matched* when its best similarity is positive and some unit
//! with that best similarity shares a label with it (labels of all incoming edges, with P~S, H~C,
//! N~L, F~R). USim = F(matched₁, matched₂, |units₁|, |units₂|).

use mono_align::TieBreaking;
use serde::Serialize;

use crate::prepared::{Comparable, PreparedPassage};
use crate::sentences::SentenceMarks;
use crate::word_alignment::{Partner, WordAlignment};

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
}

impl Params {
    /// USim as released in 2018 (`ucca` 1.0.50, `munkres` ≥ 1.0.12), faithful positions: the
    /// default, and what the goldens' REL columns are.
    pub const RELEASED: Params = Params {
        comparable: Comparable::MultiTerminal,
        marks: SentenceMarks::Standalone,
        positions: Positions::Faithful,
        ties: TieBreaking::Munkres112,
    };

    /// The 2017 branch the experiment driver imported (BR columns of the goldens).
    pub const BRANCH_2017: Params = Params {
        comparable: Comparable::AnyNonRoot,
        marks: SentenceMarks::LastCharacter,
        positions: Positions::Faithful,
        ties: TieBreaking::Munkres112,
    };
}

impl Default for Params {
    fn default() -> Self {
        Params::RELEASED
    }
}

/// USim of one ordered pair of passages with its parts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct UsimScore {
    /// F(matched_first, matched_second, units_first, units_second).
    pub usim: f64,
    /// matched_first / units_first.
    pub recall: f64,
    /// matched_second / units_second.
    pub precision: f64,
    /// Units of the first passage with a compatible best partner.
    pub matched_first: usize,
    /// Units of the second passage with a compatible best partner.
    pub matched_second: usize,
    /// Compared units of the first passage.
    pub units_first: usize,
    /// Compared units of the second passage.
    pub units_second: usize,
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

/// The key under which each unit's terminals are looked up, sorted (spec §c.3).
fn keys(p: &PreparedPassage, u: usize, positions: Positions) -> Vec<u32> {
    let mut out: Vec<u32> = match positions {
        Positions::Faithful => p.units[u]
            .terminals
            .iter()
            .map(|&t| p.paragraph_positions[t as usize - 1])
            .collect(),
        Positions::Fixed => p.units[u].terminals.clone(),
    };
    out.sort_unstable();
    out
}

/// How many of `from` are aligned (through `map`, indexed by position − 1) into `to`.
fn count(from: &[u32], to: &[u32], map: &[Partner], positions: Positions) -> usize {
    let mut n = 0;
    let mut previous = None;
    for &t in from {
        let partner = map.get(t as usize - 1).copied().unwrap_or(Partner::Absent);
        if positions == Positions::Faithful && (previous == Some(t) || partner == Partner::Absent) {
            break;
        }
        previous = Some(t);
        if let Partner::To(b) = partner
            && to.binary_search(&b).is_ok()
        {
            n += 1;
        }
    }
    n
}

/// The node similarity matrix of the compared units of two passages under an alignment.
pub(crate) struct Similarity {
    pub(crate) first: Vec<usize>,
    pub(crate) second: Vec<usize>,
    /// Row-major, `first.len()` × `second.len()`.
    pub(crate) values: Vec<f64>,
}

impl Similarity {
    pub(crate) fn new(
        p1: &PreparedPassage,
        p2: &PreparedPassage,
        alignment: &WordAlignment,
        first: Vec<usize>,
        second: Vec<usize>,
        positions: Positions,
    ) -> Similarity {
        let k1: Vec<Vec<u32>> = first.iter().map(|&u| keys(p1, u, positions)).collect();
        let k2: Vec<Vec<u32>> = second.iter().map(|&v| keys(p2, v, positions)).collect();
        let mut values = Vec::with_capacity(first.len() * second.len());
        for tu in &k1 {
            for tv in &k2 {
                let c1 = count(tu, tv, &alignment.forward, positions);
                let c2 = count(tv, tu, &alignment.backward, positions);
                values.push(two_sided_f(c1, c2, tu.len(), tv.len()));
            }
        }
        Similarity {
            first,
            second,
            values,
        }
    }

    pub(crate) fn get(&self, i: usize, j: usize) -> f64 {
        self.values[i * self.second.len() + j]
    }
}

/// Whether unit `u` (index into `mine`) has a compatible partner among its best ones.
fn matched(best: impl Iterator<Item = (f64, bool)>) -> bool {
    let mut max = 0.0;
    let mut compatible = false;
    for (sim, ok) in best {
        if sim > max {
            max = sim;
            compatible = ok;
        } else if sim == max && sim > 0.0 {
            compatible |= ok;
        }
    }
    max > 0.0 && compatible
}

/// USim of `p1` (source) and `p2` (correction) — `fully_aligned_distance(p1, p2)`.
pub fn usim(p1: &PreparedPassage, p2: &PreparedPassage, params: &Params) -> UsimScore {
    let alignment = WordAlignment::new(p1, p2, params.marks, params.ties);
    let sim = Similarity::new(
        p1,
        p2,
        &alignment,
        p1.compared(params.comparable),
        p2.compared(params.comparable),
        params.positions,
    );
    let (n1, n2) = (sim.first.len(), sim.second.len());
    let matched_first = (0..n1)
        .filter(|&i| {
            matched((0..n2).map(|j| {
                (
                    sim.get(i, j),
                    p1.compatible(sim.first[i], p2, sim.second[j]),
                )
            }))
        })
        .count();
    let matched_second = (0..n2)
        .filter(|&j| {
            matched((0..n1).map(|i| {
                (
                    sim.get(i, j),
                    p1.compatible(sim.first[i], p2, sim.second[j]),
                )
            }))
        })
        .count();
    let ratio = |c: usize, n: usize| if n == 0 { 0.0 } else { c as f64 / n as f64 };
    UsimScore {
        usim: two_sided_f(matched_first, matched_second, n1, n2),
        recall: ratio(matched_first, n1),
        precision: ratio(matched_second, n2),
        matched_first,
        matched_second,
        units_first: n1,
        units_second: n2,
    }
}
