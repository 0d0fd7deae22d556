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
//! The WordNet 3.0 files are read at run time (Debian package `wordnet-base` installs them in
//! [`DEFAULT_DIR`]); they are not vendored.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use crate::Error;
use crate::error::read_resource;

/// Where Debian's `wordnet-base` installs the WordNet 3.0 database.
pub const DEFAULT_DIR: &str = "/usr/share/wordnet";

const HINT: &str = "install Debian's wordnet-base or pass the WordNet 3.0 dict directory";

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
    /// Reads `index.noun` and `noun.exc` from a WordNet 3.0 `dict` directory.
    pub fn from_dir(dir: &Path) -> Result<NounLemmatizer, Error> {
        let read = |name: &str| read_resource(dir.join(name), HINT);
        let (index_path, index) = read("index.noun")?;
        let mut lemmas = HashSet::new();
        // The licence header lines start with two spaces.
        for (i, line) in index
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with("  "))
        {
            let lemma = line.split(' ').next().filter(|l| !l.is_empty());
            let lemma = lemma.ok_or_else(|| Error::MalformedResource {
                path: index_path.clone(),
                line: i + 1,
            })?;
            lemmas.insert(lemma.to_owned());
        }
        let (exc_path, exc) = read("noun.exc")?;
        let mut exceptions = HashMap::new();
        for (i, line) in exc
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let mut words = line.split_whitespace();
            let (Some(form), Some(first)) = (words.next(), words.next()) else {
                return Err(Error::MalformedResource {
                    path: exc_path.clone(),
                    line: i + 1,
                });
            };
            let lemmas = std::iter::once(first)
                .chain(words)
                .map(str::to_owned)
                .collect();
            exceptions.insert(form.to_owned(), lemmas);
        }
        Ok(NounLemmatizer { lemmas, exceptions })
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
