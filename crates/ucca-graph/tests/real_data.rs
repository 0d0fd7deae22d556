//! The reader on the real research data (skipped with a message when no data directory is found,
//! a failure under `GECBIAS_REQUIRE_DATA=1`).

use gecbias_data::DataDir;
use gecbias_data::datasets::{UCCA_XML_DIRS, USIM_ANNOTATIONS};
use gecbias_data::testing::{data_or_skip, in_sample, sample_size, whole_tables};
use ucca_graph::corpus::RoundTrip;
use ucca_graph::dag_f1::{self, Score};
use ucca_graph::{Category, NodeId, Passage, Remote, UnitKind};

fn annotation(data: &DataDir, name: &str) -> Passage {
    Passage::read(data.join(&format!("{USIM_ANNOTATIONS}/{name}.xml"))).unwrap()
}

/// The human annotations and the NUCLE passages (26 + 351 files) read, and `read → write → read`
/// gives an equal passage. The totals were cross-checked with Python's ElementTree over the same
/// files. The test run reads the annotations and every eighth NUCLE passage; `cargo xtask
/// slow-drop-in` reads all of them and pins the totals, and `cargo xtask reproduce
/// ucca-roundtrip` reads the 7,540 JFLEG parses too and pins every total in CI.
#[test]
fn the_annotations_and_nucle_passages_read_and_round_trip() {
    let Some(data) = data_or_skip("round trip of the UCCA XML files") else {
        return;
    };
    let mut report = RoundTrip::default();
    let mut per_dir = Vec::new();
    for (k, dir) in UCCA_XML_DIRS[..2].iter().enumerate() {
        let files = data.files_under(dir, ".xml").unwrap();
        per_dir.push(files.len());
        for (index, file) in files.iter().enumerate() {
            if k == 1 && !in_sample(index, 8) {
                continue;
            }
            let path = data.join(file);
            report.add(&path, &Passage::read(&path).unwrap()).unwrap();
        }
    }
    assert_eq!(per_dir, [26, 351]);
    let files = 26 + sample_size(351, 8);
    assert_eq!(report.files, files);
    assert_eq!(
        report.equal, files,
        "unequal after round trip: {:?}",
        report.unequal
    );
    // Terminals, units, edges and remote edges of all the files, or of the sample.
    let totals = if whole_tables() {
        (149_386, 216_854, 372_130, 4262)
    } else {
        (32_402, 46_553, 81_210, 997)
    };
    assert_eq!(
        (
            report.terminals,
            report.units,
            report.edges,
            report.remote_edges
        ),
        totals
    );
}

/// Facts about two annotation files, counted by hand in the XML (and matching usim-goldens §1).
#[test]
fn golden_facts_of_tree1197_and_amittaic1301() {
    let Some(data) = data_or_skip("golden facts of two annotations") else {
        return;
    };
    let cases = [
        // file, terminals, punctuation, FN, PNCT, LKG, primary edges, remote edges,
        // root children by category (F, H, L, U), first root child's words
        (
            "tree1197",
            576,
            59,
            745,
            59,
            30,
            1460,
            30,
            [1, 35, 21, 30],
            "id = 2",
        ),
        (
            "amittaic1301",
            522,
            1,
            738,
            1,
            29,
            1339,
            16,
            [1, 28, 17, 0],
            "id=6",
        ),
    ];
    for (name, terminals, punct, fnodes, pnct, lkg, primary, remote, root_children, first_words) in
        cases
    {
        let p = annotation(&data, name);
        assert_eq!(p.terminal_count(), terminals, "{name}");
        assert_eq!(
            p.terminals().filter(|t| t.punctuation).count(),
            punct,
            "{name}"
        );
        let kind = |k| p.units().filter(|u| u.kind == k).count();
        assert_eq!(
            [
                kind(UnitKind::Foundational),
                kind(UnitKind::Punctuation),
                kind(UnitKind::Linkage)
            ],
            [fnodes, pnct, lkg],
            "{name}"
        );
        assert_eq!(p.units().filter(|u| u.implicit).count(), 0, "{name}");
        assert_eq!(p.primary_edges().count(), primary, "{name}");
        assert_eq!(p.remote_edges().count(), remote, "{name}");
        let children = p.children(p.root());
        let count = |c| children.iter().filter(|e| e.edge.category == c).count();
        assert_eq!(
            [
                count(Category::Function),
                count(Category::ParallelScene),
                count(Category::Linker),
                count(Category::Punctuation)
            ],
            root_children,
            "{name}"
        );
        assert_eq!(
            children.len(),
            root_children.iter().sum::<usize>(),
            "{name}"
        );
        assert_eq!(
            children[0].child,
            "1.2".parse::<NodeId>().unwrap(),
            "{name}"
        );
        let words: Vec<&str> = p
            .yield_of(children[0].child, Remote::Exclude)
            .into_iter()
            .map(|t| p.terminal(t.number()).unwrap().text.as_str())
            .collect();
        assert_eq!(words.join(" "), first_words, "{name}");
    }
}

