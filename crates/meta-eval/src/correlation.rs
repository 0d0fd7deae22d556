//! Correlations of a metric's system scores with the human ones: the reference-faithful
//! statistics of `reference-stats`, with their inputs checked.

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

/// Pearson's r of the metric's scores with the human ones ([`reference_stats::pearson`]);
/// `None` when either side is constant.
pub fn pearson(human: &[f64], metric: &[f64]) -> Result<Option<f64>, Error> {
    check(human, metric)?;
    Ok(reference_stats::pearson(human, metric))
}

/// Spearman's ρ as GJG15's `spearman.pl` computes it ([`reference_stats::spearman_gjg15`]).
pub fn spearman(human: &[f64], metric: &[f64]) -> Result<f64, Error> {
    check(human, metric)?;
    Ok(reference_stats::spearman_gjg15(human, metric))
}

/// Spearman's ρ as SEEDA's `corr_system.py` gets it from scipy
/// ([`reference_stats::spearman_average_ranks`]); `None` when a side is constant.
pub fn spearman_average_ranks(human: &[f64], metric: &[f64]) -> Result<Option<f64>, Error> {
    check(human, metric)?;
    Ok(reference_stats::spearman_average_ranks(human, metric))
}

/// Kendall's τ-b as `scipy.stats.kendalltau` ([`reference_stats::kendall_tau_b`]); `None` when a
/// side has no two distinct values.
pub fn kendall(human: &[f64], metric: &[f64]) -> Result<Option<f64>, Error> {
    check(human, metric)?;
    Ok(reference_stats::kendall_tau_b(human, metric))
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
