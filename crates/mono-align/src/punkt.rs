//! The Punkt sentence tokenizer (Kiss & Strunk 2006) with NLTK's pretrained English parameters,
//! as NLTK 3.10's `PunktSentenceTokenizer.tokenize` applies them — the first stage of the
//! reference's sentence splitting (spec `lcb-pipeline.md` §0.3).
//!
//! Written from NLTK's description of the algorithm:
//! 1. **Candidates**: every `.`, `?` or `!` followed by other punctuation or by whitespace and a
//!    token; its *context* is the word before it, the mark and what follows.
//! 2. **Words** of a context: a punctuation-splitting tokenizer (multi-character punctuation
//!    `--`, `..`, `. . .`; otherwise a word runs until whitespace, punctuation that cannot be inside
//!    a word, or a word-final comma).
//! 3. **First pass** (by word type): `.?!` alone break; `..+` is an ellipsis; a word ending in a
//!    period is an abbreviation when known (also after its last hyphen), else a break.
//! 4. **Second pass** (by pairs of words): known collocations, the orthographic heuristic (how the
//!    next word's type was capitalised in training: at sentence starts, inside, unknown), frequent
//!    sentence starters, initials and numbers.
//! 5. A context holding a break followed by another word ends a sentence after the mark; closing
//!    quotes and brackets right after a break are moved into the sentence before it.
//!
//! Parameters are read from a `punkt_tab` directory (`abbrev_types.txt`, `collocations.tab`,
//! `sent_starters.txt`, `ortho_context.tab`); NLTK's English one is committed in
//! `models/punkt-english/` and built into the program ([`PunktParameters::english`]).
//!
//! Character classes follow Python's Unicode `re`: `\s` is [`is_py_space`], `\w` is
//! [`is_word_char`]; `\d` is taken as Rust's `char::is_numeric` (Python's is the narrower `Nd`;
//! they differ only on fractions and numerals such as ½ and Ⅷ).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::Error;
use crate::error::read_resource;
use crate::tokens::is_word_char;

const ORTHO_BEG_UC: u32 = 1 << 1;
const ORTHO_MID_UC: u32 = 1 << 2;
const ORTHO_UNK_UC: u32 = 1 << 3;
const ORTHO_BEG_LC: u32 = 1 << 4;
const ORTHO_MID_LC: u32 = 1 << 5;
const ORTHO_UNK_LC: u32 = 1 << 6;
const ORTHO_UC: u32 = ORTHO_BEG_UC + ORTHO_MID_UC + ORTHO_UNK_UC;
const ORTHO_LC: u32 = ORTHO_BEG_LC + ORTHO_MID_LC + ORTHO_UNK_LC;

/// Python's `str.isspace` / Unicode `\s`: Rust's whitespace plus the information separators
/// U+001C–U+001F (the workspace's one definition, in `bleu-chrf`).
pub use bleu_chrf::python_str::is_python_space as is_py_space;

/// Trained Punkt parameters: abbreviation types, collocations, sentence starters and
/// orthographic contexts.
#[derive(Debug, Clone, Default)]
pub struct PunktParameters {
    abbrev_types: HashSet<String>,
    collocations: HashSet<(String, String)>,
    sent_starters: HashSet<String>,
    ortho_context: HashMap<String, u32>,
}

impl PunktParameters {
    /// NLTK's English parameters as gecbias carries them ([`gecbias_resources`]): the directory
    /// named by `$GECBIAS_PUNKT`, else the copy of `models/punkt-english` built into the program.
    pub fn english() -> Result<PunktParameters, Error> {
        let resource = gecbias_resources::Resource::PunktEnglish;
        match gecbias_resources::locate(resource)? {
            gecbias_resources::Located::Embedded(files) => PunktParameters::from_files(|name| {
                let path = PathBuf::from(files.describe(name));
                let bytes = files.get(name).unwrap_or_default();
                String::from_utf8(bytes.to_vec())
                    .map(|text| (path.clone(), text))
                    .map_err(|_| Error::MalformedResource { path, line: 0 })
            }),
            gecbias_resources::Located::Path { path, .. } => PunktParameters::from_dir(path),
        }
    }

