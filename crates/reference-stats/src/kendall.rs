//! Kendall's τ: τ-a over two scorings of the same items, and τ from counts of concordant and
//! discordant pairs (WMT's and SEEDA's sentence-level agreement).

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

/// τ = (concordant − discordant) / (concordant + discordant), over the pairs compared (WMT's
/// "Kendall's τ-like" of metric–human agreement, as SEEDA's `corr_sentence.py` computes it); 0
/// without a pair.
pub fn kendall_from_counts(concordant: usize, discordant: usize) -> f64 {
    let total = (concordant + discordant).max(1) as f64;
    (concordant as f64 - discordant as f64) / total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(kendall_from_counts(3, 1), 0.5);
        assert_eq!(kendall_from_counts(0, 0), 0.0);
        // One discordant pair of 6: τ = (5 − 1) / 6.
        assert_eq!(
            kendall_tau(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]),
            4.0 / 6.0
        );
        assert_eq!(kendall_tau(&[1.0, 2.0], &[2.0, 1.0]), -1.0);
        assert_eq!(kendall_tau(&[1.0, 1.0], &[1.0, 2.0]), 0.0);
    }
}
