//! Moses' English tokenizer as sacremoses 0.2.0 runs it for EASSE's `-tok moses`
//! (`MosesTokenizer('en').tokenize(text, escape=False)`), and the Penn Treebank variant of
//! sacremoses 0.0.53 for `-tok penn` (`penn_tokenize`), written from the rules' descriptions.
//!
//! The character classes are Perl's Unicode properties as sacremoses ships them, with the Indic
//! viramas and nuktas it adds to `IsAlnum` and `IsAlpha` (not today's Unicode: its `IsAlpha` has
//! no CJK ideographs, for one), and the nonbreaking prefixes are the
//! Moses project's English list; both are tables in `moses/`, written by `cargo xtask record
//! moses` from the installed sacremoses and checked against it there.

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::{Captures, Regex};

/// Python's whitespace (`str.isspace`, `\s` in `re`): Unicode's `White_Space` plus the four
/// information separators U+001C..U+001F.
const PY_SPACE: &str = r"\s\x{1C}-\x{1F}";

/// The class tables, one per line: a name, then code-point ranges `FIRST-LAST` in hex.
const CLASSES: &str = include_str!("moses/perluniprops.txt");

/// The English nonbreaking prefixes, one per line; `#NUMERIC_ONLY#` marks those that stay
/// attached only before a number.
const PREFIXES: &str = include_str!("moses/nonbreaking_prefix.en");

/// A class of the tables as the body of a regex character class (`\x{41}-\x{5A}…`).
fn class(name: &str) -> String {
    let ranges = CLASSES
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("moses/perluniprops.txt has no {name}"));
    ranges
        .split(' ')
        .map(|r| {
            let (a, b) = r.split_once('-').unwrap_or((r, r));
            format!(r"\x{{{a}}}-\x{{{b}}}")
        })
        .collect()
}

fn regex(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("a Moses rule: {e}"))
}

/// A rule: a pattern and its replacement (`${1}` for a group).
struct Rule(Regex, &'static str);

impl Rule {
    fn new(pattern: &str, replacement: &'static str) -> Rule {
        Rule(regex(pattern), replacement)
    }

    fn apply(&self, text: &str) -> String {
        self.0.replace_all(text, self.1).into_owned()
    }
}

/// Every compiled rule of both tokenizers.
struct Rules {
    spaces: Rule,
    junk: Rule,
    pad_not_alnum: Rule,
    dot_runs: Regex,
    dot_markers: Regex,
    commas: [Rule; 3],
    apostrophes: [Rule; 5],
    trailing_dot_quote: Rule,
    lower: Regex,
    alpha: Regex,
    prefixes: HashSet<&'static str>,
    numeric_only: HashSet<&'static str>,
    penn_before: Vec<Rule>,
    penn_after: Vec<Rule>,
}

static RULES: LazyLock<Rules> = LazyLock::new(Rules::new);

impl Rules {
    fn new() -> Rules {
        let (alnum, alpha, n) = (class("IsAlnum"), class("IsAlpha"), class("IsN"));
        let symbols = format!("{}{}", class("IsSc"), class("IsSo"));
        let listed: Vec<&'static str> = PREFIXES
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        Rules {
            spaces: Rule::new(&format!("[{PY_SPACE}]+"), " "),
            junk: Rule::new(r"[\x00-\x1F]", ""),
            pad_not_alnum: Rule::new(&format!(r"([^{alnum}{PY_SPACE}.'`,\-])"), " ${1} "),
            dot_runs: regex(r"\.{2,}"),
            dot_markers: regex("(?:DOT)+MULTI"),
            commas: [
                Rule::new(&format!("([^{n}]),"), "${1} , "),
                Rule::new(&format!(",([^{n}])"), " , ${1}"),
                Rule::new(&format!("([{n}]),$"), "${1} , "),
            ],
            apostrophes: [
                Rule::new(&format!("([^{alpha}])'([^{alpha}])"), "${1} ' ${2}"),
                Rule::new(&format!("([^{alpha}{n}])'([{alpha}])"), "${1} ' ${2}"),
                Rule::new(&format!("([{alpha}])'([^{alpha}])"), "${1} ' ${2}"),
                Rule::new(&format!("([{alpha}])'([{alpha}])"), "${1} '${2}"),
                Rule::new(&format!("([{n}])'(s)"), "${1} '${2}"),
            ],
            trailing_dot_quote: Rule::new(r"\.' ?$", " . ' "),
            lower: regex(&format!("^[{}]", class("IsLower"))),
            alpha: regex(&format!("[{alpha}]")),
            numeric_only: listed
                .iter()
                .filter_map(|p| p.strip_suffix(" #NUMERIC_ONLY#"))
                .collect(),
            prefixes: listed.into_iter().collect(),
            penn_before: penn_before(&alnum, &n, &symbols),
            penn_after: PENN_AFTER
                .iter()
                .map(|&(pattern, replacement)| Rule::new(pattern, replacement))
                .collect(),
        }
    }

    /// A run of k ≥ 2 dots becomes " DOT…DOTMULTI" (k times DOT), with a space after it unless
    /// it ends the text, so that no later rule splits it.
    fn protect_dots(&self, text: &str) -> String {
        self.dot_runs
            .replace_all(text, |m: &Captures| {
                let whole = m.get(0).expect("a match");
                let space = if whole.end() < text.len() { " " } else { "" };
                format!(" {}MULTI{space}", "DOT".repeat(whole.len()))
            })
            .into_owned()
    }

    fn restore_dots(&self, text: &str) -> String {
        self.dot_markers
            .replace_all(text, |m: &Captures| ".".repeat((m[0].len() - 5) / 3))
            .into_owned()
    }

    /// A token ending in "." is split from its dot unless the dot ends an abbreviation: a prefix
    /// with a dot and a letter in it ("U.S"), a listed prefix ("Mr"), or any prefix before a
    /// word starting in lower case; a numeric-only prefix ("No") stays whole before a number.
    fn nonbreaking_prefixes(&self, text: &str) -> String {
        let mut tokens: Vec<String> = py_split(text).map(str::to_owned).collect();
        for i in 0..tokens.len() {
            let Some(prefix) = tokens[i].strip_suffix('.').filter(|p| !p.is_empty()) else {
                continue;
            };
            let next = tokens.get(i + 1);
            let keep = (prefix.contains('.') && self.alpha.is_match(prefix))
                || (self.prefixes.contains(prefix) && !self.numeric_only.contains(prefix))
                || next.is_some_and(|t| self.lower.is_match(t));
            let numbered = self.numeric_only.contains(prefix)
                && next.is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()));
            if !keep && !numbered {
                tokens[i] = format!("{prefix} .");
            }
        }
        tokens.join(" ")
    }
}

