//! Is one system better than another on the same sentences? Two paired tests on any corpus
//! statistic computed from per-sentence sufficient statistics (e.g. M2's [`SentenceStats`]):
//!
//! * [`paired_bootstrap`] (Koehn 2004; Efron & Tibshirani's shift method): resample sentences,
//!   recompute δ* = t_A − t_B; p = (1 + #{|δ*_b − mean δ*| ≥ |δ̂|}) / (B + 1), two-sided;
//! * [`approximate_randomization`] (Noreen 1989; Riezler & Maxwell 2005): swap the two systems'
//!   outputs of each sentence with probability ½; p = (1 + #{|δ_r| ≥ |δ̂|}) / (R + 1).
//!
//! Both are seeded (PCG-64, one stream per resample or trial) and parallel, with results
//! independent of the thread count. Several comparisons at once (one system against all others,
//! or every pair) are corrected with [`holm_bonferroni`].

use rand::RngExt;
use rand_pcg::Pcg64;
use serde::Serialize;

use gec_metrics::m2_score::{SentenceStats, corpus_score};

use crate::Error;
use crate::bootstrap::{Bootstrap, check_sizes};
use gec_metrics::map_indices;

/// The outcome of a paired test of systems A and B.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairedTest {
    /// t_A on the whole corpus.
    pub first: f64,
    /// t_B on the whole corpus.
    pub second: f64,
    /// δ̂ = t_A − t_B.
    pub difference: f64,
    /// The two-sided p-value.
    pub p_value: f64,
    /// Resamples or randomisation trials.
    pub trials: usize,
}

/// A corpus statistic of two systems over the same sentences: `score(sentences, swapped)` gives
/// (t_A, t_B) on the sentence indices `sentences`, where `swapped[k]` exchanges the two systems'
/// outputs of sentence `sentences[k]`.
pub trait PairedStatistic: Sync {
    /// (t_A, t_B).
    fn score(&self, sentences: &[usize], swapped: &[bool]) -> (f64, f64);
}

/// Corpus M2 F_β of two systems from their per-sentence statistics.
pub struct PairedM2<'s> {
    /// System A's statistics, one per sentence.
    pub first: &'s [SentenceStats],
    /// System B's statistics, one per sentence.
    pub second: &'s [SentenceStats],
    /// β.
    pub beta: f64,
}

impl PairedStatistic for PairedM2<'_> {
    fn score(&self, sentences: &[usize], swapped: &[bool]) -> (f64, f64) {
        let system = |own: &'_ [SentenceStats], other: &'_ [SentenceStats]| {
            let chosen = sentences
                .iter()
                .zip(swapped)
                .map(|(&i, &s)| if s { &other[i] } else { &own[i] })
                .collect::<Vec<_>>();
            corpus_score(chosen, self.beta).f_beta
        };
        (
            system(self.first, self.second),
            system(self.second, self.first),
        )
    }
}

/// The mean of a sentence-level score (USim, sentence GLEU, …) of two systems over the same
/// sentences: t = (1/|S|) Σ_{i∈S} score_i.
pub struct PairedMeans<'s> {
    /// System A's sentence scores.
    pub first: &'s [f64],
    /// System B's sentence scores.
    pub second: &'s [f64],
}

impl PairedStatistic for PairedMeans<'_> {
    fn score(&self, sentences: &[usize], swapped: &[bool]) -> (f64, f64) {
        let n = sentences.len().max(1) as f64;
        let (mut a, mut b) = (0.0, 0.0);
        for (&i, &s) in sentences.iter().zip(swapped) {
            let (x, y) = (self.first[i], self.second[i]);
            let (x, y) = if s { (y, x) } else { (x, y) };
            a += x;
            b += y;
        }
        (a / n, b / n)
    }
}

/// The mean of a sentence-level score as a bootstrap statistic over sentence indices.
pub fn mean_statistic(scores: &[f64]) -> impl Fn(&[usize]) -> f64 + Sync + '_ {
    move |sentences: &[usize]| {
        sentences.iter().map(|&i| scores[i]).sum::<f64>() / sentences.len().max(1) as f64
    }
}

/// Corpus M2 F_β of one system as a bootstrap statistic over sentence indices.
pub fn m2_f_statistic(stats: &[SentenceStats], beta: f64) -> impl Fn(&[usize]) -> f64 + Sync + '_ {
    move |sentences: &[usize]| corpus_score(sentences.iter().map(|&i| &stats[i]), beta).f_beta
}

fn observed<S: PairedStatistic>(n: usize, statistic: &S) -> (f64, f64) {
    let all: Vec<usize> = (0..n).collect();
    statistic.score(&all, &vec![false; n])
}

/// The paired bootstrap test over `n` sentences.
pub fn paired_bootstrap<S: PairedStatistic>(
    n: usize,
    plan: Bootstrap,
    statistic: &S,
) -> Result<PairedTest, Error> {
    check_sizes(n, plan.resamples)?;
    let (a, b) = observed(n, statistic);
    let unswapped = vec![false; n];
    let deltas = map_indices(plan.resamples, |r| {
        let (x, y) = statistic.score(&plan.resample(r, n), &unswapped);
        x - y
    });
    if deltas.iter().any(|d| d.is_nan()) || a.is_nan() || b.is_nan() {
        return Err(Error::NanStatistic(f64::NAN));
    }
    let mean = deltas.iter().sum::<f64>() / deltas.len() as f64;
    let delta = a - b;
    let extreme = deltas
        .iter()
        .filter(|&&d| (d - mean).abs() >= delta.abs())
        .count();
    Ok(PairedTest {
        first: a,
        second: b,
        difference: delta,
        p_value: (1 + extreme) as f64 / (deltas.len() + 1) as f64,
        trials: deltas.len(),
    })
}

