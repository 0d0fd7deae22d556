//! `cargo xtask readme-examples`: every `$ …` command of the README's `console` blocks runs as
//! printed, from a folder holding the data files it names (linked from the data directory under
//! their own names), and prints what the README shows under it: each shown line is in the output,
//! where `…` stands for any text; a JSON line's `"key": value` pairs are in the output, numbers
//! to the digits shown. A command with `…` in it is not runnable as printed, so it fails the check.
//! Each ```` ```python ```` block runs as a script in the same folder and must succeed. Python runs
//! with the package of `target/python-venv` (built by `.ci/run`), and is skipped, saying so, where
//! there is none.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, bail};
use gecbias_data::DataDir;

use crate::hostile_input::build_gecbias;
use crate::workspace;

/// The data files the README's commands name, by their path in the data directory; each is
/// linked into the folder the commands run in under its own file name.
const FILES: &[&str] = &[
    "assess_learner_language/data/references/source",
    "assess_learner_language/data/references/NUCLEA",
    "assess_learner_language/data/references/NUCLEB",
    "assess_learner_language/data/conll14st-test-data/noalt/official-2014.0.m2",
    "assess_learner_language/data/conll14st-test-data/noalt/official-2014.1.m2",
    "assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2",
    "assess_learner_language/data/paragraphs/AMU",
    "assess_learner_language/data/paragraphs/CAMB",
    "assess_learner_language/data/paragraphs/CUUI",
    "assess_learner_language/data/paragraphs/IITB",
    "assess_learner_language/data/paragraphs/IPN",
    "assess_learner_language/data/paragraphs/JMGR",
    "assess_learner_language/data/paragraphs/NTHU",
    "assess_learner_language/data/paragraphs/PKU",
    "assess_learner_language/data/paragraphs/POST",
    "assess_learner_language/data/paragraphs/RAC",
    "assess_learner_language/data/paragraphs/SJTU",
    "assess_learner_language/data/paragraphs/UFC",
    "assess_learner_language/data/paragraphs/UMC",
    "assess_learner_language/data/paragraphs/conll14st.output.1cleaned",
    "assess_learner_language/data/paragraphs/conll.tok.orig",
    "assess_learner_language/data/jfleg/dev/dev.src",
    "assess_learner_language/data/jfleg/dev/dev.ref0",
    "assess_learner_language/data/jfleg/dev/dev.ref1",
    "assess_learner_language/data/jfleg/dev/dev.ref2",
    "assess_learner_language/data/jfleg/dev/dev.ref3",
    "assess_learner_language/data/jfleg/dev/mle_1.txt",
    "simplification_turkcorpus/test.8turkers.tok.norm",
    "simplification_turkcorpus/test.8turkers.tok.turk.0",
    "simplification_turkcorpus/test.8turkers.tok.turk.1",
    "simplification_turkcorpus/test.8turkers.tok.turk.2",
    "simplification_turkcorpus/test.8turkers.tok.turk.3",
    "simplification_turkcorpus/test.8turkers.tok.turk.4",
    "simplification_turkcorpus/test.8turkers.tok.turk.5",
    "simplification_turkcorpus/test.8turkers.tok.turk.6",
    "simplification_turkcorpus/test.8turkers.tok.turk.7",
    "simplification_turkcorpus/systemoutputs/sari30it.test.output.1best",
    "easse/easse/resources/data/system_outputs/turkcorpus/test/Hybrid",
    // The Python example names its files from the data's own folder.
    "assess_learner_language/data/conll14st-test-data",
    "assess_learner_language/data/paragraphs",
];

/// One `$` line of a console block and the lines shown under it.
#[derive(Debug, PartialEq)]
struct Example {
    /// The README's line number of the command.
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The body of every ```` ```python ```` block of `text`, with the line it starts on.
fn python_blocks(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            inside = line == "```python";
            if inside {
                out.push((i + 2, String::new()));
            }
        } else if inside && let Some((_, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

/// The examples of every ```` ```console ```` block of `text`; a command's `# comment` (after
/// two or more spaces) is not part of it.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let command = match command.find("  #") {
                Some(k) => command[..k].trim_end(),
                None => command,
            };
            out.push(Example {
                line: i + 1,
                command: command.to_owned(),
                shown: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.shown.push(line.to_owned());
        }
    }
    out
}

/// `"key": value` pairs of a JSON line as shown (`{ "output": "a", "sentences": 754 }`).
fn pairs(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        let key = &after[..end];
        let tail = &after[end + 1..];
        let Some(value) = tail.strip_prefix(": ") else {
            rest = tail;
            continue;
        };
        let value_end = if let Some(quoted) = value.strip_prefix('"') {
            quoted.find('"').map_or(value.len(), |k| k + 2)
        } else {
            value.find([',', '}']).unwrap_or(value.len())
        };
        out.push((key.to_owned(), value[..value_end].trim().to_owned()));
        rest = &value[value_end..];
    }
    out
}

