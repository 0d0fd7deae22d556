//! Each system edit marked as errant_compare counts it (`-cs`): a true positive when the
//! sentence's chosen reference annotator has an edit of the same span and correction, else a
//! false positive; the chosen annotator's edits no system edit matches are missed.

use std::collections::BTreeMap;

use gec_metrics::{M2Block, M2Edit};
use serde::Serialize;

/// How errant_compare counts an edit against the chosen reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Outcome {
    /// A system edit the reference makes too.
    TruePositive,
    /// A system edit the reference does not make.
    FalsePositive,
    /// A reference edit the system does not make.
    Missed,
    /// A system edit not judged: there is no M2 gold (simplification).
    Unjudged,
}

impl Outcome {
    /// The index the page's script reads (0 TP, 1 FP, 2 missed).
    pub(crate) fn code(self) -> u8 {
        match self {
            Outcome::TruePositive => 0,
            Outcome::FalsePositive => 1,
            Outcome::Missed => 2,
            Outcome::Unjudged => 3,
        }
    }
}

/// One marked edit: source tokens `start..end` replaced by `correction`, its ERRANT type (the
/// reference's for a true positive, as errant_compare credits it) and outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkedEdit {
    /// First source token.
    pub start: usize,
    /// One past the last source token.
    pub end: usize,
    /// The correction (empty for a deletion).
    pub correction: String,
    /// The ERRANT type (`R:VERB:SVA`).
    pub category: String,
    /// How it counts.
    pub outcome: Outcome,
}

/// The edits of one annotator that errant_compare keeps in `-cs`: no `noop`, no `UNK`; one per
/// (span, correction), with every type given to it.
fn kept<'e>(
    edits: impl Iterator<Item = &'e M2Edit>,
) -> BTreeMap<(usize, usize, String), Vec<&'e str>> {
    let mut out: BTreeMap<(usize, usize, String), Vec<&'e str>> = BTreeMap::new();
    for edit in edits {
        let Some(span) = edit.span() else { continue };
        if edit.category == "UNK" {
            continue;
        }
        let correction = edit.corrections().swap_remove(0);
        out.entry((span.start, span.end, correction))
            .or_default()
            .push(&edit.category);
    }
    out
}

/// The hypothesis block's edits marked against `annotator`'s edits in the gold block, then the
/// missed ones; each type of an edit that has several is marked once (errant_compare counts each).
pub fn mark_edits(hypothesis: &M2Block, gold: &M2Block, annotator: u32) -> Vec<MarkedEdit> {
    let reference = kept(gold.edits.iter().filter(|e| e.annotator == annotator));
    let system = kept(hypothesis.edits.iter());
    let mut marked = Vec::new();
    for (key, types) in &system {
        match reference.get(key) {
            Some(gold_types) => mark(&mut marked, key, gold_types, Outcome::TruePositive),
            None => mark(&mut marked, key, types, Outcome::FalsePositive),
        }
    }
    for (key, types) in &reference {
        if !system.contains_key(key) {
            mark(&mut marked, key, types, Outcome::Missed);
        }
    }
    marked
}

/// One marked edit per type of the edit at `key`.
fn mark(
    marked: &mut Vec<MarkedEdit>,
    (start, end, correction): &(usize, usize, String),
    types: &[&str],
    outcome: Outcome,
) {
    marked.extend(types.iter().map(|category| MarkedEdit {
        start: *start,
        end: *end,
        correction: correction.clone(),
        category: (*category).to_owned(),
        outcome,
    }));
}

/// A hypothesis block's edits as the sentence view shows them without a gold: each kept edit
/// once per type, [`Outcome::Unjudged`].
pub fn typed_edits(hypothesis: &M2Block) -> Vec<MarkedEdit> {
    let mut marked = Vec::new();
    for (key, types) in &kept(hypothesis.edits.iter()) {
        mark(&mut marked, key, types, Outcome::Unjudged);
    }
    marked
}

/// TP, FP and FN of marked edits (unjudged ones count in none).
pub(crate) fn counts(edits: &[MarkedEdit]) -> [u64; 3] {
    let mut c = [0u64; 3];
    for e in edits {
        if let Some(slot) = c.get_mut(usize::from(e.outcome.code())) {
            *slot += 1;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use gec_metrics::M2File;

    #[test]
    fn marks_as_errant_compare_counts() {
        let gold = M2File::parse(
            "S He go to school yesterday .\n\
             A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\
             A 4 5|||U:ADV|||-NONE-|||REQUIRED|||-NONE-|||0\n\
             A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||1\n",
            "gold.m2",
        )
        .unwrap();
        let hyp = M2File::parse(
            "S He go to school yesterday .\n\
             A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\
             A 2 3|||R:PREP|||at|||REQUIRED|||-NONE-|||0\n",
            "hyp.m2",
        )
        .unwrap();
        let marked = mark_edits(&hyp.blocks[0], &gold.blocks[0], 0);
        let outcomes: Vec<(usize, &str, Outcome)> = marked
            .iter()
            .map(|e| (e.start, e.category.as_str(), e.outcome))
            .collect();
        assert_eq!(
            outcomes,
            [
                (1, "R:VERB:SVA", Outcome::TruePositive),
                (2, "R:PREP", Outcome::FalsePositive),
                (4, "U:ADV", Outcome::Missed),
            ]
        );
        assert_eq!(counts(&marked), [1, 1, 1]);
        // Against annotator 1, "goes" is not "went": a false positive and a miss.
        assert_eq!(
            counts(&mark_edits(&hyp.blocks[0], &gold.blocks[0], 1)),
            [0, 2, 1]
        );
    }
}
