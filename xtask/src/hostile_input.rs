//! `cargo xtask hostile-input`: the bad-input matrix. Every subcommand on every hostile input —
//! a 5 MB single line (as a sentence and as an M2 gold), a 5 MB line of sentences, a 999-token
//! sentence whose every token is replaced, a 1 MB word, 100,000 empty lines, NUL bytes, a UTF-8 byte-order
//! mark — must end with exit status 0, 1 or 2, never a panic, a backtrace or an abort, within
//! 10 s and 2 GB of address space each, with a one-line message. The 275 runs take about 100 s of
//! CPU, too slow for `cargo test`; `.ci/run` runs this.
//! The command is built first with the workspace's features (`--workspace --bin gecbias`), so
//! after `cargo test --workspace` nothing is rebuilt.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use rayon::prelude::*;

/// The folder of the inputs.
fn dir() -> PathBuf {
    std::env::temp_dir().join(format!("gecbias-hostile-{}", std::process::id()))
}

/// Writes `bytes` to `name` in [`dir`]; its path.
fn file(name: &str, bytes: &[u8]) -> anyhow::Result<String> {
    let path = dir().join(name);
    std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
    Ok(path.display().to_string())
}

const SECONDS: u64 = 10;
/// `ulimit -v` in KiB: 2 GiB of address space.
const MEMORY_KIB: u64 = 2 * 1024 * 1024;

/// A 5 MB line of words, with sentence ends every few words when `sentences`.
fn huge_line(sentences: bool) -> String {
    let words = ["the", "cat", "is", "on", "a", "red", "mat", "dogs", "run"];
    let mut line = String::with_capacity(5_000_100);
    let mut k: usize = 0;
    while line.len() < 5_000_000 {
        k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        line.push_str(words[(k >> 16) % words.len()]);
        line.push_str(if sentences && k.is_multiple_of(7) {
            " . "
        } else {
            " "
        });
    }
    line
}

/// Runs `gecbias args` under the time and memory limits; its exit status and standard error.
fn run(gecbias: &Path, args: &[String]) -> anyhow::Result<(Option<i32>, String, Duration)> {
    let script = format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\"");
    let started = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(gecbias)
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .context("running sh")?;
    let mut stderr = child
        .stderr
        .take()
        .context("the command's standard error")?;
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if started.elapsed() > Duration::from_secs(SECONDS) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let elapsed = started.elapsed();
    let stderr = reader.join().unwrap_or_default();
    Ok((status.and_then(|s| s.code()), stderr, elapsed))
}

/// Builds the command and runs the matrix; fails naming every run that broke a rule.
/// Builds `gecbias` as `cargo test --workspace` does (dev profile, the workspace's features, so
/// nothing is rebuilt) and gives its path.
pub(crate) fn build_gecbias(root: &Path) -> anyhow::Result<std::path::PathBuf> {
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(root)
        .args(["build", "-q", "--workspace", "--bin", "gecbias"])
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("cargo build --bin gecbias: {status}");
    }
    Ok(root.join("target/debug/gecbias"))
}

const REWRITTEN: &str = "999 tokens all rewritten";

/// `score` with the simplification metrics that are means over lines: those read against `t` as
/// source and reference, and the quality-estimation features and SAMSA, which read the source
/// alone.
fn simplification_means(t: &str) -> [Vec<&str>; 3] {
    let against = [
        "score",
        "-m",
        "sent_bleu",
        "f1_token",
        "ibleu",
        "fkbleu",
        "sari_add",
        "sari_keep",
        "sari_del",
        "dsari",
        "-s",
        t,
        "-r",
        t,
        "-i",
        t,
    ];
    let features = [
        "score",
        "-m",
        "compression_ratio",
        "sentence_splits",
        "levenshtein_similarity",
        "exact_copies",
        "additions_proportion",
        "deletions_proportion",
        "lexical_complexity",
        "-s",
        t,
        "-i",
        t,
    ];
    let samsa = vec!["samsa", "--orig", t, "--sys", t];
    [against.to_vec(), features.to_vec(), samsa]
}