    /// Reads a `punkt_tab` language directory.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<PunktParameters, Error> {
        let dir = dir.as_ref();
        PunktParameters::from_files(|name| {
            read_resource(
                dir.join(name),
                "set $GECBIAS_PUNKT to a punkt_tab language directory",
            )
        })
    }

    /// Parses the four `punkt_tab` files, each given as (its name in messages, its text) by
    /// `read`.
    fn from_files(
        read: impl Fn(&str) -> Result<(PathBuf, String), Error>,
    ) -> Result<PunktParameters, Error> {
        let pairs = |name: &str| -> Result<(PathBuf, Vec<(String, String)>), Error> {
            let (path, text) = read(name)?;
            let pairs = text
                .lines()
                .enumerate()
                .map(|(i, l)| match l.split_once('\t') {
                    Some((a, b)) => Ok((a.to_owned(), b.to_owned())),
                    None => Err(Error::MalformedResource {
                        path: path.clone(),
                        line: i + 1,
                    }),
                })
                .collect::<Result<_, _>>()?;
            Ok((path, pairs))
        };
        // Lines are kept verbatim: one abbreviation type is ". . " with a trailing space.
        let lines = |name: &str| {
            read(name).map(|(_, t)| t.lines().map(str::to_owned).collect::<HashSet<_>>())
        };
        let (ortho_path, ortho_pairs) = pairs("ortho_context.tab")?;
        let mut ortho_context = HashMap::new();
        for (i, (typ, flags)) in ortho_pairs.into_iter().enumerate() {
            let flags = flags.parse().map_err(|_| Error::MalformedResource {
                path: ortho_path.clone(),
                line: i + 1,
            })?;
            ortho_context.insert(typ, flags);
        }
        Ok(PunktParameters {
            abbrev_types: lines("abbrev_types.txt")?,
            collocations: pairs("collocations.tab")?.1.into_iter().collect(),
            sent_starters: lines("sent_starters.txt")?,
            ortho_context,
        })
    }

    fn ortho(&self, typ: &str) -> u32 {
        self.ortho_context.get(typ).copied().unwrap_or(0)
    }
}

/// One word of a context with its annotations.
#[derive(Debug, Clone)]
struct Token<'a> {
    tok: &'a str,
    typ: String,
    period_final: bool,
    sentbreak: bool,
    abbr: bool,
    ellipsis: bool,
}

