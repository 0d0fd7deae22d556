//! The monolingual word aligner of Sultan, Bethard & Sumner (2014) as EASSE 0.2.4 runs it
//! (`easse/aligner/aligner.py`, `alignWords`), with PPDB never loaded: words match only when
//! equal in canonical form or by Snowball stem. Its steps, in order: the sentence-final
//! punctuation; shared runs of two or more words (the reference means to require a content
//! word in them but tests the run's positions against the stop words, so never does);
//! hyphenated words; named entities; main verbs, nouns, adjectives and adverbs by dependency
//! evidence; remaining content words by their textual neighbourhood; the rest of hyphenated
//! words; stop words by dependency evidence; stop words and punctuation by their neighbours.
//! Where the reference's greedy loops keep lists with repeats and remove one entry per round,
//! so does this: it decides which pair a tie goes to.

use std::collections::{HashMap, HashSet};

use crate::analysis::{Arc, Sentence, collapse, neighbours};
use crate::pos_alignment::{CLASSES, weighted};
use crate::word_match::{Key, common_runs};
use crate::{Error, entities, pos_alignment};

/// The reference's punctuation list (`easse/aligner/config.py`).
pub(crate) const PUNCTUATION: [&str; 20] = [
    "(", "-lrb-", ".", ",", "-", "?", "!", ";", "_", ":", "{", "}", "[", "/", "]", "...", "\"",
    "'", ")", "-rrb-",
];

/// Clitics the last two steps treat as stop words.
const CLITICS: [&str; 3] = ["'s", "'d", "'ll"];

/// The word aligner, with its stop-word list (EASSE reads NLTK's English list, 179 words).
#[derive(Debug, Clone)]
pub struct WordAligner {
    stopwords: HashSet<String>,
}

impl WordAligner {
    /// An aligner with these stop words.
    pub fn new<S: Into<String>>(stopwords: impl IntoIterator<Item = S>) -> WordAligner {
        WordAligner {
            stopwords: stopwords.into_iter().map(Into::into).collect(),
        }
    }

    /// The aligner with NLTK's English stop words (the 179 of the `stopwords` corpus that EASSE
    /// reads; `nltk_english_stopwords.txt` beside this crate's sources says where they come from).
    pub fn nltk_english() -> WordAligner {
        WordAligner::new(include_str!("nltk_english_stopwords.txt").lines())
    }

    /// The word alignments of `source` to `target`, as (source word, target word) numbers from
    /// 1, in the order the reference finds them (EASSE's `get_word_aligns`, first element).
    pub fn align(
        &self,
        source: &Sentence,
        target: &Sentence,
    ) -> Result<Vec<(usize, usize)>, Error> {
        source.check()?;
        target.check()?;
        let pair = Pair {
            source: SideView::new(source),
            target: SideView::new(target),
            stopwords: &self.stopwords,
            root: Key::new("ROOT"),
        };
        let mut state = State::default();
        state.sentence_end(&pair);
        state.shared_runs(&pair);
        state.hyphenated(&pair, true);
        let found = entities::align(&pair, &state.alignments)?;
        state.merge(found);
        for class in &CLASSES {
            let found = pos_alignment::align(class, &pair, &state.alignments);
            state.merge(found);
        }
        state.content_words(&pair);
        state.hyphenated(&pair, false);
        state.stopwords_by_dependencies(&pair);
        state.stopwords_by_neighbours(&pair);
        state.alignments.retain(|&(a, b)| a != 0 && b != 0);
        Ok(state.alignments)
    }

    /// The aligned words: the words of each alignment of [`WordAligner::align`] (the second
    /// element of EASSE's `get_word_aligns`).
    pub fn aligned_words(
        &self,
        source: &Sentence,
        target: &Sentence,
    ) -> Result<Vec<(String, String)>, Error> {
        let word = |s: &Sentence, k: usize| s.tokens[k - 1].word.clone();
        Ok(self
            .align(source, target)?
            .into_iter()
            .map(|(a, b)| (word(source, a), word(target, b)))
            .collect())
    }
}

/// One sentence as the aligner reads it: its collapsed dependencies and the keys of its words
/// and lemmas.
pub(crate) struct SideView<'a> {
    pub(crate) sentence: &'a Sentence,
    pub(crate) arcs: Vec<Arc>,
    words: Vec<Key>,
    lemmas: Vec<Key>,
}