/// Every command the matrix runs on a text file `t` and an M2 file `g` made of one hostile input:
/// the drop-ins and `score` here, then [`simplification_means`] and the [`analyses`].
fn commands<'a>(t: &'a str, g: &'a str) -> Vec<Vec<&'a str>> {
    let mut all = vec![
        vec!["m2scorer", t, g],
        vec!["m2scorer", "-v", t, g],
        vec!["m2scorer", "--very_verbose", t, g],
        vec!["errant-compare", "-hyp", g, "-ref", g],
        vec!["gleu", "-s", t, "-r", t, "-o", t],
        vec!["koyama-gleu", "-f", "-s", t, "-r", t, "-o", t],
        vec!["score", "-m", "gotoscorer", "-s", t, "-r", t, "-i", t],
        vec!["cleme", "--ref", g, "--hyp", g, "--metric", "cleme"],
        vec![
            "cleme",
            "--ref",
            g,
            "--hyp",
            g,
            "--metric",
            "cleme2",
            "--assumption",
            "independent",
        ],
        vec!["score", "-m", "cleme", "cleme2", "--gold", g, "-i", g],
        vec!["score", "-m", "cleme", "-s", t, "-r", t, "-i", t],
        vec![
            "koyama-gleu",
            "--level",
            "sentence",
            "-t",
            "char",
            "-s",
            t,
            "-r",
            t,
            "-o",
            t,
        ],
        vec!["sari", "--orig", t, "--refs", t, "--sys", t],
        vec!["score", "-m", "m2", "--gold", g, "-i", t],
        vec!["score", "-m", "errant", "--gold", g, "-i", g],
        vec![
            "score", "-m", "gleu", "sari", "green", "-s", t, "-r", t, "-i", t,
        ],
        vec![
            "score",
            "-m",
            "green",
            "--green-unit",
            "char",
            "-s",
            t,
            "-r",
            t,
            "-i",
            t,
        ],
        vec!["score", "-m", "bleu", "chrf", "-r", t, "-i", t],
        vec![
            "score",
            "-m",
            "bleu",
            "--bleu-tokenize",
            "char",
            "-r",
            t,
            "-i",
            t,
        ],
        vec![
            "score",
            "-m",
            "chrf",
            "--chrf-char-order",
            "20",
            "--chrf-word-order",
            "10",
            "-r",
            t,
            "-i",
            t,
        ],
        vec!["score", "-m", "usim", "-s", t, "-i", t, "--pretokenized"],
        vec![
            "easse",
            "evaluate",
            "-t",
            "custom",
            "--orig_sents_path",
            t,
            "--refs_sents_paths",
            t,
            "-i",
            t,
            "-m",
            "bleu,sent_bleu,sari,sari_legacy,sari_by_operation,fkgl,f1_token",
            "-q",
        ],
    ];
    all.extend(simplification_means(t).into_iter().chain(analyses(t, g)));
    all
}

/// The commands of the matrix that analyse text rather than score it: conservatism, USim,
/// parsing, tagging, ERRANT's annotation, the estimates, the report pages.
fn analyses<'a>(t: &'a str, g: &'a str) -> Vec<Vec<&'a str>> {
    vec![
        vec!["meta-eval", "--dataset", "custom", "--judgments", t],
        vec!["conservatism", t, t],
        vec!["conservatism", "--passages", t, t],
        vec!["usim", "-q", "-s", t, "-o", t],
        vec!["usim", "-q", "-s", t, "-o", t, "--sentences"],
        vec!["parse", t, "--pretokenized"],
        vec!["parse", t, "--sentences"],
        vec!["tag", t, "--pretokenized"],
        vec!["tag", t],
        vec!["errant-parallel", "-orig", t, "-cor", t, "-out", "-"],
        vec![
            "errant-parallel",
            "-orig",
            t,
            "-cor",
            t,
            "-out",
            "-",
            "-tok",
        ],
        vec!["errant-m2", "-gold", g, "-out", "-"],
        vec!["errant-m2", "-auto", g, "-out", "-"],
        vec![
            "score", "-m", "errant", "-s", t, "--gold", g, "-i", t, "--cat", "2",
        ],
        vec!["unseen", t],
        vec!["coverage", t],
        vec![
            "report",
            "-o",
            "/dev/null",
            "-m",
            "m2",
            "-s",
            t,
            "--gold",
            g,
            "-i",
            t,
        ],
        vec!["report", "-o", "/dev/null", "-s", t, "-r", t, "-i", t],
    ]
}

