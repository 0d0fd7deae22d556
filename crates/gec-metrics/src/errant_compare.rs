//! ERRANT's edit comparison (`errant_compare`, Bryant et al. 2017) of a hypothesis M2 file with a
//! reference M2 file: edits match by span (and correction, and type, as the mode says), each
//! sentence takes the hypothesis/reference annotator pair that maximises the running corpus F_β
//! (ties: more TP, then fewer FP, then fewer FN; F compared after rounding to 4 decimals, as
//! ERRANT does). Needs no parser: it compares edits already in M2 form.

use std::collections::HashMap;

use crate::Error;
use crate::m2_file::{M2Edit, M2File};

/// What counts as the same edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrantMode {
    /// Span and correction (`-cs`, the default).
    #[default]
    CorrectionSpans,
    /// Span, correction and error type (`-cse`).
    CorrectionSpansTypes,
    /// Span only (`-ds`).
    DetectionSpans,
    /// Each source token of a span separately; insertions count as the token to their right
    /// (`-dt`).
    DetectionTokens,
}

/// Corpus counts and scores of an ERRANT comparison.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ErrantScore {
    /// True positives.
    pub tp: u64,
    /// False positives.
    pub fp: u64,
    /// False negatives.
    pub fn_: u64,
    /// P = TP / (TP + FP) (1 without FP).
    pub precision: f64,
    /// R = TP / (TP + FN) (1 without FN).
    pub recall: f64,
    /// F_β.
    pub f_beta: f64,
}

type Key = (i64, i64, String, String);
type Coders = Vec<(u32, HashMap<Key, Vec<String>>)>;

fn process(edits: &[M2Edit], mode: ErrantMode) -> Coders {
    let noop = M2Edit {
        line: 0,
        start: -1,
        end: -1,
        category: "noop".into(),
        correction: "-NONE-".into(),
        annotator: 0,
    };
    let edits = if edits.is_empty() {
        std::slice::from_ref(&noop)
    } else {
        edits
    };
    let mut coders: Coders = Vec::new();
    for edit in edits {
        if !coders.iter().any(|(c, _)| *c == edit.annotator) {
            coders.push((edit.annotator, HashMap::new()));
        }
        let detection = matches!(
            mode,
            ErrantMode::DetectionSpans | ErrantMode::DetectionTokens
        );
        if !detection && edit.category == "UNK" {
            continue;
        }
        let Some((_, dict)) = coders.iter_mut().find(|(c, _)| *c == edit.annotator) else {
            continue;
        };
        let mut add = |key: Key| dict.entry(key).or_default().push(edit.category.clone());
        let (start, end) = (edit.start, edit.end);
        match mode {
            ErrantMode::DetectionTokens if start == -1 => {
                add((start, start, String::new(), String::new()))
            }
            ErrantMode::DetectionTokens if start == end && start >= 0 => {
                add((start, start + 1, String::new(), String::new()))
            }
            ErrantMode::DetectionTokens => {
                for token in start..end {
                    add((token, token + 1, String::new(), String::new()));
                }
            }
            ErrantMode::DetectionSpans => add((start, end, String::new(), String::new())),
            ErrantMode::CorrectionSpansTypes => {
                add((start, end, edit.category.clone(), edit.correction.clone()))
            }
            ErrantMode::CorrectionSpans => {
                add((start, end, String::new(), edit.correction.clone()))
            }
        }
    }
    coders
}

fn compare(
    hyp: &HashMap<Key, Vec<String>>,
    reference: &HashMap<Key, Vec<String>>,
) -> (u64, u64, u64) {
    let (mut tp, mut fp, mut fn_) = (0, 0, 0);
    for (edit, cats) in hyp {
        if cats[0] == "noop" {
            continue;
        }
        match reference.get(edit) {
            Some(ref_cats) => tp += ref_cats.len() as u64,
            None => fp += cats.len() as u64,
        }
    }
    for (edit, cats) in reference {
        if cats[0] != "noop" && !hyp.contains_key(edit) {
            fn_ += cats.len() as u64;
        }
    }
    (tp, fp, fn_)
}

/// ERRANT's P, R, F_β (unrounded).
fn scores(tp: u64, fp: u64, fn_: u64, beta: f64) -> (f64, f64, f64) {
    let p = if fp > 0 {
        tp as f64 / (tp + fp) as f64
    } else {
        1.0
    };
    let r = if fn_ > 0 {
        tp as f64 / (tp + fn_) as f64
    } else {
        1.0
    };
    let b2 = beta.powi(2);
    let f = if p + r > 0.0 {
        (1.0 + b2) * p * r / (b2 * p + r)
    } else {
        0.0
    };
    (p, r, f)
}

/// Python's `round(x, 4)`: the correctly rounded 4-decimal value.
fn round4(x: f64) -> f64 {
    format!("{x:.4}").parse().unwrap_or(x)
}

/// Compares a hypothesis M2 file with a reference M2 file sentence by sentence.
pub fn errant_compare(
    hyp: &M2File,
    reference: &M2File,
    mode: ErrantMode,
    beta: f64,
) -> Result<ErrantScore, Error> {
    if hyp.blocks.len() != reference.blocks.len() {
        return Err(Error::CountMismatch {
            file: hyp.file.clone(),
            found: hyp.blocks.len(),
            expected_from: reference.file.clone(),
            expected: reference.blocks.len(),
        });
    }
    let (mut tp, mut fp, mut fn_) = (0u64, 0u64, 0u64);
    for (h, r) in hyp.blocks.iter().zip(&reference.blocks) {
        let (h, r) = (process(&h.edits, mode), process(&r.edits, mode));
        let mut best = (0u64, 0u64, 0u64);
        let mut best_f = -1.0;
        for (_, hyp_edits) in &h {
            for (_, ref_edits) in &r {
                let (t, p, n) = compare(hyp_edits, ref_edits);
                let f = round4(scores(t + tp, p + fp, n + fn_, beta).2);
                let better = f > best_f
                    || (f == best_f && t > best.0)
                    || (f == best_f && t == best.0 && p < best.1)
                    || (f == best_f && t == best.0 && p == best.1 && n < best.2);
                if better {
                    best = (t, p, n);
                    best_f = f;
                }
            }
        }
        tp += best.0;
        fp += best.1;
        fn_ += best.2;
    }
    let (precision, recall, f_beta) = scores(tp, fp, fn_, beta);
    Ok(ErrantScore {
        tp,
        fp,
        fn_,
        precision,
        recall,
        f_beta,
    })
}
