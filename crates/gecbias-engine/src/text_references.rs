//! What the metrics scored against a source and line-aligned text references share (SARI, GREEN,
//! Koyama's GLEU): the texts they keep and each system's lines beside them; and the report every
//! per-system scorer ends in ([`report_each`], BLEU's, chrF's and FKGL's too).

use corpus_resampling::CorpusStatistic;

use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// A source and its text references, each line-aligned with it, as a metric keeps them.
#[derive(Debug, Clone)]
pub(crate) struct TextReferences {
    source: Lines,
    references: Vec<Lines>,
    /// The references' lines, as the libraries take them.
    lines: Vec<Vec<String>>,
}

/// One system's lines beside the source and the references: what a metric scores, with the
/// names its messages give the source, the output and each reference, in that order.
pub(crate) struct Texts<'a> {
    pub(crate) source: &'a [String],
    pub(crate) output: &'a [String],
    pub(crate) references: &'a [Vec<String>],
    pub(crate) names: &'a [&'a str],
}

/// One system scored: its score, what is shown beside it, each sentence's score and the
/// per-sentence items the resampled statistic reads.
pub(crate) struct SystemScore<T> {
    pub(crate) score: f64,
    pub(crate) parts: Parts,
    pub(crate) sentences: Vec<f64>,
    pub(crate) items: Vec<T>,
}

impl SystemScore<f64> {
    /// A system scored by the mean of its lines' scores (numpy's), each line an item.
    pub(crate) fn line_mean(sentences: Vec<f64>) -> SystemScore<f64> {
        SystemScore {
            score: reference_stats::numpy_mean(&sentences),
            parts: Parts::LineMean {},
            items: sentences.clone(),
            sentences,
        }
    }
}

impl Texts<'_> {
    /// `metric` of these texts with `options`: the gec-metrics functions over text references
    /// all take the source, the output, the references, their names and options, in that order.
    pub(crate) fn apply<O, R>(
        &self,
        metric: impl Fn(&[String], &[String], &[Vec<String>], &[&str], &O) -> R,
        options: &O,
    ) -> R {
        metric(
            self.source,
            self.output,
            self.references,
            self.names,
            options,
        )
    }
}

impl TextReferences {
    /// `source` and `references` as they are.
    pub(crate) fn new(source: &Lines, references: &[Lines]) -> TextReferences {
        TextReferences {
            source: source.clone(),
            references: references.to_vec(),
            lines: references.iter().map(|r| r.lines.clone()).collect(),
        }
    }

    /// How many references there are (the signatures' `refs`).
    pub(crate) fn count(&self) -> usize {
        self.references.len()
    }

    /// A system's scorer for [`report_each`]: `score` of its lines beside the source and the
    /// references.
    pub(crate) fn each<T>(
        &self,
        score: impl Fn(&Texts) -> Result<SystemScore<T>, Error>,
    ) -> impl Fn(&System) -> Result<SystemScore<T>, Error> {
        move |system: &System| {
            let names: Vec<&str> = [&self.source, &system.output]
                .into_iter()
                .chain(&self.references)
                .map(|l| l.origin.as_str())
                .collect();
            score(&Texts {
                source: &self.source.lines,
                output: &system.output.lines,
                references: &self.lines,
                names: &names,
            })
        }
    }
}

/// The metric `name` (signed `signature`) over every system, each scored by `score`, with what
/// `resampling` asks for computed by `statistic` over the items.
pub(crate) fn report_each<T: Sync, S: CorpusStatistic<T>>(
    (name, signature): (&'static str, Signature),
    systems: &[System],
    resampling: &Resampling,
    statistic: &S,
    score: impl Fn(&System) -> Result<SystemScore<T>, Error>,
) -> Result<MetricReport, Error> {
    let systems = systems
        .iter()
        .map(|system| {
            let scored = score(system)?;
            Ok(Scored {
                system: system.name.clone(),
                score: scored.score,
                parts: scored.parts,
                sentences: scored
                    .sentences
                    .into_iter()
                    .map(|score| SentenceScore::Score { score })
                    .collect(),
                items: scored.items,
            })
        })
        .collect::<Result<_, Error>>()?;
    Scores {
        name,
        signature,
        systems,
    }
    .report(resampling, statistic, None)
}
