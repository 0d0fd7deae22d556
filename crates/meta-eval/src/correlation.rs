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

/// Spearman's ρ as `scipy.stats.spearmanr` computes it (SEEDA's `corr_system.py`): Pearson's r of
/// the two sides' ranks, equal scores sharing the mean of their ranks; `None` when a side is
/// constant. Without ties it equals [`spearman`].
pub fn spearman_average_ranks(human: &[f64], metric: &[f64]) -> Result<Option<f64>, Error> {
    check(human, metric)?;
    pearson(&average_ranks(human), &average_ranks(metric))
}

/// Ranks 1…n by ascending score, ties sharing the mean of the ranks they span.
fn average_ranks(scores: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
    let mut ranks = vec![0.0; scores.len()];
    let mut start = 0;
    while start < order.len() {
        let end = (start..order.len())
            .find(|&k| scores[order[k]] != scores[order[start]])
            .unwrap_or(order.len());
        let mean = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            ranks[i] = mean;
        }
        start = end;
    }
    ranks
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

    #[test]
    fn average_ranks_share_ties_as_scipy_does() {
        assert_eq!(average_ranks(&[0.3, 0.1, 0.3, 0.2]), [3.5, 1.0, 3.5, 2.0]);
        let human = [0.6, 0.5, 0.4, 0.3];
        // No ties: the same as GJG15's formula.
        let m = [3.0, 4.0, 2.0, 1.0];
        let a = spearman_average_ranks(&human, &m).unwrap().unwrap();
        assert!((a - spearman(&human, &m).unwrap()).abs() < 1e-12);
        // scipy.stats.spearmanr([0.6, 0.5, 0.4, 0.3], [2, 2, 1, 0]) = 0.9486832980505138.
        let tied = spearman_average_ranks(&human, &[2.0, 2.0, 1.0, 0.0])
            .unwrap()
            .unwrap();
        assert!((tied - 0.948_683_298_050_513_8).abs() < 1e-12);
        assert_eq!(spearman_average_ranks(&human, &[1.0; 4]).unwrap(), None);
    }
}
