//! Human ratings as the human side of a meta-evaluation: direct assessment, slider scores or
//! Likert ratings of each system's output of each segment (GMEG, TMU-GFM, Simplicity-DA, ASSET's
//! ratings, a user's own). The system score is the mean rating of the system's rated outputs;
//! a resample draws segments with replacement, every system's rating of a drawn segment with
//! it, so the human scores vary as the choice of segments does while the metric's scores of the
//! fixed corpus stay as they are (as [`crate::bootstrap_expected_wins`] treats judgments).
//! At segment level both sides of each rated output are drawn together.

use rand::RngExt;
use rand_pcg::Pcg64;

use crate::bootstrap::{defined, difference_of, interval_of};
use crate::{
    BootstrapOptions, Correlation, CorrelationDifference, CorrelationInterval, Error, HumanScores,
};

/// Mean ratings: `scores[s][g]` is the mean rating of system `s`'s output of segment `g`, `None`
/// where that output is not rated.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingTable {
    systems: Vec<String>,
    scores: Vec<Vec<Option<f64>>>,
}

/// Scores of rated outputs laid out as a [`RatingTable`]'s: one row per system, one column per
/// segment, `None` where there is no score.
pub type SegmentScores = [Vec<Option<f64>>];

impl RatingTable {
    /// A table of `systems` × segments; every row as long as the first, every system with a
    /// rated output, no rating NaN or infinite.
    pub fn new(systems: Vec<String>, scores: Vec<Vec<Option<f64>>>) -> Result<RatingTable, Error> {
        if systems.len() != scores.len() {
            return Err(Error::Scores(format!(
                "{} systems but {} rows of ratings",
                systems.len(),
                scores.len()
            )));
        }
        let segments = scores.first().map_or(0, Vec::len);
        for (system, row) in systems.iter().zip(&scores) {
            if row.len() != segments {
                return Err(Error::Scores(format!(
                    "{system}: {} segments, the first system {segments}",
                    row.len()
                )));
            }
            if row.iter().flatten().any(|v| !v.is_finite()) {
                return Err(Error::Scores(format!("{system}: a rating is not finite")));
            }
            if row.iter().all(Option::is_none) {
                return Err(Error::Scores(format!("{system}: no rated output")));
            }
        }
        Ok(RatingTable { systems, scores })
    }

    /// The systems, in row order.
    pub fn systems(&self) -> &[String] {
        &self.systems
    }

    /// The mean ratings, one row per system.
    pub fn scores(&self) -> &SegmentScores {
        &self.scores
    }

    /// The number of segments.
    pub fn segments(&self) -> usize {
        self.scores.first().map_or(0, Vec::len)
    }

    /// Each system's mean rating over the segments `drawn` (with repeats), its unrated ones
    /// skipped; 0 where none of its outputs is drawn.
    fn means(&self, drawn: &[usize]) -> Vec<f64> {
        self.scores
            .iter()
            .map(|row| {
                let (sum, n) = drawn
                    .iter()
                    .filter_map(|&g| row[g])
                    .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
                if n == 0 { 0.0 } else { sum / n as f64 }
            })
            .collect()
    }

    /// The segments resample `b` draws (PCG-64 stream (seed, b)).
    fn draw(&self, options: &BootstrapOptions, b: usize) -> Vec<usize> {
        let n = self.segments();
        let mut rng = Pcg64::new(u128::from(options.seed), b as u128);
        (0..n).map(|_| rng.random_range(0..n)).collect()
    }

    /// The systems' mean ratings on all segments and on `options.resamples` resamples of the
    /// segments, as [`HumanScores`] (so [`HumanScores::correlation`] and
    /// [`HumanScores::compare`] give system-level intervals and tests).
    pub fn system_scores(&self, options: &BootstrapOptions) -> HumanScores {
        let all: Vec<usize> = (0..self.segments()).collect();
        HumanScores {
            systems: self.systems.clone(),
            observed: self.means(&all),
            resampled: (0..options.resamples)
                .map(|b| self.means(&self.draw(options, b)))
                .collect(),
            options: options.clone(),
        }
    }

    /// The (human, metric) pairs of the rated outputs of the segments `drawn` that the metric
    /// scores too.
    fn pooled(&self, metric: &SegmentScores, drawn: &[usize]) -> (Vec<f64>, Vec<f64>) {
        let (mut human, mut scores) = (Vec::new(), Vec::new());
        for &g in drawn {
            for (row, m) in self.scores.iter().zip(metric) {
                if let (Some(h), Some(x)) = (row[g], m[g]) {
                    human.push(h);
                    scores.push(x);
                }
            }
        }
        (human, scores)
    }

    fn check(&self, metric: &SegmentScores) -> Result<(), Error> {
        if metric.len() != self.systems.len() || metric.iter().any(|r| r.len() != self.segments()) {
            return Err(Error::Scores(format!(
                "segment scores must be {} systems × {} segments",
                self.systems.len(),
                self.segments()
            )));
        }
        Ok(())
    }

    /// The (rating, metric score) of every rated output the metric scores, pooled over systems in
    /// segment order: what segment-level correlations correlate.
    pub fn segment_pairs(&self, metric: &SegmentScores) -> Result<(Vec<f64>, Vec<f64>), Error> {
        self.check(metric)?;
        let all: Vec<usize> = (0..self.segments()).collect();
        Ok(self.pooled(metric, &all))
    }

