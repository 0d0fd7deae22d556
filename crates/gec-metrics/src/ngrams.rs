//! What GLEU, SARI, GREEN and Koyama's GLEU add to `bleu-chrf`'s n-gram counting (interned
//! tokens, n-grams packed into a `u128`, the fast hash): n-gram ids of any order, and each
//! order's counts sorted in one allocation.

pub(crate) use bleu_chrf::ngrams::{FastMap, Gram, Vocabulary, counts, grams};

/// One sentence's n-grams of any order as integers (GREEN's and Koyama's GLEU's): an n-gram's id is interned from its order, the id of
/// its first n − 1 tokens and its last token, so that equal n-grams of the source, the
/// hypothesis and the references get equal ids without comparing token sequences.
pub(crate) type GramIds = FastMap<(usize, u32, u32), u32>;

/// Each order's distinct n-gram ids, sorted, with their counts.
pub(crate) fn interned_orders(ids: &[u32], n: usize, grams: &mut GramIds) -> Vec<Vec<(u32, u64)>> {
    let mut out = Vec::with_capacity(n);
    let mut current = ids.to_vec();
    for k in 1..=n {
        if k > 1 {
            current = current
                .iter()
                .zip(ids.get(k - 1..).unwrap_or_default())
                .map(|(&prefix, &last)| {
                    let next = grams.len() as u32;
                    *grams.entry((k, prefix, last)).or_insert(next)
                })
                .collect();
        }
        let mut sorted = current.clone();
        sorted.sort_unstable();
        let mut counts: Vec<(u32, u64)> = Vec::new();
        for g in sorted {
            match counts.last_mut() {
                Some((last, count)) if *last == g => *count += 1,
                _ => counts.push((g, 1)),
            }
        }
        out.push(counts);
    }
    out
}

/// The largest token id [`OrderCounts`] takes: ids are packed into 24 bits (as id + 1), four to
/// an n-gram, beside a 32-bit count.
pub(crate) const MAX_PACKED_ID: u32 = (1 << 24) - 2;

/// The counts of the 1- to 4-grams of one token sequence, each order sorted by n-gram, in one
/// allocation of one `u128` per distinct n-gram: the n-gram in the high bits (ids + 1, 24 bits
/// each), its count in the low 32. For sentence-length inputs cheaper to build than hash maps,
/// and two of them intersect by one merge per order.
#[derive(Debug, Clone, Default)]
pub(crate) struct OrderCounts {
    entries: Vec<u128>,
    /// Where order n's entries end, n = 1 … 4.
    ends: [u32; 4],
}

impl OrderCounts {
    /// The counts of the 1- to `orders`-grams of `ids` (`orders` ≤ 4; ids up to
    /// [`MAX_PACKED_ID`]); `scratch` is reused for sorting.
    ///
    /// One sort serves every order: each position's key packs the (up to) four tokens from
    /// there as id + 1 (0 where the sequence has ended), first token highest. Sorted by that key,
    /// positions are also sorted by their first n tokens for every n, so equal n-grams are
    /// neighbours; an n-gram is the key's top n fields, present when the n-th field is not 0.
    pub(crate) fn of(ids: &[u32], orders: usize, scratch: &mut Vec<Gram>) -> OrderCounts {
        let mut out = OrderCounts::default();
        out.entries.reserve(orders * ids.len());
        scratch.clear();
        scratch.extend((0..ids.len()).map(|i| {
            (0..4).fold(0u128, |key, k| {
                let token = ids.get(i + k).map_or(0, |&id| u128::from(id) + 1);
                (key << 24) | token
            })
        }));
        scratch.sort_unstable();
        for n in 1..=orders.min(4) {
            let shift = 24 * (4 - n);
            let start = out.entries.len();
            for &key in scratch.iter() {
                if (key >> shift) & 0xff_ffff == 0 {
                    continue;
                }
                let entry = (key >> shift) << 32 | 1;
                match out.entries[start..].last_mut() {
                    Some(last) if *last >> 32 == entry >> 32 => *last += 1,
                    _ => out.entries.push(entry),
                }
            }
            out.ends[n - 1..].fill(out.entries.len() as u32);
        }
        out
    }

    /// Order n's entries, sorted by n-gram; empty above the orders counted.
    pub(crate) fn order(&self, n: usize) -> &[u128] {
        let start = if n > 1 { self.ends[n - 2] } else { 0 };
        &self.entries[start as usize..self.ends[n - 1] as usize]
    }

