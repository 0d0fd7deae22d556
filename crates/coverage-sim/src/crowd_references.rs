//! Crowd corrections as M2 references (LCB spec §4.3, `convert_correction_to_m2`): the edits that
//! turn a source sentence into a worker's correction, found by walking both token lists with the
//! help of their word alignment, as the authors generated their sampled reference files.

use mono_align::passage::WordAlignment;
use mono_align::{CostModel, preprocess_word};
use regex::Regex;
use std::collections::HashSet;
use std::sync::LazyLock;

/// One edit: source token span [start, end) and its replacement (tokens joined by spaces).
pub type CrowdEdit = (usize, usize, String);

/// Puts a space between a word character and a following `,`, `.`, `(` or `)`, as the authors
/// did before aligning.
fn space_punctuation(text: &str) -> String {
    static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(\w)([,.()])").unwrap_or_else(|e| unreachable!("constant pattern: {e}"))
    });
    PATTERN.replace_all(text, "${1} ${2}").into_owned()
}

/// The edits turning `source` into `correction` (LCB spec §4.3, every rule). Indices refer to the
/// whitespace tokens of the spaced source; the alignment's indices to its non-word-split tokens,
/// and the walk mixes the two as the reference does.
pub fn correction_edits(source: &str, correction: &str) -> Vec<CrowdEdit> {
    let (source, correction) = (space_punctuation(source), space_punctuation(correction));
    let aligned = WordAlignment::new(&source, &correction, CostModel::Reference);
    let index = |i: Option<usize>| i.map_or(-1, |i| i as i64);
    let pairs: HashSet<(i64, i64)> = aligned
        .alignment
        .pairs
        .iter()
        .map(|&(a, b)| (index(a), index(b)))
        .collect();
    let is = |a: usize, b: i64| pairs.contains(&(a as i64, b));
    let s: Vec<&str> = source.split_whitespace().collect();
    let c: Vec<&str> = correction.split_whitespace().collect();
    let join = |from: usize, to: usize| c[from..to.min(c.len())].join(" ");
    let mut edits = Vec::new();
    let (mut i, mut j) = (0usize, 0usize);
    while i < s.len() || j < c.len() {
        if i >= s.len() {
            edits.push((s.len(), s.len(), join(j, c.len())));
            break;
        }
        if j >= c.len() {
            edits.push((i, s.len(), String::new()));
            break;
        }
        if preprocess_word(s[i]) == preprocess_word(c[j]) {
            i += 1;
            j += 1;
        } else if is(i, j as i64) {
            edits.push((i, i + 1, c[j].to_owned()));
            i += 1;
            j += 1;
        } else if is(i, -1) {
            edits.push((i, i + 1, String::new()));
            i += 1;
        } else if let Some((end, words, skip_i, skip_j)) = (1..=3).find_map(|k| {
            // Insert k words before s[i], or delete k source words, the smaller k first.
            if is(i, (j + k) as i64) {
                Some((i, join(j, j + k), 0, k))
            } else if is(i + k, j as i64) {
                Some((i + k, String::new(), k, 0))
            } else {
                None
            }
        }) {
            edits.push((i, end, words));
            i += skip_i;
            j += skip_j;
        } else {
            let (mut ti, mut tj) = (i + 1, j + 1);
            while ti < s.len() && tj < c.len() && s[ti] != c[tj] {
                let (skip_i, skip_j) = (is(ti, -1), pairs.contains(&(-1, tj as i64)));
                if !skip_i && !skip_j {
                    break;
                }
                if skip_i {
                    ti += 1;
                }
                if skip_j {
                    tj += 1;
                }
            }
            if is(ti, tj as i64) {
                edits.push((i, ti, join(j, tj)));
                i = ti;
                j = tj;
            } else {
                edits.push((i, i + 1, c[j].to_owned()));
                i += 1;
                j += 1;
            }
        }
    }
    edits
}

/// The M2 `A` lines of one reference (annotator `k`) as the authors wrote them: one per edit with
/// type `Wform`, or a `noop` line when the correction changes nothing.
pub fn m2_lines(edits: &[CrowdEdit], k: usize) -> Vec<String> {
    if edits.is_empty() {
        return vec![format!("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{k}")];
    }
    edits
        .iter()
        .map(|(start, end, correction)| {
            format!("A {start} {end}|||Wform|||{correction}|||REQUIRED|||-NONE-|||{k}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_of_a_small_correction() {
        let edits = correction_edits("He go to school .", "He goes to the school.");
        assert_eq!(edits, [(1, 2, "goes".to_owned()), (3, 3, "the".to_owned())]);
        assert_eq!(
            m2_lines(&edits, 1),
            [
                "A 1 2|||Wform|||goes|||REQUIRED|||-NONE-|||1",
                "A 3 3|||Wform|||the|||REQUIRED|||-NONE-|||1"
            ]
        );
        assert_eq!(correction_edits("Fine .", "Fine."), []);
        assert_eq!(
            m2_lines(&[], 0),
            ["A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"]
        );
    }
}
