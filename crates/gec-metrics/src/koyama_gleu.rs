//! GLEU as Koyama's `gleu` package (PyPI `gleu` 1.1.0, the GLEU of MultiGEC-2025) computes it:
//! not `compute_gleu`'s statistics, and with its own corpus, sentence and mean modes.
//!
//! For an n-gram g with counts s, r and h in the source, a reference and the hypothesis, order
//! n's accumulator sums, over the hypothesis' n-grams,
//!
//! * matches Σ min(r, h);
//! * penalties Σ min(s, h) over the n-grams the reference lacks (r = 0);
//! * the denominator Σ h, the hypothesis' n-gram count;
//!
//! and is *rectified* (penalties capped at the matches) per sentence. Order n's precision is
//! p_n = (matches − penalties) / denominator, 1 without n-grams. With reference length ρ and
//! hypothesis length η (tokens), the brevity penalty is ln BP = 1 − ρ/η if ρ ≥ η (−∞ if η = 0
//! < ρ, 0 otherwise), and GLEU = exp(ln BP + mean_n ln p_n), the mean as numpy takes it.
//!
//! * **Corpus** (`gleu`): the rectified accumulators and lengths summed over sentences, each
//!   sentence against one reference. The references are drawn at random in each of `-i` rounds
//!   and the score is the mean over rounds ([`koyama_sampled`]); with `-f` the draws are CPython
//!   2's `random.seed(101·i)` stream ([`ReferenceDraws::Python2`]), and with `-m` each sentence
//!   takes its best reference instead ([`koyama_best_references`]).
//! * **Sentence** (`sgleu`): each sentence's GLEU against each reference, averaged over the
//!   references (or their maximum with `-m`): [`koyama_sentence`].
//! * **Mean** (`mgleu`): the mean of the sentence scores ([`koyama_mean`]).
//!
//! Words are Python's `str.split()` tokens; characters are the line's code points, spaces
//! included.

use reference_stats::numpy_mean;

use crate::Error;
use crate::gleu::{ReferenceDraws, reference_choices};
use crate::ngrams::{GramIds, Vocabulary, interned_orders};
use crate::parallel::map_indices;
use crate::text::{aligned, python_split};

/// What an n-gram is made of (`-t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum KoyamaUnit {
    /// Python's `str.split()` tokens (`-t word`, the default).
    #[default]
    Word,
    /// Code points, spaces included (`-t char`).
    Char,
}

/// The n-gram settings of Koyama's GLEU; the defaults are the package's (`-n 4 -t word`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct KoyamaOptions {
    /// The highest n-gram order N (`-n`, at least 1).
    pub n: usize,
    /// Words or characters.
    pub unit: KoyamaUnit,
}

impl Default for KoyamaOptions {
    fn default() -> KoyamaOptions {
        KoyamaOptions {
            n: 4,
            unit: KoyamaUnit::Word,
        }
    }
}

/// One order's accumulator: matches, penalties and the denominator.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KoyamaCounts {
    /// Σ min(r, h).
    pub matches: u64,
    /// Σ min(s, h) over the n-grams the reference lacks.
    pub penalties: u64,
    /// Σ h.
    pub denominator: u64,
}

impl KoyamaCounts {
    /// The penalties capped at the matches.
    pub fn rectified(&self) -> KoyamaCounts {
        KoyamaCounts {
            penalties: self.penalties.min(self.matches),
            ..*self
        }
    }

    /// (matches − penalties) / denominator of the rectified counts; 1 without n-grams.
    pub fn precision(&self) -> f64 {
        if self.denominator == 0 {
            return 1.0;
        }
        let r = self.rectified();
        (r.matches - r.penalties) as f64 / r.denominator as f64
    }

    fn add(&mut self, other: &KoyamaCounts) {
        self.matches += other.matches;
        self.penalties += other.penalties;
        self.denominator += other.denominator;
    }
}

