//! `gecbias meta-eval` on a judgment set small enough to check by hand, its bad inputs (exit 1
//! naming the file and the element), and GJG15's Table 5 F1.0 row from the real data.

mod support;

use std::process::Output;

use serde_json::Value;
use support::{dir, file, gecbias};

const GOLD: &str = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\n\
                    S I is .\nA 1 2|||R:VERB|||am|||REQUIRED|||-NONE-|||0\n";

/// Three rankings of A, B and INPUT: A beats B twice and loses once, beats INPUT three times;
/// B beats INPUT twice and ties it once; INPUT never wins.
const JUDGMENTS: &str = r#"<appraise-results>
<ranking-item id="1" src-id="0" user="j1">
  <translation rank="1" system="A"/><translation rank="2" system="B"/><translation rank="3" system="INPUT"/>
</ranking-item>
<ranking-item id="2" src-id="1" user="j1">
  <translation rank="2" system="A"/><translation rank="1" system="B"/><translation rank="3" system="INPUT"/>
</ranking-item>
<ranking-item id="3" src-id="1" user="j2">
  <translation rank="1" system="A"/><translation rank="2" system="B INPUT"/>
</ranking-item>
</appraise-results>
"#;

/// A GJG15-shaped folder named `name` holding `judgments` and the outputs of A, B and INPUT
/// (`missing` left out); its path, and the gold's.
fn dataset(name: &str, judgments: &str, missing: Option<&str>) -> (String, String) {
    let root = dir().join(name);
    let outputs = root.join("data/original/official_submissions");
    std::fs::create_dir_all(&outputs).unwrap();
    std::fs::write(root.join("data/judgments.xml"), judgments).unwrap();
    for (system, text) in [
        ("A", "He goes .\nI am .\n"),
        ("B", "He goes .\nI is .\n"),
        ("INPUT", "He go .\nI is .\n"),
    ] {
        if Some(system) != missing {
            std::fs::write(outputs.join(system), text).unwrap();
        }
    }
    let gold = file(&format!("{name}-gold.m2"), GOLD.as_bytes());
    (root.display().to_string(), gold)
}

/// `meta-eval` of M2 F0.5 (or the β `extra` gives) on the dataset.
fn meta_eval(root: &str, gold: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "meta-eval",
        "--dataset",
        "gjg15",
        "--root",
        root,
        "--gold",
        gold,
    ];
    if !extra.contains(&"--beta") {
        args.extend(["--beta", "0.5"]);
    }
    args.extend(extra);
    gecbias(&args)
}

