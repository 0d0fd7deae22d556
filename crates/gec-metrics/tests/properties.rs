//! Invariants of the metrics on random inputs (proptest) and their errors on bad input.

use gec_metrics::green::{NgramCounts, green_f, green_totals};
use gec_metrics::m2_score::{GoldSentence, corpus_score, score_sentence, sentence_stats};
use gec_metrics::sari::max_sari;
use gec_metrics::sari_sentence;
use gec_metrics::{Error, M2File, M2Options};
use gec_metrics::{GleuCorpus, ReferenceDraws};
use gec_metrics::{GreenOptions, green};
use proptest::prelude::*;

/// A source of 3–12 tokens over a tiny alphabet (many repeated words, so alignments are
/// ambiguous), and gold edits at separated positions: (position, kind) with kind 0 =
/// substitution, 1 = deletion, 2 = insertion before the token.
fn sentence_with_edits() -> impl Strategy<Value = (Vec<String>, Vec<(usize, u8)>)> {
    (3usize..12)
        .prop_flat_map(|n| {
            (
                prop::collection::vec(prop::sample::select(vec!["a", "b", "c"]), n),
                prop::collection::vec((any::<bool>(), 0u8..3), n),
            )
        })
        .prop_map(|(tokens, choices)| {
            let mut edits = Vec::new();
            let mut next_free = 0;
            for (k, (edit, kind)) in choices.into_iter().enumerate() {
                if edit && k >= next_free {
                    edits.push((k, kind));
                    next_free = k + 2;
                }
            }
            (tokens.into_iter().map(str::to_owned).collect(), edits)
        })
}

/// The M2 block of the edits and the hypothesis that applies them.
fn apply(tokens: &[String], edits: &[(usize, u8)]) -> (String, String) {
    let mut m2 = format!("S {}\n", tokens.join(" "));
    let mut hypothesis = Vec::new();
    let mut edits = edits.iter().peekable();
    for (k, token) in tokens.iter().enumerate() {
        match edits.peek() {
            Some(&&(at, kind)) if at == k => {
                edits.next();
                let new = format!("X{k}");
                let (end, correction) = match kind {
                    0 => (k + 1, new.as_str()),
                    1 => (k + 1, "-NONE-"),
                    _ => (k, new.as_str()),
                };
                m2 += &format!("A {k} {end}|||R|||{correction}|||REQUIRED|||-NONE-|||0\n");
                match kind {
                    0 => hypothesis.push(new.clone()),
                    1 => {}
                    _ => {
                        hypothesis.push(new.clone());
                        hypothesis.push(token.clone());
                    }
                }
            }
            _ => hypothesis.push(token.clone()),
        }
    }
    (m2, hypothesis.join(" "))
}

proptest! {
    #[test]
    fn applying_the_gold_edits_scores_them_all(case in sentence_with_edits()) {
        let (tokens, edits) = case;
        let (m2, hypothesis) = apply(&tokens, &edits);
        let gold = GoldSentence::from_file(&M2File::parse(&m2, "p.m2").unwrap());
        let results = score_sentence(&gold[0], &hypothesis, 0, &M2Options::default()).unwrap();
        let counts = (results[0].correct.len(), results[0].edits.len(), results[0].gold.len());
        prop_assert_eq!(counts, (edits.len(), edits.len(), edits.len()), "{}\n{}", m2, hypothesis);
    }

    #[test]
    fn the_unchanged_source_proposes_nothing(case in sentence_with_edits()) {
        let (tokens, edits) = case;
        let (m2, _) = apply(&tokens, &edits);
        let gold = GoldSentence::from_file(&M2File::parse(&m2, "p.m2").unwrap());
        let stats = sentence_stats(&gold, &[tokens.join(" ")], ("g", "s"), &M2Options::default()).unwrap();
        let score = corpus_score(&stats, 0.5);
        prop_assert_eq!((score.correct, score.proposed), (0, 0));
        prop_assert_eq!(score.precision, 1.0);
    }

    #[test]
    fn m2_scores_are_proportions(case in sentence_with_edits(), noise in prop::collection::vec(0usize..3, 0..6)) {
        let (tokens, edits) = case;
        let (m2, hypothesis) = apply(&tokens, &edits);
        let mut words: Vec<&str> = hypothesis.split(' ').collect();
        for n in noise {
            words.insert(n.min(words.len()), "z");
        }
        let gold = GoldSentence::from_file(&M2File::parse(&m2, "p.m2").unwrap());
        let stats = sentence_stats(&gold, &[words.join(" ")], ("g", "s"), &M2Options::default()).unwrap();
        let s = corpus_score(&stats, 0.5);
        prop_assert!(s.correct <= s.proposed.min(s.gold));
        for v in [s.precision, s.recall, s.f_beta] {
            prop_assert!((0.0..=1.0).contains(&v));
        }
    }

    #[test]
    fn sari_is_a_proportion(
        source in "[abc ]{0,20}",
        output in "[abcd ]{0,20}",
        references in prop::collection::vec("[abcd ]{0,20}", 1..4),
    ) {
        let refs: Vec<&str> = references.iter().map(String::as_str).collect();
        let s = sari_sentence(&source, &output, &refs);
        prop_assert!((0.0..=1.0).contains(&s), "{}", s);
        prop_assert!(max_sari(&source, &output, &refs) >= sari_sentence(&source, &output, &refs[..1]));
    }

    #[test]
    fn gleu_of_the_reference_itself_is_one(
        sentences in prop::collection::vec(("[ab]( [abc]){3,8}", "[abc]( [abc]){3,8}"), 1..6),
    ) {
        let (sources, references): (Vec<String>, Vec<String>) = sentences.into_iter().unzip();
        let corpus = GleuCorpus::new(&sources, std::slice::from_ref(&references), &["s", "r"]).unwrap();
        let score = corpus.corpus_gleu(&references, "h", 500, ReferenceDraws::default()).unwrap();
        prop_assert_eq!(score.rounds.len(), 1);
        prop_assert!((score.mean - 1.0).abs() < 1e-12, "{}", score.mean);
    }
}

