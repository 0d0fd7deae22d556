//! spaCy's English rule lemmatiser (spaCy 3.8, `en_core_web_sm` 3.8.0), written from its
//! documented behaviour: the attribute ruler's word-specific lemmas first, then the rule
//! lemmatiser over the `lemma_rules`, `lemma_index` and `lemma_exc` tables of
//! `spacy-lookups-data` 1.0.5, with English's base-form test on the morphology that the Penn tag
//! implies. Given the same word, coarse POS and Penn tag, the lemma is spaCy's.

use std::collections::{HashMap, HashSet};

/// Irregular forms of one coarse POS and their lemmas.
pub type Exceptions = Vec<(String, Vec<String>)>;

/// spaCy's three English lemma tables, per coarse POS (`noun`, `verb`, `adj`, `adv`, `punct`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LemmaTables {
    /// `lemma_rules`: per POS, (suffix, replacement) in the order they are tried.
    pub rules: Vec<(String, Vec<(String, String)>)>,
    /// `lemma_index`: per POS, the known lemmas.
    pub index: Vec<(String, Vec<String>)>,
    /// `lemma_exc`: per POS, irregular forms and their lemmas.
    pub exceptions: Vec<(String, Exceptions)>,
}

/// How a lemma is made from its word: `L` (from the lower-cased word) or `W` (from the word as
/// written), the number of characters removed from the end, `:`, and the characters appended —
/// `went` → `go` is `L4:go`, `Americans` → `American` is `W1:`.
pub fn lemma_edit(word: &str, lemma: &str) -> String {
    let lower = word.to_lowercase();
    let edit = |base: &str| -> String {
        let common = base
            .chars()
            .zip(lemma.chars())
            .take_while(|(a, b)| a == b)
            .count();
        let removed = base.chars().count() - common;
        let added: String = lemma.chars().skip(common).collect();
        format!("{removed}:{added}")
    };
    // A lemma without capitals is made from the lower-cased word, so that the edit learned
    // from `these` serves `These` too.
    if lemma.chars().any(char::is_uppercase) {
        format!("W{}", edit(word))
    } else {
        format!("L{}", edit(&lower))
    }
}

/// The lemma a [`lemma_edit`] makes of `word`; `None` for a malformed edit or one that removes
/// more characters than the word has.
pub fn apply_lemma_edit(word: &str, edit: &str) -> Option<String> {
    let base = match edit.get(..1)? {
        "W" => word.to_owned(),
        "L" => word.to_lowercase(),
        _ => return None,
    };
    let (removed, added) = edit[1..].split_once(':')?;
    let removed: usize = removed.parse().ok()?;
    let n = base.chars().count();
    let kept: String = base.chars().take(n.checked_sub(removed)?).collect();
    Some(kept + added)
}

/// UD English-EWT's lemma conventions where they differ from spaCy's: for a (lower-cased word,
/// Penn tag) whose EWT lemma in training was more often something other than spaCy's, the
/// [`lemma_edit`] that EWT's annotators applied most often (`an` → `a`, `these` → `this`,
/// `Americans` → `American`).
pub(crate) type UdExceptions = std::collections::BTreeMap<(String, String), String>;

/// spaCy's rule lemmatiser for English (its `rule` mode: lookups of exceptions and indexes, then
/// suffix rules, by coarse tag), its tables indexed for lookups, with UD English-EWT's exceptions:
/// the tagger's ([`Tagger::lemmatizer`](crate::Tagger::lemmatizer)); [`Lemmatizer::default_model`]
/// reads it alone from the tagger's model.
#[derive(Debug, Clone, Default)]
pub struct Lemmatizer {
    rules: HashMap<String, Vec<(String, String)>>,
    index: HashMap<String, HashSet<String>>,
    exceptions: HashMap<String, HashMap<String, Vec<String>>>,
    pub(crate) tables: LemmaTables,
    pub(crate) ud: UdExceptions,
}

