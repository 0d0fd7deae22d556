//! The BCa bootstrap against scikits.bootstrap 1.1.1 (metric-goldens §e): the jackknife
//! acceleration exactly, the interval step exactly when fed the saved bootstrap means, and the
//! randomised procedure statistically (200 seeds).

use corpus_resampling::Error;
use corpus_resampling::bootstrap::{Bootstrap, acceleration, bca_interval, percentile_interval};
use gecbias_data::testing::spec_golden;
use reference_stats::numpy_mean;

fn numbers(name: &str) -> Vec<f64> {
    spec_golden(name)
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect()
}

fn jackknife_means(data: &[f64]) -> Vec<f64> {
    (0..data.len())
        .map(|i| {
            let rest: Vec<f64> = data
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &x)| x)
                .collect();
            numpy_mean(&rest)
        })
        .collect()
}

/// (data file, sorted seed-42 means, mean, acceleration, below, z0, levels, indices, BCa, percentile)
struct Case {
    data: &'static str,
    sorted: &'static str,
    mean: f64,
    acceleration: f64,
    z0: f64,
    levels: (f64, f64),
    indices: (usize, usize),
    bca: (f64, f64),
    percentile: (f64, f64),
}

const CASES: [Case; 2] = [
    Case {
        data: "sari_persentence_SBMT-SARI.txt",
        sorted: "bca_sari359_seed42_bootstrap_means_sorted.txt",
        mean: 0.37919302223112517,
        acceleration: 0.000698656284205019,
        z0: -0.017547298372150792,
        levels: (0.023167419033945643, 0.9730418854823171),
        indices: (23, 972),
        bca: (0.37056204597711967, 0.3866404559131862),
        percentile: (0.3707298649646759, 0.3867433631860227),
    },
    Case {
        data: "bca_data_small20.txt",
        sorted: "bca_small20_seed42_bootstrap_means_sorted.txt",
        mean: 0.26064175,
        acceleration: 0.015525225626105952,
        z0: 0.02256156839022472,
        levels: (0.03156547531157655, 0.9806821223470193),
        indices: (32, 980),
        bca: (0.2031234, 0.33017189999999996),
        percentile: (0.20041695, 0.32591495),
    },
];

#[test]
fn the_interval_step_matches_scikits_bootstrap() {
    for case in CASES {
        let (data, sorted) = (numbers(case.data), numbers(case.sorted));
        assert_eq!(sorted.len(), 1000);
        let mean = numpy_mean(&data);
        assert_eq!(mean, case.mean, "{}", case.data);
        let a = acceleration(&jackknife_means(&data)).unwrap();
        assert!(
            (a - case.acceleration).abs() <= 4.0 * f64::EPSILON * case.acceleration,
            "{a}"
        );
        let bca = bca_interval(mean, &sorted, a, 0.05).unwrap();
        assert!((bca.z0 - case.z0).abs() < 1e-15, "z0 {}", bca.z0);
        assert!(
            (bca.levels.0 - case.levels.0).abs() < 1e-15,
            "{:?}",
            bca.levels
        );
        assert!(
            (bca.levels.1 - case.levels.1).abs() < 1e-15,
            "{:?}",
            bca.levels
        );
        assert_eq!(bca.indices, case.indices);
        assert_eq!((bca.low, bca.high), case.bca);
        let p = percentile_interval(&sorted, 0.05).unwrap();
        assert_eq!(p.indices, (25, 974));
        assert_eq!((p.low, p.high), case.percentile);
    }
}