impl<'a> SideView<'a> {
    fn new(sentence: &'a Sentence) -> SideView<'a> {
        SideView {
            sentence,
            arcs: collapse(sentence),
            words: sentence.tokens.iter().map(|t| Key::new(&t.word)).collect(),
            lemmas: sentence.tokens.iter().map(|t| Key::new(&t.lemma)).collect(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.sentence.tokens.len()
    }

    /// Word `k` (from 1).
    pub(crate) fn word(&self, k: usize) -> &str {
        &self.sentence.tokens[k - 1].word
    }

    fn words(&self) -> Vec<&str> {
        self.sentence
            .tokens
            .iter()
            .map(|t| t.word.as_str())
            .collect()
    }

    /// The word `back` places from the end (1: the last), read as Python reads index `-back`
    /// of a shorter list: a one-word sentence's index `len - 2` is -1, its only word.
    fn back_from_end(&self, back: usize) -> &str {
        let n = self.len();
        &self.sentence.tokens[(n + n - back) % n].word
    }

    fn lemma(&self, k: usize) -> &str {
        &self.sentence.tokens[k - 1].lemma
    }

    /// Entry `k - 1` of a list read as Python reads it: `k = 0` is the last.
    fn python_index(&self, k: usize) -> usize {
        if k == 0 { self.len() - 1 } else { k - 1 }
    }
}

/// The two sentences and what the steps share.
pub(crate) struct Pair<'a> {
    pub(crate) source: SideView<'a>,
    pub(crate) target: SideView<'a>,
    stopwords: &'a HashSet<String>,
    root: Key,
}

impl Pair<'_> {
    pub(crate) fn is_stopword(&self, word: &str) -> bool {
        self.stopwords.contains(word)
    }

    fn is_stop_or_punctuation(&self, word: &str) -> bool {
        self.is_stopword(word) || PUNCTUATION.contains(&word)
    }

    /// The larger of the relatedness of the words and of the lemmas.
    pub(crate) fn word_similarity(&self, i: usize, j: usize) -> u32 {
        let (s, t) = (&self.source, &self.target);
        s.words[i - 1]
            .relatedness(&t.words[j - 1])
            .max(s.lemmas[i - 1].relatedness(&t.lemmas[j - 1]))
    }

    fn gloss<'k>(&'k self, side: &'k SideView, k: usize) -> &'k Key {
        if k == 0 {
            &self.root
        } else {
            &side.words[k - 1]
        }
    }

    /// The same for two dependency neighbours, which may be `ROOT` (0): its text is `ROOT`, and
    /// its lemma, read at index -1, the sentence's last.
    pub(crate) fn neighbour_similarity(&self, k: usize, l: usize) -> u32 {
        let (s, t) = (&self.source, &self.target);
        let words = self.gloss(s, k).relatedness(self.gloss(t, l));
        words.max(s.lemmas[s.python_index(k)].relatedness(&t.lemmas[t.python_index(l)]))
    }
}

/// The alignments so far, and the words each side has aligned (with repeats, as the reference
/// keeps them).
#[derive(Default)]
struct State {
    alignments: Vec<(usize, usize)>,
    source_done: Vec<usize>,
    target_done: Vec<usize>,
}

/// The candidates of a greedy step: the lists the reference walks (a word once per pair it is
/// in) and each pair's word similarity and evidence.
#[derive(Default)]
struct Candidates {
    source: Vec<usize>,
    target: Vec<usize>,
    scores: HashMap<(usize, usize), (u32, u32)>,
}

impl Candidates {
    fn insert(&mut self, i: usize, j: usize, similarity: u32, evidence: u32) {
        self.scores.insert((i, j), (similarity, evidence));
        self.source.push(i);
        self.target.push(j);
    }
}

/// The entries of a list in the order of their first occurrence.
fn first_occurrences(list: &[usize]) -> Vec<usize> {
    let mut seen = HashSet::new();
    list.iter().copied().filter(|k| seen.insert(*k)).collect()
}

fn remove_first(list: &mut Vec<usize>, k: usize) {
    if let Some(p) = list.iter().position(|&x| x == k) {
        list.remove(p);
    }
}

impl State {
    fn add(&mut self, pair: (usize, usize)) {
        self.alignments.push(pair);
        self.source_done.push(pair.0);
        self.target_done.push(pair.1);
    }

