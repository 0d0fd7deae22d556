//! Expected Wins (Bojar et al. 2013; GJG15 §4): a system's mean share of wins over each system it
//! was compared with, from pairwise comparisons, as GJG15's `EW.pl` computes it.

use std::collections::BTreeMap;

use crate::judgments::{Comparison, Outcome};

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

/// Expected Wins of every system that won at least one comparison, best first (ties in score
/// by name), from `comparisons`:
///
/// EW(sᵢ) = (1/|Oᵢ|) Σ_{sⱼ ∈ Oᵢ} wins(sᵢ, sⱼ) / (wins(sᵢ, sⱼ) + wins(sⱼ, sᵢ)),
///
/// where, as in GJG15's `EW.pl`, Oᵢ holds only the systems sᵢ beat at least once (a system never
/// beaten by sᵢ adds neither a zero to the sum nor one to the count), and a system that never
/// won has no score. Scores are not rounded (`EW.pl` prints four decimals).
pub fn expected_wins(comparisons: &[Comparison], ties: Ties) -> Vec<SystemScore> {
    let mut wins: BTreeMap<&str, BTreeMap<&str, f64>> = BTreeMap::new();
    for c in comparisons {
        let (first, second) = (c.first.as_str(), c.second.as_str());
        match c.outcome {
            Outcome::FirstBetter => win(&mut wins, first, second),
            Outcome::SecondBetter => win(&mut wins, second, first),
            Outcome::Tie if ties == Ties::WinForBoth => {
                win(&mut wins, first, second);
                win(&mut wins, second, first);
            }
            Outcome::Tie => {}
        }
    }
    let mut scores: Vec<SystemScore> = wins
        .iter()
        .map(|(system, beaten)| {
            let sum: f64 = beaten
                .iter()
                .map(|(other, &w)| {
                    let lost = wins
                        .get(other)
                        .and_then(|o| o.get(system))
                        .copied()
                        .unwrap_or(0.0);
                    w / (w + lost)
                })
                .sum();
            SystemScore {
                system: (*system).to_owned(),
                score: sum / beaten.len() as f64,
            }
        })
        .collect();
    scores.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| a.system.cmp(&b.system))
    });
    scores
}

fn win<'a>(wins: &mut BTreeMap<&'a str, BTreeMap<&'a str, f64>>, winner: &'a str, loser: &'a str) {
    *wins.entry(winner).or_default().entry(loser).or_default() += 1.0;
}
