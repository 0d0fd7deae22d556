//! USim on text with the committed parser model: a text against itself scores 1 both ways, lines
//! without words follow USim.py's rule, a long line scores without a panic and a line past
//! `MAX_PASSAGE_TERMINALS` or with a word past `MAX_TOKEN_CHARS` is refused before it is parsed, and line lists are checked and score
//! the same on 1 and 2 threads.

use ucca_parser::Parser;
use usim::{Params, TextParser, Tokenization, usim_lines, usim_text};

#[test]
fn text_usim_on_odd_lines() {
    let parser = Parser::default_model().unwrap();
    let text = TextParser::new(&parser, Tokenization::Raw);
    let line = "I think we can not live if old people could not find sciences.";
    let same = usim_text(&text, line, line, &Params::RELEASED).unwrap();
    assert_eq!((same.source_to_output, same.output_to_source), (1.0, 1.0));
    let long: String = (0..300).map(|i| format!("w{} ", i % 50)).collect();
    let score = usim_text(&text, &long, line, &Params::RELEASED).unwrap();
    assert!((0.0..=1.0).contains(&score.source_to_output));
    assert!((0.0..=1.0).contains(&score.output_to_source));
    let too_long: String = (0..5000).map(|i| format!("w{} ", i % 50)).collect();
    match usim_text(&text, &too_long, line, &Params::RELEASED) {
        Err(usim::Error::TooLong {
            passage,
            terminals: 5000,
            limit: usim::MAX_PASSAGE_TERMINALS,
        }) => assert_eq!(passage, "source"),
        other => panic!("{other:?}"),
    }
    // A word no text has: refused before it is aligned character by character.
    let word = "ab".repeat(20_000);
    match usim_text(&text, line, &word, &Params::RELEASED) {
        Err(usim::Error::TokenTooLong {
            passage,
            chars: 40_000,
            limit: usim::MAX_TOKEN_CHARS,
        }) => assert_eq!(passage, "output"),
        other => panic!("{other:?}"),
    }
    // USim.py's rule for lines without words.
    let empty = usim_text(&text, "", line, &Params::RELEASED).unwrap();
    assert_eq!(empty.source_to_output, 0.0);
    let both = usim_text(&text, " ", "...", &Params::RELEASED).unwrap();
    assert_eq!(both.output_to_source, 1.0);
    let pretokenized = TextParser::new(&parser, Tokenization::Pretokenized);
    let s = usim_text(
        &pretokenized,
        "He did n't go .",
        "He didn't go.",
        &Params::RELEASED,
    )
    .unwrap();
    assert!((0.0..=1.0).contains(&s.source_to_output));
}

#[test]
fn line_lists_are_checked_and_thread_independent() {
    let parser = Parser::default_model().unwrap();
    let text = TextParser::new(&parser, Tokenization::Pretokenized);
    let sources: Vec<String> = [
        "For not use car .",
        "Thus even today sex is considered as the least important topic in many parts of India .",
        "image you salf you are wark in factory just to do one thing .",
    ]
    .map(String::from)
    .to_vec();
    let outputs: Vec<String> = [
        "For not using a car .",
        "Even today , sex is considered the least important topic in many parts of India .",
        "Imagine yourself working in a factory doing just one thing .",
    ]
    .map(String::from)
    .to_vec();
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| usim_lines(&text, &sources, &outputs, &Params::RELEASED).unwrap())
    };
    assert_eq!(run(1), run(2));
    let err = usim_lines(&text, &sources, &outputs[..2], &Params::RELEASED).unwrap_err();
    assert_eq!(err.to_string(), "3 source lines but 2 output lines");
}

#[test]
fn systems_at_once_score_as_pairs_one_by_one() {
    let parser = Parser::default_model().unwrap();
    let text = TextParser::new(&parser, Tokenization::Pretokenized);
    let sources: Vec<String> = [
        "For not use car .",
        "image you salf you are wark in factory just to do one thing .",
        "",
    ]
    .map(String::from)
    .to_vec();
    let too_long: String = (0..5000).map(|i| format!("w{} ", i % 50)).collect();
    let systems: Vec<Vec<String>> = vec![
        // A system that leaves everything as it is, one that shares a line with the next, one
        // with a line USim refuses.
        sources.clone(),
        vec![
            "For not using a car .".into(),
            "Imagine you are working in a factory .".into(),
            "...".into(),
        ],
        vec![
            "For not using a car .".into(),
            too_long,
            "Nothing here .".into(),
        ],
    ];
    let at_once = usim::usim_systems(&text, &sources, &systems, &Params::RELEASED).unwrap();
    for (k, outputs) in systems.iter().enumerate() {
        for (i, (s, o)) in sources.iter().zip(outputs).enumerate() {
            let one = usim_text(&text, s, o, &Params::RELEASED);
            match (&at_once[k][i], one) {
                (Ok(a), Ok(b)) => assert_eq!(*a, b, "system {k}, line {i}"),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                (a, b) => panic!("system {k}, line {i}: {a:?} against {b:?}"),
            }
        }
    }
    assert!(
        matches!(at_once[2][1], Err(usim::Error::TooLong { ref passage, .. }) if passage == "output")
    );
    assert_eq!(at_once[0][0].as_ref().unwrap().source_to_output, 1.0);
    let short = vec![vec!["one line".to_owned()]];
    assert!(matches!(
        usim::usim_systems(&text, &sources, &short, &Params::RELEASED),
        Err(usim::Error::LineCounts {
            sources: 3,
            outputs: 1
        })
    ));
}
