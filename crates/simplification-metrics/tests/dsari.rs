//! D-SARI against its authors' `D_SARI.py` (`cargo xtask record dsari`): 1,800 documents, each 4
//! consecutive lines of EASSE's TurkCorpus legacy test set (sources, 8 Turkers' references) and
//! of each of its 20 tokenised lowercased system outputs; D-SARI and its keep, delete and add
//! scores the same `f64` (every 6th document in the test run, all under `cargo xtask
//! slow-drop-in`).

use gecbias_data::testing::{in_sample, lf_lines, sample_size};
use simplification_metrics::DSariScorer;

const RECORDED: &str = include_str!("recorded/dsari.tsv");
const DOCUMENT: usize = 4;
const EVERY: usize = 6;

#[test]
fn dsari_is_the_authors_on_every_recorded_document() {
    let Some(data) = gecbias_data::testing::data_or_skip("D-SARI against D_SARI.py") else {
        return;
    };
    let easse = data.root().join("easse/easse/resources/data");
    let documents = |rel: &str| -> Vec<String> {
        let lines: Vec<String> = lf_lines(&easse.join(rel))
            .iter()
            .map(|l| l.trim().to_owned())
            .collect();
        lines.chunks(DOCUMENT).map(|c| c.join(" ")).collect()
    };
    let legacy = "test_sets/turkcorpus/legacy";
    let sources = documents(&format!("{legacy}/test.8turkers.tok.norm"));
    let references: Vec<Vec<String>> = (0..8)
        .map(|k| documents(&format!("{legacy}/test.8turkers.tok.turk.{k}")))
        .collect();
    let scorer = DSariScorer::new().unwrap();
    let mut output = (String::new(), Vec::new());
    let mut checked = 0;
    for (index, row) in RECORDED.lines().skip(1).enumerate() {
        if !in_sample(index, EVERY) {
            continue;
        }
        let f: Vec<&str> = row.split('\t').collect();
        if output.0 != f[0] {
            output = (
                f[0].to_owned(),
                documents(&format!("system_outputs/turkcorpus/test/tok.low/{}", f[0])),
            );
        }
        let k: usize = f[1].parse().unwrap();
        let refs: Vec<&str> = references.iter().map(|r| r[k].as_str()).collect();
        let ours = scorer.document(&sources[k], &output.1[k], &refs);
        let expected: Vec<f64> = f[2..6].iter().map(|v| v.parse().unwrap()).collect();
        assert_eq!(
            [ours.score, ours.keep, ours.delete, ours.add].to_vec(),
            expected,
            "{} document {k}",
            f[0]
        );
        checked += 1;
    }
    assert_eq!(checked, sample_size(1800, EVERY));
}
