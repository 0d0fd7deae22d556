//! ERRANT's error-type classifier: an operation (`M:` missing, `U:` unnecessary, `R:`
//! replacement) and one of 25 categories from the tokens' POS, labels, lemmas, spelling and
//! string similarity.

use std::collections::HashSet;

use gecbias_resources::{Located, Resource, locate};

use crate::align::levenshtein_similarity;
use crate::lancaster::stem;
use crate::{Error, Token};

/// ERRANT's British English word list (Hunspell en_GB-large): a one-word replacement of an
/// alphabetic word outside it is typed by the spelling rules.
#[derive(Debug, Clone)]
pub struct WordList {
    words: HashSet<String>,
}

impl WordList {
    /// The list built into the program (`models/errant-en-gb-words/`), or the file
    /// `$GECBIAS_ERRANT_WORDS` names.
    pub fn english() -> Result<WordList, Error> {
        let located = locate(Resource::ErrantWords).map_err(|e| Error::Resource {
            what: Resource::ErrantWords.what().to_owned(),
            message: e.to_string(),
        })?;
        let text = match &located {
            Located::Embedded(files) => {
                String::from_utf8_lossy(files.get("en_GB-large.txt").unwrap_or_default())
                    .into_owned()
            }
            Located::Path { path, .. } => gec_metrics::read_text(path)?,
        };
        let list = WordList::from_text(&text);
        if list.words.len() < 2 {
            return Err(Error::Resource {
                what: Resource::ErrantWords.what().to_owned(),
                message: format!("{located} holds no words"),
            });
        }
        Ok(list)
    }

    /// A list from text, one word per line (surrounding whitespace, CR included, dropped).
    pub fn from_text(text: &str) -> WordList {
        WordList {
            words: text.lines().map(|l| l.trim().to_owned()).collect(),
        }
    }

    /// Whether `word` is in the list, exactly as written.
    pub fn contains(&self, word: &str) -> bool {
        self.words.contains(word)
    }
}

/// ERRANT's coarse POS of a Penn tag (its `en-ptb_map`, with `ADP` read as `PREP`, `PROPN` as
/// `NOUN` and `CCONJ` as `CONJ`); a tag outside the map counts as `X`.
pub fn coarse_pos(tag: &str) -> &'static str {
    match tag {
        "#" | "$" | "SYM" => "SYM",
        "''" | "``" | "," | "-LRB-" | "-RRB-" | "." | ":" | "HYPH" | "\"\"" => "PUNCT",
        "AFX" | "JJ" | "JJR" | "JJS" => "ADJ",
        "CC" => "CONJ",
        "CD" => "NUM",
        "DT" | "PDT" | "PRP$" | "WDT" | "WP$" => "DET",
        "EX" | "PRP" | "WP" => "PRON",
        "IN" => "PREP",
        "MD" | "VB" | "VBD" | "VBG" | "VBN" | "VBP" | "VBZ" | "BES" | "HVS" => "VERB",
        "NN" | "NNS" | "NNP" | "NNPS" => "NOUN",
        "POS" | "RP" | "TO" => "PART",
        "RB" | "RBR" | "RBS" | "WRB" => "ADV",
        "UH" => "INTJ",
        "SP" | "_SP" => "SPACE",
        _ => "X",
    }
}

const RARE: [&str; 4] = ["INTJ", "NUM", "SYM", "X"];
const OPEN: [&str; 4] = ["ADJ", "ADV", "NOUN", "VERB"];
const CONTRACTIONS: [&str; 7] = ["'d", "'ll", "'m", "n't", "'re", "'s", "'ve"];
const AUX_CONTRACTIONS: [(&str, &str); 3] = [("ca", "can"), ("sha", "shall"), ("wo", "will")];

/// The POS a special dependency label stands for (ERRANT's `dep_map`).
fn dep_pos(dep: &str) -> Option<&'static str> {
    Some(match dep {
        "acomp" | "amod" => "ADJ",
        "advmod" => "ADV",
        "det" => "DET",
        "prep" => "PREP",
        "prt" => "PART",
        "punct" => "PUNCT",
        _ => return None,
    })
}

