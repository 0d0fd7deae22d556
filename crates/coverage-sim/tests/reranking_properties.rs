//! Invariants of the oracle reranker (LCB spec §7, §10): the choice scores the maximum; ties go to
//! the last maximal hypothesis, unless (under the reference code's rule) the source holds it.

use coverage_sim::reranking::{TieRule, oracle_rerank};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_choice_is_the_last_best(scores in prop::collection::vec(0u8..4, 1..16)) {
        let names: Vec<String> = (0..scores.len()).map(|i| format!("h{i}")).collect();
        let hypotheses: Vec<&str> = names.iter().map(String::as_str).collect();
        let score = |h: &str| f64::from(scores[names.iter().position(|n| n == h).unwrap()]);
        let best = *scores.iter().max().unwrap();
        let last_best = scores.iter().rposition(|&s| s == best).unwrap();
        prop_assert_eq!(oracle_rerank("source", &hypotheses, score, TieRule::Later), Some(last_best));
        // A source that is not among the hypotheses changes nothing under the exception.
        prop_assert_eq!(
            oracle_rerank("source", &hypotheses, score, TieRule::LaterUnlessSource),
            Some(last_best)
        );
    }

    #[test]
    fn a_held_source_keeps_its_ties(scores in prop::collection::vec(1u8..4, 2..16), at in 0usize..16) {
        let at = at % scores.len();
        let names: Vec<String> = (0..scores.len()).map(|i| format!("h{i}")).collect();
        let hypotheses: Vec<&str> = names.iter().map(String::as_str).collect();
        let score = |h: &str| f64::from(scores[names.iter().position(|n| n == h).unwrap()]);
        let best = *scores.iter().max().unwrap();
        let chosen = oracle_rerank(&names[at], &hypotheses, score, TieRule::LaterUnlessSource).unwrap();
        prop_assert_eq!(scores[chosen], best);
        let last_best = scores.iter().rposition(|&s| s == best).unwrap();
        // The source wins exactly when it is maximal: once held, no tie displaces it.
        let expected = if scores[at] == best { at } else { last_best };
        prop_assert_eq!(chosen, expected);
    }
}
