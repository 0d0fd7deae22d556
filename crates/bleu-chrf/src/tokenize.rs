//! sacreBLEU's tokenizers, as BLEU applies them to every hypothesis and reference line:
//!
//! * `13a` (the default; mteval-v13a's normalisation of WMT): unescape a few HTML entities,
//!   split off punctuation and symbols, `.` and `,` except between digits, `-` after a digit;
//! * `intl` (mteval-v14's international tokenization): split Unicode punctuation off a
//!   neighbour that is not a number, and every Unicode symbol off both neighbours;
//! * `char`: every character a token;
//! * `none`: the line as it is.
//!
//! Each ends with Python's `' '.join(line.split())`: tokens separated by single spaces.

use std::sync::LazyLock;

use regex::Regex;

use crate::python_str::python_split;

/// A tokenizer of sacreBLEU's, by its name there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tokenizer {
    /// `13a`, sacreBLEU's default.
    #[default]
    Thirteen,
    /// `intl`.
    Intl,
    /// `char`.
    Char,
    /// `none`.
    None,
}

impl Tokenizer {
    /// Every tokenizer, in sacreBLEU's order of their names.
    pub const ALL: [Tokenizer; 4] = [
        Tokenizer::Thirteen,
        Tokenizer::Intl,
        Tokenizer::Char,
        Tokenizer::None,
    ];

    /// The name sacreBLEU gives it (`--tokenize`, and the signature's `tok:`).
    pub fn name(self) -> &'static str {
        match self {
            Tokenizer::Thirteen => "13a",
            Tokenizer::Intl => "intl",
            Tokenizer::Char => "char",
            Tokenizer::None => "none",
        }
    }

    /// `line` tokenized: tokens separated by single spaces.
    pub fn tokenize(self, line: &str) -> String {
        match self {
            Tokenizer::Thirteen => tokenize_13a(line),
            Tokenizer::Intl => tokenize_intl(line),
            Tokenizer::Char => {
                let chars: Vec<String> = line.chars().map(String::from).collect();
                joined(&chars.join(" "))
            }
            Tokenizer::None => line.to_owned(),
        }
    }
}

/// Python's `' '.join(line.split())`.
fn joined(line: &str) -> String {
    python_split(line).collect::<Vec<_>>().join(" ")
}

/// `pattern`, compiled (the patterns are constants).
fn rule(pattern: &str, replacement: &'static str) -> (Regex, &'static str) {
    (
        Regex::new(pattern).expect("the tokenizers' patterns are valid"),
        replacement,
    )
}

/// `line` with each rule's pattern replaced in turn, every non-overlapping match from the left
/// (Python's `re.sub`).
fn rewritten(mut line: String, rules: &[(Regex, &str)]) -> String {
    for (pattern, replacement) in rules {
        line = pattern.replace_all(&line, *replacement).into_owned();
    }
    line
}

static RULES_13A: LazyLock<[(Regex, &'static str); 4]> = LazyLock::new(|| {
    [
        rule(r"([\{-~\[-` -&\(-\+:-@/])", " ${1} "),
        rule(r"([^0-9])([\.,])", "${1} ${2} "),
        rule(r"([\.,])([^0-9])", " ${1} ${2}"),
        rule(r"([0-9])(-)", "${1} ${2} "),
    ]
});

static RULES_INTL: LazyLock<[(Regex, &'static str); 3]> = LazyLock::new(|| {
    [
        rule(r"(\P{N})(\p{P})", "${1} ${2} "),
        rule(r"(\p{P})(\P{N})", " ${1} ${2}"),
        rule(r"(\p{S})", " ${1} "),
    ]
});

/// The `13a` tokenization of `line`: tokens separated by single spaces.
pub fn tokenize_13a(line: &str) -> String {
    let line = line
        .replace("<skipped>", "")
        .replace("-\n", "")
        .replace('\n', " ")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">");
    joined(&rewritten(format!(" {line} "), &*RULES_13A))
}

/// The `intl` tokenization of `line`: tokens separated by single spaces.
pub fn tokenize_intl(line: &str) -> String {
    joined(&rewritten(line.to_owned(), &*RULES_INTL))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_sacrebleu() {
        // Expected values from the rules of sacrebleu's Tokenizer13a run in Python's `re`.
        assert_eq!(tokenize_13a("Hello, world!"), "Hello , world !");
        assert_eq!(
            tokenize_13a("It costs $3,000.50 (approx.)"),
            "It costs $ 3,000.50 ( approx . )"
        );
        assert_eq!(tokenize_13a("1990-1995 &amp; co."), "1990 - 1995 & co .");
        assert_eq!(tokenize_13a("don't e.g. a.b"), "don't e . g . a . b");
        assert_eq!(Tokenizer::Char.tokenize("a b\u{a0}c"), "a b c");
        assert_eq!(Tokenizer::None.tokenize(" a  b "), " a  b ");
    }
}
