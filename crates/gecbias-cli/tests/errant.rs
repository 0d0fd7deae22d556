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

/// `score -m errant --average macro` is the mean of the per-type rows errant_compare's `-cat`
/// prints (recorded from ERRANT 3.0.2 on NUCLE's annotator A against B, three tiers and modes):
/// every row's F_β, P and R recomputed from its TP, FP and FN, averaged, and within rounding of the
/// mean of the printed four-decimal values.
#[test]
fn macro_average_is_the_mean_of_errant_compares_per_type_rows() {
    let Some(data) = gecbias_data::testing::data_or_skip("ERRANT's macro average on NUCLE") else {
        return;
    };
    let golds = data.join("assess_learner_language/data/conll14st-test-data/noalt");
    let (a, b) = (
        golds.join("official-2014.0.m2").display().to_string(),
        golds.join("official-2014.1.m2").display().to_string(),
    );
    let recorded = format!(
        "{}/tests/recorded/errant-compare",
        env!("CARGO_MANIFEST_DIR")
    );
    for (file, mode, cat) in [
        ("cs.cat1.txt", "cs", "1"),
        ("ds.cat2.txt", "ds", "2"),
        ("cse.cat3.txt", "cse", "3"),
    ] {
        let table = std::fs::read_to_string(format!("{recorded}/{file}")).unwrap();
        // The per-type rows, before the corpus table: a name (empty for a NUCLE type of two
        // letters at tier 2) and six numbers, kept as the six.
        let rows: Vec<Vec<&str>> = table
            .split("\n\n")
            .find(|block| block.contains("Category"))
            .unwrap()
            .lines()
            .skip_while(|l| !l.starts_with("Category"))
            .skip(1)
            .map(|l| {
                let fields: Vec<&str> = l.split_whitespace().collect();
                fields[fields.len() - 6..].to_vec()
            })
            .collect();
        assert!(rows.len() > 5, "{file}");
        let n = rows.len() as f64;
        let scores: Vec<gec_metrics::ErrantScore> = rows
            .iter()
            .map(|f| {
                let count = |k: usize| f[k].parse::<u64>().unwrap();
                gec_metrics::ErrantScore::from_counts(count(0), count(1), count(2), 0.5)
            })
            .collect();
        let mean =
            |part: fn(&gec_metrics::ErrantScore) -> f64| scores.iter().map(part).sum::<f64>() / n;
        let printed_mean = |k: usize| {
            rows.iter()
                .map(|f| f[k].parse::<f64>().unwrap())
                .sum::<f64>()
                / n
        };
        let json = gecbias(&[
            "score",
            "-m",
            "errant",
            "--gold",
            &b,
            "-i",
            &a,
            "--errant-mode",
            mode,
            "--cat",
            cat,
            "--average",
            "macro",
        ]);
        let row: serde_json::Value =
            serde_json::from_str::<serde_json::Value>(&json).unwrap()[0].clone();
        let score = row["score"].as_f64().unwrap();
        assert!(
            (score - mean(|s| s.f_beta)).abs() < 1e-12,
            "{file}: {score}"
        );
        assert!((score - printed_mean(5)).abs() < 5e-5, "{file}: {score}");
        assert!((row["precision"].as_f64().unwrap() - mean(|s| s.precision)).abs() < 1e-12);
        assert!((row["recall"].as_f64().unwrap() - mean(|s| s.recall)).abs() < 1e-12);
        assert!(
            row["signature"]
                .as_str()
                .unwrap()
                .contains(&format!("|cat:{cat}|average:macro|")),
            "{row}"
        );
        // The counts stay the micro ones of errant_compare's corpus table.
        let corpus = table
            .lines()
            .skip_while(|l| !l.starts_with("TP\t"))
            .nth(1)
            .unwrap();
        let counts: Vec<u64> = corpus
            .split('\t')
            .take(3)
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(
            [&row["tp"], &row["fp"], &row["fn"]].map(|v| v.as_u64().unwrap()),
            [counts[0], counts[1], counts[2]]
        );
    }
}
