//! Spearman's rank correlation in the three ways the reference tools compute it, each named:
//! [`spearman_gjg15`] (GJG15's `spearman.pl`: consecutive ranks, 1 − 6Σd²/(n(n²−1))),
//! [`spearman_average_ranks`] (Pearson's r of average ranks, as SEEDA's `corr_system.py` gets
//! it from scipy) and [`spearman_scipy`] (`scipy.stats.spearmanr`, i.e. `numpy.corrcoef` of the
//! average ranks, operation for operation), and [`spearman_p_value`], scipy's p-value.
//!
//! [`spearman_scipy`], with ranks r (ties get the average of their positions) and centred ranks x = r − mean(r):
//!
//! ```text
//! c_xy = Σ xᵢyᵢ · (1 / (n − 1)),  c_xx = Σ xᵢ² · (1 / (n − 1)),  c_yy likewise
//! ρ = clip((c_xy / √c_yy) / √c_xx, −1, 1)
//! ```
//!
//! Average ranks are half-integers and their mean is exactly (n + 1)/2, so every sum above is exact
//! in `f64` whatever the summation order; only the last four operations round, and they are done in
//! numpy's order. This matters: the published ECDF keeps 0.7 ≤ ρ < 1, and hundreds of sentences have
//! ρ ∈ [1 − 10⁻⁹, 1) by rounding alone (lcb-goldens G6).
//!
//! ρ is NaN for fewer than two pairs or a constant variable, as in the reference.

/// The average (fractional) ranks of `values`, 1-based: tied values share the mean of their ranks.
pub fn average_ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && values[order[end]] == values[order[start]] {
            end += 1;
        }
        // Positions start+1 ..= end share their mean.
        let rank = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            ranks[i] = rank;
        }
        start = end;
    }
    ranks
}

/// Spearman's ρ between `x` and `y` as `scipy.stats.spearmanr` computes it (module docs); NaN
/// when undefined or the lengths differ.
pub fn spearman_scipy(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len();
    if n != y.len() || n < 2 {
        return f64::NAN;
    }
    let centred = |v: &[f64]| {
        let r = average_ranks(v);
        let mean = r.iter().sum::<f64>() / n as f64;
        r.into_iter().map(|r| r - mean).collect::<Vec<f64>>()
    };
    let (cx, cy) = (centred(x), centred(y));
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(a, b)| a * b).sum::<f64>();
    let factor = 1.0 / (n - 1) as f64;
    let (cxy, cxx, cyy) = (
        dot(&cx, &cy) * factor,
        dot(&cx, &cx) * factor,
        dot(&cy, &cy) * factor,
    );
    // scipy returns the [1, 0] entry of the correlation matrix: divided by y's deviation first.
    let rho = (cxy / cyy.sqrt()) / cxx.sqrt();
    if rho.is_nan() {
        rho
    } else {
        rho.clamp(-1.0, 1.0)
    }
}

