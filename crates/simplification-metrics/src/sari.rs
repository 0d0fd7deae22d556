//! EASSE's corpus-level SARI (Xu et al. 2016, as Alva-Manchego et al. 2019 compute it): each
//! text normalised ([`Preprocessing`]: lowercased `13a` tokens by default), n-gram counts (n = 1…4)
//! summed over the corpus, F1 for deletion, on a 0–100 scale, with its `legacy` and paper
//! variants. For operation o ∈ {add, keep, delete} and order n, P = correct / system and
//! R = correct / reference; SARI = (add + keep + delete) / 3, each the mean over n of F1(P, R)
//! (the paper variant: F1 of the means of P and R).

use bleu_chrf::ngrams::{FastMap, Gram, Vocabulary, counts, grams};
use bleu_chrf::python_str::python_split;

use crate::{Error, Preprocessing, References};
/// Which of EASSE's corpus SARI computations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EasseVariant {
    /// `corpus_sari(...)`: lower-cased, `13a` tokens everywhere, per-n F1 averaged.
    Default,
    /// `legacy=True`: the Java implementation's bug kept — the source is neither tokenised nor
    /// lower-cased, outputs and references are tokenised but not lower-cased (reproduces the
    /// 39.96 of Xu et al. 2016 for SBMT-SARI).
    Legacy,
    /// `use_paper_version=True`: precision and recall averaged over n first, then F1.
    PaperVersion,
    /// `use_f1_for_deletion=False`: as [`EasseVariant::Default`] but deletion scored by its
    /// precision alone (SARI.py's choice, and the simplification meta-evaluation's of
    /// Alva-Manchego et al. 2021).
    DeletionPrecision,
}

impl EasseVariant {
    /// Its name in gecbias' options and signatures: `easse`, `easse-legacy`, `easse-paper`.
    pub fn name(self) -> &'static str {
        match self {
            EasseVariant::Default => "easse",
            EasseVariant::Legacy => "easse-legacy",
            EasseVariant::PaperVersion => "easse-paper",
            EasseVariant::DeletionPrecision => "easse-del-precision",
        }
    }
}

/// EASSE's corpus SARI on a 0–100 scale: (addition, keep, deletion) and their mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EasseSari {
    /// Addition score.
    pub add: f64,
    /// Keep score.
    pub keep: f64,
    /// Deletion score.
    pub delete: f64,
    /// (add + keep + delete) / 3.
    pub sari: f64,
}

/// Adds one sentence's n-gram counts (source `s`, output `o`, references `r`, as word ids) to
/// `stats`: [operation][n - 1] = (system correct, system total, reference total), the
/// operations add, keep and delete.
fn add_counts(stats: &mut [[[u64; 3]; 4]; 3], s: &[u32], o: &[u32], r: &[Vec<u32>]) {
    let weight = r.len() as u64;
    for n in 1..=4 {
        let sc = counts(s, n);
        let oc = counts(o, n);
        let mut rc: FastMap<Gram, u32> = FastMap::default();
        for reference in r {
            for g in grams(reference, n) {
                *rc.entry(g).or_insert(0) += 1;
            }
        }
        let get = |m: &FastMap<Gram, u32>, g: &Gram| u64::from(m.get(g).copied().unwrap_or(0));
        let added: Vec<Gram> = oc.keys().copied().filter(|g| !sc.contains_key(g)).collect();
        let add = &mut stats[0][n - 1];
        add[0] += added.iter().filter(|g| rc.contains_key(*g)).count() as u64;
        add[1] += added.len() as u64;
        add[2] += rc.keys().filter(|g| !sc.contains_key(*g)).count() as u64;
        for (g, &count) in &sc {
            let s_rep = u64::from(count) * weight;
            let o_rep = get(&oc, g) * weight;
            let r_count = get(&rc, g);
            let keep = &mut stats[1][n - 1];
            let (kept, kept_by_refs) = (s_rep.min(o_rep), s_rep.min(r_count));
            keep[0] += kept.min(kept_by_refs);
            keep[1] += kept;
            keep[2] += kept_by_refs;
            let delete = &mut stats[2][n - 1];
            let (removed, removed_by_refs) =
                (s_rep.saturating_sub(o_rep), s_rep.saturating_sub(r_count));
            delete[0] += removed.min(removed_by_refs);
            delete[1] += removed;
            delete[2] += removed_by_refs;
        }
    }
}

/// One sentence's (or a corpus's summed) EASSE SARI counts: `[operation][n − 1]` = (system
/// correct, system total, reference total), the operations add, keep and delete. Summing them
/// over sentences gives the corpus's, which is how resampling rescores a corpus.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasseSariCounts(pub [[[u64; 3]; 4]; 3]);

