//! Expected Wins (Bojar et al. 2013; GJG15 §4): a system's mean share of wins over each system it
//! was compared with, from pairwise comparisons, as GJG15's `EW.pl` computes it.

use crate::judgments::{Comparison, Outcome, systems_of};

/// How ties count toward Expected Wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Ties {
    /// Ties are left out (`EW.pl`'s default, GJG15's Table 3).
    #[default]
    Ignored,
    /// A tie is a win for both systems (`EW.pl -t`).
    WinForBoth,
}

/// One system's Expected Wins score.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemScore {
    /// The system.
    pub system: String,
    /// EW(sᵢ) = (1/|Oᵢ|) Σ_{sⱼ ∈ Oᵢ} wins(sᵢ, sⱼ) / (wins(sᵢ, sⱼ) + wins(sⱼ, sᵢ)).
    pub score: f64,
}

/// wins(sᵢ, sⱼ) for systems numbered 0…n−1, the counts Expected Wins is computed from; one table
/// serves the whole judgment set and each bootstrap resample.
#[derive(Debug, Clone)]
pub(crate) struct WinCounts {
    systems: usize,
    wins: Vec<f64>,
}

impl WinCounts {
    pub(crate) fn new(systems: usize) -> Self {
        WinCounts {
            systems,
            wins: vec![0.0; systems * systems],
        }
    }

    /// Adds one comparison of systems `a` and `b`, `outcome` as for (a, b).
    pub(crate) fn add(&mut self, a: usize, b: usize, outcome: Outcome, ties: Ties) {
        match outcome {
            Outcome::FirstBetter => self.wins[a * self.systems + b] += 1.0,
            Outcome::SecondBetter => self.wins[b * self.systems + a] += 1.0,
            Outcome::Tie if ties == Ties::WinForBoth => {
                self.wins[a * self.systems + b] += 1.0;
                self.wins[b * self.systems + a] += 1.0;
            }
            Outcome::Tie => {}
        }
    }

    /// Adds one win at `cell` = winner · n + loser.
    pub(crate) fn add_cell(&mut self, cell: usize) {
        self.wins[cell] += 1.0;
    }

    /// EW of each system, `None` for a system that never won (`EW.pl` prints no score for it).
    pub(crate) fn expected_wins(&self) -> Vec<Option<f64>> {
        let n = self.systems;
        (0..n)
            .map(|i| {
                let (mut sum, mut beaten) = (0.0, 0usize);
                for j in (0..n).filter(|&j| j != i) {
                    let (won, lost) = (self.wins[i * n + j], self.wins[j * n + i]);
                    if won > 0.0 {
                        sum += won / (won + lost);
                        beaten += 1;
                    }
                }
                (beaten > 0).then(|| sum / beaten as f64)
            })
            .collect()
    }
}

/// Expected Wins of every system that won at least one comparison, best first (ties in score
/// by name), from `comparisons`:
///
/// EW(sᵢ) = (1/|Oᵢ|) Σ_{sⱼ ∈ Oᵢ} wins(sᵢ, sⱼ) / (wins(sᵢ, sⱼ) + wins(sⱼ, sᵢ)),
///
/// where, as in GJG15's `EW.pl`, Oᵢ holds only the systems sᵢ beat at least once (a system never
/// beaten by sᵢ adds neither a zero to the sum nor one to the count), and a system that never
/// won has no score. Scores are not rounded (`EW.pl` prints four decimals).
pub fn expected_wins(comparisons: &[Comparison], ties: Ties) -> Vec<SystemScore> {
    let names = systems_of(comparisons);
    let index = |name: &str| names.binary_search(&name).unwrap_or_default();
    let mut counts = WinCounts::new(names.len());
    for c in comparisons {
        counts.add(index(&c.first), index(&c.second), c.outcome, ties);
    }
    let mut scores: Vec<SystemScore> = names
        .iter()
        .zip(counts.expected_wins())
        .filter_map(|(system, score)| {
            score.map(|score| SystemScore {
                system: (*system).to_owned(),
                score,
            })
        })
        .collect();
    scores.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| a.system.cmp(&b.system))
    });
    scores
}
