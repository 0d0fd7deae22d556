//! GLEU (Napoles et al. 2015, 2016 "GLEU without tuning"), as the `compute_gleu` script of
//! `cnap/gec-ranking` computes it: n-gram precision that rewards n-grams shared with the
//! reference and penalises n-grams kept from the source that the reference changed.
//!
//! Per sentence, hypothesis h, source s, one reference r, and n = 1…4:
//! p_n numerator = max(0, |h ∩ r| − |h ∩ (s ∖ r)|), denominator = max(0, |h| + 1 − n), where ∩ is
//! multiset intersection and s ∖ r drops every source n-gram type occurring in r. Corpus
//! statistics are sums over sentences; GLEU = exp(min(0, 1 − |r|/|h|) + ¼ Σ_n ln p_n), 0 if any
//! statistic is 0. With several references, each of `iterations` rounds picks one reference per
//! sentence at random and the score is the mean over rounds.
//!
//! The random picks come either from the published script's generator ([`ReferenceDraws::Python2`],
//! the default: CPython 2's Mersenne Twister seeded with 101·j in round j — identical scores to the
//! script, so published GLEU numbers compare) or from a seeded PCG-64 ([`ReferenceDraws::Pcg64`]:
//! another random choice, so other numbers, by +0.0008…+0.0013 on JFLEG dev).

use std::path::Path;

use rand::RngExt;
use rand_pcg::Pcg64;

use crate::Error;
use crate::ngrams::{FastMap, MAX_PACKED_ID, OrderCounts, merge_sum};
use crate::python_random::PythonRandom;
use crate::text::{ascii_split, read_lines};
use reference_stats::numpy_mean;

/// The most rounds of reference draws GLEU and Koyama's GLEU take: 100,000 (200 times their
/// tools' 500; each round rescores the corpus, and each round's score is kept).
pub const MAX_ITERATIONS: usize = 100_000;

/// `iterations` of `metric` if within 1..=[`MAX_ITERATIONS`], else [`Error::InvalidParams`].
pub(crate) fn check_iterations(metric: &str, iterations: usize) -> Result<(), Error> {
    if (1..=MAX_ITERATIONS).contains(&iterations) {
        return Ok(());
    }
    Err(Error::InvalidParams(format!(
        "{metric} takes 1 to {MAX_ITERATIONS} iterations of reference draws, not {iterations}"
    )))
}
/// The n-gram order (the script ignores its `-n` option and always uses 4).
pub const ORDER: usize = 4;

/// Sufficient statistics of one sentence against one reference (or their sums over a corpus).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GleuStats {
    /// |h|, the hypothesis length c.
    pub hypothesis_length: u64,
    /// |r|, the reference length r.
    pub reference_length: u64,
    /// Numerator of p_n for n = 1…4: max(0, |h ∩ r| − |h ∩ (s ∖ r)|).
    pub numerators: [u64; ORDER],
    /// Denominator of p_n for n = 1…4: max(0, |h| + 1 − n).
    pub denominators: [u64; ORDER],
}

impl GleuStats {
    /// Adds `other` field by field (corpus statistics are sums over sentences).
    #[inline]
    pub fn add(&mut self, other: &GleuStats) {
        self.hypothesis_length += other.hypothesis_length;
        self.reference_length += other.reference_length;
        for n in 0..ORDER {
            self.numerators[n] += other.numerators[n];
            self.denominators[n] += other.denominators[n];
        }
    }
}

/// Where the per-round reference choices come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ReferenceDraws {
    /// CPython 2.7's `random.seed(101·j)` then `randint(0, R−1)` per sentence in round j: the
    /// published script's draws, for identical scores (the default).
    #[default]
    Python2,
    /// A seeded PCG-64 stream per round: reproducible on every platform, not the script's draws.
    Pcg64 {
        /// The seed.
        seed: u64,
    },
}

/// How corpus GLEU draws references: `compute_gleu`'s defaults by [`Default`] (500 rounds, the
/// script's own draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct GleuOptions {
    /// Rounds of reference draws (`--iter`, 500; one round when there is one reference).
    pub iterations: usize,
    /// Where the draws come from.
    pub draws: ReferenceDraws,
}

impl Default for GleuOptions {
    fn default() -> Self {
        Self {
            iterations: 500,
            draws: ReferenceDraws::Python2,
        }
    }
}

/// Corpus GLEU: the mean over rounds, their population standard deviation, and each round's score.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GleuScore {
    /// Mean over rounds (the score the script prints).
    pub mean: f64,
    /// Population standard deviation over rounds.
    pub std: f64,
    /// The corpus GLEU of each round.
    pub rounds: Vec<f64>,
}

