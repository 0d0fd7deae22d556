//! Sentence splitting of whole passages the way the reference does it (spec `lcb-pipeline.md`
//! §0.3): passage preprocessing, Punkt followed by four regular-expression re-splits, and the
//! merging of pieces without words.
//!
//! * [`read_passage`]: the first 1,400 lines, newlines normalised.
//! * [`preprocess_paragraph`]: `i.e.` → `ie`, `e.g.` → `eg`, ` c. ` → ` c.` (case-insensitive);
//!   a `.` is appended to every line that does not end in `.?!;`; a `.` right after `."`/`.'` is
//!   dropped; all whitespace runs become one space (the passage becomes one line); an ender
//!   followed by another ender keeps only the first.
//! * [`sent_tokenize_default`]: Punkt, then re-splitting each piece after (1) its last definite
//!   ender `?!;` followed by text (greedy: the split is at the *last* one), (2) an ender glued
//!   between two-letter word ends and a following word, (3) a space-preceded ender (optionally
//!   followed by `"`), (4) a ` X .` single-letter non-abbreviation; then [`concat_empty`].
//! * [`sent_token_by_char`]: split on `\n`, then [`concat_empty`].
//! * [`concat_empty`]: a piece without two consecutive ASCII letters is appended to the previous
//!   piece (dropped if there is none).

use std::sync::LazyLock;

use regex::Regex;

use crate::punkt::PunktSentenceTokenizer;

