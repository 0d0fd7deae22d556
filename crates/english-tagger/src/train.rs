//! Training: the tagger and the labeller, each an averaged perceptron trained greedily on
//! UD English-EWT, the sentence order shuffled by a seeded generator (same seed, same model).

use std::collections::HashMap;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

use crate::conllu::Word;
use crate::deprel::{LABELS, UdToken, spacy_labels};
use crate::features::{FeatureGroups, Lexical, NO_TAG, hash_bytes, label_features, tag_features};
use crate::lemma::{LemmaTables, Lemmatizer, UdExceptions, lemma_edit};
use crate::perceptron::{Training, Weights};
use crate::tagger::{ModelInfo, Tagger};

/// How to train ([`train`]).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TrainOptions {
    /// Passes over the training sentences.
    pub epochs: usize,
    /// Seed of the sentence order.
    pub seed: u64,
    /// The tagger's feature groups.
    pub groups: FeatureGroups,
    /// Averaged weights of smaller magnitude are dropped from the model.
    pub min_weight: f32,
    /// A word seen at least this often, with one class at least `tag_dictionary_share` of the
    /// time, is tagged from the dictionary without scoring.
    pub tag_dictionary_count: usize,
    /// See `tag_dictionary_count`.
    pub tag_dictionary_share: f64,
    /// Words seen at least this often give their most frequent class to the lookahead features.
    pub lexicon_count: usize,
    /// The beam's width in training and tagging (1: greedy).
    pub beam: u8,
    /// The model keeps the Brown clusters of this many words (the most frequent first).
    pub cluster_words: usize,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            epochs: 10,
            seed: 1,
            groups: FeatureGroups::ALL,
            min_weight: 0.02,
            tag_dictionary_count: 20,
            tag_dictionary_share: 0.99,
            lexicon_count: 3,
            beam: 8,
            cluster_words: 200_000,
        }
    }
}

/// Trains a tagger on UD sentences (`train`), with Brown clusters (`clusters`: word and path,
/// most frequent word first), Brill's lexicon (`brill`: word and its Penn tags, most frequent
/// first, space-separated) and spaCy's lemma tables. `info` is recorded in the model.
pub fn train(
    train: &[Vec<Word>],
    clusters: &[(String, u32)],
    brill: &[(String, String)],
    tables: LemmaTables,
    options: &TrainOptions,
    info: ModelInfo,
) -> Tagger {
    let mut class_ids: HashMap<(String, String), usize> = HashMap::new();
    let mut classes: Vec<(String, String)> = Vec::new();
    let gold: Vec<Vec<usize>> = train
        .iter()
        .map(|s| {
            s.iter()
                .map(|w| {
                    let key = (w.xpos.clone(), w.upos.clone());
                    *class_ids.entry(key.clone()).or_insert_with(|| {
                        classes.push(key);
                        classes.len() - 1
                    })
                })
                .collect()
        })
        .collect();
    let mut tagger = Tagger {
        classes,
        groups: options.groups,
        beam: options.beam,
        tags: Default::default(),
        labels: Default::default(),
        lexicon: lexicon(train, &gold, options),
        clusters: clusters
            .iter()
            .take(options.cluster_words)
            .map(|(w, c)| (w.clone(), *c))
            .collect(),
        brill: brill.iter().cloned().collect(),
        lemmatizer: Lemmatizer::new(tables, UdExceptions::new()),
        info,
    };
    let words: Vec<Vec<&str>> = train
        .iter()
        .map(|s| s.iter().map(|w| w.form.as_str()).collect())
        .collect();
    let lexical: Vec<Vec<Lexical>> = words.iter().map(|s| tagger.lexical(s)).collect();
    let corpus = Corpus {
        words: &words,
        lexical: &lexical,
        gold: &gold,
    };
    let all: Vec<usize> = (0..train.len()).collect();
    let (tags, labels) = std::thread::scope(|scope| {
        let labels = scope.spawn(|| {
            let xpos: Vec<Vec<u64>> = train
                .iter()
                .map(|s| s.iter().map(|w| hash_bytes(w.xpos.as_bytes())).collect())
                .collect();
            let labels: Vec<Vec<usize>> = train.iter().map(|s| label_classes(s)).collect();
            train_labeller(&lexical, &xpos, &labels, options)
        });
        let tags = tagger.train_tags(&corpus, &all, options);
        (
            tags,
            labels.join().expect("the labeller's training panicked"),
        )
    });
    tagger.tags = tags;
    tagger.labels = labels;
    tagger.lemmatizer.ud = ud_exceptions(&tagger.lemmatizer, train);
    tagger
}

