//! SARI against `SARI.py` on TurkCorpus (metric-goldens §c,
//! `goldens/sari_turkcorpus_results.tsv`, `goldens/sari_persentence_SBMT-SARI.txt`).

use gec_metrics::read_lines;
use gec_metrics::sari::{lucky_sari, max_sari, sari_per_sentence};
use gec_metrics::sari_sentence;
use gecbias_data::DataDir;
use gecbias_data::datasets::{CONLL_PARAGRAPHS, NTS_KBEST, TURKCORPUS};
use gecbias_data::testing::{data_and_golden, data_and_golden_rows};

fn turkcorpus(data: &DataDir) -> (Vec<String>, Vec<Vec<String>>) {
    let dir = data.join(TURKCORPUS);
    let source = read_lines(dir.join("test.8turkers.tok.norm")).unwrap();
    let refs = (0..8)
        .map(|k| read_lines(dir.join(format!("test.8turkers.tok.turk.{k}"))).unwrap())
        .collect();
    (source, refs)
}

fn output(data: &DataDir, name: &str) -> Vec<String> {
    let path = match name {
        "test.8turkers.tok.norm" => data.join(&format!("{TURKCORPUS}/{name}")),
        "test.8turkers.tok.simp" => data.join(&format!("{CONLL_PARAGRAPHS}/{name}")),
        "result_NTS_epoch11_10.19.t7_12_h1" => data.join(&format!("{NTS_KBEST}/{name}")),
        _ => data.join(&format!("{TURKCORPUS}/systemoutputs/{name}")),
    };
    gec_metrics::sari::read_sari_lines(&path).unwrap()
}

#[test]
fn per_sentence_sari_matches_sari_py() {
    let Some((data, expected)) = data_and_golden("sari_persentence_SBMT-SARI.txt") else {
        return;
    };
    let (source, refs) = turkcorpus(&data);
    let ours =
        sari_per_sentence(&source, &output(&data, "sari30it.test.output.1best"), &refs).unwrap();
    let expected: Vec<f64> = expected.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(ours.len(), 359);
    for (i, (a, b)) in ours.iter().zip(&expected).enumerate() {
        assert!((a - b).abs() <= 1e-12, "sentence {i}: {a} vs {b}");
    }
}

#[test]
fn mean_sari_matches_sari_py() {
    let Some((data, table)) = data_and_golden_rows("sari_turkcorpus_results.tsv") else {
        return;
    };
    let (source, refs) = turkcorpus(&data);
    let mut rows = 0;
    for row in &table {
        let f: Vec<&str> = row.iter().map(String::as_str).collect();
        let out = output(&data, f[0]);
        let per = sari_per_sentence(&source, &out, &refs).unwrap();
        let mean = per.iter().sum::<f64>() / per.len() as f64;
        let expected: f64 = f[2].parse().unwrap();
        assert!(
            (mean - expected).abs() <= 1e-12 * expected.max(1.0),
            "{}: SARI.py's mean {expected}, ours {mean}",
            f[0]
        );
        rows += 1;
    }
    assert_eq!(rows, 7);
}

#[test]
fn max_and_lucky_sari_are_built_from_single_and_own_references() {
    // SARI.py's own example sentences.
    let source = "About 95 species are currently accepted .";
    let refs = [
        "About 95 species are currently known .",
        "About 95 species are now accepted .",
        "95 species are now accepted .",
    ];
    // lcb-goldens G12: SARI.py on its own example, to the 10 decimals given there.
    let outputs = [
        ("About 95 you now get in .", 0.2682782412),
        ("About 95 species are now agreed .", 0.5889995423),
        ("About 95 species are currently agreed .", 0.5071608865),
        (source, 0.2187321753),
    ];
    for (output, expected) in outputs {
        let got = sari_sentence(source, output, &refs);
        assert!((got - expected).abs() < 5e-11, "{output}: {got}");
    }
    assert_eq!(sari_sentence(source, refs[0], &refs[..1]), 1.0);
    let output = "About 95 species are now agreed .";
    let singles: Vec<f64> = refs
        .iter()
        .map(|r| sari_sentence(source, output, &[r]))
        .collect();
    assert_eq!(
        max_sari(source, output, &refs),
        singles.iter().copied().fold(0.0, f64::max)
    );
    assert_eq!(
        lucky_sari(source, &refs),
        Some(sari_sentence(source, refs[0], &refs))
    );
    assert_eq!(lucky_sari(source, &[]), None);
    // An output identical to the source adds and deletes nothing: only the keep part scores.
    let unchanged = sari_sentence(source, source, &refs);
    assert!(
        unchanged > 0.0 && unchanged < 1.0 / 3.0 + 1e-12,
        "{unchanged}"
    );
}
