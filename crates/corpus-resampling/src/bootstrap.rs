//! The bootstrap (Efron 1987): confidence intervals for any corpus statistic by resampling
//! sentences with replacement, with the bias-corrected and accelerated (BCa) interval.
//!
//! With t̂ the statistic on the data, t*₁ … t*_B on B resamples (sorted) and the jackknife values
//! t₍ᵢ₎ (statistic without sentence i, mean t₍·₎):
//! * acceleration a = Σ (t₍·₎ − t₍ᵢ₎)³ / (6 (Σ (t₍·₎ − t₍ᵢ₎)²)^1.5);
//! * bias correction z₀ = Φ⁻¹(#{t*_b < t̂} / B);
//! * adjusted levels αⱼ = Φ(z₀ + (z₀ + z_{αⱼ}) / (1 − a (z₀ + z_{αⱼ}))) for αⱼ = α/2, 1 − α/2;
//! * the interval endpoints are t*₍ₖ₎ with k = round-half-even(αⱼ (B − 1)).
//!
//! [`bca_interval`] is a pure function of (t̂, sorted t*, a, α), so it can be checked against
//! scikits.bootstrap exactly; [`Bootstrap`] draws the resamples (seeded PCG-64, one stream per
//! resample, in parallel — the result does not depend on the thread count).

use rand::RngExt;
use rand_pcg::Pcg64;
use serde::Serialize;

use crate::Error;
use gec_metrics::map_indices;
use reference_stats::{normal_cdf, normal_quantile};
use reference_stats::{numpy_mean, pairwise_sum};

/// A resampling plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bootstrap {
    /// Number of resamples B.
    pub resamples: usize,
    /// Seed of the resampling streams.
    pub seed: u64,
}

/// The statistic on the data, its bootstrap distribution and its jackknife values.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BootstrapDistribution {
    /// t̂, the statistic on all n sentences.
    pub statistic: f64,
    /// t*₁ … t*_B, sorted.
    pub sorted: Vec<f64>,
    /// t₍₁₎ … t₍ₙ₎, the statistic without each sentence.
    pub jackknife: Vec<f64>,
}

/// A two-sided confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    /// Lower endpoint.
    pub low: f64,
    /// Upper endpoint.
    pub high: f64,
    /// The levels used for the endpoints (adjusted for BCa).
    pub levels: (f64, f64),
    /// The order statistics taken (0-based indices into the sorted resamples).
    pub indices: (usize, usize),
    /// The bias correction z₀ (0 for the percentile interval).
    pub z0: f64,
}

/// How a statistic spreads over resampled corpora ([`Bootstrap::spread`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    /// The standard deviation over the resamples (denominator B − 1).
    pub sd: f64,
    /// The percentile interval over the resamples.
    pub interval: Interval,
}

impl Interval {
    /// (low + high) / 2, what the LCB paper's figures plot.
    pub fn midpoint(&self) -> f64 {
        (self.low + self.high) / 2.0
    }
}

fn check_alpha(alpha: f64) -> Result<(), Error> {
    if alpha > 0.0 && alpha < 0.5 {
        Ok(())
    } else {
        Err(Error::InvalidAlpha(alpha))
    }
}

/// A resampling plan needs two sentences (the jackknife leaves one out) and one draw.
pub(crate) fn check_sizes(n: usize, draws: usize) -> Result<(), Error> {
    if n < 2 {
        Err(Error::TooFewSentences(n))
    } else if draws == 0 {
        Err(Error::Empty)
    } else if draws > MAX_DRAWS {
        Err(Error::TooManyDraws {
            draws,
            limit: MAX_DRAWS,
        })
    } else {
        Ok(())
    }
}

/// The most resamples or randomisation trials one call draws: 1,000,000 (a thousand times
/// sacrebleu's bootstrap; each draw keeps a value, and each costs a pass over the corpus).
pub const MAX_DRAWS: usize = 1_000_000;

impl Bootstrap {
    /// Resample `b` of n sentence indices: its own PCG-64 stream, so resamples are independent
    /// of the order (and thread) they are drawn in.
    pub(crate) fn resample(&self, b: usize, n: usize) -> Vec<usize> {
        self.resample_sized(b, n, n)
    }

    /// Resample `b`: `size` sentence indices drawn with replacement from `0..n`, from the same
    /// stream as [`Bootstrap::resample`] (its first `size` draws).
    fn resample_sized(&self, b: usize, n: usize, size: usize) -> Vec<usize> {
        let mut rng = Pcg64::new(u128::from(self.seed), b as u128);
        (0..size).map(|_| rng.random_range(0..n)).collect()
    }

