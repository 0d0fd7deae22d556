//! The M2 scorer against the official scorer's counts and scores on CoNLL-2014
//! (metric-goldens §a, `goldens/m2_conll14_results.tsv`), the two toy cases that isolate the
//! insertion-before-the-first-word behaviour, and LCB G11 (`ignore_whitespace_casing`). The
//! CoNLL-2014 table is checked every third row in the test run, whole under `cargo xtask
//! slow-drop-in`.

use std::path::Path;

use gec_metrics::edit_lattice::FirstRowInsertions;
use gec_metrics::m2_score::GoldSentence;
use gec_metrics::{M2File, M2Gold, M2Options};
use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS};
use gecbias_data::testing::{data_and_golden_rows, data_or_skip, in_sample, sample_size};

fn score(gold: &Path, system: &Path, options: &M2Options) -> gec_metrics::M2Score {
    M2Gold::read(gold)
        .unwrap()
        .score_file(system, options)
        .unwrap()
        .score
}

#[test]
fn conll14_systems_match_the_official_scorer_exactly() {
    let Some((data, table)) = data_and_golden_rows("m2_conll14_results.tsv") else {
        return;
    };
    let options = M2Options::default();
    let mut release32 = options;
    release32.first_row_insertions = FirstRowInsertions::Release32;
    let mut rows = 0;
    for (index, row) in table.iter().enumerate() {
        if !in_sample(index, 3) {
            continue;
        }
        let f: Vec<&str> = row.iter().map(String::as_str).collect();
        let system = data.join(&format!(
            "{CONLL_PARAGRAPHS}/{}",
            f[1].trim_start_matches("data/paragraphs/")
        ));
        let gold = data.join(&format!("{CONLL_GOLD}/{}", f[2]));
        let ours = score(&gold, &system, &options);
        let counts = (ours.correct, ours.proposed, ours.gold);
        let expected: (u64, u64, u64) = (
            f[3].parse().unwrap(),
            f[4].parse().unwrap(),
            f[5].parse().unwrap(),
        );
        assert_eq!(counts, expected, "{} vs {}", f[0], f[2]);
        for (value, text) in [
            (ours.precision, f[6]),
            (ours.recall, f[7]),
            (ours.f_beta, f[8]),
        ] {
            assert_eq!(value, text.parse::<f64>().unwrap(), "{} vs {}", f[0], f[2]);
        }
        let copy = score(&gold, &system, &release32);
        for (value, text) in [
            (copy.precision, f[9]),
            (copy.recall, f[10]),
            (copy.f_beta, f[11]),
        ] {
            assert_eq!(
                value,
                text.parse::<f64>().unwrap(),
                "{} (Release 3.2) vs {}",
                f[0],
                f[2]
            );
        }
        rows += 1;
    }
    assert_eq!(rows, sample_size(28, 3));
}

#[test]
fn toy_cases_isolate_insertions_before_the_first_word() {
    // The specs' hand-made toy pairs (metric-goldens §a.2), kept with this test.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let toy = |stem: &str, first_row| {
        let mut options = M2Options::default();
        options.first_row_insertions = first_row;
        let s = score(
            &dir.join(format!("{stem}.gold.m2")),
            &dir.join(format!("{stem}.hyp.txt")),
            &options,
        );
        (
            s.correct,
            s.proposed,
            s.gold,
            s.precision,
            s.recall,
            s.f_beta,
        )
    };
    let head = FirstRowInsertions::AtSentenceStart;
    let old = FirstRowInsertions::Release32;
    assert_eq!(
        toy("m2_toy_insert_at_start", head),
        (2, 2, 2, 1.0, 1.0, 1.0)
    );
    assert_eq!(toy("m2_toy_insert_at_start", old), (1, 2, 2, 0.5, 0.5, 0.5));
    assert_eq!(
        toy("m2_toy_first_token_change", head),
        (1, 2, 1, 0.5, 1.0, 0.5555555555555556)
    );
    assert_eq!(
        toy("m2_toy_first_token_change", old),
        (1, 3, 1, 0.3333333333333333, 1.0, 0.3846153846153846)
    );
}

