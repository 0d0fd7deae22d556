//! Sentence-level word alignment: worked examples and invariants.

use mono_align::{CostModel, align, align_with, tokens};
use proptest::prelude::*;

#[test]
fn a_deleted_word_is_aligned_to_nothing() {
    let a = tokens("the big dog");
    let b = tokens("the dog");
    assert_eq!(
        align(&a, &b).pairs,
        [(Some(0), Some(0)), (Some(1), None), (Some(2), Some(1))]
    );
    // Inserted words: the first sentence is the shorter one, pairs follow the second.
    assert_eq!(
        align(&b, &a).pairs,
        [(Some(0), Some(0)), (None, Some(1)), (Some(1), Some(2))]
    );
}

#[test]
fn equal_lengths_follow_the_second_sentence() {
    // n = 2: swapping costs 2·1 + 0 = 2 per pair on the diagonal, 2·0 + 1 = 1 off it.
    let pairs = align(&["a", "b"], &["b", "a"]).pairs;
    assert_eq!(pairs, [(Some(1), Some(0)), (Some(0), Some(1))]);
}

#[test]
fn punctuation_leaves_empty_tokens_that_align_too() {
    let a = tokens("I like it .");
    let b = tokens("I like it");
    assert_eq!(a.len(), 5);
    let pairs = align(&a, &b).pairs;
    assert_eq!(
        pairs[..3],
        [(Some(0), Some(0)), (Some(1), Some(1)), (Some(2), Some(2))]
    );
    assert_eq!(pairs.iter().filter(|p| p.1.is_none()).count(), 2);
}

#[test]
fn empty_input() {
    assert!(align::<&str>(&[], &[]).pairs.is_empty());
    assert_eq!(align(&["x"], &[]).pairs, [(Some(0), None)]);
}

fn sentence() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop::string::string_regex("[a-d]{0,3}").unwrap(), 0..14)
}

proptest! {
    #[test]
    fn a_sentence_aligns_to_itself_as_the_identity(s in sentence()) {
        for model in [CostModel::Exact, CostModel::Reference] {
            let pairs = align_with(&s, &s, model).pairs;
            let identity: Vec<_> = (0..s.len()).map(|i| (Some(i), Some(i))).collect();
            prop_assert_eq!(pairs, identity);
        }
    }

    #[test]
    fn every_token_of_both_sentences_is_used_once(a in sentence(), b in sentence()) {
        let pairs = align(&a, &b).pairs;
        prop_assert_eq!(pairs.len(), a.len().max(b.len()));
        let mut left: Vec<usize> = pairs.iter().filter_map(|p| p.0).collect();
        let mut right: Vec<usize> = pairs.iter().filter_map(|p| p.1).collect();
        left.sort_unstable();
        right.sort_unstable();
        prop_assert_eq!(left, (0..a.len()).collect::<Vec<_>>());
        prop_assert_eq!(right, (0..b.len()).collect::<Vec<_>>());
    }

    #[test]
    fn exact_and_reference_costs_reach_the_same_total(a in sentence(), b in sentence()) {
        // Both minimise Σ (n·levenshtein + |i − j|); they may differ only in which optimum.
        let n = a.len().max(b.len());
        let cost = |pairs: &[(Option<usize>, Option<usize>)]| -> usize {
            pairs.iter().map(|&(i, j)| match (i, j) {
                (Some(i), Some(j)) => n * mono_align::levenshtein(&a[i], &b[j]) + i.abs_diff(j),
                _ => 0,
            }).sum()
        };
        let exact = align_with(&a, &b, CostModel::Exact).pairs;
        let reference = align_with(&a, &b, CostModel::Reference).pairs;
        prop_assert_eq!(cost(&exact), cost(&reference));
    }
}

proptest! {
    #[test]
    fn alignment_cost_is_the_hungarian_optimum(a in sentence(), b in sentence()) {
        prop_assume!(!a.is_empty() || !b.is_empty());
        // The exact cost matrix of the module docs: n·levenshtein + |i − j|, zero padding.
        let (longer, shorter) = if a.len() > b.len() { (&a, &b) } else { (&b, &a) };
        let n = longer.len();
        let cost = |i: usize, j: usize| -> i64 {
            if j < shorter.len() { (n * mono_align::levenshtein(&longer[i], &shorter[j]) + i.abs_diff(j)) as i64 } else { 0 }
        };
        let flat: Vec<i64> = (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).map(|(i, j)| cost(i, j)).collect();
        let optimum: i64 = hungarian::minimize(&flat, n, n)
            .iter()
            .enumerate()
            .filter_map(|(i, j)| j.map(|j| flat[i * n + j]))
            .sum();
        let pairs = align_with(&a, &b, CostModel::Exact).pairs;
        let ours: i64 = pairs
            .iter()
            .map(|&(i, j)| match (i, j) {
                (Some(i), Some(j)) if a.len() > b.len() => cost(i, j),
                (Some(i), Some(j)) => cost(j, i),
                _ => 0,
            })
            .sum();
        prop_assert_eq!(ours, optimum);
    }
}
