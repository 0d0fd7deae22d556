//! spaCy's tokenizer, with the model's own rules: raw text split at whitespace, each piece
//! stripped of prefixes and suffixes, its core split at infixes, special cases kept whole, then
//! special cases that span several tokens merged back.
//!
//! As spaCy 3.8's `Tokenizer.__call__` does it:
//! * Whitespace: the text is cut into runs of whitespace and of the rest; a single space after a
//!   token is that token's trailing space, any other whitespace run a token of its own.
//! * A piece that is a special case is its tokens. Otherwise, until nothing changes: the prefix
//!   (a search of the prefix expression) and the suffix (of the suffix expression, on what the
//!   prefix leaves) are split off — one of them alone when what remains after it is a special
//!   case, both when they do not overlap, else whichever was found — stopping as soon as the rest
//!   is a special case.
//! * The core: a special case, else one token when it matches the URL expression, else split at
//!   every match of the infix expression (a match at its very start ignored).
//! * Special cases containing an affix or a space are then matched on the tokens (the longest
//!   first, then the leftmost; a match overlapping one already taken at either end dropped) and,
//!   where the matched text is exactly the special case, replaced by its tokens.

use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

use fancy_regex::Regex;

use crate::Error;
use crate::container::Container;

/// A token of raw text: its text, whether a single space follows it (spaCy's `whitespace_`),
/// and the NORM a special case gives it (`nt` of `cant`: `not`), which the encoder embeds instead
/// of the vocabulary's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The token's text.
    pub text: String,
    /// Whether a space follows it in the text.
    pub space: bool,
    /// The special case's NORM, if it sets one.
    pub norm: Option<String>,
}

impl Word {
    fn new(text: &str) -> Word {
        Word {
            text: text.to_owned(),
            space: false,
            norm: None,
        }
    }
}

/// The tokenizer's rules.
#[derive(Debug, Clone)]
pub(crate) struct Tokenizer {
    prefix: Regex,
    suffix: Regex,
    infix: Regex,
    url: Regex,
    specials: HashMap<String, Vec<Word>>,
    /// Whether spaCy's faster heuristics choose the special cases matched on tokens.
    faster: bool,
    /// Special cases matched on tokens, by their first token: (their tokens without special
    /// cases, the special case). Built on the first text tokenised (running the expressions on
    /// every special case takes a tenth of the program's start), never for pretokenised input.
    matcher: OnceLock<Matcher>,
    /// The tokens of pieces seen before (a piece's tokens depend on the piece alone; running
    /// the expressions is most of the tokenizer's time, and texts repeat their words), up to
    /// [`CACHED`] pieces.
    cache: Cache,
}

/// Special cases by the first of their tokens: (their tokens, the special case).
type Matcher = HashMap<String, Vec<(Vec<String>, String)>>;

/// The most pieces [`Tokenizer`] remembers; past it the cache starts again.
const CACHED: usize = 100_000;

/// A piece's tokens, remembered across calls and threads.
#[derive(Debug, Default)]
struct Cache(RwLock<HashMap<String, Vec<Word>>>);

impl Clone for Cache {
    fn clone(&self) -> Cache {
        Cache::default()
    }
}

/// Python's `str.isspace`: Unicode's white space and the four information separators.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

impl Tokenizer {
    /// Reads the rules from `file`.
    pub(crate) fn new(file: &Container) -> Result<Tokenizer, Error> {
        let pattern = |name: &str| -> Result<Regex, Error> {
            let [p] = file.strings(&format!("tokenizer.{name}"))? else {
                return Err(file.error(format!("tokenizer.{name} is not one expression")));
            };
            Regex::new(p).map_err(|e| file.error(format!("tokenizer.{name}: {e}")))
        };
        let mut specials = HashMap::new();
        for rule in file.strings("tokenizer.specials")? {
            let mut parts = rule.split('\u{1e}');
            let text = parts.next().unwrap_or_default().to_owned();
            let tokens: Vec<Word> = parts
                .map(|p| match p.split_once('\u{1f}') {
                    Some((orth, norm)) => Word {
                        norm: Some(norm.to_owned()),
                        ..Word::new(orth)
                    },
                    None => Word::new(p),
                })
                .collect();
            if text.is_empty() || tokens.is_empty() {
                return Err(file.error(format!("tokenizer special case {rule:?}")));
            }
            specials.insert(text, tokens);
        }
        let faster = match file.strings("tokenizer.faster_heuristics")? {
            [f] if f == "1" => true,
            [f] if f == "0" => false,
            other => {
                return Err(file.error(format!("tokenizer.faster_heuristics is {other:?}")));
            }
        };
        Ok(Tokenizer {
            prefix: pattern("prefix")?,
            suffix: pattern("suffix")?,
            infix: pattern("infix")?,
            url: pattern("url")?,
            specials,
            faster,
            matcher: OnceLock::new(),
            cache: Cache::default(),
        })
    }

