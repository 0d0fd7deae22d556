//! TUPA-Sparse-style feature templates over the parser state (ucca-parser spec §3), hashed to
//! 64-bit keys with no string allocated per feature.
//!
//! Elements are the stack's top four items s0–s3 and the buffer's first four b0–b3, the
//! leftmost/rightmost children and the first parent of s0 and s1, and the last two actions. A
//! node's word-level properties are those of its head terminal (the token it was created from):
//! lower-cased form, shape, prefix and suffixes, capitalisation/digit/hyphen/punctuation flags and,
//! by [`FeatureSet`], its Brown cluster prefixes, Brill tag and WordNet class. Node properties are
//! the label of its first incoming edge, its kind (root, word, punctuation, unit), height and
//! numbers of children, parents and remote children. Templates are unigrams, bigrams and trigrams
//! of these (Zhang & Clark 2009), child and parent features (Zhu et al. 2013), separator
//! punctuation between s1 and s0, distances, the edges between s0 and s1 and past actions
//! (Tokgöz & Eryiğit 2015).

use crate::lexicon::{LexEntry, Lexicon};
use crate::state::{NodeIndex, ROOT, State, Token};

/// Which word-level signals the features use besides orthography (for the ablation of the
/// `ucca-parser` report).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct FeatureSet {
    /// WordNet parts of speech and lexicographer file.
    pub wordnet: bool,
    /// Brown cluster prefixes of 4, 6, 10 and 20 bits.
    pub clusters: bool,
    /// Brill's lexicon tag.
    pub brill: bool,
}

impl FeatureSet {
    /// Every signal.
    pub const ALL: FeatureSet = FeatureSet {
        wordnet: true,
        clusters: true,
        brill: true,
    };

    /// Orthography only.
    pub const ORTHOGRAPHY: FeatureSet = FeatureSet {
        wordnet: false,
        clusters: false,
        brill: false,
    };

    /// The set's name in reports: `orthography`, `+wordnet`, `+wordnet+clusters`, …
    pub fn name(self) -> String {
        let mut name = String::from("orthography");
        for (on, part) in [
            (self.wordnet, "+wordnet"),
            (self.clusters, "+clusters"),
            (self.brill, "+brill"),
        ] {
            if on {
                name.push_str(part);
            }
        }
        name
    }
}

/// What the features read of one token, computed once per sentence.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct TokenView {
    lower: u64,
    shape: u64,
    prefix: u64,
    suffix: [u64; 3],
    flags: u64,
    clusters: [u64; 4],
    tag: u64,
    wordnet: u64,
}

const NONE: u64 = 1;
const ROOT_VALUE: u64 = 2;

impl TokenView {
    pub(crate) fn new(token: &Token, entry: LexEntry) -> TokenView {
        let text = token.text.as_str();
        let lower = text.to_lowercase();
        let chars: Vec<char> = lower.chars().collect();
        let suffix = |k: usize| {
            hash_str(
                &chars[chars.len().saturating_sub(k)..]
                    .iter()
                    .collect::<String>(),
            )
        };
        let first = text.chars().next();
        let flags = u64::from(first.is_some_and(char::is_uppercase))
            | u64::from(
                text.chars().any(char::is_alphabetic) && !text.chars().any(char::is_lowercase),
            ) << 1
            | u64::from(text.chars().any(|c| c.is_ascii_digit())) << 2
            | u64::from(text.contains('-')) << 3
            | u64::from(token.punctuation) << 4;
        let cluster = |bits: u32| {
            entry
                .cluster
                .map_or(NONE, |c| 16 + u64::from(c & ((1u32 << bits) - 1)))
        };
        TokenView {
            lower: hash_str(&lower),
            shape: hash_str(&shape(text)),
            prefix: chars.first().map_or(NONE, |&c| 16 + u64::from(c)),
            suffix: [suffix(1), suffix(2), suffix(3)],
            flags: 16 + flags,
            clusters: [cluster(4), cluster(6), cluster(10), cluster(20)],
            tag: entry.tag.map_or(NONE, |t| 16 + u64::from(t)),
            wordnet: 16
                + (u64::from(entry.wordnet.parts_of_speech) << 8
                    | entry.wordnet.lexicographer_file.map_or(255, u64::from)),
        }
    }

