//! Aligning the sentences of two versions of a passage (spec `lcb-pipeline.md` §6,
//! `break2common_sentences`): a source passage and its correction are split into sentences
//! independently; this finds the common sentence ends, so that each source sentence can be
//! compared with the correction's text for it even where a corrector split or joined sentences.
//!
//! The procedure is the reference's, quirks included, because the published split/concat counts
//! and every per-sentence measure depend on it:
//! * ends are character positions: the running sum of piece lengths, advanced past
//!   non-alphanumeric characters ([`calculate_endings`]);
//! * each piece is represented by its last word of more than one character;
//! * two pointers walk both piece lists; in order of preference a pair is ORDERED (same last
//!   word), FIRST_LONGER / SECOND_LONGER (the next piece of the shorter side ends like this one),
//!   ORDERED_ALIGNED (the ends align word-wise, [`AlignedBy::OrderedAligned`]), then after two
//!   failures the last match is undone and the pointers step back three pieces (REMOVE_LAST, with
//!   every later word-alignment test forced), FIRST/SECOND_LONGER_ALIGNED with one or two following
//!   pieces, and a comma that became a sentence end (COMMA_REPLACE_*); a failed step is NO_ALIGNED;
//! * after every processed pair the next loop turn only advances both pointers;
//! * pointers may become negative after stepping back and then index from the end, as Python
//!   lists do; where the reference would crash (a piece without a word of two letters, an index
//!   past the end), an [`Error`] is returned instead.
//!
//! Word alignments are cached per passage pair with the reference's cache, which returns a pair's
//! alignment in the orientation first computed even when asked for the swapped pair
//! ([`AlignmentCache`]).

use std::collections::HashMap;

use crate::Error;
use crate::alignment::{Alignment, CostModel, EMPTY_WORD, align_with};
use crate::tokens::{is_word_char, tokens};
use crate::word_equivalence::{WordEquivalence, preprocess_word};

/// How a pair of common sentence ends was found (the reference's `aligned_by` labels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AlignedBy {
    /// Both pieces end in approximately the same word ("original order").
    Ordered,
    /// The first passage's next piece ends like the second's: a sentence was split.
    FirstLonger,
    /// The second passage's next piece ends like the first's: sentences were concatenated.
    SecondLonger,
    /// The pieces' last words are aligned to each other ("ORDERED with align").
    OrderedAligned,
    /// A split found through word alignment ("first longer with align").
    FirstLongerAligned,
    /// A concatenation found through word alignment ("second longer with align").
    SecondLongerAligned,
    /// Two failures in a row: the last match was undone and the pointers stepped back.
    RemoveLast,
    /// The passages' final ends were added or moved.
    ParagraphEnd,
    /// A comma of the second passage became a sentence end (first longer).
    CommaReplaceFirst,
    /// A comma of the first passage became a sentence end (second longer).
    CommaReplaceSecond,
    /// No rule applied.
    NoAligned,
}

impl AlignedBy {
    /// The reference's label text.
    pub fn label(self) -> &'static str {
        match self {
            AlignedBy::Ordered => "original order",
            AlignedBy::FirstLonger => "sentence splitted",
            AlignedBy::SecondLonger => "sentence concatenated",
            AlignedBy::OrderedAligned => "ORDERED with align",
            AlignedBy::FirstLongerAligned => "first longer with align",
            AlignedBy::SecondLongerAligned => "second longer with align",
            AlignedBy::RemoveLast => "remove last",
            AlignedBy::ParagraphEnd => "paragraph end",
            AlignedBy::CommaReplaceFirst => {
                ", in second sentence became the end of a new sentence (first longer)"
            }
            AlignedBy::CommaReplaceSecond => {
                ", in first sentence became the end of a new sentence (second longer)"
            }
            AlignedBy::NoAligned => "",
        }
    }
}

/// The common sentence ends of two passages: character positions, one list per passage, equally
/// long, and how each step was decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommonSentences {
    /// Ends in the first passage.
    pub ends1: Vec<usize>,
    /// Ends in the second passage.
    pub ends2: Vec<usize>,
    /// The decisions, in order (more entries than ends: failures and undo steps are listed too).
    pub aligned_by: Vec<AlignedBy>,
}

/// A word alignment as the reference caches it: the two token lists in the order it was
/// computed, and the alignment between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordAlignment {
    /// Tokens of the sentence given first when the alignment was computed.
    pub first: Vec<String>,
    /// Tokens of the other sentence.
    pub second: Vec<String>,
    /// The alignment (pairs index into `first`, `second`).
    pub alignment: Alignment,
}

