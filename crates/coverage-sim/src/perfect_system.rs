//! The perfect system (LCB paper §2.2, 000 draft §3.4): a system whose every output is a valid
//! correction, drawn from the same distribution as the references. Its output for sentence i is
//! judged correct by reference-based accuracy (Exact Match, or Exact Index Match on the index
//! classes) with probability p_i = coverage_i(M), so its number of correct sentences is
//! Poisson-binomial with p_1…p_N.

use serde::Serialize;
use unseen_est::Histogram;

use crate::coverage;
use crate::{Error, PoissonBinomial, Sampling};

/// The accuracy of a perfect system over N sentences with coverages p_1…p_N.
#[derive(Debug, Clone, PartialEq)]
pub struct PerfectSystem {
    distribution: PoissonBinomial,
}

/// A perfect system's accuracy with its central interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AccuracySummary {
    /// The expected accuracy, Σp_i / N.
    pub accuracy: f64,
    /// The low-coverage bias b_M = 1 − accuracy.
    pub bias: f64,
    /// The standard deviation of the accuracy, √(Σp_i(1 − p_i)) / N.
    pub sd: f64,
    /// The 2.5 % quantile of the accuracy (Poisson-binomial count / N).
    pub low: f64,
    /// The 97.5 % quantile of the accuracy.
    pub high: f64,
}

impl PerfectSystem {
    /// The perfect system of sentences whose outputs the references cover with probabilities
    /// `coverage` (each in [0, 1]).
    pub fn new(coverage: &[f64]) -> Result<PerfectSystem, Error> {
        Ok(PerfectSystem {
            distribution: PoissonBinomial::new(coverage)?,
        })
    }

    /// The number of sentences N.
    pub fn sentences(&self) -> usize {
        self.distribution.pmf().len() - 1
    }

    /// The expected accuracy Σp_i / N (the authors' `pb.mu(ps)/len(ps)`).
    pub fn accuracy(&self) -> f64 {
        self.distribution.mean() / self.sentences() as f64
    }

    /// The low-coverage bias b_M = 1 − accuracy: how far reference-based accuracy puts a
    /// perfect system below 1.
    pub fn bias(&self) -> f64 {
        1.0 - self.accuracy()
    }

    /// The Poisson-binomial distribution of the number of sentences judged correct.
    pub fn distribution(&self) -> &PoissonBinomial {
        &self.distribution
    }

    /// Accuracy, bias, standard deviation and the central 95 % interval of the accuracy.
    pub fn summary(&self) -> AccuracySummary {
        let n = self.sentences() as f64;
        let quantile = |level| {
            self.distribution
                .quantile(level)
                .expect("a constant level in [0, 1]") as f64
                / n
        };
        AccuracySummary {
            accuracy: self.accuracy(),
            bias: self.bias(),
            sd: self.distribution.variance().sqrt() / n,
            low: quantile(0.025),
            high: quantile(0.975),
        }
    }
}

/// The perfect system of sentences with estimated correction distributions `histograms` and M
/// references each, with the exact coverage of [`coverage::curve`].
pub fn perfect_system(
    histograms: &[Histogram],
    m: usize,
    sampling: Sampling,
) -> Result<PerfectSystem, Error> {
    let coverage: Vec<f64> = histograms
        .iter()
        .map(|h| coverage::curve(h, m, sampling)[m])
        .collect();
    PerfectSystem::new(&coverage)
}

/// The expected accuracy of a perfect system with M references: the mean over sentences of
/// their coverage, (1/N) Σ_i coverage_i(M).
pub fn perfect_system_accuracy(
    histograms: &[Histogram],
    m: usize,
    sampling: Sampling,
) -> Result<f64, Error> {
    Ok(perfect_system(histograms, m, sampling)?.accuracy())
}