fn rare(p: &str) -> bool {
    RARE.contains(&p)
}

fn open(p: &str) -> bool {
    OPEN.contains(&p)
}

/// Python's `str.isalpha`: non-empty and every character a letter.
fn is_alpha(s: &str) -> bool {
    !s.is_empty() && s.chars().all(char::is_alphabetic)
}

/// Whether every element of `items` is in `allowed` (a set inclusion; true when empty).
fn subset(items: &[&str], allowed: &[&str]) -> bool {
    items.iter().all(|i| allowed.contains(i))
}

/// The distinct elements of `items`, sorted (a set, for comparisons).
fn set<'a>(items: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut v: Vec<&str> = items.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// ERRANT's classifier over the word list.
#[derive(Debug, Clone)]
pub struct Classifier {
    words: WordList,
}

/// One side of an edit: its tokens, within the sentence they belong to (for heads).
#[derive(Clone, Copy)]
struct Side<'a> {
    sentence: &'a [Token],
    start: usize,
    toks: &'a [Token],
}

impl<'a> Side<'a> {
    fn new(sentence: &'a [Token], start: usize, end: usize) -> Side<'a> {
        Side {
            sentence,
            start,
            toks: &sentence[start..end],
        }
    }
    fn without_last(self) -> Side<'a> {
        Side {
            toks: &self.toks[..self.toks.len() - 1],
            ..self
        }
    }
    fn pos(&self) -> Vec<&'static str> {
        self.toks.iter().map(|t| coarse_pos(&t.tag)).collect()
    }
    fn deps(&self) -> Vec<&'a str> {
        self.toks.iter().map(|t| t.dep.as_str()).collect()
    }
    fn first(&self) -> &'a Token {
        &self.toks[0]
    }
    fn last(&self) -> &'a Token {
        &self.toks[self.toks.len() - 1]
    }
    /// The labels of the first token's children, in sentence order.
    fn first_children(&self) -> impl Iterator<Item = &'a Token> + 'a {
        children(self.sentence, self.start)
    }
}

fn children(sentence: &[Token], head: usize) -> impl Iterator<Item = &Token> {
    sentence
        .iter()
        .enumerate()
        .filter(move |&(i, t)| t.head == head && i != head)
        .map(|(_, t)| t)
}

impl Classifier {
    /// A classifier checking spelling against `words`.
    pub fn new(words: WordList) -> Classifier {
        Classifier { words }
    }

    /// The type of the edit `orig[o] → cor[c]` (token ranges), e.g. `R:VERB:SVA`, `M:DET`,
    /// `U:PUNCT`, `UNK` (nothing to nothing, or the same text on both sides).
    pub fn classify(
        &self,
        orig: &[Token],
        (o_start, o_end): (usize, usize),
        cor: &[Token],
        (c_start, c_end): (usize, usize),
    ) -> String {
        let o = Side::new(orig, o_start, o_end);
        let c = Side::new(cor, c_start, c_end);
        // ERRANT compares the spans' texts, spaces as the text has them (`[he/she -> he / she]`
        // tokenised from raw text has two sides of the same text).
        let text = |toks: &[Token]| -> String {
            let mut s = String::new();
            for (k, t) in toks.iter().enumerate() {
                s.push_str(&t.text);
                if t.space && k + 1 < toks.len() {
                    s.push(' ');
                }
            }
            s
        };
        let same_text = text(o.toks) == text(c.toks);
        self.typed(o, c, same_text)
    }

    fn typed(&self, o: Side<'_>, c: Side<'_>, same_text: bool) -> String {
        match (o.toks.is_empty(), c.toks.is_empty()) {
            (true, true) => "UNK".into(),
            (true, false) => format!("M:{}", one_sided(c)),
            (false, true) => format!("U:{}", one_sided(o)),
            (false, false) if same_text => "UNK".into(),
            (false, false) => {
                // A case change at the end of a longer edit ([Doctor -> The doctor],
                // [, since -> . Since]) is typed as if the last token were not there.
                if o.last().lower == c.last().lower && (o.toks.len() > 1 || c.toks.len() > 1) {
                    self.typed(o.without_last(), c.without_last(), same_text)
                } else {
                    format!("R:{}", self.two_sided(o, c))
                }
            }
        }
    }

