//! GREEN as gec-metrics computes it: n-gram F_β against the source and the best reference.

use corpus_resampling::CorpusStatistic;
use gec_metrics::green::{NgramCounts, green_f, green_totals};
use gec_metrics::{GreenOptions, GreenUnit, green};

use crate::report::Parts;
use crate::text_references::{SystemScore, TextReferences, report_each};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// GREEN of outputs against a source and references ([`gec_metrics::green()`]): each sentence's
/// counts against the reference that suits it best, summed over the corpus. Resampling sums the
/// resampled sentences' counts, the reference choices kept (they depend on one sentence only).
#[derive(Debug, Clone)]
pub struct GreenScorer {
    texts: TextReferences,
    options: GreenOptions,
}

/// F_β of the summed per-order counts of a sequence of sentences.
struct PooledGreen(f64);

impl CorpusStatistic<Vec<NgramCounts>> for PooledGreen {
    fn of<'a, I: Iterator<Item = &'a Vec<NgramCounts>>>(&self, items: I) -> f64 {
        green_f(&green_totals(items.map(Vec::as_slice)), self.0)
    }
}

impl GreenScorer {
    /// A scorer of outputs of `source` against `references` (each line-aligned with it).
    pub fn new(source: &Lines, references: &[Lines], options: GreenOptions) -> GreenScorer {
        GreenScorer {
            texts: TextReferences::new(source, references),
            options,
        }
    }

    /// `GREEN|refs:N|n:4|beta:2|unit:word|impl:gec-metrics|version:…`.
    pub fn signature(&self) -> Signature {
        Signature::new("GREEN")
            .with("refs", self.texts.count())
            .with("n", self.options.n)
            .with("beta", self.options.beta)
            .with(
                "unit",
                match self.options.unit {
                    GreenUnit::Char => "char",
                    _ => "word",
                },
            )
            .implemented_by("gec-metrics")
    }

    /// Each system's GREEN with its corpus P and R, its sentences' GREEN and what `resampling`
    /// asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let statistic = PooledGreen(self.options.beta);
        let signature = ("GREEN", self.signature());
        let score = self.texts.each(|texts| {
            let score = texts.apply(green, &self.options)?;
            Ok(SystemScore {
                score: score.corpus,
                parts: Parts::Green {
                    precision: score.precision,
                    recall: score.recall,
                },
                sentences: score.sentences,
                items: score.counts.into_iter().map(|c| c.counts).collect(),
            })
        });
        report_each(signature, systems, resampling, &statistic, score)
    }
}
