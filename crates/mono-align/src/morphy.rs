//! WordNet noun lemmatisation with the semantics of NLTK ≤ 3.8 `WordNetLemmatizer().lemmatize(w)`
//! (default part of speech: noun), which the reference uses to decide whether two aligned words are
//! "approximately the same" (spec `lcb-pipeline.md` §0.2).
//!
//! Morphy for nouns:
//! 1. a word listed in `noun.exc` has the candidates [word, its exception lemmas];
//! 2. otherwise the suffix rules `s→∅ ses→s ves→f xes→x zes→z ches→ch shes→sh men→man ies→y` are
//!    applied once, giving the candidates [word, results];
//! 3. candidates found in `index.noun` are kept (first occurrence order); if none is and rule 2
//!    applied, the rules are applied again to the previous rule outputs until some output is in the
//!    index or no rule applies (NLTK ≥ 3.8.2 dropped this loop);
//! 4. the lemma is the shortest kept candidate (the first on ties), or the word itself.
//!
//! The quirks follow: "was" → "wa", "has" → "ha", "as" → "a", "us" → "u", "less" → "le".
//!
//! [`WordNet`] reads all four parts of speech through the same readers, for what a word form can
//! be (its [`WordClass`]).
//!
//! [`NounLemmatizer::english`] reads the noun lemmas and exceptions that gecbias carries
//! (`models/wordnet-3.0-nouns/`, built into the program), or the WordNet 3.0 `dict` directory
//! named by `$GECBIAS_WORDNET`; [`WordNet`] (all four parts of speech, for the parser's training)
//! reads a full `dict` directory, such as the one Debian's `wordnet-base` installs in
//! [`DEFAULT_DIR`].

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::Error;
use crate::error::read_resource;

/// Where Debian's `wordnet-base` installs the WordNet 3.0 database.
pub const DEFAULT_DIR: &str = "/usr/share/wordnet";

const HINT: &str =
    "set $GECBIAS_WORDNET to a WordNet 3.0 dict directory, or install Debian's wordnet-base";

