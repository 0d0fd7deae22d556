//! The aligner's named-entity step (EASSE's `alignNamedEntities`): entities from the analyses'
//! entity tags, grown by capitalised words that occur in an entity of the other sentence, then
//! aligned when equal, when one is the other's acronym, or when one's words are among the
//! other's.

use crate::Error;
use crate::aligner::{Pair, SideView};
use crate::word_match::is_upper;

const NAMES: [&str; 3] = ["PERSON", "ORGANIZATION", "LOCATION"];

/// An entity: its word numbers (from 1), words and tag. (The reference also keeps character
/// offsets, which follow the word numbers one for one.)
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entity {
    indices: Vec<usize>,
    words: Vec<String>,
    tag: String,
}

impl Entity {
    fn is_name(&self) -> bool {
        NAMES.contains(&self.tag.as_str())
    }
}

/// EASSE's `ner`: runs of adjacent words with the same tag other than `O`.
fn tagged(side: &SideView) -> Vec<Entity> {
    let mut out: Vec<Entity> = Vec::new();
    for (k, t) in side
        .sentence
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.ner != "O")
    {
        match out.last_mut() {
            Some(e) if e.tag == t.ner && e.indices.last() == Some(&k) => {
                e.indices.push(k + 1);
                e.words.push(t.word.clone());
            }
            _ => out.push(Entity {
                indices: vec![k + 1],
                words: vec![t.word.clone()],
                tag: t.ner.clone(),
            }),
        }
    }
    out
}

/// EASSE's `isAcronym`: the word without dots is upper case, as long as the entity, not `A` or
/// `I`, and its letters are the entity's words' first letters.
fn is_acronym(word: &str, entity: &[String]) -> bool {
    let canonical = word.replace('.', "");
    let lower = canonical.to_lowercase();
    if !is_upper(&canonical)
        || canonical.chars().count() != entity.len()
        || lower == "a"
        || lower == "i"
    {
        return false;
    }
    canonical.chars().zip(entity).all(|(c, w)| w.starts_with(c))
}

/// Grows `own` (the entities of `side`) by the capitalised words of `side` outside them that
/// occur in an entity of `other`, as the reference does: a word right after an entity joins
/// it, another becomes an entity of its own; an acronym of such an entity becomes one too.
fn grow(side: &SideView, own: &mut Vec<Entity>, other: &[Entity]) {
    for (k, token) in side.sentence.tokens.iter().enumerate() {
        let index = k + 1;
        let word = &token.word;
        let capital = word
            .chars()
            .next()
            .is_some_and(|c| is_upper(&c.to_string()));
        if own.iter().any(|e| e.indices.contains(&index)) || !capital {
            continue;
        }
        for theirs in other {
            let single = Entity {
                indices: vec![index],
                words: vec![word.clone()],
                tag: theirs.tag.clone(),
            };
            if theirs.words.contains(word) {
                let mut joined = false;
                for e in own.iter_mut() {
                    if e.indices.last() == Some(&(index - 1)) {
                        e.indices.push(index);
                        e.words.push(word.clone());
                        joined = true;
                    }
                }
                if !joined {
                    own.push(single);
                }
            } else if is_acronym(word, &theirs.words) && !own.contains(&single) {
                own.push(single);
            }
        }
    }
}

/// The named-entity alignments of the pair, given the alignments so far.
pub(crate) fn align(
    pair: &Pair,
    existing: &[(usize, usize)],
) -> Result<Vec<(usize, usize)>, Error> {
    let mut source = tagged(&pair.source);
    let mut target = tagged(&pair.target);
    grow(&pair.source, &mut source, &target);
    grow(&pair.target, &mut target, &source);
    if source.is_empty() || target.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut done = (Vec::new(), Vec::new());
    align_equal(&source, &target, &mut out, &mut done);
    align_acronyms(&source, &target, &mut out);
    align_contained(pair, (&source, &target), existing, &mut out, &done)?;
    Ok(out)
}

fn push(out: &mut Vec<(usize, usize)>, pair: (usize, usize)) {
    if !out.contains(&pair) {
        out.push(pair);
    }
}

fn is_unique(entity: &Entity, all: &[Entity]) -> bool {
    all.iter().filter(|e| e.words == entity.words).count() <= 1
}

/// Names that occur once on each side and are equal without hyphens.
fn align_equal(
    source: &[Entity],
    target: &[Entity],
    out: &mut Vec<(usize, usize)>,
    done: &mut (Vec<Entity>, Vec<Entity>),
) {
    let canonical = |e: &Entity| {
        e.words
            .iter()
            .map(|w| w.replace('-', ""))
            .collect::<Vec<_>>()
    };
    for s in source
        .iter()
        .filter(|s| s.is_name() && is_unique(s, source))
    {
        for t in target
            .iter()
            .filter(|t| t.is_name() && is_unique(t, target))
        {
            if canonical(s) == canonical(t) {
                for (&a, &b) in s.indices.iter().zip(&t.indices) {
                    push(out, (a, b));
                }
                done.0.push(s.clone());
                done.1.push(t.clone());
            }
        }
    }
}

