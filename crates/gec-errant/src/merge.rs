//! Turning an alignment into edits: ERRANT's rule-based merger and its three simple strategies.

use std::fmt;
use std::str::FromStr;

use crate::align::{Op, Step, indel_distance};
use crate::{Error, Token};

/// How adjacent alignment operations become edits (`-merge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Merge {
    /// ERRANT's linguistic rules (the default): possessive suffixes, case changes after
    /// punctuation, whitespace and hyphen changes, same-POS and auxiliary/verb phrases merge;
    /// adjacent substitutions, dissimilar boundary substitutions and final determiners split;
    /// a remaining run with a content word merges.
    #[default]
    Rules,
    /// Every non-match operation is its own edit: `MSSDI` → `M, S, S, D, I`.
    AllSplit,
    /// Adjacent non-match operations merge: `MSSDI` → `M, SSDI`.
    AllMerge,
    /// Adjacent non-match operations of the same kind merge: `MSSDI` → `M, SS, D, I`.
    AllEqual,
}

impl Merge {
    /// Every strategy, in ERRANT's order.
    pub const ALL: [Merge; 4] = [
        Merge::Rules,
        Merge::AllSplit,
        Merge::AllMerge,
        Merge::AllEqual,
    ];

    /// ERRANT's name for the strategy.
    pub fn name(self) -> &'static str {
        match self {
            Merge::Rules => "rules",
            Merge::AllSplit => "all-split",
            Merge::AllMerge => "all-merge",
            Merge::AllEqual => "all-equal",
        }
    }
}

impl fmt::Display for Merge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Merge {
    type Err = Error;
    fn from_str(s: &str) -> Result<Merge, Error> {
        Merge::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| Error::UnknownMerge(s.to_owned()))
    }
}

/// A span of the alignment that becomes one edit: one step, or several merged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) o_start: usize,
    pub(crate) o_end: usize,
    pub(crate) c_start: usize,
    pub(crate) c_end: usize,
}

impl From<&Step> for Span {
    fn from(s: &Step) -> Span {
        Span {
            o_start: s.o_start,
            o_end: s.o_end,
            c_start: s.c_start,
            c_end: s.c_end,
        }
    }
}

/// The edit spans of an alignment under a strategy, left to right.
pub(crate) fn merge(steps: &[Step], strategy: Merge, orig: &[Token], cor: &[Token]) -> Vec<Span> {
    match strategy {
        Merge::AllSplit => steps
            .iter()
            .filter(|s| s.op != Op::Match)
            .map(Span::from)
            .collect(),
        Merge::AllMerge => runs(steps, |a, b| (a.op == Op::Match) == (b.op == Op::Match))
            .filter(|run| run[0].op != Op::Match)
            .map(joined)
            .collect(),
        Merge::AllEqual => runs(steps, |a, b| a.op == b.op)
            .filter(|run| run[0].op != Op::Match)
            .map(joined)
            .collect(),
        Merge::Rules => {
            let kind = |s: &Step| match s.op {
                Op::Match => 0,
                Op::Transpose(_) => 1,
                _ => 2,
            };
            let mut spans = Vec::new();
            for run in runs(steps, |a, b| kind(a) == kind(b)) {
                match kind(&run[0]) {
                    0 => {}
                    1 => spans.extend(run.iter().map(Span::from)),
                    _ => spans.extend(Rules { orig, cor }.process(run)),
                }
            }
            spans
        }
    }
}

/// Maximal runs of consecutive steps that `same` groups together (Python's `groupby`).
fn runs<'a>(
    steps: &'a [Step],
    same: impl Fn(&Step, &Step) -> bool + 'a,
) -> impl Iterator<Item = &'a [Step]> + 'a {
    steps.chunk_by(move |a, b| same(a, b))
}

/// One span from the first step's starts to the last step's ends.
fn joined(run: &[Step]) -> Span {
    Span {
        o_start: run[0].o_start,
        o_end: run[run.len() - 1].o_end,
        c_start: run[0].c_start,
        c_end: run[run.len() - 1].c_end,
    }
}

/// Python's `string.punctuation`.
const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/// Whether a token counts as punctuation for merging: its POS is `PUNCT`, or its text is a
/// substring of ASCII punctuation (ERRANT's `text in string.punctuation`).
fn is_punct(t: &Token) -> bool {
    t.pos == "PUNCT" || PUNCTUATION.contains(t.text.as_str())
}

/// Character similarity: 1 − the normalised Indel distance.
pub(crate) fn char_similarity(a: &Token, b: &Token) -> f64 {
    1.0 - indel_distance(&a.text, &b.text)
}

/// ERRANT's merging rules over runs of deletions, insertions and substitutions.
struct Rules<'a> {
    orig: &'a [Token],
    cor: &'a [Token],
}

