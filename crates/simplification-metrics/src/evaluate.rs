//! EASSE's `evaluate_system_output`: the metrics asked for, under EASSE's keys, in its order.

use bleu_chrf::{Bleu, MAX_LINE_CHARS, SentenceStatistics};

use crate::{
    EasseVariant, Error, Fkgl, Preprocessing, QualityEstimation, QualityFeatures, References,
    bleu_line_stats, corpus_f1_token, corpus_sentence_bleu, easse_corpus_sari,
};

/// A metric of EASSE's `-m`, in the order EASSE computes (and prints) them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum EasseMetric {
    /// `bleu`: sacreBLEU's corpus BLEU (`exp` smoothing) of the normalised text.
    Bleu,
    /// `sent_bleu`: the mean sentence BLEU ([`corpus_sentence_bleu`]).
    SentBleu,
    /// `sari`: corpus SARI ([`EasseVariant::Default`]).
    Sari,
    /// `sari_legacy`: corpus SARI ([`EasseVariant::Legacy`]).
    SariLegacy,
    /// `sari_by_operation`: corpus SARI's add, keep and delete scores.
    SariByOperation,
    /// `samsa`: needs a UCCA parse and a word aligner.
    Samsa,
    /// `fkgl`: the outputs' Flesch–Kincaid grade level.
    Fkgl,
    /// `f1_token`: [`corpus_f1_token`].
    F1Token,
    /// `bertscore`: needs BERT.
    Bertscore,
}

impl EasseMetric {
    /// Every metric, in EASSE's order.
    pub const ALL: [EasseMetric; 9] = [
        EasseMetric::Bleu,
        EasseMetric::SentBleu,
        EasseMetric::Sari,
        EasseMetric::SariLegacy,
        EasseMetric::SariByOperation,
        EasseMetric::Samsa,
        EasseMetric::Fkgl,
        EasseMetric::F1Token,
        EasseMetric::Bertscore,
    ];

    /// The metrics that need no model (all but `samsa` and `bertscore`), in EASSE's order.
    pub const MODEL_FREE: [EasseMetric; 7] = [
        EasseMetric::Bleu,
        EasseMetric::SentBleu,
        EasseMetric::Sari,
        EasseMetric::SariLegacy,
        EasseMetric::SariByOperation,
        EasseMetric::Fkgl,
        EasseMetric::F1Token,
    ];

    /// EASSE's name of the metric (and, for the metrics that give one score, its key).
    pub const fn name(self) -> &'static str {
        match self {
            EasseMetric::Bleu => "bleu",
            EasseMetric::SentBleu => "sent_bleu",
            EasseMetric::Sari => "sari",
            EasseMetric::SariLegacy => "sari_legacy",
            EasseMetric::SariByOperation => "sari_by_operation",
            EasseMetric::Samsa => "samsa",
            EasseMetric::Fkgl => "fkgl",
            EasseMetric::F1Token => "f1_token",
            EasseMetric::Bertscore => "bertscore",
        }
    }

    /// The metric EASSE calls `name`.
    pub fn named(name: &str) -> Result<EasseMetric, Error> {
        EasseMetric::ALL
            .into_iter()
            .find(|m| m.name() == name)
            .ok_or_else(|| Error::UnknownMetric {
                name: name.to_owned(),
                known: EasseMetric::ALL.map(EasseMetric::name).join(", "),
            })
    }
}

/// What `evaluate` prints: each metric's scores under EASSE's keys, then the quality-estimation
/// features when asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct EasseEvaluation {
    /// (key, score) in EASSE's order: `bleu`, `sent_bleu`, `sari`, `sari_legacy`, `sari_add`,
    /// `sari_keep`, `sari_del`, `fkgl`, `f1_token` (those asked for).
    pub scores: Vec<(&'static str, f64)>,
    /// The mean quality-estimation features (`-q`).
    pub quality: Option<QualityFeatures>,
}

impl EasseEvaluation {
    /// The same with SAMSA's corpus score, computed elsewhere (it needs a UCCA parser), where
    /// EASSE's dict has it: after the BLEU and SARI scores, before FKGL and token F1.
    pub fn with_samsa(mut self, samsa: f64) -> EasseEvaluation {
        let later = [EasseMetric::Fkgl.name(), EasseMetric::F1Token.name()];
        let at = (self.scores.iter().position(|(key, _)| later.contains(key)))
            .unwrap_or(self.scores.len());
        self.scores.insert(at, (EasseMetric::Samsa.name(), samsa));
        self
    }