    /// The entries whose n-gram is not in `other` (order by order, by one merge each).
    pub(crate) fn without(&self, other: &OrderCounts) -> OrderCounts {
        let mut out = OrderCounts::default();
        out.entries.reserve(self.entries.len());
        for n in 1..=4 {
            let (a, b) = (self.order(n), other.order(n));
            let (mut i, mut j) = (0, 0);
            // Branch-free advances, as in `merge_sum`.
            while i < a.len() && j < b.len() {
                let (x, y) = (a[i] >> 32, b[j] >> 32);
                if x < y {
                    out.entries.push(a[i]);
                }
                i += usize::from(x <= y);
                j += usize::from(y <= x);
            }
            out.entries.extend_from_slice(&a[i..]);
            out.ends[n - 1] = out.entries.len() as u32;
        }
        out
    }
}

/// Σ over the n-grams of two [`OrderCounts`] orders that both contain of `f(count in a, count
/// in b)`, by one merge.
pub(crate) fn merge_sum(a: &[u128], b: &[u128], f: impl Fn(u32, u32) -> u64) -> u64 {
    let (mut i, mut j, mut sum) = (0, 0, 0);
    // Advances without branches: which side moves is unpredictable, a mispredicted branch per
    // step cost more than the comparisons.
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i] >> 32, b[j] >> 32);
        let shared = if x == y {
            f(a[i] as u32, b[j] as u32)
        } else {
            0
        };
        sum += shared;
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    sum
}

/// Counts of the n-grams of `ids` and their distinct n-grams in order of first occurrence (the
/// iteration order of Python's `Counter`, which decides the order of floating-point sums).
pub(crate) fn ordered_counts(ids: &[u32], n: usize) -> (FastMap<Gram, u32>, Vec<Gram>) {
    let mut out = FastMap::with_capacity_and_hasher(ids.len(), Default::default());
    let mut order = Vec::with_capacity(ids.len());
    for g in grams(ids, n) {
        let count = out.entry(g).or_insert(0);
        if *count == 0 {
            order.push(g);
        }
        *count += 1;
    }
    (out, order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// (n-gram, count) of order n, counted naively and sorted by the tokens.
    fn naive(ids: &[u32], n: usize) -> Vec<(Vec<u32>, u32)> {
        let mut out: std::collections::BTreeMap<Vec<u32>, u32> = Default::default();
        for w in ids.windows(n) {
            *out.entry(w.to_vec()).or_insert(0) += 1;
        }
        out.into_iter().collect()
    }

    /// An entry's tokens and count, unpacked.
    fn unpack(entry: u128, n: usize) -> (Vec<u32>, u32) {
        let tokens = (0..n)
            .map(|k| ((entry >> (32 + 24 * (n - 1 - k))) & 0xff_ffff) as u32 - 1)
            .collect();
        (tokens, entry as u32)
    }

    proptest! {
        /// One sort serves every order: each order's entries are the naive counts, in order;
        /// `merge_sum` and `without` agree with the naive intersection and difference. Ids
        /// include the largest one (what GLEU gives unknown hypothesis tokens).
        #[test]
        fn order_counts_are_the_naive_counts(
            a in prop::collection::vec(prop_oneof![0u32..4, Just(MAX_PACKED_ID)], 0..30),
            b in prop::collection::vec(0u32..4, 0..30),
        ) {
            let (ca, cb) = (OrderCounts::of(&a, 4, &mut Vec::new()), OrderCounts::of(&b, 4, &mut Vec::new()));
            let difference = ca.without(&cb);
            for n in 1..=4 {
                let (na, nb) = (naive(&a, n), naive(&b, n));
                let unpacked: Vec<_> = ca.order(n).iter().map(|&e| unpack(e, n)).collect();
                prop_assert_eq!(&unpacked, &na);
                let shared: u64 = na
                    .iter()
                    .filter_map(|(g, x)| nb.iter().find(|(h, _)| h == g).map(|(_, y)| u64::from(*x.min(y))))
                    .sum();
                prop_assert_eq!(merge_sum(ca.order(n), cb.order(n), |x, y| u64::from(x.min(y))), shared);
                let only_a: Vec<_> = na.iter().filter(|(g, _)| nb.iter().all(|(h, _)| h != g)).cloned().collect();
                let unpacked: Vec<_> = difference.order(n).iter().map(|&e| unpack(e, n)).collect();
                prop_assert_eq!(unpacked, only_a);
            }
        }
    }
}