/// Regular expressions of the reference, compiled once. They are constant and valid, so
/// compiling them cannot fail at run time (the unit tests exercise each).
struct Patterns {
    special: [(Regex, &'static str); 3],
    missing_end: Regex,
    period_after_quote: Regex,
    whitespace: Regex,
    double_ender: Regex,
    definitely: Regex,
    no_space: Regex,
    space_before: Regex,
    not_abbreviation: Regex,
    two_letters: Regex,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| unreachable!("constant pattern {pattern}: {e}"))
}

static PATTERNS: LazyLock<Patterns> = LazyLock::new(|| Patterns {
    special: [
        (re(r"(?i)i\s*\.\s*e\s*\."), "ie"),
        (re(r"(?i)e\s*\.\s*g\s*\."), "eg"),
        (re(r"(?i)\s+c\s*\.\s+"), " c."),
    ],
    missing_end: re(r"([^.?!;])(\s*\n)"),
    period_after_quote: re(r#"(\.\s*['"])\s*\."#),
    whitespace: re(r"\s+"),
    double_ender: re(r"([.?!;]\s*)[.?!;]"),
    definitely: re(r"^(.+\s*[?!;]\s*)(.+)"),
    no_space: re(r"^(.*?\w\w[.?!;])(\w+[^.].*)"),
    space_before: re(r#"^(.*?\s[.?!;](\s*")?)(.*)"#),
    not_abbreviation: re(r"^(.*?\s+\w\s*\.)(\s*\w\w.*)"),
    two_letters: re(r"[A-Za-z][A-Za-z]"),
});

/// The first 1,400 lines of a passage file as the reference reads it (`read_paragraph`, Python
/// text mode): UTF-8, with `\r\n` and `\r` turned into `\n`.
pub fn read_passage(bytes: &[u8]) -> Result<String, std::str::Utf8Error> {
    let text = std::str::from_utf8(bytes)?
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    Ok(text.split_inclusive('\n').take(1400).collect())
}

/// The reference's `preprocess_paragraph` (module docs).
pub fn preprocess_paragraph(p: &str) -> String {
    let pat = &*PATTERNS;
    let mut p = p.to_owned();
    for (pattern, replacement) in &pat.special {
        p = pattern.replace_all(&p, *replacement).into_owned();
    }
    p = pat.missing_end.replace_all(&p, "${1}.${2}").into_owned();
    p = pat.period_after_quote.replace_all(&p, "${1}").into_owned();
    p = pat.whitespace.replace_all(&p, " ").into_owned();
    pat.double_ender.replace_all(&p, "${1}").into_owned()
}

/// The reference's `preprocess_paragraph_minimal`: drop one trailing line feed.
pub fn preprocess_paragraph_minimal(p: &str) -> String {
    p.strip_suffix('\n').unwrap_or(p).to_owned()
}

/// Appends every piece without two consecutive ASCII letters to the piece before it.
pub fn concat_empty(pieces: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        if PATTERNS.two_letters.is_match(&piece) {
            out.push(piece);
        } else if let Some(last) = out.last_mut() {
            last.push_str(&piece);
        }
    }
    out
}

/// Splits `text` at line feeds, then merges pieces without words ([`concat_empty`]).
pub fn sent_token_by_char(text: &str) -> Vec<String> {
    concat_empty(text.split('\n').map(str::to_owned).collect())
}

/// Repeatedly splits each piece into the two groups of `pattern` while it matches at the start of
/// the remainder; a remainder that is only whitespace is dropped.
fn split_by_pattern(
    pieces: Vec<String>,
    pattern: &Regex,
    first: usize,
    second: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    for piece in pieces {
        let mut rest = piece;
        while let Some(c) = pattern.captures(&rest) {
            let head = c.get(first).map_or("", |m| m.as_str()).to_owned();
            let tail = c.get(second).map_or("", |m| m.as_str()).to_owned();
            if head.is_empty() {
                break;
            }
            out.push(head);
            rest = tail;
        }
        if !rest.trim().is_empty() {
            out.push(rest);
        }
    }
    out
}

/// The reference's `sent_tokenize_default` (module docs) with the given Punkt tokenizer.
pub fn sent_tokenize_default(punkt: &PunktSentenceTokenizer, text: &str) -> Vec<String> {
    let pat = &*PATTERNS;
    let pieces: Vec<String> = punkt
        .tokenize(text)
        .into_iter()
        .map(str::to_owned)
        .collect();
    let pieces = split_by_pattern(pieces, &pat.definitely, 1, 2);
    let pieces = split_by_pattern(pieces, &pat.no_space, 1, 2);
    let pieces = split_by_pattern(pieces, &pat.space_before, 1, 3);
    let pieces = split_by_pattern(pieces, &pat.not_abbreviation, 1, 2);
    concat_empty(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing() {
        assert_eq!(
            preprocess_paragraph("See i.e. this, e. g. that\nNext line!\n"),
            "See ie this, eg that. Next line! "
        );
        assert_eq!(
            preprocess_paragraph("He said \"no.\" . Then?!"),
            "He said \"no.\" Then?"
        );
        assert_eq!(
            preprocess_paragraph("In c. 1900 it was"),
            "In c.1900 it was"
        );
        assert_eq!(preprocess_paragraph_minimal("a\nb\n"), "a\nb");
        assert_eq!(preprocess_paragraph_minimal(""), "");
    }

    #[test]
    fn reading_normalises_newlines_and_keeps_1400_lines() {
        assert_eq!(read_passage(b"a\r\nb\rc").unwrap(), "a\nb\nc");
        let many = "x\n".repeat(1500);
        assert_eq!(read_passage(many.as_bytes()).unwrap().lines().count(), 1400);
        assert!(read_passage(b"\xff").is_err());
    }

    #[test]
    fn pieces_without_words_join_the_previous_one() {
        let pieces = ["First one.", " 2.", "Second.", "!"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(concat_empty(pieces), ["First one. 2.", "Second.!"]);
        assert_eq!(
            concat_empty(vec![" ...".to_owned(), "Word".to_owned()]),
            ["Word"]
        );
        assert_eq!(
            sent_token_by_char("One line\n\nTwo line"),
            ["One line", "Two line"]
        );
    }

    #[test]
    fn re_splits() {
        let p = &*PATTERNS;
        let one = |s: &str| vec![s.to_owned()];
        // Greedy: the split is after the last definite ender.
        for (text, pattern, from, to, expected) in [
            ("A? B! C", &p.definitely, 1, 2, ["A? B! ", "C"]),
            ("end.Next word", &p.no_space, 1, 2, ["end.", "Next word"]),
            (
                "it is . \" Then go",
                &p.space_before,
                1,
                3,
                ["it is . \"", " Then go"],
            ),
            (
                "plan B . Then we",
                &p.not_abbreviation,
                1,
                2,
                ["plan B .", " Then we"],
            ),
        ] {
            assert_eq!(
                split_by_pattern(one(text), pattern, from, to),
                expected,
                "{text}"
            );
        }
    }
}
