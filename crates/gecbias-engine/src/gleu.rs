//! compute_gleu's corpus GLEU.

use gec_metrics::GleuCorpus;
use gec_metrics::GleuOptions;

use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::statistic::{PooledGleu, flat};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// compute_gleu's GLEU of outputs against a source and references: the mean over rounds of one
/// reference drawn per sentence (Python 2's generator, as compute_gleu draws). Under resampling
/// the draws are replaced by all references at once (`resample:pooled-refs`, the expectation of
/// the draws; the interval's own point value is reported beside it).
#[derive(Debug, Clone)]
pub struct GleuScorer {
    corpus: GleuCorpus,
    references: usize,
    iterations: usize,
}

impl GleuScorer {
    /// A scorer of outputs of `source` against `references` (each line-aligned with it), with
    /// `iterations` rounds of reference draws (compute_gleu's `--iter`, 500).
    pub fn new(source: &Lines, references: &[Lines], iterations: usize) -> Result<Self, Error> {
        let names: Vec<&str> = std::iter::once(source)
            .chain(references)
            .map(|l| l.origin.as_str())
            .collect();
        let lines: Vec<Vec<String>> = references.iter().map(|r| r.lines.clone()).collect();
        Ok(GleuScorer {
            corpus: GleuCorpus::new(&source.lines, &lines, &names)?,
            references: references.len(),
            iterations,
        })
    }

    /// `GLEU|refs:N|iter:500|draws:python2[|resample:pooled-refs]|version:…`.
    pub fn signature(&self, resampled: bool) -> Signature {
        Signature::gleu(self.references, self.iterations, resampled)
    }

    /// Each system's GLEU, its sentences' GLEU and what `resampling` asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let mut options = GleuOptions::default();
        options.iterations = self.iterations;
        let systems = systems
            .iter()
            .map(|system| {
                let output = &system.output;
                let score = self
                    .corpus
                    .score_lines(&output.lines, &output.origin, &options)?;
                let corpus = &self.corpus;
                Ok(Scored {
                    system: system.name.clone(),
                    score: score.mean,
                    parts: Parts::Gleu {
                        std_over_draws: score.std,
                    },
                    items: output
                        .lines
                        .iter()
                        .enumerate()
                        .map(|(i, h)| flat(&corpus.pooled_stats(i, h)))
                        .collect(),
                    sentences: output
                        .lines
                        .iter()
                        .enumerate()
                        .map(|(i, h)| SentenceScore::Score {
                            score: corpus.sentence_gleu(i, h),
                        })
                        .collect(),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Scores {
            name: "GLEU",
            signature: self.signature(resampling.resamples()),
            systems,
        }
        .report(resampling, &PooledGleu, None)
    }
}
