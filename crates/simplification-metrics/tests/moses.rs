//! The Moses and Penn Treebank tokenizers against sacremoses (`cargo xtask record moses`: 0.2.0's
//! `tokenize(escape=False)` and 0.0.53's `penn_tokenize`, as EASSE's `-tok moses` and `-tok penn`
//! call them): the same tokens on every line. The test run checks PWKP's test set and system
//! outputs and ASSET's test sources, as written and lowercased; `cargo xtask reproduce
//! ts-metrics` checks every recorded file (EASSE's ASSET, TurkCorpus and PWKP test sets and
//! every system output: 99,865 lines).

use bleu_chrf::python_str::python_strip;
use gecbias_data::testing::lf_lines;
use sha2::{Digest, Sha256};
use simplification_metrics::EasseTokenizer;

const RECORDED: &str = include_str!("recorded/moses-penn-tokens.tsv");

/// The files the test run checks.
fn sampled(file: &str) -> bool {
    file.starts_with("test_sets/pwkp/")
        || file.starts_with("system_outputs/pwkp/")
        || file == "test_sets/asset/asset.test.orig"
}

#[test]
fn moses_and_penn_tokens_are_sacremoses() {
    let Some(data) = gecbias_data::testing::data_or_skip("Moses tokens against sacremoses") else {
        return;
    };
    let easse = data.root().join("easse/easse/resources/data");
    let mut checked = 0;
    for row in RECORDED.lines().skip(1) {
        let [file, tokenizer, lowercase, lines, digest] = row.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("moses-penn-tokens.tsv: {row}");
        };
        if !sampled(file) {
            continue;
        }
        let tokenizer = EasseTokenizer::named(tokenizer).unwrap();
        let text = lf_lines(&easse.join(file));
        assert_eq!(text.len().to_string(), lines, "{file}");
        let mut hash = Sha256::new();
        for line in &text {
            let line = python_strip(line);
            let line = if lowercase == "1" {
                line.to_lowercase()
            } else {
                line.to_owned()
            };
            hash.update(tokenizer.tokenize(&line) + "\n");
        }
        let ours: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            ours,
            digest,
            "{file} {} lowercase={lowercase}",
            tokenizer.name()
        );
        checked += 1;
    }
    // PWKP's test and valid sources and references, its 12 outputs and ASSET's test sources, by
    // 2 tokenizers and 2 casings.
    assert_eq!(checked, 17 * 4);
}