    /// The special cases matched on tokens: all of them without the faster heuristics, else
    /// those containing an affix or a space (spaCy's `add_special_case`).
    fn matcher(&self) -> &Matcher {
        self.matcher.get_or_init(|| {
            let mut matcher = Matcher::new();
            // spaCy adds these in the order of its rules; the order does not change what matches.
            let mut texts: Vec<&String> = self.specials.keys().collect();
            texts.sort();
            for text in texts {
                if !self.faster
                    || self.find_prefix(text) > 0
                    || self.find_suffix(text) > 0
                    || !self.find_infixes(text).is_empty()
                    || text.contains(' ')
                {
                    let tokens: Vec<String> = self
                        .tokenize_affixes(text, false)
                        .into_iter()
                        .map(|w| w.text)
                        .collect();
                    if let Some(first) = tokens.first() {
                        matcher
                            .entry(first.clone())
                            .or_default()
                            .push((tokens.clone(), text.clone()));
                    }
                }
            }
            matcher
        })
    }

    /// The tokens of `text`, as spaCy's tokenizer makes them.
    pub(crate) fn tokenize(&self, text: &str) -> Vec<Word> {
        let words = self.tokenize_affixes(text, true);
        self.merge_special_cases(words)
    }

    /// The length in bytes of the prefix at the start of `s` (0: none).
    fn find_prefix(&self, s: &str) -> usize {
        match self.prefix.find(s) {
            Ok(Some(m)) => m.end() - m.start(),
            _ => 0,
        }
    }

    /// The length in bytes of the suffix at the end of `s` (0: none).
    fn find_suffix(&self, s: &str) -> usize {
        match self.suffix.find(s) {
            Ok(Some(m)) => m.end() - m.start(),
            _ => 0,
        }
    }

    /// The infixes of `s`: their byte ranges, left to right.
    fn find_infixes(&self, s: &str) -> Vec<(usize, usize)> {
        self.infix
            .find_iter(s)
            .filter_map(Result::ok)
            .map(|m| (m.start(), m.end()))
            .collect()
    }

    fn is_url(&self, s: &str) -> bool {
        matches!(self.url.find(s), Ok(Some(m)) if m.start() == 0)
    }