impl<'a> Token<'a> {
    fn new(tok: &'a str) -> Token<'a> {
        let lower = tok.to_lowercase();
        let typ = if is_numeric_token(&lower) {
            "##number##".to_owned()
        } else {
            lower
        };
        Token {
            tok,
            typ,
            period_final: tok.ends_with('.'),
            sentbreak: false,
            abbr: false,
            ellipsis: false,
        }
    }

    fn type_no_period(&self) -> &str {
        if self.typ.chars().count() > 1 && self.typ.ends_with('.') {
            &self.typ[..self.typ.len() - 1]
        } else {
            &self.typ
        }
    }

    fn type_no_sentperiod(&self) -> &str {
        if self.sentbreak {
            self.type_no_period()
        } else {
            &self.typ
        }
    }

    fn first_upper(&self) -> bool {
        self.tok.chars().next().is_some_and(char::is_uppercase)
    }

    fn first_lower(&self) -> bool {
        self.tok.chars().next().is_some_and(char::is_lowercase)
    }

    /// `..+` and nothing else.
    fn is_ellipsis(&self) -> bool {
        self.tok.len() >= 2 && self.tok.bytes().all(|b| b == b'.')
    }

    /// A letter and a period: `[^\W\d]\.`.
    fn is_initial(&self) -> bool {
        let mut chars = self.tok.chars();
        matches!((chars.next(), chars.next(), chars.next()),
            (Some(c), Some('.'), None) if is_word_char(c) && !c.is_numeric())
    }
}

/// `^-?[\.,]?\d[\d,\.-]*\.?$`: the token is a number.
fn is_numeric_token(s: &str) -> bool {
    let mut rest = s.strip_prefix('-').unwrap_or(s);
    rest = rest.strip_prefix(['.', ',']).unwrap_or(rest);
    let mut chars = rest.chars();
    if !chars.next().is_some_and(char::is_numeric) {
        return false;
    }
    // `[\d,\.-]*\.?` accepts any run of digits, commas, periods and hyphens.
    chars.all(|c| c.is_numeric() || matches!(c, ',' | '.' | '-'))
}

/// Typographic quotes and guillemets, which Punkt treats like ASCII quotes.
const TYPOGRAPHIC_QUOTES: [char; 6] = [
    '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{ab}', '\u{bb}',
];

/// Punctuation that cannot appear inside a word (Punkt's `_re_non_word_chars`).
fn is_non_word(c: char) -> bool {
    ")\";}]*:@'({[?!".contains(c) || TYPOGRAPHIC_QUOTES.contains(&c)
}

/// Characters that cannot start a word (Punkt's `_re_word_start` excludes them).
fn cannot_start_word(c: char) -> bool {
    matches!(
        c,
        '(' | '"'
            | '`'
            | '{'
            | '['
            | ':'
            | ';'
            | '&'
            | '#'
            | '*'
            | '@'
            | ')'
            | '}'
            | ']'
            | '-'
            | ','
    )
}

/// The length in bytes of multi-character punctuation at the start of `s`: `-{2,}`, `\.{2,}` or
/// `(?:\.\s){2,}\.`, tried in that order.
fn multi_char_punct(s: &str) -> Option<usize> {
    for c in ['-', '.'] {
        let run = s.chars().take_while(|&x| x == c).count();
        if run >= 2 {
            return Some(run);
        }
    }
    // (\.\s){2,}\. — as many repetitions as possible, then backtrack until a period follows.
    let mut ends = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((_, '.')) = chars.peek().copied() {
        chars.next();
        match chars.peek().copied() {
            Some((i, c)) if is_py_space(c) => {
                chars.next();
                ends.push(i + c.len_utf8());
            }
            _ => break,
        }
    }
    ends.iter()
        .skip(1)
        .rev()
        .find(|&&end| s[end..].starts_with('.'))
        .map(|&end| end + 1)
}

/// Whether a word may end before `rest` (Punkt's word-end lookahead).
fn word_ends_before(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        None => true,
        Some(c) if is_py_space(c) || is_non_word(c) => true,
        Some(',') => {
            let after = chars.as_str();
            after
                .chars()
                .next()
                .is_none_or(|c| is_py_space(c) || is_non_word(c))
                || multi_char_punct(after).is_some()
        }
        Some(_) => multi_char_punct(rest).is_some(),
    }
}

/// Punkt's word tokenizer on one line (`PunktLanguageVars.word_tokenize`).
fn words(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut p = 0;
    while p < line.len() {
        let rest = &line[p..];
        let Some(c) = rest.chars().next() else { break };
        if is_py_space(c) {
            p += c.len_utf8();
            continue;
        }
        let len = if let Some(n) = multi_char_punct(rest) {
            n
        } else if !cannot_start_word(c) {
            // \S+? until the first position where a word may end.
            let mut e = c.len_utf8();
            loop {
                match rest[e..].chars().next() {
                    Some(next) if !is_py_space(next) && !word_ends_before(&rest[e..]) => {
                        e += next.len_utf8()
                    }
                    _ => break e,
                }
            }
        } else {
            c.len_utf8()
        };
        out.push(&rest[..len]);
        p += len;
    }
    out
}

/// A candidate sentence end: the mark's byte position, and the byte position of the token after
/// the whitespace, if the mark is followed by whitespace rather than punctuation.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    mark: usize,
    next_tok: Option<usize>,
    after_end: usize,
}

/// Every `[.?!]` followed by non-word punctuation or by whitespace and a token.
fn candidates(text: &str) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (i, _) in text
        .char_indices()
        .filter(|&(_, c)| matches!(c, '.' | '?' | '!'))
    {
        let after = &text[i + 1..];
        let Some(first) = after.chars().next() else {
            continue;
        };
        if is_non_word(first) {
            out.push(Candidate {
                mark: i,
                next_tok: None,
                after_end: i + 1 + first.len_utf8(),
            });
            continue;
        }
        let ws: usize = after
            .chars()
            .take_while(|&c| is_py_space(c))
            .map(char::len_utf8)
            .sum();
        let token: usize = after[ws..]
            .chars()
            .take_while(|&c| !is_py_space(c))
            .map(char::len_utf8)
            .sum();
        if ws > 0 && token > 0 {
            out.push(Candidate {
                mark: i,
                next_tok: Some(i + 1 + ws),
                after_end: i + 1 + ws + token,
            });
        }
    }
    out
}

