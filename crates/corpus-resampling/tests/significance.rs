//! The paired tests on synthetic per-sentence M2 statistics.

use corpus_resampling::bootstrap::Bootstrap;
use corpus_resampling::{PairedM2, approximate_randomization, paired_bootstrap};
use gec_metrics::m2_score::{Counts, SentenceStats};

fn system(correct: impl Fn(usize) -> u32, n: usize) -> Vec<SentenceStats> {
    (0..n)
        .map(|i| SentenceStats {
            annotators: vec![(
                0,
                Counts {
                    correct: correct(i),
                    proposed: 1,
                    gold: 1,
                },
            )],
        })
        .collect()
}

#[test]
fn a_clearly_better_system_is_significant_and_equal_systems_are_not() {
    let n = 200;
    let good = system(|i| u32::from(i % 10 != 0), n);
    let bad = system(|i| u32::from(i % 2 == 0), n);
    let plan = Bootstrap {
        resamples: 1000,
        seed: 3,
    };
    let better = PairedM2 {
        first: &good,
        second: &bad,
        beta: 0.5,
    };
    let b = paired_bootstrap(n, plan, &better).unwrap();
    assert!((b.difference - 0.4).abs() < 1e-12, "{b:?}");
    assert!(b.p_value < 0.01, "{b:?}");
    let r = approximate_randomization(n, 1000, 3, &better).unwrap();
    assert_eq!(r.difference, b.difference);
    assert!(r.p_value < 0.01, "{r:?}");
    let same = PairedM2 {
        first: &good,
        second: &good,
        beta: 0.5,
    };
    assert_eq!(paired_bootstrap(n, plan, &same).unwrap().p_value, 1.0);
    assert_eq!(
        approximate_randomization(n, 500, 3, &same).unwrap().p_value,
        1.0
    );
    // A small difference on few sentences is not significant.
    let close = system(|i| u32::from(i % 10 != 0 && i != 5), 20);
    let near = PairedM2 {
        first: &system(|i| u32::from(i % 10 != 0), 20),
        second: &close,
        beta: 0.5,
    };
    assert!(paired_bootstrap(20, plan, &near).unwrap().p_value > 0.05);
    assert!(
        approximate_randomization(20, 1000, 3, &near)
            .unwrap()
            .p_value
            > 0.05
    );
    // Thread independence.
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    assert_eq!(
        one.install(|| paired_bootstrap(n, plan, &better).unwrap()),
        b
    );
    assert_eq!(
        one.install(|| approximate_randomization(n, 1000, 3, &better).unwrap()),
        r
    );
}