const SUBSTITUTIONS: [(&str, &str); 9] = [
    ("s", ""),
    ("ses", "s"),
    ("ves", "f"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
];

/// The noun part of WordNet needed by morphy: the lemmas of `index.noun` and the exceptions of
/// `noun.exc`.
#[derive(Debug, Clone, Default)]
pub struct NounLemmatizer {
    lemmas: HashSet<String>,
    exceptions: HashMap<String, Vec<String>>,
}

impl NounLemmatizer {
    /// WordNet 3.0's nouns as gecbias carries them ([`gecbias_resources`]): the `dict` directory
    /// named by `$GECBIAS_WORDNET`, else the lemma list and exceptions of
    /// `models/wordnet-3.0-nouns` built into the program, else [`DEFAULT_DIR`].
    pub fn english() -> Result<NounLemmatizer, Error> {
        match gecbias_resources::locate(gecbias_resources::Resource::WordNetNouns)? {
            gecbias_resources::Located::Embedded(files) => {
                let text = |name: &str| {
                    let path = PathBuf::from(files.describe(name));
                    let bytes = files.get(name).unwrap_or_default();
                    String::from_utf8(bytes.to_vec())
                        .map(|text| (path.clone(), text))
                        .map_err(|_| Error::MalformedResource { path, line: 0 })
                };
                let (_, lemmas) = text("noun-lemmas.txt")?;
                let (path, exceptions) = text("noun.exc")?;
                Ok(NounLemmatizer {
                    lemmas: lemmas.lines().map(str::to_owned).collect(),
                    exceptions: parse_exceptions(&path, &exceptions)?,
                })
            }
            gecbias_resources::Located::Path { path, .. } => NounLemmatizer::from_dir(path),
        }
    }

    /// Reads `index.noun` and `noun.exc` from a WordNet 3.0 `dict` directory.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<NounLemmatizer, Error> {
        let dir = dir.as_ref();
        Ok(NounLemmatizer {
            lemmas: read_index(dir, PartOfSpeech::Noun)?
                .into_iter()
                .map(|e| e.lemma)
                .collect(),
            exceptions: read_exceptions(dir, PartOfSpeech::Noun)?,
        })
    }

    /// A lemmatiser over the given index lemmas and exceptions (for tests and other WordNets).
    pub fn new(
        lemmas: impl IntoIterator<Item = String>,
        exceptions: HashMap<String, Vec<String>>,
    ) -> NounLemmatizer {
        NounLemmatizer {
            lemmas: lemmas.into_iter().collect(),
            exceptions,
        }
    }

    /// The noun lemma of `word` (module docs).
    pub fn lemmatize(&self, word: &str) -> String {
        let candidates = self.morphy(word);
        let mut best: Option<&String> = None;
        for c in &candidates {
            if best.is_none_or(|b| c.chars().count() < b.chars().count()) {
                best = Some(c);
            }
        }
        best.cloned().unwrap_or_else(|| word.to_owned())
    }

    /// Morphy's candidate lemmas of `word` that are WordNet nouns.
    fn morphy(&self, word: &str) -> Vec<String> {
        if let Some(exceptions) = self.exceptions.get(word) {
            let forms: Vec<String> = std::iter::once(word.to_owned())
                .chain(exceptions.iter().cloned())
                .collect();
            return self.in_index(&forms);
        }
        let mut forms = apply_rules(&[word.to_owned()]);
        let mut with_word = vec![word.to_owned()];
        with_word.extend(forms.iter().cloned());
        let found = self.in_index(&with_word);
        if !found.is_empty() {
            return found;
        }
        while !forms.is_empty() {
            forms = apply_rules(&forms);
            let found = self.in_index(&forms);
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    fn in_index(&self, forms: &[String]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for f in forms {
            if self.lemmas.contains(f) && !out.contains(f) {
                out.push(f.clone());
            }
        }
        out
    }
}

/// A WordNet part of speech, in the order of its files (`noun`, `verb`, `adj`, `adv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PartOfSpeech {
    /// `index.noun`, `data.noun`, `noun.exc`.
    Noun,
    /// `index.verb`, `data.verb`, `verb.exc`.
    Verb,
    /// `index.adj`, `data.adj`, `adj.exc`.
    Adjective,
    /// `index.adv`, `data.adv`, `adv.exc`.
    Adverb,
}

impl PartOfSpeech {
    /// The four parts of speech, in file order.
    pub const ALL: [PartOfSpeech; 4] = [
        PartOfSpeech::Noun,
        PartOfSpeech::Verb,
        PartOfSpeech::Adjective,
        PartOfSpeech::Adverb,
    ];

    fn file_suffix(self) -> &'static str {
        match self {
            PartOfSpeech::Noun => "noun",
            PartOfSpeech::Verb => "verb",
            PartOfSpeech::Adjective => "adj",
            PartOfSpeech::Adverb => "adv",
        }
    }

    /// WordNet's detachment rules for inflected forms of this part of speech (`morph.c`).
    fn rules(self) -> &'static [(&'static str, &'static str)] {
        match self {
            PartOfSpeech::Noun => &SUBSTITUTIONS,
            PartOfSpeech::Verb => &[
                ("s", ""),
                ("ies", "y"),
                ("es", "e"),
                ("es", ""),
                ("ed", "e"),
                ("ed", ""),
                ("ing", "e"),
                ("ing", ""),
            ],
            PartOfSpeech::Adjective => &[("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
            PartOfSpeech::Adverb => &[],
        }
    }
}

/// One line of an `index.<pos>` file: a lemma, how many of its senses are tagged in SemCor, and
/// the offset of its first (most frequent) synset in `data.<pos>`.
struct IndexEntry {
    lemma: String,
    tagged_senses: u32,
    first_synset: usize,
}

fn read_index(dir: &Path, pos: PartOfSpeech) -> Result<Vec<IndexEntry>, Error> {
    let (path, text) = read_resource(dir.join(format!("index.{}", pos.file_suffix())), HINT)?;
    // The licence header lines start with two spaces.
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with("  "))
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split(' ').filter(|f| !f.is_empty()).collect();
            let malformed = || Error::MalformedResource {
                path: path.clone(),
                line: i + 1,
            };
            // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offset…
            let synsets: usize = fields
                .get(2)
                .and_then(|n| n.parse().ok())
                .ok_or_else(malformed)?;
            let pointers: usize = fields
                .get(3)
                .and_then(|n| n.parse().ok())
                .ok_or_else(malformed)?;
            let tagged = fields.get(5 + pointers).and_then(|n| n.parse().ok());
            let first = fields.get(6 + pointers).and_then(|n| n.parse().ok());
            match (fields.first(), tagged, first) {
                (Some(lemma), Some(tagged_senses), Some(first_synset)) if synsets > 0 => {
                    Ok(IndexEntry {
                        lemma: (*lemma).to_owned(),
                        tagged_senses,
                        first_synset,
                    })
                }
                _ => Err(malformed()),
            }
        })
        .collect()
}

fn read_exceptions(dir: &Path, pos: PartOfSpeech) -> Result<HashMap<String, Vec<String>>, Error> {
    let (path, text) = read_resource(dir.join(format!("{}.exc", pos.file_suffix())), HINT)?;
    parse_exceptions(&path, &text)
}

/// An exception list (`form lemma…` per line); `path` names it in errors.
fn parse_exceptions(path: &Path, text: &str) -> Result<HashMap<String, Vec<String>>, Error> {
    let mut exceptions = HashMap::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let mut words = line.split_whitespace();
        let (Some(form), Some(first)) = (words.next(), words.next()) else {
            return Err(Error::MalformedResource {
                path: path.to_path_buf(),
                line: i + 1,
            });
        };
        let lemmas = std::iter::once(first)
            .chain(words)
            .map(str::to_owned)
            .collect();
        exceptions.insert(form.to_owned(), lemmas);
    }
    Ok(exceptions)
}

