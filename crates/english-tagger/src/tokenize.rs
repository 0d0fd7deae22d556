//! English tokenisation for raw text, in the manner of spaCy 2's English tokenizer, which TUPA
//! tokenised with (so the parser sees the tokens it was trained on): whitespace first, then
//! punctuation peeled off both ends of each chunk, contractions split off (`do n't`, `it 's`,
//! `ca n't`, and the apostrophe-less `dont` → `do nt`), hyphens and slashes between letters split
//! out (`self - confidence`, `he / she`), while numbers (`1,000.5`), abbreviations (`U.S.`,
//! `Mr.`), ellipses, URLs and e-mail addresses stay whole.

/// Characters peeled off the start of a chunk, one token each.
const OPENING: &[char] = &[
    '"', '\'', '(', '[', '{', '«', '“', '‘', '„', '$', '£', '€', '¥', '#', '¿', '¡', '*', '`', '<',
];

/// Characters peeled off the end of a chunk, one token each.
const CLOSING: &[char] = &[
    '"', '\'', ')', ']', '}', '»', '”', '’', ',', ';', ':', '!', '?', '%', '.', '*', '`', '>', '…',
];

/// Contraction suffixes split off a word, longest first (both apostrophes).
const CONTRACTIONS: &[&str] = &[
    "n't", "n’t", "'s", "’s", "'re", "’re", "'ve", "’ve", "'ll", "’ll", "'d", "’d", "'m", "’m",
];

/// Words whose final period belongs to them.
const ABBREVIATIONS: &[&str] = &[
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "inc", "ltd", "co", "corp", "jan",
    "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "no", "mt",
    "gen", "gov", "rev", "fig", "approx", "dept", "est",
];

/// Apostrophe-less negations spaCy splits: the word and its stem.
const BARE_NEGATIONS: &[(&str, &str)] = &[
    ("dont", "do"),
    ("doesnt", "does"),
    ("didnt", "did"),
    ("isnt", "is"),
    ("wasnt", "was"),
    ("arent", "are"),
    ("werent", "were"),
    ("cant", "ca"),
    ("couldnt", "could"),
    ("wouldnt", "would"),
    ("shouldnt", "should"),
    ("wont", "wo"),
    ("havent", "have"),
    ("hasnt", "has"),
    ("hadnt", "had"),
    ("mustnt", "must"),
    ("neednt", "need"),
    ("aint", "ai"),
];

/// The tokens of `text`.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for chunk in text.split_whitespace() {
        split_chunk(chunk, &mut out);
    }
    out
}

fn is_url(chunk: &str) -> bool {
    let lower = chunk.to_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || (chunk.contains('@') && chunk.contains('.') && !chunk.starts_with('@'))
}

fn split_chunk(chunk: &str, out: &mut Vec<String>) {
    let mut rest = chunk;
    // Opening punctuation, one character at a time.
    while let Some(c) = rest.chars().next() {
        if rest.chars().count() > 1 && OPENING.contains(&c) {
            out.push(c.to_string());
            rest = &rest[c.len_utf8()..];
        } else {
            break;
        }
    }
    let mut suffixes: Vec<String> = Vec::new();
    loop {
        if let Some(stem) = rest.strip_suffix("...")
            && !stem.is_empty()
        {
            suffixes.push("...".into());
            rest = stem;
            continue;
        }
        let Some(c) = rest.chars().next_back() else {
            break;
        };
        let stem = &rest[..rest.len() - c.len_utf8()];
        if stem.is_empty() {
            break;
        }
        if c == '.' && keeps_period(stem) {
            break;
        }
        if CLOSING.contains(&c) {
            suffixes.push(c.to_string());
            rest = stem;
            continue;
        }
        if let Some(suffix) = CONTRACTIONS
            .iter()
            .find(|s| rest.len() > s.len() && rest.to_lowercase().ends_with(&s.to_lowercase()))
        {
            let at = rest.len() - suffix.len();
            suffixes.push(rest[at..].to_owned());
            rest = &rest[..at];
            continue;
        }
        break;
    }
    if !rest.is_empty() {
        if is_url(rest) {
            out.push(rest.to_owned());
        } else {
            split_word(rest, out);
        }
    }
    out.extend(suffixes.into_iter().rev());
}

