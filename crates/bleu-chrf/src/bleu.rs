//! sacreBLEU's BLEU (Papineni et al., 2002, as sacreBLEU 2 computes it): each sentence's clipped
//! n-gram matches (n = 1…4) against the maximum count over its references, its length and the
//! length of the reference closest to it (the shorter on a tie), summed over the corpus; then
//!
//! BLEU = BP · exp(Σₙ log pₙ / N), pₙ = 100 · matchesₙ / totalₙ, BP = min(1, exp(1 − r / c)),
//!
//! with `log 0` taken as −9,999,999,999, N the effective order (the largest n with a total) when
//! asked for, and a smoothing method for the zero matches.

use crate::ngrams::{FastMap, Gram, Vocabulary, counts};
use crate::python_str::{python_rstrip, python_split};
use crate::references::SentenceStatistics;
use crate::{Error, Tokenizer};

/// The highest n-gram order.
pub const MAX_ORDER: usize = 4;

/// sacreBLEU's version that these numbers equal, and its signatures name.
pub const SACREBLEU_VERSION: &str = "2.6.0";

/// How zero n-gram matches are smoothed (sacreBLEU's `smooth_method` and `smooth_value`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[non_exhaustive]
pub enum Smoothing {
    /// None: a zero precision makes the score 0.
    None,
    /// `floor`: a zero match count becomes this (0.1 by default).
    Floor(f64),
    /// `add-k`: this (1 by default) added to the matches and totals of every order above 1.
    AddK(f64),
    /// `exp` (sacreBLEU's default, mteval's): the k-th zero precision is 1 / (2ᵏ · total).
    #[default]
    Exp,
}

impl Smoothing {
    /// The method's name in sacreBLEU.
    pub fn name(self) -> &'static str {
        match self {
            Smoothing::None => "none",
            Smoothing::Floor(_) => "floor",
            Smoothing::AddK(_) => "add-k",
            Smoothing::Exp => "exp",
        }
    }

    /// The method `name` with sacreBLEU's default value where it takes one, or `value` (a finite
    /// number ≥ 0).
    pub fn named(name: &str, value: Option<f64>) -> Result<Smoothing, Error> {
        if let Some(v) = value
            && !(v.is_finite() && v >= 0.0)
        {
            return Err(Error::InvalidOption(format!(
                "the smoothing value {v} is not a number ≥ 0"
            )));
        }
        match name {
            "none" => Ok(Smoothing::None),
            "floor" => Ok(Smoothing::Floor(value.unwrap_or(0.1))),
            "add-k" => Ok(Smoothing::AddK(value.unwrap_or(1.0))),
            "exp" => Ok(Smoothing::Exp),
            other => Err(Error::UnknownSmoothing(other.to_owned())),
        }
    }

    /// The signature's `smooth:` field: the name, and the value to 2 decimals in brackets for
    /// the methods that take one (`floor[0.10]`).
    pub fn signature(self) -> String {
        match self {
            Smoothing::Floor(v) | Smoothing::AddK(v) => format!("{}[{v:.2}]", self.name()),
            _ => self.name().to_owned(),
        }
    }
}

/// BLEU's settings: sacreBLEU's `BLEU(...)` arguments (its defaults).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[non_exhaustive]
pub struct BleuOptions {
    /// How lines are tokenized (`13a`).
    pub tokenizer: Tokenizer,
    /// Lowercase before tokenizing (no).
    pub lowercase: bool,
    /// The smoothing of zero matches (`exp`).
    pub smoothing: Smoothing,
    /// Average over the orders up to the highest with a total only (no; sentence BLEU: yes).
    pub effective_order: bool,
    /// sacreBLEU 1's rule for a hypothesis without a single matching n-gram: smooth it as any
    /// other (no: sacreBLEU 2 scores it 0 at once). Values computed with sacreBLEU 1, such as
    /// the simplification meta-evaluation's iBLEU, need it.
    pub smooth_without_matches: bool,
}

/// One sentence's (or a corpus's summed) BLEU statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BleuStats {
    /// The hypothesis' tokens.
    pub hyp_len: u64,
    /// The closest reference's tokens.
    pub ref_len: u64,
    /// Clipped matches of each order.
    pub correct: [u64; MAX_ORDER],
    /// The hypothesis' n-grams of each order.
    pub total: [u64; MAX_ORDER],
}

impl std::ops::AddAssign<&BleuStats> for BleuStats {
    fn add_assign(&mut self, other: &BleuStats) {
        self.hyp_len += other.hyp_len;
        self.ref_len += other.ref_len;
        for n in 0..MAX_ORDER {
            self.correct[n] += other.correct[n];
            self.total[n] += other.total[n];
        }
    }
}

/// A BLEU score with what it is made of.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BleuScore {
    /// BLEU, 0–100.
    pub score: f64,
    /// Each order's precision, 0–100 (smoothed).
    pub precisions: [f64; MAX_ORDER],
    /// The brevity penalty.
    pub bp: f64,
    /// The statistics it is computed from.
    pub stats: BleuStats,
}

/// BLEU with fixed settings.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Bleu {
    options: BleuOptions,
}

