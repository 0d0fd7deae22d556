//! DISTSIM (USim paper §5, Table 1): agreement of two sets of graphs on how many units carry
//! each main label.
//!
//! Over pairs (sᵢ, rᵢ), with cᵢ(l) the number of compared units of sᵢ whose primary label is l
//! and dᵢ(l) the same for rᵢ:
//! * [`distsim`] — what the code computes and the published numbers are: S = Σ min(cᵢ, dᵢ),
//!   F = Σ cᵢ, E = Σ dᵢ, P = S/F, R = S/E, DISTSIM(l) = 2PR / (P + R), per main label and for
//!   A and D together ("As + Ds");
//! * [`distsim_mean_absolute_difference`] — the paper's written formula
//!   (1/N) Σᵢ |cᵢ(l) − dᵢ(l)|, a distance, which does not give the published numbers.

use serde::Serialize;
use ucca_graph::Category;

use crate::Error;
use crate::prepared::{Comparable, PreparedPassage};

/// The main relations DISTSIM reports, and what happens when a label is undefined (0/0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum MainRelations {
    /// As released: H, A, D; a label no pair shares is an error (the code divides by zero).
    #[default]
    Released,
    /// The 2017 branch: H, A, D, S, P; a label no pair shares scores 0.
    Branch2017,
}

impl MainRelations {
    /// The labels, in report order.
    pub fn labels(self) -> &'static [Category] {
        match self {
            MainRelations::Released => &[
                Category::ParallelScene,
                Category::Participant,
                Category::Adverbial,
            ],
            MainRelations::Branch2017 => &[
                Category::ParallelScene,
                Category::Participant,
                Category::Adverbial,
                Category::State,
                Category::Process,
            ],
        }
    }
}

/// DISTSIM per label (abbreviation, or `A+D` for As + Ds).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Distsim {
    /// (label, value) in [`MainRelations::labels`] order, then `A+D`.
    pub values: Vec<(String, f64)>,
}

impl Distsim {
    /// The value of `label` (`H`, `A`, `D`, `S`, `P` or `A+D`).
    pub fn get(&self, label: &str) -> Option<f64> {
        self.values
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, v)| *v)
    }
}

fn label_count(p: &PreparedPassage, comparable: Comparable, labels: &[Category]) -> usize {
    p.compared(comparable)
        .into_iter()
        .filter(|&u| {
            p.units[u]
                .primary_label
                .is_some_and(|l| labels.contains(&l))
        })
        .count()
}

/// DISTSIM over `pairs` as the code computes it (see the module docs).
pub fn distsim(
    pairs: &[(&PreparedPassage, &PreparedPassage)],
    comparable: Comparable,
    relations: MainRelations,
) -> Result<Distsim, Error> {
    let single: Vec<(String, Vec<Category>)> = relations
        .labels()
        .iter()
        .map(|&l| (l.abbreviation().to_owned(), vec![l]))
        .collect();
    let groups = single.into_iter().chain([(
        "A+D".to_owned(),
        vec![Category::Participant, Category::Adverbial],
    )]);
    let mut values = Vec::new();
    for (name, labels) in groups {
        let (mut shared, mut first, mut second) = (0usize, 0usize, 0usize);
        for (s, r) in pairs {
            // "As + Ds" sums the per-label statistics.
            for &l in &labels {
                let (c, d) = (
                    label_count(s, comparable, &[l]),
                    label_count(r, comparable, &[l]),
                );
                shared += c.min(d);
                first += c;
                second += d;
            }
        }
        let value = if shared == 0 {
            match relations {
                MainRelations::Released => return Err(Error::UndefinedDistsim { label: name }),
                MainRelations::Branch2017 => 0.0,
            }
        } else {
            let (p, r) = (shared as f64 / first as f64, shared as f64 / second as f64);
            2.0 * p * r / (p + r)
        };
        values.push((name, value));
    }
    Ok(Distsim { values })
}

/// The paper's written DISTSIM formula, (1/N) Σᵢ |cᵢ(L) − dᵢ(L)| with cᵢ(L) the number of
/// compared units of sᵢ whose primary label is in `labels`.
pub fn distsim_mean_absolute_difference(
    pairs: &[(&PreparedPassage, &PreparedPassage)],
    comparable: Comparable,
    labels: &[Category],
) -> f64 {
    let total: usize = pairs
        .iter()
        .map(|(s, r)| {
            label_count(s, comparable, labels).abs_diff(label_count(r, comparable, labels))
        })
        .sum();
    total as f64 / pairs.len() as f64
}
