//! `score` and the analysis commands on the real data: the reference tools' numbers, a JSON
//! output valid against `docs/score-schema.json`, the same intervals and p-values on 1 and 2
//! threads, and the papers' numbers from `conservatism`, `unseen` and `coverage`.

use std::path::Path;
use std::process::{Command, Output};

use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS, CONLL_REFERENCES};
use gecbias_data::testing::data_or_skip;
use serde_json::Value;

fn gecbias(args: &[&str], threads: &str) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .env_remove("GECBIAS_SEED")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The parts of JSON Schema `docs/score-schema.json` uses: type, enum, required, properties,
/// additionalProperties, items, minimum, maximum, $ref to $defs; `pattern` only as the
/// signature's prefix.
fn validate(value: &Value, schema: &Value, root: &Value, at: &str) -> Vec<String> {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/$defs/");
        return validate(value, &root["$defs"][name], root, at);
    }
    let mut errors = Vec::new();
    let type_ok = match schema["type"].as_str() {
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        Some("number") => value.is_number(),
        Some("integer") => value.is_u64() || value.is_i64(),
        Some("string") => value.is_string(),
        _ => true,
    };
    if !type_ok {
        errors.push(format!("{at}: not {}", schema["type"]));
    }
    if let Some(options) = schema["enum"].as_array()
        && !options.contains(value)
    {
        errors.push(format!("{at}: {value} not in {options:?}"));
    }
    if let (Some(min), Some(x)) = (schema["minimum"].as_f64(), value.as_f64())
        && x < min
    {
        errors.push(format!("{at}: {x} < {min}"));
    }
    if let (Some(max), Some(x)) = (schema["maximum"].as_f64(), value.as_f64())
        && x > max
    {
        errors.push(format!("{at}: {x} > {max}"));
    }
    if schema["pattern"].is_string() {
        let s = value.as_str().unwrap_or_default();
        let metric = s.split('|').next().unwrap_or_default();
        if !["M2", "ERRANT", "GLEU", "SARI", "USim"].contains(&metric) || !s.contains("version:") {
            errors.push(format!("{at}: signature {s}"));
        }
    }
    for field in schema["required"].as_array().into_iter().flatten() {
        if value.get(field.as_str().unwrap_or_default()).is_none() {
            errors.push(format!("{at}: no {field}"));
        }
    }
    if let (Some(properties), Some(object)) = (schema["properties"].as_object(), value.as_object())
    {
        for (key, v) in object {
            match properties.get(key) {
                Some(s) => errors.extend(validate(v, s, root, &format!("{at}.{key}"))),
                None => errors.push(format!("{at}: {key} is not in the schema")),
            }
        }
    }
    if let (Some(each), Some(object)) = (schema.get("additionalProperties"), value.as_object()) {
        for (key, v) in object {
            errors.extend(validate(v, each, root, &format!("{at}.{key}")));
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (k, v) in array.iter().enumerate() {
            errors.extend(validate(v, items, root, &format!("{at}[{k}]")));
        }
    }
    errors
}