/// The Punkt sentence tokenizer with fixed parameters.
#[derive(Debug, Clone)]
pub struct PunktSentenceTokenizer {
    params: PunktParameters,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Starter {
    Yes,
    No,
    Unknown,
}

impl PunktSentenceTokenizer {
    /// A tokenizer with the given parameters.
    pub fn new(params: PunktParameters) -> PunktSentenceTokenizer {
        PunktSentenceTokenizer { params }
    }

    /// The sentences of `text`.
    pub fn tokenize<'a>(&self, text: &'a str) -> Vec<&'a str> {
        self.span_tokenize(text)
            .into_iter()
            .map(|(s, e)| &text[s..e])
            .collect()
    }

    /// The sentences of `text` as byte ranges, boundaries realigned past closing punctuation.
    pub fn span_tokenize(&self, text: &str) -> Vec<(usize, usize)> {
        self.realign_boundaries(text, self.slices(text))
    }

    /// `(candidate, context)` pairs, the context being the word before the mark, the mark and
    /// what follows it; a candidate whose word overlaps the previous context is merged into it.
    fn contexts(&self, text: &str) -> Vec<(Candidate, String)> {
        let mut out = Vec::new();
        let mut previous: Option<(Candidate, (usize, usize))> = None;
        for m in candidates(text) {
            let (prev_start, prev_stop) = previous.map_or((0, 0), |(_, s)| s);
            let before = &text[prev_stop..m.mark];
            // Only ASCII whitespace counts here (Python's `string.whitespace`); an index of 0
            // counts as "none", a reference quirk kept as is.
            let last_space = before
                .bytes()
                .rposition(|b| b" \t\n\r\x0b\x0c".contains(&b))
                .unwrap_or(0);
            let word_start = if last_space > 0 {
                last_space + prev_stop + 1
            } else {
                prev_start
            };
            if let Some((pm, (ps, pe))) = previous
                && pe <= word_start
            {
                out.push((
                    pm,
                    format!("{}{}", &text[ps..pe], &text[pm.mark..pm.after_end]),
                ));
            }
            previous = Some((m, (word_start, m.mark)));
        }
        if let Some((pm, (ps, pe))) = previous {
            out.push((
                pm,
                format!("{}{}", &text[ps..pe], &text[pm.mark..pm.after_end]),
            ));
        }
        out
    }

    fn slices(&self, text: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut last_break = 0;
        for (m, context) in self.contexts(text) {
            if self.contains_sentbreak(&context) {
                out.push((last_break, m.mark + 1));
                last_break = m.next_tok.unwrap_or(m.mark + 1);
            }
        }
        out.push((last_break, text.trim_end_matches(is_py_space).len()));
        out
    }

    fn realign_boundaries(&self, text: &str, slices: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut realign = 0;
        for (k, &(start, stop)) in slices.iter().enumerate() {
            let s1 = (start + realign, stop);
            let nonempty = s1.0 < s1.1;
            let Some(&(next_start, next_stop)) = slices.get(k + 1) else {
                if nonempty {
                    out.push(s1);
                }
                continue;
            };
            let next = if next_start < next_stop {
                &text[next_start..next_stop]
            } else {
                ""
            };
            match realignment(next) {
                Some((kept, end)) => {
                    out.push((s1.0, next_start + kept));
                    realign = end;
                }
                None => {
                    realign = 0;
                    if nonempty {
                        out.push(s1);
                    }
                }
            }
        }
        out
    }

    fn contains_sentbreak(&self, context: &str) -> bool {
        let tokens = self.annotate(context);
        tokens.iter().rev().skip(1).any(|t| t.sentbreak)
    }

    fn annotate<'a>(&self, text: &'a str) -> Vec<Token<'a>> {
        let mut tokens: Vec<Token<'a>> = text
            .split('\n')
            .filter(|line| !line.trim_matches(is_py_space).is_empty())
            .flat_map(words)
            .map(Token::new)
            .collect();
        for t in &mut tokens {
            self.first_pass(t);
        }
        for k in 0..tokens.len().saturating_sub(1) {
            let (head, tail) = tokens.split_at_mut(k + 1);
            self.second_pass(&mut head[k], &tail[0]);
        }
        tokens
    }

    fn first_pass(&self, t: &mut Token<'_>) {
        if matches!(t.tok, "." | "?" | "!") {
            t.sentbreak = true;
        } else if t.is_ellipsis() {
            t.ellipsis = true;
        } else if t.period_final && !t.tok.ends_with("..") {
            let stem = t.tok[..t.tok.len() - 1].to_lowercase();
            let last_part = stem.rsplit('-').next().unwrap_or(&stem);
            if self.params.abbrev_types.contains(&stem)
                || self.params.abbrev_types.contains(last_part)
            {
                t.abbr = true;
            } else {
                t.sentbreak = true;
            }
        }
    }

    fn second_pass(&self, t1: &mut Token<'_>, t2: &Token<'_>) {
        if !t1.period_final {
            return;
        }
        let typ = t1.type_no_period().to_owned();
        let next_typ = t2.type_no_sentperiod();
        let initial = t1.is_initial();
        if self
            .params
            .collocations
            .contains(&(typ.clone(), next_typ.to_owned()))
        {
            t1.sentbreak = false;
            t1.abbr = true;
            return;
        }
        if (t1.abbr || t1.ellipsis) && !initial {
            if self.ortho_heuristic(t2) == Starter::Yes {
                t1.sentbreak = true;
                return;
            }
            if t2.first_upper() && self.params.sent_starters.contains(next_typ) {
                t1.sentbreak = true;
                return;
            }
        }
        if initial || typ == "##number##" {
            let starter = self.ortho_heuristic(t2);
            if starter == Starter::No {
                t1.sentbreak = false;
                t1.abbr = true;
                return;
            }
            if starter == Starter::Unknown
                && initial
                && t2.first_upper()
                && self.params.ortho(next_typ) & ORTHO_LC == 0
            {
                t1.sentbreak = false;
                t1.abbr = true;
            }
        }
    }

    fn ortho_heuristic(&self, t: &Token<'_>) -> Starter {
        if matches!(t.tok, ";" | ":" | "," | "." | "!" | "?") {
            return Starter::No;
        }
        let context = self.params.ortho(t.type_no_sentperiod());
        if t.first_upper() && context & ORTHO_LC != 0 && context & ORTHO_MID_UC == 0 {
            return Starter::Yes;
        }
        if t.first_lower() && (context & ORTHO_UC != 0 || context & ORTHO_BEG_LC == 0) {
            return Starter::No;
        }
        Starter::Unknown
    }
}

