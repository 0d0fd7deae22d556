//! The engine's scorers on small inputs: typed rows, signatures, intervals, paired tests, ranks,
//! and the typed errors that name the input and line.

use gec_metrics::{ErrantOptions, M2File, M2Options};
use gecbias_engine::{
    Bootstrap, ErrantAnalyser, ErrantScorer, Error, Estimate, GleuScorer, Lines, M2Scorer, Parts,
    Ranking, Resampling, SariScorer, SentenceScore, System, errant_parallel,
};

fn gold(n: usize) -> M2File {
    let block = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
    M2File::parse(&block.repeat(n), "gold.m2").unwrap()
}

fn lines(origin: &str, line: &str, n: usize) -> Lines {
    Lines::new(origin, vec![line.to_owned(); n])
}

#[test]
fn m2_rows_carry_parts_sentences_intervals_tests_and_ranks() {
    let systems = [
        System::named("kept", lines("kept.txt", "He go to school .", 20)),
        System::named(
            "half",
            Lines::new(
                "half.txt",
                (0..20)
                    .map(|i| {
                        if i % 2 == 0 {
                            "He goes to school ."
                        } else {
                            "He go to school ."
                        }
                        .to_owned()
                    })
                    .collect(),
            ),
        ),
        System::named("fixed", lines("fixed.txt", "He goes to school .", 20)),
    ];
    let mut resampling = Resampling::default();
    resampling.confidence = Some(Bootstrap::default());
    resampling.paired_ar = Some(2000);
    resampling.rank = Some(Ranking::default());
    let report = M2Scorer::new(&gold(20), M2Options::OFFICIAL)
        .report(&systems, &resampling)
        .unwrap();
    assert_eq!(
        report.signature.to_string(),
        "M2|refs:1|beta:0.5|muw:2|case:sensitive|refsel:running|version:0.1.0\
         |ci:bca|bs:1000|paired-ar:2000|seed:12345"
    );
    let scores: Vec<f64> = report.systems.iter().map(|r| r.score).collect();
    assert_eq!(scores[0], 0.0);
    assert_eq!(scores[2], 1.0);
    // Half the sentences fixed: P = 1, R = 0.5, F0.5 = 1.25·0.5/0.75.
    assert!((scores[1] - 1.25 * 0.5 / 0.75).abs() < 1e-12);
    match report.systems[1].parts {
        Parts::M2 {
            correct,
            proposed,
            gold,
            ..
        } => assert_eq!((correct, proposed, gold), (10, 10, 20)),
        ref other => panic!("{other:?}"),
    }
    assert!(report.systems[0].paired_ar.is_none(), "the baseline");
    let test = report.systems[2].paired_ar.as_ref().unwrap();
    assert_eq!((test.baseline.as_str(), test.difference), ("kept", 1.0));
    assert!(test.p_value < 0.01);
    let interval = report.systems[1].confidence.as_ref().unwrap();
    assert!(interval.low <= scores[1] && scores[1] <= interval.high);
    let ranks: Vec<(usize, usize)> = report
        .systems
        .iter()
        .map(|r| {
            let k = r.rank.as_ref().unwrap();
            (k.position, k.cluster)
        })
        .collect();
    assert_eq!(ranks, [(3, 3), (2, 2), (1, 1)]);
    assert_eq!(report.sentences[2].len(), 20);
    assert!(matches!(
        report.sentences[1][1],
        SentenceScore::M2 {
            correct: 0,
            gold: 1,
            ..
        }
    ));
}

