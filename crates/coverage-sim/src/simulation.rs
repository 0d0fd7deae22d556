//! The authors' Monte-Carlo estimate of coverage (`annalyze_crowdsourcing.py`,
//! `compute_coverage`; spec `lcb-pipeline.md` §3), quirks included, seeded and parallel.
//!
//! One repetition for M references:
//!
//! 1. The histogram is **expanded** ([`Rows::expand`]): a row with h > 1 becomes (x, 1) and a
//!    row (x, h − 1) is appended and expanded in its turn, so an estimate ends up as unit rows
//!    plus one remainder row (h ≤ 1, possibly tiny or, from LP round-off, slightly negative)
//!    per grid point.
//! 2. Rows are drawn with probability p_r = x_r / Σ x — the row's h is ignored, so remainder rows
//!    are drawn as often as whole corrections (the row-weighting quirk).
//! 3. covered = 0, sampled = 0; while sampled < M and covered is not within 10⁻⁹ (relative) of 1:
//!    draw r; covered += min(h̃_r, M − sampled)·x_r, where h̃ is the not-yet-covered part of h;
//!    with replacement sampled += h_r; without replacement sampled += h̃_r and row r stops being
//!    drawable from the **draw after next** (p is renormalised before r is removed: a one-step lag,
//!    which only adds draws that change nothing); then h̃_r = 0.
//!
//! The result is the probability mass of the distinct corrections among the M references.
//!
//! Differences from the authors' run, all deliberate: random numbers come from a seeded PCG-64
//! ([`rand_pcg::Pcg64`]) with one stream per sentence (and sampling), so results are reproducible and
//! do not depend on the number of threads (the authors' forked `multiprocessing` workers shared
//! one unseeded numpy state); and where the authors' code would stop on an assertion (every row
//! drawn without replacement while covered is still not ≈ 1) the repetition ends with what it
//! covered.

use rand_pcg::Pcg64;
use serde::Serialize;
use unseen_est::Histogram;

use gec_metrics::map_indices;

use crate::Sampling;
use crate::weighted_draw::{AliasTable, Pool};

/// The rows of an estimated histogram after the authors' expansion.
#[derive(Debug, Clone, PartialEq)]
pub struct Rows {
    x: Vec<f64>,
    h: Vec<f64>,
}

impl Rows {
    /// Expands (x_j, h_j) as the authors' scan does: while scanning, a row with h > 1 is replaced
    /// by (x, 1) and (x, h − 1) is appended (and reached later by the same scan).
    pub fn expand(histogram: &Histogram) -> Rows {
        let (mut x, mut h): (Vec<f64>, Vec<f64>) = histogram.bins().iter().copied().unzip();
        let mut i = 0;
        while i < x.len() {
            if h[i] > 1.0 {
                x.push(x[i]);
                h.push(h[i] - 1.0);
                h[i] = 1.0;
            }
            i += 1;
        }
        Rows { x, h }
    }

    /// The probability of each row's corrections, x_r.
    pub fn probabilities(&self) -> &[f64] {
        &self.x
    }

    /// The number of corrections of each row, h_r (≤ 1 after expansion).
    pub fn counts(&self) -> &[f64] {
        &self.h
    }
}

/// A Monte-Carlo estimate: the mean over repetitions and its standard error s/√n.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean over repetitions.
    pub mean: f64,
    /// The sample standard deviation over repetitions divided by √repetitions.
    pub standard_error: f64,
}

impl Estimate {
    fn of(values: &[f64]) -> Estimate {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let variance = if values.len() > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            standard_error: (variance / n).sqrt(),
        }
    }
}

/// The mean over sentences of per-sentence estimates, `result[m]`: the mean of the means, with
/// standard error √(Σ se²) / N (sentences are simulated independently).
pub fn mean_over_sentences(estimates: &[Vec<Estimate>]) -> Vec<Estimate> {
    let n = estimates.len().max(1) as f64;
    let len = estimates.first().map_or(0, Vec::len);
    (0..len)
        .map(|m| Estimate {
            mean: estimates.iter().map(|e| e[m].mean).sum::<f64>() / n,
            standard_error: estimates
                .iter()
                .map(|e| e[m].standard_error.powi(2))
                .sum::<f64>()
                .sqrt()
                / n,
        })
        .collect()
}

/// The settings of a simulation: how many repetitions per sentence and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Simulation {
    /// Repetitions per (sentence, M); the paper used 1000.
    pub repetitions: usize,
    /// The seed; every sentence derives its own PCG-64 stream from it.
    pub seed: u64,
}