/// Whether the period after `stem` is part of the word: an abbreviation, a single letter, or a
/// word with periods inside (`U.S`, `e.g`).
fn keeps_period(stem: &str) -> bool {
    let lower = stem.to_lowercase();
    ABBREVIATIONS.contains(&lower.as_str())
        || (stem.chars().count() == 1 && stem.chars().all(char::is_alphabetic))
        || (stem.contains('.') && stem.chars().all(|c| c.is_alphanumeric() || c == '.'))
}

/// A word without outer punctuation: apostrophe-less negations split, hyphens, slashes and dashes
/// between letters split out as tokens of their own.
fn split_word(word: &str, out: &mut Vec<String>) {
    let lower = word.to_lowercase();
    if let Some((_, stem)) = BARE_NEGATIONS.iter().find(|(w, _)| *w == lower) {
        let n = stem.len();
        out.push(word[..n].to_owned());
        out.push(word[n..].to_owned());
        return;
    }
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let mut start = 0;
    for (k, &(i, c)) in chars.iter().enumerate() {
        let infix = matches!(c, '-' | '/' | '—' | '–')
            && k > 0
            && k + 1 < chars.len()
            && chars[k - 1].1.is_alphabetic()
            && chars[k + 1].1.is_alphabetic();
        let double_dash = word[i..].starts_with("--") && i > start;
        if infix || double_dash {
            out.push(word[start..i].to_owned());
            let len = if double_dash { 2 } else { c.len_utf8() };
            out.push(word[i..i + len].to_owned());
            start = i + len;
        }
    }
    if start < word.len() {
        out.push(word[start..].to_owned());
    }
}

/// Text a reader would write for `tokens`: tokens joined by spaces, except before closing
/// punctuation and contractions, after opening brackets and currency signs, and around hyphens
/// and slashes between words (the inverse of [`tokenize`] on ordinary text).
pub fn detokenize(tokens: &[&str]) -> String {
    let mut out = String::new();
    let mut glue_next = false;
    let mut open_quote = false;
    for (k, &t) in tokens.iter().enumerate() {
        let previous = k.checked_sub(1).map(|j| tokens[j]);
        let last = k + 1 == tokens.len();
        if k > 0 && !glue_next && !joins_previous(t, previous, last, open_quote) {
            out.push(' ');
        }
        out.push_str(t);
        glue_next = matches!(t, "(" | "[" | "{" | "$" | "£" | "€" | "-" | "/")
            || (t == "\"" && !open_quote);
        if t == "\"" {
            open_quote = !open_quote;
        }
    }
    out
}

/// Whether `token` is written without a space after `previous`: closing punctuation, a
/// contraction, the `nt` of an apostrophe-less negation, a hyphen or slash inside a word, a
/// closing quote.
fn joins_previous(token: &str, previous: Option<&str>, last: bool, open_quote: bool) -> bool {
    let closing = matches!(
        token,
        "," | "." | "!" | "?" | ";" | ":" | "%" | ")" | "]" | "}" | "..."
    );
    let bare_negation = token == "nt"
        && previous.is_some_and(|p| {
            BARE_NEGATIONS
                .iter()
                .any(|(_, s)| p.eq_ignore_ascii_case(s))
        });
    let contraction = CONTRACTIONS.iter().any(|c| token.eq_ignore_ascii_case(c));
    let infix = matches!(token, "-" | "/") && !last;
    closing || bare_negation || contraction || infix || (token == "\"" && open_quote)
}

/// How well [`tokenize`] reproduces a tokenisation: each tokenised sentence is
/// [`detokenize`]d and tokenised again.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct TokenAgreement {
    /// Sentences compared.
    pub sentences: usize,
    /// Sentences whose tokens come back identical.
    pub identical: usize,
    /// Tokens of the given tokenisation.
    pub tokens: usize,
    /// Of them, those in the longest common subsequence with ours.
    pub matched: usize,
    /// Given tokens that are nowhere in our tokens of their sentence, by kind (hyphen, apostrophe
    /// or contraction, period, slash, other punctuation, other), most frequent first.
    pub by_kind: Vec<(String, usize)>,
}