/// The training sentences as the passes read them.
struct Corpus<'a> {
    words: &'a [Vec<&'a str>],
    lexical: &'a [Vec<Lexical>],
    gold: &'a [Vec<usize>],
}

impl Tagger {
    /// Trains the tagger's weights on the sentences `subset`.
    fn train_tags(&self, corpus: &Corpus<'_>, subset: &[usize], options: &TrainOptions) -> Weights {
        let mut order = subset.to_vec();
        let mut rng = Pcg64::seed_from_u64(options.seed);
        let mut perceptron = Training::new(self.classes.len());
        let mut features = (Vec::new(), Vec::new());
        for _ in 0..options.epochs {
            order.shuffle(&mut rng);
            for &s in &order {
                self.learn_sentence(&mut perceptron, corpus, s, &mut features);
            }
        }
        perceptron.average(options.min_weight)
    }
}

impl Tagger {
    /// One sentence of beam training with early update: where the best prefix the beam kept
    /// differs from the gold one, every token's features on the gold history vote for the gold
    /// class, and on the predicted history against the predicted class.
    fn learn_sentence(
        &self,
        perceptron: &mut Training,
        corpus: &Corpus<'_>,
        s: usize,
        features: &mut (Vec<u64>, Vec<u64>),
    ) {
        let (words, lexical, gold) = (&corpus.words[s], &corpus.lexical[s], &corpus.gold[s]);
        perceptron.tick();
        let best = self.beam_search(
            words,
            lexical,
            usize::from(self.beam),
            perceptron,
            Some(gold),
        );
        let upto = best.len();
        if best[..] == gold[..upto] {
            return;
        }
        let at =
            |seq: &[usize], j: usize, k: usize| j.checked_sub(k).map_or(NO_TAG, |i| seq[i] as u64);
        for j in 0..upto {
            if matches!(self.lexicon.get(words[j]), Some((_, true))) {
                continue;
            }
            let gold_history = [at(gold, j, 1), at(gold, j, 2)];
            let best_history = [at(&best, j, 1), at(&best, j, 2)];
            if gold_history == best_history && gold[j] == best[j] {
                continue;
            }
            tag_features(lexical, j, gold_history, self.groups, &mut features.0);
            tag_features(lexical, j, best_history, self.groups, &mut features.1);
            perceptron.update(&features.0, gold[j], 1.0);
            perceptron.update(&features.1, best[j], -1.0);
        }
    }
}

/// A sentence to train the labeller on with labels from elsewhere: its words, their Penn tags
/// and their spaCy labels (any spaCy label; those the tagger does not predict count as `dep`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelledSentence {
    /// The words.
    pub words: Vec<String>,
    /// Their Penn Treebank tags.
    pub xpos: Vec<String>,
    /// Their dependency labels.
    pub labels: Vec<String>,
}

impl Tagger {
    /// The same tagger with its labeller retrained on `sentences` (for instance EWT's words and
    /// tags with spaCy's own labels, the alternative to the documented UD mapping).
    ///
    /// # Panics
    /// When a sentence's three lists differ in length.
    pub fn relabelled(&self, sentences: &[LabelledSentence], options: &TrainOptions) -> Tagger {
        let lexical: Vec<Vec<Lexical>> = sentences.iter().map(|s| self.lexical(&s.words)).collect();
        let xpos: Vec<Vec<u64>> = sentences
            .iter()
            .map(|s| s.xpos.iter().map(|t| hash_bytes(t.as_bytes())).collect())
            .collect();
        let labels: Vec<Vec<usize>> = sentences
            .iter()
            .map(|s| {
                assert!(s.words.len() == s.xpos.len() && s.words.len() == s.labels.len());
                s.labels
                    .iter()
                    .map(|l| LABELS.iter().position(|x| x == l).unwrap_or(0))
                    .collect()
            })
            .collect();
        let mut tagger = self.clone();
        tagger.labels = train_labeller(&lexical, &xpos, &labels, options);
        tagger
    }
}

