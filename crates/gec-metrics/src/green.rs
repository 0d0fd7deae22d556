//! GREEN, as gec-metrics computes it (`metrics/green.py`): n-gram precision and recall of a
//! correction judged against its source and a reference at once.
//!
//! For every n-gram g of order n ≤ N with counts s, h and r in the source, the hypothesis and
//! the reference, the hypothesis is credited with
//!
//! * true positives: kept deletions max(s − max(r, h), 0), kept insertions
//!   max(min(r, h) − s, 0) and kept tokens min(s, h, r);
//! * false positives: over-deletions max(min(s, r) − h, 0) and over-insertions
//!   max(h − max(s, r), 0);
//! * false negatives: under-deletions max(min(s, h) − r, 0) and under-insertions
//!   max(r − max(s, h), 0).
//!
//! Per order, P_n = TP/(TP + FP) (1 without false positives) and R_n = TP/(TP + FN) (1 without
//! false negatives); P and R are the geometric means over the orders (0 if any order's is 0) and
//! the score is F_β = (1 + β²)·P·R / (β²·P + R). A sentence takes the reference that gives it the
//! highest F_β (the first among equals); the corpus score is F_β of the chosen references'
//! counts summed per order.

use crate::Error;
use crate::ngrams::{FastMap, GramIds, interned_orders};
use crate::parallel::map_indices;
use crate::text::{aligned, python_strip};

/// What an n-gram is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GreenUnit {
    /// Words: the line split at single spaces (`unit='word'`).
    Word,
    /// Characters, spaces included (`unit='char'`).
    Char,
}

/// GREEN's settings; the defaults are gec-metrics' (`n=4`, `beta=2.0`, `unit='word'`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct GreenOptions {
    /// The highest n-gram order N (at least 1).
    pub n: usize,
    /// β of F_β.
    pub beta: f64,
    /// Words or characters.
    pub unit: GreenUnit,
}

impl Default for GreenOptions {
    fn default() -> GreenOptions {
        GreenOptions {
            n: 4,
            beta: 2.0,
            unit: GreenUnit::Word,
        }
    }
}

/// One order's n-gram counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NgramCounts {
    /// Kept deletions, kept insertions and kept tokens.
    pub tp: u64,
    /// Over-deletions and over-insertions.
    pub fp: u64,
    /// Under-deletions and under-insertions.
    pub fn_: u64,
}

impl NgramCounts {
    /// TP/(TP + FP), 1 without false positives.
    pub fn precision(&self) -> f64 {
        if self.fp == 0 {
            return 1.0;
        }
        self.tp as f64 / (self.tp + self.fp) as f64
    }

    /// TP/(TP + FN), 1 without false negatives.
    pub fn recall(&self) -> f64 {
        if self.fn_ == 0 {
            return 1.0;
        }
        self.tp as f64 / (self.tp + self.fn_) as f64
    }

    fn add(&mut self, other: &NgramCounts) {
        self.tp += other.tp;
        self.fp += other.fp;
        self.fn_ += other.fn_;
    }
}

/// One sentence's counts per order (1 … N) against its chosen reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GreenSentence {
    /// The chosen reference (0-based).
    pub reference: usize,
    /// Order n's counts at index n − 1.
    pub counts: Vec<NgramCounts>,
}

/// GREEN of a corpus and of each of its sentences.
#[derive(Debug, Clone, PartialEq)]
pub struct GreenScore {
    /// F_β of the counts summed over sentences.
    pub corpus: f64,
    /// The corpus P and R ([`green_precision_recall`] of the summed counts).
    pub precision: f64,
    /// See `precision`.
    pub recall: f64,
    /// Each sentence's F_β against its chosen reference.
    pub sentences: Vec<f64>,
    /// Each sentence's chosen reference and counts.
    pub counts: Vec<GreenSentence>,
}

/// P and R of per-order counts: the geometric means of the orders' precisions and recalls,
/// each 0 if any order's is 0.
pub fn green_precision_recall(counts: &[NgramCounts]) -> (f64, f64) {
    let mean = |values: Vec<f64>| {
        if values.contains(&0.0) {
            0.0
        } else {
            (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
        }
    };
    (
        mean(counts.iter().map(NgramCounts::precision).collect()),
        mean(counts.iter().map(NgramCounts::recall).collect()),
    )
}

/// F_β of per-order counts: (1 + β²)·P·R / (β²·P + R) of [`green_precision_recall`], 0 when
/// P + R = 0.
pub fn green_f(counts: &[NgramCounts], beta: f64) -> f64 {
    let (p, r) = green_precision_recall(counts);
    if p + r == 0.0 {
        return 0.0;
    }
    let b2 = beta * beta;
    (1.0 + b2) * p * r / (b2 * p + r)
}

/// The counts of sentences summed per order.
pub fn green_totals<'a>(
    sentences: impl IntoIterator<Item = &'a [NgramCounts]>,
) -> Vec<NgramCounts> {
    let mut total: Vec<NgramCounts> = Vec::new();
    for counts in sentences {
        if total.len() < counts.len() {
            total.resize(counts.len(), NgramCounts::default());
        }
        for (t, c) in total.iter_mut().zip(counts) {
            t.add(c);
        }
    }
    total
}