impl Bleu {
    /// BLEU with `options`.
    pub fn new(options: BleuOptions) -> Bleu {
        Bleu { options }
    }

    /// The settings.
    pub fn options(&self) -> &BleuOptions {
        &self.options
    }

    /// A line as the n-grams are counted on: lowercased if asked, right-stripped, tokenized.
    fn preprocess(&self, line: &str) -> String {
        let line = if self.options.lowercase {
            line.to_lowercase()
        } else {
            line.to_owned()
        };
        self.options.tokenizer.tokenize(python_rstrip(&line))
    }

    /// BLEU of `stats` (a sentence's, or their sum for the corpus).
    pub fn score(&self, stats: &BleuStats) -> BleuScore {
        let (sys_len, ref_len) = (stats.hyp_len as f64, stats.ref_len as f64);
        let bp = if stats.hyp_len < stats.ref_len {
            if stats.hyp_len > 0 {
                (1.0 - ref_len / sys_len).exp()
            } else {
                0.0
            }
        } else {
            1.0
        };
        let mut precisions = [0.0; MAX_ORDER];
        let zero = BleuScore {
            score: 0.0,
            precisions,
            bp,
            stats: *stats,
        };
        if stats.correct.iter().all(|&c| c == 0) && !self.options.smooth_without_matches {
            return zero;
        }
        let mut halvings = 1.0;
        let mut order = MAX_ORDER;
        for (n, precision) in precisions.iter_mut().enumerate() {
            let (mut correct, mut total) = (stats.correct[n] as f64, stats.total[n] as f64);
            if let Smoothing::AddK(k) = self.options.smoothing
                && n > 0
            {
                correct += k;
                total += k;
            }
            if total == 0.0 {
                break;
            }
            if self.options.effective_order {
                order = n + 1;
            }
            *precision = if correct == 0.0 {
                match self.options.smoothing {
                    Smoothing::Exp => {
                        halvings *= 2.0;
                        100.0 / (halvings * total)
                    }
                    Smoothing::Floor(floor) => 100.0 * floor / total,
                    _ => 0.0,
                }
            } else {
                100.0 * correct / total
            };
        }
        let log = |p: f64| if p == 0.0 { -9_999_999_999.0 } else { p.ln() };
        let sum: f64 = precisions[..order].iter().map(|&p| log(p)).sum();
        BleuScore {
            score: bp * (sum / order as f64).exp(),
            precisions,
            ..zero
        }
    }

    /// Corpus BLEU of `hypotheses` against the reference `streams`, as `sacrebleu.corpus_bleu`.
    pub fn corpus_score(
        &self,
        hypotheses: &[String],
        streams: &[Vec<String>],
    ) -> Result<BleuScore, Error> {
        let stats = self.corpus_stats(hypotheses, streams)?;
        Ok(self.score(&self.total(&stats)))
    }
}

impl SentenceStatistics for Bleu {
    type Stats = BleuStats;

    /// One sentence's statistics: `hypothesis` against its `references` (any number; none leaves
    /// every n-gram unmatched and the reference length 0).
    fn sentence_stats(&self, hypothesis: &str, references: &[&str]) -> BleuStats {
        let hypothesis = self.preprocess(hypothesis);
        let references: Vec<String> = references.iter().map(|r| self.preprocess(r)).collect();
        let mut vocabulary = Vocabulary::default();
        let hyp = vocabulary.intern_all(python_split(&hypothesis));
        let hyp_len = hyp.len() as u64;
        let mut longest: [FastMap<Gram, u32>; MAX_ORDER] = Default::default();
        let mut closest: Option<(u64, u64)> = None;
        for reference in &references {
            let ids = vocabulary.intern_all(python_split(reference));
            let len = ids.len() as u64;
            let diff = len.abs_diff(hyp_len);
            closest = match closest {
                Some((d, l)) if d < diff || (d == diff && l <= len) => Some((d, l)),
                _ => Some((diff, len)),
            };
            for (n, longest) in longest.iter_mut().enumerate() {
                for (gram, count) in counts(&ids, n + 1) {
                    let max = longest.entry(gram).or_insert(0);
                    *max = (*max).max(count);
                }
            }
        }
        let mut stats = BleuStats {
            hyp_len,
            ref_len: closest.map_or(0, |(_, l)| l),
            ..BleuStats::default()
        };
        for (n, longest) in longest.iter().enumerate() {
            for (gram, count) in counts(&hyp, n + 1) {
                stats.total[n] += u64::from(count);
                let clip = longest.get(&gram).copied().unwrap_or(0);
                stats.correct[n] += u64::from(count.min(clip));
            }
        }
        stats
    }

    fn points(&self, stats: &BleuStats) -> f64 {
        self.score(stats).score
    }

    /// sacreBLEU's signature with `nrefs` reference streams:
    /// `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0`.
    fn signature(&self, nrefs: usize) -> String {
        let o = &self.options;
        format!(
            "nrefs:{nrefs}|case:{}|eff:{}|tok:{}|smooth:{}|version:{SACREBLEU_VERSION}",
            if o.lowercase { "lc" } else { "mixed" },
            if o.effective_order { "yes" } else { "no" },
            o.tokenizer.name(),
            o.smoothing.signature(),
        )
    }
}
