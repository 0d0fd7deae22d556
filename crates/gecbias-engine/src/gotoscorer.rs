//! GoToScorer (gec-metrics' `gotoscorer.py`) as a typed scorer: the edits typed by the native
//! ERRANT, chunked and weighted by [`gec_metrics::gotoscorer::goto_sentence`].

use corpus_resampling::CorpusStatistic;
use gec_errant::ParallelOptions;
use gec_metrics::gotoscorer::{
    GotoChunk, GotoCounts, GotoEdit, GotoWeights, goto_chunks, goto_sentence, goto_weights,
};

use crate::errant::{ErrantAnalyser, errant_parallel};
use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// GoToScorer of outputs against one reference: every chunk of the reference's corrections
/// judged, weighted by given difficulty weights or 1. The edits of the reference and of each
/// output are ERRANT's, typed by the native annotator on `analyser` (spaCy's `en_core_web_sm`,
/// as gec-metrics runs ERRANT, by default).
#[derive(Debug, Clone)]
pub struct GotoScorer {
    source: Lines,
    reference: Lines,
    /// The weights and the file they came from.
    weights: Option<(String, Vec<Vec<f64>>)>,
    beta: f64,
    analyser: ErrantAnalyser,
}

/// F_β of resampled sentences' summed counts.
struct PooledGoto(f64);

impl CorpusStatistic<GotoCounts> for PooledGoto {
    fn of<'a, I: Iterator<Item = &'a GotoCounts>>(&self, items: I) -> f64 {
        GotoCounts::sum(items).f(self.0)
    }
}

/// Each line's chunks for each version of it: `chunks[k][i]` is version k of line i (the
/// reference first, then the outputs), chunked over the line's source tokens.
fn chunks(
    source: &Lines,
    versions: &[&Lines],
    analyser: ErrantAnalyser,
) -> Result<Vec<Vec<Vec<GotoChunk>>>, Error> {
    let sentences = errant_parallel(source, versions, ParallelOptions::default(), analyser)?;
    // A blank source line has no entry (ERRANT skips it); it has no edits.
    let mut edits: Vec<Vec<Vec<GotoEdit>>> =
        vec![vec![Vec::new(); source.lines.len()]; versions.len()];
    for sentence in &sentences {
        for (k, correction) in sentence.corrections.iter().enumerate() {
            edits[k][sentence.line] = correction
                .iter()
                .flatten()
                .filter(|e| !matches!(e.error_type.as_str(), "noop" | "UNK"))
                .map(|e| GotoEdit {
                    o_start: e.o_start,
                    o_end: e.o_end,
                    correction: e.correction.join(" "),
                    error_type: e.error_type.clone(),
                })
                .collect();
        }
    }
    Ok(edits
        .into_iter()
        .map(|version| {
            version
                .iter()
                .zip(&source.lines)
                .map(|(e, line)| {
                    // gec-metrics chunks the source split at single spaces.
                    let tokens: Vec<&str> = line.split(' ').collect();
                    goto_chunks(e, &tokens)
                })
                .collect()
        })
        .collect())
}

impl GotoScorer {
    /// The chunks of the reference (first) and of each system's output, per line.
    fn chunks(&self, systems: &[System]) -> Result<Vec<Vec<Vec<GotoChunk>>>, Error> {
        let mut versions = vec![&self.reference];
        versions.extend(systems.iter().map(|s| &s.output));
        chunks(&self.source, &versions, self.analyser)
    }

    /// A scorer of outputs of `source` against `reference` (line-aligned with it), every chunk
    /// of weight 1 and β = 0.5 (gec-metrics' defaults).
    pub fn new(source: &Lines, reference: &Lines, analyser: ErrantAnalyser) -> GotoScorer {
        GotoScorer {
            source: source.clone(),
            reference: reference.clone(),
            weights: None,
            beta: 0.5,
            analyser,
        }
    }

