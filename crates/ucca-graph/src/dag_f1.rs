//! DAG F-score: labelled agreement between two UCCA annotations of the same terminals, the
//! inter-annotator agreement measure of the USim paper (§3) and the 000 draft (§4.3).
//!
//! The paper defines: edges (v₁, u₁) ∈ G₁ and (v₂, u₂) ∈ G₂ match if yield(u₁) = yield(u₂) and
//! their labels are equal; P = matches / |E₁|, R = matches / |E₂|, F = 2PR / (P + R). It does not
//! say which edges count, so two readings are offered (spec `usim-spec.md` §d.1):
//!
//! * [`ucca_eval`] — the standard UCCA evaluator (`ucca.evaluation.evaluate`, ucca 1.0.50,
//!   without its normalisation step):
//!   - candidates are the outgoing edges of every layer-1 unit except those labelled `U`, `LA`,
//!     `LR` and `Terminal`, and except edges to implicit units;
//!   - primary (non-remote) and remote edges are scored separately;
//!   - the yield of an edge is the set of positions of the terminals under its child, following
//!     primary edges only (remote subtrees are excluded) and leaving out what `U` edges and
//!     punctuation units lead to — a punctuation terminal under a `Terminal` edge counts, as the
//!     evaluator's `get_terminals(punct=False)` counts it;
//!   - edges are grouped by yield: each distinct yield counts once, carrying the **set** of labels
//!     of all its edges (all categories of multi-category edges); a yield present in both
//!     annotations matches when the two label sets intersect;
//!   - P = m / g (1 when g = 0), R = m / r (1 when r = 0), F = 0 when P or R is 0.
//! * [`edge_multiset`] — the paper's sentence read literally: every primary edge (same exclusions,
//!   edges to implicit units included) is one item (yield, its `type` label) of a multiset, and
//!   matches are the size of the multiset intersection.
//!
//! Neither reproduces the paper's 0.845 on the public annotations (goldens §5).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::evaluation::{EvalGraph, Yield, normalise};
use crate::{Category, Error, Location, Passage};

/// Matched, guessed and reference counts of one comparison.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Items of the guessed annotation matched in the reference.
    pub matches: usize,
    /// Items of the guessed annotation (|E₁|).
    pub guessed: usize,
    /// Items of the reference annotation (|E₂|).
    pub reference: usize,
}

impl Score {
    /// P = matches / guessed, 1 when nothing was guessed.
    pub fn precision(&self) -> f64 {
        ratio(self.matches, self.guessed)
    }

    /// R = matches / reference, 1 when the reference is empty.
    pub fn recall(&self) -> f64 {
        ratio(self.matches, self.reference)
    }

    /// F = 2PR / (P + R), 0 when P or R is 0.
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p == 0.0 || r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }

    /// The two scores' counts summed (micro aggregation).
    pub fn plus(self, other: Score) -> Score {
        Score {
            matches: self.matches + other.matches,
            guessed: self.guessed + other.guessed,
            reference: self.reference + other.reference,
        }
    }

    /// The score with guessed and reference exchanged (P and R swap).
    pub fn swapped(self) -> Score {
        Score {
            matches: self.matches,
            guessed: self.reference,
            reference: self.guessed,
        }
    }
}

fn ratio(m: usize, n: usize) -> f64 {
    if n == 0 { 1.0 } else { m as f64 / n as f64 }
}

/// The DAG F-score of [`ucca_eval`]: primary and remote edges separately.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DagF1 {
    /// Primary edges.
    pub primary: Score,
    /// Remote edges.
    pub remote: Score,
}

impl DagF1 {
    /// Primary and remote counts summed (the evaluator's aggregate); its F1 is the "average F1"
    /// of SemEval-2019 Task 1.
    pub fn total(&self) -> Score {
        self.primary.plus(self.remote)
    }

    /// Both kinds' counts summed with another comparison's (micro aggregation over a corpus).
    pub fn plus(self, other: DagF1) -> DagF1 {
        DagF1 {
            primary: self.primary.plus(other.primary),
            remote: self.remote.plus(other.remote),
        }
    }
}

/// DAG F-score in the reading of the UCCA evaluator (module docs) without its normalisation,
/// `guessed` against `reference` — [`evaluate`] with [`Normalisation::None`], the reading of the
/// USim paper's Table 1 report. Both must annotate the same terminals (same texts in the same
/// order).
pub fn ucca_eval(guessed: &Passage, reference: &Passage) -> Result<DagF1, Error> {
    evaluate(guessed, reference, Normalisation::None)
}