fn schema() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/score-schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn score_m2_gleu_errant_match_the_tools_with_valid_json_on_any_thread_count() {
    let Some(data) = data_or_skip("score on CoNLL-2014") else {
        return;
    };
    let path = |p: String| data.join(&p).display().to_string();
    let gold = path(format!("{CONLL_GOLD}/official-2014.combined.m2"));
    let source = path(format!("{CONLL_REFERENCES}/source"));
    let (a, b) = (
        path(format!("{CONLL_REFERENCES}/NUCLEA")),
        path(format!("{CONLL_REFERENCES}/NUCLEB")),
    );
    let systems: Vec<String> = ["AMU", "CAMB", "CUUI"]
        .iter()
        .map(|s| path(format!("{CONLL_PARAGRAPHS}/{s}")))
        .collect();
    let mut args = vec![
        "score", "-m", "m2", "gleu", "-s", &source, "--gold", &gold, "-r", &a, &b, "-i",
    ];
    args.extend(systems.iter().map(String::as_str));
    let one = gecbias(&args, "2");
    // Intervals and paired tests, resampled on 1 and on 2 threads, on M2 alone (GLEU's
    // resampling costs 6 s of CPU in a debug build; `tests/cli.rs` resamples GLEU on 20 lines).
    let m2 = ["score", "-m", "m2", "--gold", gold.as_str(), "-i"];
    let resampling = [
        "--confidence",
        "--paired-bs",
        "--paired-ar",
        "--paired-ar-n",
        "500",
    ];
    let threads: Vec<&str> = m2
        .into_iter()
        .chain(systems[..2].iter().map(String::as_str))
        .chain(resampling)
        .collect();
    let paired = gecbias(&threads, "1").stdout;
    assert_eq!(paired, gecbias(&threads, "2").stdout, "1 vs 2 threads");
    let paired: Value = serde_json::from_slice(&paired).unwrap();
    assert!(validate(&paired, &schema(), &schema(), "$").is_empty());
    for row in paired.as_array().unwrap() {
        let ci = &row["confidence"];
        let point = ci["point"].as_f64().unwrap();
        assert!(ci["low"].as_f64().unwrap() <= point && point <= ci["high"].as_f64().unwrap());
    }
    assert!(paired[1]["paired_ar"]["p_value"].as_f64().unwrap() > 0.0);
    assert!(paired[1]["paired_bs"]["p_value"].as_f64().unwrap() > 0.0);
    assert!(
        paired[0].get("paired_ar").is_none(),
        "the baseline has no test"
    );
    let rows: Value = serde_json::from_slice(&one.stdout).unwrap();
    let schema = schema();
    let errors = validate(&rows, &schema, &schema, "$");
    assert!(errors.is_empty(), "{errors:#?}");
    // m2scorer's three lines for AMU (recorded).
    let recorded = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/recorded/m2scorer/official-2014.combined.m2.AMU.txt"),
    )
    .unwrap();
    let f = rows[0]["score"].as_f64().unwrap();
    assert!(
        recorded.ends_with(&format!("F_0.5       : {f:.4}\n")),
        "{recorded}"
    );
    // compute_gleu's values with NUCLE A and B (metric-goldens §b), to the last bit.
    let golden = gecbias_data::spec_goldens::rows("gleu_conll14_results.tsv").unwrap();
    for (k, system) in ["AMU", "CAMB", "CUUI"].iter().enumerate() {
        let row = golden.iter().find(|r| r[0] == *system).unwrap();
        assert_eq!(rows[3 + k]["name"], "GLEU");
        assert_eq!(
            rows[3 + k]["score"].as_f64(),
            row[1].parse::<f64>().ok(),
            "{system}"
        );
    }

    // The gold by --gold whatever its name, the system by NAME=PATH.
    let renamed = std::env::temp_dir().join(format!("gecbias-gold-{}.txt", std::process::id()));
    std::fs::copy(&gold, &renamed).unwrap();
    let amu = format!("AMU={}", systems[0]);
    let named = gecbias(
        &[
            "score",
            "-m",
            "m2",
            "--gold",
            &renamed.display().to_string(),
            "-i",
            &amu,
        ],
        "2",
    );
    std::fs::remove_file(&renamed).unwrap();
    let named: Value = serde_json::from_slice(&named.stdout).unwrap();
    assert_eq!(named[0]["system"], "AMU");
    assert_eq!(
        format!("{:.4}", named[0]["score"].as_f64().unwrap()),
        "0.3501"
    );

    // JSON Lines per sentence: one object per system and sentence.
    let m2 = ["score", "-m", "m2", "--gold", gold.as_str(), "-i"];
    let lines = gecbias(&[&m2[..], &[&systems[0], "--sentence-level"]].concat(), "2");
    let lines: Vec<Value> = String::from_utf8_lossy(&lines.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1312);
    let correct: u64 = lines.iter().map(|l| l["correct"].as_u64().unwrap()).sum();
    assert_eq!(Some(correct), rows[0]["correct"].as_u64());

    // LaTeX: a row per system, a column per metric, the signatures as comments.
    let latex = [&systems[0], &systems[1], "-f", "latex", "--paired-bs"];
    let latex = gecbias(&[&m2[..], &latex].concat(), "2");
    let latex = String::from_utf8_lossy(&latex.stdout);
    assert!(
        latex.starts_with("\\begin{tabular}{lr}\n\\toprule\nSystem & M2 \\\\"),
        "{latex}"
    );
    assert!(latex.contains("AMU & 35.01"), "{latex}");
    assert!(latex.contains("% M2|refs:2|"), "{latex}");

    // ERRANT: NUCLE's annotator A against B, errant_compare's counts (metric-goldens §f).
    let (na, nb) = (
        path(format!("{CONLL_GOLD}/official-2014.0.m2")),
        path(format!("{CONLL_GOLD}/official-2014.1.m2")),
    );
    let errant = gecbias(
        &[
            "score",
            "-m",
            "errant",
            "--gold",
            &nb,
            "-i",
            &na,
            "--confidence",
        ],
        "2",
    );
    let rows: Value = serde_json::from_slice(&errant.stdout).unwrap();
    assert_eq!(
        (
            rows[0]["tp"].as_u64(),
            rows[0]["fp"].as_u64(),
            rows[0]["fn"].as_u64()
        ),
        (Some(921), Some(1470), Some(2396))
    );
    assert!(validate(&rows, &schema, &schema, "$").is_empty());
}

/// Whether the SVG has a text element reading `label` (plotters writes each on its own line).
fn has_text(svg: &str, label: &str) -> bool {
    svg.contains(&format!(">\n{label}\n</text>"))
}