impl WordAlignment {
    /// Aligns `a` with `b` (string mode: [`tokens`]) with the given cost representation.
    pub fn new(a: &str, b: &str, model: CostModel) -> WordAlignment {
        let (first, second) = (tokens(a), tokens(b));
        let alignment = align_with(&first, &second, model);
        WordAlignment {
            first,
            second,
            alignment,
        }
    }

    /// The aligned word pairs with [`EMPTY_WORD`] on an empty side.
    pub fn words(&self) -> Vec<(&str, &str)> {
        self.alignment.words(&self.first, &self.second)
    }
}

/// The reference's alignment cache (`align_sentence_words`): a pair's alignment is stored under
/// the swapped key, so asking for `(a, b)` again finds it as "swapped" and returns it as computed,
/// and asking for `(b, a)` after `(a, b)` returns the `(a, b)` alignment unswapped — the
/// reference's orientation bug, kept because the published numbers include it.
#[derive(Debug, Clone, Default)]
pub struct AlignmentCache {
    model: CostModel,
    stored: HashMap<(String, String), WordAlignment>,
}

impl AlignmentCache {
    /// An empty cache whose alignments use the given cost representation.
    pub fn new(model: CostModel) -> AlignmentCache {
        AlignmentCache {
            model,
            stored: HashMap::new(),
        }
    }

    /// The (possibly cached) alignment for `(a, b)`.
    pub fn get(&mut self, a: &str, b: &str) -> &WordAlignment {
        let direct = (a.to_owned(), b.to_owned());
        let swapped = (b.to_owned(), a.to_owned());
        let key = if self.stored.contains_key(&direct) {
            direct
        } else {
            if !self.stored.contains_key(&swapped) {
                let computed = WordAlignment::new(a, b, self.model);
                self.stored.insert(swapped.clone(), computed);
            }
            swapped
        };
        &self.stored[&key]
    }
}

/// The words of a piece: maximal runs of word characters (the reference's `word_tokenize`).
fn words(s: &str) -> Vec<&str> {
    s.split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty() && *w != EMPTY_WORD)
        .collect()
}

/// Sentence ends as character positions: after each piece, the running sum of piece lengths,
/// advanced past non-alphanumeric characters of the passage.
pub fn calculate_endings(pieces: &[String], paragraph: &[char]) -> Vec<usize> {
    let mut current = 0;
    let mut out = Vec::with_capacity(pieces.len());
    for s in pieces {
        current += s.chars().count();
        while current < paragraph.len() && !paragraph[current].is_alphanumeric() {
            current += 1;
        }
        out.push(current);
    }
    out
}

/// The text between consecutive ends (the first from position 0).
pub fn sentences_from_endings(paragraph: &[char], ends: &[usize]) -> Vec<String> {
    let mut last = 0;
    ends.iter()
        .map(|&end| {
            let end = end.min(paragraph.len());
            let s: String = paragraph[last.min(end)..end].iter().collect();
            last = end;
            s
        })
        .collect()
}

/// Python list indexing: negative indices count from the end.
fn py_index(len: usize, i: isize) -> Option<usize> {
    let i = if i < 0 { i + len as isize } else { i };
    usize::try_from(i).ok().filter(|&i| i < len)
}

/// A piece's end position and its last word (preprocessed, more than one character).
type Ending = (usize, String);

/// One passage's pieces and their ends.
struct Side {
    number: u8,
    pieces: Vec<String>,
    ends: Vec<usize>,
}

impl Side {
    /// The list position of piece `i` (negative counts from the end).
    fn index(&self, i: isize) -> Result<usize, Error> {
        py_index(self.pieces.len(), i).ok_or(Error::OutOfRange {
            passage: self.number,
            index: i,
            len: self.pieces.len(),
        })
    }

    fn piece(&self, i: isize) -> Result<&str, Error> {
        Ok(&self.pieces[self.index(i)?])
    }

    /// The end of piece `i` and its last preprocessed word of more than one character.
    fn ending(&self, i: isize) -> Result<Ending, Error> {
        let k = self.index(i)?;
        let piece = &self.pieces[k];
        words(piece)
            .into_iter()
            .rev()
            .map(preprocess_word)
            .find(|w| w.chars().count() > 1)
            .map(|w| (self.ends[k], w))
            .ok_or_else(|| Error::NoWord {
                passage: self.number,
                index: i,
                piece: piece.clone(),
            })
    }

