//! Invariants of the estimator on random fingerprints.

use proptest::prelude::*;
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
        // The empirical histogram: F_i items of probability i/S.
        let n = f.sample_size() as f64;
        let empirical = Histogram::new(
            f.counts().iter().zip(1..).filter(|(c, _)| **c > 0).map(|(c, i)| (i as f64 / n, *c as f64)).collect(),
        );
        let lp = objective(&f, &h, &params).unwrap();
        let plain = objective(&f, &empirical, &params).unwrap();
        prop_assert!(lp <= plain + 1e-6, "LP {lp} > empirical {plain}");
    }
}