/// A hypothesis against one reference (or a corpus of them, summed): each order's counts and
/// the two lengths in tokens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KoyamaStats {
    /// Order n's counts at index n − 1 (as counted: not rectified).
    pub orders: Vec<KoyamaCounts>,
    /// ρ, the reference's length.
    pub reference_length: u64,
    /// η, the hypothesis' length.
    pub hypothesis_length: u64,
}

impl KoyamaStats {
    /// Adds `other`'s counts, rectified, and lengths: how the corpus modes sum sentences.
    pub fn add_rectified(&mut self, other: &KoyamaStats) {
        if self.orders.len() < other.orders.len() {
            self.orders
                .resize(other.orders.len(), KoyamaCounts::default());
        }
        for (total, counts) in self.orders.iter_mut().zip(&other.orders) {
            total.add(&counts.rectified());
        }
        self.reference_length += other.reference_length;
        self.hypothesis_length += other.hypothesis_length;
    }

    /// The statistics summed in order, each rectified ([`KoyamaStats::add_rectified`]).
    pub fn rectified_sum<'a>(stats: impl IntoIterator<Item = &'a KoyamaStats>) -> KoyamaStats {
        let mut total = KoyamaStats::default();
        for s in stats {
            total.add_rectified(s);
        }
        total
    }

    /// ln BP: 0 when both lengths are 0, −∞ when only η is, 0 when ρ < η, 1 − ρ/η otherwise.
    pub fn log_brevity_penalty(&self) -> f64 {
        let (rho, eta) = (self.reference_length, self.hypothesis_length);
        if rho == 0 && eta == 0 {
            0.0
        } else if eta == 0 {
            f64::NEG_INFINITY
        } else if rho < eta {
            0.0
        } else {
            1.0 - rho as f64 / eta as f64
        }
    }

    /// GLEU = exp(ln BP + mean_n ln p_n).
    pub fn gleu(&self) -> f64 {
        let logs: Vec<f64> = self.orders.iter().map(|c| c.precision().ln()).collect();
        (self.log_brevity_penalty() + numpy_mean(&logs)).exp()
    }

    /// Each order's exp(ln BP + ln p_n): the package's tie-break between equal GLEUs.
    fn order_gleus(&self) -> Vec<f64> {
        let bp = self.log_brevity_penalty();
        self.orders
            .iter()
            .map(|c| (bp + c.precision().ln()).exp())
            .collect()
    }
}

/// Each sentence's statistics against each of its references: `stats[i][k]` is sentence i
/// against reference k.
pub type KoyamaSentences = Vec<Vec<KoyamaStats>>;

/// The statistics of `hypotheses` against `sources` and `references` (each line-aligned with the
/// sources). `names` names the files in errors: the sources, the hypotheses, then each reference.
///
/// # Errors
/// [`Error::CountMismatch`] when a file has another number of lines than the sources;
/// [`Error::InvalidParams`] when N is 0 or there is no reference.
pub fn koyama_stats(
    sources: &[String],
    hypotheses: &[String],
    references: &[Vec<String>],
    names: &[&str],
    options: &KoyamaOptions,
) -> Result<KoyamaSentences, Error> {
    if !(1..=MAX_KOYAMA_ORDER).contains(&options.n) {
        return Err(Error::InvalidParams(format!(
            "Koyama's GLEU takes n from 1 to {MAX_KOYAMA_ORDER}, not {}",
            options.n
        )));
    }
    aligned("Koyama's GLEU", sources, hypotheses, references, names)?;
    Ok(map_indices(sources.len(), |i| {
        let refs: Vec<&str> = references.iter().map(|r| r[i].as_str()).collect();
        sentence_stats(&sources[i], &hypotheses[i], &refs, options)
    }))
}

