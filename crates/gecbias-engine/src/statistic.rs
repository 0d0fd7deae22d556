//! The corpus statistics resampling recomputes: M2's and ERRANT's P, R and F_β with the annotator
//! chosen by the running F_β over the resampled sentences (as each scorer chooses on its own
//! corpus), one ERRANT type's F_β, ERRANT's macro average over types, and GLEU of pooled n-gram
//! statistics.

use corpus_resampling::CorpusStatistic;
use gec_metrics::CategoryTier;
use gec_metrics::errant_compare::{
    ErrantGroupSentence, ErrantSentence, errant_corpus_score, errant_group_score,
    errant_macro_score,
};
use gec_metrics::gleu::{GleuStats, ORDER as GLEU_ORDER, gleu};
use gec_metrics::m2_score::{SentenceStats, corpus_score, corpus_score_pair};

/// A sentence's pooled GLEU statistics as one flat array (hypothesis length, reference length,
/// numerators, denominators), which sums in a few vector instructions.
pub(crate) type FlatGleu = [u64; 2 + 2 * GLEU_ORDER];

pub(crate) fn flat(s: &GleuStats) -> FlatGleu {
    let mut out = [0; 2 + 2 * GLEU_ORDER];
    out[0] = s.hypothesis_length;
    out[1] = s.reference_length;
    out[2..2 + GLEU_ORDER].copy_from_slice(&s.numerators);
    out[2 + GLEU_ORDER..].copy_from_slice(&s.denominators);
    out
}

/// GLEU of the pooled statistics of a sequence of sentences.
pub(crate) struct PooledGleu;

impl CorpusStatistic<FlatGleu> for PooledGleu {
    fn of<'a, I: Iterator<Item = &'a FlatGleu>>(&self, items: I) -> f64 {
        let mut sum = [0u64; 2 + 2 * GLEU_ORDER];
        for s in items {
            for (t, x) in sum.iter_mut().zip(s) {
                *t += x;
            }
        }
        let total = GleuStats {
            hypothesis_length: sum[0],
            reference_length: sum[1],
            numerators: std::array::from_fn(|n| sum[2 + n]),
            denominators: std::array::from_fn(|n| sum[2 + GLEU_ORDER + n]),
        };
        gleu(&total, false)
    }
}

/// Which of P, R and F_β an M2 or ERRANT statistic reports.
#[derive(Clone, Copy)]
pub(crate) enum Part {
    F,
    Precision,
    Recall,
}

impl Part {
    fn of(self, (p, r, f): (f64, f64, f64)) -> f64 {
        match self {
            Part::F => f,
            Part::Precision => p,
            Part::Recall => r,
        }
    }
}

/// M2's corpus P, R or F_β (the `Part`), the annotators chosen by the running F_β (β the
/// `f64`) over the sequence, as m2scorer chooses them.
pub(crate) struct M2Stat(pub(crate) f64, pub(crate) Part);

impl CorpusStatistic<SentenceStats> for M2Stat {
    fn of<'a, I: Iterator<Item = &'a SentenceStats>>(&self, items: I) -> f64 {
        let s = corpus_score(items, self.0);
        self.1.of((s.precision, s.recall, s.f_beta))
    }

    fn of_pair<'a, I: Iterator<Item = &'a SentenceStats>>(&self, a: I, b: I) -> (f64, f64) {
        let (a, b) = corpus_score_pair(a, b, self.0);
        (
            self.1.of((a.precision, a.recall, a.f_beta)),
            self.1.of((b.precision, b.recall, b.f_beta)),
        )
    }
}

/// One error type group's corpus F_β (β the `f64`), the annotator pairs chosen by the running
/// F_β of all types over the sequence.
pub(crate) struct ErrantGroupStat(pub(crate) f64);

impl CorpusStatistic<ErrantGroupSentence> for ErrantGroupStat {
    fn of<'a, I: Iterator<Item = &'a ErrantGroupSentence>>(&self, items: I) -> f64 {
        errant_group_score(items, self.0).f_beta
    }
}

/// ERRANT's corpus P, R or F_β, the annotator pairs chosen by the running F_β over the
/// sequence.
pub(crate) struct ErrantStat(pub(crate) f64, pub(crate) Part);

impl CorpusStatistic<ErrantSentence> for ErrantStat {
    fn of<'a, I: Iterator<Item = &'a ErrantSentence>>(&self, items: I) -> f64 {
        let s = errant_corpus_score(items, self.0);
        self.1.of((s.precision, s.recall, s.f_beta))
    }
}

/// A part of the macro-averaged ERRANT scores of resampled sentences, the running choice redone
/// ([`errant_macro_score`]).
pub(crate) struct ErrantMacroStat {
    pub(crate) beta: f64,
    pub(crate) tier: CategoryTier,
    pub(crate) part: Part,
}

impl CorpusStatistic<ErrantSentence> for ErrantMacroStat {
    fn of<'a, I: Iterator<Item = &'a ErrantSentence>>(&self, items: I) -> f64 {
        let s = errant_macro_score(items, self.tier, self.beta);
        self.part.of((s.precision, s.recall, s.f_beta))
    }
}

/// The statistic of a part, and of P and R beside F.
pub(crate) fn with_parts<S>(stat: impl Fn(Part) -> S) -> (S, [S; 2]) {
    (stat(Part::F), [stat(Part::Precision), stat(Part::Recall)])
}