/// GREEN of `hypotheses` against `sources` and `references` (each line-aligned with the
/// sources). `names` names the files in errors: the sources, the hypotheses, then each reference.
///
/// # Errors
/// [`Error::CountMismatch`] when a file has another number of lines than the sources;
/// [`Error::InvalidParams`] when N is 0, β is not positive and finite, or there is no
/// reference.
pub fn green(
    sources: &[String],
    hypotheses: &[String],
    references: &[Vec<String>],
    names: &[&str],
    options: &GreenOptions,
) -> Result<GreenScore, Error> {
    let beta_fits = options.beta > 0.0 && options.beta <= crate::MAX_BETA;
    if !(1..=MAX_GREEN_ORDER).contains(&options.n) || !beta_fits {
        return Err(Error::InvalidParams(format!(
            "GREEN needs n from 1 to {MAX_GREEN_ORDER} and β in (0, {}], not n = {} and β = {}",
            crate::MAX_BETA,
            options.n,
            options.beta
        )));
    }
    aligned("GREEN", sources, hypotheses, references, names)?;
    let counts = map_indices(sources.len(), |i| {
        let refs: Vec<&str> = references.iter().map(|r| r[i].as_str()).collect();
        sentence(&sources[i], &hypotheses[i], &refs, options)
    });
    let sentences = counts
        .iter()
        .map(|c| green_f(&c.counts, options.beta))
        .collect();
    let totals = green_totals(counts.iter().map(|c| c.counts.as_slice()));
    let (precision, recall) = green_precision_recall(&totals);
    Ok(GreenScore {
        corpus: green_f(&totals, options.beta),
        precision,
        recall,
        sentences,
        counts,
    })
}

/// The highest n-gram order GREEN takes: 100 (every order keeps its counts per sentence and
/// reference).
pub const MAX_GREEN_ORDER: usize = 100;

/// One sentence's counts against each reference, the best kept.
fn sentence(
    source: &str,
    hypothesis: &str,
    references: &[&str],
    options: &GreenOptions,
) -> GreenSentence {
    let mut vocabulary = FastMap::default();
    let s = units(python_strip(source), options.unit, &mut vocabulary);
    let h = units(python_strip(hypothesis), options.unit, &mut vocabulary);
    let mut grams = GramIds::default();
    let (s, h) = (
        interned_orders(&s, options.n, &mut grams),
        interned_orders(&h, options.n, &mut grams),
    );
    let mut scored = Vec::with_capacity(references.len());
    for (k, reference) in references.iter().enumerate() {
        let r = units(python_strip(reference), options.unit, &mut vocabulary);
        let r = interned_orders(&r, options.n, &mut grams);
        let counts: Vec<NgramCounts> = (0..options.n)
            .map(|n| order_counts(&s[n], &h[n], &r[n]))
            .collect();
        let f = green_f(&counts, options.beta);
        scored.push((
            f,
            GreenSentence {
                reference: k,
                counts,
            },
        ));
    }
    scored
        .into_iter()
        .reduce(|best, next| if best.0 < next.0 { next } else { best })
        .map(|(_, best)| best)
        .expect("green() refuses an empty list of references")
}

/// The line's units as ids (words split at single spaces, or characters); an empty line has
/// none, as `''.split(' ')` is never counted.
fn units<'t>(text: &'t str, unit: GreenUnit, vocabulary: &mut FastMap<&'t str, u32>) -> Vec<u32> {
    if text.is_empty() {
        return Vec::new();
    }
    match unit {
        GreenUnit::Word => text
            .split(' ')
            .map(|w| {
                let next = vocabulary.len() as u32;
                *vocabulary.entry(w).or_insert(next)
            })
            .collect(),
        GreenUnit::Char => text.chars().map(u32::from).collect(),
    }
}

