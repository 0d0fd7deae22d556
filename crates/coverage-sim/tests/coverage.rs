//! Coverage of M references and the perfect system against the authors' stored arrays and the
//! goldens of `lcb-goldens.md` G4–G5, exact values against the simulation, and the invariants.

use coverage_sim::poisson_binomial::Method;
use coverage_sim::{
    Error, PerfectSystem, PoissonBinomial, Rows, Sampling, Simulation, coverage,
    mean_over_sentences, perfect_system,
};
use gecbias_data::datasets::{CALCULATIONS, UNSEEN_EST};
use gecbias_data::numpy_pickle;
use gecbias_data::testing::data_or_skip;
use proptest::prelude::*;
use unseen_est::Histogram;

/// The 48 estimated histograms of one comparison ("exact" or "index").
fn histograms(kind: &str) -> Option<Vec<Histogram>> {
    let data = data_or_skip("UnseenEst output histograms")?;
    let files = data
        .files_in(UNSEEN_EST, &format!("_{kind}_output_hist.txt"))
        .unwrap();
    assert_eq!(files.len(), 48, "{kind}");
    Some(
        files
            .iter()
            .map(|f| Histogram::parse(&std::fs::read_to_string(data.join(f)).unwrap(), f).unwrap())
            .collect(),
    )
}

/// The stored per-sentence arrays of `calculations_data/{name}`: [comparison][sentence][m].
fn stored(name: &str) -> Option<Vec<Vec<Vec<f64>>>> {
    let data = data_or_skip("the authors' stored coverage arrays")?;
    let path = data.join(&format!("{CALCULATIONS}/{name}"));
    let value = numpy_pickle::read(&path).unwrap();
    Some(numpy_pickle::coverage_arrays(&value, name).unwrap())
}

