//! GREEN against gec-metrics' `metrics/green.py` on the 14 CoNLL-2014 systems and JFLEG dev's
//! five outputs, in four configurations (`cargo xtask record metric-zoo`,
//! `tests/recorded/green.tsv`): the corpus score to the last bit, and every sentence score, by the
//! SHA-256 of their Python reprs (every fifth row, so every configuration, in the test run, all under `cargo xtask
//! slow-drop-in`).

use gec_metrics::dropin::python_float;
use gec_metrics::{GreenOptions, GreenUnit, green, read_lines};
use gecbias_data::datasets::{CONLL_PARAGRAPHS, CONLL_REFERENCES, JFLEG_DEV};
use gecbias_data::testing::{data_or_skip, in_sample, sample_size};
use sha2::{Digest, Sha256};

const RECORDED: &str = include_str!("recorded/green.tsv");

fn options(configuration: &str) -> GreenOptions {
    let mut options = GreenOptions::default();
    for field in configuration.split(',') {
        let (key, value) = field.split_once('=').unwrap();
        match key {
            "unit" => {
                options.unit = if value == "char" {
                    GreenUnit::Char
                } else {
                    GreenUnit::Word
                }
            }
            "n" => options.n = value.parse().unwrap(),
            "beta" => options.beta = value.parse().unwrap(),
            other => panic!("unknown key {other}"),
        }
    }
    options
}

#[test]
fn green_matches_gec_metrics_on_conll14_and_jfleg() {
    let Some(data) = data_or_skip("GREEN on CoNLL-2014 and JFLEG") else {
        return;
    };
    let refs = data.join(CONLL_REFERENCES);
    let jfleg = data.join(JFLEG_DEV);
    let conll_source = read_lines(refs.join("source")).unwrap();
    let conll_refs = vec![
        read_lines(refs.join("NUCLEA")).unwrap(),
        read_lines(refs.join("NUCLEB")).unwrap(),
    ];
    let jfleg_source = read_lines(jfleg.join("dev.src")).unwrap();
    let jfleg_refs: Vec<Vec<String>> = (0..4)
        .map(|k| read_lines(jfleg.join(format!("dev.ref{k}"))).unwrap())
        .collect();
    let mut checked = 0;
    for (index, row) in RECORDED.lines().skip(1).enumerate() {
        if !in_sample(index, 5) {
            continue;
        }
        let f: Vec<&str> = row.split('\t').collect();
        let (source, references, path) = match f[0].strip_prefix("jfleg/") {
            Some(output) => (&jfleg_source, &jfleg_refs, jfleg.join(output)),
            None => (
                &conll_source,
                &conll_refs,
                data.join(&format!("{CONLL_PARAGRAPHS}/{}", f[0])),
            ),
        };
        let hypotheses = read_lines(&path).unwrap();
        let score = green(source, &hypotheses, references, &[], &options(f[1])).unwrap();
        assert_eq!(python_float(score.corpus), f[2], "{} {}", f[0], f[1]);
        assert_eq!(score.sentences.len().to_string(), f[3]);
        let reprs: Vec<String> = score.sentences.iter().map(|&s| python_float(s)).collect();
        let digest: String = Sha256::digest(reprs.join("\n"))
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(digest, f[4], "{} {}: sentence scores", f[0], f[1]);
        checked += 1;
    }
    assert_eq!(checked, sample_size(19 * 4, 5));
}
