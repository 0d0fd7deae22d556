//! USim on the human annotations against the reference code (usim-goldens §3,
//! `goldens/usim_human_pairs.tsv`): every pair, both directions, both code generations, both
//! comparable rules, both tie-breaking versions — counts and score exactly.

use std::collections::HashMap;

use gecbias_data::datasets::USIM_ANNOTATIONS;
use gecbias_data::testing::data_and_golden_rows;
use ucca_graph::Passage;
use usim::{Params, PassagePair, PreparedPassage};

/// Prepared passages by file stem.
type Passages = HashMap<String, PreparedPassage>;

/// The golden rows (tab-separated fields) `keep` keeps and every passage they name, prepared.
fn goldens(keep: impl Fn(&[String]) -> bool) -> Option<(Vec<Vec<String>>, Passages)> {
    let (data, rows) = data_and_golden_rows("usim_human_pairs.tsv")?;
    let rows: Vec<Vec<String>> = rows.into_iter().filter(|f| keep(f)).collect();
    let mut passages = HashMap::new();
    for f in &rows {
        for name in [&f[1], &f[2]] {
            passages.entry(name.clone()).or_insert_with(|| {
                let path = data.join(&format!("{USIM_ANNOTATIONS}/{name}.xml"));
                PreparedPassage::new(&Passage::read(&path).unwrap()).unwrap()
            });
        }
    }
    Some((rows, passages))
}

/// The passages of a row in the row's direction.
fn ordered<'p>(
    f: &[String],
    passages: &'p HashMap<String, PreparedPassage>,
) -> (&'p PreparedPassage, &'p PreparedPassage) {
    let (first, second) = (&passages[&f[1]], &passages[&f[2]]);
    if f[3] == "s2r" {
        (first, second)
    } else {
        (second, first)
    }
}

/// One pair of each trial of Table 1 (Different, Same, IAA; the shortest passages of each): the rows
/// the default test run checks,
/// every environment included; `cargo xtask reproduce usim-table1` checks every row of every pair in
/// CI (25 s more).
const SAMPLE: [(&str, &str); 3] = [
    ("amittaic1200", "tree1300"),
    ("amittaic1205", "amittaic1305"),
    ("amittaic1301", "tree1301"),
];

#[test]
fn one_pair_of_each_trial_matches_the_reference() {
    let Some((sample, passages)) =
        goldens(|f| SAMPLE.iter().any(|(a, b)| f[1] == *a && f[2] == *b))
    else {
        return;
    };
    assert_eq!(check(&sample, &passages), (36, 12));
}

/// Checks `rows`: USim with its counts; and where a row gives them (columns 13–16, for each
/// environment with its own comparable rule and munkres ≥ 1.0.12), the draft's variants, USim and
/// the variants sharing each pair's word alignments. Returns (rows, rows with variants) checked.
fn check(rows: &[Vec<String>], passages: &Passages) -> (usize, usize) {
    use usim::Mapping;
    let mut failures = Vec::new();
    let mut variants_checked = 0;
    // The alignment depends on the pair, its direction, the code generation's sentence marks and
    // the tie-breaking, not on the comparable rule: each is computed once.
    let mut pairs: HashMap<&[String], PassagePair> = HashMap::new();
    for f in rows {
        let (a, b) = ordered(f, passages);
        let params = usim::trials::reference_environment(&f[4], &f[5], &f[6]).unwrap();
        let pair = pairs
            .entry(&f[1..6])
            .or_insert_with(|| PassagePair::new(a, b));
        let s = pair.usim(&params);
        let expected: f64 = f[7].parse().unwrap();
        let counts: Vec<usize> = f[8..12].iter().map(|x| x.parse().unwrap()).collect();
        let ours = vec![
            s.matched_first,
            s.matched_second,
            s.units_first,
            s.units_second,
        ];
        if s.usim != expected || ours != counts {
            failures.push(format!("{}\n  ours {} {ours:?}", f.join(" "), s.usim));
        }
        if f.len() >= 16 && !f[12].is_empty() {
            let params = if f[4] == "REL" {
                Params::RELEASED
            } else {
                Params::BRANCH_2017
            };
            let ours = [
                pair.top_down_cut(&params),
                pair.token_distance(&params, Mapping::BottomUp),
                pair.token_distance(&params, Mapping::TopDown),
                pair.token_distance(&params, Mapping::AllToAll),
            ];
            let expected: Vec<f64> = f[12..16].iter().map(|x| x.parse().unwrap()).collect();
            if ours[..] != expected[..] {
                failures.push(format!(
                    "{} {} {} {} variants: ours {ours:?}\n   reference {expected:?}",
                    f[1], f[2], f[3], f[4]
                ));
            }
            variants_checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
    (rows.len(), variants_checked)
}
