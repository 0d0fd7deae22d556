//! Spearman's ρ bit for bit against scipy 1.17.1 / numpy 2.4.6 — the environment in which the
//! goldens reproduced the authors' results — on 400 random integer vectors (many ties, some
//! identical orders whose ρ rounds to just below 1), stored in `fixtures/spearman_scipy.tsv`.

use reference_stats::spearman_scipy;

#[test]
fn equals_scipy_bit_for_bit() {
    let text = include_str!("fixtures/spearman_scipy.tsv");
    let parse = |s: &str| {
        s.split(' ')
            .map(|v| v.parse::<f64>().unwrap())
            .collect::<Vec<f64>>()
    };
    let mut checked = 0;
    let mut near_one = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [x, y, rho] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("{line}")
        };
        let expected: f64 = rho.parse().unwrap();
        let got = spearman_scipy(&parse(x), &parse(y));
        assert_eq!(got.to_bits(), expected.to_bits(), "{line}: got {got:?}");
        checked += 1;
        near_one += usize::from(expected < 1.0 && expected > 1.0 - 1e-9);
    }
    assert_eq!(checked, 400);
    assert!(
        near_one >= 10,
        "the fixture exercises the near-one rounding ({near_one})"
    );
}