/// The attribute ruler's lemmas for a (Penn tag, lower-cased word); `None` in the tag position
/// matches any tag.
const FIXED: &[(Option<&str>, &str, &str)] = &[
    (Some("MD"), "'d", "would"),
    (Some("MD"), "ca", "can"),
    (Some("MD"), "sha", "shall"),
    (Some("MD"), "wo", "will"),
    (Some("PRP"), "i", "I"),
    (Some("PRP"), "me", "I"),
    (Some("PRP"), "him", "he"),
    (Some("PRP"), "her", "she"),
    (Some("PRP"), "us", "we"),
    (Some("PRP"), "them", "they"),
    (Some("RB"), "not", "not"),
    (Some("RB"), "n't", "not"),
    (Some("RB"), "nt", "not"),
    (Some("RB"), "n’t", "not"),
    (Some("VBN"), "been", "be"),
    (Some("VBG"), "being", "be"),
    (Some("VBZ"), "is", "be"),
    (Some("VBZ"), "'s", "be"),
    (Some("VBZ"), "has", "have"),
    (Some("VBZ"), "does", "do"),
    (Some("VBZ"), "gets", "get"),
    (Some("VBP"), "are", "be"),
    (Some("VBP"), "'re", "be"),
    (Some("VBP"), "am", "be"),
    (Some("VBP"), "'m", "be"),
    (Some("VBP"), "have", "have"),
    (Some("VBP"), "'ve", "have"),
    (Some("VBD"), "was", "be"),
    (Some("VBD"), "were", "be"),
    (Some("VBD"), "did", "do"),
    (Some("VBD"), "had", "have"),
    (Some("VBD"), "'d", "have"),
    (Some("VBD"), "got", "get"),
    (Some("VBN"), "had", "have"),
    (None, "doin'", "do"),
    (None, "goin'", "go"),
    (None, "nothin'", "nothing"),
    (None, "nuthin'", "nothing"),
    (None, "ol'", "old"),
    (None, "somethin'", "something"),
    (None, "'em", "them"),
    (None, "'ll", "will"),
    (None, "'nuff", "enough"),
];

/// The attribute ruler's two-token patterns: (first, second, lemma of the first, lemma of the
/// second).
const PAIRS: &[(&str, &str, Option<&str>, Option<&str>)] = &[
    ("gon", "na", Some("go"), Some("to")),
    ("got", "ta", None, Some("to")),
    ("let", "'s", None, Some("us")),
    ("c'm", "on", Some("come"), None),
    ("y'", "all", Some("you"), None),
    ("y", "all", Some("you"), None),
];

/// What the Penn tag (and, for a few words, the word) says about the morphology features that
/// English's base-form test reads.
#[derive(Debug, Clone, Copy, Default)]
struct Morph {
    number: Option<&'static str>,
    verb_form: Option<&'static str>,
    tense: Option<&'static str>,
    degree: Option<&'static str>,
}

fn morph(xpos: &str, lower: &str) -> Morph {
    let m = |number, verb_form, tense, degree| Morph {
        number,
        verb_form,
        tense,
        degree,
    };
    match (xpos, lower) {
        ("MD", "can" | "could" | "may" | "might" | "must" | "should" | "will" | "would" | "'d") => {
            m(None, Some("Fin"), None, None)
        }
        ("NN", "something" | "anyone" | "anything" | "nothing" | "someone" | "everything")
        | ("NN", "everyone" | "everybody" | "nobody" | "somebody" | "anybody" | "any1") => {
            m(Some("Sing"), None, None, None)
        }
        ("PRP", "i" | "me" | "he" | "him" | "she" | "her" | "it" | "mine" | "his" | "hers")
        | ("PRP", "its" | "myself" | "himself" | "herself" | "itself" | "themself") => {
            m(Some("Sing"), None, None, None)
        }
        ("PRP", "we" | "us" | "they" | "them" | "ours" | "yours" | "theirs" | "ourselves")
        | ("PRP", "themselves") => m(Some("Plur"), None, None, None),
        ("PRP$", "my" | "his" | "her" | "its") => m(Some("Sing"), None, None, None),
        ("PRP$", "our" | "their") => m(Some("Plur"), None, None, None),
        ("DT", "this" | "that") => m(Some("Sing"), None, None, None),
        ("DT", "these" | "those") => m(Some("Plur"), None, None, None),
        ("RB", "well") => m(None, None, None, Some("Pos")),
        ("VBN", "been") => m(None, Some("Part"), Some("Past"), None),
        ("VBG", "being") => m(None, Some("Ger"), None, None),
        ("VBP", "am" | "'m") => m(Some("Sing"), Some("Fin"), Some("Pres"), None),
        ("VBD", "did" | "had") | ("VBN", "had") => Morph::default(),
        ("NN" | "NNP", _) => m(Some("Sing"), None, None, None),
        ("NNS" | "NNPS", _) => m(Some("Plur"), None, None, None),
        ("JJ", _) => m(None, None, None, Some("Pos")),
        ("JJR" | "RBR", _) => m(None, None, None, Some("Cmp")),
        ("JJS" | "RBS", _) => m(None, None, None, Some("Sup")),
        ("VB", _) => m(None, Some("Inf"), None, None),
        ("VBD", _) => m(None, Some("Fin"), Some("Past"), None),
        ("VBG", _) => m(None, Some("Part"), Some("Pres"), None),
        ("VBN", _) => m(None, Some("Part"), Some("Past"), None),
        ("VBP", _) => m(None, Some("Fin"), Some("Pres"), None),
        ("VBZ", _) => m(Some("Sing"), Some("Fin"), Some("Pres"), None),
        _ => Morph::default(),
    }
}

