//! Correlations of a metric's system scores with the human ones.

use crate::Error;

fn check(human: &[f64], metric: &[f64]) -> Result<(), Error> {
    if human.len() != metric.len() {
        return Err(Error::Scores(format!(
            "{} human scores but {} metric scores",
            human.len(),
            metric.len()
        )));
    }
    if human.len() < 3 {
        return Err(Error::Scores(format!(
            "a correlation needs 3 systems at least, not {}",
            human.len()
        )));
    }
    Ok(())
}

/// Pearson's r = Σ(hᵢ − h̄)(mᵢ − m̄) / √(Σ(hᵢ − h̄)² Σ(mᵢ − m̄)²); `None` when either side is
/// constant.
pub fn pearson(human: &[f64], metric: &[f64]) -> Result<Option<f64>, Error> {
    check(human, metric)?;
    let n = human.len() as f64;
    let (h_mean, m_mean) = (
        human.iter().sum::<f64>() / n,
        metric.iter().sum::<f64>() / n,
    );
    let (mut covariance, mut h_var, mut m_var) = (0.0, 0.0, 0.0);
    for (h, m) in human.iter().zip(metric) {
        covariance += (h - h_mean) * (m - m_mean);
        h_var += (h - h_mean).powi(2);
        m_var += (m - m_mean).powi(2);
    }
    let denominator = (h_var * m_var).sqrt();
    Ok((denominator > 0.0).then(|| covariance / denominator))
}

/// Spearman's ρ as GJG15's `spearman.pl` computes it: each side ranked 1… by descending score,
/// then ρ = 1 − 6 Σ dᵢ² / (n (n² − 1)) with dᵢ the difference of system i's two ranks. Equal
/// scores take consecutive ranks in the order given (the script's order there is Perl's hash
/// order, so a tie makes its ρ vary from run to run).
pub fn spearman(human: &[f64], metric: &[f64]) -> Result<f64, Error> {
    check(human, metric)?;
    let ranks = |scores: &[f64]| {
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        let mut rank = vec![0.0; scores.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = (r + 1) as f64;
        }
        rank
    };
    let (h, m) = (ranks(human), ranks(metric));
    let d2: f64 = h.iter().zip(&m).map(|(a, b)| (a - b).powi(2)).sum();
    let n = human.len() as f64;
    Ok(1.0 - 6.0 * d2 / (n * (n * n - 1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correlations_of_known_lists() {
        let human = [0.6, 0.5, 0.4, 0.3];
        assert_eq!(spearman(&human, &[4.0, 3.0, 2.0, 1.0]).unwrap(), 1.0);
        assert_eq!(spearman(&human, &[1.0, 2.0, 3.0, 4.0]).unwrap(), -1.0);
        // One swap of neighbours: 1 − 6·2 / (4·15) = 0.8.
        assert!((spearman(&human, &[3.0, 4.0, 2.0, 1.0]).unwrap() - 0.8).abs() < 1e-12);
        let r = pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 7.0])
            .unwrap()
            .unwrap();
        // r = 5 / √(2 · 12.667) = 0.99339…
        assert!((r - 0.993_399_267_798_783).abs() < 1e-12, "{r}");
        assert_eq!(pearson(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]).unwrap(), None);
        assert!(spearman(&[1.0, 2.0], &[1.0, 2.0]).is_err());
        assert_eq!(
            pearson(&[1.0, 2.0, 3.0], &[1.0]).unwrap_err().to_string(),
            "3 human scores but 1 metric scores"
        );
    }
}
