//! The `Levenshtein.ratio` similarity of two strings.

use std::collections::HashMap;

/// The length of a longest common subsequence of `a` and `b`, bit-parallel (Hyyrö 2004): a bit
/// vector V over `a`'s positions, one step per character y of `b`,
/// V ← (V + (V & M_y)) | (V & ¬M_y), where M_y marks the positions of y in `a`; the LCS is the
/// number of zero bits. O(|a|·|b| / 64).
fn lcs_length(a: &[char], b: &[char]) -> usize {
    let blocks = a.len().div_ceil(64);
    let mut masks: HashMap<char, Vec<u64>> = HashMap::new();
    for (i, &c) in a.iter().enumerate() {
        masks.entry(c).or_insert_with(|| vec![0; blocks])[i / 64] |= 1 << (i % 64);
    }
    let mut v = vec![u64::MAX; blocks];
    for y in b {
        let Some(mask) = masks.get(y) else {
            continue;
        };
        let mut carry = false;
        for (word, &m) in v.iter_mut().zip(mask) {
            let u = *word & m;
            let (sum, c1) = word.overflowing_add(u);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            carry = c1 || c2;
            *word = sum | (*word & !m);
        }
    }
    let ones: usize = v.iter().map(|w| w.count_ones() as usize).sum();
    // The last block's bits past `a` stay ones (no carry reaches above the last word).
    blocks * 64 - ones
}

/// `Levenshtein.ratio(a, b)` = 1 − d / (|a| + |b|), where d = |a| + |b| − 2·LCS(a, b) is the
/// insertion–deletion distance over Unicode code points; 1 for two empty strings.
pub(crate) fn levenshtein_ratio(a: &str, b: &str) -> f64 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    let distance = total - 2 * lcs_length(&a, &b);
    1.0 - distance as f64 / total as f64
}

#[cfg(test)]
mod tests {
    use super::{lcs_length, levenshtein_ratio};

    /// The quadratic dynamic programme the bit-parallel one must agree with.
    fn lcs_table(a: &[char], b: &[char]) -> usize {
        let mut previous = vec![0usize; b.len() + 1];
        for &x in a {
            let mut current = vec![0usize; b.len() + 1];
            for (j, &y) in b.iter().enumerate() {
                current[j + 1] = if x == y {
                    previous[j] + 1
                } else {
                    previous[j + 1].max(current[j])
                };
            }
            previous = current;
        }
        previous[b.len()]
    }

    #[test]
    fn ratio_counts_an_edit_as_a_deletion_and_an_insertion() {
        assert_eq!(levenshtein_ratio("", ""), 1.0);
        assert_eq!(levenshtein_ratio("abc", "abc"), 1.0);
        // LCS "ac": d = 6 − 4 = 2, ratio 1 − 2/6.
        assert_eq!(levenshtein_ratio("abc", "axc"), 1.0 - 2.0 / 6.0);
        assert_eq!(levenshtein_ratio("ab", ""), 0.0);
    }

    #[test]
    fn bit_parallel_lcs_is_the_dynamic_programmes_across_word_boundaries() {
        let mut state = 7u64;
        for length in [1usize, 63, 64, 65, 130, 200] {
            let text = |state: &mut u64, n: usize| -> Vec<char> {
                (0..n)
                    .map(|_| {
                        *state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1);
                        ['a', 'b', 'c', 'é'][(*state >> 33) as usize % 4]
                    })
                    .collect()
            };
            let a = text(&mut state, length);
            let b = text(&mut state, length / 2 + 3);
            assert_eq!(lcs_length(&a, &b), lcs_table(&a, &b), "{length}");
            assert_eq!(lcs_length(&b, &a), lcs_table(&b, &a), "{length}");
        }
    }
}
