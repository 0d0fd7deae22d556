//! Invariants of the word aligner on any analyses: no panic, word numbers within the sentences,
//! no pair twice; a sentence aligned with itself (no entity tags) gets each word aligned to
//! itself and nothing else.

use proptest::prelude::*;
use ucca_samsa::{Dependency, Sentence, Token, WordAligner};

/// A sentence over a small vocabulary (so that words repeat and match), with a random tree:
/// each word's governor an earlier word or the root.
fn sentence() -> impl Strategy<Value = Sentence> {
    let vocabulary = [
        "the", "cat", "sat", "on", "mat", ".", "Kim", "left", "-", "and", "of", "big-cat",
    ];
    let tags = [
        "DT", "NN", "VBD", "IN", "NN", ".", "NNP", "VBD", ":", "CC", "IN", "JJ",
    ];
    let relations = [
        "nsubj", "dobj", "prep", "pobj", "conj", "cc", "amod", "det", "punct",
    ];
    prop::collection::vec(
        (0..vocabulary.len(), 0..relations.len(), 0usize..100),
        1..12,
    )
    .prop_map(move |words| {
        let tokens = words
            .iter()
            .map(|&(w, _, _)| Token {
                word: vocabulary[w].to_owned(),
                lemma: vocabulary[w].to_lowercase(),
                pos: tags[w].to_owned(),
                ner: "O".to_owned(),
            })
            .collect();
        let dependencies = words
            .iter()
            .enumerate()
            .map(|(k, &(_, r, g))| Dependency {
                relation: if k == 0 {
                    "root".to_owned()
                } else {
                    relations[r].to_owned()
                },
                governor: if k == 0 { 0 } else { g % (k + 1) },
                dependent: k + 1,
            })
            .collect();
        Sentence {
            tokens,
            dependencies,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn alignments_stay_within_the_sentences(a in sentence(), b in sentence()) {
        let alignments = WordAligner::nltk_english().align(&a, &b).unwrap();
        for (k, &(i, j)) in alignments.iter().enumerate() {
            prop_assert!((1..=a.tokens.len()).contains(&i) && (1..=b.tokens.len()).contains(&j));
            prop_assert!(!alignments[..k].contains(&(i, j)), "{:?} twice", (i, j));
        }
    }

    #[test]
    fn a_sentence_aligns_to_itself_word_for_word(a in sentence()) {
        prop_assume!(a.tokens.len() >= 2);
        let mut alignments = WordAligner::nltk_english().align(&a, &a).unwrap();
        alignments.sort_unstable();
        let identity: Vec<(usize, usize)> = (1..=a.tokens.len()).map(|k| (k, k)).collect();
        prop_assert_eq!(alignments, identity);
    }
}
