//! The word (leaf) alignment of two passages (spec §b.3–b.4): sentence by sentence between the
//! common sentence ends, each sentence pair aligned by mono-align's edit-distance matching with
//! the tie-breaking of `munkres` ≥ 1.0.12.

use std::collections::BTreeSet;

use mono_align::{CostModel, TieBreaking, align_with_ties};

use crate::prepared::PreparedPassage;
use crate::sentences::{SentenceMarks, common_sentence_ends};

/// The word alignment of `p1` to `p2` as the reference's sorted set of 1-based position pairs, −1
/// for a terminal aligned to nothing (`align_yields`).
pub fn align_yields(
    p1: &PreparedPassage,
    p2: &PreparedPassage,
    marks: SentenceMarks,
    ties: TieBreaking,
) -> Vec<(i64, i64)> {
    WordAlignment::new(p1, p2, marks, ties)
        .pairs
        .into_iter()
        .collect()
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

/// The word alignment as the reference's set of position pairs (−1 for none) and its two maps.
#[derive(Debug, Clone)]
pub(crate) struct WordAlignment {
    pub(crate) pairs: BTreeSet<(i64, i64)>,
    /// Index = position − 1 of the first passage.
    pub(crate) forward: Vec<Partner>,
    /// Index = position − 1 of the second passage.
    pub(crate) backward: Vec<Partner>,
}

impl WordAlignment {
    /// The alignment of `p1` to `p2` (`align_yields`).
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
                let global =
                    |i: Option<usize>, offset: usize| i.map_or(-1, |i| (i + 1 + offset) as i64);
                pairs.insert((global(a, offset1), global(b, offset2)));
            }
            start1 = end1;
            start2 = end2;
        }
        let mut forward = vec![Partner::Absent; p1.len()];
        let mut backward = vec![Partner::Absent; p2.len()];
        let partner = |x: i64| {
            if x < 0 {
                Partner::Unaligned
            } else {
                Partner::To(x as u32)
            }
        };
        for &(a, b) in &pairs {
            if a > 0 {
                forward[a as usize - 1] = partner(b);
            }
            if b > 0 {
                backward[b as usize - 1] = partner(a);
            }
        }
        WordAlignment {
            pairs,
            forward,
            backward,
        }
    }
}