/// One sentence against each of its references.
fn sentence_stats(
    source: &str,
    hypothesis: &str,
    references: &[&str],
    options: &KoyamaOptions,
) -> Vec<KoyamaStats> {
    let mut vocabulary = Vocabulary::default();
    let mut units = |text| match options.unit {
        KoyamaUnit::Word => vocabulary.intern_all(python_split(text)),
        KoyamaUnit::Char => text.chars().map(u32::from).collect(),
    };
    let (s, h) = (units(source), units(hypothesis));
    let r: Vec<Vec<u32>> = references.iter().map(|r| units(r)).collect();
    let mut grams = GramIds::default();
    let s_grams = interned_orders(&s, options.n, &mut grams);
    let h_grams = interned_orders(&h, options.n, &mut grams);
    r.iter()
        .map(|r| {
            let r_grams = interned_orders(r, options.n, &mut grams);
            KoyamaStats {
                orders: (0..options.n)
                    .map(|n| order_counts(&s_grams[n], &h_grams[n], &r_grams[n]))
                    .collect(),
                reference_length: r.len() as u64,
                hypothesis_length: h.len() as u64,
            }
        })
        .collect()
}

/// One order's counts over the hypothesis' n-grams, by a merge of the sorted count lists.
fn order_counts(s: &[(u32, u64)], h: &[(u32, u64)], r: &[(u32, u64)]) -> KoyamaCounts {
    let count = |list: &[(u32, u64)], gram: u32| {
        list.binary_search_by_key(&gram, |&(g, _)| g)
            .map_or(0, |at| list[at].1)
    };
    let mut out = KoyamaCounts::default();
    for &(gram, hc) in h {
        let rc = count(r, gram);
        out.matches += rc.min(hc);
        if rc == 0 {
            out.penalties += count(s, gram).min(hc);
        }
        out.denominator += hc;
    }
    out
}

/// The rectified statistics summed over sentences, sentence i against reference `choice(i)`.
pub fn koyama_corpus_stats(
    sentences: &[Vec<KoyamaStats>],
    choice: impl Fn(usize) -> usize,
) -> KoyamaStats {
    KoyamaStats::rectified_sum(
        sentences
            .iter()
            .enumerate()
            .map(|(i, stats)| &stats[choice(i)]),
    )
}

/// The highest n-gram order Koyama's GLEU takes: 64 (a sentence has few distinct n-grams
/// above a few words, and every order keeps its counts per reference).
pub const MAX_KOYAMA_ORDER: usize = 64;

/// Corpus GLEU averaged over `iterations` rounds of reference draws (`gleu -i`; with
/// [`ReferenceDraws::Python2`], `gleu -f`): numpy's mean of the rounds' corpus GLEU.
pub fn koyama_sampled(
    sentences: &[Vec<KoyamaStats>],
    iterations: usize,
    draws: ReferenceDraws,
) -> Result<f64, Error> {
    crate::gleu::check_iterations("Koyama's GLEU", iterations)?;
    let references = sentences.first().map_or(1, Vec::len);
    let rounds = map_indices(iterations, |j| {
        let choices = reference_choices(draws, j, sentences.len(), references);
        koyama_corpus_stats(sentences, |i| choices[i]).gleu()
    });
    Ok(numpy_mean(&rounds))
}

/// Each sentence's best reference (`gleu -m`): the highest GLEU, ties broken by the order GLEUs
/// from the highest order down, the first among equals.
pub fn koyama_best_references(sentences: &[Vec<KoyamaStats>]) -> Vec<usize> {
    sentences
        .iter()
        .map(|stats| best_reference(stats))
        .collect()
}

fn best_reference(stats: &[KoyamaStats]) -> usize {
    let key = |s: &KoyamaStats| {
        let mut orders = s.order_gleus();
        orders.reverse();
        (s.gleu(), orders)
    };
    let mut best = 0;
    let mut best_key = key(&stats[0]);
    for (k, s) in stats.iter().enumerate().skip(1) {
        let next = key(s);
        if best_key.partial_cmp(&next) == Some(std::cmp::Ordering::Less) {
            (best, best_key) = (k, next);
        }
    }
    best
}

