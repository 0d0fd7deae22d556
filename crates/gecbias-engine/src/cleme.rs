//! CLEME and CLEME2.0 (THUKElab/CLEME) as typed scorers: chunk counts of each output against an
//! M2 gold, from hypothesis M2 files or from text typed by the native ERRANT.

use corpus_resampling::CorpusStatistic;
use gec_errant::ParallelOptions;
use gec_metrics::cleme::{
    ClemeSentenceCounts, HeuoFactors, cleme_prf_best, cleme_prf_corpus, cleme_prf_sentence,
    cleme2_best, cleme2_corpus, cleme2_sentence,
};
use gec_metrics::{ClemeAssumption, M2File, cleme_m2_counts};

use crate::errant::{ErrantAnalyser, TypedSystems, errant_parallel};
use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// Which of the two metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClemeVariant {
    /// CLEME: chunk-level F0.5.
    Cleme,
    /// CLEME2.0: the combination COM of hit-, wrong-, under- and over-correction.
    Cleme2,
}

/// How a corpus score comes from the sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClemeLevel {
    /// Summed counts, each sentence's reference chosen by the running score (CLEME's corpus
    /// level; CLEME2.0's corpus factors).
    Corpus,
    /// The mean of the sentences' scores (CLEME's sentence level; CLEME2.0's sentence factors).
    Sentence,
}

/// CLEME or CLEME2.0 of outputs against an M2 gold (module docs of [`gec_metrics::cleme::cleme_counts`]):
/// dependent assumption, length-weighted, corpus level unless set otherwise. The length
/// weights' bias (the mean length of the gold's corrected chunks) is computed once per system
/// on the whole corpus, as CLEME computes it, and kept under resampling.
#[derive(Debug, Clone)]
pub struct ClemeScorer {
    gold: M2File,
    /// Where the gold came from: `m2` (given) or `text` (typed from text references).
    references: &'static str,
    assumption: ClemeAssumption,
    statistic: ClemeStatistic,
}

/// What is scored: the metric, its level and weights; over resampled sentences, the running
/// reference choice redone.
#[derive(Debug, Clone, Copy)]
struct ClemeStatistic {
    variant: ClemeVariant,
    level: ClemeLevel,
    weighted: bool,
}

impl ClemeStatistic {
    fn factors(&self) -> HeuoFactors {
        match self.level {
            ClemeLevel::Corpus => HeuoFactors::CORPUS,
            ClemeLevel::Sentence => HeuoFactors::SENTENCE,
        }
    }

    /// The score of one sentence (its best reference's).
    fn sentence(&self, counts: &ClemeSentenceCounts) -> f64 {
        let refs = counts.get(self.weighted);
        match self.variant {
            ClemeVariant::Cleme => cleme_prf_best(refs).0[0],
            ClemeVariant::Cleme2 => cleme2_best(refs, self.factors()).com,
        }
    }

    /// The score and its parts.
    fn parts<'a, I>(&self, items: I) -> (f64, Parts)
    where
        I: Iterator<Item = &'a ClemeSentenceCounts>,
    {
        let refs = items.map(|c| c.get(self.weighted));
        match self.variant {
            ClemeVariant::Cleme => {
                let s = match self.level {
                    ClemeLevel::Corpus => cleme_prf_corpus(refs, 0.5),
                    ClemeLevel::Sentence => cleme_prf_sentence(refs),
                };
                let parts = Parts::Cleme {
                    accuracy: s.acc,
                    fn_: s.counts.fn_,
                    fp: s.counts.fp,
                    precision: s.p,
                    recall: s.r,
                    tn: s.counts.tn,
                    tp: s.counts.tp,
                };
                (s.f, parts)
            }
            ClemeVariant::Cleme2 => {
                let h = match self.level {
                    ClemeLevel::Corpus => cleme2_corpus(refs, self.factors()),
                    ClemeLevel::Sentence => cleme2_sentence(refs, self.factors()),
                };
                let parts = Parts::Cleme2 {
                    fn_: h.counts.fn_,
                    fp_ne: h.counts.fp_ne,
                    fp_un: h.counts.fp_un,
                    hit: h.hit,
                    over: h.over,
                    tn: h.counts.tn,
                    tp: h.counts.tp,
                    under: h.under,
                    wrong: h.wrong,
                };
                (h.com, parts)
            }
        }
    }
}

impl CorpusStatistic<ClemeSentenceCounts> for ClemeStatistic {
    fn of<'a, I: Iterator<Item = &'a ClemeSentenceCounts>>(&self, items: I) -> f64 {
        self.parts(items).0
    }
}

impl ClemeScorer {
    /// CLEME against `gold` (its annotators numbered 0, 1, … in each sentence), dependent,
    /// length-weighted, corpus level.
    pub fn new(gold: &M2File, variant: ClemeVariant) -> ClemeScorer {
        ClemeScorer {
            gold: gold.clone(),
            references: "m2",
            assumption: ClemeAssumption::Dependent,
            statistic: ClemeStatistic {
                variant,
                level: ClemeLevel::Corpus,
                weighted: true,
            },
        }
    }