    fn two_sided(&self, o: Side<'_>, c: Side<'_>) -> &'static str {
        let (o_pos, c_pos) = (o.pos(), c.pos());
        let (o_dep, c_dep) = (o.deps(), c.deps());
        let lowers =
            |s: &Side<'_>| -> Vec<String> { s.toks.iter().map(|t| t.lower.clone()).collect() };
        if lowers(&o).concat() == lowers(&c).concat() {
            return "ORTH";
        }
        let (mut o_sorted, mut c_sorted) = (lowers(&o), lowers(&c));
        o_sorted.sort();
        c_sorted.sort();
        if o_sorted == c_sorted {
            return "WO";
        }
        if o.toks.len() == 1
            && c.toks.len() == 1
            && let Some(kind) = self.one_to_one(o, c, (&o_pos, &c_pos), (&o_dep, &c_dep))
        {
            return kind;
        }
        let all_deps: Vec<&str> = o_dep.iter().chain(&c_dep).copied().collect();
        let all_pos: Vec<&str> = o_pos.iter().chain(&c_pos).copied().collect();
        if subset(&all_deps, &["aux", "auxpass"]) {
            return "VERB:TENSE";
        }
        if set(all_pos.iter().copied()).len() == 1 {
            if o_pos[0] == "VERB" && o.last().lemma == c.last().lemma {
                return "VERB:TENSE";
            } else if !rare(o_pos[0]) {
                return o_pos[0];
            }
        }
        if set(all_deps.iter().copied()).len() == 1
            && let Some(p) = dep_pos(o_dep[0])
        {
            return p;
        }
        if set(all_pos.iter().copied()) == ["PART", "VERB"] {
            return if o.last().lemma == c.last().lemma {
                "VERB:FORM"
            } else {
                "VERB"
            };
        }
        if (o_pos == ["NOUN", "PART"] || c_pos == ["NOUN", "PART"])
            && o.first().lemma == c.first().lemma
        {
            return "NOUN:POSS";
        }
        let more = |t: &Token| t.lower == "most" || t.lower == "more";
        if (more(o.first()) || more(c.first()))
            && o.last().lemma == c.last().lemma
            && o.toks.len() <= 2
            && c.toks.len() <= 2
        {
            return "ADJ:FORM";
        }
        "OTHER"
    }

    /// The rules for one token replaced by one; `None` where ERRANT's rules fall through to
    /// the multi-token ones (an alphabetic pair that no string-similarity rule decides).
    fn one_to_one(
        &self,
        o: Side<'_>,
        c: Side<'_>,
        (o_pos, c_pos): (&[&'static str], &[&'static str]),
        (o_dep, c_dep): (&[&str], &[&str]),
    ) -> Option<&'static str> {
        let (ot, ct) = (o.first(), c.first());
        let (ol, cl) = (ot.lower.as_str(), ct.lower.as_str());
        let pair = |a: &str, b: &str| (ol == a && cl == b) || (ol == b && cl == a);
        // 1. Special cases.
        if ot.tag == "POS" || ct.tag == "POS" {
            return Some("NOUN:POSS");
        }
        if (CONTRACTIONS.contains(&ol) || CONTRACTIONS.contains(&cl)) && o_pos == c_pos {
            return Some("CONTR");
        }
        let aux_full = |short: &str| {
            AUX_CONTRACTIONS
                .iter()
                .find(|(s, _)| *s == short)
                .map(|p| p.1)
        };
        if aux_full(ol) == Some(cl) || aux_full(cl) == Some(ol) {
            return Some("CONTR");
        }
        if aux_full(ol).is_some() || aux_full(cl).is_some() {
            return Some("VERB:TENSE");
        }
        if pair("was", "were") {
            return Some("VERB:SVA");
        }
        // 2. Spelling and inflection.
        if is_alpha(&ot.text) && !self.words.contains(&ot.text) && !self.words.contains(ol) {
            if ot.lemma == ct.lemma {
                return Some(if o_pos == c_pos && matches!(o_pos[0], "NOUN" | "VERB") {
                    if o_pos[0] == "NOUN" {
                        "NOUN:INFL"
                    } else {
                        "VERB:INFL"
                    }
                } else {
                    "MORPH"
                });
            }
            let sim = levenshtein_similarity(ol, cl);
            if sim > 0.55 {
                return Some("SPELL");
            }
            if (sim == 0.5 || format!("{sim:.3}") == "0.333")
                && ot.text.chars().count() <= 4
                && ct.text.chars().count() <= 4
            {
                return Some("SPELL");
            }
            return Some(if rare(c_pos[0]) { "OTHER" } else { c_pos[0] });
        }
        // 3. Morphology.
        if ot.lemma == ct.lemma && open(o_pos[0]) && open(c_pos[0]) {
            if o_pos == c_pos {
                match o_pos[0] {
                    "ADJ" => return Some("ADJ:FORM"),
                    "NOUN" => return Some("NOUN:NUM"),
                    "VERB" => {
                        if preceded_by_aux(o, c) {
                            return Some("VERB:FORM");
                        }
                        let tags = [ot.tag.as_str(), ct.tag.as_str()];
                        if tags.iter().any(|t| matches!(*t, "VBG" | "VBN")) {
                            return Some("VERB:FORM");
                        }
                        if tags.contains(&"VBD") {
                            return Some("VERB:TENSE");
                        }
                        if tags.contains(&"VBZ") {
                            return Some("VERB:SVA");
                        }
                        if o_dep[0].starts_with("aux") && c_dep[0].starts_with("aux") {
                            return Some("VERB:TENSE");
                        }
                    }
                    _ => {}
                }
            }
            let deps: Vec<&str> = o_dep.iter().chain(c_dep).copied().collect();
            if subset(&deps, &["acomp", "amod"]) {
                return Some("ADJ:FORM");
            }
            if o_pos[0] == "ADJ" && ct.tag == "NNS" {
                return Some("NOUN:NUM");
            }
            return Some(match ct.tag.as_str() {
                "VBG" | "VBN" => "VERB:FORM",
                "VBD" => "VERB:TENSE",
                "VBZ" => "VERB:SVA",
                _ => "MORPH",
            });
        }
        if open(o_pos[0]) && open(c_pos[0]) && stem(&ot.text) == stem(&ct.text) {
            return Some("MORPH");
        }
        // 4. General.
        if o_dep[0].starts_with("aux") && c_dep[0].starts_with("aux") {
            return Some("VERB:TENSE");
        }
        if o_pos == c_pos && !rare(o_pos[0]) {
            return Some(o_pos[0]);
        }
        if o_dep == c_dep
            && let Some(p) = dep_pos(o_dep[0])
        {
            return Some(p);
        }
        let pos_pair = set([o_pos[0], c_pos[0]]);
        if pos_pair == ["PART", "PREP"] || set([o_dep[0], c_dep[0]]) == ["prep", "prt"] {
            return Some("PART");
        }
        if pos_pair == ["DET", "PRON"] {
            if matches!(c_dep[0], "nsubj" | "nsubjpass" | "dobj" | "pobj") {
                return Some("PRON");
            }
            if c_dep[0] == "poss" {
                return Some("DET");
            }
        }
        if pos_pair == ["DET", "NUM"] {
            return Some("DET");
        }
        if pair("other", "another") {
            return Some("DET");
        }
        if ol == "your" && cl == "yours" {
            return Some("PRON");
        }
        if pair("no", "not") {
            return Some("OTHER");
        }
        // 5. String similarity.
        if !(is_alpha(&ot.text) && is_alpha(&ct.text)) {
            return Some("OTHER");
        }
        let sim = levenshtein_similarity(ol, cl);
        let (on, cn) = (ot.text.chars().count(), ct.text.chars().count());
        let content = if rare(c_pos[0]) { None } else { Some(c_pos[0]) };
        match on {
            1 if cn == 2 && sim == 0.5 => return Some("SPELL"),
            2 if (2..=3).contains(&cn) && sim >= 0.5 => return Some("SPELL"),
            3 => {
                if (ol, cl) == ("the", "that") || (ol, cl) == ("all", "everything") {
                    return Some("PRON");
                }
                if (2..=4).contains(&cn) && sim >= 0.5 {
                    return Some("SPELL");
                }
            }
            4 => {
                if pair("that", "what") {
                    return Some("PRON");
                }
                if pair("good", "well") && content.is_some() {
                    return content;
                }
                if (cn == 3 && sim > 0.5) || (cn == 4 && sim >= 0.5) || (cn == 5 && sim == 0.8) {
                    return Some("SPELL");
                }
                if cn > 5 && sim > 0.5 && content.is_some() {
                    return content;
                }
            }
            5 => {
                if pair("after", "later") && content.is_some() {
                    return content;
                }
                if (cn == 4 && sim == 0.8) || (cn == 5 && sim >= 0.6) {
                    return Some("SPELL");
                }
                if cn > 5 && content.is_some() {
                    return content;
                }
            }
            _ => {}
        }
        if on > 5 && cn > 5 {
            if (ol, cl) == ("therefor", "therefore") || pair("though", "thought") {
                return Some("SPELL");
            }
            if (ot.text.starts_with(ct.text.as_str()) || ct.text.starts_with(ot.text.as_str()))
                && sim >= 0.66
            {
                return Some("MORPH");
            }
            if sim > 0.8 {
                return Some("SPELL");
            }
            if sim < 0.55 && content.is_some() {
                return content;
            }
        }
        None
    }
}