/// A one-word name that is the other side's name's acronym aligns to each of its words.
fn align_acronyms(source: &[Entity], target: &[Entity], out: &mut Vec<(usize, usize)>) {
    for s in source.iter().filter(|s| s.is_name()) {
        for t in target.iter().filter(|t| t.is_name()) {
            if s.words.len() == 1 && is_acronym(&s.words[0], &t.words) {
                t.indices.iter().for_each(|&b| push(out, (s.indices[0], b)));
            } else if t.words.len() == 1 && is_acronym(&t.words[0], &s.words) {
                s.indices.iter().for_each(|&a| push(out, (a, t.indices[0])));
            }
        }
    }
}

/// Names of one tag, not aligned yet, whose words are among the other's: equal words align,
/// then each word of the shorter to each still unaligned word of the longer, unless that word
/// is in a name of the other sentence, is punctuation, or (for the longer side) is aligned
/// already.
fn align_contained(
    pair: &Pair,
    (source, target): (&[Entity], &[Entity]),
    existing: &[(usize, usize)],
    out: &mut Vec<(usize, usize)>,
    done: &(Vec<Entity>, Vec<Entity>),
) -> Result<(), Error> {
    let names = |all: &[Entity], side: &SideView| -> Vec<String> {
        let words = all
            .iter()
            .filter(|e| e.is_name())
            .flat_map(|e| e.indices.iter());
        words
            .map(|&k| side.sentence.tokens[k - 1].word.clone())
            .collect()
    };
    let (source_names, target_names) = (names(source, &pair.source), names(target, &pair.target));
    let subset = |a: &[String], b: &[String]| a.iter().all(|w| b.contains(w));
    for s in source
        .iter()
        .filter(|s| s.is_name() && !done.0.contains(s) && is_unique(s, source))
    {
        let fits = |t: &&Entity| {
            t.is_name() && !done.1.contains(t) && t.tag == s.tag && is_unique(t, target)
        };
        for t in target.iter().filter(fits) {
            if subset(&s.words, &t.words) {
                let longer = link_equal_words(s, t, false, out);
                for &a in &s.indices {
                    for &b in &t.indices {
                        let inserted = existing.iter().any(|m| m.1 == b);
                        if !longer.contains(&b) || inserted || out.contains(&(a, b)) {
                            continue;
                        }
                        let (wa, wb) = (&pair.source.word(a), &pair.target.word(b));
                        if !source_names.contains(&wb.to_string())
                            && !is_punctuation(wa)
                            && !is_punctuation(wb)
                        {
                            out.push((a, b));
                        }
                    }
                }
            } else if subset(&t.words, &s.words) {
                contained_in_source(pair, (s, t), existing, out, &target_names)?;
            }
        }
    }
    Ok(())
}

/// Aligns the equal words of `s` and `t`; returns the longer side's word numbers left unaligned
/// (the target's when `source_longer` is false).
fn link_equal_words(
    s: &Entity,
    t: &Entity,
    source_longer: bool,
    out: &mut Vec<(usize, usize)>,
) -> Vec<usize> {
    let (short, long) = if source_longer { (t, s) } else { (s, t) };
    let mut unaligned = long.indices.clone();
    for k in 0..short.words.len() {
        for l in 0..long.words.len() {
            let pair = if source_longer {
                (long.indices[l], short.indices[k])
            } else {
                (short.indices[k], long.indices[l])
            };
            if short.words[k] == long.words[l] && !out.contains(&pair) {
                out.push(pair);
                if let Some(p) = unaligned.iter().position(|&x| x == long.indices[l]) {
                    unaligned.remove(p);
                }
            }
        }
    }
    unaligned
}

/// The reference's branch for a target name whose words are among the source name's. It
/// indexes the source name by the target name's positions, and raises IndexError where the
/// target name is the longer list (a repeated word): so does this.
fn contained_in_source(
    pair: &Pair,
    (s, t): (&Entity, &Entity),
    existing: &[(usize, usize)],
    out: &mut Vec<(usize, usize)>,
    target_names: &[String],
) -> Result<(), Error> {
    let longer = link_equal_words(s, t, true, out);
    let crash = || Error::AlignerCrash {
        step: "named entities",
    };
    for (k, &b) in t.indices.iter().enumerate() {
        let ak = s.indices.get(k).copied();
        for l in 0..s.indices.len() {
            let inserted = match existing.first() {
                Some(_) => {
                    let ak = ak.ok_or_else(crash)?;
                    existing.iter().any(|m| m.0 == ak)
                }
                None => false,
            };
            let al = s.indices[l];
            if !longer.contains(&al) || inserted || out.contains(&(al, b)) {
                continue;
            }
            let ak = ak.ok_or_else(crash)?;
            let (wk, wl, wb) = (
                pair.source.word(ak),
                pair.source.word(al),
                pair.target.word(b),
            );
            if !target_names.contains(&wk.to_string()) && !is_punctuation(wl) && !is_punctuation(wb)
            {
                out.push((al, b));
            }
        }
    }
    Ok(())
}

fn is_punctuation(word: &str) -> bool {
    crate::aligner::PUNCTUATION.contains(&word)
}