    /// Every property the same marker value (the root; no element).
    const fn all(v: u64) -> TokenView {
        TokenView {
            lower: v,
            shape: v,
            prefix: v,
            suffix: [v; 3],
            flags: v,
            clusters: [v; 4],
            tag: v,
            wordnet: v,
        }
    }

    const ROOT: TokenView = TokenView::all(ROOT_VALUE);

    const NONE: TokenView = TokenView::all(NONE);
}

/// The word shape: upper- and lower-case letters as `X` and `x`, digits as `d`, other characters
/// as themselves, runs of one class cut to two (`Wikipedia` → `Xxx`, `1999` → `dd`, `e-mail` →
/// `x-xx`).
fn shape(text: &str) -> String {
    let mut out = String::new();
    let mut last = None;
    let mut run = 0;
    for c in text.chars().take(20) {
        let class = if c.is_uppercase() {
            'X'
        } else if c.is_alphabetic() {
            'x'
        } else if c.is_numeric() {
            'd'
        } else {
            c
        };
        if Some(class) == last {
            run += 1;
        } else {
            run = 1;
            last = Some(class);
        }
        if run <= 2 {
            out.push(class);
        }
    }
    out
}

/// FNV-1a 64 of the bytes.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// FNV-1a of the text, then the SplitMix64 finaliser, kept clear of the small marker values.
fn hash_str(s: &str) -> u64 {
    finalise(fnv1a(s.as_bytes()) | 1 << 63)
}

fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of template `template` with these values.
fn key(template: u64, values: &[u64]) -> u64 {
    let mut h = template.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for &v in values {
        h = finalise(h ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
    }
    finalise(h)
}

/// The sentence-level context of feature extraction: the tokens' views.
#[derive(Debug, Clone)]
pub(crate) struct Sentence {
    views: Vec<TokenView>,
    punctuation: Vec<Option<u64>>,
    /// The tagger's Penn tag and dependency label of every token, when a neural model reads them.
    analyses: Vec<[u64; 2]>,
    /// The tokens as written (what a character encoder reads).
    words: Vec<String>,
}

impl Sentence {
    /// The tokens' views by the lexicon, and the tagger's analyses when one is given (a neural
    /// model that reads them).
    pub(crate) fn new(
        tokens: &[Token],
        lexicon: &Lexicon,
        tagger: Option<&english_tagger::Tagger>,
    ) -> Sentence {
        let analyses = tagger.map_or_else(Vec::new, |tagger| {
            let words: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
            tagger
                .tag(&words)
                .iter()
                .map(|a| [hash_str(&a.xpos), hash_str(&a.dep)])
                .collect()
        });
        Sentence {
            views: tokens
                .iter()
                .map(|t| TokenView::new(t, lexicon.get(&t.text)))
                .collect(),
            punctuation: tokens
                .iter()
                .map(|t| t.punctuation.then(|| hash_str(&t.text)))
                .collect(),
            analyses,
            words: tokens.iter().map(|t| t.text.clone()).collect(),
        }
    }
}

impl Sentence {
    /// The tokens.
    pub(crate) fn len(&self) -> usize {
        self.views.len()
    }

    /// The tokens as written.
    pub(crate) fn words(&self) -> impl Iterator<Item = &str> {
        self.words.iter().map(String::as_str)
    }

    /// What the neural classifier embeds of token `i`, one value per [`TOKEN_INPUTS`] group:
    /// lower-cased form, shape, first letter, two- and three-letter suffixes, flags, the 20- and
    /// 6-bit Brown cluster prefixes, Brill tag, WordNet class, and the tagger's Penn tag and
    /// dependency label (a marker value where the sentence was read without the tagger).
    pub(crate) fn token_inputs(&self, i: usize) -> [u64; TOKEN_INPUTS] {
        let v = &self.views[i];
        let [xpos, dep] = self.analyses.get(i).copied().unwrap_or([NONE; 2]);
        [
            v.lower,
            v.shape,
            v.prefix,
            v.suffix[1],
            v.suffix[2],
            v.flags,
            v.clusters[3],
            v.clusters[1],
            v.tag,
            v.wordnet,
            xpos,
            dep,
        ]
    }
}

/// The groups of [`Sentence::token_inputs`].
pub(crate) const TOKEN_INPUTS: usize = 12;

/// The last groups of [`Sentence::token_inputs`], the tagger's.
pub(crate) const TAGGER_INPUTS: usize = 2;

/// The positions the neural classifier reads token encodings at: s0–s3, b0–b3, the leftmost and
/// rightmost children of s0 and s1, and the first parent of s0.
pub(crate) const SLOTS: usize = 13;

/// Where a slot's node is: a token (its head terminal, 0-based), the root, or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SlotHead {
    Token(usize),
    Root,
    Empty,
}

