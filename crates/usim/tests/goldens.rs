//! USim on the spec's small pairs and on the stored TUPA parses (usim-goldens §4, §6–§8).

use std::collections::HashMap;
use std::path::Path;

use gecbias_data::datasets::{JFLEG_DEV_PARSES, NUCLE_PARAGRAPH_PARSES, USIM_ANNOTATIONS};
use gecbias_data::testing::{data_and_golden_rows, data_or_skip};
use mono_align::TieBreaking;
use ucca_graph::{Category, Passage};
use usim::sentences::{common_sentence_ends, sentence_ends};
use usim::trials::{NUCLE_ESSAYS, TABLE_1, nucle_paragraph_pairs};
use usim::word_alignment::align_yields;
use usim::{
    Comparable, MainRelations, Mapping, Params, Positions, PreparedPassage, SentenceMarks,
    aligned_edit_distance, distsim, distsim_mean_absolute_difference, token_distance, top_down_cut,
    usim,
};

fn read(path: &Path) -> PreparedPassage {
    PreparedPassage::new(&Passage::read(path).unwrap()).unwrap()
}

#[test]
fn mini_pairs() {
    // The specs' hand-made small passages (usim-goldens §4), kept with this test.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/usim_mini");
    let pair = |k: u8| {
        (
            read(&dir.join(format!("src{k}.xml"))),
            read(&dir.join(format!("cor{k}.xml"))),
        )
    };
    let (s1, c1) = pair(1);
    let (s2, c2) = pair(2);
    let (s3, c3) = pair(3);
    let marks = SentenceMarks::Standalone;
    assert_eq!(sentence_ends(&s1, marks), [7]);
    assert_eq!(sentence_ends(&c1, marks), [6]);
    assert_eq!(sentence_ends(&s2, marks), [8, 11]);
    assert_eq!(sentence_ends(&c2, marks), [9, 13]);
    assert_eq!(sentence_ends(&s2, SentenceMarks::LastCharacter), [8, 11]);
    assert_eq!(common_sentence_ends(&s1, &c1, marks), (vec![7], vec![6]));
    assert_eq!(
        common_sentence_ends(&s2, &c2, marks),
        (vec![7, 10], vec![8, 12])
    );
    assert_eq!(
        common_sentence_ends(&s3, &c3, marks),
        (vec![7, 10], vec![8, 12])
    );
    let ties = TieBreaking::Munkres112;
    // The reference's −1 (aligned to nothing) is `None`.
    let reference = |pairs: &[(i64, i64)]| -> Vec<(Option<u32>, Option<u32>)> {
        let side = |x: i64| u32::try_from(x).ok();
        pairs.iter().map(|&(a, b)| (side(a), side(b))).collect()
    };
    assert_eq!(
        align_yields(&s1, &c1, marks, ties),
        reference(&[(1, 1), (2, 2), (3, 4), (4, 5), (5, -1), (6, 3), (7, 6)])
    );
    let two = [
        (-1, 4),
        (-1, 11),
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 5),
        (5, 6),
        (6, 7),
        (7, 8),
        (8, 9),
        (9, 10),
        (10, 12),
    ];
    assert_eq!(align_yields(&s2, &c2, marks, ties), reference(&two));
    assert_eq!(align_yields(&s3, &c3, marks, ties), reference(&two));
    let released = |a, b| usim(a, b, &Params::RELEASED).usim;
    let branch = |a, b| usim(a, b, &Params::BRANCH_2017).usim;
    for (s, c, rel, br) in [
        (&s1, &c1, 0.8, 0.8155339805825242),
        (&s2, &c2, 0.8, 0.8829431438127091),
        (&s3, &c3, 1.0, 0.8461538461538461),
    ] {
        assert_eq!(released(s, c), rel);
        assert_eq!(released(c, s), rel);
        assert_eq!(branch(s, c), br);
    }
    // The paragraph-position bug: mini3 is mini2 with its second sentence in a new paragraph.
    let fixed = Params {
        positions: Positions::Fixed,
        ..Params::RELEASED
    };
    assert_eq!(usim(&s3, &c3, &fixed).usim, usim(&s2, &c2, &fixed).usim);
    assert_eq!(usim(&s2, &c2, &fixed).usim, 0.8);
    // The draft's variants (usim-goldens §6), as released and in the branch.
    for params in [Params::RELEASED, Params::BRANCH_2017] {
        let distances: Vec<usize> = [(&s1, &c1), (&s2, &c2), (&s3, &c3)]
            .iter()
            .map(|(s, c)| aligned_edit_distance(s, c, &params))
            .collect();
        assert_eq!(distances, [1, 0, 0]);
    }
    for (s, c, rel) in [(&s1, &c1, 0.8), (&s2, &c2, 0.8), (&s3, &c3, 1.0)] {
        for mapping in [Mapping::BottomUp, Mapping::TopDown, Mapping::AllToAll] {
            assert_eq!(
                token_distance(s, c, &Params::RELEASED, mapping),
                rel,
                "{mapping:?}"
            );
        }
        assert_eq!(top_down_cut(s, c, &Params::RELEASED), 1.0);
    }
    let branch: Vec<f64> = [Mapping::BottomUp, Mapping::TopDown, Mapping::AllToAll]
        .into_iter()
        .map(|m| token_distance(&s1, &c1, &Params::BRANCH_2017, m))
        .collect();
    assert_eq!(branch, [0.8000000000000002, 1.0, 0.888888888888889]);
    assert_eq!(top_down_cut(&s3, &c3, &Params::BRANCH_2017), 0.9);
    // Released DISTSIM divides by zero on these pairs (no shared D); the branch reports 0.
    assert!(
        distsim(
            &[(&s2, &c2)],
            Comparable::MultiTerminal,
            MainRelations::Released
        )
        .is_err()
    );
    let d = distsim(
        &[(&s2, &c2)],
        Comparable::AnyNonRoot,
        MainRelations::Branch2017,
    )
    .unwrap();
    assert_eq!(d.get("H"), Some(1.0));
    assert_eq!(d.get("A"), Some(0.8571428571428571));
    assert_eq!(d.get("D"), Some(0.0));
    assert_eq!(d.get("A+D"), Some(0.75));
}