/// Spearman's ρ as GJG15's `spearman.pl` computes it: each side ranked 1… by descending score,
/// then ρ = 1 − 6 Σ dᵢ² / (n (n² − 1)) with dᵢ the difference of item i's two ranks. Equal
/// scores take consecutive ranks in the order given (the script's order there is Perl's hash
/// order, so a tie makes its ρ vary from run to run). The sides must have the same length.
pub fn spearman_gjg15(x: &[f64], y: &[f64]) -> f64 {
    let ranks = |scores: &[f64]| {
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        let mut rank = vec![0.0; scores.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = (r + 1) as f64;
        }
        rank
    };
    let (h, m) = (ranks(x), ranks(y));
    let d2: f64 = h.iter().zip(&m).map(|(a, b)| (a - b).powi(2)).sum();
    let n = x.len() as f64;
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

/// Spearman's ρ as SEEDA's `corr_system.py` gets it from scipy: Pearson's r
/// ([`crate::pearson`]) of the two sides' average ranks; `None` when a side is constant. Without
/// ties it equals [`spearman_gjg15`].
pub fn spearman_average_ranks(x: &[f64], y: &[f64]) -> Option<f64> {
    crate::pearson(&average_ranks(x), &average_ranks(y))
}

/// The two-sided p-value of Spearman's ρ over `n` pairs, as `scipy.stats.spearmanr` gives it:
/// t = ρ·√(ν / (1 − ρ²)) under Student's t with ν = n − 2 degrees of freedom, p = 1 − A(t|ν)
/// with A in closed form for whole ν (Abramowitz & Stegun 26.7.3–4, θ = atan(|t|/√ν)):
/// ν odd: A = (2/π)·(θ + sin θ·(cos θ + ⅔cos³θ + … + (2·4⋯(ν−3))/(1·3⋯(ν−2))·cos^(ν−2)θ)),
/// ν even: A = sin θ·(1 + ½cos²θ + (1·3)/(2·4)cos⁴θ + … + (1·3⋯(ν−3))/(2·4⋯(ν−2))·cos^(ν−2)θ).
/// NaN for n < 3 or an undefined ρ; 0 for |ρ| = 1.
pub fn spearman_p_value(rho: f64, n: usize) -> f64 {
    if n < 3 || rho.is_nan() {
        return f64::NAN;
    }
    if rho.abs() >= 1.0 {
        return 0.0;
    }
    let df = n - 2;
    let t = rho.abs() * (df as f64 / (1.0 - rho * rho)).sqrt();
    let theta = (t / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    // The series' terms: each the last times cos²θ·(k − 1)/k, k stepping by 2 up to ν − 2.
    let series = |first: f64, start: usize| {
        let (mut term, mut sum) = (first, first);
        for k in (start..=df.saturating_sub(2)).step_by(2) {
            term *= cos * cos * (k - 1) as f64 / k as f64;
            sum += term;
        }
        sum
    };
    let a = if df % 2 == 1 {
        let tail = if df == 1 { 0.0 } else { sin * series(cos, 3) };
        2.0 / std::f64::consts::PI * (theta + tail)
    } else {
        sin * series(1.0, 2)
    };
    (1.0 - a).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two-sided tail of Student's t, against Simpson's rule on t's density (200,000
    /// steps, in Python): ρ = −0.29 over 24 pairs (the LCB paper's "ρ = −0.29, p = 0.16" —
    /// with 24 types; t = −1.4213, ν = 22), and even and odd ν.
    #[test]
    fn p_values_follow_students_t() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let p = spearman_p_value(-0.29, 24);
        assert!(close(p, 0.169_250_967_8), "{p}");
        let p = spearman_p_value(0.5, 10);
        assert!(close(p, 0.141_113_281_3), "{p}");
        // Odd ν: 9, and 1 (A = 2θ/π).
        let p = spearman_p_value(0.5, 11);
        assert!(close(p, 0.117_306_803_0), "{p}");
        let p = spearman_p_value(0.7, 3);
        assert!(close(p, 0.506_366_622_2), "{p}");
        assert_eq!(spearman_p_value(1.0, 5), 0.0);
        assert!(spearman_p_value(0.3, 2).is_nan());
    }

    #[test]
    fn ranks_average_ties() {
        assert_eq!(
            average_ranks(&[10.0, 20.0, 10.0, 30.0]),
            [1.5, 3.0, 1.5, 4.0]
        );
        assert!(average_ranks(&[]).is_empty());
    }

    #[test]
    fn known_values() {
        assert_eq!(spearman_scipy(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]), 1.0);
        assert_eq!(spearman_scipy(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0);
        // d = (0, -2, 1, 1): ρ = 1 − 6·6 / (4·15) = 0.4.
        let rho = spearman_scipy(&[1.0, 2.0, 3.0, 4.0], &[1.0, 4.0, 2.0, 3.0]);
        assert!((rho - 0.4).abs() < 1e-15, "{rho}");
        assert!(spearman_scipy(&[1.0], &[1.0]).is_nan());
        assert!(spearman_scipy(&[1.0, 1.0], &[1.0, 2.0]).is_nan());
    }

    #[test]
    fn rounding_leaves_some_perfect_orders_just_below_one() {
        // scipy 1.17.1 gives exactly these values.
        let identity = |n: usize| {
            let v: Vec<f64> = (0..n).map(|i| i as f64).collect();
            spearman_scipy(&v, &v)
        };
        assert_eq!(identity(2), 0.9999999999999999);
        assert_eq!(identity(5), 0.9999999999999999);
        assert_eq!(identity(10), 0.9999999999999999);
        assert_eq!(identity(3), 1.0);
    }
}