#[test]
fn the_randomised_procedure_agrees_over_200_seeds() {
    // metric-goldens §e: BCa endpoints over seeds 0..199, mean (sd), for data A and B.
    let expected = [
        (
            "sari_persentence_SBMT-SARI.txt",
            (0.371590, 0.000398),
            (0.386871, 0.000441),
        ),
        (
            "bca_data_small20.txt",
            (0.199976, 0.003217),
            (0.329971, 0.003958),
        ),
    ];
    for (file, (low_mean, low_sd), (high_mean, high_sd)) in expected {
        let data = numbers(file);
        let (mut lows, mut highs) = (0.0, 0.0);
        for seed in 0..200 {
            let plan = Bootstrap {
                resamples: 1000,
                seed,
            };
            let dist = plan
                .run(data.len(), |idx| {
                    numpy_mean(&idx.iter().map(|&i| data[i]).collect::<Vec<_>>())
                })
                .unwrap();
            let i = dist.bca(0.05).unwrap();
            lows += i.low;
            highs += i.high;
        }
        let (low, high) = (lows / 200.0, highs / 200.0);
        let se = |sd: f64| sd / 200f64.sqrt();
        assert!(
            (low - low_mean).abs() < 3.0 * se(low_sd),
            "{file}: low {low} vs {low_mean}"
        );
        assert!(
            (high - high_mean).abs() < 3.0 * se(high_sd),
            "{file}: high {high} vs {high_mean}"
        );
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let data: Vec<f64> = (0..50).map(|i| ((i * 37) % 11) as f64).collect();
    let run = || {
        Bootstrap {
            resamples: 300,
            seed: 9,
        }
        .run(data.len(), |idx| {
            idx.iter().map(|&i| data[i]).sum::<f64>() / idx.len() as f64
        })
        .unwrap()
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(run);
    let three = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap()
        .install(run);
    assert_eq!(one, three);
}

#[test]
fn bad_input_is_a_typed_error() {
    fn mean(data: &[f64]) -> impl Fn(&[usize]) -> f64 + Sync + '_ {
        move |idx: &[usize]| idx.iter().map(|&i| data[i]).sum::<f64>() / idx.len() as f64
    }
    let plan = Bootstrap {
        resamples: 100,
        seed: 1,
    };
    assert!(matches!(
        plan.run(0, mean(&[])),
        Err(Error::TooFewSentences(0))
    ));
    assert!(matches!(
        plan.run(1, mean(&[1.0])),
        Err(Error::TooFewSentences(1))
    ));
    let constant = [2.0; 10];
    let dist = plan.run(10, mean(&constant)).unwrap();
    assert!(matches!(dist.bca(0.05), Err(Error::DegenerateBootstrap(_))));
    let nan = [1.0, f64::NAN, 3.0];
    assert!(matches!(
        plan.run(3, mean(&nan)),
        Err(Error::NanStatistic(_))
    ));
    let fine: Vec<f64> = (0..20).map(f64::from).collect();
    let dist = plan.run(20, mean(&fine)).unwrap();
    for alpha in [0.0, 0.5, -0.1, f64::NAN] {
        assert!(
            matches!(dist.bca(alpha), Err(Error::InvalidAlpha(_))),
            "{alpha}"
        );
    }
    assert!(dist.percentile(0.1).is_ok());
}

#[test]
fn the_spread_over_corpora_of_another_size() {
    let data: Vec<f64> = (0..200).map(|i| f64::from(i % 10)).collect();
    let mean = |idx: &[usize]| idx.iter().map(|&i| data[i]).sum::<f64>() / idx.len() as f64;
    let plan = Bootstrap {
        resamples: 2000,
        seed: 7,
    };
    // At the data's own size the resamples are `run`'s: the same percentile interval.
    let own = plan.spread(data.len(), data.len(), 0.05, mean).unwrap();
    assert_eq!(
        own.interval,
        plan.run(data.len(), mean)
            .unwrap()
            .percentile(0.05)
            .unwrap()
    );
    // The SD of a mean of k draws is σ/√k (σ² = 8.25 for the digits 0–9).
    for size in [25, 100, 400] {
        let spread = plan.spread(data.len(), size, 0.05, mean).unwrap();
        let expected = (8.25 / size as f64).sqrt();
        assert!(
            (spread.sd / expected - 1.0).abs() < 0.06,
            "size {size}: SD {} against {expected}",
            spread.sd
        );
        assert!(spread.interval.low < 4.5 && 4.5 < spread.interval.high);
    }
    assert!(matches!(
        plan.spread(data.len(), 0, 0.05, mean),
        Err(Error::Empty)
    ));
}