/// One sentence's GLEU (`sgleu`): numpy's mean over its references, or their maximum.
pub fn koyama_sentence(stats: &[KoyamaStats], maximum: bool) -> f64 {
    let scores: Vec<f64> = stats.iter().map(KoyamaStats::gleu).collect();
    if maximum {
        scores.into_iter().fold(f64::NEG_INFINITY, f64::max)
    } else {
        numpy_mean(&scores)
    }
}

/// The mean of the sentence scores (`mgleu`), as numpy sums them.
pub fn koyama_mean(sentences: &[Vec<KoyamaStats>], maximum: bool) -> f64 {
    let scores: Vec<f64> = sentences
        .iter()
        .map(|s| koyama_sentence(s, maximum))
        .collect();
    numpy_mean(&scores)
}

/// A score as the package prints it: 100·x written as Python writes a float, then rounded half
/// up to `digits` decimals as `Decimal.quantize` does, and written as `str(Decimal)` does
/// (`57.53`; `0E-8` for 0 at 8 digits).
pub fn koyama_digits(x: f64, digits: u32) -> String {
    let text = crate::text::python_float(100.0 * x);
    if !(100.0 * x).is_finite() {
        return text;
    }
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    // The exact decimal: digits d₀d₁… and the power of ten of d₀.
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e.parse::<i64>().unwrap_or(0)),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut coefficient: Vec<u8> = whole
        .bytes()
        .chain(fraction.bytes())
        .map(|b| b - b'0')
        .collect();
    // value = coefficient · 10^(scale)
    let mut scale = exponent - fraction.len() as i64;
    let target = -i64::from(digits);
    if scale < target {
        let drop = (target - scale) as usize;
        let (kept, dropped) = if drop >= coefficient.len() {
            (Vec::new(), {
                let mut d = vec![0; drop - coefficient.len()];
                d.extend(&coefficient);
                d
            })
        } else {
            let at = coefficient.len() - drop;
            (coefficient[..at].to_vec(), coefficient[at..].to_vec())
        };
        coefficient = kept;
        if dropped.first().is_some_and(|&d| d >= 5) {
            increment(&mut coefficient);
        }
        scale = target;
    } else {
        coefficient.extend(std::iter::repeat_n(0, (scale - target) as usize));
        scale = target;
    }
    while coefficient.len() > 1 && coefficient[0] == 0 {
        coefficient.remove(0);
    }
    if coefficient.is_empty() {
        coefficient.push(0);
    }
    let sign = if negative { "-" } else { "" };
    format!("{sign}{}", decimal_str(&coefficient, scale))
}

/// Adds one to a decimal digit string.
fn increment(digits: &mut Vec<u8>) {
    for d in digits.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, 1);
}