/// One order's counts, by a merge of the three sorted count lists.
fn order_counts(s: &[(u32, u64)], h: &[(u32, u64)], r: &[(u32, u64)]) -> NgramCounts {
    let (mut i, mut j, mut k) = (0, 0, 0);
    let mut out = NgramCounts::default();
    loop {
        let next = [s.get(i), h.get(j), r.get(k)]
            .into_iter()
            .flatten()
            .map(|(g, _)| *g)
            .min();
        let Some(gram) = next else {
            return out;
        };
        let take = |list: &[(u32, u64)], at: &mut usize| match list.get(*at) {
            Some((g, c)) if *g == gram => {
                *at += 1;
                *c
            }
            _ => 0,
        };
        let (ms, mh, mr) = (take(s, &mut i), take(h, &mut j), take(r, &mut k));
        out.tp +=
            ms.saturating_sub(mr.max(mh)) + mr.min(mh).saturating_sub(ms) + ms.min(mh).min(mr);
        out.fp += ms.min(mr).saturating_sub(mh) + mh.saturating_sub(ms.max(mr));
        out.fn_ += ms.min(mh).saturating_sub(mr) + mr.saturating_sub(ms.max(mh));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn counts_follow_the_seven_cases() {
        // Unigrams of "a b c" → "a c d" against "a c e": b deleted as the reference does (TP),
        // d inserted where the reference inserts e (FP d, FN e), a and c kept (TP).
        let score = green(
            &lines(&["a b c"]),
            &lines(&["a c d"]),
            &[lines(&["a c e"])],
            &[],
            &GreenOptions {
                n: 1,
                ..GreenOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            score.counts[0].counts,
            [NgramCounts {
                tp: 3,
                fp: 1,
                fn_: 1
            }]
        );
        // P = R = 3/4, so F = 3/4 for any β.
        assert_eq!(score.sentences, [0.75]);
        assert_eq!(
            (score.corpus, score.precision, score.recall),
            (0.75, 0.75, 0.75)
        );
    }

    #[test]
    fn each_case_counts_where_it_belongs() {
        let one = |tp, fp, fn_| NgramCounts { tp, fp, fn_ };
        // (source, hypothesis, reference) → the unigram counts of the one case it is.
        for (s, h, r, expected) in [
            ("x", "", "", one(1, 0, 0)),   // kept deletion
            ("", "y", "y", one(1, 0, 0)),  // kept insertion
            ("x", "x", "x", one(1, 0, 0)), // kept token
            ("x", "", "x", one(0, 1, 0)),  // over-deletion
            ("", "y", "", one(0, 1, 0)),   // over-insertion
            ("x", "x", "", one(0, 0, 1)),  // under-deletion
            ("", "", "y", one(0, 0, 1)),   // under-insertion
        ] {
            let options = GreenOptions {
                n: 1,
                ..GreenOptions::default()
            };
            let score = green(&lines(&[s]), &lines(&[h]), &[lines(&[r])], &[], &options).unwrap();
            assert_eq!(
                score.counts[0].counts,
                [expected],
                "{s:?} → {h:?} against {r:?}"
            );
        }
    }

    #[test]
    fn the_best_reference_is_chosen_and_the_first_among_equals() {
        let options = GreenOptions::default();
        let score = green(
            &lines(&["He go to school .", "Fine ."]),
            &lines(&["He goes to school .", "Fine ."]),
            &[
                lines(&["He went to school .", "Fine ."]),
                lines(&["He goes to school .", "Fine ."]),
            ],
            &[],
            &options,
        )
        .unwrap();
        assert_eq!(score.counts[0].reference, 1);
        assert_eq!(score.counts[1].reference, 0);
        assert_eq!(score.sentences, [1.0, 1.0]);
        assert_eq!(score.corpus, 1.0);
    }

    #[test]
    fn an_order_without_true_positives_zeroes_the_score() {
        let counts = [
            NgramCounts {
                tp: 2,
                fp: 0,
                fn_: 0,
            },
            NgramCounts {
                tp: 0,
                fp: 1,
                fn_: 1,
            },
        ];
        assert_eq!(green_f(&counts, 2.0), 0.0);
        // An empty sentence everywhere has no n-grams: P = R = 1.
        let empty = green(
            &lines(&[""]),
            &lines(&[""]),
            &[lines(&[""])],
            &[],
            &GreenOptions::default(),
        );
        assert_eq!(empty.unwrap().sentences, [1.0]);
    }

    #[test]
    fn mismatched_files_are_named() {
        let error = green(
            &lines(&["a", "b"]),
            &lines(&["a"]),
            &[lines(&["a", "b"])],
            &["src.txt", "hyp.txt", "ref.txt"],
            &GreenOptions::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.contains("hyp.txt") && error.contains("src.txt"),
            "{error}"
        );
    }
}