/// LCB G11: the systems' F0.5 at M = 2 with `ignore_whitespace_casing`, point estimates to the
/// five decimals the golden gives (label, file, P, R, F0.5). The authors scored with their copy of
/// Release 3.2; with the official HEAD only RoRo differs (its lower-cased first words make
/// insertions before the first word: F0.5 0.46345 instead of 0.45615).
#[test]
fn lcb_g11_point_estimates_with_ignore_whitespace_casing() {
    let Some(data) = data_or_skip("LCB G11 system scores") else {
        return;
    };
    let g11 = [
        (
            "RoRo",
            "conll14st.output.1cleaned",
            0.58391,
            0.24325,
            0.45615,
        ),
        ("JMGR", "JMGR", 0.61553, 0.27740, 0.49489),
        ("char", "filtered_test.txt", 0.50557, 0.23421, 0.41045),
        ("AMU", "AMU", 0.41557, 0.21356, 0.34946),
        ("CUUI", "CUUI", 0.41087, 0.24219, 0.36064),
        ("IITB", "IITB", 0.31111, 0.01393, 0.05907),
        ("IPN", "IPN", 0.12008, 0.02811, 0.07259),
        ("NTHU", "NTHU", 0.34831, 0.18563, 0.29637),
        ("PKU", "PKU", 0.32207, 0.13628, 0.25307),
        ("POST", "POST", 0.34343, 0.20905, 0.30431),
        ("RAC", "RAC", 0.37037, 0.14128, 0.27967),
        ("SJTU", "SJTU", 0.30114, 0.05096, 0.15195),
        ("UFC", "UFC", 0.70000, 0.01722, 0.07841),
        ("UMC", "UMC", 0.31094, 0.14273, 0.25163),
        ("CAMB", "CAMB", 0.39575, 0.29898, 0.37169),
    ];
    let gold = data.join(&format!("{CONLL_GOLD}/official-2014.combined.m2"));
    for first_row in [
        FirstRowInsertions::Release32,
        FirstRowInsertions::AtSentenceStart,
    ] {
        let mut options = M2Options::LCB_AUTHORS;
        options.first_row_insertions = first_row;
        for (label, file, mut p, mut r, mut f) in g11 {
            if label == "RoRo" && first_row == FirstRowInsertions::AtSentenceStart {
                (p, r, f) = (0.59899, 0.24327, 0.46345);
            }
            let s = score(
                &gold,
                &data.join(&format!("{CONLL_PARAGRAPHS}/{file}")),
                &options,
            );
            let round = |x: f64| (x * 1e5).round() / 1e5;
            assert_eq!(
                (round(s.precision), round(s.recall), round(s.f_beta)),
                (p, r, f),
                "{label} ({first_row:?})"
            );
        }
    }
}

/// metric-goldens §f: `errant_compare -hyp official-2014.0.m2 -ref official-2014.1.m2`, the
/// spaCy-free part of ERRANT, in every mode and both directions.
#[test]
fn errant_compare_of_the_two_conll_annotators() {
    use gec_metrics::{ErrantMode, errant_compare};
    let Some(data) = data_or_skip("ERRANT compare golden") else {
        return;
    };
    let a = M2File::read(data.join(&format!("{CONLL_GOLD}/official-2014.0.m2"))).unwrap();
    let b = M2File::read(data.join(&format!("{CONLL_GOLD}/official-2014.1.m2"))).unwrap();
    let cases = [
        (
            &a,
            &b,
            ErrantMode::CorrectionSpans,
            (921, 1470, 2396),
            0.3575,
        ),
        (
            &a,
            &b,
            ErrantMode::DetectionSpans,
            (1204, 1188, 2113),
            0.4672,
        ),
        (
            &a,
            &b,
            ErrantMode::DetectionTokens,
            (1832, 1206, 2420),
            0.5584,
        ),
        (
            &b,
            &a,
            ErrantMode::CorrectionSpans,
            (921, 2396, 1470),
            0.2941,
        ),
        (
            &b,
            &a,
            ErrantMode::DetectionSpans,
            (1203, 2113, 1188),
            0.3842,
        ),
        (
            &b,
            &a,
            ErrantMode::DetectionTokens,
            (1825, 2420, 1206),
            0.456,
        ),
    ];
    for (hyp, reference, mode, counts, f) in cases {
        let s = errant_compare(hyp, reference, mode, 0.5).unwrap();
        assert_eq!((s.tp, s.fp, s.fn_), counts, "{mode:?}");
        assert_eq!((s.f_beta * 1e4).round() / 1e4, f, "{mode:?}");
    }
}