/// English's base-form test: a form spaCy lower-cases instead of lemmatising.
fn is_base_form(pos: &str, m: Morph) -> bool {
    (pos == "noun" && m.number == Some("Sing"))
        || (pos == "verb" && m.verb_form == Some("Inf"))
        || (pos == "verb"
            && m.verb_form == Some("Fin")
            && m.tense == Some("Pres")
            && m.number.is_none())
        || (pos == "adj" && m.degree == Some("Pos"))
        || m.verb_form == Some("Inf")
        || m.degree == Some("Pos")
}

impl Lemmatizer {
    pub(crate) fn new(tables: LemmaTables, ud: UdExceptions) -> Self {
        Lemmatizer {
            ud,
            rules: tables.rules.iter().cloned().collect(),
            index: tables
                .index
                .iter()
                .map(|(pos, words)| (pos.clone(), words.iter().cloned().collect()))
                .collect(),
            exceptions: tables
                .exceptions
                .iter()
                .map(|(pos, forms)| (pos.clone(), forms.iter().cloned().collect()))
                .collect(),
            tables,
        }
    }

    /// The lemma of each word of a sentence, given its coarse (`upos`) and Penn (`xpos`) tags
    /// (one of each per word).
    ///
    /// # Panics
    /// When the three slices differ in length.
    pub fn lemmatize<S: AsRef<str>>(
        &self,
        words: &[S],
        upos: &[&str],
        xpos: &[&str],
    ) -> Vec<String> {
        assert!(
            words.len() == upos.len() && words.len() == xpos.len(),
            "one UPOS and one Penn tag per word"
        );
        self.sentence(words, upos, xpos)
    }

    /// The lemma of each word of a sentence, given its coarse (`upos`) and Penn (`xpos`) tags.
    pub(crate) fn sentence<S: AsRef<str>>(
        &self,
        words: &[S],
        upos: &[&str],
        xpos: &[&str],
    ) -> Vec<String> {
        let lower: Vec<String> = words.iter().map(|w| w.as_ref().to_lowercase()).collect();
        let mut fixed: Vec<Option<&str>> = vec![None; words.len()];
        for i in 0..words.len() {
            fixed[i] = FIXED
                .iter()
                .find(|(tag, word, _)| *word == lower[i] && tag.is_none_or(|t| t == xpos[i]))
                .map(|f| f.2);
        }
        for i in 1..words.len() {
            for (first, second, a, b) in PAIRS {
                if lower[i - 1] == *first && lower[i] == *second {
                    fixed[i - 1] = a.or(fixed[i - 1]);
                    fixed[i] = b.or(fixed[i]);
                }
            }
            if lower[i - 1] == "ai"
                && matches!(xpos[i - 1], "VBP" | "VBZ")
                && matches!(lower[i].as_str(), "nt" | "n't")
            {
                fixed[i - 1] = Some("be");
            }
        }
        (0..words.len())
            .map(|i| match fixed[i] {
                Some(lemma) => lemma.to_owned(),
                None => self.rule_lemma(words[i].as_ref(), &lower[i], upos[i], xpos[i]),
            })
            .collect()
    }

