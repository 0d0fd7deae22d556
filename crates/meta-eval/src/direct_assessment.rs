//! Segment-level agreement with direct-assessment scores, as Alva-Manchego, Scarton & Specia
//! (Computational Linguistics 2021) measure simplification metrics: Pearson's r of each metric's
//! sentence scores with the human z-scores, its p-value, and the "winners" that Williams' test
//! finds significantly better than every other metric. Their quality halves cut the outputs at
//! the human scores' median in pandas' (numpy's unstable) order.

use reference_stats::{numpy_argsort, pearson, pearson_p_value};

use crate::{Error, williams_test};

/// One metric's agreement with the human scores.
#[derive(Debug, Clone, PartialEq)]
pub struct DaCorrelation {
    /// The metric's name, as given.
    pub metric: String,
    /// Pearson's r (its absolute value under [`DaOptions::absolute`]); `None` when the metric
    /// or the human scores are constant.
    pub r: Option<f64>,
    /// scipy's two-sided p-value of r; NaN when r is undefined.
    pub p_value: f64,
    /// Whether Williams' test puts this metric's r significantly above every other metric's
    /// (one-sided p < [`DaOptions::alpha`], n the number of outputs).
    pub winner: bool,
}

/// How [`direct_assessment_correlations`] reports.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct DaOptions {
    /// Report |r| and compare metrics by it (the paper: FKGL correlates negatively by design).
    pub absolute: bool,
    /// The significance level of the winners' Williams tests.
    pub alpha: f64,
}

impl Default for DaOptions {
    /// `absolute: true, alpha: 0.05`, the paper's.
    fn default() -> DaOptions {
        DaOptions {
            absolute: true,
            alpha: 0.05,
        }
    }
}

/// Each metric's r with the human scores, best first (undefined last), with p-values and
/// winners. `metrics` are (name, one score per human score).
pub fn direct_assessment_correlations(
    human: &[f64],
    metrics: &[(String, Vec<f64>)],
    options: &DaOptions,
) -> Result<Vec<DaCorrelation>, Error> {
    if human.len() < 4 {
        return Err(Error::Scores(format!(
            "direct assessment needs 4 rated outputs at least, not {}",
            human.len()
        )));
    }
    let signed = |r: f64| if options.absolute { r.abs() } else { r };
    let mut rows = Vec::with_capacity(metrics.len());
    for (name, scores) in metrics {
        if scores.len() != human.len() {
            return Err(Error::Scores(format!(
                "{name}: {} scores for {} rated outputs",
                scores.len(),
                human.len()
            )));
        }
        let r = pearson(scores, human);
        rows.push(DaCorrelation {
            metric: name.clone(),
            r: r.map(signed),
            p_value: r.map_or(f64::NAN, |r| pearson_p_value(r, human.len())),
            winner: false,
        });
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| match (rows[a].r, rows[b].r) {
        (Some(x), Some(y)) => y.total_cmp(&x),
        (x, y) => y.is_some().cmp(&x.is_some()),
    });
    for &a in &order {
        let mut beats_all = true;
        for &b in order.iter().filter(|&&b| b != a) {
            beats_all &= significantly_better(&rows, metrics, a, b, human.len(), options)?;
        }
        rows[a].winner = beats_all;
    }
    Ok(order.into_iter().map(|i| rows[i].clone()).collect())
}

/// Whether metric a's r exceeds b's by Williams' one-sided test, given their own r.
fn significantly_better(
    rows: &[DaCorrelation],
    metrics: &[(String, Vec<f64>)],
    a: usize,
    b: usize,
    n: usize,
    options: &DaOptions,
) -> Result<bool, Error> {
    let (Some(ra), Some(rb)) = (rows[a].r, rows[b].r) else {
        return Ok(false);
    };
    if ra <= rb {
        return Ok(false);
    }
    let Some(rab) = pearson(&metrics[a].1, &metrics[b].1) else {
        return Ok(false);
    };
    let rab = if options.absolute { rab.abs() } else { rab };
    Ok(williams_test(ra, rb, rab, n)?.p_one_sided < options.alpha)
}

/// The paper's quality halves: the indices of the ⌊n/2⌋ lowest and the ⌊n/2⌋ highest human
/// scores, in the order pandas' `sort_values` (numpy's quicksort) leaves ties; with n odd the
/// median output is in neither.
pub fn quality_halves(human: &[f64]) -> (Vec<usize>, Vec<usize>) {
    let order = numpy_argsort(human);
    let half = human.len() / 2;
    (order[..half].to_vec(), order[human.len() - half..].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metric(name: &str, scores: &[f64]) -> (String, Vec<f64>) {
        (name.to_string(), scores.to_vec())
    }

    #[test]
    fn correlations_sorted_with_p_values_and_one_winner() {
        let human: Vec<f64> = (0..40).map(|i| f64::from(i) / 10.0).collect();
        let close: Vec<f64> = human
            .iter()
            .enumerate()
            .map(|(i, h)| h + if i % 2 == 0 { 0.05 } else { -0.05 })
            .collect();
        let noisy: Vec<f64> = human
            .iter()
            .enumerate()
            .map(|(i, h)| h + f64::from((i as u32 * 7) % 11) - 5.0)
            .collect();
        let negative: Vec<f64> = close.iter().map(|c| -c).collect();
        let metrics = [
            metric("noisy", &noisy),
            metric("close", &close),
            metric("flat", &[1.0; 40]),
        ];
        let rows = direct_assessment_correlations(&human, &metrics, &DaOptions::default()).unwrap();
        let names: Vec<&str> = rows.iter().map(|r| r.metric.as_str()).collect();
        assert_eq!(names, ["close", "noisy", "flat"]);
        assert!(rows[0].r.unwrap() > 0.99 && rows[0].p_value < 1e-30);
        assert_eq!(rows[2].r, None);
        // A constant metric cannot be beaten by Williams' test: nobody wins.
        assert!(rows.iter().all(|r| !r.winner));
        let two = [metric("noisy", &noisy), metric("negative", &negative)];
        let rows = direct_assessment_correlations(&human, &two, &DaOptions::default()).unwrap();
        assert_eq!(rows[0].metric, "negative");
        assert!(rows[0].r.unwrap() > 0.99 && rows[0].winner && !rows[1].winner);
        let signed = DaOptions {
            absolute: false,
            ..DaOptions::default()
        };
        let rows = direct_assessment_correlations(&human, &two, &signed).unwrap();
        assert_eq!(rows[0].metric, "noisy");
        assert!(rows[1].r.unwrap() < -0.99);
    }

    #[test]
    fn bad_lengths_are_errors() {
        let err = direct_assessment_correlations(
            &[1.0, 2.0, 3.0, 4.0],
            &[metric("m", &[1.0])],
            &DaOptions::default(),
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "m: 1 scores for 4 rated outputs");
        assert!(direct_assessment_correlations(&[1.0], &[], &DaOptions::default()).is_err());
    }

    #[test]
    fn halves_of_an_odd_count_leave_the_median_out() {
        let (low, high) = quality_halves(&[5.0, 1.0, 3.0, 4.0, 2.0]);
        assert_eq!(low, [1, 4]);
        assert_eq!(high, [3, 0]);
    }
}
