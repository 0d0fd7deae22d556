//! D-SARI (Sun, Jin & Wan, EMNLP 2021 Findings): SARI for documents, whose keep, delete and add
//! scores are discounted for an output longer or shorter than its references and for a number
//! of sentences unlike theirs, as its authors' `D_SARI.py` computes it.

use std::collections::{HashMap, HashSet};

use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};

use crate::Error;
use crate::quality::safe_division;
use crate::sari::f1;

/// A document's D-SARI (fractions): the mean of its three discounted operation scores.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct DSari {
    /// (keep + delete + add) / 3.
    pub score: f64,
    /// The mean keep F1 over n = 1…4, × LP₂ × SLP.
    pub keep: f64,
    /// The mean deletion precision over n = 1…4, × LP₂.
    pub delete: f64,
    /// The mean addition F1 over n = 1…4, × LP₁.
    pub add: f64,
}

/// n-gram counts in the order their n-grams first appear (as Python's `Counter` iterates, so
/// that sums over them add in the reference's order).
#[derive(Debug, Default)]
struct Counts<'a> {
    order: Vec<&'a str>,
    count: HashMap<&'a str, i64>,
}

impl<'a> Counts<'a> {
    fn of(grams: impl IntoIterator<Item = &'a str>, times: i64) -> Counts<'a> {
        let mut counts = Counts::default();
        for gram in grams {
            counts.add(gram, times);
        }
        counts
    }

    fn add(&mut self, gram: &'a str, n: i64) {
        let entry = self.count.entry(gram).or_insert_with(|| {
            self.order.push(gram);
            0
        });
        *entry += n;
    }

    fn get(&self, gram: &str) -> i64 {
        self.count.get(gram).copied().unwrap_or(0)
    }

    fn len(&self) -> usize {
        self.order.len()
    }

    /// `Counter`'s `&` (with `min`) or `-` (with subtraction): the positive results, in this
    /// counter's order.
    fn combine(&self, other: &Counts<'a>, op: impl Fn(i64, i64) -> i64) -> Counts<'a> {
        let mut result = Counts::default();
        for &gram in &self.order {
            let n = op(self.get(gram), other.get(gram));
            if n > 0 {
                result.add(gram, n);
            }
        }
        result
    }

    /// Σ over `self`'s n-grams of self[g] / other[g], in order.
    fn ratio_sum(&self, other: &Counts) -> f64 {
        (self.order.iter()).fold(0.0, |s, g| s + self.get(g) as f64 / other.get(g) as f64)
    }
}

/// a / n, or 0 without any.
fn ratio(a: f64, n: usize) -> f64 {
    safe_division(a, n as f64)
}

/// One order's (keep F1, deletion precision, addition F1).
fn operations(source: &[String], output: &[String], references: &[Vec<String>]) -> [f64; 3] {
    let times = references.len() as i64;
    let refs = Counts::of(references.iter().flatten().map(String::as_str), 1);
    let s = Counts::of(source.iter().map(String::as_str), times);
    let c = Counts::of(output.iter().map(String::as_str), times);
    let keep = s.combine(&c, i64::min);
    let keep_good = keep.combine(&refs, i64::min);
    let keep_all = s.combine(&refs, i64::min);
    let keep_f1 = f1(
        ratio(keep_good.ratio_sum(&keep), keep.len()),
        ratio(keep_good.ratio_sum(&keep_all), keep_all.len()),
    );
    let delete = s.combine(&c, |a, b| a - b);
    let delete_good = delete.combine(&refs, |a, b| a - b);
    let delete_precision = ratio(delete_good.ratio_sum(&delete), delete.len());
    let in_source: HashSet<&str> = s.order.iter().copied().collect();
    let in_refs: HashSet<&str> = refs.order.iter().copied().collect();
    let added: HashSet<&str> = (c.order.iter().copied())
        .filter(|g| !in_source.contains(g))
        .collect();
    let good = added.intersection(&in_refs).count() as f64;
    let possible = in_refs.difference(&in_source).count();
    let add_f1 = f1(ratio(good, added.len()), ratio(good, possible));
    [keep_f1, delete_precision, add_f1]
}

/// The 1- to 4-grams of a text's tokens (split at single spaces, lowercased).
fn ngrams(text: &str) -> [Vec<String>; 4] {
    let tokens: Vec<String> = text.to_lowercase().split(' ').map(str::to_owned).collect();
    std::array::from_fn(|k| tokens.windows(k + 1).map(|w| w.join(" ")).collect())
}

/// D-SARI with NLTK's English Punkt parameters (its sentence counts), loaded once.
#[derive(Debug)]
pub struct DSariScorer {
    punkt: PunktSentenceTokenizer,
}

impl DSariScorer {
    /// The scorer.
    pub fn new() -> Result<DSariScorer, Error> {
        Ok(DSariScorer {
            punkt: PunktSentenceTokenizer::new(PunktParameters::english()?),
        })
    }

    /// D-SARI of `output` for `source` against `references` (at least one): per n-gram order
    /// SARI's keep F1, deletion precision and addition F1 as `D_SARI.py` counts them, averaged
    /// over n = 1…4; with token counts I (source), O (output), R (the references' mean, floored)
    /// and sentence counts S_O, S_R (Punkt; S_R the mean, floored), LP₁ = e^((O − R)/O) when
    /// O < R, LP₂ = e^((R − O)/max(I − R, 1)) when O > R, SLP = e^(−|S_R − S_O|/max(S_R, S_O))
    /// (1 when neither has a sentence, where `D_SARI.py` divides by zero).
    pub fn document(&self, source: &str, output: &str, references: &[&str]) -> DSari {
        let (s, c) = (ngrams(source), ngrams(output));
        let r: Vec<[Vec<String>; 4]> = references.iter().map(|r| ngrams(r)).collect();
        let mut sums = [0.0; 3];
        for n in 0..4 {
            let refs: Vec<Vec<String>> = r.iter().map(|grams| grams[n].clone()).collect();
            for (sum, score) in sums.iter_mut().zip(operations(&s[n], &c[n], &refs)) {
                *sum += score;
            }
        }
        let [keep, delete, add] = sums.map(|sum| sum / 4.0);
        let words = |text: &str| text.split(' ').count();
        let count = references.len().max(1);
        let (input, output_words) = (words(source), words(output));
        let reference = references.iter().map(|r| words(r)).sum::<usize>() / count;
        let sentences = |text: &str| self.punkt.tokenize(text).len();
        let output_sentences = sentences(output);
        let reference_sentences = references.iter().map(|r| sentences(r)).sum::<usize>() / count;
        let (o, r, i) = (output_words as f64, reference as f64, input as f64);
        let lp1 = if output_words >= reference {
            1.0
        } else {
            ((o - r) / o).exp()
        };
        let lp2 = if output_words > reference {
            ((r - o) / (i - r).max(1.0)).exp()
        } else {
            1.0
        };
        let most = output_sentences.max(reference_sentences);
        let slp = if most == 0 {
            1.0
        } else {
            let gap = (reference_sentences as f64 - output_sentences as f64).abs();
            (-gap / most as f64).exp()
        };
        let (keep, delete, add) = (keep * lp2 * slp, delete * lp2, add * lp1);
        DSari {
            score: (keep + delete + add) / 3.0,
            keep,
            delete,
            add,
        }
    }
}
