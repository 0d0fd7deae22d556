//! `gecbias errant-parallel` and `errant-m2` (spaCy's model run natively, the default) against
//! ERRANT 3.0.2's own output on the same hand-made fixtures (`tests/fixtures/errant/`: six sentences, two
//! corrections, a four-sentence M2 gold; six lines of raw text and their corrections for `-tok`;
//! the `expected-*` files recorded with spaCy 3.8 and
//! `en_core_web_sm` 3.8.0 by running ERRANT unchanged through
//! `xtask/src/reference_tools/errant_record.py`), byte for byte; and `score -m errant` from text.

use std::process::Command;

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/errant/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn gecbias(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn expected(name: &str) -> String {
    std::fs::read_to_string(fixture(&format!("expected-{name}.m2"))).unwrap()
}

#[test]
fn errant_parallel_tok_tokenises_raw_text_as_errant_does() {
    // Raw text with contractions, hyphens, doubled quotes, abbreviations, a URL and an emoticon:
    // spaCy's tokenizer (special cases and their norms included) and ERRANT's M2, byte for byte.
    let printed = gecbias(&[
        "errant-parallel",
        "-orig",
        &fixture("raw-orig.txt"),
        "-cor",
        &fixture("raw-cor.txt"),
        "-out",
        "-",
        "-tok",
    ]);
    assert_eq!(printed, expected("parallel-tok"));
    assert!(
        printed.contains("S I ca n't believe it 's 3 - D !\n"),
        "{printed}"
    );
}

#[test]
fn errant_parallel_gives_errants_m2() {
    let (orig, cor0, cor1) = (
        fixture("orig.txt"),
        fixture("cor0.txt"),
        fixture("cor1.txt"),
    );
    // To standard output, and to a file as ERRANT writes it: the same bytes, ERRANT's.
    let path = std::env::temp_dir().join(format!("gecbias-errant-{}.m2", std::process::id()));
    let path = path.display().to_string();
    for out in ["-", path.as_str()] {
        let printed = gecbias(&[
            "errant-parallel",
            "-orig",
            &orig,
            "-cor",
            &cor0,
            &cor1,
            "-out",
            out,
        ]);
        let written = if out == "-" {
            printed
        } else {
            std::fs::read_to_string(out).unwrap()
        };
        assert_eq!(written, expected("parallel"), "-out {out}");
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn errant_m2_retypes_and_reextracts_as_errant_does() {
    let gold = fixture("gold.m2");
    for (flags, file) in [
        (&["-gold"][..], "m2-gold"),
        (&["-auto"][..], "m2-auto"),
        (
            &["-gold", "-no_min", "-old_cats"][..],
            "m2-gold-no_min-old_cats",
        ),
    ] {
        let mut args = vec!["errant-m2", gold.as_str()];
        args.extend(flags);
        args.extend(["-out", "-"]);
        assert_eq!(gecbias(&args), expected(file), "{flags:?}");
    }
}

#[test]
fn score_types_text_hypotheses_per_category() {
    let gold = fixture("gold.m2");
    // The gold's four sentences as source, and a system's corrections of them.
    let dir = std::env::temp_dir().join(format!("gecbias-errant-score-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("src.txt");
    let hyp = dir.join("hyp.txt");
    std::fs::write(
        &src,
        "He go to school yesterday .\nThis is a apple .\nFine .\nWe discussed about the problem .\n",
    )
    .unwrap();
    std::fs::write(
        &hyp,
        "He went to school yesterday .\nThis is an apple .\nFine .\nWe discussed about this problem .\n",
    )
    .unwrap();
    let score = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec!["score", "-m", "errant", "-s", src.to_str().unwrap()];
        args.extend(["-i", hyp.to_str().unwrap(), "--gold", &gold]);
        args.extend(extra);
        serde_json::from_str(&gecbias(&args)).unwrap()
    };
    let json = score(&["--cat", "3"]);
    let row = &json[0];
    // The gold re-typed: annotator 0 has went, an; in the last sentence annotator 10 deletes
    // "about" (U:PREP) and annotator 2 writes "this". The running choice takes, sentence by
    // sentence, the annotator the hypothesis matches: three TP, nothing missed.
    assert_eq!(
        (row["tp"].as_u64(), row["fp"].as_u64(), row["fn"].as_u64()),
        (Some(3), Some(0), Some(0))
    );
    let categories = &row["categories"];
    assert_eq!(categories["R:VERB:TENSE"]["tp"], 1);
    assert_eq!(categories["R:DET"]["tp"], 2);
    assert!(categories.get("U:PREP").is_none(), "{categories}");
    assert!(
        row["signature"]
            .as_str()
            .unwrap()
            .contains("|hyp:text|typed:gecbias-errant-0.1.0|analyser:spacy-en_core_web_sm-3.8.0|"),
        "{}",
        row["signature"]
    );
    // The EWT tagger only when asked for, and the signature says so.
    let ewt = score(&["--analyser", "ewt"]);
    assert!(
        ewt[0]["signature"]
            .as_str()
            .unwrap()
            .contains("|analyser:ewt-tagger|"),
        "{}",
        ewt[0]["signature"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