/// The [`TokenAgreement`] of [`tokenize`] with the given tokenised sentences.
pub fn round_trip_agreement(sentences: &[Vec<&str>]) -> TokenAgreement {
    let mut t = TokenAgreement::default();
    let mut kinds: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for given in sentences {
        let ours: Vec<String> = tokenize(&detokenize(given));
        t.sentences += 1;
        t.tokens += given.len();
        t.matched += common_subsequence(given, &ours);
        if given.iter().copied().eq(ours.iter().map(String::as_str)) {
            t.identical += 1;
        } else {
            for token in given.iter().filter(|g| !ours.iter().any(|o| o == *g)) {
                *kinds.entry(kind(token)).or_default() += 1;
            }
        }
    }
    t.by_kind = kinds.into_iter().map(|(k, n)| (k.to_owned(), n)).collect();
    t.by_kind.sort_by_key(|k| std::cmp::Reverse(k.1));
    t
}

/// The length of the longest common subsequence of two token lists.
fn common_subsequence(a: &[&str], b: &[String]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y {
                diagonal + 1
            } else {
                row[j + 1].max(row[j])
            };
            diagonal = up;
        }
    }
    row[b.len()]
}

/// What a token looks like, for reporting disagreements.
fn kind(token: &str) -> &'static str {
    if token.contains('-') {
        "hyphen"
    } else if token.contains('\'') || token.contains('’') || token == "nt" {
        "apostrophe or contraction"
    } else if token.contains('.') {
        "period"
    } else if token.contains('/') {
        "slash"
    } else if token.chars().all(|c| !c.is_alphanumeric()) {
        "other punctuation"
    } else {
        "other"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<String> {
        tokenize(s)
    }

    #[test]
    fn cases() {
        for (text, want) in [
            ("I didn't go.", "I did n't go ."),
            (
                "It's Tom's book, isn't it?",
                "It 's Tom 's book , is n't it ?",
            ),
            ("We can't and won't.", "We ca n't and wo n't ."),
            ("u dont know", "u do nt know"),
            ("\"Hello,\" she said.", "\" Hello , \" she said ."),
            ("(see above)", "( see above )"),
            (
                "a non-stop, self-confident man",
                "a non - stop , self - confident man",
            ),
            ("He/she left...", "He / she left ..."),
            ("It costs $1,000.50 (5%).", "It costs $ 1,000.50 ( 5 % ) ."),
            ("The U.S. and Mr. Smith", "The U.S. and Mr. Smith"),
            (
                "See https://example.org/a-b, now",
                "See https://example.org/a-b , now",
            ),
            ("mail me@example.com.", "mail me@example.com ."),
            ("well — maybe", "well — maybe"),
            ("hi 🙂 there", "hi 🙂 there"),
            ("東京 に 行く", "東京 に 行く"),
            ("", ""),
            ("  \t ", ""),
            ("10-year-old 1990s", "10-year - old 1990s"),
        ] {
            assert_eq!(texts(text).join(" "), want, "{text:?}");
        }
    }

    #[test]
    fn detokenize_inverts_tokenize_on_ordinary_text() {
        for text in [
            "I did n't have self - confidence .",
            "He / she wants to know everything , the death etc .",
            "( see above ) \" Hello , \" she said .",
            "u do nt know",
            "It costs $ 5 .",
        ] {
            let tokens: Vec<&str> = text.split(' ').collect();
            let raw = detokenize(&tokens);
            assert_eq!(texts(&raw), tokens, "{raw:?}");
        }
        assert_eq!(detokenize(&["I", "did", "n't", "go", "."]), "I didn't go.");
    }

    #[test]
    fn agreement_counts() {
        // "U.S ." comes back as "U.S.", one token: two given tokens missed.
        let a = round_trip_agreement(&[
            vec!["I", "did", "n't", "go", "."],
            vec!["the", "U.S", ".", "army"],
        ]);
        assert_eq!((a.sentences, a.identical, a.tokens), (2, 1, 9));
        assert_eq!(a.matched, 7);
        assert_eq!(a.by_kind, [("period".to_owned(), 2)]);
        assert_eq!(
            common_subsequence(&["a", "b", "c"], &["a".into(), "c".into()]),
            2
        );
    }
}