/// What WordNet says of a word form without context: the parts of speech it can be (after
/// morphy's exceptions and detachment rules), and the lexicographer file (`noun.person`,
/// `verb.motion`, … numbered 0–44 as in WordNet's `lexnames`) of the first sense of its most
/// frequent part of speech (most SemCor-tagged senses; ties in file order).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct WordClass {
    /// Bit i set when the word can be [`PartOfSpeech::ALL`]`[i]`.
    pub parts_of_speech: u8,
    /// The lexicographer file number, when the word is in WordNet.
    pub lexicographer_file: Option<u8>,
}

/// The four parts of WordNet 3.0 that give a word's [`WordClass`]: every index lemma with its
/// tagged-sense count and first synset's lexicographer file, and the exception lists.
#[derive(Debug, Clone, Default)]
pub struct WordNet {
    /// Per part of speech: lemma → (tagged senses, lexicographer file of the first synset).
    lemmas: [HashMap<String, (u32, u8)>; 4],
    exceptions: [HashMap<String, Vec<String>>; 4],
}

impl WordNet {
    /// Reads `index.*`, `data.*` (for the lexicographer files) and `*.exc` of the four parts of
    /// speech from a WordNet 3.0 `dict` directory.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<WordNet, Error> {
        let dir = dir.as_ref();
        let mut wordnet = WordNet::default();
        for (i, pos) in PartOfSpeech::ALL.into_iter().enumerate() {
            let data_path = dir.join(format!("data.{}", pos.file_suffix()));
            let data = std::fs::read(&data_path).map_err(|source| Error::Resource {
                path: data_path.clone(),
                source,
                hint: HINT,
            })?;
            for entry in read_index(dir, pos)? {
                // A data line starts "offset lex_filenum ss_type …".
                let lexfile = data
                    .get(entry.first_synset..)
                    .and_then(|rest| rest.split(|&b| b == b' ').nth(1))
                    .and_then(|f| std::str::from_utf8(f).ok()?.parse::<u8>().ok())
                    .ok_or_else(|| Error::MalformedResource {
                        path: data_path.clone(),
                        line: 0,
                    })?;
                wordnet.lemmas[i].insert(entry.lemma, (entry.tagged_senses, lexfile));
            }
            wordnet.exceptions[i] = read_exceptions(dir, pos)?;
        }
        Ok(wordnet)
    }

    /// The WordNet lemma of `word` as `pos` (lower-cased, spaces as underscores): the word itself,
    /// an exception's lemma, or the first detachment rule's output found in the index.
    pub fn lemma(&self, word: &str, pos: PartOfSpeech) -> Option<String> {
        let i = PartOfSpeech::ALL.iter().position(|&p| p == pos)?;
        let word = word.to_lowercase().replace(' ', "_");
        let index = &self.lemmas[i];
        if index.contains_key(&word) {
            return Some(word);
        }
        if let Some(lemma) = self.exceptions[i]
            .get(&word)
            .and_then(|lemmas| lemmas.iter().find(|l| index.contains_key(*l)))
        {
            return Some(lemma.clone());
        }
        pos.rules().iter().find_map(|(old, new)| {
            let stem = word.strip_suffix(old)?;
            let candidate = format!("{stem}{new}");
            index.contains_key(&candidate).then_some(candidate)
        })
    }

    /// The word's [`WordClass`].
    pub fn word_class(&self, word: &str) -> WordClass {
        let mut class = WordClass::default();
        let mut best: Option<(u32, u8)> = None;
        for (i, pos) in PartOfSpeech::ALL.into_iter().enumerate() {
            let Some(lemma) = self.lemma(word, pos) else {
                continue;
            };
            class.parts_of_speech |= 1 << i;
            if let Some(&(tagged, lexfile)) = self.lemmas[i].get(&lemma)
                && best.is_none_or(|(t, _)| tagged > t)
            {
                best = Some((tagged, lexfile));
            }
        }
        class.lexicographer_file = best.map(|(_, f)| f);
        class
    }
}

fn apply_rules(forms: &[String]) -> Vec<String> {
    forms
        .iter()
        .flat_map(|form| {
            SUBSTITUTIONS.iter().filter_map(move |(old, new)| {
                form.strip_suffix(old).map(|stem| format!("{stem}{new}"))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> NounLemmatizer {
        let lemmas = ["wa", "le", "dog", "box", "child", "woman", "city", "bus"].map(str::to_owned);
        let exceptions = HashMap::from([("children".to_owned(), vec!["child".to_owned()])]);
        NounLemmatizer::new(lemmas, exceptions)
    }

    #[test]
    fn rules_exceptions_and_the_reapply_loop() {
        let m = tiny();
        assert_eq!(m.lemmatize("dogs"), "dog");
        assert_eq!(m.lemmatize("boxes"), "box");
        assert_eq!(m.lemmatize("cities"), "city");
        assert_eq!(m.lemmatize("women"), "woman");
        assert_eq!(m.lemmatize("children"), "child");
        assert_eq!(m.lemmatize("was"), "wa");
        // "less" → "les" (not a noun) → "le": only the re-apply loop finds it.
        assert_eq!(m.lemmatize("less"), "le");
        assert_eq!(m.lemmatize("bus"), "bus");
        assert_eq!(m.lemmatize("running"), "running");
        assert_eq!(m.lemmatize(""), "");
    }
}