    /// The gold of text references: the edits of each reference to `source` as ERRANT's
    /// `errant_parallel` finds them (its M2), typed on `analyser`.
    pub fn from_references(
        source: &Lines,
        references: &[Lines],
        variant: ClemeVariant,
        analyser: ErrantAnalyser,
    ) -> Result<ClemeScorer, Error> {
        let versions: Vec<&Lines> = references.iter().collect();
        let sentences = errant_parallel(source, &versions, ParallelOptions::default(), analyser)?;
        let text = gec_errant::parallel_m2(&sentences);
        Ok(ClemeScorer {
            references: "text",
            ..ClemeScorer::new(&M2File::parse(&text, &source.origin)?, variant)
        })
    }

    /// The scorer under `assumption`.
    #[must_use]
    pub fn with_assumption(self, assumption: ClemeAssumption) -> ClemeScorer {
        ClemeScorer { assumption, ..self }
    }

    /// The scorer with CLEME's length weights (the default) or every chunk 1.
    #[must_use]
    pub fn with_length_weights(mut self, weighted: bool) -> ClemeScorer {
        self.statistic.weighted = weighted;
        self
    }

    /// The scorer at `level`.
    #[must_use]
    pub fn with_level(mut self, level: ClemeLevel) -> ClemeScorer {
        self.statistic.level = level;
        self
    }

    /// `CLEME|refs:m2|assumption:dependent|weights:length|level:corpus|beta:0.5|hyp:…|impl:THUKElab-CLEME|version:…`
    /// (`refs:text` for text references typed by ERRANT). CLEME2.0's (`CLEME2|…`) has its
    /// factors and `bertscore:omitted` (its similarity weigher needs a model) instead of β.
    /// `hyp:m2` for hypothesis M2 files, `hyp:text` with the typing ERRANT and its analyser for
    /// text.
    pub fn signature(&self, typed: Option<ErrantAnalyser>) -> Signature {
        let statistic = self.statistic;
        let signature = Signature::new(match statistic.variant {
            ClemeVariant::Cleme => "CLEME",
            ClemeVariant::Cleme2 => "CLEME2",
        })
        .with("refs", self.references)
        .with("assumption", self.assumption.name())
        .with(
            "weights",
            if statistic.weighted { "length" } else { "none" },
        )
        .with(
            "level",
            match statistic.level {
                ClemeLevel::Corpus => "corpus",
                ClemeLevel::Sentence => "sentence",
            },
        );
        let signature = match statistic.variant {
            ClemeVariant::Cleme => signature.with("beta", 0.5),
            ClemeVariant::Cleme2 => {
                let f = statistic.factors();
                signature
                    .with(
                        "factors",
                        format!("{}/{}/{}/{}", f.hit, f.wrong, f.under, f.over),
                    )
                    .with("bertscore", "omitted")
            }
        };
        let signature = match typed {
            Some(analyser) => signature
                .with("hyp", "text")
                .with("typed", format!("gecbias-errant-{}", gec_errant::VERSION))
                .with("analyser", analyser.signature_name()),
            None => signature.with("hyp", "m2"),
        };
        signature.implemented_by("THUKElab-CLEME")
    }

    /// Outputs typed by the native ERRANT on `analyser` (each as `errant_parallel` writes its
    /// M2), scored against the gold, whose sources must be `source`'s lines.
    pub fn report_text(
        &self,
        source: &Lines,
        systems: &[System],
        analyser: ErrantAnalyser,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        self.report_typed(&TypedSystems::new(source, systems, analyser)?, resampling)
    }

    /// Systems typed once ([`TypedSystems`]), scored against the gold, whose sources must be the
    /// typed systems' source.
    pub fn report_typed(
        &self,
        typed: &TypedSystems,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        self.report(typed.files(), Some(typed.analyser()), resampling)
    }

    /// Systems' hypothesis M2 files (one annotator each, with their names) scored as given.
    pub fn report_edits(
        &self,
        hypotheses: &[(String, M2File)],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        self.report(hypotheses, None, resampling)
    }

    fn report(
        &self,
        hypotheses: &[(String, M2File)],
        typed: Option<ErrantAnalyser>,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let statistic = self.statistic;
        let systems = hypotheses
            .iter()
            .map(|(name, file)| {
                let counts = cleme_m2_counts(&self.gold, file, self.assumption)?;
                let (score, parts) = statistic.parts(counts.iter());
                Ok(Scored {
                    system: name.clone(),
                    score,
                    parts,
                    sentences: counts
                        .iter()
                        .map(|c| SentenceScore::Score {
                            score: statistic.sentence(c),
                        })
                        .collect(),
                    items: counts,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Scores {
            name: match statistic.variant {
                ClemeVariant::Cleme => "CLEME",
                ClemeVariant::Cleme2 => "CLEME2",
            },
            signature: self.signature(typed),
            systems,
        }
        .report(resampling, &statistic, None)
    }
}
