//! The bad-input matrix: every subcommand on every hostile input — a 5 MB single line (as a
//! sentence and as an M2 gold), 100,000 empty lines, NUL bytes, a UTF-8 byte-order mark — ends
//! with exit status 0, 1 or 2, never a panic, a backtrace or an abort, within 10 s and 2 GB of
//! address space each.
//!
//! 85 runs take about 30 s of CPU in the dev profile, half the budget of `cargo test
//! --workspace`, so the test is `#[ignore]`d there and `.ci/run` runs it by name:
//! `cargo test --workspace --test hostile_input -- --ignored` (`--workspace`: the features of the
//! workspace run, so nothing is rebuilt).

mod support;

use std::io::Read;
use std::process::{Command, Stdio};

use std::time::{Duration, Instant};
use support::{dir, file};

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
        line.push_str(if sentences && k % 7 == 0 { " . " } else { " " });
    }
    line
}

/// Runs `gecbias args` under the time and memory limits; its exit status and standard error.
fn run(args: &[String]) -> (Option<i32>, String, Duration) {
    let script = format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\"");
    let started = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
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
    let stderr = reader.join().unwrap();
    (status.and_then(|s| s.code()), stderr, elapsed)
}

#[test]
#[ignore = "30 s of CPU: .ci/run runs it with --ignored"]
fn no_hostile_input_kills_the_process_or_outlasts_its_limits() {
    let gold = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\n\
                S I is .\nA 1 2|||R:VERB|||am|||REQUIRED|||-NONE-|||0\n";
    let words = huge_line(false);
    let inputs: Vec<(&str, String, String)> = vec![
        (
            "5 MB line",
            file("huge.txt", format!("{words}\n").as_bytes()),
            file(
                "huge.m2",
                format!("S {words}\nA 0 1|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n").as_bytes(),
            ),
        ),
        (
            "5 MB line of sentences",
            file("sentences.txt", format!("{}\n", huge_line(true)).as_bytes()),
            file("gold.m2", gold.as_bytes()),
        ),
        (
            "100,000 empty lines",
            file("empty-lines.txt", "\n".repeat(100_000).as_bytes()),
            file("empty-lines.m2", "\n".repeat(100_000).as_bytes()),
        ),
        (
            "NUL bytes",
            file("nul.txt", b"He go\0es .\nI \0 am .\n"),
            file("nul.m2", gold.replace("go", "g\0o").as_bytes()),
        ),
        (
            "byte-order mark",
            file("bom.txt", b"\xEF\xBB\xBFHe goes .\nI am .\n"),
            file("bom.m2", format!("\u{feff}{gold}").as_bytes()),
        ),
    ];
    let mut failures = Vec::new();
    let mut refusals = 0;
    for (what, text, m2) in &inputs {
        let (t, g) = (text.as_str(), m2.as_str());
        let commands: Vec<Vec<&str>> = vec![
            vec!["m2scorer", t, g],
            vec!["m2scorer", "-v", t, g],
            vec!["errant-compare", "-hyp", g, "-ref", g],
            vec!["gleu", "-s", t, "-r", t, "-o", t],
            vec!["sari", "--orig", t, "--refs", t, "--sys", t],
            vec!["score", "-m", "m2", "-r", g, "-i", t],
            vec!["score", "-m", "errant", "-r", g, "-i", g],
            vec!["score", "-m", "gleu", "sari", "-s", t, "-r", t, "-i", t],
            vec!["score", "-m", "usim", "-s", t, "-i", t, "--pretokenized"],
            vec!["conservatism", t, t],
            vec!["conservatism", "--passages", t, t],
            vec!["usim", "-q", "-s", t, "-o", t],
            vec!["usim", "-q", "-s", t, "-o", t, "--sentences"],
            vec!["parse", t, "--pretokenized"],
            vec!["parse", t, "--sentences"],
            vec!["unseen", t],
            vec!["coverage", t],
        ];
        for args in commands {
            let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            let (code, stderr, elapsed) = run(&args);
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
            refusals += usize::from(code == Some(1));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The 5 MB lines are refused, not scored: the limits are what keeps them in bounds.
    assert!(refusals >= 20, "{refusals} refusals");
    let _ = std::fs::remove_dir_all(dir());
}
