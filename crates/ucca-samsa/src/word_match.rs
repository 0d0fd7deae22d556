//! When the aligner takes two words for the same word, and where two word sequences share runs.

use crate::snowball_english;

/// What decides whether two words are related: EASSE's `wordRelatedness` with PPDB never loaded
/// (its `loadPPDB()` call is commented out) is 1 when the words are equal in canonical form (no
/// `.`, `-` or `,` in a word of two characters or more) ignoring case, or have the same Snowball
/// stem, and 0 otherwise — every later rule of it returns 0 either way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    canonical: String,
    stem: String,
}

impl Key {
    pub(crate) fn new(word: &str) -> Key {
        let canonical = if word.chars().count() > 1 {
            word.replace(['.', '-', ','], "")
        } else {
            word.to_owned()
        };
        Key {
            canonical: canonical.to_lowercase(),
            stem: snowball_english(word).to_lowercase(),
        }
    }

    /// 1 when related, else 0 (the reference's values, summed as evidence).
    pub(crate) fn relatedness(&self, other: &Key) -> u32 {
        u32::from(self.canonical == other.canonical || self.stem == other.stem)
    }
}

/// EASSE's `findAllCommonContiguousSublists` (lower-cased): every run of words `a` and `b` share,
/// longest first, then by position in the shorter sequence and in the longer, leaving out a run
/// whose positions in both lie inside a run already taken. Only maximal diagonal runs can be
/// taken (any other lies inside a longer candidate met before it), so only they are tried.
/// Each run is (positions in `a`, positions in `b`), from 0.
pub(crate) fn common_runs(a: &[&str], b: &[&str]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let lower = |s: &[&str]| s.iter().map(|w| w.to_lowercase()).collect::<Vec<_>>();
    let (a, b) = (lower(a), lower(b));
    let swapped = a.len() > b.len();
    let (short, long) = if swapped { (&b, &a) } else { (&a, &b) };
    let mut candidates = Vec::new();
    for i in 0..short.len() {
        for j in 0..long.len() {
            if short[i] != long[j] || (i > 0 && j > 0 && short[i - 1] == long[j - 1]) {
                continue;
            }
            let size = short[i..]
                .iter()
                .zip(&long[j..])
                .take_while(|(x, y)| x == y)
                .count();
            candidates.push((size, i, j));
        }
    }
    candidates.sort_by_key(|&(size, i, j)| (std::cmp::Reverse(size), i, j));
    let mut taken: Vec<(usize, usize, usize)> = Vec::new();
    for (size, i, j) in candidates {
        let inside = |&(s, ti, tj): &(usize, usize, usize)| {
            i >= ti && i + size <= ti + s && j >= tj && j + size <= tj + s
        };
        if !taken.iter().any(inside) {
            taken.push((size, i, j));
        }
    }
    taken
        .into_iter()
        .map(|(size, i, j)| {
            let (x, y) = ((i..i + size).collect(), (j..j + size).collect());
            if swapped { (y, x) } else { (x, y) }
        })
        .collect()
}

/// Python's `str.isupper`: at least one cased character, and every cased one upper case.
pub(crate) fn is_upper(s: &str) -> bool {
    let titlecase = |c: char| {
        !c.is_uppercase()
            && !c.is_lowercase()
            && (c.to_lowercase().ne(std::iter::once(c)) || c.to_uppercase().ne(std::iter::once(c)))
    };
    s.chars().any(char::is_uppercase) && !s.chars().any(|c| c.is_lowercase() || titlecase(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive enumeration the reference performs, to hold the fast one to it.
    fn naive(a: &[&str], b: &[&str]) -> Vec<(Vec<usize>, Vec<usize>)> {
        let (mut a, mut b): (Vec<String>, Vec<String>) = (
            a.iter().map(|w| w.to_lowercase()).collect(),
            b.iter().map(|w| w.to_lowercase()).collect(),
        );
        let swapped = a.len() > b.len();
        if swapped {
            std::mem::swap(&mut a, &mut b);
        }
        let mut out: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for size in (1..=a.len()).rev() {
            for i in 0..=a.len() - size {
                for j in 0..=b.len().saturating_sub(size) {
                    if j + size > b.len() || a[i..i + size] != b[j..j + size] {
                        continue;
                    }
                    let (x, y): (Vec<usize>, Vec<usize>) =
                        ((i..i + size).collect(), (j..j + size).collect());
                    let sub = |p: &[usize], q: &[usize]| p.iter().all(|v| q.contains(v));
                    if !out.iter().any(|(p, q)| sub(&x, p) && sub(&y, q)) {
                        out.push((x, y));
                    }
                }
            }
        }
        if swapped {
            out = out.into_iter().map(|(x, y)| (y, x)).collect();
        }
        out
    }

    #[test]
    fn runs_equal_the_naive_enumeration() {
        let cases: [(&str, &str); 6] = [
            (
                "the cat sat on the mat .",
                "The cat sat . On the mat the cat sat .",
            ),
            ("a b a b a", "b a b"),
            ("x y z", "p q"),
            ("New York New York", "York New York New York"),
            ("", "a"),
            ("a a a", "a a"),
        ];
        for (a, b) in cases {
            let (a, b): (Vec<&str>, Vec<&str>) = (
                a.split_whitespace().collect(),
                b.split_whitespace().collect(),
            );
            assert_eq!(common_runs(&a, &b), naive(&a, &b), "{a:?} {b:?}");
            assert_eq!(common_runs(&b, &a), naive(&b, &a), "{b:?} {a:?}");
        }
    }

    #[test]
    fn relatedness_is_canonical_form_or_stem() {
        let r = |a: &str, b: &str| Key::new(a).relatedness(&Key::new(b));
        assert_eq!(r("U.S.", "us"), 1);
        assert_eq!(r("running", "runs"), 1);
        assert_eq!(r("big", "large"), 0);
        assert_eq!(r("-", "."), 0);
        assert!(is_upper("IBM") && is_upper("U.S.") && !is_upper("Ibm") && !is_upper("1"));
    }
}