#[test]
fn analysis_commands_give_the_papers_numbers() {
    let Some(data) = data_or_skip("conservatism, unseen, coverage") else {
        return;
    };
    let root = data.root().join("assess_learner_language");
    let text = |p: &str| root.join(p).display().to_string();
    let figures = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let heat_map = figures.join("conservatism.svg").display().to_string();
    // fig-conservatism's AMU row (the paper's passage procedure): 1319 pairs, 814 unchanged, 2
    // splits and 3 concatenations by AMU (the figure's bars, in the authors' labels, are 3
    // "split" and 2 "concat"), ΣWC 826.
    let out = gecbias(
        &[
            "conservatism",
            &text("data/paragraphs/conll.tok.orig"),
            &text("data/paragraphs/AMU"),
            "--passages",
            "--plot",
            &heat_map,
        ],
        "2",
    );
    // The figure: one row per system, the nine bins of LCB Figure 2, the scale up to AMU's 814,
    // labelled at its maximum.
    let svg = std::fs::read_to_string(&heat_map).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
    for label in ["AMU", "6-10", "21-30", "814", "words changed"] {
        assert!(has_text(&svg, label), "{label} missing from the heat map");
    }
    // (pairs, splits, concatenations, ΣWC, ρ = 1) of the first system of a report.
    let counts = |report: &Value| -> Vec<Option<u64>> {
        [
            "sentences",
            "splits",
            "concatenations",
            "total_word_change",
            "perfect_order",
        ]
        .iter()
        .map(|k| report["systems"][0][k].as_u64())
        .collect()
    };
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        counts(&report),
        [Some(1319), Some(2), Some(3), Some(826), Some(1033)]
    );
    assert_eq!(
        report["systems"][0]["word_change_histogram"][0]["sentences"],
        814
    );
    // Line by line (the default): one pair per line; in 2 of AMU's lines Punkt finds more
    // sentences than in the source line (splits), in 3 fewer (concatenations).
    let out = gecbias(
        &[
            "conservatism",
            &text("data/paragraphs/conll.tok.orig"),
            &text("data/paragraphs/AMU"),
        ],
        "2",
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        counts(&report),
        [Some(1312), Some(2), Some(3), Some(828), Some(1027)]
    );
    assert!(
        report["signature"]
            .as_str()
            .unwrap()
            .contains("split:lines")
    );

    let unseen = root.join("unseenEst");
    let files = |suffix: &str| -> Vec<String> {
        let mut out: Vec<String> = std::fs::read_dir(&unseen)
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .filter(|p| p.ends_with(suffix))
            .collect();
        out.sort();
        out
    };
    // table1's "current (HEAD) fingerprints, our LP" row: 1335.5880 / 66.5758 / 9.0105 / 1.4503.
    let fingerprints = files("_exact_input_hist.txt");
    let mut args = vec!["unseen"];
    args.extend(fingerprints.iter().map(String::as_str));
    let report: Value = serde_json::from_slice(&gecbias(&args, "2").stdout).unwrap();
    let variants: Vec<String> = report["table1"]["mean_variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| format!("{:.4}", v.as_f64().unwrap()))
        .collect();
    assert_eq!(variants, ["1335.5880", "66.5758", "9.0105", "1.4503"]);
    assert_eq!(report["sentences"].as_array().unwrap().len(), 48);

    // fig-accuracy: a perfect system's accuracy 0.1412 (0.062–0.229) with 1 reference, 0.4226
    // with 10.
    let histograms = files("_exact_output_hist.txt");
    let index = files("_index_output_hist.txt");
    let curves = figures.join("coverage.svg").display().to_string();
    let mut args = vec!["coverage", "--max-refs", "10", "--plot", &curves];
    args.extend(histograms.iter().map(String::as_str));
    args.push("--index");
    args.extend(index.iter().map(String::as_str));
    let report: Value = serde_json::from_slice(&gecbias(&args, "2").stdout).unwrap();
    let at = |m: usize, key: &str| format!("{:.4}", report["exact"][m - 1][key].as_f64().unwrap());
    assert_eq!(
        (at(1, "accuracy"), at(1, "low"), at(1, "high")),
        ("0.1412".into(), "0.0625".into(), "0.2292".into())
    );
    assert_eq!(at(10, "accuracy"), "0.4226");
    assert_eq!(
        report["exact_index_match"].as_array().map(Vec::len),
        Some(10)
    );
    // The figure: both curves, each with its band.
    let svg = std::fs::read_to_string(&curves).unwrap();
    assert_eq!(svg.matches("<polygon").count(), 2);
    for label in ["exact", "Exact-Index-Match", "M (references)", "accuracy"] {
        assert!(has_text(&svg, label), "{label} missing from the curves");
    }
}
