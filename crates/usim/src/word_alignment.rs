//! The word (leaf) alignment of two passages (spec §b.3–b.4): sentence by sentence between the
//! common sentence ends, each sentence pair aligned by mono-align's edit-distance matching with
//! the tie-breaking of `munkres` ≥ 1.0.12.

use std::collections::BTreeSet;

use mono_align::{CostModel, TieBreaking, align_with_ties};

use crate::prepared::PreparedPassage;
use crate::sentences::{SentenceMarks, common_sentence_ends};

/// The word alignment of `p1` to `p2` as the reference's sorted set of 1-based position pairs,
/// `None` for a terminal aligned to nothing (the reference's −1; `align_yields`).
pub fn align_yields(
    p1: &PreparedPassage,
    p2: &PreparedPassage,
    marks: SentenceMarks,
    ties: TieBreaking,
) -> Vec<(Option<u32>, Option<u32>)> {
    WordAlignment::new(p1, p2, marks, ties).pairs()
}

/// Where a terminal of one passage went in the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Partner {
    /// The terminal lies in no sentence slice (e.g. a passage-final `.`): not in the alignment.
    Absent,
    /// Aligned to nothing (the longer side's surplus).
    Unaligned,
    /// Aligned to this 1-based position.
    To(u32),
}

/// The word alignment of two passages: most of USim's cost, so [`crate::PassagePair`] computes it
/// once for every variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WordAlignment {
    pairs: BTreeSet<(Option<u32>, Option<u32>)>,
    marks: SentenceMarks,
    ties: TieBreaking,
    /// Index = position − 1 of the first passage.
    pub(crate) forward: Vec<Partner>,
    /// Index = position − 1 of the second passage.
    pub(crate) backward: Vec<Partner>,
}

impl WordAlignment {
    /// The alignment of `p1` to `p2` (`align_yields`): sentence by sentence between the common
    /// sentence ends under `marks`, with the assignment solver's `ties`.
    pub(crate) fn new(
        p1: &PreparedPassage,
        p2: &PreparedPassage,
        marks: SentenceMarks,
        ties: TieBreaking,
    ) -> WordAlignment {
        let (e1, e2) = common_sentence_ends(p1, p2, marks);
        let form = |t: &String| t.trim().to_lowercase();
        let slice = |p: &PreparedPassage, start: u32, end: u32| -> (usize, Vec<String>) {
            // Python slice semantics: clamped, empty when start ≥ end.
            let (lo, hi) = ((start as usize).min(p.len()), (end as usize).min(p.len()));
            let words = if lo < hi {
                p.texts[lo..hi].iter().map(form).collect()
            } else {
                Vec::new()
            };
            (lo, words)
        };
        let mut pairs = BTreeSet::new();
        let (mut start1, mut start2) = (0u32, 0u32);
        for (&end1, &end2) in e1.iter().zip(&e2) {
            let (offset1, s1) = slice(p1, start1, end1);
            let (offset2, s2) = slice(p2, start2, end2);
            let alignment = align_with_ties(&s1, &s2, CostModel::Reference, ties);
            for (a, b) in alignment.pairs {
                let global = |i: Option<usize>, offset: usize| i.map(|i| (i + 1 + offset) as u32);
                pairs.insert((global(a, offset1), global(b, offset2)));
            }
            start1 = end1;
            start2 = end2;
        }
        let mut forward = vec![Partner::Absent; p1.len()];
        let mut backward = vec![Partner::Absent; p2.len()];
        let partner = |x: Option<u32>| x.map_or(Partner::Unaligned, Partner::To);
        for &(a, b) in &pairs {
            if let Some(slot) = a.and_then(|a| forward.get_mut(a as usize - 1)) {
                *slot = partner(b);
            }
            if let Some(slot) = b.and_then(|b| backward.get_mut(b as usize - 1)) {
                *slot = partner(a);
            }
        }
        WordAlignment {
            pairs,
            marks,
            ties,
            forward,
            backward,
        }
    }

    /// The aligned 1-based position pairs in the reference's order; `None` on the side of a
    /// terminal aligned to nothing.
    pub(crate) fn pairs(&self) -> Vec<(Option<u32>, Option<u32>)> {
        self.pairs.iter().copied().collect()
    }

    /// Whether this alignment is the one `params` would compute.
    pub(crate) fn fits(&self, params: &crate::params::Params) -> bool {
        self.marks == params.marks && self.ties == params.ties
    }
}