#[test]
fn distsim_of_the_trials() {
    let Some(data) = data_or_skip("DISTSIM goldens") else {
        return;
    };
    let mut cache: HashMap<&str, PreparedPassage> = HashMap::new();
    // usim-goldens §4: (trial, REL A+D, REL H, BR A+D, BR H, MAD A+D, MAD H), Table 1 order.
    let expected = [
        (
            "Different",
            0.967105,
            0.931937,
            0.948883,
            0.935567,
            6.000,
            8.667,
        ),
        ("Same", 0.970297, 0.960821, 0.962588, 0.959559, 4.444, 4.667),
        ("IAA", 0.962857, 0.938586, 0.953206, 0.940774, 6.000, 7.571),
    ];
    for (t, (trial, rel_ad, rel_h, br_ad, br_h, mad_ad, mad_h)) in TABLE_1.iter().zip(expected) {
        assert_eq!(t.name, trial);
        let pairs = t.pairs;
        for (a, b) in pairs {
            for n in [*a, *b] {
                cache
                    .entry(n)
                    .or_insert_with(|| read(&data.join(&format!("{USIM_ANNOTATIONS}/{n}.xml"))));
            }
        }
        let refs: Vec<(&PreparedPassage, &PreparedPassage)> =
            pairs.iter().map(|(a, b)| (&cache[a], &cache[b])).collect();
        let rel = distsim(&refs, Comparable::MultiTerminal, MainRelations::Released).unwrap();
        let br = distsim(&refs, Comparable::AnyNonRoot, MainRelations::Branch2017).unwrap();
        let close = |x: Option<f64>, y: f64| (x.unwrap() - y).abs() < 5e-7;
        assert!(
            close(rel.get("A+D"), rel_ad) && close(rel.get("H"), rel_h),
            "{trial} {rel:?}"
        );
        assert!(
            close(br.get("A+D"), br_ad) && close(br.get("H"), br_h),
            "{trial} {br:?}"
        );
        let mad = |labels: &[Category]| {
            distsim_mean_absolute_difference(&refs, Comparable::MultiTerminal, labels)
        };
        assert!(
            (mad(&[Category::Participant, Category::Adverbial]) - mad_ad).abs() < 5e-4,
            "{trial}"
        );
        assert!(
            (mad(&[Category::ParallelScene]) - mad_h).abs() < 5e-4,
            "{trial}"
        );
    }
}