#[test]
fn a_ranking_that_cannot_reject_is_refused() {
    let systems: Vec<System> = (0..4)
        .map(|k| System::named(format!("s{k}"), lines("s.txt", "He go to school .", 3)))
        .collect();
    let mut resampling = Resampling::default();
    let mut ranking = Ranking::default();
    ranking.trials = 10;
    resampling.rank = Some(ranking);
    let err = M2Scorer::new(&gold(3), M2Options::OFFICIAL)
        .report(&systems, &resampling)
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::TooFewTrials {
                pairs: 6,
                needed: 120,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn text_metrics_and_errant_edits_report_their_tools_numbers() {
    let source = lines("src.txt", "He go to school .", 2);
    let reference = lines("ref.txt", "He goes to school .", 2);
    let fixed = System::named("fixed", reference.clone());
    let gleu = GleuScorer::new(&source, std::slice::from_ref(&reference), 500).unwrap();
    let report = gleu
        .report(std::slice::from_ref(&fixed), &Resampling::default())
        .unwrap();
    assert_eq!(report.systems[0].score, 1.0);
    assert!(
        report
            .signature
            .to_string()
            .starts_with("GLEU|refs:1|iter:1|")
    );
    let kept = System::named("kept", source.clone());
    let sari = SariScorer::new(&source, std::slice::from_ref(&reference))
        .report(&[kept, fixed.clone()], &Resampling::default())
        .unwrap();
    // SARI.py's mean sentence SARI, as gec-metrics computes it for the same lines.
    let expected = gec_metrics::sari::sari_score(
        &source.lines,
        &reference.lines,
        std::slice::from_ref(&reference.lines),
        &["src.txt", "ref.txt", "ref.txt"],
    )
    .unwrap()
    .mean;
    assert_eq!(sari.systems[1].score, expected);
    assert!(sari.systems[1].score > sari.systems[0].score);
    // ERRANT on M2 files: the gold against itself is perfect.
    let report = ErrantScorer::new(ErrantOptions::default())
        .report_edits(
            &gold(2),
            &[("gold".into(), gold(2))],
            &Resampling::default(),
        )
        .unwrap();
    assert_eq!(report.systems[0].score, 1.0);
    assert!(report.signature.get("hyp") == Some("m2"));
    // Line counts are checked, naming the file out of step.
    let short = Lines::new("short.txt", vec!["He goes .".into()]);
    let err = GleuScorer::new(&source, &[short], 500).unwrap_err();
    assert!(err.to_string().starts_with("short.txt"), "{err}");
}

#[test]
fn errant_refuses_a_line_too_long_naming_its_origin() {
    let long = "w ".repeat(gec_errant::MAX_SENTENCE_TOKENS + 1);
    let originals = Lines::new("orig.txt", vec!["w".into()]);
    let corrected = Lines::new("cor.txt", vec![long]);
    let err = errant_parallel(
        &originals,
        &[&corrected],
        gec_errant::ParallelOptions::default(),
        ErrantAnalyser::Ewt,
    )
    .unwrap_err();
    match err {
        Error::TooLong { file, line, .. } => assert_eq!((file.as_str(), line), ("cor.txt", 1)),
        other => panic!("{other}"),
    }
}

#[test]
fn lines_read_from_files_name_them() {
    let dir = std::env::temp_dir().join(format!("gecbias-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let err = Lines::read(&empty).unwrap_err();
    assert!(err.to_string().contains("empty.txt"), "{err}");
    let two = dir.join("two.txt");
    std::fs::write(&two, "a\r\nb\n").unwrap();
    let read = System::read("two", &two).unwrap();
    assert_eq!(read.output.lines, ["a", "b"]);
    assert_eq!(read.output.origin, two.display().to_string());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_estimate_prints_with_its_interval_when_it_has_one() {
    let mut e = Estimate {
        estimate: 0.61249,
        low: Some(0.4),
        high: Some(0.79051),
    };
    assert_eq!(e.to_string(), "0.612 [0.400, 0.791]");
    e.low = None;
    assert_eq!(e.to_string(), "0.612");
}

/// CLEME and CLEME2.0 from hypothesis M2 files: the library's numbers, with intervals, and the
/// options in the signature.
#[test]
fn cleme_rows_are_the_library_numbers_with_their_options() {
    use gec_metrics::ClemeAssumption;
    use gec_metrics::cleme::{
        HeuoFactors, cleme_counts, cleme_prf_corpus, cleme_sentences, cleme2_corpus,
    };
    use gecbias_engine::{ClemeLevel, ClemeScorer, ClemeVariant};
    let block = "S He go to school every days .\n\
                 A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\
                 A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\n\
                 A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||1\n\n";
    let gold = M2File::parse(&block.repeat(4), "gold.m2").unwrap();
    let hyp = "S He go to school every days .\n\
               A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\
               A 3 4|||R:NOUN|||college|||REQUIRED|||-NONE-|||0\n\n";
    let system = M2File::parse(&hyp.repeat(4), "sys.m2").unwrap();
    let mut resampling = Resampling::default();
    resampling.confidence = Some(Bootstrap::default());
    let hypotheses = [("sys".to_owned(), system.clone())];
    let counts = cleme_counts(
        &cleme_sentences(&gold, &system).unwrap(),
        ClemeAssumption::Independent,
    )
    .unwrap();
    let report = ClemeScorer::new(&gold, ClemeVariant::Cleme)
        .with_assumption(ClemeAssumption::Independent)
        .report_edits(&hypotheses, &resampling)
        .unwrap();
    let expected = cleme_prf_corpus(counts.iter().map(|c| &c.weighted[..]), 0.5);
    let row = &report.systems[0];
    assert_eq!(row.score, expected.f);
    assert!(matches!(row.parts, Parts::Cleme { precision, .. } if precision == expected.p));
    assert!(row.confidence.is_some());
    assert!(report.signature.to_string().starts_with(
        "CLEME|refs:m2|assumption:independent|weights:length|level:corpus|beta:0.5|hyp:m2|"
    ));
    let report = ClemeScorer::new(&gold, ClemeVariant::Cleme2)
        .with_length_weights(false)
        .with_level(ClemeLevel::Corpus)
        .report_edits(&hypotheses, &Resampling::default())
        .unwrap();
    let dependent = cleme_counts(
        &cleme_sentences(&gold, &system).unwrap(),
        ClemeAssumption::Dependent,
    )
    .unwrap();
    let expected = cleme2_corpus(dependent.iter().map(|c| &c.plain[..]), HeuoFactors::CORPUS);
    assert_eq!(report.systems[0].score, expected.com);
    assert!(
        report
            .signature
            .to_string()
            .contains("|weights:none|level:corpus|factors:0.45/0.35/0.15/0.05|bertscore:omitted|")
    );
}

#[test]
fn hybrid_systems_take_each_sentence_from_the_system_they_name() {
    let gold = M2File::parse(
        "S He go .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n\
         S She like it .\nA 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0\n",
        "gold.m2",
    )
    .unwrap();
    let systems = [
        System::new("copy", vec!["He go .".into(), "She like it .".into()]),
        System::new("fixed", vec!["He goes .".into(), "She likes it .".into()]),
    ];
    let mut resampling = Resampling::default();
    resampling.hybrids = vec![vec![0, 0], vec![1, 1], vec![1, 0]];
    let report = M2Scorer::new(&gold, M2Options::OFFICIAL)
        .report(&systems, &resampling)
        .unwrap();
    // Whole systems score as themselves; half fixed: P = 1, R = ½, F0.5 = 1.25·½ / (0.25 + ½).
    assert_eq!(report.hybrids[0], report.systems[0].score);
    assert_eq!(report.hybrids[1], report.systems[1].score);
    assert!(
        (report.hybrids[2] - 0.625 / 0.75).abs() < 1e-12,
        "{:?}",
        report.hybrids
    );
    resampling.hybrids = vec![vec![0, 2]];
    let err = M2Scorer::new(&gold, M2Options::OFFICIAL)
        .report(&systems, &resampling)
        .unwrap_err();
    assert!(
        err.to_string().starts_with("hybrid 0: 2 sentences"),
        "{err}"
    );
}
