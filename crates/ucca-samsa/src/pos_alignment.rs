//! The aligner's four dependency-based steps (EASSE's `alignMainVerbs`, `alignNouns`,
//! `alignAdjectives`, `alignAdverbs`): related words of one word class align when their
//! dependency neighbours are related through equal or equivalent relations. The four share one
//! procedure and differ in their word class and their tables of equivalent relations, which are
//! the reference's own — including the lists in which a missing comma joins two names into one
//! (`"nsubj" "xsubj"` is `nsubjxsubj`), so that those relations match nothing.

use std::collections::HashMap;

use crate::aligner::{Pair, SideView};
use crate::analysis::{Neighbour, neighbours};

/// Which neighbours of a word a block of evidence compares.
#[derive(Debug, Clone, Copy)]
enum Way {
    Parents,
    Children,
}

/// Groups of relations taken as equivalent: a source relation in the first list and a target
/// relation in the second.
type Groups = &'static [(&'static [&'static str], &'static [&'static str])];

/// A word class: its letter (the tag's first letter), whether personal pronouns count as its
/// words when collecting evidence, whether stop words do, whether its children's block comes
/// before its parents', and its tables of equivalent relations: between parents, between
/// children, and from a source parent to a target child (read the other way for a source child
/// and a target parent).
pub(crate) struct WordClass {
    letter: char,
    pronouns: bool,
    stopwords_in_evidence: bool,
    children_first: bool,
    parents: Groups,
    children: Groups,
    opposite: Groups,
}

const AND_OR_NOR: [(&[&str], &[&str]); 3] = [
    (&["conj_and"], &["conj_and"]),
    (&["conj_or"], &["conj_or"]),
    (&["conj_nor"], &["conj_nor"]),
];
const NOUN_PARENTS: Groups = &[
    (
        &["pos", "nn", "prep_of", "prep_in", "prep_at", "prep_for"],
        &["pos", "nn", "prep_of", "prep_in", "prep_at", "prep_for"],
    ),
    (&["agent", "nsubj", "xsubj"], &["agent", "nsubj", "xsubj"]),
    (
        &["ccomp", "dobj", "nsubjpass", "rel", "partmod"],
        &["ccomp", "dobj", "nsubjpass", "rel", "partmod"],
    ),
    (
        &["tmodprep_in", "prep_at", "prep_on"],
        &["tmodprep_in", "prep_at", "prep_on"],
    ),
    (&["iobj", "prep_to"], &["iobj", "prep_to"]),
];
const NOUN_CHILDREN: Groups = &[
    (
        &["pos", "nnprep_of", "prep_in", "prep_at", "prep_for"],
        &["pos", "nnprep_of", "prep_in", "prep_at", "prep_for"],
    ),
    (
        &["infmod", "partmod", "rcmod"],
        &["infmod", "partmod", "rcmod"],
    ),
    (&["amod", "rcmod"], &["amod", "rcmod"]),
];
const NOUN_OPPOSITE: [(&[&str], &[&str]); 5] = [
    (&["nsubj"], &["amod", "rcmod"]),
    (
        &["ccomp", "dobj", "nsubjpass", "rel", "partmod"],
        &["infmod", "partmod", "rcmod"],
    ),
    AND_OR_NOR[0],
    AND_OR_NOR[1],
    AND_OR_NOR[2],
];
const VERB_CHILDREN: Groups = &[
    (&["agent", "nsubjxsubj"], &["agent", "nsubjxsubj"]),
    (
        &["ccomp", "dobjnsubjpass", "rel", "partmod"],
        &["ccomp", "dobjnsubjpass", "rel", "partmod"],
    ),
    (
        &["tmod", "prep_in", "prep_at", "prep_on"],
        &["tmod", "prep_in", "prep_at", "prep_on"],
    ),
    (&["iobj", "prep_to"], &["iobj", "prep_to"]),
    (&["purpcl", "xcomp"], &["purpcl", "xcomp"]),
];
const VERB_PARENTS: Groups = &[
    (
        &["infmod", "partmod", "rcmod"],
        &["infmod", "partmod", "rcmod"],
    ),
    (&["purpcl", "xcomp"], &["purpcl", "xcomp"]),
];
const VERB_OPPOSITE: [(&[&str], &[&str]); 5] = [
    (&["cop", "csubj"], &["acomp"]),
    (&["csubj"], &["csubjpass"]),
    AND_OR_NOR[0],
    AND_OR_NOR[1],
    AND_OR_NOR[2],
];
const ADJECTIVE_OPPOSITE: [(&[&str], &[&str]); 5] = [
    (&["amod", "rcmod"], &["nsubj"]),
    (&["acomp"], &["cop", "csubj"]),
    AND_OR_NOR[0],
    AND_OR_NOR[1],
    AND_OR_NOR[2],
];

/// The reference's order of steps: main verbs, nouns, adjectives, adverbs.
#[rustfmt::skip]
pub(crate) const CLASSES: [WordClass; 4] = [
    WordClass::new('v', [false, false, true], [VERB_PARENTS, VERB_CHILDREN, &VERB_OPPOSITE]),
    WordClass::new('n', [true, true, false], [NOUN_PARENTS, NOUN_CHILDREN, &NOUN_OPPOSITE]),
    WordClass::new('j', [false, true, false], [ADJECTIVE_PARENTS, &[], &ADJECTIVE_OPPOSITE]),
    WordClass::new('r', [false, true, false], [&[], &[], &AND_OR_NOR]),
];

const ADJECTIVE_PARENTS: Groups = &[(&["amod", "rcmod"], &["amod", "rcmod"])];

impl WordClass {
    /// A class: its letter, [pronouns, stop words in evidence, children first], [parents',
    /// children's and opposite groups].
    const fn new(letter: char, flags: [bool; 3], groups: [Groups; 3]) -> WordClass {
        WordClass {
            letter,
            pronouns: flags[0],
            stopwords_in_evidence: flags[1],
            children_first: flags[2],
            parents: groups[0],
            children: groups[1],
            opposite: groups[2],
        }
    }

    /// The four blocks of evidence in the reference's order: (source way, target way, groups,
    /// whether the groups are read target-to-source).
    fn blocks(&self) -> [(Way, Way, Groups, bool); 4] {
        let parents = (Way::Parents, Way::Parents, self.parents, false);
        let children = (Way::Children, Way::Children, self.children, false);
        let (first, second) = if self.children_first {
            (children, parents)
        } else {
            (parents, children)
        };
        [
            first,
            second,
            (Way::Parents, Way::Children, self.opposite, false),
            (Way::Children, Way::Parents, self.opposite, true),
        ]
    }

    fn has_letter(&self, tag: &str) -> bool {
        tag.chars()
            .next()
            .is_some_and(|c| c.to_lowercase().eq(std::iter::once(self.letter)))
    }

    /// Whether word `k` of `side` is collected as evidence: of the class (nouns: or a personal
    /// pronoun), and for verbs not a stop word.
    fn collects(&self, pair: &Pair, side: &SideView, k: usize) -> bool {
        let token = &side.sentence.tokens[k - 1];
        let of_class =
            self.has_letter(&token.pos) || (self.pronouns && token.pos.to_lowercase() == "prp");
        of_class && (self.stopwords_in_evidence || !pair.is_stopword(&token.lemma))
    }

    /// Whether word `k` of `side` may be aligned: of the class and not a stop word.
    fn aligns(&self, pair: &Pair, side: &SideView, k: usize) -> bool {
        let token = &side.sentence.tokens[k - 1];
        self.has_letter(&token.pos) && !pair.is_stopword(&token.lemma)
    }
}

/// What the evidence of one candidate pair holds.
#[derive(Default)]
struct Evidence {
    similarity: u32,
    count: u32,
    relatives: Vec<(usize, usize)>,
}

/// One class's step: the alignments it adds to `existing`.
pub(crate) fn align(
    class: &WordClass,
    pair: &Pair,
    existing: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut source_done: Vec<usize> = existing.iter().map(|a| a.0).collect();
    let mut target_done: Vec<usize> = existing.iter().map(|a| a.1).collect();
    let (evidence, rounds) = collect(class, pair, &source_done, &target_done);
    let mut out = Vec::new();
    for _ in 0..rounds {
        let mut best: Option<((usize, usize), f64)> = None;
        for i in 1..=pair.source.len() {
            if source_done.contains(&i) || !class.aligns(pair, &pair.source, i) {
                continue;
            }
            for j in 1..=pair.target.len() {
                if target_done.contains(&j) || !class.aligns(pair, &pair.target, j) {
                    continue;
                }
                if let Some(e) = evidence.get(&(i, j)).filter(|e| e.count > 0) {
                    let value = weighted(e.similarity, e.count);
                    if value > best.map_or(0.0, |b| b.1) {
                        best = Some(((i, j), value));
                    }
                }
            }
        }
        let Some((chosen, _)) = best else { break };
        out.push(chosen);
        source_done.push(chosen.0);
        target_done.push(chosen.1);
        for &(a, b) in &evidence[&chosen].relatives {
            if a != 0 && b != 0 && !source_done.contains(&a) && !target_done.contains(&b) {
                out.push((a, b));
                source_done.push(a);
                target_done.push(b);
            }
        }
    }
    out
}

/// The reference's weighting of word similarity against evidence, θ₁ = 0.9.
pub(crate) fn weighted(similarity: u32, evidence: u32) -> f64 {
    const THETA1: f64 = 0.9;
    THETA1 * f64::from(similarity) + (1.0 - THETA1) * f64::from(evidence)
}

/// The evidence of every related pair of the class's words not aligned yet, and the number of
/// the source's words of the class (the number of rounds).
fn collect(
    class: &WordClass,
    pair: &Pair,
    source_done: &[usize],
    target_done: &[usize],
) -> (HashMap<(usize, usize), Evidence>, usize) {
    let mut evidence = HashMap::new();
    let mut rounds = 0;
    for i in 1..=pair.source.len() {
        if source_done.contains(&i) || !class.collects(pair, &pair.source, i) {
            continue;
        }
        rounds += 1;
        for j in 1..=pair.target.len() {
            if target_done.contains(&j) || !class.collects(pair, &pair.target, j) {
                continue;
            }
            let similarity = pair.word_similarity(i, j);
            if similarity == 0 {
                continue;
            }
            let mut e = Evidence {
                similarity,
                ..Evidence::default()
            };
            let source_side = |way| {
                neighbours(
                    &pair.source.arcs,
                    i,
                    pair.source.word(i),
                    matches!(way, Way::Parents),
                )
            };
            let target_side = |way| {
                neighbours(
                    &pair.target.arcs,
                    j,
                    pair.target.word(j),
                    matches!(way, Way::Parents),
                )
            };
            for (sw, tw, groups, reversed) in class.blocks() {
                let (ks, ls) = (source_side(sw), target_side(tw));
                gather(pair, (&ks, &ls), (groups, reversed), &mut e);
            }
            evidence.insert((i, j), e);
        }
    }
    (evidence, rounds)
}

/// Adds the evidence of each pair of neighbours that are related through equal or equivalent
/// relations.
fn gather(
    pair: &Pair,
    (ks, ls): (&[Neighbour], &[Neighbour]),
    (groups, reversed): (Groups, bool),
    e: &mut Evidence,
) {
    for k in ks {
        for l in ls {
            let related = pair.neighbour_similarity(k.index, l.index);
            let equivalent = k.relation == l.relation
                || groups.iter().any(|&(a, b)| {
                    let (a, b) = if reversed { (b, a) } else { (a, b) };
                    a.contains(&k.relation.as_str()) && b.contains(&l.relation.as_str())
                });
            if related > 0 && equivalent {
                e.count += related;
                e.relatives.push((k.index, l.index));
            }
        }
    }
}
