//! Koyama's GLEU (the `gleu` package, MultiGEC-2025's GLEU) as a typed scorer.

use corpus_resampling::CorpusStatistic;
use gec_metrics::koyama_gleu::{
    KoyamaStats, koyama_best_references, koyama_corpus_stats, koyama_mean, koyama_sampled,
    koyama_sentence,
};
use gec_metrics::{KoyamaOptions, KoyamaUnit, ReferenceDraws, koyama_stats};

use crate::report::Parts;
use crate::text_references::{SystemScore, TextReferences, report_each};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// Which of the package's scores is the corpus score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum KoyamaMode {
    /// `gleu -f` (the default): corpus GLEU averaged over `iterations` rounds of CPython 2's
    /// `random.seed(101·i)` reference draws, the package's reproducible setting. Intervals and
    /// tests resample sentences with every reference's statistics pooled (`resample:pooled-refs`
    /// in the signature), the draws' expectation, as for compute_gleu's GLEU.
    Sampled {
        /// Rounds of draws (`-i`, 500).
        iterations: usize,
    },
    /// `gleu -m`: corpus GLEU with each sentence's best reference; resampled exactly.
    BestReference,
    /// `mgleu` (`mgleu -m` with `maximum`): the mean of the sentence scores, each the mean over
    /// references (or their maximum); resampled exactly.
    SentenceMean {
        /// The best reference's score instead of the mean over references.
        maximum: bool,
    },
}

impl Default for KoyamaMode {
    fn default() -> KoyamaMode {
        KoyamaMode::Sampled { iterations: 500 }
    }
}

/// Koyama's GLEU of outputs against a source and references ([`gec_metrics::koyama_stats`]):
/// the corpus score of [`KoyamaMode`] and every sentence's `sgleu` score (the mean over
/// references, or with [`KoyamaMode::SentenceMean`]'s `maximum` their maximum).
#[derive(Debug, Clone)]
pub struct KoyamaGleuScorer {
    texts: TextReferences,
    options: KoyamaOptions,
    mode: KoyamaMode,
}

/// What one sentence gives resampling: the statistics a corpus mode sums and the sentence score
/// the mean mode averages.
struct Item {
    stats: KoyamaStats,
    score: f64,
}

/// The corpus score of resampled sentences: GLEU of their summed statistics, or the mean of
/// their scores.
struct Resampled {
    mean: bool,
}

impl CorpusStatistic<Item> for Resampled {
    fn of<'a, I: Iterator<Item = &'a Item>>(&self, items: I) -> f64 {
        if self.mean {
            let (mut sum, mut n) = (0.0, 0usize);
            for item in items {
                sum += item.score;
                n += 1;
            }
            return sum / n as f64;
        }
        KoyamaStats::rectified_sum(items.map(|item| &item.stats)).gleu()
    }
}

impl KoyamaGleuScorer {
    /// A scorer of outputs of `source` against `references` (each line-aligned with it).
    pub fn new(
        source: &Lines,
        references: &[Lines],
        options: KoyamaOptions,
        mode: KoyamaMode,
    ) -> KoyamaGleuScorer {
        KoyamaGleuScorer {
            texts: TextReferences::new(source, references),
            options,
            mode,
        }
    }

    /// `KoyamaGLEU|refs:N|n:4|unit:word|mode:sampled|iter:500|draws:python2[|resample:pooled-refs]|impl:gleu-1.1.0|version:…`
    /// (`mode:best-reference`, `mode:sentence-mean` or `mode:sentence-mean-max` otherwise).
    pub fn signature(&self, resampled: bool) -> Signature {
        let signature = Signature::new("KoyamaGLEU")
            .with("refs", self.texts.count())
            .with("n", self.options.n)
            .with(
                "unit",
                match self.options.unit {
                    KoyamaUnit::Char => "char",
                    _ => "word",
                },
            );
        let signature = match self.mode {
            KoyamaMode::Sampled { iterations } => {
                let signature = signature
                    .with("mode", "sampled")
                    .with("iter", iterations)
                    .with("draws", "python2");
                if resampled {
                    signature.with("resample", "pooled-refs")
                } else {
                    signature
                }
            }
            KoyamaMode::BestReference => signature.with("mode", "best-reference"),
            KoyamaMode::SentenceMean { maximum: false } => signature.with("mode", "sentence-mean"),
            KoyamaMode::SentenceMean { maximum: true } => {
                signature.with("mode", "sentence-mean-max")
            }
        };
        signature.implemented_by("gleu-1.1.0")
    }

    /// Each system's score, its sentences' scores and what `resampling` asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let maximum = matches!(self.mode, KoyamaMode::SentenceMean { maximum: true });
        let statistic = Resampled {
            mean: matches!(self.mode, KoyamaMode::SentenceMean { .. }),
        };
        let signature = ("KoyamaGLEU", self.signature(resampling.resamples()));
        let score = self.texts.each(|texts| {
            let stats = texts.apply(koyama_stats, &self.options)?;
            let sentences: Vec<f64> = stats.iter().map(|s| koyama_sentence(s, maximum)).collect();
            let (score, chosen) = match self.mode {
                KoyamaMode::Sampled { iterations } => (
                    koyama_sampled(&stats, iterations, ReferenceDraws::Python2)?,
                    None,
                ),
                KoyamaMode::BestReference => {
                    let best = koyama_best_references(&stats);
                    (koyama_corpus_stats(&stats, |i| best[i]).gleu(), Some(best))
                }
                _ => (koyama_mean(&stats, maximum), None),
            };
            let items = stats
                .iter()
                .zip(&sentences)
                .enumerate()
                .map(|(i, (per_reference, &score))| Item {
                    stats: match &chosen {
                        Some(best) => per_reference[best[i]].clone(),
                        None => KoyamaStats::rectified_sum(per_reference),
                    },
                    score,
                })
                .collect();
            Ok(SystemScore {
                score,
                parts: Parts::KoyamaGleu {},
                sentences,
                items,
            })
        });
        report_each(signature, systems, resampling, &statistic, score)
    }
}