#[test]
fn verbose_report_shows_edits_and_the_chosen_annotator() {
    use gec_metrics::dropin::verbose_report;
    use gec_metrics::m2_score::score_sentences;
    let m2 = "S This are a test .\nA 1 2|||SVA|||is|||REQUIRED|||-NONE-|||0\n\
              A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n";
    let gold = GoldSentence::from_file(&M2File::parse(m2, "g.m2").unwrap());
    let hypotheses = vec!["This is a test .".to_owned()];
    let options = M2Options::default();
    let results = score_sentences(&gold, &hypotheses, ("g.m2", "s.txt"), &options).unwrap();
    let report = verbose_report(&gold, &hypotheses, &results, options.beta).unwrap();
    assert!(
        report.contains("EDIT SEQ      : [(1, 2, u'are', u'is')]"),
        "{report}"
    );
    assert!(
        report.contains("GOLD EDITS    : [(1, 2, u'are', [u'is'])]"),
        "{report}"
    );
    assert!(
        report.contains(">> Chosen Annotator for line 1 : 0"),
        "{report}"
    );
    assert!(
        report.ends_with("P = 1.0\nR = 1.0\nF_0.5 = 1.0\n"),
        "{report}"
    );
}

/// Hypotheses that double or reverse their source (the first 300 sentences of Bryant & Ng's
/// 10-annotator `BN.m2`) make lattices of up to 5,184 vertices and 390,000 arcs, where m2scorer
/// does not finish in 5 minutes. The counts are those of the plain implementation (one full
/// weight computation and relaxation per annotator), recorded before the shared-weight and
/// shared-path speed-ups, which must not change a count.
#[test]
fn doubled_and_reversed_hypotheses_keep_their_counts() {
    let Some(data) = data_or_skip("BN.m2 pathological hypotheses") else {
        return;
    };
    let text = std::fs::read_to_string(data.join(&format!(
        "{}/BN.m2",
        gecbias_data::datasets::CONLL_REFERENCES
    )))
    .unwrap();
    let blocks: Vec<&str> = text.trim().split("\n\n").take(300).collect();
    let gold = M2Gold::parse(&blocks.join("\n\n"), "BN.m2 (300)").unwrap();
    let sources: Vec<&str> = blocks
        .iter()
        .map(|b| &b.lines().next().unwrap()[2..])
        .collect();
    let doubled: Vec<String> = sources.iter().map(|s| format!("{s} {s}")).collect();
    let reversed: Vec<String> = sources
        .iter()
        .map(|s| s.split(' ').rev().collect::<Vec<_>>().join(" "))
        .collect();
    for (name, hypotheses, counts) in [
        ("doubled", doubled, (136, 569, 790)),
        ("reversed", reversed, (570, 1342, 1312)),
    ] {
        let s = gold
            .score_lines(&hypotheses, name, &M2Options::default())
            .unwrap()
            .score;
        assert_eq!((s.correct, s.proposed, s.gold), counts, "{name}");
    }
}
