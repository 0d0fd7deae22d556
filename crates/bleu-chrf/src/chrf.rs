//! sacreBLEU's chrF (Popović, 2015) and chrF++ (Popović, 2017): character n-gram (n = 1…6) and,
//! for chrF++, word n-gram (n = 1, 2) matches of each sentence against the reference that gives
//! it the best F, summed over the corpus; then, over the orders with both hypothesis and
//! reference n-grams, the mean precision P and mean recall R, and
//!
//! chrF = 100 · (1 + β²) · P · R / (β² · P + R), β = 2.
//!
//! Characters are counted with whitespace removed; words are split on whitespace with one
//! punctuation mark split off each end.

use std::hash::Hash;

use crate::ngrams::FastMap;
use crate::python_str::python_split;
use crate::references::SentenceStatistics;
use crate::{Error, SACREBLEU_VERSION};

/// The highest character n-gram order chrF takes: a sentence's characters give few longer
/// n-grams, and each order is a hash map per sentence and reference.
pub const MAX_CHAR_ORDER: usize = 20;

/// The highest word n-gram order chrF takes (chrF++ uses 2).
pub const MAX_WORD_ORDER: usize = 10;

/// chrF's settings: sacreBLEU's `CHRF(...)` arguments (its defaults: chrF; `word_order` 2 is
/// chrF++).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct ChrfOptions {
    /// The highest character n-gram order (6).
    pub char_order: usize,
    /// The highest word n-gram order (0; chrF++: 2).
    pub word_order: usize,
    /// β: recall is β times as important as precision (2).
    pub beta: f64,
    /// Lowercase first (no).
    pub lowercase: bool,
    /// Keep whitespace in the character n-grams (no).
    pub whitespace: bool,
    /// chrF++.py's averaging of the per-order F scores, zero counts as ε (no).
    pub eps_smoothing: bool,
}

impl Default for ChrfOptions {
    fn default() -> ChrfOptions {
        ChrfOptions {
            char_order: 6,
            word_order: 0,
            beta: 2.0,
            lowercase: false,
            whitespace: false,
            eps_smoothing: false,
        }
    }
}

impl ChrfOptions {
    /// chrF++: chrF with word unigrams and bigrams.
    pub fn plus_plus() -> ChrfOptions {
        ChrfOptions {
            word_order: 2,
            ..ChrfOptions::default()
        }
    }
}

/// One sentence's (or a corpus's summed) chrF statistics: for each order (characters, then
/// words), the hypothesis' n-grams, the reference's and the matches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChrfStats(pub Vec<[u64; 3]>);

impl std::ops::AddAssign<&ChrfStats> for ChrfStats {
    fn add_assign(&mut self, other: &ChrfStats) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), [0; 3]);
        }
        for (sum, s) in self.0.iter_mut().zip(&other.0) {
            for k in 0..3 {
                sum[k] += s[k];
            }
        }
    }
}

/// chrF with fixed settings.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Chrf {
    options: ChrfOptions,
}

/// Python's `string.punctuation`: what chrF++ splits off a word's ends.
fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation()
}

/// The n-grams of one line, by order.
type Grams<'a> = Vec<FastMap<&'a str, u64>>;

impl Chrf {
    /// chrF with `options`: at least one order, at most [`MAX_CHAR_ORDER`] character and
    /// [`MAX_WORD_ORDER`] word orders, β finite and above 0.
    pub fn new(options: ChrfOptions) -> Result<Chrf, Error> {
        if options.char_order + options.word_order == 0
            || options.char_order > MAX_CHAR_ORDER
            || options.word_order > MAX_WORD_ORDER
            || !(options.beta > 0.0 && options.beta.is_finite())
        {
            return Err(Error::InvalidOption(format!(
                "chrF needs 0–{MAX_CHAR_ORDER} character and 0–{MAX_WORD_ORDER} word n-gram orders, \
                 at least one, and a finite β > 0"
            )));
        }
        Ok(Chrf { options })
    }

    /// The settings.
    pub fn options(&self) -> &ChrfOptions {
        &self.options
    }

    /// The line's words, each with one punctuation mark split off its end, or else its start
    /// (sacreBLEU's: `(hi)` gives `(hi` and `)`).
    fn words(line: &str) -> Vec<&str> {
        let mut words = Vec::new();
        for w in python_split(line) {
            let mut chars = w.chars();
            let (first, last) = (chars.next(), chars.next_back());
            match (first, last) {
                (Some(_), Some(l)) if is_punctuation(l) => {
                    let cut = w.len() - l.len_utf8();
                    words.extend([&w[..cut], &w[cut..]]);
                }
                (Some(f), Some(_)) if is_punctuation(f) => {
                    let cut = f.len_utf8();
                    words.extend([&w[..cut], &w[cut..]]);
                }
                _ => words.push(w),
            }
        }
        words
    }