/// Trains the labeller on Penn tags (hashed) and label classes.
fn train_labeller(
    lexical: &[Vec<Lexical>],
    xpos: &[Vec<u64>],
    labels: &[Vec<usize>],
    options: &TrainOptions,
) -> Weights {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    let mut rng = Pcg64::seed_from_u64(options.seed);
    let mut labeller = Training::new(LABELS.len());
    let mut features = Vec::new();
    for _ in 0..options.epochs {
        order.shuffle(&mut rng);
        for &s in &order {
            let mut previous = NO_TAG;
            for (i, &label) in labels[s].iter().enumerate() {
                label_features(&lexical[s], &xpos[s], i, previous, &mut features);
                labeller.learn(&features, label);
                previous = label as u64;
            }
        }
    }
    labeller.average(options.min_weight)
}

/// The label classes of a UD sentence under the documented mapping ([`crate::deprel`]).
fn label_classes(sentence: &[Word]) -> Vec<usize> {
    let tokens: Vec<UdToken<'_>> = sentence.iter().map(UdToken::from).collect();
    spacy_labels(&tokens)
        .into_iter()
        .map(|l| LABELS.iter().position(|x| *x == l).unwrap_or(0))
        .collect()
}

/// The most frequent class of each word seen at least `lexicon_count` times, marked when the
/// word is frequent and unambiguous enough to tag by lookup.
fn lexicon(
    train: &[Vec<Word>],
    gold: &[Vec<usize>],
    options: &TrainOptions,
) -> HashMap<String, (u16, bool)> {
    let mut counts: HashMap<&str, HashMap<usize, usize>> = HashMap::new();
    for (sentence, classes) in train.iter().zip(gold) {
        for (w, &c) in sentence.iter().zip(classes) {
            *counts.entry(&w.form).or_default().entry(c).or_default() += 1;
        }
    }
    counts
        .into_iter()
        .filter_map(|(word, by_class)| {
            let total: usize = by_class.values().sum();
            let (&class, &n) = by_class
                .iter()
                .max_by_key(|(c, n)| (**n, std::cmp::Reverse(**c)))?;
            let sure = total >= options.tag_dictionary_count
                && n as f64 / total as f64 >= options.tag_dictionary_share;
            (total >= options.lexicon_count).then(|| (word.to_owned(), (class as u16, sure)))
        })
        .collect()
}

/// Where EWT's lemmas differ from spaCy's: per (lower-cased word, Penn tag), the edit EWT's
/// training lemmas show most often, kept when it is right more often than spaCy's lemma.
fn ud_exceptions(lemmatizer: &Lemmatizer, train: &[Vec<Word>]) -> UdExceptions {
    let mut counts: HashMap<(String, String), (usize, HashMap<String, usize>)> = HashMap::new();
    for sentence in train {
        let words: Vec<&str> = sentence.iter().map(|w| w.form.as_str()).collect();
        let upos: Vec<&str> = sentence.iter().map(|w| w.upos.as_str()).collect();
        let xpos: Vec<&str> = sentence.iter().map(|w| w.xpos.as_str()).collect();
        let spacy = lemmatizer.sentence(&words, &upos, &xpos);
        for (w, lemma) in sentence.iter().zip(spacy) {
            let entry = counts
                .entry((w.form.to_lowercase(), w.xpos.clone()))
                .or_default();
            if lemma == w.lemma {
                entry.0 += 1;
            } else {
                *entry.1.entry(lemma_edit(&w.form, &w.lemma)).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .filter_map(|(key, (spacy_right, edits))| {
            let (edit, n) = edits
                .into_iter()
                .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))?;
            (n > spacy_right).then_some((key, edit))
        })
        .collect()
}