/// The neural classifier's view of a state: the head of each of the [`SLOTS`] nodes, and the
/// hashed keys of the structural properties (each slot's incoming label, kind, height and child
/// counts; the edges between s0 and s1; the last two actions; separators, distances, swap order,
/// node ratio and stack and buffer sizes) — the sparse templates without the words.
pub(crate) fn structure(
    state: &State,
    sentence: &Sentence,
    heads: &mut [SlotHead; SLOTS],
    keys: &mut Vec<u64>,
) {
    keys.clear();
    let s: [Option<NodeIndex>; 4] = std::array::from_fn(|i| state.stack_item(i));
    let b: [Option<NodeIndex>; 4] = std::array::from_fn(|i| state.buffer_item(i));
    let nodes = [
        s[0],
        s[1],
        s[2],
        s[3],
        b[0],
        b[1],
        b[2],
        b[3],
        child(state, s[0], true),
        child(state, s[0], false),
        child(state, s[1], true),
        child(state, s[1], false),
        parent(state, s[0]),
    ];
    let mut template = 0u64;
    let mut f = |values: &[u64]| {
        template += 1;
        keys.push(key(template, values));
    };
    let mut elements = [NO_ELEMENT; 5];
    for (slot, &n) in nodes.iter().enumerate() {
        heads[slot] = match n {
            None => SlotHead::Empty,
            Some(ROOT) => SlotHead::Root,
            Some(n) => SlotHead::Token(state.nodes[n].head as usize - 1),
        };
        let x = element(state, sentence, n);
        f(&[x.label]);
        f(&[x.kind]);
        f(&[x.height]);
        f(&[x.counts]);
        if slot < elements.len() {
            elements[slot] = x;
        }
    }
    let [s0, s1, _, _, b0] = &elements;
    common(state, sentence, [s[0], s[1]], [s0, s1, b0], &mut f);
}

/// The properties of one element (a node, or nothing there).
#[derive(Clone, Copy)]
struct Element {
    word: TokenView,
    label: u64,
    kind: u64,
    height: u64,
    counts: u64,
    head: Option<u32>,
}

const NO_ELEMENT: Element = Element {
    word: TokenView::NONE,
    label: NONE,
    kind: NONE,
    height: NONE,
    counts: NONE,
    head: None,
};

fn element(state: &State, sentence: &Sentence, node: Option<NodeIndex>) -> Element {
    let Some(n) = node else {
        return NO_ELEMENT;
    };
    let v = &state.nodes[n];
    let word = if n == ROOT {
        TokenView::ROOT
    } else {
        sentence
            .views
            .get(v.head as usize - 1)
            .copied()
            .unwrap_or(TokenView::NONE)
    };
    let label = v
        .incoming
        .first()
        .map_or(3, |&e| 16 + state.edges[e].label as u64);
    let kind = match (n == ROOT, v.terminal, v.punctuation) {
        (true, _, _) => 4,
        (false, Some(_), true) => 5,
        (false, Some(_), false) => 6,
        (false, None, _) => 7,
    };
    let remote = v
        .outgoing
        .iter()
        .filter(|&&e| state.edges[e].remote)
        .count();
    let counts = 16
        + (v.outgoing.len().min(6) as u64) * 100
        + (v.incoming.len().min(3) as u64) * 10
        + remote.min(3) as u64;
    Element {
        word,
        label,
        kind,
        height: 16 + u64::from(v.height.min(10)),
        counts,
        head: (n != ROOT).then_some(v.head),
    }
}

/// The child of `n` with the smallest (`leftmost`) or greatest head position.
fn child(state: &State, n: Option<NodeIndex>, leftmost: bool) -> Option<NodeIndex> {
    let children = state.nodes[n?]
        .outgoing
        .iter()
        .map(|&e| state.edges[e].child);
    if leftmost {
        children.min_by_key(|&c| state.nodes[c].head)
    } else {
        children.max_by_key(|&c| state.nodes[c].head)
    }
}