fn stored_mean(per_sentence: &[Vec<f64>], m: usize) -> f64 {
    per_sentence.iter().map(|s| s[m]).sum::<f64>() / per_sentence.len() as f64
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// G4: the stored arrays, M = 0…20, four decimals.
const G4_REPEAT_EXACT: [f64; 21] = [
    0.0000, 0.1487, 0.2276, 0.2802, 0.3193, 0.3464, 0.3671, 0.3860, 0.4003, 0.4121, 0.4225, 0.4323,
    0.4408, 0.4487, 0.4547, 0.4600, 0.4667, 0.4721, 0.4767, 0.4820, 0.4862,
];
const G4_NO_REPEAT_INDEX: [f64; 21] = [
    0.0000, 0.1978, 0.3151, 0.3889, 0.4394, 0.4783, 0.5100, 0.5367, 0.5600, 0.5796, 0.5990, 0.6157,
    0.6289, 0.6422, 0.6548, 0.6656, 0.6752, 0.6845, 0.6934, 0.7006, 0.7092,
];

#[test]
fn the_stored_arrays_are_the_published_ones() {
    let (Some(repeat), Some(no_repeat)) = (
        stored("1coverage_data_repeat_1000"),
        stored("1coverage_data_1000"),
    ) else {
        return;
    };
    assert_eq!(
        (repeat.len(), repeat[0].len(), repeat[0][0].len()),
        (2, 48, 21)
    );
    for m in 0..=20 {
        assert!(
            close(stored_mean(&repeat[0], m), G4_REPEAT_EXACT[m], 5e-5),
            "{m}"
        );
        assert!(
            close(stored_mean(&no_repeat[1], m), G4_NO_REPEAT_INDEX[m], 5e-5),
            "{m}"
        );
    }
    // The paper's "0.54 with M = 10" and "over 0.47 with M = 10" are entries 11.
    assert!(close(stored_mean(&repeat[1], 11), 0.5449, 5e-5));
    assert!(close(stored_mean(&no_repeat[0], 11), 0.4730, 5e-5));
    let trial0 = stored("0coverage_data_repeat_1000").unwrap();
    assert_eq!(trial0[0][0].len(), 20);
    assert!(close(stored_mean(&trial0[0], 19), 0.4822, 5e-5));
}

/// G5: the Poisson-binomial of the stored exact-with-replacement p_i.
#[test]
fn poisson_binomial_of_the_stored_coverages() {
    let Some(repeat) = stored("1coverage_data_repeat_1000") else {
        return;
    };
    // M, μ, E[acc], sd, argmax, max pmf, P(X ≤ 10)
    let g5: [(usize, f64, f64, f64, usize, f64, f64); 5] = [
        (1, 7.138020, 0.148709, 2.291349, 7, 0.173116, 0.924552),
        (2, 10.925509, 0.227615, 2.605776, 11, 0.151798, 0.443576),
        (5, 16.628013, 0.346417, 2.894176, 17, 0.135736, 0.015192),
        (10, 20.278701, 0.422473, 3.015736, 20, 0.131326, 0.000451),
        (20, 23.335694, 0.486160, 3.069996, 23, 0.128636, 0.000011),
    ];
    for (m, mu, accuracy, sd, mode, max_pmf, below_11) in g5 {
        let p: Vec<f64> = repeat[0].iter().map(|s| s[m]).collect();
        let system = PerfectSystem::new(&p).unwrap();
        let d = system.distribution();
        assert!(close(d.mean(), mu, 5e-7), "M = {m}");
        assert!(close(system.accuracy(), accuracy, 5e-7));
        assert!(close(system.bias(), 1.0 - accuracy, 5e-7));
        assert!(close(d.variance().sqrt(), sd, 5e-7));
        let (argmax, max) =
            d.pmf().iter().enumerate().fold(
                (0, 0.0),
                |best, (k, &v)| if v > best.1 { (k, v) } else { best },
            );
        assert_eq!(argmax, mode);
        assert!(close(max, max_pmf, 5e-7));
        assert!(close(d.cdf()[10], below_11, 5e-7));
        let exact = PoissonBinomial::with_method(&p, Method::Recursion).unwrap();
        let dft = PoissonBinomial::with_method(&p, Method::DftCf).unwrap();
        for (a, b) in exact.pmf().iter().zip(dft.pmf()) {
            assert!(close(*a, *b, 2e-16));
        }
        let summary = system.summary();
        assert!(summary.low < summary.accuracy && summary.accuracy < summary.high);
    }
}

/// G4: the closed form with replacement on the stored estimates (the spec's analytic row).
#[test]
fn the_closed_form_with_replacement() {
    let Some(exact) = histograms("exact") else {
        return;
    };
    for (m, want) in [(1, 0.1412), (2, 0.2254), (10, 0.4226), (20, 0.4866)] {
        let got = exact
            .iter()
            .map(|h| coverage::with_replacement(h, m))
            .sum::<f64>()
            / 48.0;
        assert!(close(got, want, 5e-5), "M = {m}: {got}");
        let via_system =
            coverage_sim::perfect_system_accuracy(&exact, m, Sampling::WithReplacement).unwrap();
        assert!(close(via_system, got, 1e-12));
    }
}

fn simulation_means(rows: &[Rows], sampling: Sampling, seed: u64) -> Vec<(f64, f64)> {
    let estimates = Simulation {
        repetitions: 1000,
        seed,
    }
    .coverage(rows, 20, sampling);
    mean_over_sentences(&estimates)
        .into_iter()
        .map(|e| (e.mean, e.standard_error))
        .collect()
}

/// Our simulation of the authors' procedure reproduces their arrays within the Monte-Carlo
/// error of the stored run (G4: ±0.015; their forked workers shared one unseeded stream) for
/// M ≥ 2, and the exact values without replacement within 3 standard errors — for exact match;
/// Exact Index Match, 2.5 s more, is simulated and compared by `cargo xtask reproduce fig-accuracy`
/// in CI.
#[test]
fn the_simulation_matches_the_stored_arrays_and_the_exact_values() {
    let (Some(exact), Some(repeat), Some(no_repeat)) = (
        histograms("exact"),
        stored("1coverage_data_repeat_1000"),
        stored("1coverage_data_1000"),
    ) else {
        return;
    };
    for (k, hists) in [exact].iter().enumerate() {
        let rows: Vec<Rows> = hists.iter().map(Rows::expand).collect();
        for (sampling, arrays) in [
            (Sampling::WithReplacement, &repeat),
            (Sampling::WithoutReplacement, &no_repeat),
        ] {
            let simulated = simulation_means(&rows, sampling, 2018);
            let exact_values: Vec<Vec<f64>> = hists
                .iter()
                .map(|h| coverage::curve(h, 20, Sampling::WithoutReplacement))
                .collect();
            for (m, &(mean, se)) in simulated.iter().enumerate() {
                let stored = stored_mean(&arrays[k], m);
                if m == 1 {
                    // All four stored M = 1 means sit 0.013–0.016 above any re-simulation (and
                    // above the exact value without replacement): one shared error of the stored
                    // run, whose forked workers replayed the same random stream for every
                    // sentence.
                    assert!(
                        (0.01..0.02).contains(&(stored - mean)),
                        "{k} {sampling:?}: {mean} vs {stored}"
                    );
                } else {
                    assert!(
                        close(mean, stored, 0.015),
                        "{k} {sampling:?} M = {m}: {mean} vs {stored}"
                    );
                }
                if sampling == Sampling::WithoutReplacement && m > 0 {
                    let want = exact_values.iter().map(|v| v[m]).sum::<f64>() / 48.0;
                    assert!(
                        (mean - want).abs() <= 3.0 * se,
                        "{k} M = {m}: {mean} ± {se} vs {want}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_simulation_is_seeded_and_independent_of_the_thread_count() {
    let rows = vec![
        Rows::expand(&Histogram::new(vec![(0.01, 30.0), (0.2, 2.5), (0.05, 0.4)])),
        Rows::expand(&Histogram::new(vec![(0.5, 1.0), (0.25, 2.0)])),
    ];
    let simulation = Simulation {
        repetitions: 300,
        seed: 7,
    };
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                (
                    simulation.coverage(&rows, 12, Sampling::WithReplacement),
                    simulation.coverage(&rows, 12, Sampling::WithoutReplacement),
                )
            })
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert_eq!(one, run(1));
    let other_seed = Simulation {
        seed: 8,
        ..simulation
    }
    .coverage(&rows, 12, Sampling::WithReplacement);
    assert_ne!(one.0, other_seed);
}

/// An integer histogram normalised to total probability 1.
fn integer_histogram(raw: &[(f64, u8)]) -> Histogram {
    let mass: f64 = raw.iter().map(|&(w, n)| w * f64::from(n)).sum();
    Histogram::new(raw.iter().map(|&(w, n)| (w / mass, f64::from(n))).collect())
}

/// E[coverage of the first M distinct] under successive sampling, by recursion over the set of
/// corrections drawn so far (small populations only).
fn successive_sampling(p: &[f64], m: usize) -> f64 {
    fn go(p: &[f64], drawn: u32, left: usize) -> f64 {
        if left == 0 {
            return 0.0;
        }
        let rest: f64 = (0..p.len())
            .filter(|i| drawn & (1 << i) == 0)
            .map(|i| p[i])
            .sum();
        if rest <= 0.0 {
            return 0.0;
        }
        (0..p.len())
            .filter(|i| drawn & (1 << i) == 0)
            .map(|i| p[i] / rest * (p[i] + go(p, drawn | 1 << i, left - 1)))
            .sum()
    }
    go(p, 0, m)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// For integer counts the exact computations are the model: successive sampling by
    /// enumeration, and the closed form by its definition over corrections.
    #[test]
    fn exact_values_on_integer_histograms(
        raw in prop::collection::vec((0.05f64..1.0, 1u8..3), 1..4),
    ) {
        let h = integer_histogram(&raw);
        let p: Vec<f64> = h.bins().iter().flat_map(|&(x, n)| std::iter::repeat_n(x, n as usize)).collect();
        let without = coverage::without_replacement(&h, 6);
        let mut previous = 0.0;
        for (m, &distinct) in without.iter().enumerate() {
            prop_assert!((distinct - successive_sampling(&p, m)).abs() < 1e-9, "M = {m}");
            let with = coverage::with_replacement(&h, m);
            let direct: f64 = p.iter().map(|x| x * (1.0 - (1.0 - x).powi(m as i32))).sum();
            prop_assert!((with - direct).abs() < 1e-12);
            prop_assert!(with >= previous - 1e-15 && with <= distinct + 1e-9);
            previous = with;
        }
        // Once M reaches the number of corrections, all are drawn.
        let all = without[p.len()];
        prop_assert!((all - 1.0).abs() < 1e-9, "{}", all);
    }

}

proptest! {
    // A fixed seed: the cases and the simulations' seeds are the same on every run. With a fresh
    // seed per run, 240 comparisons at 4 standard errors fail by chance once in about 70 runs
    // (a CI run drew M = 1 at 4.03 SE).
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20_181_125),
        ..ProptestConfig::default()
    })]

    /// For integer counts the authors' procedure is the model, so the exact values and the
    /// simulation agree within 4 standard errors, with and without replacement.
    #[test]
    fn the_simulation_agrees_with_exact_values_on_integer_histograms(
        raw in prop::collection::vec((0.05f64..1.0, 1u8..4), 1..5),
        seed in any::<u64>(),
    ) {
        let h = integer_histogram(&raw);
        let rows = [Rows::expand(&h)];
        let simulation = Simulation { repetitions: 4000, seed };
        let without = coverage::without_replacement(&h, 5);
        for sampling in [Sampling::WithReplacement, Sampling::WithoutReplacement] {
            let estimates = &simulation.coverage(&rows, 5, sampling)[0];
            for m in 1..=5 {
                let want = match sampling {
                    Sampling::WithReplacement => coverage::with_replacement(&h, m),
                    Sampling::WithoutReplacement => without[m],
                };
                let e = estimates[m];
                // 4 SE: 24 cases × 10 comparisons at 3 SE would fail by chance too often.
                // 1e-9: the quadrature error of the exact value without replacement.
                prop_assert!((e.mean - want).abs() <= 4.0 * e.standard_error + 1e-9,
                    "{sampling:?} M = {m}: {} ± {} vs {want}", e.mean, e.standard_error);
            }
        }
    }

    /// Coverage never decreases with M and stays a probability.
    #[test]
    fn coverage_is_monotone_in_m(raw in prop::collection::vec((0.001f64..1.0, 0.0f64..5.0), 1..8)) {
        let mass: f64 = raw.iter().map(|&(w, h)| w * h).sum();
        prop_assume!(mass > 0.0 && raw.iter().all(|&(w, _)| w <= mass));
        let h = Histogram::new(raw.iter().map(|&(w, n)| (w / mass, n)).collect());
        let without = coverage::without_replacement(&h, 12);
        for m in 1..=12 {
            prop_assert!(coverage::with_replacement(&h, m) >= coverage::with_replacement(&h, m - 1) - 1e-15);
            prop_assert!(without[m] >= without[m - 1] - 1e-12);
            prop_assert!(without[m] <= 1.0 + 1e-9);
        }
    }
}

