//! numpy's `quantile` with its default (linear) method.

/// numpy's `quantile(values, q)` (method `linear`): the sorted values' point at virtual index
/// h = q·(n − 1), between v[⌊h⌋] and v[⌊h⌋ + 1] by numpy's `_lerp` (a + (b − a)·t, or
/// b − (b − a)·(1 − t) when t ≥ 0.5, so both ends are exact). NaN for no values or a NaN among
/// them.
pub fn numpy_quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() || values.iter().any(|v| v.is_nan()) {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len() as f64;
    // numpy's virtual index n·q + (α + q·(1 − α − β)) − 1 for α = β = 1, in its order of
    // operations.
    let (alpha, beta) = (1.0, 1.0);
    let h = (n * q + (alpha + q * (1.0 - alpha - beta)) - 1.0).clamp(0.0, n - 1.0);
    let below = h.floor();
    let t = h - below;
    let a = sorted[below as usize];
    let b = sorted[(below as usize + 1).min(sorted.len() - 1)];
    let difference = b - a;
    if t >= 0.5 {
        b - difference * (1.0 - t)
    } else {
        a + difference * t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numpys_values() {
        // numpy 2.4: np.quantile([...], q)
        assert_eq!(numpy_quantile(&[1.0, 2.0, 3.0, 4.0], 0.75), 3.25);
        assert_eq!(numpy_quantile(&[5.0], 0.75), 5.0);
        assert_eq!(numpy_quantile(&[3.0, 1.0, 2.0], 0.75), 2.5);
        assert_eq!(numpy_quantile(&[0.1, 0.7, 0.2, 0.9, 1.3], 0.75), 0.9);
        assert_eq!(numpy_quantile(&[0.1, 0.7, 0.2, 0.9, 1.3, 2.2], 0.75), 1.2);
        let logs = [4f64.ln(), 18f64.ln(), 251f64.ln()];
        assert_eq!(numpy_quantile(&logs, 0.75), 4.2079123485139736);
        assert!(numpy_quantile(&[], 0.5).is_nan());
    }
}
