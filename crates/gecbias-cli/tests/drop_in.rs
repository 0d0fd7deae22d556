//! `gecbias m2scorer` prints m2scorer's bytes: the recorded outputs of the official scorer for
//! the 14 CoNLL-2014 systems against both golds (`tests/recorded/m2scorer/`), and m2scorer's
//! arguments; bad input exits 1 naming the file.

use std::path::Path;
use std::process::Command;

use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS};
use gecbias_data::testing::data_or_skip;

fn gecbias(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn m2scorer_output_is_byte_identical_to_the_official_scorer() {
    let Some(data) = data_or_skip("m2scorer drop-in") else {
        return;
    };
    let recorded = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/recorded/m2scorer");
    let mut checked = 0;
    for entry in std::fs::read_dir(&recorded).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        let (gold, system) = stem.split_once(".m2.").unwrap();
        let out = gecbias(&[
            "m2scorer",
            &data
                .join(&format!("{CONLL_PARAGRAPHS}/{system}"))
                .display()
                .to_string(),
            &data
                .join(&format!("{CONLL_GOLD}/{gold}.m2"))
                .display()
                .to_string(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            std::fs::read_to_string(&path).unwrap(),
            "{name}"
        );
        checked += 1;
    }
    assert_eq!(checked, 28);
}

#[test]
fn m2scorer_arguments_and_bad_input() {
    let dir = std::env::temp_dir().join(format!("gecbias-drop-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gold = dir.join("g.m2");
    std::fs::write(
        &gold,
        "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n",
    )
    .unwrap();
    let system = dir.join("s.txt");
    std::fs::write(&system, "He goes .\n").unwrap();
    let (g, s) = (gold.display().to_string(), system.display().to_string());
    let out = gecbias(&[
        "m2scorer",
        "--beta",
        "1",
        "--max_unchanged_words",
        "3",
        &s,
        &g,
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Precision   : 1.0000\nRecall      : 1.0000\nF_1.0       : 1.0000\n"
    );
    let verbose = gecbias(&["m2scorer", "-v", "--ignore_whitespace_casing", &s, &g]);
    let text = String::from_utf8_lossy(&verbose.stdout);
    assert!(
        text.contains("EDIT SEQ      : [(1, 2, u'go', u'goes')]"),
        "{text}"
    );
    assert!(
        text.contains("GOLD EDITS    : [(1, 2, u'go', [u'goes'])]"),
        "{text}"
    );
    assert!(text.ends_with("F_0.5       : 1.0000\n"), "{text}");
    let short = dir.join("short.txt");
    std::fs::write(&short, "").unwrap();
    let out = gecbias(&["m2scorer", &short.display().to_string(), &g]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("short.txt: empty"));
    let usage = gecbias(&["m2scorer", &s]);
    assert_eq!(usage.status.code(), Some(2));
}
