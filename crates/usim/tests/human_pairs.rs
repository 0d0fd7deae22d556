//! USim on the human annotations against the reference code (usim-goldens §3,
//! `goldens/usim_human_pairs.tsv`): every pair, both directions, both code generations, both
//! comparable rules, both tie-breaking versions — counts and score exactly.

use std::collections::HashMap;

use gecbias_data::datasets::USIM_ANNOTATIONS;
use gecbias_data::location::spec_goldens_dir;
use gecbias_data::testing::{data_or_skip, or_skip};
use mono_align::TieBreaking;
use ucca_graph::Passage;
use usim::{Comparable, Params, PreparedPassage, usim};

#[test]
fn every_human_pair_matches_the_reference() {
    let Some(data) = data_or_skip("USim human-pair goldens") else {
        return;
    };
    let Some(table) = or_skip(
        std::fs::read_to_string(spec_goldens_dir().join("usim_human_pairs.tsv")),
        "USim human-pair goldens",
    ) else {
        return;
    };
    let mut passages: HashMap<String, PreparedPassage> = HashMap::new();
    let mut load = |name: &str| -> PreparedPassage {
        passages
            .entry(name.to_owned())
            .or_insert_with(|| {
                let path = data.join(&format!("{USIM_ANNOTATIONS}/{name}.xml"));
                PreparedPassage::new(&Passage::read(&path).unwrap()).unwrap()
            })
            .clone()
    };
    let mut rows = 0;
    let mut failures = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (first, second) = (load(f[1]), load(f[2]));
        let (a, b) = if f[3] == "s2r" {
            (&first, &second)
        } else {
            (&second, &first)
        };
        let mut params = if f[4] == "REL" {
            Params::RELEASED
        } else {
            Params::BRANCH_2017
        };
        params.comparable = if f[6] == "mainline" {
            Comparable::MultiTerminal
        } else {
            Comparable::AnyNonRoot
        };
        params.ties = if f[5] == "1.0.12" {
            TieBreaking::Munkres112
        } else {
            TieBreaking::Munkres108
        };
        let s = usim(a, b, &params);
        let expected: f64 = f[7].parse().unwrap();
        let counts: Vec<usize> = f[8..12].iter().map(|x| x.parse().unwrap()).collect();
        let ours = vec![
            s.matched_first,
            s.matched_second,
            s.units_first,
            s.units_second,
        ];
        if s.usim != expected || ours != counts {
            failures.push(format!("{line}\n  ours {} {ours:?}", s.usim));
        }
        rows += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {rows} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(rows, 264);
}
