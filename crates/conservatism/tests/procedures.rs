//! `compare_files`' two procedures on line-aligned files: line i against line i (the default),
//! and the LCB paper's passage procedure, which re-splits the text by Punkt and so merges lines
//! without a sentence end. The resources are the ones the program carries.

use conservatism::{Procedure, Resources, compare_files};

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("conservatism-procedures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn five_one_sentence_lines_are_five_sentences_with_their_own_changes() {
    let resources = Resources::locate().unwrap();
    let source = write(
        "source.txt",
        "the cat sat on the mat\nshe ate red apples today\nthey walked to the old school\n\
         we like music\nhe reads long books at night\n",
    );
    let output = write(
        "output.txt",
        "the cat sat on the mat\nshe ate green apples today\nthey ran to the new school\n\
         we like music\nhe writes short poems at night\n",
    );
    let lines = compare_files(&source, &output, &resources, Procedure::Lines).unwrap();
    let changes: Vec<usize> = lines.sentences.iter().map(|s| s.word_change).collect();
    assert_eq!(changes, [0, 1, 2, 0, 3]);
    assert_eq!(lines.total_word_change(), 6);
    // The paper's procedure finds the same sentences here (its preprocessing ends each line).
    let passages = compare_files(&source, &output, &resources, Procedure::Passages).unwrap();
    let changes: Vec<usize> = passages.sentences.iter().map(|s| s.word_change).collect();
    assert_eq!(changes, [0, 1, 2, 0, 3]);
}

/// `splits` and `concatenations` say what the output did, in both procedures: a source sentence
/// the output cut in two is a split, two source sentences it joined a concatenation (the
/// reference code's labels, kept for the paper's figure, are the other way round).
#[test]
fn splits_and_concatenations_name_what_the_output_did() {
    let resources = Resources::locate().unwrap();
    let long =
        "The cat sat on the mat and the dog ran away quickly.\nI like green apples very much.\n";
    let cut = "The cat sat on the mat. The dog ran away quickly.\nI like green apples very much.\n";
    let joined_source =
        "The weather was cold today.\nWe stayed inside the house all day.\nIt was fine.\n";
    let joined =
        "The weather was cold today, so we stayed inside the house all day.\n\nIt was fine.\n";
    let cases = [
        ("split", long, cut, (1, 0)),
        ("join", cut, long, (0, 1)),
        ("unchanged", long, long, (0, 0)),
    ];
    for (what, source, output, expected) in cases {
        let (s, o) = (
            write(&format!("{what}-s.txt"), source),
            write(&format!("{what}-o.txt"), output),
        );
        for procedure in [Procedure::Lines, Procedure::Passages] {
            let p = compare_files(&s, &o, &resources, procedure).unwrap();
            assert_eq!(
                (p.splits(), p.concatenations()),
                expected,
                "{what}, {procedure:?}"
            );
            if procedure == Procedure::Passages {
                assert_eq!(
                    (p.paper_concat_bar(), p.paper_split_bar()),
                    expected,
                    "{what}"
                );
            }
        }
    }
    // Two source lines joined into one output line: a concatenation by the passage procedure.
    let (s, o) = (
        write("joined-s.txt", joined_source),
        write("joined-o.txt", joined),
    );
    let p = compare_files(&s, &o, &resources, Procedure::Passages).unwrap();
    assert_eq!((p.splits(), p.concatenations()), (0, 1));
}

/// The messages of both procedures on a source whose second line is `line`.
fn refusals(name: &str, line: &str) -> [String; 2] {
    let resources = Resources::locate().unwrap();
    let source = write(
        &format!("{name}-source.txt"),
        &format!("short line\n{line}\n"),
    );
    let output = write(&format!("{name}-output.txt"), "short line\nanother\n");
    [Procedure::Lines, Procedure::Passages].map(|procedure| {
        compare_files(&source, &output, &resources, procedure)
            .unwrap_err()
            .to_string()
    })
}

#[test]
fn a_word_too_long_to_align_is_named() {
    let [lines, passages] = refusals("word", &"ab".repeat(600));
    assert!(
        lines.contains("word-source.txt:2: a word of 1200 characters, more than the limit of 1000"),
        "{lines}"
    );
    // The passage as preprocessed: each line ended with a full stop.
    assert!(
        passages.contains("passage 1: a word of 1201 characters"),
        "{passages}"
    );
}

#[test]
fn a_line_too_long_to_align_is_named() {
    let long = "word ".repeat(conservatism::MAX_SENTENCE_WORDS + 1);
    let [lines, passages] = refusals("long", long.trim_end());
    assert!(
        lines.contains("long-source.txt:2: 1001 words, more than the limit of 1000"),
        "{lines}"
    );
    assert!(
        passages.contains("long-output.txt against its source")
            && passages.contains("passage 1, sentence"),
        "{passages}"
    );
}
