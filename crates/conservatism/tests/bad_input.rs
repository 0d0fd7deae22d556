//! Bad input gives clear errors naming the files, never a panic.

use std::collections::HashMap;

use conservatism::{Error, SentencePair, check_line_counts, compare_aligned_lines, passage_text};
use mono_align::WordEquivalence;
use mono_align::morphy::NounLemmatizer;

#[test]
fn mismatched_line_counts_name_both_files_and_counts() {
    let err = check_line_counts("conll.tok.orig", "a\nb\nc\n", "SYSTEM", "a\nb\n").unwrap_err();
    assert!(matches!(
        err,
        Error::LineCountMismatch {
            source_lines: 3,
            output_lines: 2,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "SYSTEM:3: has 2 lines but its source conll.tok.orig has 3"
    );
    // CRLF endings (the RoRo output has them) count like LF.
    assert!(check_line_counts("src", "a\nb\n", "crlf", "a\r\nb\r\n").is_ok());
}

#[test]
fn invalid_utf8_names_the_file_and_byte() {
    let err = passage_text("broken.txt", b"fine line\n\xffbad").unwrap_err();
    assert_eq!(err.to_string(), "broken.txt: invalid UTF-8 at byte 10");
    assert_eq!(
        passage_text("crlf.txt", b"one\r\ntwo\r\n").unwrap(),
        "one\ntwo\n"
    );
}

#[test]
fn degenerate_sentences_do_not_panic() {
    for (a, b) in [
        ("", ""),
        ("...", ". , ;"),
        ("\u{feff}", "word"),
        ("a\u{0301}", "á"),
    ] {
        let pair = SentencePair::new(a, b);
        assert!(pair.spearman_rho().is_nan());
        assert_eq!(pair.index_diff(), 0);
    }
}

#[test]
fn aligned_lines_are_measured_pairwise_and_must_match_in_number() {
    let same = WordEquivalence::new(NounLemmatizer::new(["cat".to_owned()], HashMap::new()));
    let lines = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<String>>();
    let source = lines(&["The cat sat on the mat .", "It rained all day ."]);
    let output = lines(&["The cat sat on the mat .", "It poured all afternoon ."]);
    let profile = compare_aligned_lines(("src", &source), ("out", &output), &same).unwrap();
    let word_change: Vec<usize> = profile.sentences.iter().map(|s| s.word_change).collect();
    // "rained" → "poured" and "day" → "afternoon" are two changed words; the first line is kept.
    assert_eq!(word_change, vec![0, 2]);
    let err = compare_aligned_lines(("src", &source), ("out", &output[..1]), &same).unwrap_err();
    assert_eq!(
        err.to_string(),
        "out:2: has 1 lines but its source src has 2"
    );
}
