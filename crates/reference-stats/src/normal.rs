//! The standard normal distribution function Φ and its inverse, accurate to a few units in the
//! last place, for the BCa interval (whose bias correction and adjusted levels must agree with
//! scipy's to about 1e-15 to pick the same order statistics).

use std::f64::consts::{FRAC_1_SQRT_2, PI};

/// erf(z) by its Maclaurin series (used for |z| < 0.5, where it converges in ~15 terms).
fn erf_series(z: f64) -> f64 {
    let z2 = z * z;
    let (mut term, mut sum, mut n) = (z, z, 0.0);
    loop {
        n += 1.0;
        term *= -z2 / n;
        let add = term / (2.0 * n + 1.0);
        sum += add;
        if add.abs() <= f64::EPSILON * sum.abs() * 0.01 {
            break;
        }
    }
    sum * 2.0 / PI.sqrt()
}

/// erfc(z) for z ≥ 0.5 by its continued fraction (modified Lentz).
fn erfc_continued_fraction(z: f64) -> f64 {
    let tiny = 1e-300;
    let (mut f, mut c, mut d) = (z, z, 0.0);
    for n in 1..10_000 {
        let a = f64::from(n) / 2.0;
        d = z + a * d;
        d = if d == 0.0 { tiny } else { d };
        c = z + a / c;
        c = if c == 0.0 { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-17 {
            break;
        }
    }
    (-z * z).exp() / (PI.sqrt() * f)
}

/// erfc(z) for z ≥ 0.
fn erfc(z: f64) -> f64 {
    if z < 0.5 {
        1.0 - erf_series(z)
    } else {
        erfc_continued_fraction(z)
    }
}

/// Φ(x) = P(Z ≤ x) for a standard normal Z.
pub fn normal_cdf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let z = x * FRAC_1_SQRT_2;
    if x < 0.0 {
        0.5 * erfc(-z)
    } else {
        1.0 - 0.5 * erfc(z)
    }
}

/// φ(x), the standard normal density.
fn normal_density(x: f64) -> f64 {
    (-0.5 * x * x).exp() / (2.0 * PI).sqrt()
}

/// Φ⁻¹(p): −∞ at 0, +∞ at 1, NaN outside [0, 1]. Bisection to a bracket, then Newton steps.
pub fn normal_quantile(p: f64) -> f64 {
    if !(0.0..=1.0).contains(&p) || p.is_nan() {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    let (mut low, mut high) = (-40.0f64, 40.0f64);
    for _ in 0..60 {
        let mid = 0.5 * (low + high);
        if normal_cdf(mid) < p {
            low = mid;
        } else {
            high = mid;
        }
    }
    let mut x = 0.5 * (low + high);
    for _ in 0..4 {
        let density = normal_density(x);
        if density == 0.0 {
            break;
        }
        x -= (normal_cdf(x) - p) / density;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // Φ and Φ⁻¹ of scipy.special.ndtr / ndtri.
        let cases = [
            (0.0, 0.5),
            (1.0, 0.8413447460685429),
            (-1.959963984540054, 0.025),
            (-3.0, 0.0013498980316300933),
            (5.0, 0.9999997133484281),
            (-8.0, 6.22096057427174e-16),
        ];
        for (x, p) in cases {
            assert!(
                (normal_cdf(x) - p).abs() <= 2e-16_f64.max(p * 2e-15),
                "Φ({x}) = {}",
                normal_cdf(x)
            );
        }
        for p in [0.025, 0.493, 0.5, 0.975, 1e-10] {
            let x = normal_quantile(p);
            assert!((normal_cdf(x) - p).abs() <= p * 1e-14, "Φ⁻¹({p}) = {x}");
        }
        assert_eq!(normal_quantile(0.0), f64::NEG_INFINITY);
        assert!(normal_quantile(1.5).is_nan());
    }
}
