//! Where sentences end in a passage, and the sentence ends two passages have in common (spec
//! §b.1–b.2): word alignment is done sentence by sentence between these common ends.

use mono_align::tokens::is_word_char;

use crate::prepared::PreparedPassage;

/// Which terminals can end a sentence (spec §b.1; the two code generations differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub enum SentenceMarks {
    /// USim as released (`ucca` 1.0.50): a terminal whose text **is** `.`, `?` or `!`; a mark
    /// followed only by punctuation up to the next mark is dropped.
    #[default]
    Standalone,
    /// The 2017 branch: a terminal whose text **ends** in `.`, `?` or `!` (`possible.`); no
    /// punctuation-only filter.
    LastCharacter,
}

/// The sentence end positions of a passage (`break2sentences`), ascending.
pub fn sentence_ends(p: &PreparedPassage, marks: SentenceMarks) -> Vec<u32> {
    let tops = p.top_scenes();
    let bound = |u: usize, last: bool| {
        let t = &p.units[u].terminals;
        if last { t.last() } else { t.first() }.map_or(-1, |&x| i64::from(x))
    };
    let ends: Vec<i64> = tops.iter().map(|&u| bound(u, true)).collect();
    let starts: Vec<i64> = tops.iter().map(|&u| bound(u, false)).collect();
    let is_mark = |text: &str| match marks {
        SentenceMarks::Standalone => matches!(text, "." | "?" | "!"),
        SentenceMarks::LastCharacter => text.ends_with(['.', '?', '!']),
    };
    let mut out: Vec<u32> = (1..=p.len() as u32)
        .filter(|&x| is_mark(&p.texts[x as usize - 1]))
        .filter(|&x| {
            let x = i64::from(x);
            ends.contains(&x) || (ends.contains(&(x - 1)) && !starts.contains(&x))
        })
        .collect();
    for (i, &position) in p.paragraph_positions.iter().enumerate() {
        if i > 0 && position == 1 {
            out.push(i as u32);
        }
    }
    out.push(p.len() as u32);
    out.sort_unstable();
    out.dedup();
    if marks == SentenceMarks::Standalone && out.len() > 1 {
        let last = out[out.len() - 1];
        let mut kept: Vec<u32> = out
            .windows(2)
            .filter(|w| !(w[0] + 1..=w[1]).all(|x| p.punctuation[x as usize - 1]))
            .map(|w| w[0])
            .collect();
        kept.push(last);
        out = kept;
    }
    out
}

/// The terminal text with everything but letters and digits removed (`[\W_]`).
fn regularize(text: &str) -> String {
    text.chars()
        .filter(|&c| c != '_' && is_word_char(c))
        .collect()
}

/// The reference's `choose`: a position and its regularised text, stepping back once from a
/// position whose text regularises to nothing (position 0 reads the last terminal, as Python's
/// index −1 does).
fn choose(p: &PreparedPassage, x: u32) -> (u32, String) {
    let text = |x: u32| {
        let i = if x == 0 { p.len() - 1 } else { x as usize - 1 };
        regularize(p.texts.get(i).map_or("", String::as_str))
    };
    let r = text(x);
    if r.is_empty() && x != 0 {
        (x - 1, text(x - 1))
    } else {
        (x, r)
    }
}

/// The common sentence ends of two passages (`break2common_sentences`, spec §b.2), equal in
/// number: sentence ends whose words agree, with the end of a sentence moved before a final
/// punctuation mark.
pub fn common_sentence_ends(
    p1: &PreparedPassage,
    p2: &PreparedPassage,
    marks: SentenceMarks,
) -> (Vec<u32>, Vec<u32>) {
    let (b1, b2) = (sentence_ends(p1, marks), sentence_ends(p2, marks));
    let (mut e1, mut e2) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < b1.len() && j < b2.len() {
        let (x1, r1) = choose(p1, b1[i]);
        let (x2, r2) = choose(p2, b2[j]);
        let (a1, q1) = b1
            .get(i + 1)
            .map_or_else(|| (x1, r1.clone()), |&x| choose(p1, x));
        let (a2, q2) = b2
            .get(j + 1)
            .map_or_else(|| (x2, r2.clone()), |&x| choose(p2, x));
        if r1 == r2 {
            e1.push(x1);
            e2.push(x2);
        } else if q1 == r2 {
            i += 1;
            e1.push(a1);
            e2.push(x2);
        } else if r1 == q2 {
            j += 1;
            e1.push(x1);
            e2.push(a2);
        }
        i += 1;
        j += 1;
    }
    let (last1, last2) = (b1[b1.len() - 1], b2[b2.len() - 1]);
    let (x1, _) = choose(p1, last1);
    let (x2, _) = choose(p2, last2);
    match (e1.last().copied(), e2.last().copied()) {
        (Some(l1), Some(l2)) if l1 != x1 && l2 == x2 => {
            let k = e1.len() - 1;
            e1[k] = x1;
        }
        (Some(l1), Some(l2)) if l1 == x1 && l2 != x2 => {
            let k = e2.len() - 1;
            e2[k] = last2;
        }
        (Some(l1), Some(l2)) if l1 == x1 && l2 == x2 => {}
        _ => {
            e1.push(last1);
            e2.push(last2);
        }
    }
    (e1, e2)
}
