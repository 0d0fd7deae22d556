//! SARI (Xu et al. 2016), the simplification metric that compares the output O with the source
//! S and references R: n-grams rightly **kept**, rightly **deleted**, rightly **added**.
//!
//! Three different metrics carry the name; each has its own function here:
//! * [`sari_sentence`] — the reference `SARI.py` `SARIsent`, which the LCB paper's simplification
//!   experiments use (and average over sentences, [`sari_mean`]): per n = 1…4, keep = F1 of
//!   reference-count-weighted n-gram counts, deletion = **precision only** (the recall line of
//!   `SARI.py` reuses the precision numerator), addition = F1 on n-gram sets; SARI = (mean keep +
//!   mean deletion + mean addition) / 3 on a 0–1 scale. Tokens: lower-cased text split on single
//!   spaces.
//! * [`easse_corpus_sari`] — EASSE's corpus-level SARI (sacreBLEU `13a` tokens, counts summed over
//!   the corpus, F1 for deletion), with its `legacy` and paper variants ([`EasseVariant`]), on a
//!   0–100 scale.
//! * [`max_sari`] and [`lucky_sari`] — the LCB paper's §5 variants: the best single-reference
//!   SARI, and the SARI of an output that is one of its own references.

use rayon::prelude::*;

use crate::Error;
use crate::ngrams::{FastMap, Gram, Vocabulary, counts, grams, ordered_counts};
use crate::text::python_split;
use crate::tokenizer_13a::tokenize_13a;