/// The Penn Treebank rules that run before the nonbreaking prefixes, in order: quotes made
/// directional, ellipses protected, commas, symbols, slashes, final periods, brackets as `-LRB-`
/// and the like, dashes, quotes and contractions split. `%SPACE%`, `%N%`, `%ALNUM%` and
/// `%SYMBOLS%` stand for Python's whitespace and the classes.
const PENN_BEFORE: [(&str, &str); 50] = [
    ("[%SPACE%]+", " "),
    (r"[\x00-\x1F]", ""),
    ("^``", "`` "),
    ("^\"", "`` "),
    ("^`([^`])", "` ${1}"),
    ("^'", "`  "),
    ("([ (\\[{<])\"", "${1} `` "),
    ("([ (\\[{<])``", "${1} `` "),
    ("([ (\\[{<])`([^`])", "${1} ` ${2}"),
    ("([ (\\[{<])'", "${1} ` "),
    (r"\.\.\.", " _ELLIPSIS_ "),
    ("([^%N%]),([^%N%])", "${1} , ${2}"),
    ("([%N%]),([^%N%])", "${1} , ${2}"),
    ("([^%N%]),([%N%])", "${1} , ${2}"),
    ("([;:@#$%&%SYMBOLS%])", " ${1} "),
    // sacremoses 0.0.53 writes this rule's replacement in Perl's syntax, which Python inserts
    // literally.
    ("([%ALNUM%])/([%ALNUM%])", r"$$1 \@\/\@ $$2"),
    (r#"([^.])([.])([\])}>"']*) ?$"#, "${1} ${2}${3}"),
    ("([?!])", " ${1} "),
    (r"([\]\[(){}<>])", " ${1} "),
    (r"\(", "-LRB-"),
    (r"\)", "-RRB-"),
    (r"\[", "-LSB-"),
    (r"\]", "-RSB-"),
    (r"\{", "-LCB-"),
    (r"\}", "-RCB-"),
    ("--", " -- "),
    ("^", " "),
    ("$", " "),
    ("\"", " '' "),
    ("([^'])' ", "${1} ' "),
    ("([^'])'", "${1} ' "),
    ("'([sSmMdD]) ", " '${1} "),
    ("'ll ", " 'll "),
    ("'re ", " 're "),
    ("'ve ", " 've "),
    ("n't ", " n't "),
    ("'LL ", " 'LL "),
    ("'RE ", " 'RE "),
    ("'VE ", " 'VE "),
    ("N'T ", " N'T "),
    (" ([Cc])annot ", " ${1}an not "),
    (" ([Dd])'ye ", " ${1}' ye "),
    (" ([Gg])imme ", " ${1}im me "),
    (" ([Gg])onna ", " ${1}on na "),
    (" ([Gg])otta ", " ${1}ot ta "),
    (" ([Ll])emme ", " ${1}em me "),
    (" ([Mm])ore'n ", " ${1}ore 'n "),
    (" '([Tt])is ", " '${1} is "),
    (" '([Tt])was ", " '${1} was "),
    (" ([Ww])anna ", " ${1}an na "),
];

/// The Penn Treebank rules after the nonbreaking prefixes: ellipses restored (sacremoses
/// 0.0.53 restores "..." with a replacement Python keeps as written, `\.\.\.`), spaces cleaned,
/// XML characters escaped.
const PENN_AFTER: [(&str, &str); 10] = [
    ("_ELLIPSIS_", r"\.\.\."),
    ("  *", " "),
    ("^ *", ""),
    (" *$", ""),
    ("&", "&amp;"),
    (r"\|", "&#124;"),
    ("<", "&lt;"),
    (">", "&gt;"),
    ("'", "&apos;"),
    ("\"", "&quot;"),
];

/// The Penn Treebank rules before the nonbreaking prefixes, their classes filled in.
fn penn_before(alnum: &str, n: &str, symbols: &str) -> Vec<Rule> {
    PENN_BEFORE
        .iter()
        .map(|&(pattern, replacement)| {
            let pattern = pattern
                .replace("%SPACE%", PY_SPACE)
                .replace("%N%", n)
                .replace("%ALNUM%", alnum)
                .replace("%SYMBOLS%", symbols);
            Rule::new(&pattern, replacement)
        })
        .collect()
}

/// Whether `c` is Python whitespace.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1C'..='\x1F').contains(&c)
}