    fn word_count(&self, i: isize) -> Result<usize, Error> {
        Ok(words(self.piece(i)?).len())
    }

    fn len(&self) -> isize {
        self.pieces.len() as isize
    }

    /// Splits piece `i` after a comma that became a sentence end in the other passage.
    fn split_at_comma(&mut self, i: isize, at: usize) {
        let Some(k) = py_index(self.pieces.len(), i) else {
            return;
        };
        let piece = std::mem::take(&mut self.pieces[k]);
        let byte = piece.char_indices().nth(at).map_or(piece.len(), |(b, _)| b);
        let (head, tail) = piece.split_at(byte);
        self.pieces
            .splice(k..=k, [head.to_owned(), tail.to_owned()]);
        let previous = py_index(self.ends.len(), k as isize - 1).map_or(0, |p| self.ends[p]);
        self.ends.insert(k, previous + at);
    }

    /// The character index just after `reg,` (or `reg ,`) in piece `i`, if present.
    fn comma_after(&self, i: isize, reg: &str) -> Option<usize> {
        let piece = self.piece(i).ok()?;
        [format!("{reg},"), format!("{reg} ,")]
            .into_iter()
            .find_map(|splitter| {
                piece
                    .find(&splitter)
                    .map(|b| piece[..b].chars().count() + splitter.chars().count())
            })
    }
}

impl CommonSentences {
    /// One more pair of common ends, found by `by`.
    fn add(&mut self, by: AlignedBy, end1: usize, end2: usize) {
        self.aligned_by.push(by);
        self.ends1.push(end1);
        self.ends2.push(end2);
    }

    /// The reference's final check: the paragraph ends `last` become common ends unless the last
    /// pair found is where the loop stopped (`stopped`, the loop's last positions); where only
    /// one side moved on, its last end is replaced by its paragraph end.
    fn close(&mut self, last: (usize, usize), stopped: (Option<usize>, Option<usize>)) {
        let (Some(e1), Some(e2)) = (self.ends1.last().copied(), self.ends2.last().copied()) else {
            self.add(AlignedBy::ParagraphEnd, last.0, last.1);
            return;
        };
        match (Some(e1) != stopped.0, Some(e2) != stopped.1) {
            (true, true) => self.add(AlignedBy::ParagraphEnd, last.0, last.1),
            (true, false) => {
                if let Some(end) = self.ends1.last_mut() {
                    *end = last.0;
                }
                self.aligned_by.push(AlignedBy::ParagraphEnd);
            }
            (false, true) => {
                if let Some(end) = self.ends2.last_mut() {
                    *end = last.1;
                }
                self.aligned_by.push(AlignedBy::ParagraphEnd);
            }
            (false, false) => {}
        }
    }
}