    fn merge(&mut self, found: Vec<(usize, usize)>) {
        for item in found {
            if !self.alignments.contains(&item) {
                self.alignments.push(item);
                if !self.source_done.contains(&item.0) {
                    self.source_done.push(item.0);
                }
                if !self.target_done.contains(&item.1) {
                    self.target_done.push(item.1);
                }
            }
        }
    }

    /// Sentence-final `.`/`!` (or equal last words), looking one word back on either side.
    fn sentence_end(&mut self, pair: &Pair) {
        let (n, m) = (pair.source.len(), pair.target.len());
        let stop = |w: &str| w == "." || w == "!";
        let (s, t) = (&pair.source, &pair.target);
        let (s_last, s_prev, t_last, t_prev) = (
            s.back_from_end(1),
            s.back_from_end(2),
            t.back_from_end(1),
            t.back_from_end(2),
        );
        let found = if (stop(s_last) && stop(t_last)) || s_last == t_last {
            Some((n, m))
        } else if stop(s_prev) && stop(t_last) {
            Some((n - 1, m))
        } else if stop(s_last) && stop(t_prev) {
            Some((n, m - 1))
        } else if stop(s_prev) && stop(t_prev) {
            Some((n - 1, m - 1))
        } else {
            None
        };
        if let Some(p) = found {
            self.add(p);
        }
    }

    /// Shared runs of two or more words.
    fn shared_runs(&mut self, pair: &Pair) {
        for (a, b) in common_runs(&pair.source.words(), &pair.target.words()) {
            if a.len() < 2 {
                continue;
            }
            for (&x, &y) in a.iter().zip(&b) {
                let p = (x + 1, y + 1);
                if !self.source_done.contains(&p.0)
                    && !self.target_done.contains(&p.1)
                    && !self.alignments.contains(&p)
                {
                    self.add(p);
                }
            }
        }
    }

    /// Hyphenated words against runs of the other sentence: first (`groups`) runs of two or more
    /// of their parts, aligning the word to each word of the run; later single parts that are
    /// not stop words, to a word not aligned yet.
    fn hyphenated(&mut self, pair: &Pair, groups: bool) {
        let (source_words, target_words) = (pair.source.words(), pair.target.words());
        for source_side in [true, false] {
            let (this, other) = if source_side {
                (&pair.source, &pair.target)
            } else {
                (&pair.target, &pair.source)
            };
            for i in 1..=this.len() {
                let done = if source_side {
                    &self.source_done
                } else {
                    &self.target_done
                };
                let word = this.word(i);
                if done.contains(&i) || !word.contains('-') || word == "-" {
                    continue;
                }
                let parts: Vec<&str> = word.split('-').collect();
                let runs = if source_side {
                    common_runs(&parts, &target_words)
                } else {
                    common_runs(&source_words, &parts)
                };
                for (a, b) in runs {
                    let (own, theirs) = if source_side { (a, b) } else { (b, a) };
                    let wanted = if groups {
                        own.len() > 1
                    } else {
                        own.len() == 1 && !pair.is_stopword(other.lemma(theirs[0] + 1))
                    };
                    if !wanted {
                        continue;
                    }
                    for k in theirs {
                        let p = if source_side { (i, k + 1) } else { (k + 1, i) };
                        let free = groups || !self.target_done.contains(&p.1);
                        if !self.alignments.contains(&p) && free {
                            self.add(p);
                        }
                    }
                }
            }
        }
    }

    /// The reference's greedy loop: as many rounds as the source list has entries; each takes
    /// the pair of largest weighted score above 0 (the first met on ties), aligns it when
    /// `accept` says so, and removes one entry of each of its words from the lists.
    fn greedy(
        &mut self,
        mut c: Candidates,
        skip_done: bool,
        accept: impl Fn(&State, (usize, usize), (u32, u32)) -> bool,
    ) {
        for _ in 0..c.source.len() {
            let mut best: Option<((usize, usize), f64)> = None;
            for i in first_occurrences(&c.source) {
                if skip_done && self.source_done.contains(&i) {
                    continue;
                }
                for j in first_occurrences(&c.target) {
                    if skip_done && self.target_done.contains(&j) {
                        continue;
                    }
                    if let Some(&(similarity, evidence)) = c.scores.get(&(i, j)) {
                        let value = weighted(similarity, evidence);
                        if value > best.map_or(0.0, |b| b.1) {
                            best = Some(((i, j), value));
                        }
                    }
                }
            }
            let Some((p, _)) = best else { break };
            if accept(self, p, c.scores[&p]) && !self.alignments.contains(&p) {
                self.add(p);
            }
            remove_first(&mut c.source, p.0);
            remove_first(&mut c.target, p.1);
        }
    }