#[test]
fn bad_input_gives_typed_errors() {
    let gold = GoldSentence::from_file(&M2File::parse("S a b\n\nS c d\n", "g.m2").unwrap());
    let options = M2Options::default();
    let err =
        sentence_stats(&gold, &["a b".to_owned()], ("g.m2", "sys.txt"), &options).unwrap_err();
    assert_eq!(err.to_string(), "sys.txt:2: has 1 sentences but g.m2 has 2");
    let mut tight = options;
    tight.max_lattice_arcs = 10;
    let long = "q w e r t y u i o p".to_owned();
    let err = score_sentence(&gold[0], &long, 0, &tight).unwrap_err();
    assert!(matches!(
        err,
        Error::LatticeTooLarge {
            sentence: 0,
            limit: 10
        }
    ));
    let corpus = GleuCorpus::new(&["a b".into()], &[vec!["a b".into()]], &["s", "r"]).unwrap();
    assert!(matches!(
        corpus.corpus_gleu(&[], "h", 500, ReferenceDraws::Python2),
        Err(Error::CountMismatch {
            found: 0,
            expected: 1,
            ..
        })
    ));
    assert!(matches!(
        GleuCorpus::new(&["a".into()], &[vec![]], &["s", "r"]),
        Err(Error::CountMismatch { .. })
    ));
    // CRLF system lines and empty hypotheses are sentences like any other.
    let dir = std::env::temp_dir().join(format!("gec-metrics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let system = dir.join("crlf.txt");
    std::fs::write(&system, "a b\r\n\r\n").unwrap();
    let lines = gec_metrics::read_lines(&system).unwrap();
    assert_eq!(lines, ["a b", ""]);
    let stats = sentence_stats(&gold, &lines, ("g", "s"), &options).unwrap();
    assert_eq!(corpus_score(&stats, 0.5).proposed, 1);
    std::fs::write(&system, b"a \xff b\n").unwrap();
    assert!(matches!(
        gec_metrics::read_lines(&system),
        Err(Error::NonUtf8 { line: 1, .. })
    ));
    std::fs::write(&system, b"").unwrap();
    assert!(matches!(
        gec_metrics::read_lines(&system),
        Err(Error::Empty { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A line of 0–10 words over a tiny alphabet (repeated n-grams), spaces single.
fn line() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!["a", "b", "c"]), 0..10)
        .prop_map(|w| w.join(" "))
}

proptest! {
    /// GREEN: a hypothesis equal to a reference makes no false positive and misses nothing
    /// (every case's count is 0 when h = r), so it scores 1 whatever the source; every score
    /// lies in [0, 1]; and the corpus score is that of the summed counts.
    #[test]
    fn green_scores_a_reference_1_and_stays_in_0_1(
        rows in prop::collection::vec((line(), line(), line()), 1..6),
        n in 1usize..6,
    ) {
        let (sources, (hypotheses, references)): (Vec<String>, (Vec<String>, Vec<String>)) =
            rows.into_iter().map(|(s, h, r)| (s, (h, r))).unzip();
        let mut options = GreenOptions::default();
        options.n = n;
        let refs = vec![references.clone(), hypotheses.clone()];
        let score = green(&sources, &hypotheses, &refs, &[], &options).unwrap();
        prop_assert!(score.sentences.iter().all(|&s| s == 1.0));
        prop_assert_eq!(score.corpus, 1.0);
        let other = green(&sources, &hypotheses, &[references], &[], &options).unwrap();
        prop_assert!(other.sentences.iter().chain([&other.corpus]).all(|s| (0.0..=1.0).contains(s)));
        let counts: Vec<&[NgramCounts]> = other.counts.iter().map(|c| c.counts.as_slice()).collect();
        prop_assert_eq!(other.corpus, green_f(&green_totals(counts), options.beta));
    }
}
