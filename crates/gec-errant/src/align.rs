//! ERRANT's alignment of an original and a corrected sentence: a Damerau-Levenshtein alignment
//! whose substitution cost is linguistic (lemma, POS and character costs) and whose
//! transpositions span any number of tokens, or the standard Levenshtein alignment.

use std::collections::HashMap;

use crate::Token;

/// An alignment operation between tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Op {
    /// The same token on both sides (`M`).
    Match,
    /// One token replaced by another (`S`).
    Substitute,
    /// A corrected token with no original (`I`).
    Insert,
    /// An original token with no correction (`D`).
    Delete,
    /// `n` ≥ 2 original tokens reordered into `n` corrected ones, the same multiset of lower-cased
    /// tokens (`Tn`).
    Transpose(usize),
}

/// One step of an alignment: an operation and the token spans (`start..end`) it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The operation.
    pub op: Op,
    /// First original token.
    pub o_start: usize,
    /// One past the last original token.
    pub o_end: usize,
    /// First corrected token.
    pub c_start: usize,
    /// One past the last corrected token.
    pub c_end: usize,
}

/// ERRANT's alignment, left to right.
///
/// Costs: a match is free (same text), insertion and deletion cost 1, a substitution costs 1
/// with `lev` and otherwise [`substitution_cost`], and a transposition of `k + 1` tokens whose
/// lower-cased multisets agree costs `k` (searched along the diagonal while no match interrupts
/// it). Each cell keeps the first cheapest of transposition, substitution, insertion, deletion,
/// and the back-trace follows the kept operations from the bottom-right corner, which fixes
/// ERRANT's choice among equally cheap alignments.
pub fn align(orig: &[Token], cor: &[Token], lev: bool) -> Vec<Step> {
    let (n, m) = (orig.len(), cor.len());
    let w = m + 1;
    let mut cost = vec![0.0f64; (n + 1) * w];
    let mut ops = vec![Op::Match; (n + 1) * w];
    for i in 1..=n {
        cost[i * w] = cost[(i - 1) * w] + 1.0;
        ops[i * w] = Op::Delete;
    }
    for j in 1..=m {
        cost[j] = cost[j - 1] + 1.0;
        ops[j] = Op::Insert;
    }
    let mut windows = Windows::new(orig, cor);
    let chars = |tokens: &[Token]| -> Vec<Vec<char>> {
        tokens.iter().map(|t| t.text.chars().collect()).collect()
    };
    let (orig_chars, cor_chars) = (chars(orig), chars(cor));
    let mut row = Vec::new();
    for i in 0..n {
        for j in 0..m {
            let here = (i + 1) * w + j + 1;
            if orig[i].text == cor[j].text {
                cost[here] = cost[i * w + j];
                ops[here] = Op::Match;
                continue;
            }
            let delete = cost[i * w + j + 1] + 1.0;
            let insert = cost[(i + 1) * w + j] + 1.0;
            let (substitute, transpose) = if lev {
                (cost[i * w + j] + 1.0, None)
            } else {
                let characters = || indel_of_chars(&orig_chars[i], &cor_chars[j], &mut row);
                let substitute = cost[i * w + j] + linguistic_cost(&orig[i], &cor[j], characters);
                (substitute, windows.transposition(i, j, &cost, w))
            };
            let (mut best, mut op) = match transpose {
                Some((c, size)) => (c, Op::Transpose(size)),
                None => (f64::INFINITY, Op::Transpose(0)),
            };
            for (c, o) in [
                (substitute, Op::Substitute),
                (insert, Op::Insert),
                (delete, Op::Delete),
            ] {
                if c < best {
                    (best, op) = (c, o);
                }
            }
            cost[here] = best;
            ops[here] = op;
        }
    }
    let (mut i, mut j) = (n, m);
    let mut steps = Vec::new();
    while i + j != 0 {
        let op = ops[i * w + j];
        let (di, dj) = match op {
            Op::Match | Op::Substitute => (1, 1),
            Op::Delete => (1, 0),
            Op::Insert => (0, 1),
            Op::Transpose(size) => (size, size),
        };
        steps.push(Step {
            op,
            o_start: i - di,
            o_end: i,
            c_start: j - dj,
            c_end: j,
        });
        i -= di;
        j -= dj;
    }
    steps.reverse();
    steps
}

/// The linguistic substitution cost of `o` → `c`, in [0, 2): 0 when they differ only in case;
/// otherwise 0.499 unless the lemmas agree, plus 0 for the same coarse POS, 0.25 for two
/// different open-class ones (ADJ, ADV, NOUN, VERB), 0.5 otherwise, plus the normalised Indel
/// distance of the two texts.
pub fn substitution_cost(o: &Token, c: &Token) -> f64 {
    linguistic_cost(o, c, || indel_distance(&o.text, &c.text))
}

