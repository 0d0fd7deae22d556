//! USim (Choshen & Abend 2018, USim paper §3; spec §c): the F-score of the units of two UCCA
//! graphs that find a label-compatible partner through the word alignment.
//!
//! For units u of the source and v of the correction, with T_u, T_v their terminals:
//! sim(u, v) = F(c₁, c₂, |T_u|, |T_v|), where c₁ counts terminals of u aligned into T_v and c₂
//! terminals of v aligned (backwards) into T_u, and F(c₁, c₂, s₁, s₂) = 2PR / (P + R) with
//! R = c₁/s₁, P = c₂/s₂. A unit is *matched* when its best similarity is positive and some unit
//! with that best similarity shares a label with it (labels of all incoming edges, with P~S, H~C,
//! N~L, F~R). USim = F(matched₁, matched₂, |units₁|, |units₂|).

use serde::Serialize;

use crate::node_similarity::NodeSimilarity;
use crate::params::{Params, two_sided_f};
use crate::prepared::PreparedPassage;

/// USim of one ordered pair of passages with its parts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct UsimScore {
    /// F(matched_first, matched_second, units_first, units_second).
    pub usim: f64,
    /// Units of the first passage with a compatible best partner.
    pub matched_first: usize,
    /// Units of the second passage with a compatible best partner.
    pub matched_second: usize,
    /// Compared units of the first passage.
    pub units_first: usize,
    /// Compared units of the second passage.
    pub units_second: usize,
}

impl UsimScore {
    /// R = matched_first / units_first (0 without units).
    pub fn recall(&self) -> f64 {
        ratio(self.matched_first, self.units_first)
    }

    /// P = matched_second / units_second (0 without units).
    pub fn precision(&self) -> f64 {
        ratio(self.matched_second, self.units_second)
    }
}

fn ratio(c: usize, n: usize) -> f64 {
    if n == 0 { 0.0 } else { c as f64 / n as f64 }
}

/// Whether a unit is matched: its best similarity over `candidates` (similarity, compatible)
/// is positive and some candidate with that similarity is label-compatible.
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
    score(&NodeSimilarity::new(p1, p2, params), params)
}

/// USim under a given node similarity.
pub(crate) fn score(similarity: &NodeSimilarity<'_>, params: &Params) -> UsimScore {
    let (p1, p2) = (similarity.first, similarity.second);
    let (first, second) = (
        p1.compared(params.comparable),
        p2.compared(params.comparable),
    );
    let (n1, n2) = (first.len(), second.len());
    let cells: Vec<(f64, bool)> = first
        .iter()
        .flat_map(|&u| {
            let second = &second;
            second
                .iter()
                .map(move |&v| (similarity.sim(u, v), similarity.compatible(u, v)))
        })
        .collect();
    let matched_first = (0..n1)
        .filter(|&i| matched(cells[i * n2..(i + 1) * n2].iter().copied()))
        .count();
    let matched_second = (0..n2)
        .filter(|&j| matched((0..n1).map(|i| cells[i * n2 + j])))
        .count();
    UsimScore {
        usim: two_sided_f(matched_first, matched_second, n1, n2),
        matched_first,
        matched_second,
        units_first: n1,
        units_second: n2,
    }
}