fn f1(precision: f64, recall: f64) -> f64 {
    if precision > 0.0 || recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

/// (keep F1, deletion precision, addition F1) of one n-gram order, as `SARIngram` computes them;
/// sums run over source n-grams in order of first occurrence, as Python's `Counter` does.
fn sari_ngram(
    source: &[u32],
    output: &[u32],
    references: &[Vec<u32>],
    n: usize,
) -> (f64, f64, f64) {
    let weight = references.len() as u64;
    let (s, s_order) = ordered_counts(source, n);
    let c = counts(output, n);
    let mut r: FastMap<Gram, u32> = FastMap::default();
    for reference in references {
        for g in grams(reference, n) {
            *r.entry(g).or_insert(0) += 1;
        }
    }
    let get = |m: &FastMap<Gram, u32>, g: &Gram| u64::from(m.get(g).copied().unwrap_or(0));
    let (mut keep_kept, mut keep_all) = (0usize, 0usize);
    let (mut keep_precision_sum, mut keep_recall_sum) = (0.0f64, 0.0f64);
    let (mut deleted, mut deleted_good_sum) = (0usize, 0.0f64);
    for g in &s_order {
        let s_rep = get(&s, g) * weight;
        let c_rep = get(&c, g) * weight;
        let r_count = get(&r, g);
        let kept = s_rep.min(c_rep);
        let kept_good = kept.min(r_count);
        let kept_all = s_rep.min(r_count);
        if kept > 0 {
            keep_kept += 1;
        }
        if kept_all > 0 {
            keep_all += 1;
        }
        if kept_good > 0 {
            keep_precision_sum += kept_good as f64 / kept as f64;
            keep_recall_sum += kept_good as f64 / kept_all as f64;
        }
        let removed = s_rep.saturating_sub(c_rep);
        let removed_good = removed.saturating_sub(r_count);
        if removed > 0 {
            deleted += 1;
        }
        if removed_good > 0 {
            deleted_good_sum += removed_good as f64 / removed as f64;
        }
    }
    let ratio = |sum: f64, count: usize| if count > 0 { sum / count as f64 } else { 0.0 };
    let keep = f1(
        ratio(keep_precision_sum, keep_kept),
        ratio(keep_recall_sum, keep_all),
    );
    let deletion = ratio(deleted_good_sum, deleted);
    let added = c.keys().filter(|g| !s.contains_key(*g)).count();
    let added_good = c
        .keys()
        .filter(|g| !s.contains_key(*g) && r.contains_key(*g))
        .count();
    let added_all = r.keys().filter(|g| !s.contains_key(*g)).count();
    let addition = f1(
        ratio(added_good as f64, added),
        ratio(added_good as f64, added_all),
    );
    (keep, deletion, addition)
}

/// `SARI.py`'s `SARIsent(source, output, references)` on a 0–1 scale.
pub fn sari_sentence(source: &str, output: &str, references: &[&str]) -> f64 {
    let lower = |t: &str| t.to_lowercase();
    let (source, output) = (lower(source), lower(output));
    let references: Vec<String> = references.iter().map(|r| lower(r)).collect();
    let mut vocabulary = Vocabulary::default();
    let s = vocabulary.intern_all(source.split(' '));
    let o = vocabulary.intern_all(output.split(' '));
    let r: Vec<Vec<u32>> = references
        .iter()
        .map(|x| vocabulary.intern_all(x.split(' ')))
        .collect();
    let (mut keep, mut deletion, mut addition) = (0.0, 0.0, 0.0);
    for n in 1..=4 {
        let (k, d, a) = sari_ngram(&s, &o, &r, n);
        keep += k;
        deletion += d;
        addition += a;
    }
    (keep / 4.0 + deletion / 4.0 + addition / 4.0) / 3.0
}

/// MAX-SARI: the highest single-reference [`sari_sentence`] over the references (LCB §5).
pub fn max_sari(source: &str, output: &str, references: &[&str]) -> f64 {
    references
        .iter()
        .map(|r| sari_sentence(source, output, std::slice::from_ref(r)))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// "Lucky perfect" SARI (LCB spec §9): the SARI of a perfect output that happens to be the first
/// reference.
pub fn lucky_sari(source: &str, references: &[&str]) -> f64 {
    sari_sentence(source, references[0], references)
}

/// Checks that every reference file has as many lines as the outputs.
fn check_shape(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
) -> Result<(), Error> {
    let mismatch = |found: usize| Error::CountMismatch {
        file: "a reference or output".into(),
        found,
        expected_from: "the source".into(),
        expected: sources.len(),
    };
    if outputs.len() != sources.len() {
        return Err(mismatch(outputs.len()));
    }
    if references.is_empty() {
        return Err(Error::InvalidParams(
            "SARI needs at least one reference".into(),
        ));
    }
    if let Some(r) = references.iter().find(|r| r.len() != sources.len()) {
        return Err(mismatch(r.len()));
    }
    Ok(())
}

/// The mean of [`sari_sentence`] over a corpus (`references[k]` = all lines of reference k), the
/// corpus SARI of the LCB paper's code.
pub fn sari_mean(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
) -> Result<f64, Error> {
    Ok(sari_per_sentence(sources, outputs, references)?
        .iter()
        .sum::<f64>()
        / sources.len() as f64)
}

/// [`sari_sentence`] of every sentence of a corpus.
pub fn sari_per_sentence(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
) -> Result<Vec<f64>, Error> {
    check_shape(sources, outputs, references)?;
    Ok((0..sources.len())
        .into_par_iter()
        .map(|i| {
            let refs: Vec<&str> = references.iter().map(|r| r[i].as_str()).collect();
            sari_sentence(&sources[i], &outputs[i], &refs)
        })
        .collect())
}

/// Which of EASSE's corpus SARI computations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EasseVariant {
    /// `corpus_sari(...)`: lower-cased, `13a` tokens everywhere, per-n F1 averaged.
    Default,
    /// `legacy=True`: the Java implementation's bug kept — the source is neither tokenised nor
    /// lower-cased, outputs and references are tokenised but not lower-cased (reproduces the
    /// 39.96 of Xu et al. 2016 for SBMT-SARI).
    Legacy,
    /// `use_paper_version=True`: precision and recall averaged over n first, then F1.
    PaperVersion,
}

/// EASSE's corpus SARI on a 0–100 scale: (addition, keep, deletion) and their mean.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
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

/// EASSE's `corpus_sari` (`references[k]` = all lines of reference k).
pub fn easse_corpus_sari(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
    variant: EasseVariant,
) -> Result<EasseSari, Error> {
    check_shape(sources, outputs, references)?;
    let lowercase = variant != EasseVariant::Legacy;
    let normalise = |s: &str| {
        if lowercase {
            tokenize_13a(&s.to_lowercase())
        } else {
            tokenize_13a(s)
        }
    };
    // [operation][n]: (system correct, system total, reference total), operations add/keep/delete.
    let mut stats = [[[0u64; 3]; 4]; 3];
    for i in 0..sources.len() {
        let source = if variant == EasseVariant::Legacy {
            sources[i].clone()
        } else {
            normalise(&sources[i])
        };
        let output = normalise(&outputs[i]);
        let refs: Vec<String> = references.iter().map(|r| normalise(&r[i])).collect();
        let mut vocabulary = Vocabulary::default();
        let s = vocabulary.intern_all(python_split(&source));
        let o = vocabulary.intern_all(python_split(&output));
        let r: Vec<Vec<u32>> = refs
            .iter()
            .map(|x| vocabulary.intern_all(python_split(x)))
            .collect();
        let weight = r.len() as u64;
        for n in 1..=4 {
            let sc = counts(&s, n);
            let oc = counts(&o, n);
            let mut rc: FastMap<Gram, u32> = FastMap::default();
            for reference in &r {
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
    let precision_recall = |[correct, system, reference]: [u64; 3]| {
        let p = if system > 0 {
            correct as f64 / system as f64
        } else {
            0.0
        };
        let r = if reference > 0 {
            correct as f64 / reference as f64
        } else {
            0.0
        };
        (p, r)
    };
    let [add, keep, delete] = stats.map(|operation| match variant {
        EasseVariant::PaperVersion => {
            let (mut p, mut r) = (0.0, 0.0);
            for counts in operation {
                let (pn, rn) = precision_recall(counts);
                p += pn;
                r += rn;
            }
            f1(p / 4.0, r / 4.0)
        }
        EasseVariant::Default | EasseVariant::Legacy => {
            let mut score = 0.0;
            for counts in operation {
                let (p, r) = precision_recall(counts);
                let f = if p > 0.0 && r > 0.0 {
                    2.0 * p * r / (p + r)
                } else {
                    0.0
                };
                score += f / 4.0;
            }
            score
        }
    });
    let (add, keep, delete) = (100.0 * add, 100.0 * keep, 100.0 * delete);
    Ok(EasseSari {
        add,
        keep,
        delete,
        sari: (add + keep + delete) / 3.0,
    })
}