/// Python's `str.split()`: the runs of non-whitespace.
fn py_split(text: &str) -> impl Iterator<Item = &str> {
    text.split(py_space).filter(|t| !t.is_empty())
}

/// Moses' English tokenization of one line (sacremoses 0.2.0, `escape=False`): tokens separated
/// by single spaces.
pub(crate) fn moses_tokenize(text: &str) -> String {
    let rules = &*RULES;
    let text = rules.junk.apply(&rules.spaces.apply(text));
    let text = rules.pad_not_alnum.apply(text.trim_matches(py_space));
    let mut text = rules.protect_dots(&text);
    for rule in rules.commas.iter().chain(&rules.apostrophes) {
        text = rule.apply(&text);
    }
    let text = rules.nonbreaking_prefixes(&text);
    let text = rules.spaces.apply(&text);
    let text = rules.trailing_dot_quote.apply(text.trim_matches(py_space));
    rules.restore_dots(&text)
}

/// The Penn Treebank tokenization of one line as sacremoses 0.0.53's `penn_tokenize` makes it
/// (XML characters escaped, brackets as `-LRB-` and the like).
pub(crate) fn penn_tokenize(text: &str) -> String {
    let rules = &*RULES;
    let mut text = text.to_owned();
    for rule in &rules.penn_before {
        text = rule.apply(&text);
    }
    let mut text = rules.nonbreaking_prefixes(&text);
    for rule in &rules.penn_after {
        text = rule.apply(&text);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moses_splits_punctuation_and_keeps_abbreviations() {
        let cases = [
            (
                "Mr. Smith's dog, aged 5,300 days...",
                "Mr. Smith 's dog , aged 5,300 days ...",
            ),
            ("It isn't U.S. policy.", "It isn 't U.S. policy ."),
            ("No. 5 and No. More", "No. 5 and No . More"),
            ("  a\tb  ", "a b"),
            ("(a)", "( a )"),
        ];
        for (text, tokens) in cases {
            assert_eq!(moses_tokenize(text), tokens, "{text:?}");
        }
    }

    #[test]
    fn penn_converts_brackets_and_escapes_as_sacremoses_0_0_53() {
        // Its ellipsis and slash rules write Perl's replacement syntax, which Python keeps.
        assert_eq!(
            penn_tokenize("\"It's (a) test,\" he said... and/or"),
            r"`` It &apos; s -LRB- a -RRB- test , &apos; &apos; he said \.\.\. an$1 \@\/\@ $2r"
        );
    }
}
