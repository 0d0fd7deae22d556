//! What is resampled, how often, with which seed: one setting for every scorer's intervals,
//! paired tests and ranks, its defaults sacrebleu's (1,000 bootstrap resamples, 10,000
//! randomisation trials, seed [`DEFAULT_SEED`]).

pub use corpus_resampling::DEFAULT_SEED;
use corpus_resampling::{Confidence, IntervalMethod};

use crate::Signature;

/// The bootstrap interval of each system's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum IntervalKind {
    /// Bias-corrected and accelerated (falls back to percentile where the jackknife is constant).
    Bca,
    /// Percentile.
    Percentile,
}

impl IntervalKind {
    /// The name signatures and reports use: `bca`, `percentile`.
    pub fn name(self) -> &'static str {
        match self {
            IntervalKind::Bca => "bca",
            IntervalKind::Percentile => "percentile",
        }
    }
}

/// A 95 % bootstrap interval: how many resamples, and which interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bootstrap {
    /// Resamples of the sentences.
    pub resamples: usize,
    /// The interval computed from them.
    pub kind: IntervalKind,
}

impl Default for Bootstrap {
    /// 1,000 resamples, BCa.
    fn default() -> Bootstrap {
        Bootstrap {
            resamples: 1000,
            kind: IntervalKind::Bca,
        }
    }
}

/// Significance clusters: every pair of systems compared by paired approximate randomisation
/// (`trials` trials), Holm–Bonferroni over the pairs at family-wise level `alpha`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Ranking {
    /// Randomisation trials per pair.
    pub trials: usize,
    /// The family-wise error rate.
    pub alpha: f64,
}

impl Default for Ranking {
    /// 10,000 trials, α = 0.05.
    fn default() -> Ranking {
        Ranking {
            trials: 10_000,
            alpha: 0.05,
        }
    }
}

/// What every scorer resamples: sentences are drawn, the same indices for every system, with one
/// seed. `None` turns a part off; [`Resampling::default`] resamples nothing.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Resampling {
    /// A bootstrap interval of each system's score (and of M2's and ERRANT's P and R).
    pub confidence: Option<Bootstrap>,
    /// A paired bootstrap test of each system against the first, with this many resamples.
    pub paired_bs: Option<usize>,
    /// A paired approximate randomisation test of each system against the first, with this many
    /// trials.
    pub paired_ar: Option<usize>,
    /// Significance clusters over every pair.
    pub rank: Option<Ranking>,
    /// The seed of every resampling.
    pub seed: u64,
}

impl Default for Resampling {
    fn default() -> Resampling {
        Resampling {
            confidence: None,
            paired_bs: None,
            paired_ar: None,
            rank: None,
            seed: DEFAULT_SEED,
        }
    }
}

impl Resampling {
    /// Whether any interval or paired test resamples (a ranking alone does not change a
    /// metric's numbers).
    pub fn resamples(&self) -> bool {
        self.confidence.is_some() || self.paired_bs.is_some() || self.paired_ar.is_some()
    }

    /// `metric`'s signature with the resampling fields appended (`ci`, `bs`, `paired-bs`,
    /// `paired-ar`, `seed`; none without resampling).
    pub fn signature(&self, metric: &Signature) -> Signature {
        let mut s = metric.clone();
        if let Some(b) = self.confidence {
            s = s.with("ci", b.kind.name()).with("bs", b.resamples);
        }
        if let Some(n) = self.paired_bs {
            s = s.with("paired-bs", n);
        }
        if let Some(n) = self.paired_ar {
            s = s.with("paired-ar", n);
        }
        if self.resamples() {
            s = s.with("seed", self.seed);
        }
        s
    }

    /// The resampling library's settings of the bootstrap interval, if one is asked for.
    pub(crate) fn bootstrap(&self) -> Option<Confidence> {
        self.confidence.map(|b| {
            let mut c = Confidence::default();
            c.resamples = b.resamples;
            c.seed = self.seed;
            c.method = match b.kind {
                IntervalKind::Percentile => IntervalMethod::Percentile,
                IntervalKind::Bca => IntervalMethod::Bca,
            };
            c
        })
    }
}
