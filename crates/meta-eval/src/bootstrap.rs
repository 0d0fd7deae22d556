//! The uncertainty of a metric–human correlation: the human ranking re-derived on bootstrap
//! resamples of the judgments, each metric correlated with every resample, and two metrics
//! compared on the same resamples.

use std::ops::Range;

use corpus_resampling::percentile_interval;
use rand::RngExt;
use rand_pcg::Pcg64;

use crate::Error;
use crate::correlation::{kendall, pearson, spearman, spearman_average_ranks};
use crate::expected_wins::{Ties, WinCounts};
use crate::judgments::{Outcome, Ranking};

/// What one bootstrap resample draws, with replacement, as many times as there are of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Unit {
    /// Ranking items (one judge's ranking of one sentence's outputs). The default: the pairwise
    /// comparisons of one item share a judge and a sentence, so they are drawn together.
    #[default]
    Rankings,
    /// Judged sentences (`src-id`), each with every ranking of it by any judge: also carries the
    /// variation between sentences, the widest of the three.
    Sentences,
    /// Single pairwise comparisons, as WMT's and GJG15's `EW.py` resample (their Table 3 scores
    /// are means over 1,000 such resamples); treats dependent comparisons as independent, so its
    /// intervals are the narrowest.
    Comparisons,
}

/// How the human ranking is resampled.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct BootstrapOptions {
    /// Resamples B.
    pub resamples: usize,
    /// Resample b draws from its own PCG-64 stream (seed, b), so the result does not depend on
    /// the order resamples are drawn in.
    pub seed: u64,
    /// What a resample draws.
    pub unit: Unit,
    /// How ties count toward Expected Wins.
    pub ties: Ties,
}

impl Default for BootstrapOptions {
    /// 1,000 resamples of ranking items, seed 12345 (sacrebleu's), ties ignored.
    fn default() -> Self {
        BootstrapOptions {
            resamples: 1000,
            seed: corpus_resampling::DEFAULT_SEED,
            unit: Unit::Rankings,
            ties: Ties::Ignored,
        }
    }
}

/// Human system scores (Expected Wins) on the judgments and on each bootstrap resample of them.
#[derive(Debug, Clone)]
pub struct HumanScores {
    /// The systems, in the order of every score vector here.
    pub systems: Vec<String>,
    /// EW of each system on all judgments.
    pub observed: Vec<f64>,
    /// EW of each system on each resample.
    pub resampled: Vec<Vec<f64>>,
    /// The resampling.
    pub options: BootstrapOptions,
}

/// Which correlation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Correlation {
    /// Pearson's r ([`pearson`](crate::pearson)).
    Pearson,
    /// Spearman's ρ as GJG15 compute it ([`spearman`](crate::spearman)).
    Spearman,
    /// Spearman's ρ as scipy and SEEDA compute it
    /// ([`spearman_average_ranks`](crate::spearman_average_ranks)).
    SpearmanAverageRanks,
    /// Kendall's τ-b as scipy computes it ([`kendall`](crate::kendall)).
    Kendall,
}

impl Correlation {
    /// The correlation of `metric` with `human`; `None` when Pearson's r is undefined (a
    /// constant side).
    pub fn of(self, human: &[f64], metric: &[f64]) -> Result<Option<f64>, Error> {
        match self {
            Correlation::Pearson => pearson(human, metric),
            Correlation::Spearman => spearman(human, metric).map(Some),
            Correlation::SpearmanAverageRanks => spearman_average_ranks(human, metric),
            Correlation::Kendall => kendall(human, metric),
        }
    }
}

/// A correlation with its percentile bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CorrelationInterval {
    /// The correlation with the human scores of all judgments.
    pub estimate: f64,
    /// Lower end of the percentile interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Resamples the interval rests on (those where the correlation is defined).
    pub resamples: usize,
}