impl Simulation {
    /// The estimated coverage of every sentence for M = 0…`max_m`: `result[sentence][m]`.
    ///
    /// One repetition serves every M: the procedure for M draws the same sequence as for
    /// `max_m` and only stops earlier (the stopping rule looks at what was drawn so far, and the
    /// cap min(h̃, M − sampled) only acts on the draw that stops it). So each M's estimate is the
    /// mean of independent runs of exactly the authors' procedure for that M, while the
    /// estimates of different M share their random numbers (common random numbers: smoother
    /// curves, ~10× fewer draws).
    ///
    /// Sentences run in parallel (rayon); each has its own random stream, chosen by (seed,
    /// sentence, sampling), so the result is the same on any number of threads.
    pub fn coverage(
        &self,
        sentences: &[Rows],
        max_m: usize,
        sampling: Sampling,
    ) -> Vec<Vec<Estimate>> {
        map_indices(sentences.len(), |s| {
            let rows = &sentences[s];
            let mut rng = self.stream(s, sampling);
            let mut sampler = Sampler::new(rows);
            let repetitions = self.repetitions.max(1);
            let mut values = vec![vec![0.0; repetitions]; max_m + 1];
            let mut one = vec![0.0; max_m + 1];
            for r in 0..repetitions {
                sampler.repetition(sampling, &mut rng, &mut one);
                for (per_m, &value) in values.iter_mut().zip(&one) {
                    per_m[r] = value;
                }
            }
            values.iter().map(|v| Estimate::of(v)).collect()
        })
    }

    fn stream(&self, sentence: usize, sampling: Sampling) -> Pcg64 {
        let task = ((sentence as u128) << 1) | sampling as u128;
        Pcg64::new(
            u128::from(self.seed) ^ 0x5851_f42d_4c95_7f2d_1405_7b7e_f767_814f,
            task,
        )
    }
}

/// One sentence's rows ready for repetitions: draws with replacement from an alias table,
/// without replacement from a [`Pool`] (where the original renormalises all rows after every
/// draw).
struct Sampler<'a> {
    rows: &'a Rows,
    alias: AliasTable,
    pool: Pool,
    uncovered: Vec<f64>,
    touched: Vec<usize>,
}

impl<'a> Sampler<'a> {
    fn new(rows: &'a Rows) -> Sampler<'a> {
        Sampler {
            rows,
            alias: AliasTable::new(&rows.x),
            pool: Pool::new(&rows.x),
            uncovered: rows.h.clone(),
            touched: Vec::new(),
        }
    }

    /// One run of the procedure, recording in `covered_at[m]` what the run for M = m covers.
    fn repetition(&mut self, sampling: Sampling, rng: &mut Pcg64, covered_at: &mut [f64]) {
        let (mut covered, mut sampled) = (0.0f64, 0.0f64);
        // M values below `next_m` have stopped and are recorded.
        let mut next_m = 0;
        let mut lagging: Option<usize> = None;
        while next_m < covered_at.len() {
            while next_m < covered_at.len() && sampled >= next_m as f64 {
                covered_at[next_m] = covered;
                next_m += 1;
            }
            let exhausted =
                sampling == Sampling::WithoutReplacement && self.pool.remaining() <= 1e-12;
            // Every row drawn without replacement: the original fails an assertion (p = 0/0).
            if (covered - 1.0).abs() <= 1e-9 * covered.abs().max(1.0) || exhausted {
                covered_at[next_m..].fill(covered);
                break;
            }
            if next_m == covered_at.len() {
                break;
            }
            let row = match sampling {
                Sampling::WithReplacement => self.alias.draw(rng),
                Sampling::WithoutReplacement => self.pool.draw(rng),
            };
            let (x, uncovered) = (self.rows.x[row], self.uncovered[row]);
            let step = match sampling {
                Sampling::WithReplacement => self.rows.h[row],
                Sampling::WithoutReplacement => {
                    // The original renormalises here over the rows zeroed so far, i.e. all drawn
                    // before this one; this row leaves the pool at the next renormalisation.
                    let previous = lagging.take();
                    if let Some(previous) = previous {
                        self.pool.remove(previous);
                    }
                    if previous != Some(row) {
                        lagging = Some(row);
                    }
                    uncovered
                }
            };
            // The runs for which this draw is the last one take it capped at M − sampled.
            while next_m < covered_at.len() && sampled + step >= next_m as f64 {
                covered_at[next_m] = covered + uncovered.min(next_m as f64 - sampled) * x;
                next_m += 1;
            }
            covered += uncovered * x;
            sampled += step;
            self.uncovered[row] = 0.0;
            self.touched.push(row);
        }
        for row in self.touched.drain(..) {
            self.uncovered[row] = self.rows.h[row];
        }
        self.pool.restore();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_follows_the_scan() {
        let h = Histogram::new(vec![(0.1, 2.5), (0.2, 0.3), (0.05, 3.0)]);
        let rows = Rows::expand(&h);
        assert_eq!(rows.probabilities(), [0.1, 0.2, 0.05, 0.1, 0.05, 0.1, 0.05]);
        assert_eq!(rows.counts(), [1.0, 0.3, 1.0, 1.0, 1.0, 0.5, 1.0]);
    }
}
