//! NLTK's `NISTTokenizer().tokenize` (mteval-v14's Western-language rules), which tseval counts
//! words with.

use std::sync::LazyLock;

use bleu_chrf::python_str::python_split;
use regex::Regex;

/// mteval's rules in their order: ASCII punctuation and symbols padded; a period or comma split
/// from a preceding non-digit, then from a following non-digit; a dash after a digit split off.
static RULES: LazyLock<[(Regex, &str); 4]> = LazyLock::new(|| {
    let rule = |pattern: &str, replacement| {
        (
            Regex::new(pattern).expect("the NIST rules are valid regexes"),
            replacement,
        )
    };
    [
        rule(r"([{-~\[-`\x20-&(-+:-@/])", " ${1} "),
        rule(r"([^0-9])([.,])", "${1} ${2} "),
        rule(r"([.,])([^0-9])", " ${1} ${2}"),
        rule(r"([0-9])(-)", "${1} ${2} "),
    ]
});

/// XML's entities as NLTK's `xml_unescape` undoes them, `&amp;` last.
const ENTITIES: [(&str, &str); 8] = [
    ("&lt;", "<"),
    ("&gt;", ">"),
    ("&apos;", "'"),
    ("&quot;", "\""),
    ("&#124;", "|"),
    ("&#91;", "["),
    ("&#93;", "]"),
    ("&amp;", "&"),
];

/// The NIST tokens of `text`: `<skipped>` removed, XML entities unescaped, U+2028 a space, then
/// the rules on the text padded with a space at each end, split at Python's whitespace.
pub(crate) fn nist_token_count(text: &str) -> usize {
    let mut text = text.replace("<skipped>", "");
    for (entity, character) in ENTITIES {
        text = text.replace(entity, character);
    }
    let mut text = format!(" {} ", text.replace('\u{2028}', " "));
    for (regex, replacement) in RULES.iter() {
        text = regex.replace_all(&text, *replacement).into_owned();
    }
    python_split(&text).count()
}

#[cfg(test)]
mod tests {
    use super::nist_token_count;

    #[test]
    fn punctuation_splits_but_numbers_keep_their_points() {
        // NLTK: "it's" "3.5" "," "e-mail" ":" "a" "&" "b" "." (the apostrophe and the hyphen
        // are outside mteval's punctuation ranges).
        assert_eq!(nist_token_count("it's 3.5, e-mail: a &amp; b."), 9);
        assert_eq!(nist_token_count("1,000-2"), 3);
        assert_eq!(nist_token_count("<skipped>"), 0);
    }
}
