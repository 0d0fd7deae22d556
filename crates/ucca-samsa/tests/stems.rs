//! The Snowball English stemmer against NLTK's `SnowballStemmer('english')`, which EASSE's word
//! aligner calls (`cargo xtask record samsa`): the stems of the 50,000 words of
//! `models/lexical-complexity-en/words.txt` (by the SHA-256 of their `word<TAB>stem` lines) and of
//! every token of EASSE's QATS, ASSET and TurkCorpus test sources and first references, case,
//! punctuation and apostrophes as written.

use sha2::{Digest, Sha256};
use ucca_samsa::snowball_english;

const RECORDED: &str = include_str!("recorded/stems.tsv");

#[test]
fn the_stems_are_nltks() {
    let mut rows = RECORDED.lines().filter(|l| !l.starts_with('#'));
    let digest = rows
        .next()
        .and_then(|l| l.strip_prefix("words.txt\t"))
        .unwrap();
    let words = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../models/lexical-complexity-en/words.txt"
    ))
    .unwrap();
    let listed: String = words
        .split('\n')
        .filter(|w| !w.is_empty())
        .map(|w| format!("{w}\t{}\n", snowball_english(w)))
        .collect();
    let ours: String = Sha256::digest(listed.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(ours, digest, "the stems of words.txt");
    let mut tokens = 0;
    for row in rows {
        let (token, stem) = row.split_once('\t').unwrap();
        assert_eq!(snowball_english(token), stem, "{token}");
        tokens += 1;
    }
    assert_eq!(tokens, 4992);
}
