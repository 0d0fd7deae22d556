//! Invariants of the comparisons a ranking implies and of Expected Wins, on random rankings.

use meta_eval::{Outcome, Ties, expected_wins, read_rankings};
use proptest::prelude::*;

/// A ranking item of systems S0…S(k−1) with the given ranks, some collapsed into one
/// translation when they share a rank (as Appraise collapses identical outputs).
fn item(ranks: &[u32], collapse: bool) -> String {
    let mut translations: Vec<(u32, Vec<String>)> = Vec::new();
    for (k, &rank) in ranks.iter().enumerate() {
        match translations
            .iter_mut()
            .find(|(r, _)| collapse && *r == rank)
        {
            Some((_, systems)) => systems.push(format!("S{k}")),
            None => translations.push((rank, vec![format!("S{k}")])),
        }
    }
    let body: String = translations
        .iter()
        .map(|(rank, systems)| {
            format!(
                "<translation rank=\"{rank}\" system=\"{}\"/>",
                systems.join(" ")
            )
        })
        .collect();
    format!("<ranking-item id=\"0\" src-id=\"0\" user=\"u\">{body}</ranking-item>")
}

proptest! {
    #[test]
    fn every_pair_once_the_better_rank_winning(
        ranks in prop::collection::vec(1u32..6, 2..9),
        collapse: bool,
    ) {
        let rankings = read_rankings(&item(&ranks, collapse), "p.xml").unwrap();
        let comparisons = rankings[0].comparisons();
        let k = ranks.len();
        prop_assert_eq!(comparisons.len(), k * (k - 1) / 2);
        let rank_of = |s: &str| ranks[s[1..].parse::<usize>().unwrap()];
        let mut seen = std::collections::BTreeSet::new();
        for c in &comparisons {
            prop_assert!(c.first < c.second);
            prop_assert!(seen.insert((c.first.clone(), c.second.clone())));
            let expected = match rank_of(&c.first).cmp(&rank_of(&c.second)) {
                std::cmp::Ordering::Less => Outcome::FirstBetter,
                std::cmp::Ordering::Greater => Outcome::SecondBetter,
                std::cmp::Ordering::Equal => Outcome::Tie,
            };
            prop_assert_eq!(c.outcome, expected);
        }
        for ties in [Ties::Ignored, Ties::WinForBoth] {
            for s in expected_wins(&comparisons, ties) {
                prop_assert!((0.0..=1.0).contains(&s.score));
            }
        }
    }
}
