//! The Poisson-binomial pmf against exact 80-digit values (metric-goldens §d,
//! `goldens/poibin_*`), and DFT-CF against the exact recursion.

use coverage_sim::PoissonBinomial;
use coverage_sim::poisson_binomial::Method;
use gecbias_data::testing::spec_golden;
use proptest::prelude::*;

/// (probabilities, exact pmf, exact cdf) of a golden pair of files.
fn case(stem: &str) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let p: Vec<f64> = spec_golden(&format!("{stem}.txt"))
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    let table = spec_golden(&format!("{stem}_pmf_cdf.tsv"));
    let (mut pmf, mut cdf) = (Vec::new(), Vec::new());
    for line in table.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        pmf.push(fields[1].parse().unwrap());
        cdf.push(fields[2].parse().unwrap());
    }
    (p, pmf, cdf)
}

fn max_abs_error(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

#[test]
fn nine_trials() {
    let (p, pmf, cdf) = case("poibin_p9");
    for method in [Method::DftCf, Method::Recursion, Method::ProductTree] {
        let d = PoissonBinomial::with_method(&p, method).unwrap();
        assert!(max_abs_error(d.pmf(), &pmf) <= 1e-15, "{method:?}");
        assert!(max_abs_error(&d.cdf(), &cdf) <= 1e-14, "{method:?}");
    }
    let d = PoissonBinomial::new(&p).unwrap();
    assert!((d.mean() - 4.5).abs() < 1e-14);
    assert!((d.variance() - 1.65).abs() < 1e-14);
}

#[test]
fn thousand_three_hundred_and_twelve_trials() {
    let (p, pmf, cdf) = case("poibin_p1312");
    for method in [Method::DftCf, Method::ProductTree, Method::Auto] {
        let d = PoissonBinomial::with_method(&p, method).unwrap();
        let error = max_abs_error(d.pmf(), &pmf);
        assert!(error <= 1e-14, "{method:?}: {error}");
        assert!(max_abs_error(&d.cdf(), &cdf) <= 1e-12, "{method:?}");
        assert!((d.mean() - 649.3733767809405).abs() / 649.37 < 1e-9);
        assert!((d.variance() - 219.18040041828476).abs() / 219.18 < 1e-9);
        assert_eq!(d.quantile(0.5).unwrap(), 649, "cdf(649) = 0.5035");
    }
    let exact = PoissonBinomial::with_method(&p, Method::Recursion).unwrap();
    assert!(max_abs_error(exact.pmf(), &pmf) <= 1e-14);
}

#[test]
fn a_proper_distribution_for_many_trials() {
    let p: Vec<f64> = (0..5000)
        .map(|i| ((i * 7919) % 1000) as f64 / 1000.0)
        .collect();
    let d = PoissonBinomial::new(&p).unwrap();
    assert!((d.pmf().iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(d.pmf().iter().all(|&v| v >= 0.0));
    let mean: f64 = d.pmf().iter().enumerate().map(|(k, v)| k as f64 * v).sum();
    assert!((mean - d.mean()).abs() < 1e-8, "{mean} vs {}", d.mean());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn the_product_tree_agrees_with_the_recursion(p in prop::collection::vec(0.0f64..=1.0, 1..1200)) {
        let fast = PoissonBinomial::with_method(&p, Method::ProductTree).unwrap();
        let exact = PoissonBinomial::with_method(&p, Method::Recursion).unwrap();
        prop_assert!(max_abs_error(fast.pmf(), exact.pmf()) <= 1e-12);
    }
}

proptest! {
    #[test]
    fn dft_cf_agrees_with_the_recursion(p in prop::collection::vec(0.0f64..=1.0, 1..200)) {
        let fast = PoissonBinomial::with_method(&p, Method::DftCf).unwrap();
        let exact = PoissonBinomial::with_method(&p, Method::Recursion).unwrap();
        prop_assert!(max_abs_error(fast.pmf(), exact.pmf()) <= 1e-12);
        prop_assert!((fast.pmf().iter().sum::<f64>() - 1.0).abs() <= 1e-12);
        let mean: f64 = exact.pmf().iter().enumerate().map(|(k, v)| k as f64 * v).sum();
        prop_assert!((mean - exact.mean()).abs() <= 1e-9);
        let second: f64 = exact.pmf().iter().enumerate().map(|(k, v)| (k as f64 - mean).powi(2) * v).sum();
        prop_assert!((second - exact.variance()).abs() <= 1e-8);
    }
}
