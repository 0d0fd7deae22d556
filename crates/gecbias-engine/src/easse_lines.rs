//! The simplification metrics that are a mean over lines (crate `simplification-metrics`):
//! EASSE's `sent_bleu`, `f1_token` and quality-estimation features on its defaults (lowercased
//! `13a` tokens), iBLEU and FKBLEU as the simplification meta-evaluation computes them (Moses
//! tokens, case kept, α = 0.9), and D-SARI of each line as a document (text as given). Scores are
//! fractions (EASSE's / 100; the features as EASSE prints them); the corpus score is the mean of
//! the lines' scores, which resampling means again.

use bleu_chrf::SentenceStatistics;
use corpus_resampling::Mean;
use simplification_metrics::{
    DSariScorer, EasseMetric, EasseTokenizer, FkBleu, IBleu, Preprocessing, QualityEstimation,
    QualityFeature, check_line_length, f1_token_line, sentence_bleu_scorer,
};

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
    /// D-SARI of the line as a document.
    DSari,
    /// One of EASSE's quality-estimation features of (source, output).
    Quality(QualityFeature),
}

impl LineMetric {
    /// The reports' name.
    fn name(self) -> &'static str {
        match self {
            LineMetric::SentBleu => EasseMetric::SentBleu.name(),
            LineMetric::F1Token => EasseMetric::F1Token.name(),
            LineMetric::IBleu => "iBLEU",
            LineMetric::FkBleu => "FKBLEU",
            LineMetric::DSari => "D-SARI",
            LineMetric::Quality(feature) => feature.name(),
        }
    }

    /// Where the metric comes from and how it normalises text (none: D-SARI reads it as given).
    fn preprocessing(self) -> (&'static str, Option<Preprocessing>) {
        match self {
            LineMetric::SentBleu | LineMetric::F1Token | LineMetric::Quality(_) => {
                ("easse-0.2.4", Some(Preprocessing::default()))
            }
            LineMetric::IBleu | LineMetric::FkBleu => (
                "metaeval-simplification",
                Some(Preprocessing::new(false, EasseTokenizer::Moses)),
            ),
            LineMetric::DSari => ("d_sari.py", None),
        }
    }

    /// Whether it reads references (the quality-estimation features do not).
    fn reads_references(self) -> bool {
        !matches!(self, LineMetric::Quality(_))
    }
}

/// The metric's per-line scorer.
enum Scorer {
    SentBleu(bleu_chrf::Bleu),
    F1Token,
    IBleu(IBleu),
    FkBleu(FkBleu),
    DSari(DSariScorer),
    Quality(QualityEstimation, QualityFeature),
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
        let preprocessing = metric.preprocessing().1.unwrap_or_default();
        let scorer = match metric {
            LineMetric::SentBleu => Scorer::SentBleu(sentence_bleu_scorer(preprocessing)),
            LineMetric::F1Token => Scorer::F1Token,
            LineMetric::IBleu => Scorer::IBleu(IBleu::new(0.9, preprocessing)),
            LineMetric::FkBleu => Scorer::FkBleu(FkBleu::new(0.9, preprocessing)?),
            LineMetric::DSari => Scorer::DSari(DSariScorer::new()?),
            LineMetric::Quality(feature) => {
                Scorer::Quality(QualityEstimation::new(preprocessing)?, feature)
            }
        };
        Ok(LineMeanScorer {
            metric,
            texts: TextReferences::new(source, references),
            scorer,
        })
    }

    /// `NAME|refs:N|tok:…|case:…|impl:…|version:…` (iBLEU and FKBLEU with `alpha:0.9`; no
    /// `refs` for the quality-estimation features, no `tok` and `case` for D-SARI).
    pub(crate) fn signature(&self) -> Signature {
        let (implementation, preprocessing) = self.metric.preprocessing();
        let mut signature = Signature::new(self.metric.name());
        if self.metric.reads_references() {
            signature = signature.with("refs", self.texts.count());
        }
        if let Some(preprocessing) = preprocessing {
            let case = if preprocessing.lowercase {
                "lc"
            } else {
                "mixed"
            };
            signature = signature
                .with("tok", preprocessing.tokenizer.name())
                .with("case", case);
        }
        if matches!(self.metric, LineMetric::IBleu | LineMetric::FkBleu) {
            signature = signature.with("alpha", 0.9);
        }
        signature.implemented_by(implementation)
    }

    /// One line's score, a fraction as the engine's scores are (EASSE's / 100).
    fn line(&self, source: &str, output: &str, references: &[&str]) -> f64 {
        let preprocessing = self.metric.preprocessing().1.unwrap_or_default();
        match &self.scorer {
            // EASSE's lowercased 13a: sacreBLEU's own preprocessing inside BLEU.
            Scorer::SentBleu(bleu) => bleu.points(&bleu.sentence_stats(output, references)) / 100.0,
            Scorer::F1Token => f1_token_line(output, references, preprocessing),
            Scorer::IBleu(ibleu) => ibleu.line(source, output, references) / 100.0,
            Scorer::FkBleu(fkbleu) => fkbleu.line(source, output, references) / 100.0,
            Scorer::DSari(dsari) => dsari.document(source, output, references).score,
            Scorer::Quality(quality, feature) => feature.of(&quality.pair(source, output)),
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
            // The features read no references: the source stands in for the line count check.
            let source_only;
            let aligned_with = if self.metric.reads_references() {
                texts.references
            } else {
                source_only = [texts.source.to_vec()];
                &source_only
            };
            gec_metrics::text::aligned(
                name,
                texts.source,
                texts.output,
                aligned_with,
                texts.names,
            )?;
            let every_text = [texts.source, texts.output]
                .into_iter()
                .chain(texts.references.iter().map(Vec::as_slice));
            for (name, lines) in texts.names.iter().zip(every_text) {
                for (i, line) in lines.iter().enumerate() {
                    check_line_length(name, i + 1, line)?;
                }
            }
            let sentences: Vec<f64> = (0..texts.source.len())
                .map(|i| {
                    let refs: Vec<&str> = texts.references.iter().map(|r| r[i].as_str()).collect();
                    self.line(&texts.source[i], &texts.output[i], &refs)
                })
                .collect();
            Ok(SystemScore::line_mean(sentences))
        });
        report_each((name, self.signature()), systems, resampling, &Mean, score)
    }
}