#[test]
fn one_correction_with_all_the_mass_is_always_covered() {
    let h = Histogram::new(vec![(1.0, 1.0), (0.3, 0.0)]);
    let without = coverage::without_replacement(&h, 5);
    assert_eq!(without[0], 0.0);
    for (m, &distinct) in without.iter().enumerate().skip(1) {
        assert_eq!(coverage::with_replacement(&h, m), 1.0);
        assert!(close(distinct, 1.0, 1e-9), "{distinct}");
    }
    let rows = [Rows::expand(&h)];
    let sim = Simulation {
        repetitions: 50,
        seed: 1,
    }
    .coverage(&rows, 5, Sampling::WithReplacement);
    assert!(
        sim[0][1..]
            .iter()
            .all(|e| e.mean == 1.0 && e.standard_error == 0.0)
    );
    assert_eq!(coverage::with_replacement(&h, 0), 0.0);
}

#[test]
fn bad_coverages_are_typed_errors() {
    assert_eq!(PerfectSystem::new(&[]).unwrap_err(), Error::Empty);
    assert!(matches!(
        PerfectSystem::new(&[0.5, f64::NAN]),
        Err(Error::InvalidProbability { index: 1, .. })
    ));
    assert!(matches!(
        PerfectSystem::new(&[1.2]),
        Err(Error::InvalidProbability { index: 0, .. })
    ));
    assert_eq!(
        perfect_system(&[], 3, Sampling::WithReplacement).unwrap_err(),
        Error::Empty
    );
}
