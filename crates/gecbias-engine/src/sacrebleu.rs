//! sacreBLEU's BLEU and chrF/chrF++ (crate `bleu-chrf`, equal to sacrebleu 2.6.0) over systems:
//! the corpus score from summed sentence statistics, which resampling sums again. Scores are
//! fractions (sacreBLEU's / 100), as every score of the engine.

use bleu_chrf::{Bleu, BleuStats, Chrf, ChrfStats, SACREBLEU_VERSION, SentenceStatistics};
use corpus_resampling::CorpusStatistic;

use crate::report::Parts;
use crate::text_references::{SystemScore, report_each};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// What the engine adds to a sacreBLEU metric: its name in reports, and what its rows show
/// beside the score with each sentence's score.
pub(crate) trait Reported: SentenceStatistics<Stats: Sync> + Sync {
    /// The name in reports and signatures.
    const NAME: &'static str;

    /// What a system's row shows beside its score, and each sentence's score (fractions).
    fn details(&self, stats: &[Self::Stats]) -> (Parts, Vec<f64>);
}

impl Reported for Bleu {
    const NAME: &'static str = "BLEU";

    /// The corpus's brevity penalty, lengths and precisions; each sentence's BLEU with effective
    /// order, as sacreBLEU's `sentence_score` recommends.
    fn details(&self, stats: &[BleuStats]) -> (Parts, Vec<f64>) {
        let corpus = self.score(&self.total(stats));
        let parts = Parts::Bleu {
            brevity_penalty: corpus.bp,
            hyp_len: corpus.stats.hyp_len,
            precisions: corpus.precisions.iter().map(|p| p / 100.0).collect(),
            ref_len: corpus.stats.ref_len,
        };
        let mut options = *self.options();
        options.effective_order = true;
        let sentence = Bleu::new(options);
        (
            parts,
            stats.iter().map(|s| sentence.points(s) / 100.0).collect(),
        )
    }
}

impl Reported for Chrf {
    const NAME: &'static str = "chrF";

    /// Nothing beside the score (chrF++ is `nw:2` in the signature); each sentence's chrF.
    fn details(&self, stats: &[ChrfStats]) -> (Parts, Vec<f64>) {
        let sentences = stats.iter().map(|s| self.points(s) / 100.0).collect();
        (Parts::Chrf {}, sentences)
    }
}

/// A sacreBLEU metric's scorer: the reference files, each line-aligned with every output.
#[derive(Debug, Clone)]
pub(crate) struct SacreScorer<M> {
    references: Vec<Lines>,
    lines: Vec<Vec<String>>,
    metric: M,
}

impl<M: Reported> SacreScorer<M> {
    /// `metric` against `references`.
    pub(crate) fn new(references: &[Lines], metric: M) -> SacreScorer<M> {
        SacreScorer {
            references: references.to_vec(),
            lines: references.iter().map(|r| r.lines.clone()).collect(),
            metric,
        }
    }

    /// `NAME|nrefs:N|…|impl:sacrebleu-2.6.0|version:…`: the fields of sacreBLEU's own signature
    /// (`BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|…`,
    /// `chrF|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|…`).
    pub(crate) fn signature(&self) -> Signature {
        self.metric
            .signature(self.references.len())
            .split('|')
            .filter_map(|field| field.split_once(':'))
            .filter(|(key, _)| *key != "version")
            .fold(Signature::new(M::NAME), |signature, (key, value)| {
                signature.with(key, value)
            })
            .implemented_by(&format!("sacrebleu-{SACREBLEU_VERSION}"))
    }

    /// Every system's score (each output checked to have as many lines as every reference),
    /// what its row shows, its sentences' scores and what `resampling` asks for.
    pub(crate) fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let metric = &self.metric;
        let score = |system: &System| {
            let output = &system.output;
            let names: Vec<&str> = [output, output]
                .into_iter()
                .chain(&self.references)
                .map(|l| l.origin.as_str())
                .collect();
            let (lines, references) = (&output.lines, &self.lines);
            gec_metrics::text::aligned(M::NAME, lines, lines, references, &names)?;
            let stats = metric
                .corpus_stats(lines, references)
                .map_err(|e| match e {
                    bleu_chrf::Error::LineTooLong {
                        reference,
                        line,
                        chars,
                    } => Error::TooLong {
                        file: names[reference.map_or(0, |k| k + 1)].to_owned(),
                        line,
                        message: format!(
                            "{chars} characters, above the {} a sentence may have",
                            bleu_chrf::MAX_LINE_CHARS
                        ),
                    },
                    other => other.into(),
                })?;
            let (parts, sentences) = metric.details(&stats);
            Ok(SystemScore {
                score: metric.points(&metric.total(&stats)) / 100.0,
                parts,
                sentences,
                items: stats,
            })
        };
        let named = (M::NAME, self.signature());
        report_each(named, systems, resampling, &Pooled(metric), score)
    }
}

/// The score (a fraction) of resampled sentences' summed statistics.
struct Pooled<'a, M>(&'a M);

impl<M: SentenceStatistics + Sync> CorpusStatistic<M::Stats> for Pooled<'_, M> {
    fn of<'a, I: Iterator<Item = &'a M::Stats>>(&self, items: I) -> f64
    where
        M::Stats: 'a,
    {
        self.0.points(&self.0.total(items)) / 100.0
    }
}