    /// Every value under one key in EASSE's order, a feature's as `quality_estimation/NAME`.
    pub fn flattened(&self) -> Vec<(String, f64)> {
        let features = self.quality.iter().flat_map(QualityFeatures::named);
        (self.scores.iter().map(|&(k, v)| (k.to_owned(), v)))
            .chain(features.map(|(k, v)| (format!("quality_estimation/{k}"), v)))
            .collect()
    }
}

/// Refuses line `line` (1-based) of `what` when it is longer than [`MAX_LINE_CHARS`] characters
/// ([`Error::LineTooLong`]): a sentence-per-line text has no such line, and the character-level
/// features (Levenshtein similarity, Punkt) would take minutes on it.
pub fn check_line_length(what: &str, line: usize, text: &str) -> Result<(), Error> {
    // Bytes bound characters from above: most lines are decided without counting.
    if text.len() <= MAX_LINE_CHARS {
        return Ok(());
    }
    let chars = text.chars().count();
    if chars > MAX_LINE_CHARS {
        return Err(Error::LineTooLong {
            what: what.to_owned(),
            line,
            chars,
            limit: MAX_LINE_CHARS,
        });
    }
    Ok(())
}

/// EASSE's `evaluate_system_output` on `outputs` of `sources` with their `references`: the
/// `metrics` (any order; each once) and, with `quality_estimation`, the features. No line may be
/// longer than [`MAX_LINE_CHARS`] characters.
pub fn easse_evaluate<'a>(
    sources: &'a [String],
    outputs: &'a [String],
    references: &References,
    metrics: &[EasseMetric],
    preprocessing: Preprocessing,
    quality_estimation: bool,
) -> Result<EasseEvaluation, Error> {
    references.check(sources.len(), outputs.len())?;
    if sources.is_empty() {
        return Err(Error::Empty);
    }
    let numbered = |what: &'static str, lines: &'a [String]| {
        lines
            .iter()
            .enumerate()
            .map(move |(i, l)| (what, i + 1, l.as_str()))
    };
    let every_line = numbered("the sources", sources)
        .chain(numbered("the outputs", outputs))
        .chain(references.lines().map(|(i, l)| ("the references", i, l)));
    for (what, line, text) in every_line {
        check_line_length(what, line, text)?;
    }
    let mut wanted = metrics.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let mut scores = Vec::new();
    for metric in wanted {
        let sari =
            |variant| easse_corpus_sari(sources, outputs, references, variant, preprocessing);
        match metric {
            EasseMetric::Bleu => {
                let bleu = Bleu::new(preprocessing.bleu_options());
                let stats: Vec<_> = (0..outputs.len())
                    .map(|i| bleu_line_stats(&bleu, preprocessing, outputs, references, i))
                    .collect();
                scores.push((metric.name(), bleu.points(&bleu.total(&stats))));
            }
            EasseMetric::SentBleu => scores.push((
                metric.name(),
                corpus_sentence_bleu(outputs, references, preprocessing)?,
            )),
            EasseMetric::Sari => scores.push((metric.name(), sari(EasseVariant::Default)?.sari)),
            EasseMetric::SariLegacy => {
                scores.push((metric.name(), sari(EasseVariant::Legacy)?.sari));
            }
            EasseMetric::SariByOperation => {
                let by_operation = sari(EasseVariant::Default)?;
                scores.push(("sari_add", by_operation.add));
                scores.push(("sari_keep", by_operation.keep));
                scores.push(("sari_del", by_operation.delete));
            }
            EasseMetric::Samsa => {
                return Err(Error::NeedsModel(
                    metric.name(),
                    "a UCCA parse and a word aligner",
                ));
            }
            EasseMetric::Fkgl => {
                scores.push((
                    metric.name(),
                    Fkgl::new(preprocessing.tokenizer)?.corpus(outputs),
                ));
            }
            EasseMetric::F1Token => scores.push((
                metric.name(),
                corpus_f1_token(outputs, references, preprocessing)?,
            )),
            EasseMetric::Bertscore => return Err(Error::NeedsModel("bertscore", "BERT")),
        }
    }
    let quality = if quality_estimation {
        Some(QualityEstimation::new(preprocessing)?.corpus(sources, outputs)?)
    } else {
        None
    };
    Ok(EasseEvaluation { scores, quality })
}
