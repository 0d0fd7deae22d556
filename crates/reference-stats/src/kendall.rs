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

/// Kendall's τ-b as `scipy.stats.kendalltau` computes it, in O(n log n) (Knight 1966): with P
/// the n(n − 1)/2 pairs, X and Y the pairs tied in a and in b, T those tied in both and D the
/// discordant ones, τ-b = (P − X − Y + T − 2D) / √(P − X) / √(P − Y), clipped to [−1, 1]. `None` for fewer than two
/// items, different lengths, or a side without two distinct values.
pub fn kendall_tau_b(a: &[f64], b: &[f64]) -> Option<f64> {
    let n = a.len();
    if n != b.len() || n < 2 {
        return None;
    }
    let mut pairs: Vec<(f64, f64)> = a.iter().copied().zip(b.iter().copied()).collect();
    pairs.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
    let tied = |equal: &dyn Fn(usize) -> bool| -> u64 {
        let (mut total, mut run) = (0u64, 1u64);
        for i in 1..n {
            if equal(i) {
                run += 1;
            } else {
                total += run * (run - 1) / 2;
                run = 1;
            }
        }
        total + run * (run - 1) / 2
    };
    let x_ties = tied(&|i| pairs[i].0 == pairs[i - 1].0);
    let both = tied(&|i| pairs[i] == pairs[i - 1]);
    let mut ys: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    let mut buffer = vec![0.0; n];
    let discordant = merge_count(&mut ys, &mut buffer);
    let y_ties = tied(&|i| ys[i] == ys[i - 1]);
    let total = (n as u64) * (n as u64 - 1) / 2;
    if total == x_ties || total == y_ties {
        return None;
    }
    let s = total as f64 - x_ties as f64 - y_ties as f64 + both as f64 - 2.0 * discordant as f64;
    // scipy clips the rounding of the square roots into [−1, 1].
    Some((s / ((total - x_ties) as f64).sqrt() / ((total - y_ties) as f64).sqrt()).clamp(-1.0, 1.0))
}

/// Sorts `v` by merging, returning how many pairs were out of order (strictly).
fn merge_count(v: &mut [f64], buffer: &mut [f64]) -> u64 {
    let n = v.len();
    if n < 2 {
        return 0;
    }
    let mid = n / 2;
    let mut count = {
        let (left, right) = v.split_at_mut(mid);
        merge_count(left, &mut buffer[..mid]) + merge_count(right, &mut buffer[mid..])
    };
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < mid && j < n {
        if v[j] < v[i] {
            buffer[k] = v[j];
            count += (mid - i) as u64;
            j += 1;
        } else {
            buffer[k] = v[i];
            i += 1;
        }
        k += 1;
    }
    buffer[k..k + mid - i].copy_from_slice(&v[i..mid]);
    k += mid - i;
    buffer[k..k + n - j].copy_from_slice(&v[j..n]);
    v.copy_from_slice(&buffer[..n]);
    count
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

    #[test]
    fn tau_b_as_scipy() {
        // scipy.stats.kendalltau([1, 2, 2, 3, 4], [1, 3, 2, 2, 5]).statistic = 0.6666666666666666.
        let t = kendall_tau_b(&[1.0, 2.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 2.0, 5.0]).unwrap();
        assert!((t - 2.0 / 3.0).abs() < 1e-12, "{t}");
        // Many ties: a = (7i mod 6), b = (3i² + i mod 8), i < 200: scipy 0.004427277270666617.
        let a: Vec<f64> = (0..200u32).map(|i| f64::from(i * 7 % 6)).collect();
        let b: Vec<f64> = (0..200u32)
            .map(|i| f64::from((3 * i * i + i) % 8))
            .collect();
        let t = kendall_tau_b(&a, &b).unwrap();
        assert!((t - 0.004_427_277_270_666_617).abs() < 1e-12, "{t}");
        // Without ties τ-b is τ-a.
        let (a, b) = ([0.3, 0.1, 0.9, 0.5, 0.7], [2.0, 1.0, 3.0, 5.0, 4.0]);
        assert!((kendall_tau_b(&a, &b).unwrap() - kendall_tau(&a, &b)).abs() < 1e-12);
        assert_eq!(kendall_tau_b(&[1.0, 1.0], &[1.0, 2.0]), None);
    }
}
