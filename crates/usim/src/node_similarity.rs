//! The similarity of two units through the word alignment (spec §c.3): the F1 of their
//! terminals aligned into each other, with the reference's lookup quirks in `Faithful` mode.

use crate::params::{Params, Positions, two_sided_f};
use crate::prepared::PreparedPassage;
use std::borrow::Cow;

use crate::word_alignment::{Partner, WordAlignment};

/// Node similarity between the units of two passages under their word alignment.
pub(crate) struct NodeSimilarity<'p> {
    pub(crate) first: &'p PreparedPassage,
    pub(crate) second: &'p PreparedPassage,
    alignment: Cow<'p, WordAlignment>,
    keys_first: Vec<Vec<u32>>,
    keys_second: Vec<Vec<u32>>,
    positions: Positions,
}

/// The sorted lookup keys of every unit's terminals: paragraph positions (`Faithful`) or global
/// positions (`Fixed`).
fn keys(p: &PreparedPassage, positions: Positions) -> Vec<Vec<u32>> {
    p.units
        .iter()
        .map(|u| {
            let mut out: Vec<u32> = match positions {
                Positions::Faithful => u
                    .terminals
                    .iter()
                    .map(|&t| p.paragraph_positions[t as usize - 1])
                    .collect(),
                Positions::Fixed => u.terminals.clone(),
            };
            out.sort_unstable();
            out
        })
        .collect()
}

/// How many of `from` are aligned (through `map`, indexed by position − 1) into `to`; in
/// `Faithful` mode counting stops at a repeated key or a terminal absent from the alignment.
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

impl<'p> NodeSimilarity<'p> {
    /// Aligns the words of `first` to `second` and prepares the lookups.
    pub(crate) fn new(
        first: &'p PreparedPassage,
        second: &'p PreparedPassage,
        params: &Params,
    ) -> NodeSimilarity<'p> {
        let alignment = WordAlignment::new(first, second, params.marks, params.ties);
        Self::with_alignment(first, second, Cow::Owned(alignment), params)
    }

    /// As [`NodeSimilarity::new`] with the alignment given (it must fit `params`).
    pub(crate) fn with_alignment(
        first: &'p PreparedPassage,
        second: &'p PreparedPassage,
        alignment: Cow<'p, WordAlignment>,
        params: &Params,
    ) -> NodeSimilarity<'p> {
        NodeSimilarity {
            first,
            second,
            alignment,
            keys_first: keys(first, params.positions),
            keys_second: keys(second, params.positions),
            positions: params.positions,
        }
    }

    /// sim(u, v) for unit u of the first passage and v of the second.
    pub(crate) fn sim(&self, u: usize, v: usize) -> f64 {
        let (tu, tv) = (&self.keys_first[u], &self.keys_second[v]);
        let c1 = count(tu, tv, &self.alignment.forward, self.positions);
        let c2 = count(tv, tu, &self.alignment.backward, self.positions);
        two_sided_f(c1, c2, tu.len(), tv.len())
    }

    /// Whether unit u of the first passage and v of the second share a label.
    pub(crate) fn compatible(&self, u: usize, v: usize) -> bool {
        self.first.compatible(u, self.second, v)
    }

    /// The reference's `align_nodes`: for each unit u of `from` (in order), the partner in `to`
    /// kept by scanning `to` in order — a candidate replaces the current one if its similarity is
    /// larger, or equal and label-compatible; similarity 0 is never taken; the scan stops at a
    /// compatible partner of similarity 1. Units without a partner are left out.
    pub(crate) fn align_nodes(&self, from: &[usize], to: &[usize]) -> OrderedMap {
        let mut out = OrderedMap::default();
        for &u in from {
            let mut best: Option<(usize, f64)> = None;
            for &v in to {
                let s = self.sim(u, v);
                if s == 0.0 {
                    continue;
                }
                let better = match best {
                    None => true,
                    Some((_, b)) => s > b || (s == b && self.compatible(u, v)),
                };
                if better {
                    best = Some((v, s));
                }
                if let Some((w, 1.0)) = best
                    && self.compatible(u, w)
                {
                    break;
                }
            }
            if let Some((v, _)) = best {
                out.insert(u, v);
            }
        }
        out
    }
}

/// A Python `dict` of unit pairs: insertion order; inserting an existing key updates its value
/// in place; `pop_last` is `popitem()`.
#[derive(Debug, Clone, Default)]
pub(crate) struct OrderedMap {
    entries: Vec<(usize, usize)>,
}

impl OrderedMap {
    pub(crate) fn insert(&mut self, key: usize, value: usize) {
        match self.entries.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((key, value)),
        }
    }

    /// `dict.update(other)`.
    pub(crate) fn merge(&mut self, other: OrderedMap) {
        for (k, v) in other.entries {
            self.insert(k, v);
        }
    }

    pub(crate) fn pop_last(&mut self) -> Option<(usize, usize)> {
        self.entries.pop()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.entries.iter().copied()
    }

    pub(crate) fn get(&self, key: usize) -> Option<usize> {
        self.entries
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
    }
}