/// usim-goldens §5: DAG F1 of the IAA pairs (guessed = amittaic, reference = tree).
#[test]
fn dag_f1_of_the_iaa_pairs_matches_the_reference_evaluator() {
    let Some(data) = data_or_skip("DAG F1 goldens") else {
        return;
    };
    // pair, ucca-eval without normalisation (primary P, R, F to 4 decimals), remote m/g/r,
    // plain multiset m/g/r.
    let goldens = [
        (
            "1197",
            [0.7415, 0.7645, 0.7528],
            [9, 11, 28],
            [567, 770, 744],
        ),
        (
            "1297",
            [0.7835, 0.8160, 0.7995],
            [10, 12, 26],
            [592, 755, 729],
        ),
        (
            "1200",
            [0.7941, 0.8087, 0.8013],
            [8, 11, 22],
            [619, 779, 766],
        ),
        (
            "1300",
            [0.7861, 0.8229, 0.8041],
            [15, 21, 25],
            [634, 806, 775],
        ),
        (
            "1198",
            [0.7553, 0.7715, 0.7633],
            [5, 8, 17],
            [645, 856, 840],
        ),
        (
            "1298",
            [0.8224, 0.8608, 0.8412],
            [10, 15, 21],
            [700, 853, 815],
        ),
        (
            "1301",
            [0.8463, 0.8639, 0.8550],
            [9, 14, 24],
            [623, 737, 726],
        ),
    ];
    let counts = |s: Score| [s.matches, s.guessed, s.reference];
    let mut plain_total = Score::default();
    for (pair, prf, remote, plain) in goldens {
        let guessed = annotation(&data, &format!("amittaic{pair}"));
        let reference = annotation(&data, &format!("tree{pair}"));
        let eval = dag_f1::ucca_eval(&guessed, &reference).unwrap();
        let got = [
            eval.primary.precision(),
            eval.primary.recall(),
            eval.primary.f1(),
        ];
        for (g, want) in got.iter().zip(prf) {
            assert!((g - want).abs() < 5e-5, "{pair}: {got:?} vs {prf:?}");
        }
        assert_eq!(counts(eval.remote), remote, "{pair}");
        let multiset = dag_f1::edge_multiset(&guessed, &reference).unwrap();
        assert_eq!(counts(multiset), plain, "{pair}");
        plain_total = plain_total.plus(multiset);
    }
    // The goldens' micro aggregate of the plain multiset over all 7 pairs.
    assert_eq!(
        format!(
            "{:.4} {:.4} {:.4}",
            plain_total.precision(),
            plain_total.recall(),
            plain_total.f1()
        ),
        "0.7883 0.8119 0.7999"
    );
}

#[test]
fn dag_f1_refuses_annotations_of_different_texts() {
    let Some(data) = data_or_skip("DAG F1 on different texts") else {
        return;
    };
    let source = annotation(&data, "tree1197");
    let correction = annotation(&data, "tree1297");
    let err = dag_f1::ucca_eval(&source, &correction).unwrap_err();
    assert!(
        matches!(err, ucca_graph::Error::DifferentTerminals { .. }),
        "{err}"
    );
}

/// The official evaluator with the 2017 normalisation on the IAA pairs (guessed = amittaic,
/// reference = tree): every count of usim-goldens §5 and the all-7 micro F1 0.8133 (0.8021
/// without normalisation).
#[test]
fn normalised_evaluation_of_the_iaa_pairs() {
    let Some(data) = data_or_skip("normalised DAG F1 of the IAA pairs") else {
        return;
    };
    let goldens = [
        ("1197", [551, 726, 709], [9, 11, 28]),
        ("1297", [585, 733, 710], [10, 12, 26]),
        ("1200", [608, 758, 742], [8, 11, 22]),
        ("1300", [629, 786, 751], [15, 21, 25]),
        ("1198", [640, 833, 812], [5, 8, 17]),
        ("1298", [690, 830, 796], [10, 15, 21]),
        ("1301", [609, 716, 702], [9, 14, 24]),
    ];
    let counts = |s: Score| [s.matches, s.guessed, s.reference];
    let (mut normalised, mut plain) = (dag_f1::DagF1::default(), dag_f1::DagF1::default());
    for (pair, primary, remote) in goldens {
        let guessed = annotation(&data, &format!("amittaic{pair}"));
        let reference = annotation(&data, &format!("tree{pair}"));
        let eval = dag_f1::evaluate(&guessed, &reference, dag_f1::Normalisation::Ucca2017).unwrap();
        assert_eq!(
            (counts(eval.primary), counts(eval.remote)),
            (primary, remote),
            "{pair}"
        );
        normalised = normalised.plus(eval);
        plain = plain.plus(dag_f1::ucca_eval(&guessed, &reference).unwrap());
    }
    assert_eq!(format!("{:.4}", normalised.primary.f1()), "0.8133");
    assert_eq!(format!("{:.4}", normalised.total().f1()), "0.8063");
    assert_eq!(format!("{:.4}", plain.primary.f1()), "0.8021");
}
