//! MaxMatch (m2scorer) against an M2 gold.

use gec_metrics::m2_score::{SentenceStats, chosen_annotators, score_from_counts};
use gec_metrics::{M2File, M2Gold, M2Options};

use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::statistic::{M2Stat, with_parts};
use crate::{Error, MetricReport, Resampling, Signature, System};

/// m2scorer's P, R and F_β of systems against one M2 gold, each sentence's annotator chosen by
/// the running corpus F_β (redone on every resample).
#[derive(Debug, Clone)]
pub struct M2Scorer {
    gold: M2Gold,
    options: M2Options,
}

impl M2Scorer {
    /// A scorer against `gold` with `options` (`M2Options::OFFICIAL` is m2scorer's).
    pub fn new(gold: &M2File, options: M2Options) -> M2Scorer {
        M2Scorer {
            gold: M2Gold::from_file(gold),
            options,
        }
    }

    /// `M2|refs:2|beta:0.5|muw:2|case:sensitive|refsel:running|version:…`.
    pub fn signature(&self) -> Signature {
        Signature::m2(self.gold.annotators(), &self.options)
    }

    /// Each system's score, sentence scores and what `resampling` asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let beta = self.options.beta;
        let systems = systems
            .iter()
            .map(|system| {
                let output = &system.output;
                let scored = self
                    .gold
                    .score_lines(&output.lines, &output.origin, &self.options)?;
                let chosen = chosen_annotators(&scored.sentences, beta);
                let sentences = scored
                    .sentences
                    .iter()
                    .zip(chosen)
                    .map(|(s, k)| {
                        let (annotator, c) = s.annotators[k];
                        let local = score_from_counts(
                            f64::from(c.correct),
                            f64::from(c.proposed),
                            f64::from(c.gold),
                            beta,
                        );
                        SentenceScore::M2 {
                            annotator,
                            correct: c.correct,
                            gold: c.gold,
                            proposed: c.proposed,
                            score: local.f_beta,
                        }
                    })
                    .collect();
                let s = scored.score;
                Ok(Scored {
                    system: system.name.clone(),
                    score: s.f_beta,
                    parts: Parts::M2 {
                        correct: s.correct,
                        gold: s.gold,
                        precision: s.precision,
                        proposed: s.proposed,
                        recall: s.recall,
                    },
                    items: scored
                        .sentences
                        .iter()
                        .map(SentenceStats::decided)
                        .collect(),
                    sentences,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let (f, precision_recall) = with_parts(|part| M2Stat(beta, part));
        Scores {
            name: "M2",
            signature: self.signature(),
            systems,
        }
        .report(resampling, &f, Some(&precision_recall))
    }
}
