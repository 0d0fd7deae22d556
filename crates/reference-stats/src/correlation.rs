//! Pearson's product-moment correlation.

/// Pearson's r = Σ(xᵢ − x̄)(yᵢ − ȳ) / √(Σ(xᵢ − x̄)² Σ(yᵢ − ȳ)²), the sums taken in order;
/// `None` when the lengths differ, fewer than two values are given, or either side is constant.
pub fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < 2 {
        return None;
    }
    let n = x.len() as f64;
    let (x_mean, y_mean) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut covariance, mut x_var, mut y_var) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        covariance += (a - x_mean) * (b - y_mean);
        x_var += (a - x_mean).powi(2);
        y_var += (b - y_mean).powi(2);
    }
    let denominator = (x_var * y_var).sqrt();
    (denominator > 0.0).then(|| covariance / denominator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]), Some(1.0));
        assert_eq!(pearson(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), Some(-1.0));
        // scipy.stats.pearsonr([1, 2, 3, 4], [1, 3, 2, 4]) = 0.8
        let r = pearson(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]).unwrap();
        assert!((r - 0.8).abs() < 1e-12);
        // r = 5 / √(2 · 12.667) = 0.99339…
        let r = pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 7.0]).unwrap();
        assert!((r - 0.993_399_267_798_783).abs() < 1e-12, "{r}");
        assert_eq!(pearson(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]), None);
        assert_eq!(pearson(&[1.0], &[1.0]), None);
        assert_eq!(pearson(&[1.0, 2.0], &[1.0]), None);
    }
}