/// [`substitution_cost`] with the character cost computed by `characters` only when needed.
fn linguistic_cost(o: &Token, c: &Token, characters: impl FnOnce() -> f64) -> f64 {
    if o.lower == c.lower {
        return 0.0;
    }
    let lemma = if o.lemma == c.lemma { 0.0 } else { 0.499 };
    let open = |p: &str| matches!(p, "ADJ" | "ADV" | "NOUN" | "VERB");
    let pos = if o.pos == c.pos {
        0.0
    } else if open(&o.pos) && open(&c.pos) {
        0.25
    } else {
        0.5
    };
    lemma + pos + characters()
}

/// The normalised Indel distance of two strings (rapidfuzz's `Indel.normalized_distance`):
/// the characters inserted or deleted to turn one into the other, over their total length
/// (0 for two empty strings).
pub(crate) fn indel_distance(a: &str, b: &str) -> f64 {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    indel_of_chars(&a, &b, &mut Vec::new())
}

/// [`indel_distance`] of two character sequences, `row` the DP's reusable buffer.
fn indel_of_chars(a: &[char], b: &[char], row: &mut Vec<usize>) -> f64 {
    let total = a.len() + b.len();
    if total == 0 {
        return 0.0;
    }
    row.clear();
    row.resize(b.len() + 1, 0);
    for &x in a {
        let mut diagonal = 0;
        for (k, &y) in b.iter().enumerate() {
            let above = row[k + 1];
            row[k + 1] = if x == y {
                diagonal + 1
            } else {
                above.max(row[k])
            };
            diagonal = above;
        }
    }
    (total - 2 * row[b.len()]) as f64 / total as f64
}

/// The normalised Levenshtein similarity of two strings (rapidfuzz's
/// `Levenshtein.normalized_similarity`): 1 − edits / the longer length (1 for two empty ones).
pub(crate) fn levenshtein_similarity(a: &str, b: &str) -> f64 {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let longest = a.len().max(b.len());
    if longest == 0 {
        return 1.0;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (k, &y) in b.iter().enumerate() {
            let above = row[k + 1];
            row[k + 1] = (diagonal + usize::from(x != y))
                .min(above + 1)
                .min(row[k] + 1);
            diagonal = above;
        }
    }
    1.0 - row[b.len()] as f64 / longest as f64
}

/// The lower-cased tokens of both sentences as small integers, for the transposition search,
/// and the scratch counts the search balances.
struct Windows {
    orig: Vec<usize>,
    cor: Vec<usize>,
    /// Per id: whether the token occurs in the original, in the correction.
    occurs: Vec<(bool, bool)>,
    /// Per id: original minus corrected occurrences in the current window (all zero between
    /// searches).
    balance: Vec<i32>,
}

impl Windows {
    fn new<'a>(orig: &'a [Token], cor: &'a [Token]) -> Windows {
        let mut ids: HashMap<&'a str, usize> = HashMap::new();
        let mut intern = |tokens: &'a [Token]| -> Vec<usize> {
            tokens
                .iter()
                .map(|t| {
                    let next = ids.len();
                    *ids.entry(t.lower.as_str()).or_insert(next)
                })
                .collect()
        };
        let (orig, cor) = (intern(orig), intern(cor));
        let mut occurs = vec![(false, false); ids.len()];
        orig.iter().for_each(|&i| occurs[i].0 = true);
        cor.iter().for_each(|&i| occurs[i].1 = true);
        let balance = vec![0; ids.len()];
        Windows {
            orig,
            cor,
            occurs,
            balance,
        }
    }

    /// ERRANT's transposition at cell (i + 1, j + 1): the smallest k ≥ 1 such that original
    /// tokens i−k..=i and corrected tokens j−k..=j are the same multiset, walking the diagonal
    /// only while each step up it changes the cost. Returns (cost, k + 1).
    fn transposition(
        &mut self,
        i: usize,
        j: usize,
        cost: &[f64],
        w: usize,
    ) -> Option<(f64, usize)> {
        // A token absent from the other sentence can never be balanced by any window.
        if !self.occurs[self.orig[i]].1 || !self.occurs[self.cor[j]].0 {
            return None;
        }
        let mut unbalanced = 0usize;
        let mut found = None;
        let mut k = 0;
        loop {
            for (id, by) in [(self.orig[i - k], 1), (self.cor[j - k], -1)] {
                let before = self.balance[id];
                self.balance[id] += by;
                match (before == 0, self.balance[id] == 0) {
                    (true, false) => unbalanced += 1,
                    (false, true) => unbalanced -= 1,
                    _ => {}
                }
            }
            if k > 0 && unbalanced == 0 {
                found = Some((cost[(i - k) * w + j - k] + k as f64, k + 1));
                break;
            }
            k += 1;
            let on_diagonal =
                k <= i && k <= j && cost[(i - k + 1) * w + j - k + 1] != cost[(i - k) * w + j - k];
            if !on_diagonal || !self.occurs[self.orig[i - k]].1 || !self.occurs[self.cor[j - k]].0 {
                k -= 1;
                break;
            }
        }
        for step in 0..=k {
            self.balance[self.orig[i - step]] = 0;
            self.balance[self.cor[j - step]] = 0;
        }
        found
    }
}
