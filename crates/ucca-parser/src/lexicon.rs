//! Word-level signals that need no tagger (ucca-parser spec §3): Brown clusters, a Brill tag
//! lexicon and WordNet classes, per word form. A model carries the entries of its vocabulary, so
//! parsing reads nothing but the model file.

use std::collections::HashMap;

use mono_align::morphy::{WordClass, WordNet};

use crate::Error;

/// What the lexicon knows of one word form.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LexEntry {
    /// The Brown cluster id; its low k bits are the cluster's k-bit path prefix.
    pub cluster: Option<u32>,
    /// The most frequent Penn Treebank tag in Brill's lexicon, as an index into
    /// [`Lexicon::tags`].
    pub tag: Option<u8>,
    /// The WordNet class (parts of speech, lexicographer file).
    pub wordnet: WordClass,
}

/// Word forms and what the resources say of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lexicon {
    pub(crate) entries: HashMap<String, LexEntry>,
    pub(crate) tags: Vec<String>,
}

/// The resources a lexicon is built from; each is optional.
#[derive(Debug, Clone, Copy, Default)]
#[non_exhaustive]
pub struct LexiconSources<'a> {
    /// `word TAB cluster` lines, most frequent word first (`scripts/fetch-parser-lexicons.sh`).
    pub clusters: Option<&'a str>,
    /// `word TAB tag` lines (Brill's lexicon).
    pub brill: Option<&'a str>,
    /// WordNet 3.0.
    pub wordnet: Option<&'a WordNet>,
}

impl<'a> LexiconSources<'a> {
    /// Sources with the given parts.
    pub fn new(
        clusters: Option<&'a str>,
        brill: Option<&'a str>,
        wordnet: Option<&'a WordNet>,
    ) -> LexiconSources<'a> {
        LexiconSources {
            clusters,
            brill,
            wordnet,
        }
    }
}

/// How many of the most frequent cluster words a lexicon keeps beside its other words.
pub const FREQUENT_CLUSTER_WORDS: usize = 100_000;

impl Lexicon {
    /// The lexicon of `vocabulary` (the training words), of every word of Brill's lexicon and of
    /// the [`FREQUENT_CLUSTER_WORDS`] most frequent words with a Brown cluster, with what each
    /// source says of them.
    pub fn build<'w>(
        vocabulary: impl IntoIterator<Item = &'w str>,
        sources: LexiconSources<'_>,
    ) -> Result<Lexicon, Error> {
        let clusters = match sources.clusters {
            Some(text) => read_tsv(text, "Brown clusters", |v| v.parse::<u32>().ok())?,
            None => Vec::new(),
        };
        let brill = match sources.brill {
            Some(text) => read_tsv(text, "Brill lexicon", |v| {
                Some(v.split(' ').next().unwrap_or(v).to_owned())
            })?,
            None => Vec::new(),
        };
        let mut words: Vec<String> = vocabulary.into_iter().map(str::to_owned).collect();
        words.extend(brill.iter().map(|(w, _)| w.clone()));
        words.extend(
            clusters
                .iter()
                .take(FREQUENT_CLUSTER_WORDS)
                .map(|(w, _)| w.clone()),
        );
        let cluster_of: HashMap<&str, u32> =
            clusters.iter().map(|(w, c)| (w.as_str(), *c)).collect();
        let mut tags: Vec<String> = Vec::new();
        let mut tag_of: HashMap<&str, u8> = HashMap::new();
        for (word, tag) in &brill {
            let index = match tags.iter().position(|t| t == tag) {
                Some(i) => i,
                None => {
                    tags.push(tag.clone());
                    tags.len() - 1
                }
            };
            let index = u8::try_from(index).map_err(|_| Error::Resource {
                what: "Brill lexicon",
                line: 0,
                message: "more than 256 tags".into(),
            })?;
            tag_of.insert(word.as_str(), index);
        }
        let mut entries = HashMap::new();
        for word in words {
            if entries.contains_key(&word) {
                continue;
            }
            let entry = LexEntry {
                cluster: lookup(&cluster_of, &word),
                tag: lookup(&tag_of, &word),
                wordnet: sources
                    .wordnet
                    .filter(|_| word.chars().any(char::is_alphabetic))
                    .map(|wn| wn.word_class(&word))
                    .unwrap_or_default(),
            };
            if entry != LexEntry::default() {
                entries.insert(word, entry);
            }
        }
        Ok(Lexicon { entries, tags })
    }

    /// What the lexicon knows of `word`: its own entry, else its lower-cased form's.
    pub fn get(&self, word: &str) -> LexEntry {
        self.entries
            .get(word)
            .or_else(|| self.entries.get(&word.to_lowercase()))
            .copied()
            .unwrap_or_default()
    }

    /// The tag names, indexed by [`LexEntry::tag`].
    pub fn tags(&self) -> &[String] {
        &self.tags
    }

    /// The number of word forms with an entry.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no word has an entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The value of a word, else of its lower-cased form.
fn lookup<T: Copy>(map: &HashMap<&str, T>, word: &str) -> Option<T> {
    map.get(word)
        .or_else(|| map.get(word.to_lowercase().as_str()))
        .copied()
}

fn read_tsv<T>(
    text: &str,
    what: &'static str,
    value: impl Fn(&str) -> Option<T>,
) -> Result<Vec<(String, T)>, Error> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, line)| {
            line.split_once('\t')
                .and_then(|(w, v)| Some((w.to_owned(), value(v)?)))
                .ok_or_else(|| Error::Resource {
                    what,
                    line: i + 1,
                    message: format!("expected `word<TAB>value`, found {line:?}"),
                })
        })
        .collect()
}
