//! Where sentences end in a passage, and the sentence ends two passages have in common (spec
//! §b.1–b.2): word alignment is done sentence by sentence between these common ends.

use mono_align::tokens::is_word_char;
pub use ucca_graph::SentenceMarks;
use ucca_graph::{TerminalView, sentence_ends_of};

use crate::prepared::PreparedPassage;

/// The sentence end positions of a passage (`break2sentences`, spec §b.1), ascending:
/// [`ucca_graph::sentence_ends_of`] on the prepared terminals and top scenes.
pub fn sentence_ends(p: &PreparedPassage, marks: SentenceMarks) -> Vec<u32> {
    let terminals: Vec<TerminalView<'_>> = (0..p.len())
        .map(|i| TerminalView {
            text: &p.texts[i],
            punctuation: p.punctuation[i],
            paragraph_position: p.paragraph_positions[i],
        })
        .collect();
    let scenes: Vec<(u32, u32)> = p
        .top_scenes()
        .iter()
        .filter_map(|&u| {
            let t = &p.units[u].terminals;
            Some((*t.first()?, *t.last()?))
        })
        .collect();
    sentence_ends_of(&terminals, &scenes, marks)
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