/// The reference's `break2common_sentences` (module docs): aligns the sentence pieces of two
/// passages. `pieces1`/`pieces2` are the passages' sentence splits, `paragraph1`/`paragraph2`
/// the passages as characters.
pub fn break2common_sentences(
    pieces1: Vec<String>,
    paragraph1: &[char],
    pieces2: Vec<String>,
    paragraph2: &[char],
    same: &WordEquivalence,
    cache: &mut AlignmentCache,
) -> Result<CommonSentences, Error> {
    let ends1 = calculate_endings(&pieces1, paragraph1);
    let ends2 = calculate_endings(&pieces2, paragraph2);
    let mut s1 = Side {
        number: 1,
        pieces: pieces1,
        ends: ends1,
    };
    let mut s2 = Side {
        number: 2,
        pieces: pieces2,
        ends: ends2,
    };
    let mut aligner = EndAligner { same, cache };
    let mut found = CommonSentences {
        ends1: Vec::new(),
        ends2: Vec::new(),
        aligned_by: Vec::new(),
    };
    let (mut i, mut j): (isize, isize) = (0, 0);
    let mut inc = false;
    let mut force = false;
    // The reference's loop variables outlive the loop and feed the final check.
    let mut position1: Option<usize> = None;
    let mut position2: Option<usize> = None;
    while i < s1.len() && j < s2.len() {
        if inc {
            i += 1;
            j += 1;
            inc = false;
            continue;
        }
        inc = true;
        let (p1, mut reg1) = s1.ending(i)?;
        let (p2, mut reg2) = s2.ending(j)?;
        position1 = Some(p1);
        position2 = Some(p2);
        if same.approximately_same(&reg1, &reg2) {
            found.add(AlignedBy::Ordered, p1, p2);
            continue;
        }
        let slen1 = s1.word_count(i)?;
        let slen2 = s2.word_count(j)?;
        let mut after1: Option<Ending> = None;
        let mut after2: Option<Ending> = None;
        if i + 1 < s1.len() && slen1 < slen2 {
            let (pos, word) = s1.ending(i + 1)?;
            if same.approximately_same(&word, &reg2) {
                found.add(AlignedBy::FirstLonger, pos, p2);
                i += 1;
                continue;
            }
            after1 = Some((pos, word));
        }
        if j + 1 < s2.len() && slen2 < slen1 {
            let (pos, word) = s2.ending(j + 1)?;
            if same.approximately_same(&reg1, &word) {
                found.add(AlignedBy::SecondLonger, p1, pos);
                j += 1;
                continue;
            }
            after2 = Some((pos, word));
        }
        if aligner.ends_together(s1.piece(i)?, s2.piece(j)?, &reg1, &reg2, "", false) {
            found.add(AlignedBy::OrderedAligned, p1, p2);
            continue;
        }
        let (mut position1_now, mut position2_now) = (p1, p2);
        let mut removed: Option<(usize, usize)> = None;
        let mut two_after: (Option<Ending>, Option<Ending>) = (None, None);
        let two_failures = found.aligned_by.len() >= 2
            && found.aligned_by[found.aligned_by.len() - 1] == AlignedBy::NoAligned
            && found.aligned_by[found.aligned_by.len() - 2] == AlignedBy::NoAligned;
        if !found.ends1.is_empty() && !found.ends2.is_empty() && two_failures {
            removed = found.ends1.pop().zip(found.ends2.pop());
            found.aligned_by.push(AlignedBy::RemoveLast);
            i -= 3;
            j -= 3;
            (position1_now, reg1) = s1.ending(i)?;
            (position2_now, reg2) = s2.ending(j)?;
            position1 = Some(position1_now);
            position2 = Some(position2_now);
            after1 = Some(s1.ending(i + 1)?);
            after2 = Some(s2.ending(j + 1)?);
            two_after = (Some(s1.ending(i + 2)?), Some(s2.ending(j + 2)?));
            force = true;
        }
        if i + 1 < s1.len()
            && slen1 < slen2
            && let Some((pos_after1, one_after1)) = &after1
        {
            let addition = s1.piece(i + 1)?.to_owned();
            if aligner.ends_together(
                s2.piece(j)?,
                s1.piece(i)?,
                &reg2,
                one_after1,
                &addition,
                force,
            ) {
                found.add(AlignedBy::FirstLongerAligned, *pos_after1, position2_now);
                i += 1;
                continue;
            }
        }
        if j + 1 < s2.len()
            && slen2 < slen1
            && let Some((pos_after2, one_after2)) = &after2
        {
            let addition = s2.piece(j + 1)?.to_owned();
            if aligner.ends_together(
                s1.piece(i)?,
                s2.piece(j)?,
                &reg1,
                one_after2,
                &addition,
                force,
            ) {
                found.add(AlignedBy::SecondLongerAligned, position1_now, *pos_after2);
                j += 1;
                continue;
            }
        }
        if found.aligned_by.last() == Some(&AlignedBy::RemoveLast) {
            if i + 2 < s1.len()
                && slen1 < slen2
                && let Some((pos, word)) = &two_after.0
            {
                let addition = format!("{}{}", s1.piece(i + 1)?, s1.piece(i + 2)?);
                if aligner.ends_together(s2.piece(j)?, s1.piece(i)?, &reg2, word, &addition, force)
                {
                    found.aligned_by.extend([AlignedBy::FirstLongerAligned; 2]);
                    found.ends1.push(*pos);
                    found.ends2.push(position2_now);
                    i += 2;
                    continue;
                }
            }
            if j + 2 < s2.len()
                && slen2 < slen1
                && let Some((pos, word)) = &two_after.1
            {
                let addition = format!("{}{}", s2.piece(j + 1)?, s2.piece(j + 2)?);
                if aligner.ends_together(s1.piece(i)?, s2.piece(j)?, &reg1, word, &addition, force)
                {
                    found.aligned_by.extend([AlignedBy::SecondLongerAligned; 2]);
                    found.ends1.push(position1_now);
                    found.ends2.push(*pos);
                    j += 2;
                    continue;
                }
            }
            if let Some((r1, r2)) = removed {
                found.ends1.push(r1);
                found.ends2.push(r2);
            }
            i += 2;
            j += 2;
        }
        if !found.ends1.is_empty()
            && slen2 < slen1
            && let Some(at) = s1.comma_after(i, &reg2)
        {
            found.aligned_by.push(AlignedBy::CommaReplaceSecond);
            let last = found.ends1[found.ends1.len() - 1];
            found.ends1.push(last + at);
            found.ends2.push(position2_now);
            s1.split_at_comma(i, at);
            continue;
        }
        if !found.ends2.is_empty()
            && slen1 < slen2
            && let Some(at) = s2.comma_after(j, &reg1)
        {
            found.aligned_by.push(AlignedBy::CommaReplaceFirst);
            let last = found.ends2[found.ends2.len() - 1];
            found.ends2.push(last + at);
            found.ends1.push(position1_now);
            s2.split_at_comma(j, at);
            continue;
        }
        found.aligned_by.push(AlignedBy::NoAligned);
        position1 = Some(s1.ending(-1)?.0);
        position2 = Some(s2.ending(-1)?.0);
    }

    let last1 = *s1.ends.last().ok_or(Error::EmptyPassage { passage: 1 })?;
    let last2 = *s2.ends.last().ok_or(Error::EmptyPassage { passage: 2 })?;
    found.close((last1, last2), (position1, position2));
    Ok(found)
}

