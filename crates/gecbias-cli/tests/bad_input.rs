//! Bad input, for every subcommand: exit status 1 and one line naming the file (and the line
//! where one is at fault), never a panic; usage errors exit 2. A gold edit reaching past its
//! sentence is kept by the drop-in modes, as the reference tools keep it, and refused by `score`.

mod support;

use std::process::Command;

use support::{dir, file, gecbias};

const GOLD: &str = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\n\
                    S I is .\nA 1 2|||R:VERB|||am|||REQUIRED|||-NONE-|||0\n";

/// `args` fails with status 1 and a message containing every part of `expected`.
fn refused(args: &[&str], expected: &[&str]) {
    let out = gecbias(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
    for part in expected {
        assert!(stderr.contains(part), "{args:?}: {part:?} not in {stderr}");
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn accepted(args: &[&str]) -> Vec<u8> {
    let out = gecbias(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn every_subcommand_refuses_bad_input_naming_file_and_line() {
    let gold = file("gold.m2", GOLD.as_bytes());
    let no_blank = file("noblank.m2", GOLD.replace("\n\n", "\n").as_bytes());
    let span = file("span.m2", GOLD.replacen("A 1 2", "A 1 9", 1).as_bytes());
    let five = file(
        "five.m2",
        GOLD.replacen("|||-NONE-|||0", "|||0", 1).as_bytes(),
    );
    let hyp = file("hyp.txt", b"He goes .\nI am .\n");
    let src = file("src.txt", b"He go .\nI is .\n");
    let short = file("short.txt", b"He goes .\n");
    let long = file("long.txt", b"He goes .\nI am .\nAnd more .\n");
    let empty = file("empty.txt", b"");
    let blank = file("blank.txt", b"\n\n  \n");
    let bad = file("bad.txt", b"He goes .\nI \xff am .\n");
    let crlf = file("crlf.txt", b"He goes .\r\nI am .\r\n");
    let directory = dir().display().to_string();
    let missing = dir().join("missing.txt").display().to_string();

    // M2 files: a missing blank line, an A line with 5 fields, in every reader of M2.
    for args in [
        vec!["m2scorer", &hyp, &no_blank],
        vec!["errant-compare", "-hyp", &no_blank, "-ref", &gold],
        vec!["score", "-m", "m2", "--gold", &no_blank, "-i", &hyp],
    ] {
        refused(&args, &["noblank.m2:3:", "second S line"]);
    }
    for args in [
        vec!["m2scorer", &hyp, &five],
        vec!["errant-compare", "-hyp", &gold, "-ref", &five],
        vec!["score", "-m", "m2", "--gold", &five, "-i", &hyp],
        vec!["score", "-m", "errant", "--gold", &gold, "-i", &five],
    ] {
        refused(&args, &["five.m2:2:", "6 fields"]);
    }
    // A span past its sentence: lenient in the drop-ins, as m2scorer and errant_compare are.
    accepted(&["m2scorer", &hyp, &span]);
    accepted(&["errant-compare", "-hyp", &span, "-ref", &gold]);
    refused(
        &["score", "-m", "m2", "--gold", &span, "-i", &hyp],
        &["span.m2:2:", "outside the sentence"],
    );

    // Text files: one line short, one long, empty, blank only, not UTF-8, a directory, missing.
    // Each command with `HYPOTHESIS` where the text file goes.
    const HYPOTHESIS: &str = "<hypothesis>";
    let h = HYPOTHESIS;
    let text_commands: Vec<Vec<&str>> = vec![
        vec!["m2scorer", h, &gold],
        vec!["gleu", "-s", &src, "-r", &hyp, "-o", h],
        vec![
            "koyama-gleu",
            "--level",
            "sentence",
            "-s",
            &src,
            "-r",
            &hyp,
            "-o",
            h,
        ],
        vec!["sari", "--orig", &src, "--refs", &hyp, "--sys", h],
        vec!["score", "-m", "m2", "--gold", &gold, "-i", h],
        vec![
            "score", "-m", "gleu", "sari", "-s", &src, "-r", &hyp, "-i", h,
        ],
        vec!["conservatism", &src, h],
        vec!["errant-parallel", "-orig", &src, "-cor", h, "-out", "-"],
        vec![
            "score", "-m", "errant", "-s", &src, "--gold", &gold, "-i", h,
        ],
    ];
    for template in &text_commands {
        let command = |file: &str| -> Vec<String> {
            template
                .iter()
                .map(|a| if *a == HYPOTHESIS { file } else { a }.to_owned())
                .collect()
        };
        let run = |h: &str, expected: &[&str]| {
            refused(&strs(&command(h)), expected);
        };
        run(&short, &["short.txt:2:", "has 1"]);
        run(&long, &["long.txt:3:", "has 3"]);
        run(&empty, &["empty.txt", "empty"]);
        run(&blank, &["blank.txt:3:", "has 3"]);
        run(&bad, &["bad.txt:2:", "not valid UTF-8"]);
        run(&directory, &["is a directory"]);
        run(&missing, &["missing.txt"]);
        // CRLF line ends are line ends: the same output as LF.
        let (with_crlf, with_lf) = (command(&crlf), command(&hyp));
        if with_lf[0] != "conservatism" {
            let crlf_out = String::from_utf8_lossy(&accepted(&strs(&with_crlf)))
                .replace("crlf.txt", "hyp.txt");
            let lf_out = String::from_utf8_lossy(&accepted(&strs(&with_lf))).into_owned();
            assert_eq!(crlf_out, lf_out, "{with_crlf:?}");
        }
    }

    // ERRANT's M2 re-typing: the same M2 faults, a span past its sentence, not UTF-8.
    refused(
        &["errant-m2", "-gold", &no_blank, "-out", "-"],
        &["noblank.m2:3:", "second S line"],
    );
    refused(
        &["errant-m2", "-gold", &span, "-out", "-"],
        &["span.m2:2:", "outside the sentence"],
    );
    refused(
        &["errant-m2", "-auto", &bad, "-out", "-"],
        &["bad.txt:2:", "not valid UTF-8"],
    );
    refused(
        &["errant-m2", "-gold", &empty, "-out", "-"],
        &["empty.txt", "empty"],
    );

    // The analyses' own formats.
    refused(&["tag", &bad], &["bad.txt:2:", "not valid UTF-8"]);
    refused(&["tag", &missing], &["missing.txt"]);
    refused(&["unseen", &hyp], &["hyp.txt:1:", "integer"]);
    refused(&["unseen", &bad], &["bad.txt:2:", "not valid UTF-8"]);
    refused(&["unseen", &empty], &["empty.txt", "empty"]);
    refused(
        &["unseen", "--answers", &hyp],
        &["hyp.txt:1:", "AssignmentStatus"],
    );
    refused(&["coverage", &hyp], &["hyp.txt:1:", "header"]);
    refused(&["coverage", &directory], &["is a directory"]);
    refused(&["coverage", &missing], &["missing.txt"]);

    // Usage errors exit 2.
    for args in [
        vec!["m2scorer", &hyp],
        vec!["errant-compare", "-hyp", &gold],
        vec!["errant-m2", &gold, "-out", "-"],
        vec!["errant-parallel", "-orig", &src, "-out", "-"],
        vec![
            "errant-parallel",
            "-orig",
            &src,
            "-cor",
            &hyp,
            "-out",
            "-",
            "-merge",
            "some",
        ],
        vec!["gleu", "-s", &src, "-o", &hyp],
        vec!["gleu", "-s", &src, "-r", &hyp, "-o", &hyp, "-n", "3"],
        vec!["koyama-gleu", "-s", &src, "-o", &hyp],
        vec![
            "koyama-gleu",
            "-s",
            &src,
            "-r",
            &hyp,
            "-o",
            &hyp,
            "-t",
            "byte",
        ],
        vec!["koyama-gleu", "-s", &src, "-r", &hyp, "-o", &hyp, "-n", "0"],
        vec!["score", "-m", "meteor", "-i", &hyp],
        vec!["coverage"],
        vec!["unseen"],
        vec!["nonsense"],
    ] {
        assert_eq!(gecbias(&args).status.code(), Some(2), "{args:?}");
    }
}

/// `-` reads standard input, in a drop-in and in `score`.
#[test]
fn a_dash_reads_standard_input() {
    let gold = file("stdin-gold.m2", GOLD.as_bytes());
    let run = |args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gecbias"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"He goes .\nI is .\n").unwrap();
        child.wait_with_output().unwrap()
    };
    let out = run(&["m2scorer", "-", &gold]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Precision   : 1.0000\nRecall      : 0.5000\nF_0.5       : 0.8333\n"
    );
    let out = run(&["score", "-m", "m2", "--gold", &gold, "-i", "-"]);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows[0]["system"], "-");
    assert_eq!(rows[0]["correct"], 1);
}

/// `args` run with the environment variable `var` set to `value`: status 1, one line naming
/// every part of `expected`.
fn refused_with_env(var: &str, value: &str, args: &[&str], expected: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .env(var, value)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{var}={value} {args:?}: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
    for part in expected {
        assert!(stderr.contains(part), "{args:?}: {part:?} not in {stderr}");
    }
}

#[test]
fn a_missing_or_corrupt_resource_names_the_path_and_its_variable() {
    let text = file("resource-source.txt", b"Kim left early .\n");
    let missing = dir().join("no-such-model.bin").display().to_string();
    let corrupt = file("corrupt-model.bin", b"not a model at all");
    for model in [&missing, &corrupt] {
        for args in [
            vec!["parse", text.as_str()],
            vec!["usim", "-s", text.as_str(), "-o", text.as_str()],
        ] {
            refused_with_env(
                "GECBIAS_UCCA_MODEL",
                model,
                &args,
                &["UCCA parser model", "$GECBIAS_UCCA_MODEL=", model.as_str()],
            );
        }
    }
    refused_with_env(
        "GECBIAS_UCCA_MODEL",
        &missing,
        &["parse", text.as_str()],
        &["No such file"],
    );
    refused_with_env(
        "GECBIAS_UCCA_MODEL",
        &corrupt,
        &["parse", text.as_str()],
        &["wrong magic"],
    );
    let no_dir = dir().join("no-such-dir").display().to_string();
    refused_with_env(
        "GECBIAS_PUNKT",
        &no_dir,
        &["usim", "-s", &text, "-o", &text, "--sentences"],
        &[&no_dir, "ortho_context.tab", "$GECBIAS_PUNKT"],
    );
    let args = ["conservatism", text.as_str(), text.as_str()];
    refused_with_env(
        "GECBIAS_WORDNET",
        &no_dir,
        &args,
        &[&no_dir, "index.noun", "$GECBIAS_WORDNET"],
    );
    refused_with_env(
        "GECBIAS_PUNKT",
        &no_dir,
        &args,
        &[&no_dir, "$GECBIAS_PUNKT"],
    );
}

/// The deliberate differences from the reference tools (`docs/deliberate-differences.md`), one
/// assertion each.
#[test]
fn deliberate_differences_from_the_reference_tools() {
    let gold = file("dd-gold.m2", GOLD.as_bytes());
    let hyp = file("dd-hyp.txt", b"He goes .\nI is .\n");
    let plain = accepted(&["m2scorer", &hyp, &gold]);

    // A CRLF gold without a final newline is scored (m2scorer crashes on it).
    let crlf = file(
        "dd-crlf.m2",
        GOLD.trim_end().replace('\n', "\r\n").as_bytes(),
    );
    assert_eq!(accepted(&["m2scorer", &hyp, &crlf]), plain);

    // A UTF-8 byte-order mark is dropped, in the gold and in the system output.
    let bom_gold = file("dd-bom.m2", format!("\u{feff}{GOLD}").as_bytes());
    let bom_hyp = file("dd-bom.txt", b"\xEF\xBB\xBFHe goes .\nI is .\n");
    assert_eq!(accepted(&["m2scorer", &bom_hyp, &bom_gold]), plain);

    // An edit span outside its sentence: kept by the drop-in with a warning, refused by `score`.
    let span = file("dd-span.m2", GOLD.replacen("A 1 2", "A 1 9", 1).as_bytes());
    let out = gecbias(&["m2scorer", &hyp, &span]);
    assert_eq!(out.status.code(), Some(0));
    let warning = String::from_utf8_lossy(&out.stderr);
    assert!(
        warning.starts_with("gecbias: warning: ") && warning.contains("dd-span.m2:2:"),
        "{warning}"
    );

    // β must be a finite number ≥ 0: a usage error naming the option.
    for beta in ["nan", "inf", "-1"] {
        let out = gecbias(&["m2scorer", "--beta", beta, &hyp, &gold]);
        assert_eq!(out.status.code(), Some(2), "--beta {beta}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--beta"));
    }

    // A sentence longer than the M2 lattice's limit is refused at its line, not scored for
    // minutes.
    let long = "w ".repeat(1001);
    let long_gold = file("dd-long.m2", format!("S {long}\n").as_bytes());
    let long_hyp = file("dd-long.txt", format!("x {long}\n").as_bytes());
    refused(
        &["m2scorer", &long_hyp, &long_gold],
        &["dd-long.txt:1:", "1001 tokens", "limit of 1000"],
    );

    // The --very_verbose trace of a lattice over 1,000 vertices is refused at its line (32
    // tokens replaced by 32 others: every cell of the 33 × 33 substitution-cost-2 matrix is on
    // a shortest path); m2scorer would print about 10⁹ lines.
    let words = |prefix: char| (0..32).map(|k| format!("{prefix}{k}")).collect::<Vec<_>>();
    let wide_gold = file(
        "dd-wide.m2",
        format!("S {}\n", words('a').join(" ")).as_bytes(),
    );
    let wide_hyp = file(
        "dd-wide.txt",
        format!("{}\n", words('b').join(" ")).as_bytes(),
    );
    accepted(&["m2scorer", "-v", &wide_hyp, &wide_gold]);
    refused(
        &["m2scorer", "--very_verbose", &wide_hyp, &wide_gold],
        &["dd-wide.txt:1:", "1089 vertices", "limit of 1000"],
    );

    // SARI: a lone carriage return is not a line end (SARI.py under Python 3 reads it as one).
    let src = file("dd-sari.src", b"The cat sat\r on the mat .\n");
    let refs = file("dd-sari.ref", b"The cat sat on the mat .\n");
    let out = accepted(&["sari", "--orig", &src, "--refs", &refs, "--sys", &refs]);
    assert_eq!(String::from_utf8_lossy(&out).lines().count(), 1);
}

/// A gold `A` line with 3 fields: ERRANT takes its last field as the annotator, so `errant-m2
/// -gold` and `score -m errant` refuse it naming its line, as every other M2 reader does.
#[test]
fn a_short_a_line_is_refused_by_the_errant_path_naming_its_line() {
    let gold = file(
        "short-a.m2",
        b"S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\nS She like it .\nA 1 2|||R:VERB:SVA|||0\n\n",
    );
    let text = file("short-a.txt", b"He goes .\nShe likes it .\n");
    let place = format!("{gold}:5: an A line needs 6 fields separated by |||, found 3");
    refused(&["errant-m2", "-gold", &gold, "-out", "-"], &[&place]);
    refused(
        &[
            "score", "-m", "errant", "-s", &text, "--gold", &gold, "-i", &text,
        ],
        &[&place],
    );
}

/// Plain text where `-m errant` without `-s` reads hypothesis M2: the message says to give `-s`.
#[test]
fn text_hypotheses_without_a_source_get_a_hint() {
    let gold = file("hint.m2", GOLD.as_bytes());
    let text = file("hint.txt", b"He goes .\nI am .\n");
    refused(
        &["score", "-m", "errant", "--gold", &gold, "-i", &text],
        &[&format!("{text}:1:"), "-s SOURCE"],
    );
}

/// Without `-m`, `score` scores M2 (a gold is all it needs).
#[test]
fn score_defaults_to_m2() {
    let gold = file("default.m2", GOLD.as_bytes());
    let text = file("default.txt", b"He goes .\nI am .\n");
    let out = accepted(&["score", "--gold", &gold, "-i", &text, "-f", "text"]);
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with(&format!("{text} M2 = 1.0000 M2|")), "{out}");
}

/// The M2 scorer's sentence limit says what to do: split the line, or raise it with a flag that
/// exists; with the flag raised, the sentence is scored.
#[test]
fn the_token_limit_says_how_to_raise_it() {
    let long: String = (0..1_200).map(|k| format!("w{k} ")).collect();
    let gold = file("limit.m2", format!("S {long}\n\n").as_bytes());
    let text = file("limit.txt", format!("{long}\n").as_bytes());
    for args in [
        vec!["score", "--gold", gold.as_str(), "-i", text.as_str()],
        vec!["m2scorer", text.as_str(), gold.as_str()],
    ] {
        refused(&args, &["1200 tokens", "split the line", "--max-tokens N"]);
        let mut raised = args.clone();
        raised.extend(["--max-tokens", "2000"]);
        accepted(&raised);
    }
}

/// `--cat` against a gold whose types are NUCLE's warns, naming the first foreign type and its
/// line; per-type precision without a single edit of the type is undefined, not 1.
#[test]
fn per_type_scores_warn_on_foreign_types_and_leave_precision_undefined() {
    let nucle = file(
        "nucle.m2",
        b"S He go .\nA 1 2|||Vform|||goes|||REQUIRED|||-NONE-|||0\n\n",
    );
    let hyp = file(
        "nucle-hyp.m2",
        b"S He go .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n",
    );
    let out = gecbias(&[
        "score", "-m", "errant", "--gold", &nucle, "-i", &hyp, "--cat", "3", "-f", "text",
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "warning: {nucle}:2: error type \"Vform\" is not one of ERRANT's"
        )),
        "{stderr}"
    );
    assert!(
        stdout.contains("  Vform          P = — R = 0.0000"),
        "{stdout}"
    );
    let json = gecbias(&[
        "score", "-m", "errant", "--gold", &nucle, "-i", &hyp, "--cat", "3",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        json[0]["categories"]["Vform"]["precision"].is_null(),
        "{json}"
    );
}