#[test]
fn a_small_judgment_set_by_hand() {
    let (root, gold) = dataset("small", JUDGMENTS, None);
    let out = meta_eval(&root, &gold, &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["systems"], serde_json::json!(["A", "B", "INPUT"]));
    // EW(A) = (2/3 + 3/3) / 2, EW(B) = (1/3 + 2/2) / 2; INPUT never won: 0.
    let human: Vec<f64> = report["human"]["systems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .collect();
    assert!((human[0] - 5.0 / 6.0).abs() < 1e-12 && (human[1] - 2.0 / 3.0).abs() < 1e-12);
    assert_eq!(human[2], 0.0);
    let m2 = &report["metrics"][0];
    assert_eq!(m2["metric"], "M2 F0.5");
    // A corrects both sentences, B one of two (P 1, R ½: F0.5 = 1.25·½ / (0.25 + ½)), INPUT none.
    let scores: Vec<f64> = m2["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(scores[0], 1.0);
    assert!((scores[1] - 0.625 / 0.75).abs() < 1e-12);
    assert_eq!(scores[2], 0.0);
    assert_eq!(m2["spearman"]["estimate"], 1.0);
    assert!((m2["pearson"]["estimate"].as_f64().unwrap() - 0.999_423_797_128_766_1).abs() < 1e-12);
    assert!(report["signature"].as_str().unwrap().starts_with(
        "meta-eval|dataset:gjg15|systems:3|excluded:none|human:ew|ties:ignored|version:"
    ));
    // Intervals and pairs: seeded, so two runs agree; the interval holds the estimate's range.
    let args = [
        "--confidence",
        "--paired",
        "--resamples",
        "200",
        "--beta",
        "0.5",
        "1",
    ];
    let (a, b) = (
        meta_eval(&root, &gold, &args),
        meta_eval(&root, &gold, &args),
    );
    assert_eq!(a.stdout, b.stdout);
    let report: Value = serde_json::from_slice(&a.stdout).unwrap();
    let rho = &report["metrics"][0]["spearman"];
    assert!(rho["low"].as_f64().unwrap() <= rho["high"].as_f64().unwrap());
    let pairs = report["paired"].as_array().unwrap();
    assert_eq!(pairs.len(), 2, "one pair, two correlations");
    assert!(
        pairs[0].get("p_williams").is_none(),
        "Williams' test needs 4 systems"
    );
    // TrueSkill: A above B above INPUT, seeded; no intervals (exit 2 with --confidence).
    let ts = meta_eval(
        &root,
        &gold,
        &["--human", "trueskill", "--trueskill-runs", "5"],
    );
    let ts: Value = serde_json::from_slice(&ts.stdout).unwrap();
    let mu: Vec<f64> = ts["human"]["systems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .collect();
    assert!(mu[0] > mu[1] && mu[1] > mu[2], "{mu:?}");
    assert!(
        ts["signature"]
            .as_str()
            .unwrap()
            .contains("|human:trueskill|runs:5|seed:12345|")
    );
    let refused = meta_eval(&root, &gold, &["--human", "trueskill", "--confidence"]);
    assert_eq!(refused.status.code(), Some(2));
    let text = meta_eval(&root, &gold, &["-f", "text"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("M2 F0.5  1.000"));
}

/// `args` fails with status 1 and one line containing every part of `expected`.
fn refused(out: &Output, expected: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    for part in expected {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
}

#[test]
fn bad_judgments_and_missing_outputs_name_the_file_and_element() {
    let (root, gold) = dataset(
        "unclosed",
        &JUDGMENTS.replace("</ranking-item>\n</appraise", "</appraise"),
        None,
    );
    refused(
        &meta_eval(&root, &gold, &[]),
        &["judgments.xml:10:", "expected `</ranking-item>`"],
    );
    let (root, gold) = dataset("no-rank", &JUDGMENTS.replacen(" rank=\"3\"", "", 1), None);
    refused(
        &meta_eval(&root, &gold, &[]),
        &["judgments.xml:3:", "translation without `rank`"],
    );
    let (root, gold) = dataset(
        "unknown",
        &JUDGMENTS.replacen("system=\"B\"", "system=\"ZZZ\"", 1),
        None,
    );
    refused(
        &meta_eval(&root, &gold, &[]),
        &[
            "judgments.xml",
            "ranking-item id=\"1\"",
            "\"ZZZ\"",
            "official_submissions",
        ],
    );
    let (root, gold) = dataset("missing", JUDGMENTS, Some("B"));
    refused(
        &meta_eval(&root, &gold, &[]),
        &["ranking-item id=\"1\"", "\"B\"", "no output"],
    );
    let empty = dir().join("no-such-folder").display().to_string();
    refused(&meta_eval(&empty, &gold, &[]), &["judgments.xml"]);
}

/// A custom ratings file: four systems, three segments, two raters of `fluency`; the further
/// from the reference, the lower the rating.
fn ratings_csv() -> String {
    let segments = [
        ("the cat sat on the mat .", "a cat sit on mat ."),
        (
            "he goes to school every day .",
            "he go to school every days .",
        ),
        ("she likes green apples .", "she like green apple ."),
    ];
    let mut csv = String::from("system,segment,source,output,score,rater,aspect,ref0\n");
    for (s, system) in ["copy", "one", "two", "all"].iter().enumerate() {
        for (g, (reference, source)) in segments.iter().enumerate() {
            let output: Vec<&str> = source
                .split(' ')
                .zip(reference.split(' '))
                .enumerate()
                .map(|(i, (o, r))| if i < s * 2 { r } else { o })
                .collect();
            for rater in ["r1", "r2"] {
                let score = 20 * s + 5 * usize::from(rater == "r2") + g;
                csv += &format!(
                    "{system},{g},{source},{},{score},{rater},fluency,{reference}\n",
                    output.join(" ")
                );
            }
        }
    }
    csv
}

/// `meta-eval --dataset custom --judgments PATH` with `extra`.
fn custom(path: &str, extra: &[&str]) -> Output {
    let mut args = vec!["meta-eval", "--dataset", "custom", "--judgments", path];
    args.extend(extra);
    gecbias(&args)
}

#[test]
fn custom_ratings_correlate_at_system_and_segment_level() {
    let path = file("ratings.csv", ratings_csv().as_bytes());
    let out = custom(
        &path,
        &["-m", "gleu", "chrf", "--confidence", "--resamples", "200"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["aspect"], "fluency");
    assert_eq!(
        json["systems"],
        serde_json::json!(["copy", "one", "two", "all"])
    );
    // Two raters' mean: 20·s + 2.5 + mean(0, 1, 2).
    assert_eq!(json["human"], serde_json::json!([3.5, 23.5, 43.5, 63.5]));
    assert_eq!(json["rated_outputs"], 12);
    for row in json["metrics"].as_array().unwrap() {
        // GLEU gives the copy and the two-word fix both 0: a tie.
        let rho = &row["system"]["spearman"];
        let expected = if row["metric"] == "GLEU" {
            0.948_683_298_050_513_8
        } else {
            1.0
        };
        assert_eq!(rho["estimate"], expected, "{row}");
        assert!(rho["low"].as_f64().unwrap() <= 1.0);
        assert!(
            row["segment"]["pearson"]["estimate"].as_f64().unwrap() > 0.6,
            "{row}"
        );
    }
    assert!(
        json["signature"]
            .as_str()
            .unwrap()
            .starts_with("meta-eval|dataset:")
    );
    let text = custom(&path, &["-m", "gleu", "-f", "text"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("aspect fluency: 4 systems, 3 segments, 12 rated outputs"),
        "{text}"
    );
}

#[test]
fn bad_ratings_name_the_file_line_and_column() {
    let run = |name: &str, text: &str, extra: &[&str]| {
        let path = file(name, text.as_bytes());
        let mut args = vec!["-m", "gleu"];
        args.extend(extra);
        custom(&path, &args)
    };
    let good = ratings_csv();
    refused(
        &run("no-score.csv", &good.replace(",score,", ",mark,"), &[]),
        &["no-score.csv:1:9:", "no column \"score\""],
    );
    refused(
        &run("word.csv", &good.replacen(",0,r1,", ",zero,r1,", 1), &[]),
        &["word.csv:2:5:", "score \"zero\" is not a number"],
    );
    let twice: String = good
        .lines()
        .take(2)
        .chain(good.lines().nth(1))
        .collect::<Vec<_>>()
        .join("\n");
    refused(
        &run("twice.csv", &twice, &[]),
        &[
            "twice.csv:3:1:",
            "duplicate (system, segment)",
            "first on line 2",
        ],
    );
    refused(
        &run("unknown.csv", &good, &["--systems", "copy", "one", "two"]),
        &["unknown.csv:20:1:", "unknown system \"all\""],
    );
    refused(&run("empty.csv", "", &[]), &["empty.csv"]);
    refused(
        &run("ragged.csv", &good.replacen(",r1,", ",r1,extra,", 1), &[]),
        &["ragged.csv:2:"],
    );
    let missing = gecbias(&["meta-eval", "--dataset", "custom", "-m", "gleu"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--judgments FILE is required"));
}