    /// The scorer with difficulty weights: per sentence, one per reference chunk (a weights file
    /// read by [`gec_metrics::gotoscorer::read_goto_weights`], or [`GotoScorer::difficulty`]'s), `origin`
    /// naming them in errors.
    #[must_use]
    pub fn with_weights(self, origin: &str, weights: Vec<Vec<f64>>) -> GotoScorer {
        GotoScorer {
            weights: Some((origin.to_owned(), weights)),
            ..self
        }
    }

    /// The scorer with β of F_β.
    #[must_use]
    pub fn with_beta(self, beta: f64) -> GotoScorer {
        GotoScorer { beta, ..self }
    }

    /// The difficulty weights of the reference's chunks from `systems`' outputs, as
    /// `gecmetrics-gen-gotoscorer-weight` derives them: per sentence, per chunk, 1 − the share
    /// of systems that have its correction.
    pub fn difficulty(&self, systems: &[System]) -> Result<Vec<GotoWeights>, Error> {
        let chunks = self.chunks(systems)?;
        Ok((0..self.source.lines.len())
            .map(|i| {
                let outputs: Vec<Vec<GotoChunk>> =
                    chunks[1..].iter().map(|c| c[i].clone()).collect();
                goto_weights(&chunks[0][i], &outputs)
            })
            .collect())
    }

    /// `GoToScorer|refs:1|weights:none|beta:0.5|hyp:text|typed:…|analyser:…|impl:gec-metrics|version:…`
    /// (`weights:given` with weights).
    pub fn signature(&self) -> Signature {
        Signature::new("GoToScorer")
            .with("refs", 1)
            .with(
                "weights",
                if self.weights.is_some() {
                    "given"
                } else {
                    "none"
                },
            )
            .with("beta", self.beta)
            .with("hyp", "text")
            .with("typed", format!("gecbias-errant-{}", gec_errant::VERSION))
            .with("analyser", self.analyser.signature_name())
            .implemented_by("gec-metrics")
    }

    /// Each system's GoToScorer F_β with its P and R, its sentences' F_β and what `resampling`
    /// asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        gec_metrics::check_beta(self.beta)?;
        resampling.check()?;
        // The weights fit the reference's chunks, sentence by sentence, or none is scored; their
        // sentence count is checked before the typing.
        if let Some((origin, weights)) = &self.weights
            && weights.len() != self.source.lines.len()
        {
            return Err(Error::LineCounts {
                file: origin.clone(),
                lines: weights.len(),
                other: self.source.origin.clone(),
                expected: self.source.lines.len(),
            });
        }
        let chunks = self.chunks(systems)?;
        let reference = &chunks[0];
        if let Some((origin, weights)) = &self.weights
            && let Some(i) = (0..reference.len()).find(|&i| weights[i].len() != reference[i].len())
        {
            return Err(Error::GotoWeights {
                file: origin.clone(),
                sentence: i + 1,
                weights: weights[i].len(),
                chunks: reference[i].len(),
            });
        }
        let scored = systems
            .iter()
            .zip(&chunks[1..])
            .map(|(system, hypothesis)| {
                let counts = (0..reference.len())
                    .map(|i| {
                        let weights = self.weights.as_ref().map(|(_, w)| w[i].as_slice());
                        goto_sentence(&reference[i], &hypothesis[i], weights)
                    })
                    .collect::<Result<Vec<GotoCounts>, _>>()?;
                let total = GotoCounts::sum(&counts);
                Ok(Scored {
                    system: system.name.clone(),
                    score: total.f(self.beta),
                    parts: Parts::GoToScorer {
                        precision: total.precision(),
                        recall: total.recall(),
                    },
                    sentences: counts
                        .iter()
                        .map(|c| SentenceScore::Score {
                            score: c.f(self.beta),
                        })
                        .collect(),
                    items: counts,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Scores {
            name: "GoToScorer",
            signature: self.signature(),
            systems: scored,
        }
        .report(resampling, &PooledGoto(self.beta), None)
    }
}
