//! Training: the tagger and the labeller, each an averaged perceptron trained greedily on
//! UD English-EWT, the sentence order shuffled by a seeded generator (same seed, same model).

use std::collections::HashMap;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

use crate::conllu::Word;
use crate::deprel::{LABELS, UdToken, spacy_labels};
use crate::features::{FeatureGroups, Lexical, NO_TAG, hash_bytes, label_features};
use crate::lemma::{LemmaTables, Lemmatizer};
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
            cluster_words: 200_000,
        }
    }
}

/// Trains a tagger on UD sentences (`train`), with Brown clusters (`clusters`: word and path,
/// most frequent word first) and spaCy's lemma tables. `info` is recorded in the model.
pub fn train(
    train: &[Vec<Word>],
    clusters: &[(String, u32)],
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
        tags: Default::default(),
        labels: Default::default(),
        lexicon: lexicon(train, &gold, options),
        clusters: clusters
            .iter()
            .take(options.cluster_words)
            .map(|(w, c)| (w.clone(), *c))
            .collect(),
        lemmatizer: Lemmatizer::new(tables),
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
        let labels = scope.spawn(|| train_labeller(train, &lexical, options));
        let tags = tagger.train_tags(&corpus, &all, options);
        (
            tags,
            labels.join().expect("the labeller's training panicked"),
        )
    });
    tagger.tags = tags;
    tagger.labels = labels;
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
        for _ in 0..options.epochs {
            order.shuffle(&mut rng);
            for &s in &order {
                let gold = &corpus.gold[s];
                self.greedy_pass(&corpus.words[s], &corpus.lexical[s], |f, i| {
                    perceptron.learn(f, gold[i])
                });
            }
        }
        perceptron.average(options.min_weight)
    }
}

/// Trains the labeller on gold Penn tags and the mapped labels.
fn train_labeller(
    train: &[Vec<Word>],
    lexical: &[Vec<Lexical>],
    options: &TrainOptions,
) -> Weights {
    let labels: Vec<Vec<usize>> = train.iter().map(|s| label_classes(s)).collect();
    let xpos: Vec<Vec<u64>> = train
        .iter()
        .map(|s| s.iter().map(|w| hash_bytes(w.xpos.as_bytes())).collect())
        .collect();
    let mut order: Vec<usize> = (0..train.len()).collect();
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