/// One reference of one sentence, prepared for GLEU: its length, and per n its n-gram counts
/// and the source n-grams it does not contain (with their source counts).
#[derive(Debug, Clone)]
struct PreparedReference {
    length: u64,
    counts: OrderCounts,
    source_not_in_reference: OrderCounts,
}

/// Sources and references of a corpus, tokenised as the script does (Python 2 `str.split()`),
/// with their n-gram statistics computed once for every hypothesis to be scored.
#[derive(Debug, Clone)]
pub struct GleuCorpus {
    /// The source file, for messages.
    source: String,
    vocabulary: FastMap<String, u32>,
    /// `[sentence][reference]`.
    references: Vec<Vec<PreparedReference>>,
}

fn intern(vocabulary: &mut FastMap<String, u32>, line: &str) -> Vec<u32> {
    ascii_split(line)
        .map(|t| match vocabulary.get(t) {
            Some(&id) => id,
            None => {
                // Only a new token is copied into the vocabulary.
                let id = vocabulary.len() as u32;
                vocabulary.insert(t.to_owned(), id);
                id
            }
        })
        .collect()
}

impl GleuCorpus {
    /// A corpus from source lines and reference files (`references[k]` = all lines of reference
    /// k); `names` = the source's then each reference's name, for messages.
    pub fn new(
        sources: &[String],
        references: &[Vec<String>],
        names: &[&str],
    ) -> Result<Self, Error> {
        if references.is_empty() {
            return Err(Error::InvalidParams(
                "GLEU needs at least one reference".into(),
            ));
        }
        for (k, lines) in references.iter().enumerate() {
            if lines.len() != sources.len() {
                return Err(Error::CountMismatch {
                    file: names.get(k + 1).unwrap_or(&"reference").to_string(),
                    found: lines.len(),
                    expected_from: names.first().unwrap_or(&"source").to_string(),
                    expected: sources.len(),
                });
            }
        }
        let mut vocabulary = FastMap::default();
        let mut scratch = Vec::new();
        let references = sources
            .iter()
            .enumerate()
            .map(|(i, source)| {
                let source = intern(&mut vocabulary, source);
                let source_counts = OrderCounts::of(&source, ORDER, &mut scratch);
                references
                    .iter()
                    .map(|lines| {
                        let reference = intern(&mut vocabulary, &lines[i]);
                        let counts = OrderCounts::of(&reference, ORDER, &mut scratch);
                        PreparedReference {
                            length: reference.len() as u64,
                            source_not_in_reference: source_counts.without(&counts),
                            counts,
                        }
                    })
                    .collect()
            })
            .collect();
        if vocabulary.len() >= MAX_PACKED_ID as usize {
            return Err(Error::InvalidParams(format!(
                "GLEU packs token ids into 24 bits: the source and references have {} distinct \
                 tokens, more than {}",
                vocabulary.len(),
                MAX_PACKED_ID - 1
            )));
        }
        Ok(Self {
            source: names.first().unwrap_or(&"the source").to_string(),
            vocabulary,
            references,
        })
    }