    /// How the statistic spreads on corpora of `size` sentences drawn from these n (with
    /// replacement; `size` may differ from n): its SD and percentile interval over the B
    /// resamples, resample b from its own stream as in [`Bootstrap::run`]. With t*_b on B
    /// resamples and their mean t̄*, SD = √(Σ (t*_b − t̄*)² / (B − 1)).
    pub fn spread<S>(
        &self,
        n: usize,
        size: usize,
        alpha: f64,
        statistic: S,
    ) -> Result<Spread, Error>
    where
        S: Fn(&[usize]) -> f64 + Sync,
    {
        check_sizes(n, self.resamples)?;
        if size == 0 {
            return Err(Error::Empty);
        }
        let mut sorted = map_indices(self.resamples, |b| {
            statistic(&self.resample_sized(b, n, size))
        });
        if let Some(&bad) = sorted.iter().find(|v| v.is_nan()) {
            return Err(Error::NanStatistic(bad));
        }
        sorted.sort_by(f64::total_cmp);
        let b = sorted.len() as f64;
        let mean = sorted.iter().sum::<f64>() / b;
        let variance = sorted.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (b - 1.0).max(1.0);
        Ok(Spread {
            sd: variance.sqrt(),
            interval: percentile_interval(&sorted, alpha)?,
        })
    }

    /// Resamples n sentence indices B times and evaluates `statistic` on each resample, on the
    /// data (`0..n`) and on the n jackknife samples. `statistic` receives sentence indices.
    pub fn run<S>(&self, n: usize, statistic: S) -> Result<BootstrapDistribution, Error>
    where
        S: Fn(&[usize]) -> f64 + Sync,
    {
        check_sizes(n, self.resamples)?;
        let all: Vec<usize> = (0..n).collect();
        let t = statistic(&all);
        let mut sorted = map_indices(self.resamples, |b| statistic(&self.resample(b, n)));
        let jackknife = map_indices(n, |i| {
            let sample: Vec<usize> = (0..n).filter(|&k| k != i).collect();
            statistic(&sample)
        });
        if let Some(bad) = std::iter::once(t)
            .chain(sorted.iter().copied())
            .chain(jackknife.iter().copied())
            .find(|v| v.is_nan())
        {
            return Err(Error::NanStatistic(bad));
        }
        sorted.sort_by(f64::total_cmp);
        Ok(BootstrapDistribution {
            statistic: t,
            sorted,
            jackknife,
        })
    }
}

/// The jackknife acceleration a (numpy's summation order, as scikits.bootstrap computes it).
pub fn acceleration(jackknife: &[f64]) -> Result<f64, Error> {
    let mean = numpy_mean(jackknife);
    let d: Vec<f64> = jackknife.iter().map(|j| mean - j).collect();
    let cubes: Vec<f64> = d.iter().map(|x| x.powf(3.0)).collect();
    let squares: Vec<f64> = d.iter().map(|x| x * x).collect();
    let spread = pairwise_sum(&squares);
    if spread == 0.0 {
        return Err(Error::DegenerateBootstrap(
            "every jackknife value is equal, so the acceleration is 0/0".into(),
        ));
    }
    Ok(pairwise_sum(&cubes) / (6.0 * spread.powf(1.5)))
}

/// round-half-even(level · (B − 1)), as numpy rounds.
fn order_statistic(level: f64, count: usize) -> usize {
    let x = level * (count - 1) as f64;
    let r = x.round_ties_even();
    r.clamp(0.0, (count - 1) as f64) as usize
}

/// The BCa interval from t̂, the sorted bootstrap statistics, the acceleration and α.
pub fn bca_interval(
    statistic: f64,
    sorted: &[f64],
    acceleration: f64,
    alpha: f64,
) -> Result<Interval, Error> {
    check_alpha(alpha)?;
    if sorted.is_empty() {
        return Err(Error::Empty);
    }
    let below = sorted.iter().filter(|&&t| t < statistic).count();
    if below == 0 || below == sorted.len() {
        return Err(Error::DegenerateBootstrap(format!(
            "{below} of {} bootstrap statistics lie below the estimate, so the bias correction is infinite",
            sorted.len()
        )));
    }
    let z0 = normal_quantile(below as f64 / sorted.len() as f64);
    let level = |a: f64| {
        let zs = z0 + normal_quantile(a);
        normal_cdf(z0 + zs / (1.0 - acceleration * zs))
    };
    Ok(interval_at(
        sorted,
        (level(alpha / 2.0), level(1.0 - alpha / 2.0)),
        z0,
    ))
}

/// The interval between the order statistics at `levels`.
fn interval_at(sorted: &[f64], levels: (f64, f64), z0: f64) -> Interval {
    let indices = (
        order_statistic(levels.0, sorted.len()),
        order_statistic(levels.1, sorted.len()),
    );
    Interval {
        low: sorted[indices.0],
        high: sorted[indices.1],
        levels,
        indices,
        z0,
    }
}

/// The percentile interval: the order statistics at α/2 and 1 − α/2.
pub fn percentile_interval(sorted: &[f64], alpha: f64) -> Result<Interval, Error> {
    check_alpha(alpha)?;
    if sorted.is_empty() {
        return Err(Error::Empty);
    }
    Ok(interval_at(sorted, (alpha / 2.0, 1.0 - alpha / 2.0), 0.0))
}

impl BootstrapDistribution {
    /// The BCa interval at level 1 − α.
    pub fn bca(&self, alpha: f64) -> Result<Interval, Error> {
        bca_interval(
            self.statistic,
            &self.sorted,
            acceleration(&self.jackknife)?,
            alpha,
        )
    }

    /// The percentile interval at level 1 − α.
    pub fn percentile(&self, alpha: f64) -> Result<Interval, Error> {
        percentile_interval(&self.sorted, alpha)
    }
}