/// Every tenth JFLEG dev sentence with each of its nine outputs (`cargo xtask reproduce usim-jfleg`
/// checks all 754 in CI; here 0.5 s instead of 5).
#[test]
fn jfleg_dev_on_the_stored_parses() {
    let Some((data, table)) = data_and_golden_rows("usim_jfleg_dev_auto.tsv") else {
        return;
    };
    let dir = data.join(JFLEG_DEV_PARSES);
    let mut cache: HashMap<String, PreparedPassage> = HashMap::new();
    let mut get = |name: String| -> PreparedPassage {
        cache
            .entry(name.clone())
            .or_insert_with(|| read(&dir.join(&name)))
            .clone()
    };
    let mut failures = Vec::new();
    let sample: Vec<&Vec<String>> = table
        .iter()
        .filter(|f| f[0].parse::<usize>().is_ok_and(|i| i % 10 == 0))
        .collect();
    for f in &sample {
        let source = get(format!("dev.src{}.xml", f[0]));
        let output = get(format!("{}{}.xml", f[1], f[0]));
        let branch = Params::BRANCH_2017;
        let ours = [
            usim(&source, &output, &Params::RELEASED).usim,
            usim(&output, &source, &Params::RELEASED).usim,
            usim(&source, &output, &branch).usim,
            usim(&output, &source, &branch).usim,
        ];
        let expected: Vec<f64> = f[4..8].iter().map(|x| x.parse().unwrap()).collect();
        if ours[..] != expected[..] {
            failures.push(format!(
                "{} {}: ours {ours:?} reference {expected:?}",
                f[0], f[1]
            ));
        }
    }
    assert_eq!((table.len(), sample.len()), (754 * 9, 76 * 9));
    assert!(
        failures.is_empty(),
        "{} rows differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn nucle_essays_on_the_stored_parses() {
    let Some((data, table)) = data_and_golden_rows("usim_nucle_uncombined_auto.tsv") else {
        return;
    };
    // The driver's pairing of paragraphs gives exactly the golden's pairs.
    let files = data.files_in(NUCLE_PARAGRAPH_PARSES, ".xml").unwrap();
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap())
        .collect();
    let mut pairs: Vec<(&str, &str)> = NUCLE_ESSAYS
        .iter()
        .flat_map(|e| nucle_paragraph_pairs(e, &names))
        .collect();
    let mut expected: Vec<(&str, &str)> = table
        .iter()
        .map(|f| (f[0].as_str(), f[1].as_str()))
        .collect();
    pairs.sort_unstable();
    expected.sort_unstable();
    assert_eq!(pairs, expected);
    let dir = data.join(NUCLE_PARAGRAPH_PARSES);
    let mut sum = 0.0;
    for f in &table {
        let (s, c) = (read(&dir.join(&f[0])), read(&dir.join(&f[1])));
        assert_eq!(
            (s.len().to_string(), c.len().to_string()),
            (f[2].clone(), f[3].clone()),
            "{}",
            f[0]
        );
        let (s2r, r2s) = (
            usim(&s, &c, &Params::RELEASED).usim,
            usim(&c, &s, &Params::RELEASED).usim,
        );
        assert_eq!(
            (s2r, r2s),
            (f[4].parse().unwrap(), f[5].parse().unwrap()),
            "{} {}",
            f[0],
            f[1]
        );
        sum += s2r;
    }
    assert_eq!(table.len(), 157);
    let mean = sum / table.len() as f64;
    assert!((mean - 0.6971).abs() < 5e-5, "{mean}");
}
