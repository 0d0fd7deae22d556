//! Hybrid super-sampling (Graham & Liu, NAACL 2016), as GMEG (Napoles et al. 2019, §5.2)
//! applies it to GEC: with few real systems a system-level correlation rests on a handful of
//! points, so synthetic systems are made by taking each sentence's output from one of two real
//! systems, a share p from the first and the rest from the second; a hybrid's human score is the
//! mean rating of the outputs it takes and its metric score the metric on them.

use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

/// `count` hybrids over `sentences` sentences, each naming for every sentence the system (an
/// entry of `pool`) whose output it takes. Hybrid k mixes the unordered pair
/// k mod P of `pool` (P pairs, in order (0,1), (0,2), …) with share p = 10 %, 20 %, …, 90 % for
/// ⌊k / P⌋ mod 9, so pairs and shares are covered evenly; the round(p·n) sentences of the first
/// system are drawn without replacement from PCG-64 stream (seed, k). Empty when `pool` has
/// fewer than two systems.
pub fn hybrid_systems(
    pool: &[usize],
    sentences: usize,
    count: usize,
    seed: u64,
) -> Vec<Vec<usize>> {
    let pairs: Vec<(usize, usize)> = (0..pool.len())
        .flat_map(|a| (a + 1..pool.len()).map(move |b| (pool[a], pool[b])))
        .collect();
    if pairs.is_empty() {
        return Vec::new();
    }
    (0..count)
        .map(|k| {
            let (first, second) = pairs[k % pairs.len()];
            let share = (1 + (k / pairs.len()) % 9) as f64 / 10.0;
            let taken = (share * sentences as f64).round() as usize;
            let mut order: Vec<usize> = (0..sentences).collect();
            order.shuffle(&mut Pcg64::new(u128::from(seed), k as u128));
            let mut hybrid = vec![second; sentences];
            for &i in &order[..taken] {
                hybrid[i] = first;
            }
            hybrid
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_shares_cycle_and_draws_repeat_with_the_seed() {
        let hybrids = hybrid_systems(&[0, 2, 5], 20, 10, 7);
        assert_eq!(hybrids.len(), 10);
        let count = |h: &[usize], s: usize| h.iter().filter(|&&x| x == s).count();
        // Hybrid 0: pair (0, 2), 10 %; hybrid 4: pair (0, 5), 20 %; hybrid 5: pair (2, 5), 20 %.
        assert_eq!((count(&hybrids[0], 0), count(&hybrids[0], 2)), (2, 18));
        assert_eq!((count(&hybrids[4], 0), count(&hybrids[4], 5)), (4, 16));
        assert_eq!((count(&hybrids[5], 2), count(&hybrids[5], 5)), (4, 16));
        assert_eq!(hybrids, hybrid_systems(&[0, 2, 5], 20, 10, 7));
        assert_ne!(hybrids, hybrid_systems(&[0, 2, 5], 20, 10, 8));
        assert!(hybrid_systems(&[3], 20, 10, 7).is_empty());
    }
}