    fn tokenize_affixes(&self, text: &str, with_specials: bool) -> Vec<Word> {
        let mut out: Vec<Word> = Vec::new();
        let Some(first) = text.chars().next() else {
            return out;
        };
        let mut in_space = is_space(first);
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if is_space(c) != in_space {
                if start < i {
                    self.piece(&text[start..i], with_specials, &mut out);
                }
                if c == ' ' {
                    if let Some(last) = out.last_mut() {
                        last.space = true;
                    }
                    start = i + 1;
                } else {
                    start = i;
                }
                in_space = !in_space;
            }
        }
        if start < text.len() {
            self.piece(&text[start..], with_specials, &mut out);
            if let Some(last) = out.last_mut() {
                last.space = text.ends_with(' ') && !in_space;
            }
        }
        out
    }

    /// The tokens of one piece of text between spaces.
    fn piece(&self, piece: &str, with_specials: bool, out: &mut Vec<Word>) {
        if !with_specials {
            return self.split_piece(piece, false, out);
        }
        if let Some(tokens) = self.cache.0.read().ok().as_ref().and_then(|c| c.get(piece)) {
            out.extend_from_slice(tokens);
            return;
        }
        let start = out.len();
        self.split_piece(piece, true, out);
        if let Ok(mut cache) = self.cache.0.write() {
            if cache.len() >= CACHED {
                cache.clear();
            }
            cache.insert(piece.to_owned(), out[start..].to_vec());
        }
    }

    /// [`Tokenizer::piece`] without the cache.
    fn split_piece(&self, piece: &str, with_specials: bool, out: &mut Vec<Word>) {
        if with_specials && let Some(tokens) = self.specials.get(piece) {
            out.extend_from_slice(tokens);
            return;
        }
        let mut prefixes = Vec::new();
        let mut suffixes = Vec::new();
        let core = self.split_affixes(piece, with_specials, &mut prefixes, &mut suffixes);
        out.extend(prefixes.into_iter().map(Word::new));
        if !core.is_empty() {
            if let Some(tokens) = self.specials.get(core).filter(|_| with_specials) {
                out.extend_from_slice(tokens);
            } else if self.is_url(core) {
                out.push(Word::new(core));
            } else {
                let mut start = 0;
                for (infix_start, infix_end) in self.find_infixes(core) {
                    if infix_start == 0 {
                        continue;
                    }
                    if infix_start != start {
                        out.push(Word::new(&core[start..infix_start]));
                    }
                    if infix_start != infix_end {
                        out.push(Word::new(&core[infix_start..infix_end]));
                    }
                    start = infix_end;
                }
                if start < core.len() {
                    out.push(Word::new(&core[start..]));
                }
            }
        }
        out.extend(suffixes.into_iter().rev().map(Word::new));
    }

    /// Strips prefixes and suffixes off `s` as spaCy's `_split_affixes` does; the core is left.
    fn split_affixes<'a>(
        &self,
        mut s: &'a str,
        with_specials: bool,
        prefixes: &mut Vec<&'a str>,
        suffixes: &mut Vec<&'a str>,
    ) -> &'a str {
        let special = |s: &str| with_specials && self.specials.contains_key(s);
        let mut last = usize::MAX;
        while !s.is_empty() && s.len() != last {
            if special(s) {
                break;
            }
            last = s.len();
            let pre = self.find_prefix(s);
            if pre != 0 && !s[pre..].is_empty() && special(&s[pre..]) {
                prefixes.push(&s[..pre]);
                s = &s[pre..];
                break;
            }
            let suf = self.find_suffix(&s[pre..]);
            if suf != 0 {
                let minus = &s[..s.len() - suf];
                if !minus.is_empty() && special(minus) {
                    suffixes.push(&s[s.len() - suf..]);
                    s = minus;
                    break;
                }
            }
            if pre != 0 && suf != 0 && pre + suf <= s.len() {
                prefixes.push(&s[..pre]);
                suffixes.push(&s[s.len() - suf..]);
                s = &s[pre..s.len() - suf];
            } else if pre != 0 {
                prefixes.push(&s[..pre]);
                s = &s[pre..];
            } else if suf != 0 {
                suffixes.push(&s[s.len() - suf..]);
                s = &s[..s.len() - suf];
            }
            if special(s) {
                break;
            }
        }
        s
    }

    /// Special cases that span several tokens, merged back into their own tokens.
    fn merge_special_cases(&self, words: Vec<Word>) -> Vec<Word> {
        let mut spans = Vec::new();
        for (i, w) in words.iter().enumerate() {
            for (tokens, _) in self.matcher().get(&w.text).into_iter().flatten() {
                let end = i + tokens.len();
                if end <= words.len() && words[i..end].iter().zip(tokens).all(|(w, t)| w.text == *t)
                {
                    spans.push((i, end));
                }
            }
        }
        if spans.is_empty() {
            return words;
        }
        // The longest first, then the leftmost; a span whose first or last token another span
        // already covers is dropped (its tokens still count as covered).
        spans.sort_by(|a, b| (b.1 - b.0).cmp(&(a.1 - a.0)).then(a.0.cmp(&b.0)));
        spans.dedup();
        let mut covered = vec![false; words.len()];
        let mut kept = Vec::new();
        for (start, end) in spans {
            if !covered[start] && !covered[end - 1] {
                kept.push((start, end));
            }
            covered[start..end].iter_mut().for_each(|c| *c = true);
        }
        kept.sort_unstable();
        let mut out = Vec::with_capacity(words.len());
        let mut i = 0;
        let mut next = kept.into_iter().peekable();
        while i < words.len() {
            match next.next_if(|&(start, _)| start == i) {
                Some((start, end)) => {
                    let text: String = words[start..end]
                        .iter()
                        .enumerate()
                        .map(|(k, w)| {
                            if w.space && start + k + 1 < end {
                                format!("{} ", w.text)
                            } else {
                                w.text.clone()
                            }
                        })
                        .collect();
                    match self.specials.get(&text) {
                        Some(tokens) => {
                            out.extend_from_slice(tokens);
                            if let Some(last) = out.last_mut() {
                                last.space = words[end - 1].space;
                            }
                        }
                        None => out.extend_from_slice(&words[start..end]),
                    }
                    i = end;
                }
                None => {
                    out.push(words[i].clone());
                    i += 1;
                }
            }
        }
        out
    }
}