/// 999 distinct words, `prefix` and a number each: a sentence every token of which another such
/// line replaces, the M2 lattice's worst case (every cell on a shortest path).
fn numbered(prefix: char) -> String {
    (0..999)
        .map(|k| format!("{prefix}{k}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The hostile files, each as (what it is, a text file, an M2 file).
fn hostile_files() -> anyhow::Result<Vec<(&'static str, String, String)>> {
    let gold = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\n\
                S I is .\nA 1 2|||R:VERB|||am|||REQUIRED|||-NONE-|||0\n";
    let words = huge_line(false);
    Ok(vec![
        (
            "5 MB line",
            file("huge.txt", format!("{words}\n").as_bytes())?,
            file(
                "huge.m2",
                format!("S {words}\nA 0 1|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n").as_bytes(),
            )?,
        ),
        (
            "5 MB line of sentences",
            file("sentences.txt", format!("{}\n", huge_line(true)).as_bytes())?,
            file("gold.m2", gold.as_bytes())?,
        ),
        (
            REWRITTEN,
            file("rewritten.txt", format!("{}\n", numbered('b')).as_bytes())?,
            file("rewritten.m2", format!("S {}\n", numbered('a')).as_bytes())?,
        ),
        (
            "1 MB word",
            file("word.txt", format!("{}\n", "ab".repeat(500_000)).as_bytes())?,
            file(
                "word.m2",
                format!("S {}\n", "ab".repeat(500_000)).as_bytes(),
            )?,
        ),
        (
            "100,000 empty lines",
            file("empty-lines.txt", "\n".repeat(100_000).as_bytes())?,
            file("empty-lines.m2", "\n".repeat(100_000).as_bytes())?,
        ),
        (
            "NUL bytes",
            file("nul.txt", b"He go\0es .\nI \0 am .\n")?,
            file("nul.m2", gold.replace("go", "g\0o").as_bytes())?,
        ),
        (
            "byte-order mark",
            file("bom.txt", b"\xEF\xBB\xBFHe goes .\nI am .\n")?,
            file("bom.m2", format!("\u{feff}{gold}").as_bytes())?,
        ),
    ])
}

pub(crate) fn run_matrix(root: &Path) -> anyhow::Result<()> {
    let gecbias = build_gecbias(root)?;
    std::fs::create_dir_all(dir())?;
    let inputs = hostile_files()?;
    let mut failures = Vec::new();
    let (mut runs, mut refusals) = (0, 0);
    let mut slowest = Vec::new();
    let jobs: Vec<(&str, Vec<String>)> = inputs
        .iter()
        .flat_map(|(what, text, m2)| {
            commands(text, m2)
                .into_iter()
                .map(move |args| (*what, args.into_iter().map(str::to_owned).collect()))
        })
        .collect();
    // The runs are independent processes: run them side by side, report them in order.
    let results: Vec<_> = jobs
        .par_iter()
        .map(|(_, args)| run(&gecbias, args))
        .collect();
    for ((what, args), result) in jobs.iter().zip(results) {
        let what = *what;
        let (code, stderr, elapsed) = result?;
        let fine = matches!(code, Some(0..=2))
            && !stderr.contains("panicked")
            && !stderr.contains("stack backtrace")
            && !stderr.contains("memory allocation")
            && stderr.lines().count() <= 1
            && stderr.len() < 1_000
            && elapsed < Duration::from_secs(SECONDS);
        if !fine {
            failures.push(format!(
                "{what}: gecbias {}: status {code:?} after {elapsed:?}: {}",
                args.join(" "),
                &stderr[..stderr.len().min(300)]
            ));
        }
        runs += 1;
        refusals += usize::from(code == Some(1));
        slowest.push((elapsed, format!("{what}: gecbias {}", args.join(" "))));
        // The rewritten sentence is refused by the lattice's limit, not scored for minutes.
        let limit = "more than 2000000 arcs";
        if what == REWRITTEN && args[0] == "m2scorer" && !stderr.contains(limit) {
            failures.push(format!("{what}: gecbias {}: no {limit:?}", args.join(" ")));
        }
    }
    for rows in special_rows(&gecbias)? {
        runs += rows.0;
        failures.extend(rows.1);
    }
    let _ = std::fs::remove_dir_all(dir());
    if !failures.is_empty() {
        bail!(
            "{} runs broke the rules:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
    // The 5 MB lines are refused, not scored: the limits are what keeps them in bounds.
    if refusals < 20 {
        bail!("only {refusals} refusals: a limit no longer holds");
    }
    println!(
        "hostile input: {runs} runs, every one within its limits ({refusals} refused with exit 1)"
    );
    slowest.sort_by_key(|run| std::cmp::Reverse(run.0));
    println!("slowest runs:");
    for (elapsed, run) in slowest.iter().take(5) {
        println!("  {:.1} s  {run}", elapsed.as_secs_f64());
    }
    Ok(())
}

/// The rows beyond the matrix of hostile files, each family as (runs, failures).
fn special_rows(gecbias: &Path) -> anyhow::Result<[(usize, Vec<String>); 7]> {
    Ok([
        bad_ratings(gecbias)?,
        malformed_golds(gecbias)?,
        malformed_cleme(gecbias)?,
        endless_inputs(gecbias)?,
        misaligned_hypotheses(gecbias)?,
        out_of_range(gecbias)?,
        easse_refusals(gecbias)?,
    ])
}

/// `meta-eval --dataset custom` on ratings files it must refuse, each with exit 1 and one line
/// naming the file, the line and the column: a missing column, a score that is not a number,
/// a (system, segment) rated twice, a system outside `--systems`, a row with a field too many,
/// an empty file, a JSON line that does not parse, a JSON row without a score, a non-UTF-8
/// byte. The number of runs, and a line for each that did not.
fn bad_ratings(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    const HEADER: &str = "system,segment,source,output,score,ref0\n";
    const ROW: &str = "A,1,He go .,He goes .,80,He goes .\n";
    let csv = |name: &str, body: &str| file(name, format!("{HEADER}{body}").as_bytes());
    let mut cases: Vec<(String, Vec<&str>, String)> = Vec::new();
    let mut add = |path: String, extra: Vec<&'static str>, at: &str| {
        let named = format!("{path}:{at}");
        cases.push((path, extra, named));
    };
    add(
        file(
            "ratings-no-score.csv",
            b"system,segment,source,output\nA,1,s,o\n",
        )?,
        vec![],
        "1:5: no column \"score\"",
    );
    add(
        csv(
            "ratings-word.csv",
            &format!("{ROW}B,1,He go .,He go .,good,He goes .\n"),
        )?,
        vec![],
        "3:5: score \"good\"",
    );
    add(
        csv("ratings-twice.csv", &format!("{ROW}{ROW}"))?,
        vec![],
        "3:1: duplicate (system, segment)",
    );
    add(
        csv("ratings-unknown.csv", ROW)?,
        vec!["--systems", "B"],
        "2:1: unknown system \"A\"",
    );
    add(
        csv(
            "ratings-ragged.csv",
            "A,1,He go .,He goes .,80,He goes .,extra\n",
        )?,
        vec![],
        "2:7:",
    );
    add(
        file("ratings-empty.csv", b"")?,
        vec![],
        "1:1: an empty file",
    );
    add(
        file(
            "ratings-broken.jsonl",
            b"{\"system\": \"A\", \"segment\": \n",
        )?,
        vec![],
        "1:",
    );
    add(
        file(
            "ratings-no-score.jsonl",
            b"{\"system\": \"A\", \"segment\": 1, \"source\": \"s\", \"output\": \"o\"}\n",
        )?,
        vec![],
        "1:1: no key \"score\"",
    );
    let latin1 = [HEADER.as_bytes(), b"A,1,He \xe9t\xe9 .,o,80,r\n"].concat();
    let latin1 = file("ratings-latin1.csv", &latin1)?;
    add(latin1, vec![], "2");
    let mut failures = Vec::new();
    for (path, extra, named) in &cases {
        let args: Vec<String> = [
            "meta-eval",
            "--dataset",
            "custom",
            "--judgments",
            path,
            "-m",
            "gleu",
        ]
        .iter()
        .chain(extra)
        .map(|s| (*s).to_owned())
        .collect();
        let (code, stderr, _) = run(gecbias, &args)?;
        if code != Some(1) || !stderr.contains(named.as_str()) || stderr.lines().count() > 1 {
            failures.push(format!(
                "gecbias {}: status {code:?}, not exit 1 naming {named}: {}",
                args.join(" "),
                &stderr[..stderr.len().min(300)]
            ));
        }
    }
    Ok((cases.len(), failures))
}

/// `easse evaluate` on what it must refuse: an unknown test set or metric, a metric or flag that
/// needs a model (exit 2 naming it); references with a line fewer, a non-UTF-8 line, a 5 MB line,
/// an empty output file, and SAMSA's output with a line fewer or a 5 MB line (exit 1 naming the
/// file, and the line where there is one). The number of
/// runs, and a line for each that did not.
fn easse_refusals(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    let source = file(
        "easse-source.txt",
        b"He goes to school .\nShe is here .\nIt is .\n",
    )?;
    let short = file("easse-short.txt", b"He goes .\nShe is .\n")?;
    let latin1 = file(
        "easse-latin1.txt",
        b"He goes .\nShe is \xe9t\xe9 .\nIt is .\n",
    )?;
    let long = file(
        "easse-long.txt",
        format!("He goes .\n{}\nIt is .\n", huge_line(true)).as_bytes(),
    )?;
    let empty = file("easse-empty.txt", b"")?;
    let custom = |refs: &str, output: &str, rest: &[&str]| -> Vec<String> {
        let head = [
            "easse",
            "evaluate",
            "-t",
            "custom",
            "--orig_sents_path",
            &source,
            "--refs_sents_paths",
            refs,
            "-i",
            output,
        ];
        head.iter().chain(rest).map(|s| (*s).to_owned()).collect()
    };
    let s = source.as_str();
    // (the command, its exit status, what its message must name).
    let cases: Vec<(Vec<String>, i32, String)> = vec![
        (
            ["easse", "evaluate", "-t", "no_such_set", "-i", s]
                .map(str::to_owned)
                .to_vec(),
            2,
            "asset_test".to_owned(),
        ),
        (
            custom(s, s, &["-m", "bleu,no_such_metric"]),
            2,
            "no_such_metric".to_owned(),
        ),
        (custom(s, &long, &["-m", "samsa"]), 1, format!("{long}:2")),
        (
            custom(s, &short, &["-m", "samsa"]),
            1,
            format!("{short}: 2 lines"),
        ),
        (
            custom(s, s, &["-m", "bertscore"]),
            2,
            "bertscore".to_owned(),
        ),
        (custom(s, s, &["-a"]), 2, "-a".to_owned()),
        (custom(&short, s, &[]), 1, format!("{short}: 2 lines")),
        (custom(s, &latin1, &[]), 1, format!("{latin1}:2")),
        (custom(s, &long, &[]), 1, format!("{long}:2")),
        (custom(s, &empty, &[]), 1, format!("{empty}: empty")),
    ];
    let mut failures = Vec::new();
    for (args, expected, named) in &cases {
        let (code, stderr, _) = run(gecbias, args)?;
        if code != Some(*expected) || !stderr.contains(named.as_str()) || stderr.lines().count() > 1
        {
            failures.push(format!(
                "gecbias {}: status {code:?}, not exit {expected} naming {named}: {}",
                args.join(" "),
                &stderr[..stderr.len().min(300)]
            ));
        }
    }
    Ok((cases.len(), failures))
}

/// Malformed M2 golds, each with the line at fault: every command that reads a gold must refuse
/// it with exit status 1 and a one-line message naming the file and that line, or, where a
/// drop-in keeps what its reference tool keeps (a span past the sentence), warn naming them. The
/// number of runs, and a line for each run that did neither.
fn malformed_golds(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    // Sixteen good lines first, so that a line number off by one, or counted from a block,
    // shows.
    let good = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\n".repeat(5)
        + "S It is .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n";
    let cases = [
        ("3 fields", "A 1 2|||R:VERB:SVA|||likes"),
        (
            "a span past the sentence",
            "A 1 9|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0",
        ),
        (
            "a span that is not a number",
            "A x 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0",
        ),
        (
            "a span without its end",
            "A 1|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0",
        ),
    ];
    let lines = "He goes .\n".repeat(5) + "It is .\nShe likes it .\n";
    let all = file("gold-all.txt", lines.as_bytes())?;
    let (mut runs, mut failures) = (0, Vec::new());
    for (k, (what, a_line)) in cases.iter().enumerate() {
        let gold = format!("{good}S She like it .\n{a_line}\n\n");
        let bad_line = good.lines().count() + 2;
        let g = file(&format!("malformed-{k}.m2"), gold.as_bytes())?;
        let commands: Vec<Vec<&str>> = vec![
            vec!["m2scorer", &all, &g],
            vec!["errant-compare", "-hyp", &g, "-ref", &g],
            vec!["score", "-m", "m2", "--gold", &g, "-i", &all],
            vec!["score", "-m", "errant", "--gold", &g, "-i", &g],
            vec![
                "score", "-m", "errant", "-s", &all, "--gold", &g, "-i", &all,
            ],
            vec!["errant-m2", "-gold", &g, "-out", "-"],
            vec!["errant-m2", "-auto", &g, "-out", "-"],
            vec!["cleme", "--ref", &g, "--hyp", &g, "--metric", "cleme"],
            vec!["score", "-m", "cleme", "--gold", &g, "-i", &g],
        ];
        for args in commands {
            let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            let (code, stderr, _) = run(gecbias, &args)?;
            let place = format!("{g}:{bad_line}:");
            let refused = code == Some(1) && stderr.lines().count() == 1;
            let warned = code == Some(0) && stderr.contains(&format!("warning: {place}"));
            if !(refused || warned) || !stderr.contains(&place) {
                failures.push(format!(
                    "gold with {what} on line {bad_line}: gecbias {}: status {code:?}, not exit 1 \
                     naming {place}: {}",
                    args.join(" "),
                    &stderr[..stderr.len().min(300)]
                ));
            }
            runs += 1;
        }
    }
    Ok((runs, failures))
}

/// What CLEME's reading refuses beyond a malformed M2 line, each with the line at fault: an
/// annotator id that skips one (CLEME would join its edits to another correction), overlapping
/// edits of one annotator, and a hypothesis file with a sentence fewer or more than the
/// reference. The number of runs, and a line for each that did not exit 1 naming the file and
/// line.
fn malformed_cleme(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    let good = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\n".repeat(5);
    let block = |edits: &str| format!("{good}S She like it now .\n{edits}\n");
    let reference = file("cleme-ref.m2", block("").as_bytes())?;
    let cases = [
        (
            "an annotator id that skips one",
            block(
                "A 1 2|||R:VERB|||likes|||REQUIRED|||-NONE-|||0\n\
                 A 3 4|||U:ADV||||||REQUIRED|||-NONE-|||2\n",
            ),
            true,
            18,
        ),
        (
            "overlapping edits",
            block(
                "A 1 3|||R:OTHER|||likes that|||REQUIRED|||-NONE-|||0\n\
                 A 2 4|||R:OTHER|||this|||REQUIRED|||-NONE-|||0\n",
            ),
            true,
            18,
        ),
        ("a sentence fewer", good.clone(), false, 15),
        (
            "a sentence more",
            format!("{}\nS It is .\n", block("")),
            false,
            19,
        ),
    ];
    let (mut runs, mut failures) = (0, Vec::new());
    for (k, (what, text, as_reference, bad_line)) in cases.iter().enumerate() {
        let bad = file(&format!("cleme-{k}.m2"), text.as_bytes())?;
        let (r, h) = if *as_reference {
            (&bad, &reference)
        } else {
            (&reference, &bad)
        };
        for args in [
            vec!["cleme", "--ref", r, "--hyp", h, "--metric", "cleme"],
            vec!["score", "-m", "cleme2", "--gold", r, "-i", h],
        ] {
            let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            let (code, stderr, _) = run(gecbias, &args)?;
            let place = format!("{bad}:{bad_line}:");
            if code != Some(1) || stderr.lines().count() != 1 || !stderr.contains(&place) {
                failures.push(format!(
                    "CLEME input with {what}: gecbias {}: status {code:?}, not exit 1 naming \
                     {place}: {}",
                    args.join(" "),
                    &stderr[..stderr.len().min(300)]
                ));
            }
            runs += 1;
        }
    }
    Ok((runs, failures))
}

/// `/dev/zero` (a file that reports no length and never ends, with no line end) as every input
/// of every command: exit 1 in under a second, naming the file and the limit, never reading it
/// whole. The number of runs, and a line for each that did not.
fn endless_inputs(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    let zero = "/dev/zero";
    if !Path::new(zero).exists() {
        return Ok((0, Vec::new()));
    }
    let mut commands = commands(zero, zero);
    commands.push(vec!["score", "-m", "m2", "--gold", zero, "-i", "-"]);
    commands.push(vec![
        "usim",
        "-q",
        "-s",
        zero,
        "-o",
        zero,
        "--parser-model",
        zero,
    ]);
    let (mut runs, mut failures) = (0, Vec::new());
    for args in commands {
        let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
        let (code, stderr, elapsed) = run(gecbias, &args)?;
        let named = stderr.contains(zero) && stderr.contains("limit");
        if code != Some(1)
            || !named
            || elapsed > Duration::from_secs(1)
            || stderr.lines().count() != 1
        {
            failures.push(format!(
                "/dev/zero: gecbias {}: status {code:?} after {elapsed:?}, not exit 1 within 1 s \
                 naming the file and the limit: {}",
                args.join(" "),
                &stderr[..stderr.len().min(300)]
            ));
        }
        runs += 1;
    }
    Ok((runs, failures))
}

/// Hypothesis M2 files out of step with their gold (its first block moved to the end, two
/// blocks swapped, one `S` line changed): every path that pairs hypothesis edits with a gold
/// exits 1 naming the hypothesis file's line and the gold's. The number of runs, and a line for
/// each that did not.
fn misaligned_hypotheses(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    let blocks: Vec<String> = [
        "He go to school .",
        "She like it .",
        "They is here .",
        "I are fine .",
    ]
    .iter()
    .map(|s| format!("S {s}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"))
    .collect();
    let gold = file("aligned-gold.m2", blocks.join("\n").as_bytes())?;
    let mut rotated = blocks.clone();
    rotated.rotate_left(1);
    let mut swapped = blocks.clone();
    swapped.swap(1, 2);
    let mut one = blocks.clone();
    one[2] = one[2].replace("They is", "They was");
    // (what, the file, the hypothesis line at fault, the gold's).
    let cases = [
        ("rotated", rotated, 1, 1),
        ("two blocks swapped", swapped, 4, 4),
        ("one S line changed", one, 7, 7),
    ];
    let (mut runs, mut failures) = (0, Vec::new());
    for (k, (what, hyp_blocks, hyp_line, gold_line)) in cases.iter().enumerate() {
        let hyp = file(
            &format!("misaligned-{k}.m2"),
            hyp_blocks.join("\n").as_bytes(),
        )?;
        for metric in ["errant", "cleme", "cleme2"] {
            let args: Vec<String> = ["score", "-m", metric, "--gold", &gold, "-i", &hyp]
                .into_iter()
                .map(str::to_owned)
                .collect();
            let (code, stderr, _) = run(gecbias, &args)?;
            let places = [format!("{hyp}:{hyp_line}:"), format!("(line {gold_line})")];
            // An M2 file out of step is M2: the hint for plain text given as M2 would mislead.
            let hinted = stderr.contains("for plain-text hypotheses");
            if code != Some(1) || hinted || !places.iter().all(|p| stderr.contains(p.as_str())) {
                failures.push(format!(
                    "hypothesis M2 {what}: gecbias {}: status {code:?}, not exit 1 naming {} and \
                     the gold's line {gold_line} (without the plain-text hint): {}",
                    args.join(" "),
                    places[0],
                    &stderr[..stderr.len().min(300)]
                ));
            }
            runs += 1;
        }
    }
    Ok((runs, failures))
}

/// Every count option at 2⁶⁴ − 1, 10¹², 10⁹ (and the resampling counts at 1), β at 10³⁰⁸, an
/// option no chosen metric reads, and a label given twice: exit 2 in under a second naming the
/// option (or the label). The number of runs, and a line for each that did not.
fn out_of_range(gecbias: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    let (mut runs, mut failures) = (0, Vec::new());
    for (named, args) in out_of_range_cases()? {
        let (code, stderr, elapsed) = run(gecbias, &args)?;
        if code != Some(2) || !stderr.contains(&named) || elapsed > Duration::from_secs(1) {
            failures.push(format!(
                "gecbias {}: status {code:?} after {elapsed:?}, not exit 2 within 1 s naming \
                 {named}: {}",
                args.join(" "),
                &stderr[..stderr.len().min(300)]
            ));
        }
        runs += 1;
    }
    Ok((runs, failures))
}

/// [`out_of_range`]'s command lines, each with what its message must name.
fn out_of_range_cases() -> anyhow::Result<Vec<(String, Vec<String>)>> {
    let text = file("range.txt", b"He goes to school .\n")?;
    let gold = file(
        "range.m2",
        b"S He go to school .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n",
    )?;
    let (t, g) = (text.as_str(), gold.as_str());
    let score_m2: Vec<&str> = vec!["score", "-m", "m2", "--gold", g, "-i", t];
    // (the option, the command before it, what must follow it, whether 1 is refused too).
    let counts: Vec<(&str, Vec<&str>, Vec<&str>, bool)> = vec![
        (
            "--confidence-n",
            score_m2.clone(),
            vec!["--confidence"],
            true,
        ),
        ("--paired-bs-n", score_m2.clone(), vec!["--paired-bs"], true),
        ("--paired-ar-n", score_m2.clone(), vec!["--paired-ar"], true),
        ("--paired-ar-n", score_m2.clone(), vec!["--rank"], true),
        (
            "--gleu-iter",
            vec!["score", "-m", "gleu", "-s", t, "-r", t, "-i", t],
            vec![],
            false,
        ),
        (
            "--koyama-iter",
            vec!["score", "-m", "koyama-gleu", "-s", t, "-r", t, "-i", t],
            vec![],
            false,
        ),
        (
            "--iter",
            vec!["gleu", "-s", t, "-r", t, "-o", t],
            vec![],
            false,
        ),
        (
            "--iter",
            vec!["koyama-gleu", "-s", t, "-r", t, "-o", t],
            vec![],
            false,
        ),
        (
            "--resamples",
            vec!["meta-eval", "--dataset", "gjg15", "--root", t, "--gold", g],
            vec!["--confidence"],
            true,
        ),
        (
            "--trueskill-runs",
            vec!["meta-eval", "--dataset", "gjg15", "--root", t, "--gold", g],
            vec!["--human", "trueskill"],
            false,
        ),
        ("--max-refs", vec!["coverage", t], vec![], false),
    ];
    let mut cases: Vec<(String, Vec<String>)> = Vec::new();
    for (option, head, tail, one_refused) in &counts {
        let values: &[&str] = if *one_refused {
            &["18446744073709551615", "1000000000000", "1000000000", "1"]
        } else {
            &["18446744073709551615", "1000000000000", "1000000000"]
        };
        for value in values {
            let args = head
                .iter()
                .chain(tail)
                .chain([option, value])
                .map(|s| (*s).to_owned());
            cases.push(((*option).to_owned(), args.collect()));
        }
    }
    for head in [
        score_m2.clone(),
        vec!["m2scorer", t, g],
        vec!["errant-compare", "-hyp", g, "-ref", g],
    ] {
        let args = head
            .iter()
            .chain(&["--beta", "1e308"])
            .map(|s| (*s).to_owned());
        cases.push(("--beta".to_owned(), args.collect()));
    }
    let unread = ["score", "-m", "cleme", "--gold", g, "-i", g, "--beta", "2"];
    cases.push(("--beta".to_owned(), unread.map(str::to_owned).to_vec()));
    let twice = [
        "score",
        "-m",
        "m2",
        "--gold",
        g,
        "-i",
        &format!("X={t}"),
        &format!("X={t}"),
    ]
    .map(|s| s.to_owned());
    cases.push(("\"X\" is given twice".to_owned(), twice.to_vec()));
    Ok(cases)
}
