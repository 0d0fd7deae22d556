//! Williams' test (Williams 1959; Steiger 1980, eq. 7) for two dependent correlations that share
//! a variable: does metric a correlate with the human scores more than metric b does, given how
//! much a and b correlate with each other? The test WMT's metrics tasks use (Graham & Baldwin
//! 2014).

use reference_stats::student_t_upper;

use crate::Error;

/// Williams' t for H₀: r₁₂ = r₁₃, with 1 the human scores, 2 and 3 two metrics, on n systems.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WilliamsTest {
    /// t = (r₁₂ − r₁₃) √((n − 1)(1 + r₂₃)) / √(2 ((n − 1)/(n − 3)) |R| + r̄² (1 − r₂₃)³), with
    /// |R| = 1 − r₁₂² − r₁₃² − r₂₃² + 2 r₁₂ r₁₃ r₂₃ and r̄ = (r₁₂ + r₁₃)/2.
    pub t: f64,
    /// n − 3.
    pub degrees_of_freedom: f64,
    /// P(T ≥ t) under Student's t with n − 3 degrees of freedom: H₁ r₁₂ > r₁₃ (WMT's one-sided
    /// convention).
    pub p_one_sided: f64,
    /// P(|T| ≥ |t|).
    pub p_two_sided: f64,
}

/// Williams' test of r₁₂ = r₁₃ (human–a against human–b) given r₂₃ (a–b), on `n` ≥ 4 systems.
pub fn williams_test(r12: f64, r13: f64, r23: f64, n: usize) -> Result<WilliamsTest, Error> {
    if n < 4 {
        return Err(Error::Scores(format!(
            "Williams' test needs 4 systems at least, not {n}"
        )));
    }
    if [r12, r13, r23].iter().any(|r| !(-1.0..=1.0).contains(r)) {
        return Err(Error::Scores(format!(
            "correlations must lie in [−1, 1]: {r12}, {r13}, {r23}"
        )));
    }
    let k = n as f64;
    let det = 1.0 - r12 * r12 - r13 * r13 - r23 * r23 + 2.0 * r12 * r13 * r23;
    let mean = (r12 + r13) / 2.0;
    let denominator =
        (2.0 * (k - 1.0) / (k - 3.0) * det + mean * mean * (1.0 - r23).powi(3)).sqrt();
    let t = if denominator > 0.0 {
        (r12 - r13) * ((k - 1.0) * (1.0 + r23)).sqrt() / denominator
    } else {
        0.0
    };
    let df = k - 3.0;
    let upper = student_t_upper(t.abs(), df);
    Ok(WilliamsTest {
        t,
        degrees_of_freedom: df,
        p_one_sided: if t >= 0.0 { upper } else { 1.0 - upper },
        p_two_sided: (2.0 * upper).min(1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn williams_t_by_hand() {
        // r12 = .7, r13 = .5, r23 = .6, n = 13: |R| = 1 − .49 − .25 − .36 + .42 = .32,
        // r̄ = .6, t = .2 √(12 · 1.6) / √(2 · 1.2 · .32 + .36 · .064) = 0.87636 / 0.89004.
        let w = williams_test(0.7, 0.5, 0.6, 13).unwrap();
        let expected = 0.2 * (12.0f64 * 1.6).sqrt() / (2.0 * 1.2 * 0.32 + 0.36 * 0.064f64).sqrt();
        assert!((w.t - expected).abs() < 1e-12);
        assert_eq!(w.degrees_of_freedom, 10.0);
        assert!((w.p_two_sided - 2.0 * w.p_one_sided).abs() < 1e-12);
        assert!(w.p_one_sided > 0.05 && w.p_one_sided < 0.5);
        let reversed = williams_test(0.5, 0.7, 0.6, 13).unwrap();
        assert!((reversed.t + w.t).abs() < 1e-12);
        assert!((reversed.p_one_sided + w.p_one_sided - 1.0).abs() < 1e-12);
        assert!(williams_test(0.5, 0.7, 0.6, 3).is_err());
        assert!(williams_test(1.5, 0.7, 0.6, 13).is_err());
    }
}