fn parent(state: &State, n: Option<NodeIndex>) -> Option<NodeIndex> {
    state.nodes[n?]
        .incoming
        .first()
        .map(|&e| state.edges[e].parent)
}

fn bucket(d: i64) -> u64 {
    let b = match d.unsigned_abs() {
        0 => 0,
        1 => 1,
        2 => 2,
        3..=4 => 3,
        5..=8 => 4,
        _ => 5,
    };
    16 + b * 2 + u64::from(d < 0)
}

/// Appends the keys of every feature of `state` to `out` (cleared first).
pub(crate) fn extract(state: &State, sentence: &Sentence, set: FeatureSet, out: &mut Vec<u64>) {
    out.clear();
    let mut template = 0u64;
    let mut f = |values: &[u64]| {
        template += 1;
        out.push(key(template, values));
    };
    let s: [Option<NodeIndex>; 4] = std::array::from_fn(|i| state.stack_item(i));
    let b: [Option<NodeIndex>; 4] = std::array::from_fn(|i| state.buffer_item(i));
    let e = |n| element(state, sentence, n);
    let (s0, s1, s2, s3) = (e(s[0]), e(s[1]), e(s[2]), e(s[3]));
    let (b0, b1, b2, b3) = (e(b[0]), e(b[1]), e(b[2]), e(b[3]));
    let elements = [s0, s1, s2, s3, b0, b1, b2, b3];

    f(&[]);
    for x in &elements {
        f(&[x.word.lower]);
        f(&[x.kind, x.label]);
        f(&[x.word.shape, x.word.suffix[2]]);
    }
    for x in [&s0, &s1, &b0] {
        f(&[x.word.lower, x.label]);
        f(&[x.word.suffix[0]]);
        f(&[x.word.suffix[1]]);
        f(&[x.word.prefix, x.word.flags]);
    }
    for x in [&s0, &s1] {
        f(&[x.height]);
        f(&[x.counts]);
        f(&[x.counts, x.label]);
    }
    // Word bigrams and trigrams.
    f(&[s0.word.lower, s1.word.lower]);
    f(&[s0.word.lower, b0.word.lower]);
    f(&[s1.word.lower, b0.word.lower]);
    f(&[s0.word.lower, b0.word.lower, b1.word.lower]);
    f(&[s0.label, s1.label]);
    f(&[s0.kind, s1.kind, s0.label, s1.label]);
    f(&[s0.word.lower, s1.label]);
    f(&[s0.label, s1.word.lower]);
    f(&[s0.label, b0.word.lower]);
    f(&[s0.label, s1.label, s2.label]);
    f(&[s0.label, s1.label, b0.kind]);
    f(&[s0.word.shape, s1.word.shape, b0.word.shape]);
    if set.brill {
        for x in &elements {
            f(&[x.word.tag]);
        }
        f(&[s0.word.tag, s1.word.tag]);
        f(&[s0.word.tag, b0.word.tag]);
        f(&[s1.word.tag, b0.word.tag]);
        f(&[s0.word.tag, s1.word.tag, b0.word.tag]);
        f(&[s0.word.tag, s1.word.tag, s2.word.tag]);
        f(&[s0.word.tag, b0.word.tag, b1.word.tag]);
        f(&[s0.word.lower, s1.word.tag]);
        f(&[s0.word.tag, s1.word.lower]);
        f(&[s0.word.tag, s0.label, s1.label]);
        f(&[s0.word.tag, s1.word.tag, s0.label, s1.label]);
    }
    if set.clusters {
        clusters(&elements, &mut f);
    }
    if set.wordnet {
        for x in [&s0, &s1, &s2, &b0, &b1] {
            f(&[x.word.wordnet]);
        }
        f(&[s0.word.wordnet, s1.word.wordnet]);
        f(&[s0.word.wordnet, b0.word.wordnet]);
        f(&[s0.word.wordnet, s0.label]);
        f(&[s0.word.wordnet, s0.label, s1.label]);
    }
    // Children and parents of s0 and s1.
    for n in [s[0], s[1]] {
        let (l, r) = (e(child(state, n, true)), e(child(state, n, false)));
        let u = e(parent(state, n));
        f(&[l.label]);
        f(&[r.label]);
        f(&[l.label, r.label, e(n).label]);
        f(&[l.word.lower]);
        f(&[r.word.lower]);
        f(&[u.label]);
        f(&[u.label, e(n).label]);
        if set.brill {
            f(&[l.word.tag, r.word.tag]);
        }
    }
    common(state, sentence, [s[0], s[1]], [&s0, &s1, &b0], &mut f);
}