    /// The character n-grams of `text` (already without whitespace if it is to be left out),
    /// then the word n-grams of `words` joined by spaces (in `joined`, which keeps them).
    fn grams<'a>(&self, text: &'a str, words: &[&str], joined: &'a mut Vec<String>) -> Grams<'a> {
        let bounds: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let mut grams: Grams<'a> = (1..=self.options.char_order)
            .map(|n| counted(bounds.windows(n + 1).map(|w| &text[w[0]..w[n]])))
            .collect();
        *joined = (1..=self.options.word_order)
            .flat_map(|n| words.windows(n).map(|w| w.join(" ")))
            .collect();
        let mut rest: &'a [String] = joined;
        for n in 1..=self.options.word_order {
            let count = words.len().saturating_sub(n - 1);
            let (these, others) = rest.split_at(count);
            grams.push(counted(these.iter().map(String::as_str)));
            rest = others;
        }
        grams
    }

    /// A line as chrF reads it: lowercased if asked.
    fn preprocess(&self, line: &str) -> String {
        if self.options.lowercase {
            line.to_lowercase()
        } else {
            line.to_owned()
        }
    }

    /// The characters chrF counts: whitespace removed unless it is kept.
    fn characters(&self, line: &str) -> String {
        if self.options.whitespace {
            line.to_owned()
        } else {
            python_split(line).collect()
        }
    }

    /// chrF (0–100) of `stats`.
    pub fn f_score(&self, stats: &ChrfStats) -> f64 {
        const EPS: f64 = 1e-16;
        let factor = self.options.beta * self.options.beta;
        let (mut score, mut precision, mut recall, mut orders) = (0.0, 0.0, 0.0, 0usize);
        for &[hyp, reference, matched] in &stats.0 {
            let p = if hyp > 0 {
                matched as f64 / hyp as f64
            } else {
                EPS
            };
            let r = if reference > 0 {
                matched as f64 / reference as f64
            } else {
                EPS
            };
            let denominator = factor * p + r;
            score += if denominator > 0.0 {
                (1.0 + factor) * p * r / denominator
            } else {
                EPS
            };
            if hyp > 0 && reference > 0 {
                precision += p;
                recall += r;
                orders += 1;
            }
        }
        if self.options.eps_smoothing {
            return 100.0 * score / stats.0.len() as f64;
        }
        if orders == 0 {
            return 0.0;
        }
        precision /= orders as f64;
        recall /= orders as f64;
        if precision + recall == 0.0 {
            return 0.0;
        }
        let f = (1.0 + factor) * precision * recall;
        100.0 * (f / (factor * precision + recall))
    }
}

impl SentenceStatistics for Chrf {
    type Stats = ChrfStats;

    /// One sentence's statistics: `hypothesis` against the one of `references` (at least one)
    /// that gives it the best F (the first of equals; none leaves the statistics empty).
    fn sentence_stats(&self, hypothesis: &str, references: &[&str]) -> ChrfStats {
        let hypothesis = self.preprocess(hypothesis);
        let hyp_chars = self.characters(&hypothesis);
        let hyp_words = Chrf::words(&hypothesis);
        let mut hyp_joined = Vec::new();
        let hyp = self.grams(&hyp_chars, &hyp_words, &mut hyp_joined);
        let mut best = (-1.0, ChrfStats::default());
        for reference in references {
            let reference = self.preprocess(reference);
            let ref_chars = self.characters(&reference);
            let ref_words = Chrf::words(&reference);
            let mut ref_joined = Vec::new();
            let grams = self.grams(&ref_chars, &ref_words, &mut ref_joined);
            let stats = ChrfStats(hyp.iter().zip(&grams).map(|(h, r)| matches(h, r)).collect());
            let f = self.f_score(&stats);
            if f > best.0 {
                best = (f, stats);
            }
        }
        best.1
    }

    fn points(&self, stats: &ChrfStats) -> f64 {
        self.f_score(stats)
    }

    /// sacreBLEU's signature with `nrefs` reference streams:
    /// `nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0`.
    fn signature(&self, nrefs: usize) -> String {
        let o = &self.options;
        let yes = |b: bool| if b { "yes" } else { "no" };
        format!(
            "nrefs:{nrefs}|case:{}|eff:{}|nc:{}|nw:{}|space:{}|version:{SACREBLEU_VERSION}",
            if o.lowercase { "lc" } else { "mixed" },
            yes(!o.eps_smoothing),
            o.char_order,
            o.word_order,
            yes(o.whitespace),
        )
    }
}

/// Each item with its count.
fn counted<T: Hash + Eq>(items: impl Iterator<Item = T>) -> FastMap<T, u64> {
    let mut counts = FastMap::default();
    for item in items {
        *counts.entry(item).or_insert(0) += 1;
    }
    counts
}

/// One order's hypothesis n-grams (none where the reference has none), reference n-grams and
/// clipped matches.
fn matches(hyp: &FastMap<&str, u64>, reference: &FastMap<&str, u64>) -> [u64; 3] {
    let (mut total, mut matched) = (0, 0);
    for (gram, &n) in hyp {
        total += n;
        if let Some(&r) = reference.get(gram) {
            matched += n.min(r);
        }
    }
    let in_reference = reference.values().sum();
    [
        if reference.is_empty() { 0 } else { total },
        in_reference,
        matched,
    ]
}
