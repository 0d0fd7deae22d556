//! One call per question a researcher asks of a system score, with sacrebleu's conventions
//! (1000 bootstrap resamples, 10,000 randomisation trials, 95 %, seed 12345):
//!
//! * [`confidence_interval`] — a 95 % interval of any corpus statistic over sentence resamples;
//!   [`m2_confidence`] gives P, R and F_β of an M2 score from the same resamples, and
//!   [`mean_confidence`] the mean of a sentence-level score (sentence GLEU, SARI, USim).
//! * [`m2_paired_test`] and [`mean_paired_test`] — is system A better than baseline B on the same
//!   sentences (paired bootstrap or approximate randomisation)?
//!
//! M2's running choice of annotators is redone on every resample (in the resample's order), as
//! the scorer would choose them on that corpus; the lattice is never re-run.

use gec_metrics::M2Score;
use gec_metrics::m2_gold::SystemM2;
use serde::Serialize;

use crate::Error;
use crate::bootstrap::{Bootstrap, BootstrapDistribution};
use crate::significance::{
    PairedM2, PairedMeans, PairedStatistic, PairedTest, approximate_randomization, mean_statistic,
    paired_bootstrap,
};

/// sacrebleu's seed for every resampling.
pub const DEFAULT_SEED: u64 = 12345;

/// Which bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub enum IntervalMethod {
    /// Bias-corrected and accelerated (Efron 1987): second-order accurate; the default.
    #[default]
    Bca,
    /// The α/2 and 1 − α/2 quantiles of the resampled statistic.
    Percentile,
}

/// How an interval is computed (sacrebleu's `--confidence` defaults by [`Default`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Confidence {
    /// Bootstrap resamples B (1000).
    pub resamples: usize,
    /// Coverage 1 − α (0.95).
    pub level: f64,
    /// BCa or percentile.
    pub method: IntervalMethod,
    /// Seed of the resampling streams (12345).
    pub seed: u64,
}

impl Default for Confidence {
    fn default() -> Self {
        Self {
            resamples: 1000,
            level: 0.95,
            method: IntervalMethod::Bca,
            seed: DEFAULT_SEED,
        }
    }
}

/// A statistic on the whole corpus with its bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ScoreInterval {
    /// t̂, the statistic on all sentences.
    pub point: f64,
    /// Lower endpoint.
    pub low: f64,
    /// Upper endpoint.
    pub high: f64,
    /// The coverage asked for.
    pub level: f64,
    /// The method that produced the endpoints: BCa falls back to percentile when its acceleration
    /// is undefined (every jackknife value equal, e.g. a constant sentence score).
    pub method: IntervalMethod,
}

impl ScoreInterval {
    /// (low + high) / 2, what the LCB paper's figures plot.
    pub fn midpoint(&self) -> f64 {
        (self.low + self.high) / 2.0
    }
}

/// P, R and F_β of an M2 score, each with its interval from the same resamples.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct M2Intervals {
    /// Precision.
    pub precision: ScoreInterval,
    /// Recall.
    pub recall: ScoreInterval,
    /// F_β.
    pub f_beta: ScoreInterval,
}

fn interval_of(
    distribution: &BootstrapDistribution,
    options: &Confidence,
) -> Result<ScoreInterval, Error> {
    let alpha = 1.0 - options.level;
    let (interval, method) = match options.method {
        IntervalMethod::Bca => match distribution.bca(alpha) {
            Err(Error::DegenerateBootstrap(_)) => {
                (distribution.percentile(alpha)?, IntervalMethod::Percentile)
            }
            other => (other?, IntervalMethod::Bca),
        },
        IntervalMethod::Percentile => (distribution.percentile(alpha)?, IntervalMethod::Percentile),
    };
    Ok(ScoreInterval {
        point: distribution.statistic,
        low: interval.low,
        high: interval.high,
        level: options.level,
        method,
    })
}

/// The interval of `statistic` (a corpus score computed from sentence indices, repeats allowed)
/// over `n` sentences.
pub fn confidence_interval<S>(
    n: usize,
    statistic: S,
    options: &Confidence,
) -> Result<ScoreInterval, Error>
where
    S: Fn(&[usize]) -> f64 + Sync,
{
    let plan = Bootstrap {
        resamples: options.resamples,
        seed: options.seed,
    };
    interval_of(&plan.run(n, statistic)?, options)
}

/// The intervals of a system's M2 precision, recall and F_β.
pub fn m2_confidence(system: &SystemM2, options: &Confidence) -> Result<M2Intervals, Error> {
    let n = system.sentences.len();
    let component = |pick: fn(&M2Score) -> f64| {
        confidence_interval(n, |idx: &[usize]| pick(&system.resample(idx)), options)
    };
    Ok(M2Intervals {
        precision: component(|s| s.precision)?,
        recall: component(|s| s.recall)?,
        f_beta: component(|s| s.f_beta)?,
    })
}

/// The interval of the mean of sentence scores (1/n Σ score_i).
pub fn mean_confidence(scores: &[f64], options: &Confidence) -> Result<ScoreInterval, Error> {
    confidence_interval(scores.len(), mean_statistic(scores), options)
}

/// Which paired test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum PairedMethod {
    /// The paired bootstrap with this many resamples (sacrebleu: 1000).
    Bootstrap {
        /// Resamples.
        resamples: usize,
    },
    /// Approximate randomisation with this many trials (sacrebleu: 10,000).
    Randomization {
        /// Trials.
        trials: usize,
    },
}

