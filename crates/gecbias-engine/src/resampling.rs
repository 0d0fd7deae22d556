//! What is resampled, how often, with which seed: one setting for every scorer's intervals,
//! paired tests and ranks, its defaults sacrebleu's (1,000 bootstrap resamples, 10,000
//! randomisation trials, seed [`DEFAULT_SEED`]).

pub use corpus_resampling::DEFAULT_SEED;
use corpus_resampling::{Confidence, IntervalMethod};

use crate::{Error, Signature};

/// The fewest resamples (or randomisation trials) an interval or a paired test takes: 100. A
/// 95 % interval's ends are the 2.5th and 97.5th percentiles of the resamples, which below 40
/// are the extreme resamples themselves (with one, the "interval" is a single resample that may
/// exclude the score); a p-value from N draws is never below 1/(N + 1).
pub const MIN_RESAMPLES: usize = 100;

/// The most resamples (or randomisation trials) an interval, a paired test or a ranking takes:
/// 100,000, a hundred times sacrebleu's bootstrap and ten times its randomisation. Every draw
/// rescores a whole corpus: the 14 CoNLL-2014 systems ranked with 100,000 trials per pair take
/// minutes on two cores, and each draw's value is kept.
pub const MAX_RESAMPLES: usize = 100_000;

/// Checks a count of resamples or trials named `option` against [`MIN_RESAMPLES`] and
/// [`MAX_RESAMPLES`].
pub fn check_resamples(option: &'static str, count: usize) -> Result<usize, Error> {
    if (MIN_RESAMPLES..=MAX_RESAMPLES).contains(&count) {
        return Ok(count);
    }
    Err(Error::Count {
        option,
        count: count as u128,
        min: MIN_RESAMPLES as u128,
        max: MAX_RESAMPLES as u128,
        why: if count < MIN_RESAMPLES {
            "a 95 % interval's ends (the 2.5th and 97.5th percentiles) and a p-value need at least \
             that many draws to mean anything"
        } else {
            "every draw rescores the whole corpus: more would run for hours"
        },
    })
}

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
#[derive(Debug, Clone, PartialEq)]
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
    /// Hybrid systems to score besides the systems (Graham & Liu's 2016 super-sampling of
    /// systems for meta-evaluation): each names, for every sentence, the index of the system
    /// whose output of that sentence it takes. Their scores come from the same per-sentence
    /// statistics the intervals resample ([`MetricReport::hybrids`](crate::MetricReport::hybrids)).
    pub hybrids: Vec<Vec<usize>>,
}

impl Default for Resampling {
    fn default() -> Resampling {
        Resampling {
            confidence: None,
            paired_bs: None,
            paired_ar: None,
            rank: None,
            seed: DEFAULT_SEED,
            hybrids: Vec::new(),
        }
    }
}

impl Resampling {
    /// Checks every count against [`MIN_RESAMPLES`] and [`MAX_RESAMPLES`] (a ranking's trials
    /// have their own minimum, [`Error::TooFewTrials`], checked where the pairs are known).
    pub fn check(&self) -> Result<(), Error> {
        if let Some(b) = self.confidence {
            check_resamples("confidence resamples", b.resamples)?;
        }
        if let Some(n) = self.paired_bs {
            check_resamples("paired bootstrap resamples", n)?;
        }
        if let Some(n) = self.paired_ar {
            check_resamples("randomisation trials", n)?;
        }
        if let Some(r) = self.rank
            && r.trials > MAX_RESAMPLES
        {
            check_resamples("ranking trials", r.trials)?;
        }
        Ok(())
    }

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
