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

/// The draft's variants on the human pairs (`goldens/usim_human_pairs.tsv`, columns 13–16, given
/// for each environment with its own comparable rule and munkres ≥ 1.0.12).
#[test]
fn variants_on_the_human_pairs() {
    use usim::{Mapping, token_distance, top_down_cut};
    let Some(data) = data_or_skip("USim variant goldens") else {
        return;
    };
    let Some(table) = or_skip(
        std::fs::read_to_string(spec_goldens_dir().join("usim_human_pairs.tsv")),
        "USim variant goldens",
    ) else {
        return;
    };
    let mut cache: HashMap<String, PreparedPassage> = HashMap::new();
    let mut failures = Vec::new();
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 16 || f[12].is_empty() {
            continue;
        }
        for name in [f[1], f[2]] {
            cache.entry(name.to_owned()).or_insert_with(|| {
                PreparedPassage::new(&Passage::read(&data.join(&format!("{USIM_ANNOTATIONS}/{name}.xml"))).unwrap()).unwrap()
            });
        }
        let (first, second) = (&cache[f[1]], &cache[f[2]]);
        let (a, b) = if f[3] == "s2r" { (first, second) } else { (second, first) };
        let params = if f[4] == "REL" { Params::RELEASED } else { Params::BRANCH_2017 };
        let ours = [
            top_down_cut(a, b, &params),
            token_distance(a, b, &params, Mapping::BottomUp),
            token_distance(a, b, &params, Mapping::TopDown),
            token_distance(a, b, &params, Mapping::AllToAll),
        ];
        let expected: Vec<f64> = f[12..16].iter().map(|x| x.parse().unwrap()).collect();
        if ours[..] != expected[..] {
            failures.push(format!("{} {} {} {}: ours {ours:?}\n   reference {expected:?}", f[1], f[2], f[3], f[4]));
        }
        rows += 1;
    }
    assert!(failures.is_empty(), "{} of {rows} differ:\n{}", failures.len(), failures.join("\n"));
}
