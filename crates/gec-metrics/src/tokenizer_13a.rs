//! sacreBLEU's `13a` tokenizer (the mteval-v13a normalisation of WMT), which EASSE applies before
//! its corpus SARI: unescape a few HTML entities, split off punctuation and symbols, split `.`
//! and `,` except between digits, split `-` after a digit.

use std::sync::LazyLock;

use regex::Regex;

use crate::text::python_split;

static RULES: LazyLock<[(Regex, &'static str); 4]> = LazyLock::new(|| {
    let rule = |pattern: &str, replacement| {
        (
            Regex::new(pattern).expect("the 13a patterns are valid"),
            replacement,
        )
    };
    [
        rule(r"([\{-~\[-` -&\(-\+:-@/])", " ${1} "),
        rule(r"([^0-9])([\.,])", "${1} ${2} "),
        rule(r"([\.,])([^0-9])", " ${1} ${2}"),
        rule(r"([0-9])(-)", "${1} ${2} "),
    ]
});

/// The `13a` tokenisation of `line`: tokens separated by single spaces.
pub fn tokenize_13a(line: &str) -> String {
    let line = line
        .replace("<skipped>", "")
        .replace("-\n", "")
        .replace('\n', " ")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">");
    let mut line = format!(" {line} ");
    for (pattern, replacement) in RULES.iter() {
        line = pattern.replace_all(&line, *replacement).into_owned();
    }
    python_split(&line).collect::<Vec<_>>().join(" ")
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
    }
}