/// The word-alignment test of two pieces' ends (`aligned_ends_together`).
struct EndAligner<'a> {
    same: &'a WordEquivalence,
    cache: &'a mut AlignmentCache,
}

impl EndAligner<'_> {
    /// Whether `shorter` and `longer + addition` end together: their word counts differ by at most
    /// a fifth of the smaller, and (or, when `force`d, regardless) one end word is aligned to
    /// nothing while the other is approximately the same as its aligned partner.
    fn ends_together(
        &mut self,
        shorter: &str,
        longer: &str,
        reg1: &str,
        reg2: &str,
        addition: &str,
        force: bool,
    ) -> bool {
        let longer = format!("{longer}{addition}");
        let (slen1, slen2) = (words(shorter).len(), words(&longer).len());
        if slen1.abs_diff(slen2) as f64 > slen1.min(slen2) as f64 / 5.0 {
            return false;
        }
        let aligned: Vec<(String, String)> = self
            .cache
            .get(shorter, &longer)
            .words()
            .into_iter()
            .map(|(a, b)| (preprocess_word(a), preprocess_word(b)))
            .collect();
        let empty = preprocess_word(EMPTY_WORD);
        let contains = |a: &str, b: &str| aligned.iter().any(|(x, y)| x == a && y == b);
        // The reference looks partners up in dicts built from a set of pairs; a word with several
        // partners is resolved here by accepting any of them.
        if (force || contains(reg1, &empty))
            && aligned
                .iter()
                .any(|(x, y)| y == reg2 && self.same.approximately_same(reg2, x))
        {
            return true;
        }
        (force || contains(&empty, reg2))
            && aligned
                .iter()
                .any(|(x, y)| x == reg1 && self.same.approximately_same(reg1, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_skip_to_the_next_alphanumeric_character() {
        let paragraph: Vec<char> = "A b. C d. E".chars().collect();
        let pieces = ["A b.", "C d.", "E"].map(str::to_owned);
        assert_eq!(calculate_endings(&pieces, &paragraph), [5, 10, 11]);
        assert_eq!(
            sentences_from_endings(&paragraph, &[5, 10, 11]),
            ["A b. ", "C d. ", "E"]
        );
    }

    #[test]
    fn python_indexing() {
        assert_eq!(py_index(3, -1), Some(2));
        assert_eq!(py_index(3, -4), None);
        assert_eq!(py_index(3, 3), None);
    }

    #[test]
    fn the_cache_keeps_the_first_orientation() {
        let mut cache = AlignmentCache::default();
        let ab = cache.get("a b c", "a c").clone();
        assert_eq!(ab.first, ["a", "b", "c"]);
        let ba = cache.get("a c", "a b c").clone();
        assert_eq!(
            ba, ab,
            "the swapped request returns the first computed orientation"
        );
    }
}
