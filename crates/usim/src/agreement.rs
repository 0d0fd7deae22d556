//! How USim on one set of parses tracks USim on another (issue 18's U1, U2, U4: our parser's
//! parses against TUPA's): Pearson's r over sentence pairs, Kendall's τ over system means.

/// Pearson's r = Σ(aᵢ − ā)(bᵢ − b̄) / √(Σ(aᵢ − ā)² Σ(bᵢ − b̄)²); NaN when the lengths differ, fewer
/// than two values are given, or one side is constant.
pub fn pearson(a: &[f64], b: &[f64]) -> f64 {
    if a.len() != b.len() || a.len() < 2 {
        return f64::NAN;
    }
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// Kendall's τ-a = (concordant − discordant pairs) / (n(n − 1)/2) between two scorings of the same
/// n items (tied pairs count as neither); NaN for fewer than two items or different lengths.
pub fn kendall_tau(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len();
    if n != b.len() || n < 2 {
        return f64::NAN;
    }
    let mut s = 0i64;
    for i in 0..n {
        for j in i + 1..n {
            let (x, y) = (a[i] - a[j], b[i] - b[j]);
            if x != 0.0 && y != 0.0 {
                s += if (x > 0.0) == (y > 0.0) { 1 } else { -1 };
            }
        }
    }
    s as f64 / (n * (n - 1) / 2) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]), 1.0);
        assert_eq!(pearson(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0);
        // scipy.stats.pearsonr([1, 2, 3, 4], [1, 3, 2, 4]) = 0.8
        assert!((pearson(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]) - 0.8).abs() < 1e-12);
        assert!(pearson(&[1.0], &[1.0]).is_nan());
        // One discordant pair of 6: τ = (5 − 1) / 6.
        assert_eq!(
            kendall_tau(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]),
            4.0 / 6.0
        );
        assert_eq!(kendall_tau(&[1.0, 2.0], &[2.0, 1.0]), -1.0);
        assert_eq!(kendall_tau(&[1.0, 1.0], &[1.0, 2.0]), 0.0);
    }
}
