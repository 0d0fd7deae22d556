//! Invariants of the estimator on random fingerprints.

use proptest::prelude::*;
use unseen_est::estimate::grid;
use unseen_est::{Fingerprint, Histogram, Params, estimate, objective};

fn fingerprint() -> impl Strategy<Value = Fingerprint> {
    prop::collection::vec(0u64..12, 1..25)
        .prop_filter("something sampled", |c| c.iter().any(|&x| x > 0))
        .prop_map(|c| Fingerprint::new(c).expect("valid"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mass_nonnegativity_and_optimality(f in fingerprint()) {
        let params = Params::default();
        let h = estimate(&f, &params).unwrap();
        prop_assert!((h.mass_above(0.0) - 1.0).abs() < 1e-6, "mass {}", h.mass_above(0.0));
        prop_assert!(h.bins().iter().all(|&(_, v)| v >= 0.0));
        // Optimality against a feasible competitor: the empirical histogram (F_i items of
        // probability i/S) moved onto the grid — each probability to its nearest grid point, its
        // count rescaled to keep its mass. The empirical histogram itself is not feasible: its
        // probabilities lie between grid points, and a single item that is the whole sample has
        // probability 1, above the grid's top point.
        let n = f.sample_size() as f64;
        let x = grid(&f, &params).unwrap();
        let mut snapped = vec![0.0; x.len()];
        for (i, &c) in (1..).zip(f.counts()) {
            let p = i as f64 / n;
            let j = (0..x.len())
                .min_by(|&a, &b| (x[a] / p).ln().abs().total_cmp(&(x[b] / p).ln().abs()))
                .unwrap();
            snapped[j] += c as f64 * p / x[j];
        }
        let competitor = Histogram::new(x.iter().copied().zip(snapped).collect());
        prop_assert!((competitor.mass_above(0.0) - 1.0).abs() < 1e-9);
        let lp = objective(&f, &h, &params).unwrap();
        let feasible = objective(&f, &competitor, &params).unwrap();
        prop_assert!(lp <= feasible + 1e-6, "LP {lp} > feasible {feasible}");
    }
}
