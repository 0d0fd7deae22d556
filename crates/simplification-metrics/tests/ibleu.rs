//! iBLEU and FKBLEU against the per-sentence values of Alva-Manchego, Scarton & Specia's
//! meta-evaluation (`metaeval_simplification/data/metrics_per_sentence/metrics_simplicity_DA.csv`,
//! computed with EASSE by its `notebooks/2-metrics_computation.ipynb`): every one of the 600
//! rated outputs against ASSET's, TurkCorpus's and HSplit's references and all 22 together (the
//! source ASSET's), Moses tokens, case kept, α = 0.9: equal to 10⁻¹² relative (a few values
//! differ from the CSV's in the last bit).

use std::collections::HashMap;

use bleu_chrf::python_str::python_strip;
use gecbias_data::datasets::EasseTestSet;
use gecbias_data::testing::lf_lines;
use simplification_metrics::{EasseTokenizer, FkBleu, IBleu, Preprocessing};

const STUDY: &str = "metaeval_simplification/data";

fn rows(path: &std::path::Path) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

#[test]
fn ibleu_and_fkbleu_are_the_meta_evaluations() {
    let Some(data) = gecbias_data::testing::data_or_skip("iBLEU and FKBLEU of Simplicity-DA")
    else {
        return;
    };
    let lines = |file: &str| -> Vec<String> {
        lf_lines(&data.join(file))
            .iter()
            .map(|l| python_strip(l).to_owned())
            .collect()
    };
    let set = |name: &str| {
        let set = EasseTestSet::named(name).unwrap();
        let refs: Vec<Vec<String>> = set.references.iter().map(|r| lines(r)).collect();
        (lines(&set.source), refs)
    };
    let (asset, turk, hsplit) = (
        set("asset_test"),
        set("turkcorpus_test"),
        set("hsplit_test"),
    );
    let all: Vec<Vec<String>> = [&asset.1, &turk.1, &hsplit.1]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let sets = HashMap::from([
        ("asset", (&asset.0, &asset.1)),
        ("turk", (&turk.0, &turk.1)),
        ("hsplit", (&hsplit.0, &hsplit.1)),
        ("all", (&asset.0, &all)),
    ]);
    let outputs: HashMap<(String, String), String> =
        rows(&data.join(&format!("{STUDY}/simplicity_DA.csv")))
            .into_iter()
            .map(|r| {
                (
                    (r["sent_id"].clone(), r["sys_name"].clone()),
                    r["simp_sent"].clone(),
                )
            })
            .collect();
    let preprocessing = Preprocessing::new(false, EasseTokenizer::Moses);
    let (ibleu, fkbleu) = (
        IBleu::new(0.9, preprocessing),
        FkBleu::new(0.9, preprocessing).unwrap(),
    );
    let mut checked = 0;
    for row in rows(&data.join(&format!(
        "{STUDY}/metrics_per_sentence/metrics_simplicity_DA.csv"
    ))) {
        let (sources, references) = sets[row["test_set"].as_str()];
        let k: usize = row["sent_id"].parse::<usize>().unwrap() - 1;
        let output = &outputs[&(row["sent_id"].clone(), row["sys_name"].clone())];
        let refs: Vec<&str> = references.iter().map(|r| r[k].as_str()).collect();
        for (name, ours) in [
            ("ibleu", ibleu.line(&sources[k], output, &refs)),
            ("fkbleu", fkbleu.line(&sources[k], output, &refs)),
        ] {
            let expected: f64 = row[name].parse().unwrap();
            assert!(
                (ours - expected).abs() <= 1e-12 * expected.abs().max(1.0),
                "{name} of {} {} on {}: {ours} vs {expected}",
                row["sys_name"],
                row["sent_id"],
                row["test_set"]
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 2400);
}