/// The Brown-cluster templates, of the elements s0–s3 and b0–b3.
fn clusters(elements: &[Element; 8], f: &mut impl FnMut(&[u64])) {
    let [s0, s1, _, _, b0, ..] = elements;
    for x in elements {
        f(&[x.word.clusters[1]]);
    }
    for x in [s0, s1, b0] {
        f(&[x.word.clusters[0]]);
        f(&[x.word.clusters[2]]);
        f(&[x.word.clusters[3]]);
        f(&[x.word.clusters[2], x.label]);
    }
    f(&[s0.word.clusters[1], s1.word.clusters[1]]);
    f(&[s0.word.clusters[1], b0.word.clusters[1]]);
    f(&[
        s0.word.clusters[0],
        s1.word.clusters[0],
        b0.word.clusters[0],
    ]);
    f(&[s0.word.clusters[2], s1.word.clusters[2]]);
    f(&[s0.word.clusters[1], s0.label, s1.label]);
}

/// The templates of the sparse features that the neural classifier's structure shares: the edges
/// between s0 and s1, past actions, separator punctuation, distances, swap order, node ratio and
/// the stack and buffer sizes.
fn common(
    state: &State,
    sentence: &Sentence,
    s: [Option<NodeIndex>; 2],
    [s0, s1, b0]: [&Element; 3],
    f: &mut impl FnMut(&[u64]),
) {
    // Edges between s0 and s1.
    let edge = |p: Option<NodeIndex>, c: Option<NodeIndex>| match (p, c) {
        (Some(p), Some(c)) => state.nodes[p]
            .outgoing
            .iter()
            .map(|&i| state.edges[i])
            .find(|x| x.child == c)
            .map_or(3, |x| 16 + x.label as u64 + 64 * u64::from(x.remote)),
        _ => NONE,
    };
    f(&[edge(s[0], s[1]), edge(s[1], s[0])]);
    // Past actions.
    let action = |i: usize| {
        state
            .actions
            .len()
            .checked_sub(i + 1)
            .and_then(|j| state.actions[j].index())
            .map_or(NONE, |a| 16 + a as u64)
    };
    let (a0, a1) = (action(0), action(1));
    f(&[a0]);
    f(&[a0, a1]);
    f(&[a0, s0.label]);
    f(&[a0, s0.kind, s1.kind]);
    // Separator punctuation and distances.
    let (separators, unique) = match (s1.head, s0.head) {
        (Some(x), Some(y)) => {
            let (lo, hi) = (x.min(y), x.max(y));
            let marks: Vec<u64> = (lo + 1..hi)
                .filter_map(|p| sentence.punctuation[p as usize - 1])
                .collect();
            let unique = if marks.len() == 1 { marks[0] } else { NONE };
            (16 + marks.len().min(3) as u64, unique)
        }
        _ => (NONE, NONE),
    };
    f(&[separators]);
    f(&[unique]);
    f(&[unique, s0.label, s1.label]);
    let distance = |x: Option<u32>, y: Option<u32>| match (x, y) {
        (Some(x), Some(y)) => bucket(i64::from(y) - i64::from(x)),
        _ => NONE,
    };
    f(&[distance(s1.head, s0.head)]);
    f(&[distance(s0.head, b0.head)]);
    f(&[distance(s1.head, s0.head), s0.label, s1.label]);
    let inverted = match (s[0], s[1]) {
        (Some(x), Some(y)) => 16 + u64::from(state.nodes[y].swap_index > state.nodes[x].swap_index),
        _ => NONE,
    };
    f(&[inverted, s0.kind, s1.kind]);
    let ratio = 16 + (4 * state.created_units() / state.terminal_count().max(1)).min(12) as u64;
    f(&[ratio]);
    f(&[
        16 + state.stack.len().min(6) as u64,
        16 + state.buffer.len().min(3) as u64,
    ]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(shape("Wikipedia"), "Xxx");
        assert_eq!(shape("1999"), "dd");
        assert_eq!(shape("e-mail"), "x-xx");
        assert_eq!(shape("U.S."), "X.X.");
    }
}