/// Labelled and unlabelled DAG F-scores of one comparison: the evaluator's `labeled` (a yield in
/// both graphs matches when their label sets intersect) and `unlabeled` (a yield in both
/// matches); both count the same guessed and reference yields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Evaluation {
    /// With labels: what [`evaluate`] returns.
    pub labeled: DagF1,
    /// Without labels.
    pub unlabeled: DagF1,
}

/// What the evaluator does to both graphs before it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub enum Normalisation {
    /// Count the graphs as they are.
    None,
    /// The 2017 evaluator's normalisation (ucca-parser spec §4.1), which every published UCCA
    /// parsing score used: unit by unit, a Center unit that is its parent's only Center and has
    /// exactly one Center child (remote Center edges count) is dissolved into its parent (remote
    /// edges into it go to its Center), then every Function unit whose yield is a Function
    /// unit's yield in both graphs (the last unit of a yield, on each side) moves under the
    /// root, every edge into it (remote ones too) becoming a root edge. The passages themselves
    /// are not changed.
    #[default]
    Ucca2017,
}

/// The official UCCA evaluation of `guessed` against `reference` (ucca-parser spec §4): after the
/// [`Normalisation`], every labelled unit edge (not `U`, `LA`, `LR`, `Terminal`, not into an
/// implicit or linkage unit) is keyed by its yield — the positions of the child's
/// terminals along primary edges, not under `U` edges or punctuation units — separately for primary and remote edges;
/// edges with one yield merge into one key carrying the union of their labels; a key matches when
/// it is in both graphs with intersecting label sets. P = m / g, R = m / r (1 on an empty
/// denominator), F1 = 2PR / (P + R). Both passages must have the same terminal texts.
pub fn evaluate(
    guessed: &Passage,
    reference: &Passage,
    normalisation: Normalisation,
) -> Result<DagF1, Error> {
    Ok(evaluate_all(guessed, reference, normalisation)?.labeled)
}

/// [`evaluate`]'s labelled scores with the unlabelled ones beside them, as the evaluator counts
/// both (checked sentence by sentence against `ucca` 1.0.50 by `cargo xtask reproduce
/// ucca-parser`).
pub fn evaluate_all(
    guessed: &Passage,
    reference: &Passage,
    normalisation: Normalisation,
) -> Result<Evaluation, Error> {
    same_terminals(guessed, reference)?;
    let (mut g, mut r) = (EvalGraph::new(guessed), EvalGraph::new(reference));
    if normalisation == Normalisation::Ucca2017 {
        normalise(&mut g, &mut r);
    }
    let mut out = Evaluation::default();
    for remote in [false, true] {
        let g = g.labels_by_yield(remote);
        let r = r.labels_by_yield(remote);
        let score = |labelled: bool| Score {
            matches: g
                .iter()
                .filter(|(y, labels)| {
                    r.get(*y)
                        .is_some_and(|other| !labelled || !labels.is_disjoint(other))
                })
                .count(),
            guessed: g.len(),
            reference: r.len(),
        };
        let (labeled, unlabeled) = if remote {
            (&mut out.labeled.remote, &mut out.unlabeled.remote)
        } else {
            (&mut out.labeled.primary, &mut out.unlabeled.primary)
        };
        *labeled = score(true);
        *unlabeled = score(false);
    }
    Ok(out)
}

/// DAG F-score as the paper's sentence reads: a multiset of (yield, label) over primary edges
/// (module docs), `guessed` against `reference`.
pub fn edge_multiset(guessed: &Passage, reference: &Passage) -> Result<Score, Error> {
    same_terminals(guessed, reference)?;
    let g = labelled_edges(guessed);
    let mut r = labelled_edges(reference);
    let mut matches = 0;
    for (item, n) in &g {
        if let Some(m) = r.get_mut(item) {
            matches += (*n).min(*m);
            *m = m.saturating_sub(*n);
        }
    }
    Ok(Score {
        matches,
        guessed: g.values().sum(),
        reference: r.into_values().sum::<usize>() + matches,
    })
}

fn same_terminals(a: &Passage, b: &Passage) -> Result<(), Error> {
    let texts = |p: &Passage| p.terminals().map(|t| t.text.clone()).collect::<Vec<_>>();
    let (ta, tb) = (texts(a), texts(b));
    if ta == tb {
        return Ok(());
    }
    let position = ta.iter().zip(&tb).take_while(|(x, y)| x == y).count() + 1;
    Err(Error::DifferentTerminals {
        at: Location {
            file: format!("passages {} and {}", a.id(), b.id()),
            offset: None,
        },
        position: position as u32,
    })
}

fn labelled_edges(p: &Passage) -> BTreeMap<(Yield, Category), usize> {
    let mut out = BTreeMap::new();
    for (y, category, _) in EvalGraph::new(p).scored_edges(false, true) {
        *out.entry((y, category)).or_insert(0) += 1;
    }
    out
}
