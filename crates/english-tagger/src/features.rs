//! The features: what the tagger and the labeller see of a token and its neighbours, each a
//! 64-bit hash of (template, values). Word-level values are hashed once per token
//! ([`Lexical`]); the templates combine them with the tags already predicted to the left.

/// Which groups of tagger features a model uses (the ablation in `reproduce en-tagger` turns
/// each off in turn). The word itself, its neighbours' words and the two previous tags are
/// always on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FeatureGroups {
    /// Prefixes of 1–3 and suffixes of 1–4 characters of the word, and the neighbours' 3-letter
    /// suffixes.
    pub affixes: bool,
    /// The word's shape (`Xxxx`, `dd.d`, …) and flags: capitalised, has a digit, has a hyphen.
    pub shape: bool,
    /// Brown clusters (4, 6, 10 bits and the full path) of the word and its neighbours.
    pub clusters: bool,
    /// The words two to the left and right, and word pairs across the current one.
    pub wide_context: bool,
    /// External lexicons: the word's tags in Brill's lexicon (and its neighbours' first tags),
    /// and the WordNet parts of speech it can inflect by spaCy's lemma tables.
    pub lexicons: bool,
    /// Case: the word's class in the other case (`apple` for `Apple`), and whether the sentence
    /// is a title or in capitals, each with the word's own capitalisation.
    pub case: bool,
    /// The most frequent training classes of the next two words (their "ambiguity class"), the
    /// right context's stand-in for tags not yet predicted.
    pub lookahead: bool,
}

impl FeatureGroups {
    /// Every group on: the shipped model.
    pub const ALL: FeatureGroups = FeatureGroups {
        affixes: true,
        shape: true,
        clusters: true,
        wide_context: true,
        lookahead: true,
        case: true,
        lexicons: true,
    };

    /// The groups as a bit set (stored in the model file).
    pub(crate) fn bits(self) -> u8 {
        u8::from(self.affixes)
            | u8::from(self.shape) << 1
            | u8::from(self.clusters) << 2
            | u8::from(self.wide_context) << 3
            | u8::from(self.lookahead) << 4
            | u8::from(self.case) << 5
            | u8::from(self.lexicons) << 6
    }

    /// The inverse of [`FeatureGroups::bits`].
    pub(crate) fn from_bits(bits: u8) -> Self {
        FeatureGroups {
            affixes: bits & 1 != 0,
            shape: bits & 2 != 0,
            clusters: bits & 4 != 0,
            wide_context: bits & 8 != 0,
            lookahead: bits & 16 != 0,
            case: bits & 32 != 0,
            lexicons: bits & 64 != 0,
        }
    }
}

impl Default for FeatureGroups {
    fn default() -> Self {
        FeatureGroups::ALL
    }
}

/// FNV-1a over the bytes, finished with a 64-bit mixer so that the low bits spread well.
pub(crate) fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    finish(h)
}

fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A feature: the template's number and up to two values, mixed.
fn feature(template: u64, a: u64, b: u64) -> u64 {
    finish(finish(template.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ a).wrapping_add(b))
}

/// The word-level values of one token, hashed.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Lexical {
    pub(crate) lower: u64,
    suffixes: [u64; 4],
    prefixes: [u64; 3],
    shape: u64,
    flags: u64,
    /// Cluster path prefixes of 4, 6 and 10 bits and the full path; 0 when the word has none.
    clusters: [u64; 4],
    /// The word's most frequent class in training, plus one; 0 for a rare or unseen word.
    known: u64,
    /// The word as written.
    form: u64,
    /// The most frequent training class of the word in the other case (lower-cased if it has
    /// capitals, else capitalised), plus one, tagged by direction; 0 if none.
    other_case: u64,
    /// How the sentence is capitalised: mostly lower-case words, mostly capitalised (a
    /// title), or all capitals.
    sentence_case: u64,
    /// The word's most frequent tag and its tag set in Brill's lexicon (0: not listed).
    brill_first: u64,
    brill_set: u64,
    /// The WordNet parts of speech the word can inflect (see `Lemmatizer::parts_of_speech`).
    wordnet: u64,
}

/// What the external lexicons say of a word: Brill's tags for it, and the WordNet parts of
/// speech it can inflect.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Lexicons<'a> {
    pub(crate) brill: Option<&'a str>,
    pub(crate) wordnet: u8,
}

/// Padding beyond the sentence's ends: every value `v`, distinct from any hash a word gives.
const fn padding(v: u64) -> Lexical {
    Lexical {
        lower: v,
        suffixes: [v; 4],
        prefixes: [v; 3],
        shape: v,
        flags: v,
        clusters: [v; 4],
        known: v << 20,
        form: v,
        other_case: v << 20,
        sentence_case: 0,
        brill_first: v,
        brill_set: v,
        wordnet: v << 8,
    }
}
const START: Lexical = padding(1);
const END: Lexical = padding(2);

