//! The 000 draft's other ways to compare two UCCA graphs (spec §e), all on the same word
//! alignment and node similarity as USim.
//!
//! * [`top_down_cut`] — align the top scenes, then the children of every aligned pair whose
//!   labels agree, going down; the score is the F of label-compatible pairs among compared pairs
//!   reached ("largest cut").
//! * [`token_distance`] — count only units whose primary label is a main relation (the draft's
//!   "token analysis on meaningful labels"), under one of three mappings ([`Mapping`]).
//! * the ordered tree edit distance after top-down ordering is in [`crate::tree_edit`].

use std::collections::BTreeSet;

use serde::Serialize;

use crate::node_similarity::{NodeSimilarity, OrderedMap};
use crate::params::{Params, two_sided_f};
use crate::prepared::PreparedPassage;

/// How units are mapped for [`token_distance`] (spec §e.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Mapping {
    /// Level by level from the units holding terminals up to the root, later levels overwriting
    /// earlier partners (the reference's default).
    BottomUp,
    /// From the top scenes down through the children of every aligned pair.
    TopDown,
    /// Every compared unit to its best partner, as USim.
    AllToAll,
}

fn children(p: &PreparedPassage, u: usize) -> &[usize] {
    &p.units[u].children
}

/// The top-down largest cut of spec §e.2: F(|cut₁|, |cut₂|, |all₁|, |all₂|).
pub fn top_down_cut(p1: &PreparedPassage, p2: &PreparedPassage, params: &Params) -> f64 {
    top_down_cut_with(&NodeSimilarity::new(p1, p2, params), params)
}

/// [`top_down_cut`] under a given node similarity.
pub(crate) fn top_down_cut_with(similarity: &NodeSimilarity<'_>, params: &Params) -> f64 {
    let (p1, p2) = (similarity.first, similarity.second);
    let comparable = |p: &PreparedPassage, u: usize| p.comparable(u, params.comparable);
    let wide = |p: &PreparedPassage, u: usize| p.units[u].terminals.len() >= 2;
    let mut pending = similarity.align_nodes(p1.top_scenes(), p2.top_scenes());
    let mut incompatible = OrderedMap::default();
    let (mut cut1, mut cut2, mut all1, mut all2) = (
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
    );
    // A remote edge may lead back up; the reference would not terminate there.
    let mut expanded = BTreeSet::new();
    let mut below = |u: usize, v: usize| {
        if expanded.insert((u, v)) {
            similarity.align_nodes(children(p1, u), children(p2, v))
        } else {
            OrderedMap::default()
        }
    };
    while let Some((u, v)) = pending.pop_last() {
        if comparable(p1, u) && comparable(p2, v) {
            all1.insert(u);
            all2.insert(v);
            let next = below(u, v);
            if similarity.compatible(u, v) {
                cut1.insert(u);
                cut2.insert(v);
                pending.merge(next);
            } else {
                incompatible.merge(next);
            }
        } else if wide(p1, u) && wide(p2, v) {
            pending.merge(below(u, v));
        }
    }
    while let Some((u, v)) = incompatible.pop_last() {
        if comparable(p1, u) && comparable(p2, v) {
            all1.insert(u);
            all2.insert(v);
        }
        if wide(p1, u) && wide(p2, v) {
            incompatible.merge(below(u, v));
        }
    }
    two_sided_f(cut1.len(), cut2.len(), all1.len(), all2.len())
}

/// The partner of each unit of the first passage under `mapping`.
fn map_units(s: &NodeSimilarity, mapping: Mapping, params: &Params) -> OrderedMap {
    let (p1, p2) = (s.first, s.second);
    match mapping {
        Mapping::AllToAll => s.align_nodes(
            &p1.compared(params.comparable),
            &p2.compared(params.comparable),
        ),
        Mapping::BottomUp => {
            let terminal_parents = |p: &PreparedPassage| -> Vec<usize> {
                (0..p.units.len())
                    .filter(|&u| p.units[u].preterminal)
                    .collect()
            };
            let parents = |p: &PreparedPassage, level: &[usize]| -> Vec<usize> {
                let set: BTreeSet<usize> =
                    level.iter().filter_map(|&u| p.units[u].parent).collect();
                set.into_iter().collect()
            };
            let (mut l1, mut l2) = (terminal_parents(p1), terminal_parents(p2));
            let mut out = OrderedMap::default();
            while !l1.is_empty() && !l2.is_empty() {
                out.merge(s.align_nodes(&l1, &l2));
                l1 = parents(p1, &l1);
                l2 = parents(p2, &l2);
            }
            out
        }
        Mapping::TopDown => {
            let mut pending = s.align_nodes(p1.top_scenes(), p2.top_scenes());
            let mut out = OrderedMap::default();
            let mut expanded = BTreeSet::new();
            while let Some((u, v)) = pending.pop_last() {
                out.insert(u, v);
                if expanded.insert((u, v)) {
                    pending.merge(s.align_nodes(children(p1, u), children(p2, v)));
                }
            }
            out
        }
    }
}

/// Token analysis on meaningful labels (spec §e.3): units whose primary label is a main relation
/// ([`Params::relations`]) that are mapped to a compared, label-compatible unit, in both
/// directions; F(count₁, count₂, n₁, n₂) with nᵢ the compared units with a main-relation label.
pub fn token_distance(
    p1: &PreparedPassage,
    p2: &PreparedPassage,
    params: &Params,
    mapping: Mapping,
) -> f64 {
    token_distance_with(
        &NodeSimilarity::new(p1, p2, params),
        &NodeSimilarity::new(p2, p1, params),
        params,
        mapping,
    )
}

/// [`token_distance`] under given node similarities, `forward` of the pair and `backward` of the
/// pair reversed.
pub(crate) fn token_distance_with(
    forward: &NodeSimilarity<'_>,
    backward: &NodeSimilarity<'_>,
    params: &Params,
    mapping: Mapping,
) -> f64 {
    let (p1, p2) = (forward.first, forward.second);
    let main = params.relations.labels();
    let meaningful = |p: &PreparedPassage, u: usize| {
        p.comparable(u, params.comparable)
            && p.units[u].primary_label.is_some_and(|l| main.contains(&l))
    };
    let counted = |s: &NodeSimilarity<'_>| {
        let (a, b) = (s.first, s.second);
        map_units(s, mapping, params)
            .iter()
            .filter(|&(u, v)| {
                meaningful(a, u) && b.comparable(v, params.comparable) && s.compatible(u, v)
            })
            .count()
    };
    let total = |p: &PreparedPassage| (0..p.units.len()).filter(|&u| meaningful(p, u)).count();
    two_sided_f(counted(forward), counted(backward), total(p1), total(p2))
}