/// Whether `output` shows `shown`: the pieces between `…` in order on one line; for a JSON line,
/// each of its pairs on some line, numbers rounded to the digits shown.
fn shows(output: &str, shown: &str) -> bool {
    let trimmed = shown.trim();
    if trimmed.is_empty() || matches!(trimmed, "{" | "}" | "[" | "]" | "],") {
        return true;
    }
    let json_pairs = pairs(trimmed);
    if trimmed.starts_with('"') || trimmed.starts_with('{') {
        return json_pairs.iter().all(|(key, value)| {
            output
                .lines()
                .filter_map(|l| pairs(l.trim()).into_iter().find(|p| &p.0 == key))
                .any(|(_, found)| {
                    found == *value
                        || match (value.parse::<f64>(), found.parse::<f64>()) {
                            (Ok(v), Ok(f)) => {
                                let digits = value.split('.').nth(1).map_or(0, str::len);
                                format!("{f:.digits$}") == *value && v.is_finite()
                            }
                            _ => false,
                        }
                })
        });
    }
    output.lines().any(|line| {
        let mut at = 0;
        shown.split('…').all(|piece| match line[at..].find(piece) {
            Some(k) => {
                at += k + piece.len();
                true
            }
            None => false,
        })
    })
}

/// Runs every example; fails naming each that did not run or did not print what is shown.
pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let root = workspace::root();
    let data: DataDir = workspace::data_dir(data)?;
    let gecbias = build_gecbias(&root)?;
    let folder = root.join("target/readme-examples");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder)?;
    for file in FILES {
        let name = file.rsplit('/').next().unwrap_or(file);
        std::os::unix::fs::symlink(data.join(file), folder.join(name))
            .with_context(|| format!("linking {file}"))?;
    }
    // Commands that name a test set (`easse evaluate -t turkcorpus_test`) find the data as a
    // user's `./data`.
    std::os::unix::fs::symlink(data.root(), folder.join("data")).context("linking data")?;
    let bin = gecbias.parent().map(Path::to_path_buf).unwrap_or_default();
    let venv = root.join("target/python-venv/bin");
    let path = std::env::join_paths([venv.clone(), bin].into_iter().chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))?;
    let readme = std::fs::read_to_string(root.join("README.md")).context("reading README.md")?;
    let (mut failures, mut ran, mut skipped) = (Vec::new(), 0, 0);
    for example in examples(&readme) {
        let at = format!("README.md:{}: {}", example.line, example.command);
        if example.command.contains('…') {
            failures.push(format!("{at}: `…` in the command: not runnable as printed"));
            continue;
        }
        if example.command.starts_with("python") && !venv.join("python").is_file() {
            eprintln!("SKIPPED {at}: no target/python-venv with the package (.ci/run builds it)");
            skipped += 1;
            continue;
        }
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {}", example.command))
            .current_dir(&folder)
            .env("PATH", &path)
            .env_remove("GECBIAS_DATA")
            .output()
            .with_context(|| format!("running {at}"))?;
        ran += 1;
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            failures.push(format!(
                "{at}: {}: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
            continue;
        }
        for shown in &example.shown {
            if !shows(&stdout, shown) {
                failures.push(format!(
                    "{at}: the output lacks {shown:?}; it is:\n{stdout}"
                ));
            }
        }
    }
    for (line, script) in python_blocks(&readme) {
        let at = format!("README.md:{line}: the Python example");
        if !venv.join("python").is_file() {
            eprintln!("SKIPPED {at}: no target/python-venv with the package (.ci/run builds it)");
            skipped += 1;
            continue;
        }
        let out = Command::new(venv.join("python"))
            .args(["-c", &script])
            .current_dir(&folder)
            .output()
            .with_context(|| format!("running {at}"))?;
        ran += 1;
        if !out.status.success() {
            failures.push(format!(
                "{at}: {}: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    if !failures.is_empty() {
        bail!(
            "{} README examples failed:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
    println!(
        "README examples: {ran} commands ran as printed and printed what the README shows ({skipped} skipped) in {}",
        folder.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_are_read_with_their_output() {
        let text = "x\n```console\n$ gecbias a b   # note\nline 1\n$ gecbias c\n```\n```sh\n$ not this\n```\n";
        let got = examples(text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].command, "gecbias a b");
        assert_eq!(got[0].shown, ["line 1"]);
        assert_eq!((got[1].line, got[1].shown.len()), (5, 0));
        let text = "```python\nimport x\nprint(1)\n```\n```console\n$ a\n```\n";
        assert_eq!(
            python_blocks(text),
            [(2, "import x\nprint(1)\n".to_owned())]
        );
    }

    #[test]
    fn shown_lines_match_with_ellipses_and_rounded_json() {
        let output = "AMU M2 = 0.3501 (95% CI 0.3278–0.3695) M2|refs:2|beta:0.5|seed:12345\n\
                      {\n  \"output\": \"mle_1.txt\",\n  \"sentences\": 754,\n  \"source_to_output\": 0.80707112\n}";
        assert!(shows(
            output,
            "AMU M2 = 0.3501 (95% CI 0.3278–0.3695) M2|refs:2|…|seed:12345"
        ));
        assert!(!shows(output, "AMU M2 = 0.3502 …"));
        assert!(shows(
            output,
            "    { \"output\": \"mle_1.txt\", \"sentences\": 754, \"source_to_output\": 0.8071 },"
        ));
        assert!(!shows(
            output,
            "{ \"output\": \"mle_1.txt\", \"source_to_output\": 0.8072 }"
        ));
    }
}