    /// The UD lemmas of a sentence, given spaCy's: EWT's convention where it is known to differ,
    /// and for words with digits, which EWT keeps as written (numbers without thousands
    /// separators: 3,075 of 3,077 CD tokens with digits in training; other words with digits as
    /// written 420 times of 486, lower-cased, as spaCy does, 367).
    pub(crate) fn ud_sentence<S: AsRef<str>>(
        &self,
        words: &[S],
        xpos: &[&str],
        spacy: &[String],
    ) -> Vec<String> {
        words
            .iter()
            .zip(xpos)
            .zip(spacy)
            .map(|((w, x), lemma)| {
                let w = w.as_ref();
                match self.ud.get(&(w.to_lowercase(), (*x).to_owned())) {
                    Some(edit) => apply_lemma_edit(w, edit).unwrap_or_else(|| lemma.clone()),
                    None if w.chars().any(|c| c.is_ascii_digit()) => {
                        if *x == "CD" {
                            w.replace(',', "")
                        } else {
                            w.to_owned()
                        }
                    }
                    None => lemma.clone(),
                }
            })
            .collect()
    }

    /// Which of WordNet's parts of speech (bits: noun, verb, adjective, adverb) the lower-cased
    /// word can be an inflection of, by the tables: the index holds it, an exception lists it, or
    /// a suffix rule makes a form the index holds.
    pub(crate) fn parts_of_speech(&self, lower: &str) -> u8 {
        let mut bits = 0;
        let mut form = String::new();
        for (bit, pos) in ["noun", "verb", "adj", "adv"].into_iter().enumerate() {
            let index = self.index.get(pos);
            let known = |form: &str| index.is_some_and(|i| i.contains(form));
            let by_rule = self.rules.get(pos).into_iter().flatten().any(|(old, new)| {
                lower.strip_suffix(old.as_str()).is_some_and(|stem| {
                    form.clear();
                    form.push_str(stem);
                    form.push_str(new);
                    !stem.is_empty() && known(&form)
                })
            });
            let irregular = self
                .exceptions
                .get(pos)
                .is_some_and(|e| e.contains_key(lower));
            if known(lower) || by_rule || irregular {
                bits |= 1 << bit;
            }
        }
        bits
    }

    /// The rule lemmatiser: candidate forms from the suffix rules that the index knows (or that
    /// are not alphabetic), exceptions first; else the forms it does not know; else the word.
    fn rule_lemma(&self, word: &str, lower: &str, upos: &str, xpos: &str) -> String {
        let pos = upos.to_ascii_lowercase();
        if pos.is_empty() || pos == "space" || is_base_form(&pos, morph(xpos, lower)) {
            return lower.to_owned();
        }
        let (rules, index, exceptions) = (
            self.rules.get(&pos),
            self.index.get(&pos),
            self.exceptions.get(&pos),
        );
        if rules.is_none() && index.is_none() && exceptions.is_none() {
            return if pos == "propn" {
                word.to_owned()
            } else {
                lower.to_owned()
            };
        }
        // A known form goes to the front (the last rule that makes one wins), any other
        // non-alphabetic form to the back; the first copy of a repeated form stays.
        let mut forms: Vec<String> = Vec::new();
        let mut unknown: Vec<String> = Vec::new();
        for (old, new) in rules.into_iter().flatten() {
            if let Some(stem) = lower.strip_suffix(old.as_str()) {
                let form = format!("{stem}{new}");
                if form.is_empty() {
                    continue;
                }
                if index.is_some_and(|i| i.contains(&form)) {
                    forms.insert(0, form);
                } else if !form.chars().all(char::is_alphabetic) {
                    forms.push(form);
                } else {
                    unknown.push(form);
                }
            }
        }
        let mut seen = HashSet::new();
        forms.retain(|f| seen.insert(f.clone()));
        for form in exceptions.and_then(|e| e.get(lower)).into_iter().flatten() {
            if !forms.contains(form) {
                forms.insert(0, form.clone());
            }
        }
        forms
            .into_iter()
            .next()
            .or_else(|| unknown.into_iter().next())
            .unwrap_or_else(|| word.to_owned())
    }
}
