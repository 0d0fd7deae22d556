//! The simplification metrics that are a mean over lines (crate `simplification-metrics`):
//! EASSE's `sent_bleu` and `f1_token` on its defaults (lowercased `13a` tokens), and iBLEU and
//! FKBLEU as the simplification meta-evaluation computes them (Moses tokens, case kept,
//! α = 0.9). Scores are fractions (EASSE's / 100); the corpus score is the mean of the lines'
//! scores, which resampling means again.

use bleu_chrf::SentenceStatistics;
use corpus_resampling::Mean;
use simplification_metrics::{
    EasseMetric, EasseTokenizer, FkBleu, IBleu, Preprocessing, f1_token_line, sentence_bleu_scorer,
};

use crate::report::Parts;
use crate::text_references::{SystemScore, TextReferences, report_each};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// Which line metric a [`LineMeanScorer`] averages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineMetric {
    /// EASSE's sentence BLEU (floor smoothing, effective order).
    SentBleu,
    /// EASSE's best token F1 against a line's references.
    F1Token,
    /// iBLEU: 0.9·BLEU(O, R) − 0.1·BLEU(O, S).
    IBleu,
    /// FKBLEU: iBLEU × σ(FKGL(O) − FKGL(S)).
    FkBleu,
}

impl LineMetric {
    /// The reports' name.
    fn name(self) -> &'static str {
        match self {
            LineMetric::SentBleu => EasseMetric::SentBleu.name(),
            LineMetric::F1Token => EasseMetric::F1Token.name(),
            LineMetric::IBleu => "iBLEU",
            LineMetric::FkBleu => "FKBLEU",
        }
    }

    /// Where the metric comes from and how it normalises text.
    fn preprocessing(self) -> (&'static str, Preprocessing) {
        match self {
            LineMetric::SentBleu | LineMetric::F1Token => ("easse-0.2.4", Preprocessing::default()),
            LineMetric::IBleu | LineMetric::FkBleu => (
                "metaeval-simplification",
                Preprocessing::new(false, EasseTokenizer::Moses),
            ),
        }
    }
}

/// The metric's per-line scorer.
enum Scorer {
    SentBleu(bleu_chrf::Bleu),
    F1Token,
    IBleu(IBleu),
    FkBleu(FkBleu),
}

/// A mean over lines of outputs of the source against the references.
pub(crate) struct LineMeanScorer {
    metric: LineMetric,
    texts: TextReferences,
    scorer: Scorer,
}

impl std::fmt::Debug for LineMeanScorer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineMeanScorer")
            .field("metric", &self.metric)
            .finish_non_exhaustive()
    }
}

impl LineMeanScorer {
    /// `metric` of outputs of `source` against `references` (each line-aligned with it).
    pub(crate) fn new(
        metric: LineMetric,
        source: &Lines,
        references: &[Lines],
    ) -> Result<LineMeanScorer, Error> {
        let (_, preprocessing) = metric.preprocessing();
        let scorer = match metric {
            LineMetric::SentBleu => Scorer::SentBleu(sentence_bleu_scorer(preprocessing)),
            LineMetric::F1Token => Scorer::F1Token,
            LineMetric::IBleu => Scorer::IBleu(IBleu::new(0.9, preprocessing)),
            LineMetric::FkBleu => Scorer::FkBleu(FkBleu::new(0.9, preprocessing)?),
        };
        Ok(LineMeanScorer {
            metric,
            texts: TextReferences::new(source, references),
            scorer,
        })
    }

    /// `NAME|refs:N|tok:…|case:…|impl:…|version:…` (iBLEU and FKBLEU with `alpha:0.9`).
    pub(crate) fn signature(&self) -> Signature {
        let (implementation, preprocessing) = self.metric.preprocessing();
        let mut signature = Signature::new(self.metric.name())
            .with("refs", self.texts.count())
            .with("tok", preprocessing.tokenizer.name())
            .with(
                "case",
                if preprocessing.lowercase {
                    "lc"
                } else {
                    "mixed"
                },
            );
        if matches!(self.metric, LineMetric::IBleu | LineMetric::FkBleu) {
            signature = signature.with("alpha", 0.9);
        }
        signature.implemented_by(implementation)
    }

    /// One line's score, a fraction as the engine's scores are (EASSE's / 100).
    fn line(&self, source: &str, output: &str, references: &[&str]) -> f64 {
        let (_, preprocessing) = self.metric.preprocessing();
        match &self.scorer {
            // EASSE's lowercased 13a: sacreBLEU's own preprocessing inside BLEU.
            Scorer::SentBleu(bleu) => bleu.points(&bleu.sentence_stats(output, references)) / 100.0,
            Scorer::F1Token => f1_token_line(output, references, preprocessing),
            Scorer::IBleu(ibleu) => ibleu.line(source, output, references) / 100.0,
            Scorer::FkBleu(fkbleu) => fkbleu.line(source, output, references) / 100.0,
        }
    }

    /// Each system's mean, its lines' scores and what `resampling` asks for.
    pub(crate) fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let name = self.metric.name();
        let score = self.texts.each(|texts| {
            gec_metrics::text::aligned(
                name,
                texts.source,
                texts.output,
                texts.references,
                texts.names,
            )?;
            let sentences: Vec<f64> = (0..texts.source.len())
                .map(|i| {
                    let refs: Vec<&str> = texts.references.iter().map(|r| r[i].as_str()).collect();
                    self.line(&texts.source[i], &texts.output[i], &refs)
                })
                .collect();
            Ok(SystemScore {
                score: reference_stats::numpy_mean(&sentences),
                parts: Parts::LineMean {},
                items: sentences.clone(),
                sentences,
            })
        });
        report_each((name, self.signature()), systems, resampling, &Mean, score)
    }
}
