//! The word aligner against EASSE 0.2.4's `MonolingualWordAligner`, given the same analyses, on
//! every scene–sentence pair SAMSA aligns in QATS test and Simplicity-DA (1,850 pairs of 1,545
//! analysed sentences; `cargo xtask record samsa-aligner`), entity tags included.

use std::io::Read as _;

use serde_json::Value;
use ucca_samsa::{Dependency, Sentence, Token, WordAligner};

fn sentence(v: &Value) -> Sentence {
    let [w, l, t, n] = ["w", "l", "t", "n"]
        .map(|k| -> Vec<String> { serde_json::from_value(v[k].clone()).unwrap() });
    let tokens = (0..w.len())
        .map(|i| Token {
            word: w[i].clone(),
            lemma: l[i].clone(),
            pos: t[i].clone(),
            ner: n[i].clone(),
        })
        .collect();
    let dependencies = v["d"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| Dependency {
            relation: d[0].as_str().unwrap().to_owned(),
            governor: d[1].as_u64().unwrap() as usize,
            dependent: d[2].as_u64().unwrap() as usize,
        })
        .collect();
    Sentence {
        tokens,
        dependencies,
    }
}

#[test]
fn alignments_equal_easses_aligner_on_every_recorded_pair() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/recorded/aligner.jsonl.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let stopwords: Vec<String> = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(stopwords.len(), 179, "NLTK's English list");
    let aligner = WordAligner::new(stopwords);
    let rows: Vec<Value> = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    let sentences: Vec<Sentence> = rows
        .iter()
        .filter(|r| r.is_object())
        .map(sentence)
        .collect();
    let pairs: Vec<&Value> = rows.iter().filter(|r| r.is_array()).collect();
    assert_eq!((sentences.len(), pairs.len()), (1545, 1850));
    let mut differ = Vec::new();
    for p in &pairs {
        let (a, b) = (
            p[0].as_u64().unwrap() as usize,
            p[1].as_u64().unwrap() as usize,
        );
        let expected: Vec<(usize, usize)> = serde_json::from_value(p[2].clone()).unwrap();
        let ours = aligner.align(&sentences[a], &sentences[b]).unwrap();
        if ours != expected {
            differ.push(format!(
                "pair {a}-{b}: ours {ours:?}\n  reference {expected:?}"
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} pairs differ; first:\n{}",
        differ.len(),
        pairs.len(),
        differ[..differ.len().min(3)].join("\n")
    );
}
