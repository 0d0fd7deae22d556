//! EASSE's corpus SARI on TurkCorpus against the values EASSE 0.2.4 gave (metric-goldens §c,
//! `goldens/sari_turkcorpus_results.tsv`: every variant, and the add, keep and delete scores).

use gecbias_data::datasets::{CONLL_PARAGRAPHS, NTS_KBEST, TURKCORPUS};
use gecbias_data::testing::{data_and_golden_rows, lf_lines};
use simplification_metrics::{EasseVariant, Preprocessing, References, easse_corpus_sari};

#[test]
fn corpus_sari_matches_easse_in_every_variant() {
    let Some((data, table)) = data_and_golden_rows("sari_turkcorpus_results.tsv") else {
        return;
    };
    let dir = data.join(TURKCORPUS);
    let source = lf_lines(&dir.join("test.8turkers.tok.norm"));
    let streams: Vec<Vec<String>> = (0..8)
        .map(|k| lf_lines(&dir.join(format!("test.8turkers.tok.turk.{k}"))))
        .collect();
    let references = References::from_streams(&streams).unwrap();
    let mut rows = 0;
    for row in &table {
        let f: Vec<&str> = row.iter().map(String::as_str).collect();
        let path = match f[0] {
            "test.8turkers.tok.norm" => dir.join(f[0]),
            "test.8turkers.tok.simp" => data.join(&format!("{CONLL_PARAGRAPHS}/{}", f[0])),
            "result_NTS_epoch11_10.19.t7_12_h1" => data.join(&format!("{NTS_KBEST}/{}", f[0])),
            name => dir.join(format!("systemoutputs/{name}")),
        };
        let output = lf_lines(&path);
        let score = |variant| {
            easse_corpus_sari(
                &source,
                &output,
                &references,
                variant,
                Preprocessing::default(),
            )
            .unwrap()
        };
        let easse = score(EasseVariant::Default);
        let ours = [
            ("SARI", easse.sari),
            ("add", easse.add),
            ("keep", easse.keep),
            ("delete", easse.delete),
            ("legacy", score(EasseVariant::Legacy).sari),
            ("paper version", score(EasseVariant::PaperVersion).sari),
        ];
        // The golden's columns 4–9 are EASSE's values in this order.
        for ((what, value), expected) in ours.iter().zip(&f[4..10]) {
            let expected: f64 = expected.parse().unwrap();
            let tolerance = 1e-12 * expected.abs().max(1.0);
            assert!(
                (value - expected).abs() <= tolerance,
                "{} {what}: {value} vs {expected}",
                f[0]
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 7);
}