impl Lexical {
    /// The values of `word`, whose Brown cluster path is `cluster`, whose most frequent class in
    /// training is `known` and in the other case `other_case` (as far as the model knows them).
    pub(crate) fn new(
        word: &str,
        cluster: Option<u32>,
        known: Option<u16>,
        other_case: Option<u16>,
        lexicons: Lexicons<'_>,
    ) -> Self {
        let lower = word.to_lowercase();
        let chars: Vec<(usize, char)> = lower.char_indices().collect();
        let n = chars.len();
        let suffix = |k: usize| {
            if n == 0 {
                0
            } else {
                hash_bytes(&lower.as_bytes()[chars[n.saturating_sub(k)].0..])
            }
        };
        let prefix = |k: usize| {
            let end = chars.get(k).map_or(lower.len(), |c| c.0);
            hash_bytes(&lower.as_bytes()[..end])
        };
        let mut shape = String::new();
        let mut last = None;
        let mut run = 0;
        for c in word.chars().take(64) {
            let class = if c.is_uppercase() {
                'X'
            } else if c.is_lowercase() {
                'x'
            } else if c.is_numeric() {
                'd'
            } else {
                c
            };
            run = if Some(class) == last { run + 1 } else { 1 };
            last = Some(class);
            if run <= 2 {
                shape.push(class);
            }
        }
        let first_upper = word.chars().next().is_some_and(char::is_uppercase);
        let all_upper =
            word.chars().any(char::is_alphabetic) && !word.chars().any(char::is_lowercase);
        let flags = u64::from(first_upper)
            | u64::from(all_upper) << 1
            | u64::from(word.chars().any(|c| c.is_ascii_digit())) << 2
            | u64::from(word.contains('-')) << 3
            | u64::from(n > 8) << 4
            | 1 << 5;
        let clusters = match cluster {
            None => [0; 4],
            Some(path) => [4u32, 6, 10, 32].map(|bits| {
                let mask = if bits >= 32 {
                    u32::MAX
                } else {
                    (1 << bits) - 1
                };
                u64::from(path & mask) << 8 | u64::from(bits) | 1 << 40
            }),
        };
        Lexical {
            lower: hash_bytes(lower.as_bytes()),
            suffixes: [1, 2, 3, 4].map(suffix),
            prefixes: [1, 2, 3].map(prefix),
            shape: hash_bytes(shape.as_bytes()),
            flags,
            clusters,
            known: known.map_or(0, |c| u64::from(c) + 1),
            form: hash_bytes(word.as_bytes()),
            other_case: other_case.map_or(0, |c| (u64::from(c) + 1) | u64::from(first_upper) << 16),
            sentence_case: 0,
            brill_first: lexicons.brill.map_or(0, |tags| {
                hash_bytes(tags.split(' ').next().unwrap_or_default().as_bytes())
            }),
            brill_set: lexicons.brill.map_or(0, |tags| hash_bytes(tags.as_bytes())),
            wordnet: u64::from(lexicons.wordnet),
        }
    }

    /// Marks every token with how its sentence is capitalised.
    pub(crate) fn mark_sentence_case(words: &[&str], lexical: &mut [Lexical]) {
        let alphabetic: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| w.chars().next().is_some_and(char::is_alphabetic))
            .collect();
        let capitalised = alphabetic
            .iter()
            .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
            .count();
        let all_caps = alphabetic.len() >= 3
            && alphabetic
                .iter()
                .all(|w| !w.chars().any(char::is_lowercase));
        let case = if all_caps {
            3
        } else if alphabetic.len() >= 3 && 2 * capitalised > alphabetic.len() {
            2
        } else {
            1
        };
        for l in lexical {
            l.sentence_case = case;
        }
    }
}

/// The token at `i` (which may lie one or two beyond either end).
fn at(words: &[Lexical], i: isize) -> &Lexical {
    if i < 0 {
        &START
    } else {
        words.get(i as usize).unwrap_or(&END)
    }
}

/// A tag before the sentence's start.
pub(crate) const NO_TAG: u64 = u64::MAX;

/// The tagger's features of token `i`, given the two tags predicted before it: the ones that do
/// not depend on those tags ([`word_features`]), the ones that read the previous tag
/// ([`previous_tag_features`]) and the tag bigram ([`tag_bigram`]).
pub(crate) fn tag_features(
    words: &[Lexical],
    i: usize,
    previous: [u64; 2],
    groups: FeatureGroups,
    out: &mut Vec<u64>,
) {
    word_features(words, i, groups, out);
    let mut history = Vec::new();
    previous_tag_features(words, i, previous[0], groups, &mut history);
    out.extend(history);
    out.push(tag_bigram(previous));
}

/// The feature of the two previous tags together (a beam scores it once per prefix).
pub(crate) fn tag_bigram([p1, p2]: [u64; 2]) -> u64 {
    feature(3, p1, p2)
}