impl Rules<'_> {
    /// Splits or merges one run. Every sub-run is tried, longest first (then leftmost), and
    /// the first rule that applies to one decides; without any, the run merges whole if a
    /// tried sub-run held a content word, and splits otherwise.
    fn process(&self, seq: &[Step]) -> Vec<Span> {
        if seq.len() <= 1 {
            return seq.iter().map(Span::from).collect();
        }
        let ops: Vec<Op> = seq.iter().map(|s| s.op).collect();
        if ops.iter().all(|&o| o == Op::Delete) || ops.iter().all(|&o| o == Op::Insert) {
            return vec![joined(seq)];
        }
        let mut content = false;
        let n = seq.len();
        let mut combos: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        combos.sort_by_key(|&(a, b)| std::cmp::Reverse(b - a));
        let cat = |parts: Vec<Vec<Span>>| parts.concat();
        for (start, end) in combos {
            if !ops[start..=end].contains(&Op::Substitute) {
                continue;
            }
            let o = &self.orig[seq[start].o_start..seq[end].o_end];
            let c = &self.cor[seq[start].c_start..seq[end].c_end];
            let (o_last, c_last) = (&o[o.len() - 1], &c[c.len() - 1]);
            // Possessive suffixes.
            if start == 0 && (o[0].tag == "POS" || c[0].tag == "POS") {
                return cat(vec![vec![Span::from(&seq[0])], self.process(&seq[1..])]);
            }
            if o_last.tag == "POS" || c_last.tag == "POS" {
                return cat(vec![
                    self.process(&seq[..end - 1]),
                    vec![joined(&seq[end - 1..=end])],
                    self.process(&seq[end + 1..]),
                ]);
            }
            // Case changes.
            if o_last.lower == c_last.lower {
                let upper = |t: &Token| t.text.chars().next().is_some_and(char::is_uppercase);
                if start == 0 && ((o.len() == 1 && upper(&c[0])) || (c.len() == 1 && upper(&o[0])))
                {
                    return cat(vec![
                        vec![joined(&seq[start..=end])],
                        self.process(&seq[end + 1..]),
                    ]);
                }
                if (o.len() > 1 && is_punct(&o[o.len() - 2]))
                    || (c.len() > 1 && is_punct(&c[c.len() - 2]))
                {
                    return cat(vec![
                        self.process(&seq[..end - 1]),
                        vec![joined(&seq[end - 1..=end])],
                        self.process(&seq[end + 1..]),
                    ]);
                }
            }
            // Whitespace and hyphens: [acat -> a cat], [sub - way -> subway].
            let squeeze = |ts: &[Token]| -> String {
                ts.iter()
                    .flat_map(|t| t.lower.chars())
                    .filter(|&ch| ch != '\'' && ch != '-')
                    .collect()
            };
            let merged_here = || {
                cat(vec![
                    self.process(&seq[..start]),
                    vec![joined(&seq[start..=end])],
                    self.process(&seq[end + 1..]),
                ])
            };
            if squeeze(o) == squeeze(c) {
                return merged_here();
            }
            // Same POS, or auxiliary/infinitive/phrasal verbs: [to eat -> eating].
            let mut pos_set: Vec<&str> = o.iter().chain(c).map(|t| t.pos.as_str()).collect();
            pos_set.sort_unstable();
            pos_set.dedup();
            if o.len() != c.len()
                && (pos_set.len() == 1
                    || pos_set
                        .iter()
                        .all(|p| matches!(*p, "AUX" | "PART" | "VERB")))
            {
                return merged_here();
            }
            if end - start < 2 {
                let split = || {
                    cat(vec![
                        self.process(&seq[..start + 1]),
                        self.process(&seq[start + 1..]),
                    ])
                };
                if o.len() == 2 && c.len() == 2 {
                    return split();
                }
                if (ops[start] == Op::Substitute && char_similarity(&o[0], &c[0]) > 0.75)
                    || (ops[end] == Op::Substitute && char_similarity(o_last, c_last) > 0.75)
                {
                    return split();
                }
                let last = ops[n - 1];
                if end == n - 1
                    && ((matches!(last, Op::Delete | Op::Substitute) && o_last.pos == "DET")
                        || (matches!(last, Op::Insert | Op::Substitute) && c_last.pos == "DET"))
                {
                    return cat(vec![
                        self.process(&seq[..n - 1]),
                        vec![Span::from(&seq[n - 1])],
                    ]);
                }
            }
            if pos_set
                .iter()
                .any(|p| matches!(*p, "ADJ" | "AUX" | "ADV" | "NOUN" | "VERB"))
            {
                content = true;
            }
        }
        if content {
            vec![joined(seq)]
        } else {
            seq.iter().map(Span::from).collect()
        }
    }
}