/// The approximate randomisation test over `n` sentences with `trials` random swaps.
pub fn approximate_randomization<S: PairedStatistic>(
    n: usize,
    trials: usize,
    seed: u64,
    statistic: &S,
) -> Result<PairedTest, Error> {
    check_sizes(n, trials)?;
    let (a, b) = observed(n, statistic);
    let all: Vec<usize> = (0..n).collect();
    let delta = a - b;
    let extreme = map_indices(trials, |r| {
        let mut rng = Pcg64::new(u128::from(seed), r as u128);
        let swapped: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let (x, y) = statistic.score(&all, &swapped);
        (x - y).abs() >= delta.abs()
    })
    .into_iter()
    .filter(|&extreme| extreme)
    .count();
    Ok(PairedTest {
        first: a,
        second: b,
        difference: delta,
        p_value: (1 + extreme) as f64 / (trials + 1) as f64,
        trials,
    })
}

/// Holm's step-down adjustment of m p-values for multiple comparisons (Holm 1979): with the
/// p-values sorted p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted p̃₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1)·p₍ⱼ₎);
/// rejecting where p̃ < α controls the family-wise error rate at α. Returned in the input order;
/// ties keep their input order.
pub fn holm_bonferroni(p_values: &[f64]) -> Vec<f64> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The two-sided two-proportion z-test of x₁/n₁ against x₂/n₂ (unpaired samples, normal
/// approximation, pooled p̂ = (x₁ + x₂)/(n₁ + n₂)): z = (x₁/n₁ − x₂/n₂) / √(p̂(1 − p̂)(1/n₁ + 1/n₂)),
/// p = 2(1 − Φ(|z|)). Returns (z, p); (0, 1) when the pooled proportion is 0 or 1.
pub fn two_proportion_test(
    x1: usize,
    n1: usize,
    x2: usize,
    n2: usize,
) -> Result<(f64, f64), Error> {
    if n1 == 0 || n2 == 0 || x1 > n1 || x2 > n2 {
        return Err(Error::InvalidParameter(format!(
            "proportions {x1}/{n1} and {x2}/{n2}: counts must be within non-empty samples"
        )));
    }
    let (n1f, n2f) = (n1 as f64, n2 as f64);
    let pooled = (x1 + x2) as f64 / (n1f + n2f);
    let spread = (pooled * (1.0 - pooled) * (1.0 / n1f + 1.0 / n2f)).sqrt();
    if spread == 0.0 {
        return Ok((0.0, 1.0));
    }
    let z = (x1 as f64 / n1f - x2 as f64 / n2f) / spread;
    Ok((z, 2.0 * (1.0 - reference_stats::normal_cdf(z.abs()))))
}

#[cfg(test)]
mod mean_tests {
    use super::*;

    #[test]
    fn two_proportions() {
        // 60/100 vs 40/100: pooled 0.5, z = 0.2 / √(0.25 · 0.02) = 2.828…, p = 0.00468.
        let (z, p) = two_proportion_test(60, 100, 40, 100).unwrap();
        assert!(
            (z - 2.828_427).abs() < 1e-6 && (p - 0.004_678).abs() < 1e-5,
            "{z} {p}"
        );
        assert_eq!(two_proportion_test(0, 5, 0, 7).unwrap(), (0.0, 1.0));
        assert!(two_proportion_test(3, 2, 0, 1).is_err());
    }

    #[test]
    fn holm_steps_down_and_stays_monotone() {
        // m = 4: sorted 0.01, 0.02, 0.03, 0.5 → 0.04, 0.06, 0.06 (monotone), 0.5.
        let adjusted = holm_bonferroni(&[0.03, 0.5, 0.01, 0.02]);
        let expected = [0.06, 0.5, 0.04, 0.06];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!((a - e).abs() < 1e-12, "{adjusted:?}");
        }
        assert_eq!(holm_bonferroni(&[0.6, 0.9]), [1.0, 1.0]);
        assert!(holm_bonferroni(&[]).is_empty());
    }

    #[test]
    fn paired_means_swap_and_test() {
        let (a, b) = ([1.0, 0.5, 0.0, 1.0], [0.0, 0.5, 0.0, 0.0]);
        let means = PairedMeans {
            first: &a,
            second: &b,
        };
        assert_eq!(means.score(&[0, 1, 2, 3], &[false; 4]), (0.625, 0.125));
        assert_eq!(means.score(&[0, 3], &[true, false]), (0.5, 0.5));
        assert_eq!(mean_statistic(&a)(&[1, 2]), 0.25);
        // A system against itself: no difference, p = 1.
        let same = PairedMeans {
            first: &a,
            second: &a,
        };
        let test = approximate_randomization(4, 99, 12345, &same).unwrap();
        assert_eq!((test.difference, test.p_value), (0.0, 1.0));
        let plan = Bootstrap {
            resamples: 99,
            seed: 12345,
        };
        assert_eq!(paired_bootstrap(4, plan, &same).unwrap().p_value, 1.0);
    }
}