    /// Reads the source file and the reference files.
    pub fn read<P: AsRef<Path>>(source: impl AsRef<Path>, references: &[P]) -> Result<Self, Error> {
        let source = source.as_ref();
        let lines = read_lines(source)?;
        let refs = references
            .iter()
            .map(|p| read_lines(p.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        let names: Vec<String> = std::iter::once(source)
            .chain(references.iter().map(AsRef::as_ref))
            .map(|p| p.display().to_string())
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Self::new(&lines, &refs, &names)
    }

    /// Number of sentences.
    pub fn len(&self) -> usize {
        self.references.len()
    }

    /// Whether the corpus has no sentence.
    pub fn is_empty(&self) -> bool {
        self.references.is_empty()
    }

    /// Number of references per sentence.
    pub fn reference_count(&self) -> usize {
        self.references.first().map_or(0, Vec::len)
    }

    /// Corpus GLEU of the hypothesis file at `path`, as `compute_gleu` prints it with the
    /// default options.
    pub fn score_file(
        &self,
        hypothesis: impl AsRef<Path>,
        options: &GleuOptions,
    ) -> Result<GleuScore, Error> {
        let path = hypothesis.as_ref();
        self.score_lines(&read_lines(path)?, &path.display().to_string(), options)
    }

    /// Corpus GLEU of hypothesis lines already read (`name` for messages), as `compute_gleu`
    /// prints it with `options`.
    pub fn score_lines(
        &self,
        hypotheses: &[String],
        name: &str,
        options: &GleuOptions,
    ) -> Result<GleuScore, Error> {
        self.corpus_gleu(hypotheses, name, options.iterations, options.draws)
    }

    /// The statistics of `hypothesis` for sentence `i` against each reference; empty when the
    /// corpus has no sentence `i`.
    pub fn stats(&self, i: usize, hypothesis: &str) -> Vec<GleuStats> {
        let Some(references) = self.references.get(i) else {
            return Vec::new();
        };
        let ids: Vec<u32> = ascii_split(hypothesis)
            // A token outside the vocabulary matches nothing: the one id no token has.
            .map(|t| self.vocabulary.get(t).copied().unwrap_or(MAX_PACKED_ID))
            .collect();
        let hypothesis_counts = OrderCounts::of(&ids, ORDER, &mut Vec::new());
        references
            .iter()
            .map(|reference| {
                let mut stats = GleuStats {
                    hypothesis_length: ids.len() as u64,
                    reference_length: reference.length,
                    ..GleuStats::default()
                };
                for n in 1..=ORDER {
                    let h = hypothesis_counts.order(n);
                    let r = reference.counts.order(n);
                    let shared = merge_sum(h, r, |a, b| u64::from(a.min(b)));
                    let kept_wrongly =
                        merge_sum(reference.source_not_in_reference.order(n), h, |a, b| {
                            u64::from(a.min(b))
                        });
                    stats.numerators[n - 1] = shared.saturating_sub(kept_wrongly);
                    stats.denominators[n - 1] = (ids.len() + 1).saturating_sub(n) as u64;
                }
                stats
            })
            .collect()
    }

    /// The statistics of `hypothesis` for sentence `i` summed over all its references. Corpus
    /// GLEU of these sums, `gleu(Σᵢ pooled_stats(i, hᵢ))`, scores every reference at once, the
    /// counterpart of the script's random draws that needs none: GLEU's ratios are unchanged by
    /// scaling, so it is GLEU of the expected statistics under uniform draws. Bootstrap intervals
    /// and paired tests resample sentences with it.
    pub fn pooled_stats(&self, i: usize, hypothesis: &str) -> GleuStats {
        let mut total = GleuStats::default();
        for s in self.stats(i, hypothesis) {
            total.add(&s);
        }
        total
    }

    /// Sentence GLEU of `hypothesis` for sentence `i`: the mean over references of the smoothed
    /// score (zero statistics replaced by 1), as the script's `-d` mode prints; NaN when the
    /// corpus has no sentence `i`.
    pub fn sentence_gleu(&self, i: usize, hypothesis: &str) -> f64 {
        let scores: Vec<f64> = self
            .stats(i, hypothesis)
            .iter()
            .map(|s| gleu(s, true))
            .collect();
        numpy_mean(&scores)
    }

    /// Corpus GLEU of `hypotheses` (`name` for messages) over `iterations` rounds of reference
    /// draws (one round with a single reference, as the script does).
    pub fn corpus_gleu(
        &self,
        hypotheses: &[String],
        name: &str,
        iterations: usize,
        draws: ReferenceDraws,
    ) -> Result<GleuScore, Error> {
        if hypotheses.len() != self.len() {
            return Err(Error::CountMismatch {
                file: name.to_owned(),
                found: hypotheses.len(),
                expected_from: self.source.clone(),
                expected: self.len(),
            });
        }
        check_iterations("GLEU", iterations)?;
        let references = self.reference_count();
        let iterations = if references == 1 { 1 } else { iterations };
        let per_reference: Vec<Vec<GleuStats>> = hypotheses
            .iter()
            .enumerate()
            .map(|(i, h)| self.stats(i, h))
            .collect();
        let mut rounds = Vec::with_capacity(iterations);
        for first in (0..iterations).step_by(2) {
            for mut draw in RoundDraws::rounds(draws, first, 2.min(iterations - first)) {
                let mut total = GleuStats::default();
                for stats in &per_reference {
                    if let Some(s) = stats.get(draw.next(references)) {
                        total.add(s);
                    }
                }
                rounds.push(gleu(&total, false));
            }
        }
        let mean = numpy_mean(&rounds);
        let deviations: Vec<f64> = rounds.iter().map(|x| (x - mean) * (x - mean)).collect();
        Ok(GleuScore {
            mean,
            std: numpy_mean(&deviations).sqrt(),
            rounds,
        })
    }
}

/// The 0.975 quantile of the standard normal distribution as scipy 1.2.3 computes it.
const NORMAL_975: f64 = 1.959963984540054;

/// One statistics line of `compute_gleu`: the mean and population standard deviation of
/// `scores` with `%f`, and the normal 95 % interval mean ± 1.96·σ with `%.3f` — `nan` for σ = 0,
/// as scipy's `norm.interval` gives. Note that this interval spreads over reference draws (or, per
/// sentence, over references), not over test sentences.
pub fn gleu_summary_line(scores: &[f64]) -> String {
    let mean = numpy_mean(scores);
    let deviations: Vec<f64> = scores.iter().map(|x| (x - mean) * (x - mean)).collect();
    let std = numpy_mean(&deviations).sqrt();
    let (low, high) = if std > 0.0 {
        (-NORMAL_975 * std + mean, NORMAL_975 * std + mean)
    } else {
        (f64::NAN, f64::NAN)
    };
    let fixed = |x: f64, digits: usize| {
        if x.is_nan() {
            "nan".to_owned()
        } else {
            format!("{x:.digits$}")
        }
    };
    format!(
        "{} {} ({},{})",
        fixed(mean, 6),
        fixed(std, 6),
        fixed(low, 3),
        fixed(high, 3)
    )
}

/// The reference index of each sentence in round `j`.
pub fn reference_choices(
    draws: ReferenceDraws,
    j: usize,
    sentences: usize,
    references: usize,
) -> Vec<usize> {
    let mut round = RoundDraws::round(draws, j);
    (0..sentences).map(|_| round.next(references)).collect()
}

/// The reference draws of one round: which reference each sentence gets, in order.
enum RoundDraws {
    /// Boxed: the generator's state is 2.5 KB, PCG's 32 bytes.
    Python2(Box<PythonRandom>),
    Pcg64(Pcg64),
}

impl RoundDraws {
    /// The draws of round `j`.
    fn round(draws: ReferenceDraws, j: usize) -> RoundDraws {
        match draws {
            ReferenceDraws::Python2 => {
                RoundDraws::Python2(Box::new(PythonRandom::seeded(101 * j as u64)))
            }
            ReferenceDraws::Pcg64 { seed } => {
                RoundDraws::Pcg64(Pcg64::new(u128::from(seed), j as u128))
            }
        }
    }

    /// The draws of rounds `first`, `first + 1`, … (`count` of them); the script's are seeded
    /// two at a time.
    fn rounds(draws: ReferenceDraws, first: usize, count: usize) -> Vec<RoundDraws> {
        match draws {
            ReferenceDraws::Python2 => (first..first + count)
                .step_by(2)
                .flat_map(|j| {
                    let [a, b] = PythonRandom::seeded_pair(101 * j as u64, 101 * (j + 1) as u64);
                    [a, b].into_iter().take(first + count - j)
                })
                .map(|rng| RoundDraws::Python2(Box::new(rng)))
                .collect(),
            ReferenceDraws::Pcg64 { .. } => (first..first + count)
                .map(|j| RoundDraws::round(draws, j))
                .collect(),
        }
    }

    /// The next sentence's reference, of `references`.
    #[inline]
    fn next(&mut self, references: usize) -> usize {
        match self {
            RoundDraws::Python2(rng) => rng.randint_py2(0, references as i64 - 1) as usize,
            RoundDraws::Pcg64(rng) => rng.random_range(0..references),
        }
    }
}

/// GLEU from (summed) statistics: exp(min(0, 1 − r/c) + ¼ Σ ln(p_n)); 0 if any statistic is 0,
/// unless `smooth` replaces zeros by 1 (sentence level).
pub fn gleu(stats: &GleuStats, smooth: bool) -> f64 {
    let value = |s: u64| if smooth && s == 0 { 1 } else { s };
    let all = [stats.hypothesis_length, stats.reference_length]
        .into_iter()
        .chain(stats.numerators)
        .chain(stats.denominators);
    if all.into_iter().any(|s| value(s) == 0) {
        return 0.0;
    }
    let (c, r) = (
        value(stats.hypothesis_length) as f64,
        value(stats.reference_length) as f64,
    );
    let log_precision = (0..ORDER)
        .map(|n| (value(stats.numerators[n]) as f64 / value(stats.denominators[n]) as f64).ln())
        .fold(0.0, |a, b| a + b)
        / ORDER as f64;
    ((1.0 - r / c).min(0.0) + log_precision).exp()
}
