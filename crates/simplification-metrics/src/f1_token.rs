//! EASSE's `f1_token`: per line, the best token F1 against one of its references, averaged.

use std::collections::HashMap;

use bleu_chrf::python_str::python_split;

use crate::sari::{f1, precision_recall};
use crate::{Error, Preprocessing, References};

/// One line's token F1 on a 0–1 scale: max over references r of F1(P, R) with
/// P = |O ∩ r| / |O| and R = |O ∩ r| / |r|, where O and r are normalised tokens and ∩ the
/// multiset intersection.
pub fn f1_token_line(output: &str, references: &[&str], preprocessing: Preprocessing) -> f64 {
    let output = preprocessing.apply(output);
    let mut system: HashMap<&str, u64> = HashMap::new();
    for token in python_split(&output) {
        *system.entry(token).or_insert(0) += 1;
    }
    let system_total: u64 = system.values().sum();
    references
        .iter()
        .map(|reference| {
            let reference = preprocessing.apply(reference);
            let mut counts: HashMap<&str, u64> = HashMap::new();
            for token in python_split(&reference) {
                *counts.entry(token).or_insert(0) += 1;
            }
            let correct = counts
                .iter()
                .map(|(t, &c)| c.min(system.get(t).copied().unwrap_or(0)))
                .sum();
            let (p, r) = precision_recall([correct, system_total, counts.values().sum()]);
            f1(p, r)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// EASSE's `corpus_f1_token`: 100 × the mean of [`f1_token_line`] over the lines (0 for none).
pub fn corpus_f1_token(
    outputs: &[String],
    references: &References,
    preprocessing: Preprocessing,
) -> Result<f64, Error> {
    let mean = crate::mean_over_lines(outputs, references, |i| {
        f1_token_line(&outputs[i], &references.of(i), preprocessing)
    })?;
    Ok(100.0 * mean)
}