/// Punkt's boundary realignment at the start of the next sentence: closing punctuation
/// (`"')]}` and typographic quotes), as few as possible, followed by whitespace, `--` or the end
/// of a line. Returns the byte length of the match without trailing whitespace, and its full
/// length.
fn realignment(next: &str) -> Option<(usize, usize)> {
    let closing = |c: char| "\"')]}".contains(c) || TYPOGRAPHIC_QUOTES.contains(&c);
    let mut end = 0;
    for c in next.chars() {
        if !closing(c) {
            break;
        }
        end += c.len_utf8();
        let rest = &next[end..];
        let ws: usize = rest
            .chars()
            .take_while(|&c| is_py_space(c))
            .map(char::len_utf8)
            .sum();
        if ws > 0 {
            return Some((end, end + ws));
        }
        if rest.is_empty() || rest.starts_with("--") {
            return Some((end, end));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_tokenizer_splits_punctuation_but_not_periods() {
        assert_eq!(
            words("Hello, world. (It's) fine!"),
            ["Hello", ",", "world.", "(", "It", "'s", ")", "fine", "!"]
        );
        assert_eq!(
            words("wait... no -- yes. . . ok"),
            ["wait", "...", "no", "--", "yes", ". . .", "ok"]
        );
        assert_eq!(words("a,b 1,000.5"), ["a,b", "1,000.5"]);
    }

    #[test]
    fn numbers_and_initials() {
        assert!(is_numeric_token("1,000.5"));
        assert!(is_numeric_token("-.5"));
        assert!(!is_numeric_token("a1"));
        assert!(Token::new("J.").is_initial());
        assert!(!Token::new("1.").is_initial());
        assert_eq!(Token::new("12.").typ, "##number##");
    }

    #[test]
    fn realignment_moves_closing_quotes() {
        assert_eq!(realignment("\" Next"), Some((1, 2)));
        assert_eq!(realignment(")\""), Some((2, 2)));
        assert_eq!(realignment("Next"), None);
    }
}