/// The features of token `i` that read the previous tag `p1` (a beam scores them once per
/// distinct previous tag).
pub(crate) fn previous_tag_features(
    words: &[Lexical],
    i: usize,
    p1: u64,
    groups: FeatureGroups,
    out: &mut Vec<u64>,
) {
    out.clear();
    let i = i as isize;
    let (w, l1, r1) = (at(words, i), at(words, i - 1), at(words, i + 1));
    out.extend([
        feature(2, p1, 0),
        feature(4, p1, w.lower),
        feature(7, p1, r1.lower),
    ]);
    if groups.lookahead {
        out.push(feature(53, p1, r1.known));
    }
    if groups.affixes {
        out.push(feature(19, p1, w.suffixes[2]));
    }
    if groups.shape {
        out.push(feature(23, p1, w.shape));
    }
    if groups.case {
        out.push(feature(29, w.sentence_case, p1));
    }
    if groups.lexicons {
        out.push(feature(76, p1, w.brill_set));
    }
    if groups.clusters {
        out.push(feature(37, p1, w.clusters[2]));
    }
    if groups.wide_context {
        out.push(feature(45, p1, l1.lower));
    }
}

/// The features of token `i` that do not read the previous tags (a beam scores them once per
/// token).
pub(crate) fn word_features(
    words: &[Lexical],
    i: usize,
    groups: FeatureGroups,
    out: &mut Vec<u64>,
) {
    out.clear();
    let i = i as isize;
    let (w, l1, r1) = (at(words, i), at(words, i - 1), at(words, i + 1));
    out.extend([
        feature(0, 0, 0),
        feature(1, w.lower, 0),
        feature(5, l1.lower, 0),
        feature(6, r1.lower, 0),
        feature(8, w.form, 0),
    ]);
    if groups.lookahead {
        let r2 = at(words, i + 2);
        out.extend([
            feature(50, r1.known, 0),
            feature(51, r2.known, 0),
            feature(52, r1.known, r2.known),
            feature(54, w.lower, r1.known),
        ]);
    }
    if groups.affixes {
        for (t, s) in w.suffixes.iter().enumerate() {
            out.push(feature(10 + t as u64, *s, 0));
        }
        for (t, p) in w.prefixes.iter().enumerate() {
            out.push(feature(14 + t as u64, *p, 0));
        }
        out.push(feature(17, l1.suffixes[2], 0));
        out.push(feature(18, r1.suffixes[2], 0));
    }
    if groups.shape {
        out.push(feature(20, w.shape, 0));
        out.push(feature(21, w.flags, 0));
        out.push(feature(22, r1.shape, 0));
    }
    if groups.case {
        out.extend([
            feature(24, w.other_case, 0),
            feature(25, w.other_case, w.flags),
            feature(26, w.sentence_case, w.flags),
            feature(27, u64::from(i == 0), w.flags),
            feature(28, w.sentence_case, w.other_case),
        ]);
    }
    if groups.lexicons {
        out.extend([
            feature(70, w.brill_first, 0),
            feature(71, w.brill_set, 0),
            feature(72, w.wordnet, 0),
            feature(73, w.wordnet, w.suffixes[1]),
            feature(74, r1.brill_first, 0),
            feature(75, l1.brill_first, 0),
            feature(77, w.brill_set, w.wordnet),
        ]);
    }
    if groups.clusters {
        for (t, c) in w.clusters.iter().enumerate() {
            out.push(feature(30 + t as u64, *c, 0));
        }
        out.push(feature(34, l1.clusters[3], 0));
        out.push(feature(35, r1.clusters[3], 0));
        out.push(feature(36, r1.clusters[1], 0));
    }
    if groups.wide_context {
        let (l2, r2) = (at(words, i - 2), at(words, i + 2));
        out.extend([
            feature(40, l2.lower, 0),
            feature(41, r2.lower, 0),
            feature(42, l1.lower, w.lower),
            feature(43, w.lower, r1.lower),
            feature(44, r1.lower, r2.lower),
        ]);
    }
}

/// The labeller's features of token `i`: its word, the tags around it and the label predicted
/// before it.
pub(crate) fn label_features(
    words: &[Lexical],
    tags: &[u64],
    i: usize,
    previous_label: u64,
    out: &mut Vec<u64>,
) {
    out.clear();
    let tag = |j: isize| -> u64 {
        if j < 0 {
            NO_TAG
        } else {
            tags.get(j as usize).copied().unwrap_or(NO_TAG - 1)
        }
    };
    let i = i as isize;
    let w = at(words, i);
    let (t, l1, l2, l3, r1, r2, r3) = (
        tag(i),
        tag(i - 1),
        tag(i - 2),
        tag(i - 3),
        tag(i + 1),
        tag(i + 2),
        tag(i + 3),
    );
    out.extend([
        feature(100, 0, 0),
        feature(101, w.lower, 0),
        feature(102, t, 0),
        feature(103, t, w.lower),
        feature(104, t, l1),
        feature(105, t, r1),
        feature(106, feature(0, t, l1), r1),
        feature(107, feature(0, t, r1), r2),
        feature(108, feature(0, t, l1), l2),
        feature(109, t, previous_label),
        feature(110, w.lower, r1),
        feature(111, w.lower, l1),
        feature(112, feature(0, t, r1), feature(0, r2, r3)),
        feature(113, feature(0, t, l1), feature(0, l2, l3)),
        feature(114, at(words, i + 1).lower, t),
        feature(115, at(words, i - 1).lower, t),
        feature(116, w.suffixes[2], t),
        feature(117, w.clusters[2], t),
    ]);
}
