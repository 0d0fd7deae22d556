//! The `gecbias` binary end to end: USim from text and from XML (equal to the library's values),
//! sentence-level JSON Lines, parsing standard input, and bad input — exit 1 with the file and
//! line, never a panic; usage errors exit 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use ucca_parser::Parser;
use usim::{Params, TextParser, Tokenization, usim_text};

fn gecbias(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn file(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("gecbias-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// The toy corpus of the scoring tests: `n` lines of "He go to school .", each corrected to
/// "He goes to school ." where `corrected(line)` holds, written to `name`; its path.
fn school(name: &str, n: usize, corrected: impl Fn(usize) -> bool) -> String {
    let text: String = (0..n)
        .map(|i| {
            if corrected(i) {
                "He goes to school .\n"
            } else {
                "He go to school .\n"
            }
        })
        .collect();
    file(name, text.as_bytes())
}

const SOURCE: &str =
    "For not use car .\nThus even today sex is considered as the least important topic .\n";
const OUTPUT: &str =
    "For not using a car .\nEven today , sex is considered the least important topic .\n";

#[test]
fn usim_of_text_files() {
    let (s, o) = (
        file("s.txt", SOURCE.as_bytes()),
        file("o.txt", OUTPUT.as_bytes()),
    );
    let out = gecbias(&["usim", "-s", &s, "-o", &o, "--pretokenized"], "");
    succeeded(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["signature"],
        "USim|params:released|dirs:both|tok:pretokenized|sent:line|parser:ucca-wiki-bilstm|version:0.1.0"
    );
    let parser = Parser::default_model().unwrap();
    let text = TextParser::new(&parser, Tokenization::Pretokenized);
    let expected: Vec<f64> = SOURCE
        .lines()
        .zip(OUTPUT.lines())
        .map(|(a, b)| {
            usim_text(&text, a, b, &Params::RELEASED)
                .unwrap()
                .source_to_output
        })
        .collect();
    let system = &json["systems"][0];
    assert_eq!(system["sentences"], 2);
    assert_eq!(
        system["source_to_output"].as_f64().unwrap(),
        (expected[0] + expected[1]) / 2.0
    );

    let lines = gecbias(
        &[
            "usim",
            "-s",
            &s,
            "-o",
            &o,
            "--pretokenized",
            "--sentence-level",
        ],
        "",
    );
    let rows: Vec<serde_json::Value> = String::from_utf8(lines.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["line"], 2);
    assert_eq!(rows[1]["source_to_output"].as_f64().unwrap(), expected[1]);
}

/// `--parser-model` parses with a model file: the committed one gives the built-in model's
/// numbers under a signature naming the file's checksum; a missing file is an input error naming it.
/// By name, `perceptron` parses with the built-in perceptron, whose signature names it.
#[test]
#[ignore = "slow (1.5–3 s of CPU): `.ci/run` runs it with `-- --ignored`, outside the 60 s budget of `cargo test --workspace`"]
fn a_parser_model_file_replaces_the_built_in_one() {
    let (s, o) = (
        file("s.txt", SOURCE.as_bytes()),
        file("o.txt", OUTPUT.as_bytes()),
    );
    let usim = |extra: &[&str]| {
        let mut args = vec!["usim", "-s", &s, "-o", &o, "--pretokenized"];
        args.extend(extra);
        let out = gecbias(&args, "");
        succeeded(&out);
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let perceptron = gecbias_data::workspace_root().join(gecbias_data::location::UCCA_MODEL);
    let by_name = usim(&["--parser-model", "perceptron"]);
    let by_file = usim(&["--parser-model", perceptron.to_str().unwrap()]);
    assert_eq!(by_name["systems"], by_file["systems"]);
    assert_eq!(
        by_name["signature"],
        "USim|params:released|dirs:both|tok:pretokenized|sent:line|parser:ucca-wiki-v1.2|version:0.1.0"
    );
    let model = gecbias_data::workspace_root().join(gecbias_data::UCCA_BILSTM_MODEL);
    let model = model.to_str().unwrap();
    let (built_in, file) = (usim(&[]), usim(&["--parser-model", model]));
    assert_eq!(built_in["systems"], file["systems"]);
    let checksum = Parser::load(model)
        .unwrap()
        .model()
        .header
        .payload_checksum
        .clone();
    assert_eq!(
        file["signature"],
        format!(
            "USim|params:released|dirs:both|tok:pretokenized|sent:line|parser:model-{checksum}|version:0.1.0"
        )
    );
    let text = "The cat sat on the mat.\n";
    let parsed = gecbias(&["parse", "--parser-model", model], text);
    succeeded(&parsed);
    assert_eq!(parsed.stdout, gecbias(&["parse"], text).stdout);
    let missing = gecbias(&["parse", "--parser-model", "/nonexistent/model.bin"], text);
    assert_eq!(missing.status.code(), Some(1));
    let message = String::from_utf8_lossy(&missing.stderr);
    assert!(message.contains("/nonexistent/model.bin"), "{message}");
}

#[test]
fn usim_of_xml_passages_and_parse_of_stdin() {
    let Some(data) = gecbias_data::testing::data_or_skip("gecbias usim --xml") else {
        return;
    };
    // A JFLEG dev source and its first reference, parsed by TUPA (one sentence each: a paragraph
    // pair of the human annotations costs 0.7 s per USim in a debug build).
    let (a, b) = (
        data.join("assess_learner_language/data/jfleg/dev/xmls/dev.src1.xml"),
        data.join("assess_learner_language/data/jfleg/dev/xmls/dev.ref01.xml"),
    );
    let out = gecbias(
        &[
            "usim",
            "--xml",
            "-s",
            &a.display().to_string(),
            "-o",
            &b.display().to_string(),
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let (pa, pb) = (
        usim::PreparedPassage::read(&a).unwrap(),
        usim::PreparedPassage::read(&b).unwrap(),
    );
    assert_eq!(
        json["systems"][0]["source_to_output"].as_f64().unwrap(),
        usim::usim(&pa, &pb, &Params::RELEASED).usim
    );
    // Folders pair passages by file name, list files by line: here (a, b) and (b, a).
    let forward = usim::usim(&pa, &pb, &Params::RELEASED).usim;
    let backward = usim::usim(&pb, &pa, &Params::RELEASED).usim;
    let root = std::env::temp_dir().join(format!("gecbias-xml-{}", std::process::id()));
    let (sources, outputs) = (root.join("sources"), root.join("outputs"));
    std::fs::create_dir_all(&sources).unwrap();
    std::fs::create_dir_all(&outputs).unwrap();
    for (name, source, output) in [("1.xml", &a, &b), ("2.xml", &b, &a)] {
        std::fs::copy(source, sources.join(name)).unwrap();
        std::fs::copy(output, outputs.join(name)).unwrap();
    }
    let lists = [("sources.txt", [&a, &b]), ("outputs.txt", [&b, &a])].map(|(name, files)| {
        let list = root.join(name);
        let lines: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        std::fs::write(&list, lines.join("\n") + "\n").unwrap();
        list.display().to_string()
    });
    let folders = [sources, outputs].map(|f| f.display().to_string());
    for [source, output] in [folders, lists] {
        let out = gecbias(&["usim", "--xml", "-s", &source, "-o", &output], "");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["systems"][0]["sentences"], 2, "{source}");
        assert_eq!(
            json["systems"][0]["source_to_output"].as_f64().unwrap(),
            (forward + backward) / 2.0,
            "{source}"
        );
    }
    let parsed = gecbias(&["parse"], "The cat sat on the mat.\n");
    assert_eq!(parsed.status.code(), Some(0));
    let xml = String::from_utf8(parsed.stdout).unwrap();
    let passage = ucca_graph::Passage::from_xml(xml.trim().as_bytes()).unwrap();
    assert_eq!(passage.terminal_count(), 7);
}

#[test]
fn bad_input_exits_1_naming_the_file_and_line() {
    let s = file("src.txt", SOURCE.as_bytes());
    let short = file("short.txt", b"For not using a car .\n");
    let bad = file("bad.txt", b"fine\nnot \xff utf8\n");
    let empty = file("empty.txt", b"");
    let dir = std::env::temp_dir().display().to_string();
    for (args, message) in [
        (
            vec!["usim", "-s", &s, "-o", &short],
            "short.txt:2: has 1 lines but",
        ),
        (
            vec!["usim", "-s", &s, "-o", &bad],
            "bad.txt:2: not valid UTF-8",
        ),
        (vec!["usim", "-s", &empty, "-o", &s], "empty.txt: empty"),
        (
            vec!["usim", "-s", &s, "-o", "/nonexistent/out.txt"],
            "/nonexistent/out.txt",
        ),
        (vec!["usim", "-s", &dir, "-o", &s], "is a directory"),
        (vec!["parse", &bad], "bad.txt:2: not valid UTF-8"),
        (vec!["usim", "--xml", "-s", &s, "-o", &s], "src.txt"),
    ] {
        let out = gecbias(&args, "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let usage = gecbias(&["usim", "-s", &s], "");
    assert_eq!(usage.status.code(), Some(2));
    let crlf = file("crlf.txt", b"For not use car .\r\nThus even today .\r\n");
    let ok = gecbias(&["usim", "-s", &crlf, "-o", &crlf, "--pretokenized"], "");
    assert_eq!(ok.status.code(), Some(0));
}

/// Asserts that the command succeeded, showing its standard error if not.
fn succeeded(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn gecbias_threads(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .env_remove("GECBIAS_SEED")
        .output()
        .unwrap()
}

/// Runs `args` on 2 and on 1 thread, checks both succeed with the same bytes, and parses the JSON.
fn same_json_on_any_thread_count(args: &[&str]) -> serde_json::Value {
    let two = gecbias_threads(args, "2");
    succeeded(&two);
    assert_eq!(
        two.stdout,
        gecbias_threads(args, "1").stdout,
        "1 vs 2 threads"
    );
    serde_json::from_slice(&two.stdout).unwrap()
}

/// `score -m gleu` with intervals and both paired tests: identical on 1 and 2 threads, the
/// interval around the score, the tests against the first system only (the real-data test checks
/// GLEU's values; this one its resampling, on 20 lines).
#[test]
fn score_gleu_with_intervals_and_paired_tests() {
    let source = school("gsrc.txt", 20, |_| false);
    let reference = school("gref.txt", 20, |_| true);
    let half = school("ghalf.txt", 20, |i| i % 3 == 0);
    let args = [
        "score",
        "-m",
        "gleu",
        "-s",
        &source,
        "-r",
        &reference,
        "-i",
        &half,
        &reference,
        "--confidence",
        "--paired-bs",
        "--paired-ar",
        "--paired-ar-n",
        "1000",
    ];
    let rows = same_json_on_any_thread_count(&args);
    for row in rows.as_array().unwrap() {
        let (score, ci) = (row["score"].as_f64().unwrap(), &row["confidence"]);
        assert!(ci["low"].as_f64().unwrap() <= score && score <= ci["high"].as_f64().unwrap());
    }
    assert!(rows[0].get("paired_bs").is_none() && rows[0].get("paired_ar").is_none());
    assert!(rows[1]["score"].as_f64() > rows[0]["score"].as_f64());
    for test in ["paired_bs", "paired_ar"] {
        let p = rows[1][test]["p_value"].as_f64().unwrap();
        assert!(p > 0.0 && p < 0.05, "{test}: {p}");
    }
}

/// `score -m green`: a hand-checked case (a copy of the source makes no false positive, P = 1,
/// but recovers none of the reference's 4-grams, R = 0, so F = 0), a perfect system scored 1,
/// the signature, the paired tests against the first system, identical on 1 and 2 threads; and
/// its options in the signature.
#[test]
fn score_green_with_its_options_intervals_and_paired_tests() {
    let source = school("greensrc.txt", 20, |_| false);
    let reference = school("greenref.txt", 20, |_| true);
    let green = [
        "score", "-m", "green", "-s", &source, "-r", &reference, "-i", &source,
    ];
    let mut args = green.to_vec();
    args.extend([
        reference.as_str(),
        "--confidence",
        "--paired-bs",
        "--paired-ar",
        "--paired-ar-n",
        "1000",
    ]);
    let rows = same_json_on_any_thread_count(&args);
    // Per sentence, TP / FN by order: 4 / 2 (He, to, school, . kept; go kept where the reference
    // deletes it, goes missed), 2 / 4, 1 / 4, 0 / 4: recall 0 at n = 4.
    assert_eq!(rows[0]["score"].as_f64(), Some(0.0));
    assert_eq!(rows[0]["precision"].as_f64(), Some(1.0));
    assert_eq!(rows[0]["recall"].as_f64(), Some(0.0));
    assert_eq!(rows[1]["score"].as_f64(), Some(1.0));
    assert_eq!(
        rows[1]["signature"].as_str().unwrap(),
        "GREEN|refs:1|n:4|beta:2|unit:word|impl:gec-metrics|version:0.1.0|ci:bca|bs:1000|\
         paired-bs:1000|paired-ar:1000|seed:12345"
    );
    for test in ["paired_bs", "paired_ar"] {
        let p = rows[1][test]["p_value"].as_f64().unwrap();
        assert!(p < 0.01, "{test}: {p}");
    }
    // Its options reach the library: character bigrams, β = 1, as gec_metrics computes them.
    let mut args = green.to_vec();
    args.extend([
        "--green-n",
        "2",
        "--green-beta",
        "1",
        "--green-unit",
        "char",
    ]);
    let bigrams = gecbias(&args, "");
    succeeded(&bigrams);
    let rows: serde_json::Value = serde_json::from_slice(&bigrams.stdout).unwrap();
    assert!(
        rows[0]["signature"]
            .as_str()
            .unwrap()
            .starts_with("GREEN|refs:1|n:2|beta:1|unit:char|")
    );
    let lines = |line: &str| vec![line.to_owned(); 20];
    let mut options = gec_metrics::GreenOptions::default();
    (options.n, options.beta, options.unit) = (2, 1.0, gec_metrics::GreenUnit::Char);
    let expected = gec_metrics::green(
        &lines("He go to school ."),
        &lines("He go to school ."),
        &[lines("He goes to school .")],
        &[],
        &options,
    )
    .unwrap();
    assert!(expected.corpus > 0.0 && expected.corpus < 1.0);
    // The printed number exactly (serde_json's default parser may move the last bit).
    let printed = String::from_utf8_lossy(&bigrams.stdout);
    assert!(
        printed.contains(&format!("\"score\": {},", expected.corpus)),
        "{printed}"
    );
}

/// `score -m koyama-gleu` in each mode, with intervals and paired tests, the same on 1 or 2
/// threads, its options in the signature and passed to the library.
#[test]
fn score_koyama_gleu_in_every_mode() {
    let source = school("koyamasrc.txt", 20, |_| false);
    let reference = school("koyamaref.txt", 20, |_| true);
    let base = [
        "score",
        "-m",
        "koyama-gleu",
        "-s",
        &source,
        "-r",
        &reference,
        "-i",
        &source,
        &reference,
        "--confidence",
        "--paired-bs",
        "--paired-ar",
        "--paired-ar-n",
        "1000",
    ];
    for (mode, signature) in [
        (
            "sampled",
            "mode:sampled|iter:500|draws:python2|resample:pooled-refs",
        ),
        ("best-reference", "mode:best-reference"),
        ("sentence-mean", "mode:sentence-mean"),
        ("sentence-mean-max", "mode:sentence-mean-max"),
    ] {
        let mut args = base.to_vec();
        args.extend(["--koyama-mode", mode]);
        let rows = same_json_on_any_thread_count(&args);
        // The copy: unigram p = (4 matches − 1 penalty for the kept "go") / 5, bigram p =
        // (2 − 2) / 4 = 0, so GLEU 0; the reference itself scores 1.
        assert_eq!(rows[0]["score"].as_f64(), Some(0.0), "{mode}");
        assert_eq!(rows[1]["score"].as_f64(), Some(1.0), "{mode}");
        assert_eq!(
            rows[1]["signature"].as_str().unwrap(),
            format!(
                "KoyamaGLEU|refs:1|n:4|unit:word|{signature}|impl:gleu-1.1.0|version:0.1.0|\
                 ci:bca|bs:1000|paired-bs:1000|paired-ar:1000|seed:12345"
            ),
        );
        for test in ["paired_bs", "paired_ar"] {
            let p = rows[1][test]["p_value"].as_f64().unwrap();
            assert!(p < 0.01, "{mode} {test}: {p}");
        }
    }
    // Its options reach the library: character unigrams, 7 rounds, as gec_metrics computes them.
    let unigrams = gecbias(
        &[
            "score",
            "-m",
            "koyama-gleu",
            "-s",
            &source,
            "-r",
            &reference,
            "-i",
            &source,
            "--koyama-n",
            "1",
            "--koyama-unit",
            "char",
            "--koyama-iter",
            "7",
        ],
        "",
    );
    succeeded(&unigrams);
    let printed = String::from_utf8_lossy(&unigrams.stdout);
    assert!(
        printed.contains("\"signature\": \"KoyamaGLEU|refs:1|n:1|unit:char|mode:sampled|iter:7|"),
        "{printed}"
    );
    let lines = |line: &str| vec![line.to_owned(); 20];
    let mut options = gec_metrics::KoyamaOptions::default();
    (options.n, options.unit) = (1, gec_metrics::KoyamaUnit::Char);
    let stats = gec_metrics::koyama_stats(
        &lines("He go to school ."),
        &lines("He go to school ."),
        &[lines("He goes to school .")],
        &[],
        &options,
    )
    .unwrap();
    let expected =
        gec_metrics::koyama_gleu::koyama_sampled(&stats, 7, gec_metrics::ReferenceDraws::Python2)
            .unwrap();
    assert!(expected > 0.5 && expected < 1.0);
    assert!(
        printed.contains(&format!("\"score\": {},", expected)),
        "{printed}"
    );
}

/// `score -m gotoscorer` without and with weights from `gotoscorer-weights`, with intervals and
/// paired tests, the same on 1 or 2 threads.
#[test]
fn score_gotoscorer_with_weights_from_systems() {
    let source = school("gotosrc.txt", 20, |_| false);
    let reference = school("gotoref.txt", 20, |_| true);
    let fixed = format!("fixed={reference}");
    let kept = format!("kept={source}");
    let base = [
        "score",
        "-m",
        "gotoscorer",
        "-s",
        &source,
        "-r",
        &reference,
        "-i",
        &fixed,
        &kept,
        "--confidence",
        "--paired-bs",
    ];
    // The reference's one edit chunk ("go" → "goes") is found by the fixed output and missed by
    // the kept one; its ten other chunks (tokens and insertion points) are untried and right.
    let rows = same_json_on_any_thread_count(&base);
    assert_eq!(rows[0]["score"].as_f64(), Some(1.0));
    assert_eq!(rows[1]["score"].as_f64(), Some(0.0));
    assert!(
        rows[0]["signature"]
            .as_str()
            .unwrap()
            .starts_with("GoToScorer|refs:1|weights:none|beta:0.5|hyp:text|"),
        "{}",
        rows[0]["signature"]
    );
    assert!(rows[1]["paired_bs"]["p_value"].as_f64().unwrap() < 0.01);
    // Weights from the two outputs: the edit chunk half found (weight 0.5), every other chunk
    // found by both (weight 0).
    let weights = gecbias(
        &[
            "gotoscorer-weights",
            "--src",
            &source,
            "--ref",
            &reference,
            "--hyps",
            &reference,
            &source,
            "--out",
            "-",
        ],
        "",
    );
    succeeded(&weights);
    let json = String::from_utf8(weights.stdout).unwrap();
    let read = gec_metrics::gotoscorer::read_goto_weights(&json, "weights.json").unwrap();
    assert_eq!(read.len(), 20);
    assert_eq!(
        read[0],
        [0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    );
    let path = file("gotoweights.json", json.as_bytes());
    let mut args = base.to_vec();
    args.extend(["--goto-weights", &path]);
    let rows = same_json_on_any_thread_count(&args);
    assert_eq!(rows[0]["score"].as_f64(), Some(1.0));
    assert_eq!(rows[1]["score"].as_f64(), Some(0.0));
    assert!(
        rows[0]["signature"]
            .as_str()
            .unwrap()
            .contains("|weights:given|")
    );
    // Weights of another sentence count are refused, naming the file.
    let short = file("gotoshort.json", b"[{\"weights\": [1.0]}]");
    let mut args = base[..10].to_vec();
    args.extend(["--goto-weights", &short]);
    let refused = gecbias(&args, "");
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("gotoshort.json"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
}

/// `-i NAME=PATH` labels systems in every format; `--rank` orders them into significance clusters
/// (paired approximate randomisation over every pair, Holm), and refuses too few trials for its
/// number of pairs.
#[test]
fn score_with_names_and_rank() {
    let block = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
    let gold = file("rank-gold.txt", block.repeat(20).as_bytes());
    let fixed = school("rank-fixed.txt", 20, |_| true);
    let same = school("rank-same.txt", 20, |_| false);
    let (fixed_arg, same_arg) = (format!("fixed={fixed}"), format!("unchanged={same}"));
    let head = ["score", "-m", "m2", "--gold", gold.as_str(), "-i"];
    let rest = [
        same_arg.as_str(),
        &fixed_arg,
        "--rank",
        "--paired-ar-n",
        "2000",
    ];
    let args = [&head[..], &rest].concat();
    let rows = same_json_on_any_thread_count(&args);
    assert_eq!(
        (rows[0]["system"].as_str(), rows[1]["system"].as_str()),
        (Some("unchanged"), Some("fixed"))
    );
    assert_eq!(rows[1]["score"], 1.0);
    let rank = |k: usize, field: &str| rows[k]["rank"][field].clone();
    assert_eq!(
        (rank(1, "position"), rank(1, "cluster")),
        (1.into(), 1.into())
    );
    assert_eq!(
        (rank(0, "position"), rank(0, "cluster")),
        (2.into(), 2.into())
    );
    assert_eq!(rank(1, "better_than"), serde_json::json!(["unchanged"]));
    assert_eq!(
        rank(0, "test"),
        "paired-ar:2000|holm:1|alpha:0.05|seed:12345"
    );
    let text = gecbias_threads(&[&args[..], &["-f", "text"]].concat(), "2");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("#1 (cluster 1) fixed M2 = 1.0000"),
        "{text}"
    );
    assert!(
        text.contains("\n#2 (cluster 2) unchanged M2 = 0.0000"),
        "{text}"
    );
    // The signature says how the ranking was tested, as JSON's `rank.test` does.
    assert!(
        text.lines()
            .all(|l| l.ends_with("|version:0.1.0|paired-ar:2000|holm:1|alpha:0.05|seed:12345")),
        "{text}"
    );
    let latex = gecbias_threads(&[&args[..], &["-f", "latex"]].concat(), "2");
    let latex = String::from_utf8(latex.stdout).unwrap();
    assert!(
        latex.contains("\\midrule\nfixed & 100.00 \\\\\n\\midrule\nunchanged"),
        "{latex}"
    );
    assert!(
        latex.contains("|paired-ar:2000|holm:1|alpha:0.05|seed:12345\n"),
        "{latex}"
    );
    let (a, b, c) = (
        format!("a={same}"),
        format!("b={fixed}"),
        format!("c={same}"),
    );
    let score_m2 = |rest: &[&str]| gecbias_threads(&[&head[..], rest].concat(), "1");
    let ranked = |trials: &str, alpha: &str| {
        score_m2(&[
            &a,
            &b,
            &c,
            "--rank",
            "--paired-ar-n",
            trials,
            "--rank-alpha",
            alpha,
        ])
    };
    // Holm over 3 pairs at α = 0.01 cannot reject with fewer than 300 trials.
    let too_few = ranked("100", "0.01");
    assert_eq!(too_few.status.code(), Some(2));
    let message = String::from_utf8_lossy(&too_few.stderr);
    assert!(
        message.contains("--rank over 3 pairs at α = 0.01 needs --paired-ar-n of at least 300"),
        "{message}"
    );
    // Below every test's minimum, and above what finishes, the option itself is refused.
    for (trials, bound) in [
        ("10", "below the minimum, 100"),
        ("1000000000000", "above the maximum, 100000"),
    ] {
        let refused = ranked(trials, "0.05");
        assert_eq!(refused.status.code(), Some(2));
        let message = String::from_utf8_lossy(&refused.stderr);
        assert!(
            message.contains("--paired-ar-n") && message.contains(bound),
            "{message}"
        );
    }
    // A label given twice could not be told apart in `better_than`.
    let twice = score_m2(&[&a, &a.replace("a=", "a=./")]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("the label \"a\" is given twice"));
}

/// The flag says what a file is, never its name: `--gold` is the M2 gold, every `-r` file a
/// text reference, even one called `*.m2`.
#[test]
fn the_flag_not_the_name_says_what_a_file_is() {
    let block = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
    let gold = file("text-gold.txt", block.repeat(4).as_bytes());
    let source = school("text-src.txt", 4, |_| false);
    let reference = school("text-ref.m2", 4, |_| true);
    let args = [
        "score", "-m", "m2", "sari", "-s", &source, "--gold", &gold, "-r", &reference, "-i",
        &reference,
    ];
    let rows = same_json_on_any_thread_count(&args);
    assert_eq!(rows[0]["name"], "M2");
    assert_eq!(rows[0]["score"], 1.0);
    assert_eq!(rows[1]["name"], "SARI");
    // A result checked against its signature, parsed back.
    let signature =
        |k: usize| gecbias_cli::Signature::parse(rows[k]["signature"].as_str().unwrap()).unwrap();
    assert_eq!(
        (signature(1).name(), signature(1).get("refs")),
        ("SARI", Some("1"))
    );
    assert_eq!(signature(0).get("beta"), Some("0.5"));
    assert_eq!(signature(0).to_string(), rows[0]["signature"]);
    // An M2 gold given with -r is a text reference, which -m m2 does not read: said, not used.
    let m2 = gecbias_threads(&["score", "-m", "m2", "-r", &gold, "-i", &reference], "1");
    assert_eq!(m2.status.code(), Some(2));
    let message = String::from_utf8_lossy(&m2.stderr);
    assert!(
        message.contains(
            "a text reference, read by -m gleu, sari, green, koyama-gleu, gotoscorer, cleme, cleme2, \
             bleu, chrf, sent_bleu, f1_token, ibleu, fkbleu, sari_add, sari_keep, sari_del and dsari"
        ),
        "{message}"
    );
    let m2 = gecbias_threads(
        &[
            "score", "-m", "m2", "sari", "-s", &source, "-r", &reference, "-i", &reference,
        ],
        "1",
    );
    assert_eq!(m2.status.code(), Some(2));
    let message = String::from_utf8_lossy(&m2.stderr);
    assert!(
        message.contains(
            "-m m2 needs the M2 gold: --gold GOLD.m2 (every -r file is a text reference)"
        ),
        "{message}"
    );
}

/// `--sentence-level -f text` writes tab-separated rows under a header, labelled by `NAME=PATH`.
#[test]
fn sentence_level_tsv() {
    let block = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
    let gold = file("tsv-gold.m2", block.repeat(2).as_bytes());
    let output = file("tsv-out.txt", b"He goes to school .\nHe go to school .\n");
    let named = format!("sys={output}");
    let args = [
        "score",
        "-m",
        "m2",
        "--gold",
        &gold,
        "-i",
        &named,
        "--sentence-level",
    ];
    let tsv = gecbias(&[&args[..], &["-f", "text"]].concat(), "");
    succeeded(&tsv);
    assert_eq!(
        String::from_utf8(tsv.stdout).unwrap(),
        "name\tsystem\tline\tscore\tannotator\tcorrect\tproposed\tgold\n\
         M2\tsys\t1\t1.0\t0\t1\t1\t1\n\
         M2\tsys\t2\t0.0\t0\t0\t0\t1\n"
    );
    // Several metrics: one table, one header, one column per quantity.
    let both = format!("sys={output}");
    let two = gecbias(
        &[
            "score",
            "-m",
            "m2",
            "sari",
            "--gold",
            &gold,
            "-s",
            &output,
            "-r",
            &output,
            "-i",
            &both,
            "--sentence-level",
            "-f",
            "text",
        ],
        "",
    );
    succeeded(&two);
    let text = String::from_utf8(two.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "name",
            "system",
            "line",
            "score",
            "annotator",
            "correct",
            "proposed",
            "gold"
        ]
    );
    assert_eq!(rows.len(), 1 + 2 + 2);
    assert!(rows.iter().all(|r| r.len() == 8));
    assert_eq!(&rows[3][..3], ["SARI", "sys", "1"]);
    assert!(rows[3][3].parse::<f64>().is_ok(), "{text}");
    assert_eq!(&rows[3][4..], ["", "", "", ""]);
    let latex = gecbias(&[&args[..], &["-f", "latex"]].concat(), "");
    assert_eq!(latex.status.code(), Some(2));
}

/// A library's error reaches the caller as the source of the command's error, with the file and
/// line it names.
#[test]
fn library_errors_are_kept_as_sources() {
    // A span past the sentence's end.
    let m2 = b"S He go .\nA 1 9|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n";
    let gold = file("source-gold.m2", m2);
    let hypothesis = file("source-hyp.txt", b"He goes .\n");
    let argv = [
        "gecbias",
        "score",
        "-m",
        "m2",
        "--gold",
        &gold,
        "-i",
        &hypothesis,
    ];
    let error = gecbias_cli::output_of(argv.iter().map(|a| (*a).to_owned())).unwrap_err();
    assert_eq!(error.exit_status(), 1);
    let source = std::error::Error::source(&error).expect("the library error as the source");
    let metrics = source
        .downcast_ref::<gec_metrics::Error>()
        .expect("a gec-metrics error");
    let message = metrics.to_string();
    assert!(
        message.contains("source-gold.m2") && message.contains(":2"),
        "{message}"
    );
    assert_eq!(error.to_string(), message);
}

/// `score -m usim`: a signature naming the resampling, intervals around the score, the paired
/// tests against the first system only, and the same numbers on 1 and 2 threads.
#[test]
fn score_usim_with_intervals_and_paired_tests() {
    let (s, o) = (
        file("ss.txt", SOURCE.as_bytes()),
        file("so.txt", OUTPUT.as_bytes()),
    );
    let args = [
        "score",
        "-m",
        "usim",
        "-s",
        &s,
        "-i",
        &o,
        &s,
        "--pretokenized",
        "--confidence",
        "--paired-bs",
        "--paired-ar",
    ];
    let rows = same_json_on_any_thread_count(&args);
    let signature = rows[0]["signature"].as_str().unwrap();
    assert!(
        signature.ends_with("|ci:bca|bs:1000|paired-bs:1000|paired-ar:10000|seed:12345"),
        "{signature}"
    );
    let (score, ci) = (rows[0]["score"].as_f64().unwrap(), &rows[0]["confidence"]);
    assert!(ci["low"].as_f64().unwrap() <= score && score <= ci["high"].as_f64().unwrap());
    assert!(rows[0].get("paired_bs").is_none());
    // The source against itself: USim 1 on every sentence, so BCa is undefined and the
    // percentile interval is the point.
    assert_eq!(rows[1]["score"], 1.0);
    let point = &rows[1]["confidence"];
    assert_eq!(
        (point["low"].as_f64(), point["high"].as_f64()),
        (Some(1.0), Some(1.0))
    );
    assert!(
        point["method"]
            .as_str()
            .unwrap()
            .starts_with("percentile (BCa undefined")
    );
    let p = rows[1]["paired_ar"]["p_value"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    let other_seed = gecbias_threads(&[&args[..], &["--seed", "7"]].concat(), "1");
    let rows7: serde_json::Value = serde_json::from_slice(&other_seed.stdout).unwrap();
    assert!(rows7[0]["signature"].as_str().unwrap().ends_with("seed:7"));
}

/// `score -m m2 sari`: m2scorer's counts and F0.5 on a hand-checked gold, SARI.py's mean, one
/// signature per metric, intervals and paired tests deterministic on 1 and 2 threads; a gold whose
/// edit reaches past its sentence is refused naming the file and line.
#[test]
fn score_m2_and_sari_with_signatures_intervals_and_tests() {
    let block = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
    let gold = file("gold.m2", block.repeat(20).as_bytes());
    let source = school("m2src.txt", 20, |_| false);
    let fixed = school("fixed.txt", 20, |_| true);
    let half = school("half.txt", 20, |i| i % 2 == 0);
    let args = [
        "score",
        "-m",
        "m2",
        "sari",
        "-s",
        &source,
        "--gold",
        &gold,
        "-i",
        &half,
        &fixed,
        "--confidence",
        "--paired-bs",
        "--paired-ar",
    ];
    // SARI needs line-aligned references: the corrected text serves as the one reference.
    let sari_args = [
        "score",
        "-m",
        "sari",
        "-s",
        &source,
        "-r",
        &fixed,
        "-i",
        &half,
        &fixed,
        "--confidence",
        "--paired-ar",
    ];
    // The M2 gold is no SARI reference file: SARI asks for line-aligned ones (a usage error)...
    let mixed = gecbias_threads(&args, "1");
    assert_eq!(mixed.status.code(), Some(2));
    let message = String::from_utf8_lossy(&mixed.stderr);
    assert!(
        message.contains("-m sari needs reference files line-aligned with the outputs"),
        "{message}"
    );
    // ...and with one beside the gold, one call scores both, each against its own references.
    let mut both = args.to_vec();
    both.insert(8, "-r");
    both.insert(9, &fixed);
    let both = gecbias_threads(&both, "1");
    succeeded(&both);
    let rows: serde_json::Value = serde_json::from_slice(&both.stdout).unwrap();
    assert_eq!(
        (rows[0]["name"].as_str(), rows[2]["name"].as_str()),
        (Some("M2"), Some("SARI"))
    );
    assert_eq!(
        rows[2]["signature"]
            .as_str()
            .map(|s| s.starts_with("SARI|refs:1|")),
        Some(true)
    );
    let m2_args: Vec<&str> = args.iter().copied().filter(|a| *a != "sari").collect();
    let one = gecbias_threads(&m2_args, "1");
    succeeded(&one);
    assert_eq!(one.stdout, gecbias_threads(&m2_args, "2").stdout);
    let rows: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(
        rows[0]["signature"],
        "M2|refs:1|beta:0.5|muw:2|case:sensitive|refsel:running|version:0.1.0\
         |ci:bca|bs:1000|paired-bs:1000|paired-ar:10000|seed:12345"
    );
    // Half the sentences fixed: 10 of 10 proposed edits correct, 10 of 20 gold edits found.
    assert_eq!(
        (rows[0]["correct"].as_u64(), rows[0]["proposed"].as_u64()),
        (Some(10), Some(10))
    );
    assert_eq!(
        (rows[0]["precision"].as_f64(), rows[0]["recall"].as_f64()),
        (Some(1.0), Some(0.5))
    );
    let f = rows[0]["score"].as_f64().unwrap();
    assert!((f - 1.25 * 0.5 / 0.75).abs() < 1e-12, "{f}");
    let ci = &rows[0]["confidence"];
    assert!(ci["low"].as_f64().unwrap() <= f && f <= ci["high"].as_f64().unwrap());
    assert_eq!(rows[1]["score"], 1.0);
    let p = rows[1]["paired_ar"]["p_value"].as_f64().unwrap();
    assert!(p < 0.01, "fixing every sentence beats fixing half: p = {p}");

    let sari = gecbias_threads(&sari_args, "1");
    succeeded(&sari);
    let rows: serde_json::Value = serde_json::from_slice(&sari.stdout).unwrap();
    assert_eq!(
        rows[0]["signature"],
        "SARI|refs:1|impl:sari.py|version:0.1.0|ci:bca|bs:1000|paired-ar:10000|seed:12345"
    );
    let expected = gec_metrics::sari_files(&source, &[&fixed], &half)
        .unwrap()
        .mean;
    assert_eq!(rows[0]["score"].as_f64(), Some(expected));

    let bad = file(
        "bad.m2",
        b"S He go .\nA 1 9|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n",
    );
    let out = gecbias(&["score", "-m", "m2", "--gold", &bad, "-i", &fixed], "");
    assert_eq!(out.status.code(), Some(1));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains("bad.m2:2:") && message.contains("outside the sentence"),
        "{message}"
    );
    assert!(!message.contains("panicked"));
}

/// `score -m cleme cleme2` of hypothesis M2 files: CLEME's numbers with intervals and paired
/// tests, the same on 1 or 2 threads; the references are given once.
#[test]
fn score_cleme_from_m2_files() {
    let source = "S He go to school every days .\n";
    let gold = format!(
        "{source}A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\
         A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\n\
         A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||1\n\n"
    );
    let gold = file("cleme-gold.m2", gold.repeat(10).as_bytes());
    let kept = format!("{source}A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n");
    let kept = format!("kept={}", file("cleme-kept.m2", kept.repeat(10).as_bytes()));
    let fixed = format!(
        "{source}A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\
         A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\n\n"
    );
    let fixed = format!(
        "fixed={}",
        file("cleme-fixed.m2", fixed.repeat(10).as_bytes())
    );
    let args = [
        "score",
        "-m",
        "cleme",
        "cleme2",
        "--gold",
        &gold,
        "-i",
        &kept,
        &fixed,
        "--confidence",
        "--paired-bs",
    ];
    let rows = same_json_on_any_thread_count(&args);
    let names: Vec<&str> = (0..4).map(|k| rows[k]["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["CLEME", "CLEME", "CLEME2", "CLEME2"]);
    // Nothing found: R = 0, F = 0; everything the first annotator asks for: F = 1.
    assert_eq!(rows[0]["score"].as_f64(), Some(0.0));
    assert_eq!(rows[1]["score"].as_f64(), Some(1.0));
    assert_eq!(
        rows[1]["tp"].as_f64(),
        rows[1]["tp"].as_f64().map(|t| t.max(1.0))
    );
    assert!(rows[1]["paired_bs"]["p_value"].as_f64().is_some());
    assert!(rows[3]["score"].as_f64() > rows[2]["score"].as_f64());
    assert_eq!(rows[3]["hit"].as_f64(), Some(1.0));
    let twice = gecbias_threads(
        &[
            "score", "-m", "cleme", "--gold", &gold, "-s", &gold, "-r", &gold, "-i", &fixed,
        ],
        "1",
    );
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("takes its references once"));
}

/// bleu-chrf's fixture: an output and its two references (hyp.txt, ref0.txt, ref1.txt).
fn bleu_chrf_fixtures() -> (String, String, String) {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../bleu-chrf/tests/fixtures");
    let path = |name: &str| format!("{fixtures}/{name}.txt");
    (path("hyp"), path("ref0"), path("ref1"))
}

/// `score -m bleu chrf`: sacreBLEU 2.6.0's numbers as fractions (bleu-chrf's fixture, whose
/// recorded sacreBLEU BLEU is 68.72927465908317 and chrF++ 80.09770900422998; serde_json's default
/// parser may move the last bit of the printed fraction), sacreBLEU's signature fields,
/// intervals and paired tests the same on 1 or 2 threads, sentence scores, and options refused
/// where no chosen metric reads them.
#[test]
fn score_bleu_and_chrf_as_sacrebleu() {
    let (hyp, r0, r1) = bleu_chrf_fixtures();
    let copy = format!("copy={r0}");
    let args = [
        "score",
        "-m",
        "bleu",
        "chrf",
        "-r",
        &r0,
        &r1,
        "-i",
        &hyp,
        &copy,
        "--confidence",
        "--paired-bs",
        "--chrf-word-order",
        "2",
    ];
    let rows = same_json_on_any_thread_count(&args);
    assert_eq!(rows[0]["name"], "BLEU");
    let close = |row: &serde_json::Value, sacrebleu: f64| {
        (row["score"].as_f64().unwrap() - sacrebleu / 100.0).abs() < 1e-15
    };
    assert!(close(&rows[0], 68.72927465908317), "{}", rows[0]);
    assert_eq!(rows[0]["hyp_len"], 109);
    assert_eq!(rows[0]["ref_len"], 104);
    assert_eq!(
        rows[0]["signature"].as_str().unwrap(),
        "BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|impl:sacrebleu-2.6.0|version:0.1.0|\
         ci:bca|bs:1000|paired-bs:1000|seed:12345"
    );
    assert_eq!(rows[2]["name"], "chrF");
    assert!(close(&rows[2], 80.09770900422998), "{}", rows[2]);
    assert!(
        rows[2]["signature"]
            .as_str()
            .unwrap()
            .starts_with("chrF|nrefs:2|case:mixed|eff:yes|nc:6|nw:2|space:no|")
    );
    for row in [&rows[1], &rows[3]] {
        assert!(row["score"].as_f64() > rows[0]["score"].as_f64());
        assert!(row["paired_bs"]["p_value"].as_f64().unwrap() < 0.05);
    }
    let sentences = gecbias(
        &[
            "score",
            "-m",
            "bleu",
            "-r",
            &r0,
            &r1,
            "-i",
            &hyp,
            "--sentence-level",
        ],
        "",
    );
    succeeded(&sentences);
    let first: serde_json::Value = serde_json::from_str(
        String::from_utf8_lossy(&sentences.stdout)
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert!(first["score"].as_f64().unwrap() > 0.0);
    let refused = gecbias(
        &[
            "score",
            "-m",
            "m2",
            "--gold",
            &r0,
            "-i",
            &hyp,
            "--lowercase",
        ],
        "",
    );
    assert_eq!(refused.status.code(), Some(2));
    // SARI in EASSE's variant: gec-metrics' EASSE corpus SARI (equal to EASSE), as a fraction,
    // the variant in the signature; resampled on 1 and 2 threads alike.
    let args = [
        "score",
        "-m",
        "sari",
        "--sari-variant",
        "easse",
        "-s",
        &r1,
        "-r",
        &r0,
        "-i",
        &hyp,
        "--confidence",
    ];
    let rows = same_json_on_any_thread_count(&args);
    let read = |path: &str| gec_metrics::read_lines(path).unwrap();
    let expected = simplification_metrics::easse_corpus_sari(
        &read(&r1),
        &read(&hyp),
        &simplification_metrics::References::from_streams(&[read(&r0)]).unwrap(),
        simplification_metrics::EasseVariant::Default,
        simplification_metrics::Preprocessing::default(),
    )
    .unwrap();
    assert!((rows[0]["score"].as_f64().unwrap() - expected.sari / 100.0).abs() < 1e-15);
    assert!(
        rows[0]["signature"]
            .as_str()
            .unwrap()
            .starts_with("SARI|refs:1|variant:easse|impl:easse-0.2.4|")
    );
}

/// The simplification metrics that are means over lines, `score -m sent_bleu f1_token ibleu
/// fkbleu`: each system's score the mean of its lines' library values as a fraction (EASSE's
/// `corpus_averaged_sentence_bleu` and `corpus_f1_token` / 100 to the last bits), the
/// preprocessing in the signature, intervals the same on 1 or 2 threads; iBLEU and FKBLEU need
/// the source.
#[test]
fn score_line_mean_simplification_metrics() {
    let (hyp, r0, r1) = bleu_chrf_fixtures();
    let metrics = ["sent_bleu", "f1_token", "ibleu", "fkbleu"];
    let args: Vec<&str> = ["score", "-m"]
        .into_iter()
        .chain(metrics)
        .chain(["-s", &r1, "-r", &r0, "-i", &hyp, "--confidence"])
        .collect();
    let rows = same_json_on_any_thread_count(&args);
    let read = |path: &str| gec_metrics::read_lines(path).unwrap();
    let (source, output) = (read(&r1), read(&hyp));
    let references = simplification_metrics::References::from_streams(&[read(&r0)]).unwrap();
    let preprocessing = simplification_metrics::Preprocessing::default();
    let sent_bleu =
        simplification_metrics::corpus_sentence_bleu(&output, &references, preprocessing).unwrap();
    let f1_token =
        simplification_metrics::corpus_f1_token(&output, &references, preprocessing).unwrap();
    let moses = simplification_metrics::Preprocessing::new(
        false,
        simplification_metrics::EasseTokenizer::Moses,
    );
    let ibleu = simplification_metrics::IBleu::new(0.9, moses);
    let fkbleu = simplification_metrics::FkBleu::new(0.9, moses).unwrap();
    let mean = |line: &dyn Fn(usize) -> f64| {
        (0..output.len()).map(|i| line(i) / 100.0).sum::<f64>() / output.len() as f64
    };
    let mean_ibleu = mean(&|i| ibleu.line(&source[i], &output[i], &references.of(i)));
    let mean_fkbleu = mean(&|i| fkbleu.line(&source[i], &output[i], &references.of(i)));
    let score = |k: usize| rows[k]["score"].as_f64().unwrap();
    assert_eq!(score(0), sent_bleu / 100.0);
    assert!((score(1) - f1_token / 100.0).abs() < 1e-15);
    assert!((score(2) - mean_ibleu).abs() < 1e-12);
    assert!((score(3) - mean_fkbleu).abs() < 1e-12);
    let signature = |k: usize| rows[k]["signature"].as_str().unwrap().to_owned();
    assert!(signature(0).starts_with("sent_bleu|refs:1|tok:13a|case:lc|impl:easse-0.2.4|"));
    assert!(signature(2).starts_with("iBLEU|refs:1|tok:moses|case:mixed|alpha:0.9|"));
    for row in rows.as_array().unwrap() {
        let ci = &row["confidence"];
        assert!(ci["low"].as_f64().unwrap() <= ci["high"].as_f64().unwrap());
    }
    let without_source = gecbias(&["score", "-m", "ibleu", "-r", &r0, "-i", &hyp], "");
    assert_eq!(without_source.status.code(), Some(2));
}

/// EASSE's `sari_by_operation`, D-SARI and the quality-estimation features as catalogue metrics,
/// `score -m sari_add … lexical_complexity`: each system's score the library's (EASSE's corpus
/// SARI's operations / 100; the mean of the lines' D-SARI; the features' corpus means, which
/// EASSE's tests pin), the preprocessing and variant in the signature, intervals the same on 1 or
/// 2 threads; the features read no references.
#[test]
fn score_sari_operations_dsari_and_quality_features() {
    let (hyp, r0, r1) = bleu_chrf_fixtures();
    let features = simplification_metrics::QualityFeature::ALL;
    let metrics: Vec<&str> = ["sari_add", "sari_keep", "sari_del", "dsari"]
        .into_iter()
        .chain(features.iter().map(|f| f.name()))
        .collect();
    let args: Vec<&str> = ["score", "-m"]
        .into_iter()
        .chain(metrics.iter().copied())
        .chain(["-s", &r1, "-r", &r0, "-i", &hyp])
        .chain(["--confidence", "--confidence-n", "200"])
        .collect();
    let rows = same_json_on_any_thread_count(&args);
    let read = |path: &str| gec_metrics::read_lines(path).unwrap();
    let (source, output) = (read(&r1), read(&hyp));
    let references = simplification_metrics::References::from_streams(&[read(&r0)]).unwrap();
    let sari = simplification_metrics::easse_corpus_sari(
        &source,
        &output,
        &references,
        simplification_metrics::EasseVariant::Default,
        simplification_metrics::Preprocessing::default(),
    )
    .unwrap();
    let dsari = simplification_metrics::DSariScorer::new().unwrap();
    let mean_dsari = (0..output.len())
        .map(|i| {
            dsari
                .document(&source[i], &output[i], &references.of(i))
                .score
        })
        .sum::<f64>()
        / output.len() as f64;
    let quality = simplification_metrics::QualityEstimation::new(
        simplification_metrics::Preprocessing::default(),
    )
    .unwrap()
    .corpus(&source, &output)
    .unwrap();
    let expected: Vec<f64> = [
        sari.add / 100.0,
        sari.keep / 100.0,
        sari.delete / 100.0,
        mean_dsari,
    ]
    .into_iter()
    .chain(features.iter().map(|f| f.of(&quality)))
    .collect();
    assert_eq!(rows.as_array().unwrap().len(), expected.len());
    for (k, expected) in expected.iter().enumerate() {
        let score = rows[k]["score"].as_f64().unwrap();
        assert!(
            (score - expected).abs() < 1e-12,
            "{}: {score} vs {expected}",
            metrics[k]
        );
        let ci = &rows[k]["confidence"];
        assert!(ci["low"].as_f64().unwrap() <= ci["high"].as_f64().unwrap());
    }
    assert!(sari.add > 0.0 && sari.delete > 0.0, "{sari:?}");
    let signature = |k: usize| rows[k]["signature"].as_str().unwrap().to_owned();
    assert!(signature(0).starts_with("SARI-add|refs:1|variant:easse|impl:easse-0.2.4|"));
    assert!(signature(3).starts_with("D-SARI|refs:1|impl:d_sari.py|"));
    assert!(signature(4).starts_with("compression_ratio|tok:13a|case:lc|impl:easse-0.2.4|"));
    let legacy_args: Vec<&str> = "score -m sari_del --sari-variant easse-legacy"
        .split(' ')
        .chain(["-s", &r1, "-r", &r0, "-i", &hyp])
        .collect();
    let legacy = same_json_on_any_thread_count(&legacy_args);
    assert!(
        legacy[0]["signature"]
            .as_str()
            .unwrap()
            .starts_with("SARI-del|refs:1|variant:easse-legacy|")
    );
    // The features need the source and nothing else.
    let features_alone = gecbias(&["score", "-m", "exact_copies", "-s", &r1, "-i", &hyp], "");
    succeeded(&features_alone);
    let without_source = gecbias(&["score", "-m", "compression_ratio", "-i", &hyp], "");
    assert_eq!(without_source.status.code(), Some(2));
}

/// `gecbias samsa` (`score -m samsa samsa_abl`) and `easse evaluate -m samsa`: each line's
/// scores the library's (`ucca_samsa::Samsa` on the BiLSTM, Moses tokens, case kept; the word
/// aligner is held to EASSE's in that crate), the corpus score their mean, with an interval;
/// `easse evaluate` prints the mean × 100 in EASSE's key order.
#[test]
fn samsa_as_the_library_and_in_easse_evaluate() {
    let (source, output) = [
        ("samsa-source.txt", "You are waiting for a train , this train will take you far away .\nShe left early because she was tired .\n"),
        ("samsa-output.txt", "You are waiting for a train . A train that will take you far away .\nShe left early .\n"),
    ]
    .map(|(name, text)| file(name, text.as_bytes()))
    .into();
    let out = gecbias(
        &[
            "samsa",
            "--orig",
            &source,
            "--sys",
            &output,
            "--",
            "--confidence",
        ],
        "",
    );
    succeeded(&out);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let samsa = ucca_samsa::Samsa::new(ucca_parser::Parser::default_model().unwrap()).unwrap();
    let scores: Vec<ucca_samsa::Scores> = [
        (
            "You are waiting for a train , this train will take you far away .",
            "You are waiting for a train . A train that will take you far away .",
        ),
        ("She left early because she was tired .", "She left early ."),
    ]
    .iter()
    .map(|(s, o)| {
        let words = |t: &'static str| t.split(' ').collect::<Vec<_>>();
        samsa.score(&words(s), &words(o)).unwrap()
    })
    .collect();
    assert_eq!(scores[0].samsa, 1.0, "EASSE's test_sentence_samsa: 100");
    let mean = |f: fn(&ucca_samsa::Scores) -> f64| (f(&scores[0]) + f(&scores[1])) / 2.0;
    assert_eq!(rows[0]["score"].as_f64().unwrap(), mean(|s| s.samsa));
    assert_eq!(rows[1]["score"].as_f64().unwrap(), mean(|s| s.samsa_abl));
    let ci = &rows[1]["confidence"];
    assert!(
        ci["low"].as_f64().unwrap() <= ci["high"].as_f64().unwrap(),
        "{ci}"
    );
    assert!(rows[0]["signature"].as_str().unwrap().starts_with(
        "SAMSA|tok:moses|case:mixed|parser:ucca-wiki-bilstm|analyser:spacy-sm|split:corenlp|impl:easse-0.2.4|"
    ));
    let command = format!(
        "easse evaluate -t custom --orig_sents_path {source} --refs_sents_paths {source} -i {output} \
         -m bleu,samsa,fkgl -tok moses --no-lc"
    );
    let easse = gecbias(&command.split(' ').collect::<Vec<_>>(), "");
    succeeded(&easse);
    let printed = String::from_utf8_lossy(&easse.stdout);
    let expected = format!(
        "'samsa': {}, 'fkgl'",
        (100_000.0 * mean(|s| s.samsa)).round() / 1000.0
    );
    assert!(
        printed.starts_with("{'bleu': ") && printed.contains(&expected),
        "{printed} vs {expected}"
    );
}