impl std::ops::AddAssign<&EasseSariCounts> for EasseSariCounts {
    fn add_assign(&mut self, other: &EasseSariCounts) {
        for (sum, counts) in self.0.iter_mut().flatten().zip(other.0.iter().flatten()) {
            for k in 0..3 {
                sum[k] += counts[k];
            }
        }
    }
}

impl<'a> std::iter::Sum<&'a EasseSariCounts> for EasseSariCounts {
    fn sum<I: Iterator<Item = &'a EasseSariCounts>>(counts: I) -> EasseSariCounts {
        let mut total = EasseSariCounts::default();
        for c in counts {
            total += c;
        }
        total
    }
}

/// One sentence's counts, its texts normalised by `preprocessing`, except that `Legacy` leaves the
/// source as it is and never lowercases (the Java implementation's bug, which EASSE keeps).
pub fn easse_sari_counts(
    source: &str,
    output: &str,
    references: &[&str],
    variant: EasseVariant,
    preprocessing: Preprocessing,
) -> EasseSariCounts {
    let preprocessing = if variant == EasseVariant::Legacy {
        preprocessing.with_lowercase(false)
    } else {
        preprocessing
    };
    let source = if variant == EasseVariant::Legacy {
        source.to_owned()
    } else {
        preprocessing.apply(source)
    };
    let output = preprocessing.apply(output);
    let refs: Vec<String> = references.iter().map(|r| preprocessing.apply(r)).collect();
    let mut vocabulary = Vocabulary::default();
    let s = vocabulary.intern_all(python_split(&source));
    let o = vocabulary.intern_all(python_split(&output));
    let r: Vec<Vec<u32>> = refs
        .iter()
        .map(|x| vocabulary.intern_all(python_split(x)))
        .collect();
    let mut counts = EasseSariCounts::default();
    add_counts(&mut counts.0, &s, &o, &r);
    counts
}

/// EASSE's `corpus_sari` and `get_corpus_sari_operation_scores`: the summed counts of every line.
pub fn easse_corpus_sari(
    sources: &[String],
    outputs: &[String],
    references: &References,
    variant: EasseVariant,
    preprocessing: Preprocessing,
) -> Result<EasseSari, Error> {
    references.check(sources.len(), outputs.len())?;
    let counts: Vec<EasseSariCounts> = (0..sources.len())
        .map(|i| {
            easse_sari_counts(
                &sources[i],
                &outputs[i],
                &references.of(i),
                variant,
                preprocessing,
            )
        })
        .collect();
    Ok(counts.iter().sum::<EasseSariCounts>().score(variant))
}

/// (P, R) of (correct, system total, reference total), each 0 where its denominator is.
pub(crate) fn precision_recall([correct, system, reference]: [u64; 3]) -> (f64, f64) {
    let ratio = |total: u64| {
        if total > 0 {
            correct as f64 / total as f64
        } else {
            0.0
        }
    };
    (ratio(system), ratio(reference))
}

/// F1 = 2PR / (P + R), 0 unless both are positive (EASSE's `compute_precision_recall_f1`).
pub(crate) fn f1(precision: f64, recall: f64) -> f64 {
    if precision > 0.0 && recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

impl EasseSariCounts {
    /// EASSE's SARI of these counts, on a 0–100 scale.
    pub fn score(&self, variant: EasseVariant) -> EasseSari {
        let [add, keep, delete] = [0, 1, 2].map(|op| {
            let operation = self.0[op];
            let deletion_precision = op == 2 && variant == EasseVariant::DeletionPrecision;
            match variant {
                EasseVariant::PaperVersion => {
                    let (mut p, mut r) = (0.0, 0.0);
                    for counts in operation {
                        let (pn, rn) = precision_recall(counts);
                        p += pn;
                        r += rn;
                    }
                    f1(p / 4.0, r / 4.0)
                }
                _ => operation
                    .iter()
                    .map(|&counts| {
                        let (p, r) = precision_recall(counts);
                        if deletion_precision {
                            p / 4.0
                        } else {
                            f1(p, r) / 4.0
                        }
                    })
                    .sum(),
            }
        });
        let (add, keep, delete) = (100.0 * add, 100.0 * keep, 100.0 * delete);
        EasseSari {
            add,
            keep,
            delete,
            sari: (add + keep + delete) / 3.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deletion_by_precision_alone() {
        // Every order: deletion 1 correct of 2 proposed, 4 in the references (P ½, R ¼).
        let mut counts = EasseSariCounts([[[1, 1, 1]; 4]; 3]);
        counts.0[2] = [[1, 2, 4]; 4];
        let f1 = counts.score(EasseVariant::Default);
        let precision = counts.score(EasseVariant::DeletionPrecision);
        assert!((f1.delete - 100.0 / 3.0).abs() < 1e-9, "{f1:?}");
        assert!((precision.delete - 50.0).abs() < 1e-9, "{precision:?}");
        assert_eq!((f1.add, f1.keep), (precision.add, precision.keep));
    }
}