    /// Segment level: `kind` of the metric's scores of every rated output with their ratings,
    /// pooled over systems, and its percentile interval over resamples of the segments.
    pub fn segment_correlation(
        &self,
        metric: &SegmentScores,
        kind: Correlation,
        confidence: f64,
        options: &BootstrapOptions,
    ) -> Result<CorrelationInterval, Error> {
        let (human, scores) = self.segment_pairs(metric)?;
        let estimate = defined(kind.of(&human, &scores)?, kind)?;
        let mut resampled = Vec::with_capacity(options.resamples);
        for b in 0..options.resamples {
            let (human, scores) = self.pooled(metric, &self.draw(options, b));
            resampled.extend(kind.of(&human, &scores)?);
        }
        interval_of(estimate, resampled, confidence)
    }

    /// Segment level: Δ = corr(a) − corr(b) of two metrics on the same resamples of segments,
    /// with its percentile interval and two-sided bootstrap test.
    pub fn segment_compare(
        &self,
        a: &SegmentScores,
        b: &SegmentScores,
        kind: Correlation,
        confidence: f64,
        options: &BootstrapOptions,
    ) -> Result<CorrelationDifference, Error> {
        self.check(a)?;
        self.check(b)?;
        let delta = |drawn: &[usize]| -> Result<Option<f64>, Error> {
            let (ha, sa) = self.pooled(a, drawn);
            let (hb, sb) = self.pooled(b, drawn);
            Ok(match (kind.of(&ha, &sa)?, kind.of(&hb, &sb)?) {
                (Some(x), Some(y)) => Some(x - y),
                _ => None,
            })
        };
        let all: Vec<usize> = (0..self.segments()).collect();
        let difference = delta(&all)?.ok_or_else(|| {
            Error::Scores("a correlation is undefined: a side's scores are all equal".into())
        })?;
        let mut resampled = Vec::with_capacity(options.resamples);
        for r in 0..options.resamples {
            resampled.extend(delta(&self.draw(options, r))?);
        }
        difference_of(difference, resampled, confidence)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> RatingTable {
        // Three systems over 6 segments; B's output of segment 2 is not rated.
        let rows = [
            [70.0, 60.0, 80.0, 75.0, 65.0, 72.0],
            [50.0, 55.0, f64::NAN, 40.0, 45.0, 52.0],
            [90.0, 85.0, 95.0, 88.0, 92.0, 91.0],
        ];
        RatingTable::new(
            vec!["A".into(), "B".into(), "C".into()],
            rows.iter()
                .map(|r| r.iter().map(|&v| (!v.is_nan()).then_some(v)).collect())
                .collect(),
        )
        .unwrap()
    }

    #[test]
    fn system_means_skip_unrated_outputs_and_resample_reproducibly() {
        let t = table();
        let options = BootstrapOptions {
            resamples: 50,
            ..BootstrapOptions::default()
        };
        let human = t.system_scores(&options);
        assert_eq!(human.observed[1], (50.0 + 55.0 + 40.0 + 45.0 + 52.0) / 5.0);
        assert_eq!(human.resampled.len(), 50);
        assert_eq!(human.resampled, t.system_scores(&options).resampled);
        let metric = [0.4, 0.2, 0.9];
        let r = human
            .correlation(&metric, Correlation::Pearson, 0.95)
            .unwrap();
        assert!(r.estimate > 0.95 && r.low <= r.estimate && r.estimate <= r.high);
        let tau = human
            .correlation(&metric, Correlation::Kendall, 0.95)
            .unwrap();
        assert_eq!(tau.estimate, 1.0);
    }

    #[test]
    fn segment_level_pools_rated_outputs() {
        let t = table();
        let options = BootstrapOptions {
            resamples: 100,
            ..BootstrapOptions::default()
        };
        // A metric equal to the ratings, and one that scores every output alike but C's.
        let exact: Vec<Vec<Option<f64>>> = t.scores().to_vec();
        let coarse: Vec<Vec<Option<f64>>> = t
            .scores()
            .iter()
            .enumerate()
            .map(|(s, row)| {
                row.iter()
                    .map(|v| v.map(|_| f64::from(u8::from(s == 2))))
                    .collect()
            })
            .collect();
        let r = t
            .segment_correlation(&exact, Correlation::Pearson, 0.95, &options)
            .unwrap();
        assert_eq!((r.estimate, r.low, r.high), (1.0, 1.0, 1.0));
        let d = t
            .segment_compare(
                &exact,
                &coarse,
                Correlation::SpearmanAverageRanks,
                0.95,
                &options,
            )
            .unwrap();
        assert!(d.difference > 0.0 && d.low > 0.0 && d.p_value < 0.05);
        let short = vec![vec![Some(1.0)]; 3];
        assert!(
            t.segment_correlation(&short, Correlation::Pearson, 0.95, &options)
                .is_err()
        );
    }

    #[test]
    fn bad_tables_are_errors() {
        let err = RatingTable::new(vec!["A".into()], vec![vec![None, None]]).unwrap_err();
        assert_eq!(err.to_string(), "A: no rated output");
        assert!(RatingTable::new(vec!["A".into()], vec![]).is_err());
        assert!(RatingTable::new(vec!["A".into()], vec![vec![Some(f64::NAN)]]).is_err());
    }
}