    /// Content words by word similarity and the related lemmas within three content words
    /// either side.
    fn content_words(&mut self, pair: &Pair) {
        let skipped = |w: &str| pair.is_stop_or_punctuation(w) || CLITICS.contains(&w);
        let mut c = Candidates::default();
        for i in 1..=pair.source.len() {
            if self.source_done.contains(&i) || skipped(pair.source.lemma(i)) {
                continue;
            }
            for j in 1..=pair.target.len() {
                if self.target_done.contains(&j) || skipped(pair.target.lemma(j)) {
                    continue;
                }
                let (ns, nt) = (
                    neighbourhood(pair, &pair.source, i),
                    neighbourhood(pair, &pair.target, j),
                );
                let evidence = ns
                    .iter()
                    .flat_map(|k| nt.iter().map(move |l| k.relatedness(l)))
                    .sum();
                c.insert(i, j, pair.word_similarity(i, j), evidence);
            }
        }
        self.greedy(c, true, |_, p, (similarity, _)| {
            similarity >= 1 && !pair.is_stopword(pair.source.lemma(p.0))
        });
    }

    /// Stop words with related lemmas, by the aligned pairs among their dependency parents and
    /// among their children.
    fn stopwords_by_dependencies(&mut self, pair: &Pair) {
        let mut c = Candidates::default();
        for i in 1..=pair.source.len() {
            if !pair.is_stopword(pair.source.lemma(i)) || self.source_done.contains(&i) {
                continue;
            }
            for j in 1..=pair.target.len() {
                if !pair.is_stopword(pair.target.lemma(j)) || self.target_done.contains(&j) {
                    continue;
                }
                if pair.source.lemmas[i - 1].relatedness(&pair.target.lemmas[j - 1]) == 0 {
                    continue;
                }
                let mut evidence = 0;
                for parents in [true, false] {
                    let ks = neighbours(&pair.source.arcs, i, pair.source.word(i), parents);
                    let ls = neighbours(&pair.target.arcs, j, pair.target.word(j), parents);
                    for k in &ks {
                        evidence += ls
                            .iter()
                            .filter(|l| self.alignments.contains(&(k.index, l.index)))
                            .count() as u32;
                    }
                }
                c.insert(i, j, pair.word_similarity(i, j), evidence);
            }
        }
        self.greedy(c, false, |_, _, (similarity, evidence)| {
            similarity >= 1 && evidence > 0
        });
    }

    /// Stop words and punctuation with related lemmas, by whether the words before both or
    /// after both are aligned.
    fn stopwords_by_neighbours(&mut self, pair: &Pair) {
        let taken = |w: &str| pair.is_stop_or_punctuation(w) || CLITICS.contains(&w);
        let mut c = Candidates::default();
        for i in 1..=pair.source.len() {
            if !taken(pair.source.lemma(i)) || self.source_done.contains(&i) {
                continue;
            }
            for j in 1..=pair.target.len() {
                if !taken(pair.target.lemma(j)) || self.target_done.contains(&j) {
                    continue;
                }
                if pair.source.lemmas[i - 1].relatedness(&pair.target.lemmas[j - 1]) == 0 {
                    continue;
                }
                let before = self.alignments.contains(&(i - 1, j - 1));
                let after = self.alignments.contains(&(i + 1, j + 1));
                c.insert(
                    i,
                    j,
                    pair.word_similarity(i, j),
                    u32::from(before) + u32::from(after),
                );
            }
        }
        self.greedy(c, true, |_, _, (similarity, evidence)| {
            similarity >= 1 && evidence > 0
        });
    }
}

/// EASSE's `findTextualNeighborhood` with spans of 3: the lemma keys of the words within three
/// positions of word `k` that are neither stop words nor punctuation.
fn neighbourhood<'p>(pair: &Pair, side: &'p SideView, k: usize) -> Vec<&'p Key> {
    let start = k.saturating_sub(3).max(1);
    let end = (k + 3).min(side.len());
    let window = (start..k).chain(k + 1..=end);
    window
        .filter(|&x| !pair.is_stop_or_punctuation(side.lemma(x)))
        .map(|x| &side.lemmas[x - 1])
        .collect()
}