/// `str(Decimal)` of coefficient · 10^exponent (exponent ≤ 0): positional unless the adjusted
/// exponent is below −6, then `d.dddE-n`.
fn decimal_str(coefficient: &[u8], exponent: i64) -> String {
    let text: String = coefficient.iter().map(|d| char::from(b'0' + d)).collect();
    let adjusted = exponent + coefficient.len() as i64 - 1;
    if adjusted < -6 {
        let (first, rest) = text.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        return format!("{first}{dot}{rest}E{adjusted}");
    }
    let point = exponent.unsigned_abs() as usize;
    if point == 0 {
        text
    } else if text.len() > point {
        let (whole, fraction) = text.split_at(text.len() - point);
        format!("{whole}.{fraction}")
    } else {
        format!("0.{}{text}", "0".repeat(point - text.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn counts_follow_the_definitions() {
        // "a b c" → "a x x c" against "a d c": unigrams a, c match; x is in neither the
        // reference nor the source (no penalty); bigrams all miss.
        let stats = koyama_stats(
            &lines(&["a b c"]),
            &lines(&["a x x c"]),
            &[lines(&["a d c"])],
            &[],
            &KoyamaOptions {
                n: 2,
                ..KoyamaOptions::default()
            },
        )
        .unwrap();
        let one = |matches, penalties, denominator| KoyamaCounts {
            matches,
            penalties,
            denominator,
        };
        assert_eq!(stats[0][0].orders, [one(2, 0, 4), one(0, 0, 3)]);
        assert_eq!(
            (stats[0][0].reference_length, stats[0][0].hypothesis_length),
            (3, 4)
        );
        // The source's b kept where the reference drops it is penalised.
        let kept = koyama_stats(
            &lines(&["a b c"]),
            &lines(&["a b c"]),
            &[lines(&["a c"])],
            &[],
            &KoyamaOptions {
                n: 1,
                ..KoyamaOptions::default()
            },
        )
        .unwrap();
        assert_eq!(kept[0][0].orders, [one(2, 1, 3)]);
        // p = (2 − 1)/3, ρ = 2 < η = 3: GLEU = 1/3.
        assert_eq!(kept[0][0].gleu(), (1.0f64 / 3.0).ln().exp());
    }

    #[test]
    fn penalties_are_capped_at_the_matches() {
        let counts = KoyamaCounts {
            matches: 1,
            penalties: 3,
            denominator: 4,
        };
        assert_eq!(counts.rectified().penalties, 1);
        assert_eq!(counts.precision(), 0.0);
        assert_eq!(KoyamaCounts::default().precision(), 1.0);
    }

    #[test]
    fn the_brevity_penalty_has_the_packages_cases() {
        let lengths = |reference_length, hypothesis_length| KoyamaStats {
            orders: Vec::new(),
            reference_length,
            hypothesis_length,
        };
        assert_eq!(lengths(0, 0).log_brevity_penalty(), 0.0);
        assert_eq!(lengths(3, 0).log_brevity_penalty(), f64::NEG_INFINITY);
        assert_eq!(lengths(3, 4).log_brevity_penalty(), 0.0);
        assert_eq!(lengths(4, 4).log_brevity_penalty(), 0.0);
        assert_eq!(lengths(6, 4).log_brevity_penalty(), -0.5);
    }

    #[test]
    fn characters_count_spaces() {
        let stats = koyama_stats(
            &lines(&["ab c"]),
            &lines(&["ab c"]),
            &[lines(&["ab c"])],
            &[],
            &KoyamaOptions {
                n: 2,
                unit: KoyamaUnit::Char,
            },
        )
        .unwrap();
        assert_eq!(stats[0][0].hypothesis_length, 4);
        assert_eq!(stats[0][0].orders[1].denominator, 3);
        assert_eq!(stats[0][0].gleu(), 1.0);
    }

    #[test]
    fn the_best_reference_breaks_ties_from_the_highest_order() {
        let stats = |orders: Vec<KoyamaCounts>| KoyamaStats {
            orders,
            reference_length: 1,
            hypothesis_length: 1,
        };
        let c = |matches| KoyamaCounts {
            matches,
            penalties: 0,
            denominator: 2,
        };
        // Both GLEUs are 0 (an order at 0); the second has the better highest order.
        let sentence = vec![
            stats(vec![c(2), c(0), c(1)]),
            stats(vec![c(0), c(1), c(2)]),
            stats(vec![c(0), c(1), c(2)]),
        ];
        assert_eq!(koyama_best_references(&[sentence]), [1]);
    }

    #[test]
    fn scores_print_as_decimal_quantize_does() {
        assert_eq!(koyama_digits(0.575_31, 2), "57.53");
        assert_eq!(koyama_digits(0.123_45, 2), "12.35");
        assert_eq!(koyama_digits(0.999_99, 2), "100.00");
        assert_eq!(koyama_digits(1.0, 2), "100.00");
        assert_eq!(koyama_digits(0.0, 2), "0.00");
        assert_eq!(koyama_digits(0.0, 8), "0E-8");
        assert_eq!(koyama_digits(0.5, 0), "50");
        assert_eq!(koyama_digits(0.004_5, 0), "0");
        assert_eq!(koyama_digits(1e-9, 8), "1.0E-7");
        assert_eq!(koyama_digits(1e-9, 2), "0.00");
        assert_eq!(koyama_digits(0.123, 5), "12.30000");
    }
}