/// Two metrics' correlations compared on the same resamples: Δ = corr(a) − corr(b).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CorrelationDifference {
    /// Δ on all judgments.
    pub difference: f64,
    /// Percentile interval of Δ.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Two-sided bootstrap p-value of Δ = 0: (1 + 2·min(#{Δ* ≤ 0}, #{Δ* ≥ 0})) / (B + 1),
    /// capped at 1.
    pub p_value: f64,
}

/// Expected Wins of `systems` on `rankings` and on `options.resamples` bootstrap resamples.
/// EW is computed over every judged system (so an opponent outside `systems` still counts), as
/// `EW.pl` does, then `systems` are picked; a system with no win in a sample scores 0 (`EW.pl`
/// leaves it out). A system of `systems` that no ranking judges is an error naming it.
pub fn bootstrap_expected_wins(
    rankings: &[Ranking],
    systems: &[String],
    options: &BootstrapOptions,
) -> Result<HumanScores, Error> {
    let mut names: Vec<&str> = rankings
        .iter()
        .flat_map(|r| {
            r.ranks
                .iter()
                .flat_map(|(_, s)| s.iter().map(String::as_str))
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    let picked = systems
        .iter()
        .map(|s| {
            names
                .binary_search(&s.as_str())
                .map_err(|_| Error::UnknownSystem(s.clone()))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let index = |name: &str| names.binary_search(&name).unwrap_or_default();
    let n = names.len();
    let (comparisons, groups) = groups(rankings, options.unit, index);
    // Each comparison as the cells (winner · n + loser) of the win table it adds one to, decided
    // once and kept small: a resample of single comparisons is bound by memory access.
    let cell = |winner: usize, loser: usize| (winner * n + loser) as u32;
    let cells: Vec<[u32; 2]> = comparisons
        .iter()
        .map(|&(a, b, outcome)| match outcome {
            Outcome::FirstBetter => [cell(a, b), NO_CELL],
            Outcome::SecondBetter => [cell(b, a), NO_CELL],
            Outcome::Tie if options.ties == Ties::WinForBoth => [cell(a, b), cell(b, a)],
            Outcome::Tie => [NO_CELL, NO_CELL],
        })
        .collect();
    let per_comparison = options.unit == Unit::Comparisons;
    let scores_of = |chosen: &mut dyn Iterator<Item = usize>| {
        let mut counts = WinCounts::new(n);
        for g in chosen {
            let range = if per_comparison {
                g..g + 1
            } else {
                groups[g].clone()
            };
            for &c in cells[range].iter().flatten() {
                if c != NO_CELL {
                    counts.add_cell(c as usize);
                }
            }
        }
        let ew = counts.expected_wins();
        picked
            .iter()
            .map(|&i| ew[i].unwrap_or(0.0))
            .collect::<Vec<f64>>()
    };
    let units = if per_comparison {
        comparisons.len()
    } else {
        groups.len()
    };
    let observed = scores_of(&mut (0..units));
    let resampled = (0..options.resamples)
        .map(|b| {
            let mut rng = Pcg64::new(u128::from(options.seed), b as u128);
            scores_of(&mut (0..units).map(|_| rng.random_range(0..units)))
        })
        .collect();
    Ok(HumanScores {
        systems: systems.to_vec(),
        observed,
        resampled,
        options: options.clone(),
    })
}

/// A comparison that adds to no cell of the win table (a tie, with ties ignored).
const NO_CELL: u32 = u32::MAX;

/// Every comparison as (system a, system b, outcome), ordered so that what one draw takes is a
/// contiguous range, and the ranges, one per unit (none for single comparisons).
type Indexed = Vec<(usize, usize, Outcome)>;

fn groups(
    rankings: &[Ranking],
    unit: Unit,
    index: impl Fn(&str) -> usize,
) -> (Indexed, Vec<Range<usize>>) {
    let mut order: Vec<usize> = (0..rankings.len()).collect();
    if unit == Unit::Sentences {
        order.sort_by(|&a, &b| rankings[a].source_id.cmp(&rankings[b].source_id));
    }
    let (mut comparisons, mut groups): (Indexed, Vec<Range<usize>>) = (Vec::new(), Vec::new());
    for (k, &i) in order.iter().enumerate() {
        let start = comparisons.len();
        comparisons.extend(
            rankings[i]
                .comparisons()
                .iter()
                .map(|c| (index(&c.first), index(&c.second), c.outcome)),
        );
        let joins_previous = unit == Unit::Sentences
            && k > 0
            && rankings[order[k - 1]].source_id == rankings[i].source_id;
        match (unit, groups.last_mut()) {
            (Unit::Comparisons, _) => {}
            (_, Some(last)) if joins_previous => *last = last.start..comparisons.len(),
            _ => groups.push(start..comparisons.len()),
        }
    }
    (comparisons, groups)
}

impl HumanScores {
    /// The mean of each system's resampled scores (what GJG15's Table 3 reports, from
    /// [`Unit::Comparisons`] resamples).
    pub fn resampled_means(&self) -> Vec<f64> {
        let b = self.resampled.len().max(1) as f64;
        (0..self.systems.len())
            .map(|i| self.resampled.iter().map(|r| r[i]).sum::<f64>() / b)
            .collect()
    }

    /// `kind` of `metric` (one score per system, in [`HumanScores::systems`] order) with the
    /// human scores, and its percentile interval at level `confidence` over the resamples.
    pub fn correlation(
        &self,
        metric: &[f64],
        kind: Correlation,
        confidence: f64,
    ) -> Result<CorrelationInterval, Error> {
        let estimate = defined(kind.of(&self.observed, metric)?, kind)?;
        let mut resampled = Vec::with_capacity(self.resampled.len());
        for human in &self.resampled {
            resampled.extend(kind.of(human, metric)?);
        }
        interval_of(estimate, resampled, confidence)
    }

    /// Δ = corr(a) − corr(b) of two metrics on the same systems, with its percentile interval and
    /// a two-sided bootstrap test of Δ = 0, both metrics correlated with the same resamples.
    pub fn compare(
        &self,
        a: &[f64],
        b: &[f64],
        kind: Correlation,
        confidence: f64,
    ) -> Result<CorrelationDifference, Error> {
        self.difference(confidence, |human| {
            Ok(match (kind.of(human, a)?, kind.of(human, b)?) {
                (Some(x), Some(y)) => Some(x - y),
                _ => None,
            })
        })
    }

    /// Δ = corr(all systems) − corr(the systems but `left_out`) of one metric — with and without
    /// the human references, say — with its percentile interval and two-sided bootstrap test,
    /// both correlations taken on the same resamples. `left_out` holds indices into
    /// [`HumanScores::systems`].
    pub fn compare_without(
        &self,
        metric: &[f64],
        left_out: &[usize],
        kind: Correlation,
        confidence: f64,
    ) -> Result<CorrelationDifference, Error> {
        let keep = |v: &[f64]| -> Vec<f64> {
            v.iter()
                .enumerate()
                .filter(|(i, _)| !left_out.contains(i))
                .map(|(_, x)| *x)
                .collect()
        };
        let kept_metric = keep(metric);
        self.difference(confidence, |human| {
            Ok(
                match (
                    kind.of(human, metric)?,
                    kind.of(&keep(human), &kept_metric)?,
                ) {
                    (Some(x), Some(y)) => Some(x - y),
                    _ => None,
                },
            )
        })
    }

    /// `delta` on the observed human scores and on every resample (where it is defined), as a
    /// [`CorrelationDifference`].
    fn difference(
        &self,
        confidence: f64,
        delta: impl Fn(&[f64]) -> Result<Option<f64>, Error>,
    ) -> Result<CorrelationDifference, Error> {
        let difference = delta(&self.observed)?.ok_or_else(|| {
            Error::Scores("a correlation is undefined: a side's scores are all equal".into())
        })?;
        let mut sorted = Vec::with_capacity(self.resampled.len());
        for human in &self.resampled {
            sorted.extend(delta(human)?);
        }
        difference_of(difference, sorted, confidence)
    }
}

/// A correlation and its resampled values as a [`CorrelationInterval`]: the percentile interval
/// at level `confidence`.
pub(crate) fn interval_of(
    estimate: f64,
    mut resampled: Vec<f64>,
    confidence: f64,
) -> Result<CorrelationInterval, Error> {
    resampled.sort_by(f64::total_cmp);
    let interval = percentile_interval(&resampled, 1.0 - confidence)?;
    Ok(CorrelationInterval {
        estimate,
        low: interval.low,
        high: interval.high,
        resamples: resampled.len(),
    })
}

/// Δ and its resampled values as a [`CorrelationDifference`]: the percentile interval and the
/// two-sided bootstrap p-value (1 + 2·min(#{Δ* ≤ 0}, #{Δ* ≥ 0})) / (B + 1).
pub(crate) fn difference_of(
    difference: f64,
    resampled: Vec<f64>,
    confidence: f64,
) -> Result<CorrelationDifference, Error> {
    let below = resampled.iter().filter(|&&d| d <= 0.0).count();
    let above = resampled.iter().filter(|&&d| d >= 0.0).count();
    let p_value = ((1 + 2 * below.min(above)) as f64 / (resampled.len() + 1) as f64).min(1.0);
    let interval = interval_of(difference, resampled, confidence)?;
    Ok(CorrelationDifference {
        difference,
        low: interval.low,
        high: interval.high,
        p_value,
    })
}

pub(crate) fn defined(value: Option<f64>, kind: Correlation) -> Result<f64, Error> {
    value.ok_or_else(|| {
        Error::Scores(format!(
            "{kind:?} is undefined: the human or the metric scores are all equal"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_rankings;

    /// Four systems: R (a "reference") first in three rankings of four, else last; A beats B
    /// beats C in all.
    fn human() -> HumanScores {
        let item = |id: usize, order: [&str; 4]| {
            let t: String = order
                .iter()
                .enumerate()
                .map(|(k, s)| format!(r#"<translation rank="{}" system="{s}"/>"#, k + 1))
                .collect();
            format!(r#"<ranking-item id="{id}" src-id="{id}" user="u">{t}</ranking-item>"#)
        };
        let xml: String = (0..40)
            .map(|i| {
                item(
                    i,
                    if i % 4 == 0 {
                        ["A", "B", "C", "R"]
                    } else {
                        ["R", "A", "B", "C"]
                    },
                )
            })
            .collect();
        let rankings = read_rankings(&xml, "j.xml").unwrap();
        let options = BootstrapOptions {
            resamples: 200,
            ..BootstrapOptions::default()
        };
        let systems = ["A", "B", "C", "R"].map(String::from);
        bootstrap_expected_wins(&rankings, &systems, &options).unwrap()
    }

    #[test]
    fn with_and_without_a_system_on_the_same_resamples() {
        let human = human();
        // A metric that ranks A > B > C as people do but puts R last.
        let metric = [0.9, 0.6, 0.3, 0.0];
        let nothing = human
            .compare_without(&metric, &[], Correlation::Pearson, 0.95)
            .unwrap();
        assert_eq!(
            (nothing.difference, nothing.low, nothing.high),
            (0.0, 0.0, 0.0)
        );
        let without_r = human
            .compare_without(&metric, &[3], Correlation::Spearman, 0.95)
            .unwrap();
        let with = spearman(&human.observed, &metric).unwrap();
        assert_eq!(spearman(&human.observed[..3], &metric[..3]).unwrap(), 1.0);
        assert!((without_r.difference - (with - 1.0)).abs() < 1e-12);
        assert!(without_r.difference < 0.0 && without_r.high < 0.0 && without_r.p_value < 0.05);
        // Two metrics compared: Δ of a metric with itself is 0 on every resample.
        let same = human
            .compare(&metric, &metric, Correlation::Pearson, 0.95)
            .unwrap();
        assert_eq!((same.difference, same.p_value), (0.0, 1.0));
    }
}