impl PairedMethod {
    /// sacrebleu's `--paired-bs`: 1000 resamples.
    pub const BOOTSTRAP: PairedMethod = PairedMethod::Bootstrap { resamples: 1000 };
    /// sacrebleu's `--paired-ar`: 10,000 trials.
    pub const RANDOMIZATION: PairedMethod = PairedMethod::Randomization { trials: 10_000 };
}

fn paired<S: PairedStatistic>(
    n: usize,
    statistic: &S,
    method: PairedMethod,
    seed: u64,
) -> Result<PairedTest, Error> {
    match method {
        PairedMethod::Bootstrap { resamples } => {
            paired_bootstrap(n, Bootstrap { resamples, seed }, statistic)
        }
        PairedMethod::Randomization { trials } => {
            approximate_randomization(n, trials, seed, statistic)
        }
    }
}

fn same_length(a: usize, b: usize) -> Result<usize, Error> {
    if a == b {
        Ok(a)
    } else {
        Err(Error::DifferentLengths(a, b))
    }
}

/// Is `system`'s M2 F_β different from `baseline`'s on the same sentences? δ̂ = F_A − F_B with a
/// two-sided p-value; both must use the same β.
pub fn m2_paired_test(
    system: &SystemM2,
    baseline: &SystemM2,
    method: PairedMethod,
    seed: u64,
) -> Result<PairedTest, Error> {
    let n = same_length(system.sentences.len(), baseline.sentences.len())?;
    if system.beta != baseline.beta {
        return Err(Error::InvalidParameter(format!(
            "the systems were scored with β = {} and β = {}",
            system.beta, baseline.beta
        )));
    }
    let statistic = PairedM2 {
        first: &system.sentences,
        second: &baseline.sentences,
        beta: system.beta,
    };
    paired(n, &statistic, method, seed)
}

/// Is `statistic` (any corpus score computed from per-sentence items, e.g. GLEU from summed
/// n-gram statistics or ERRANT from each sentence's annotator pairs) of `system` different from
/// `baseline`'s on the same sentences? The items of a resample are handed over in resample order
/// (a swapped sentence gives each system the other's item).
pub fn paired_test_by<T, S>(
    system: &[T],
    baseline: &[T],
    statistic: &S,
    method: PairedMethod,
    seed: u64,
) -> Result<PairedTest, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    let n = same_length(system.len(), baseline.len())?;
    let statistic = PairedItems {
        first: system,
        second: baseline,
        statistic,
    };
    paired(n, &statistic, method, seed)
}

/// A corpus score computed from a sequence of per-sentence items (a corpus, or a resample of
/// one): M2's F_β from each sentence's annotator counts, GLEU from n-gram statistics, a mean of
/// sentence scores. Generic over the iterator, so that resampling gathers nothing.
pub trait CorpusStatistic<T>: Sync {
    /// The score of `items`, in this order.
    fn of<'a, I: Iterator<Item = &'a T>>(&self, items: I) -> f64
    where
        T: 'a;

    /// The scores of two sequences of the same length (the two systems of a paired test); a
    /// statistic whose sentences depend on each other (a running choice) can interleave them.
    fn of_pair<'a, I: Iterator<Item = &'a T>>(&self, first: I, second: I) -> (f64, f64)
    where
        T: 'a,
    {
        (self.of(first), self.of(second))
    }
}

/// The mean of sentence scores: t = (1/|S|) Σ_{i∈S} score_i.
pub struct Mean;

impl CorpusStatistic<f64> for Mean {
    fn of<'a, I: Iterator<Item = &'a f64>>(&self, items: I) -> f64 {
        let (sum, n) = items.fold((0.0, 0usize), |(sum, n), x| (sum + x, n + 1));
        sum / n.max(1) as f64
    }
}

/// The interval of a [`CorpusStatistic`] of per-sentence `items`.
pub fn confidence_interval_by<T: Sync, S: CorpusStatistic<T>>(
    items: &[T],
    statistic: &S,
    options: &Confidence,
) -> Result<ScoreInterval, Error> {
    confidence_interval(
        items.len(),
        |indices| statistic.of(indices.iter().map(|&i| &items[i])),
        options,
    )
}

/// Two systems' per-sentence items and the corpus statistic over a sequence of them.
struct PairedItems<'s, T, S> {
    first: &'s [T],
    second: &'s [T],
    statistic: &'s S,
}

impl<'s, T: Sync, S: CorpusStatistic<T>> PairedStatistic for PairedItems<'s, T, S> {
    fn score(&self, sentences: &[usize], swapped: &[bool]) -> (f64, f64) {
        let pick = |own: &'s [T], other: &'s [T]| {
            sentences
                .iter()
                .zip(swapped)
                .map(move |(&i, &s)| if s { &other[i] } else { &own[i] })
        };
        self.statistic
            .of_pair(pick(self.first, self.second), pick(self.second, self.first))
    }
}

/// Is the mean sentence score of `system` different from `baseline`'s on the same sentences?
pub fn mean_paired_test(
    system: &[f64],
    baseline: &[f64],
    method: PairedMethod,
    seed: u64,
) -> Result<PairedTest, Error> {
    let n = same_length(system.len(), baseline.len())?;
    let statistic = PairedMeans {
        first: system,
        second: baseline,
    };
    paired(n, &statistic, method, seed)
}