/// The type of a one-sided edit (missing or unnecessary tokens).
fn one_sided(s: Side<'_>) -> &'static str {
    if s.toks.len() == 1 {
        let t = s.first();
        if t.tag == "POS" {
            return "NOUN:POSS";
        }
        if CONTRACTIONS.contains(&t.lower.as_str()) {
            return "CONTR";
        }
        if t.lower == "to" && t.pos == "PART" && t.dep != "prep" {
            return "VERB:FORM";
        }
    }
    let (pos, deps) = (s.pos(), s.deps());
    if subset(&deps, &["aux", "auxpass"]) {
        return "VERB:TENSE";
    }
    let pos_set = set(pos.iter().copied());
    if pos_set.len() == 1 && !rare(pos[0]) {
        return pos[0];
    }
    if set(deps.iter().copied()).len() == 1
        && let Some(p) = dep_pos(deps[0])
    {
        return p;
    }
    if pos_set == ["PART", "VERB"] {
        return "VERB";
    }
    "OTHER"
}

/// Whether both verbs have an auxiliary: for auxiliaries, whether neither is the first
/// auxiliary of its head (compared by text, as ERRANT does); for main verbs, whether both have
/// an `aux` or `auxpass` child.
fn preceded_by_aux(o: Side<'_>, c: Side<'_>) -> bool {
    let (ot, ct) = (o.first(), c.first());
    if ot.is_aux() && ct.is_aux() {
        let first_aux = |side: &Side<'_>, t: &Token| {
            children(side.sentence, t.head)
                .find(|child| child.is_aux())
                .map(|a| a.text.clone())
        };
        if let Some(first) = first_aux(&o, ot)
            && first != ot.text
            && let Some(first) = first_aux(&c, ct)
        {
            return first != ct.text;
        }
        false
    } else {
        let has_aux = |side: &Side<'_>| {
            side.first_children()
                .any(|child| child.dep == "aux" || child.dep == "auxpass")
        };
        has_aux(&o) && has_aux(&c)
    }
}
