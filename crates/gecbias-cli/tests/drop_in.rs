//! The drop-in modes print the reference tools' bytes: m2scorer (plain and `-v`) for the 14
//! CoNLL-2014 systems against both golds, errant_compare in every mode and option on NUCLE's two
//! annotators, compute_gleu on the five JFLEG dev outputs, SARI.py on the four TurkCorpus outputs,
//! Koyama's gleu package on the CoNLL-2014 systems and JFLEG, CLEME's `main.py` on its AMU demo and
//! a hand-made fixture (`tests/recorded/`; the cases on our fixtures run without the data too);
//! and they take the tools' arguments.

use std::path::Path;
use std::process::Command;

use gecbias_data::testing::data_or_skip;

fn gecbias(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(args)
        .output()
        .unwrap()
}

/// The m2scorer cases the test run checks: RoRo (with its lower-cased first words) against every
/// gold, and the hand-made traces. The other thirteen systems' 78 cases take 8 s more; `cargo
/// xtask slow-drop-in` (in CI) checks every case.
const M2SCORER_SAMPLE: [&str; 2] = ["conll14st.output.1cleaned", "m2-trace"];

/// Koyama's GLEU on all 14 CoNLL-2014 systems costs 0.4 s of CPU a case; the test run keeps the
/// one with the most options (`-n 2 -i 100 -d 6`) beside JFLEG's four, and `cargo xtask
/// slow-drop-in` checks the other five.
const KOYAMA_CONLL14_SAMPLE: &str = "conll14.fixed.n2.i100.d6";

/// Whether the test run checks case `name` of `tool` (the others only `slow-drop-in` checks).
fn in_test_run(tool: &str, name: &str) -> bool {
    match tool {
        "m2scorer" => M2SCORER_SAMPLE.iter().any(|s| name.contains(s)),
        "koyama-gleu" => !name.contains("conll14") || name.contains(KOYAMA_CONLL14_SAMPLE),
        _ => true,
    }
}

/// The cases of `tests/recorded/cases.tsv` (written by `cargo xtask record` from the reference
/// tools' own runs; m2scorer's and Koyama's GLEU's sampled, see [`in_test_run`]): `gecbias <tool> <arguments>`
/// prints the recorded bytes, or bytes with the recorded SHA-256 where the output quotes the data.
/// Without the data, the cases on our own fixtures alone.
#[test]
fn drop_in_modes_print_the_reference_tools_bytes() {
    let data = data_or_skip("drop-in modes on the data against the recorded reference outputs")
        .map(|d| d.root().display().to_string());
    let recorded = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/recorded");
    let cases = std::fs::read_to_string(recorded.join("cases.tsv")).unwrap();
    let fixtures = recorded.join("fixtures").display().to_string();
    let mut checked = std::collections::BTreeMap::<&str, usize>::new();
    let failures: Vec<String> = cases
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [name, expected, tool, args] = fields[..] else {
                panic!("cases.tsv: {line}");
            };
            if !in_test_run(tool, name) {
                return None;
            }
            let data = match &data {
                Some(data) => data.as_str(),
                None if args.contains("{data}") => return None,
                None => "{data}",
            };
            *checked.entry(tool).or_default() += 1;
            let mut argv = vec![tool.to_owned()];
            argv.extend(
                args.split(' ')
                    .map(|a| a.replace("{data}", data).replace("{fixtures}", &fixtures)),
            );
            let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
            let out = gecbias(&argv);
            if out.status.code() != Some(0) {
                return Some(format!("{name}: {}", String::from_utf8_lossy(&out.stderr)));
            }
            // Recorded outputs write the data and fixtures folders as placeholders (UTF-8 ones).
            let written = match std::str::from_utf8(&out.stdout) {
                Ok(text) => text
                    .replace(data, "{data}")
                    .replace(&fixtures, "{fixtures}")
                    .into_bytes(),
                Err(_) => out.stdout.clone(),
            };
            let same = match expected.strip_prefix("sha256:") {
                Some(digest) => gecbias_data::sha256_base64(&written) == digest,
                None => std::fs::read(recorded.join(name)).unwrap() == written,
            };
            (!same).then(|| format!("{name}: output differs from the reference tool's"))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
    if data.is_none() {
        // CLEME's edge fixture, SARI's Unicode spaces and m2scorer's lattice traces.
        assert_eq!(
            checked.into_iter().collect::<Vec<_>>(),
            [("cleme", 8), ("m2scorer", 3), ("sari", 2)]
        );
        return;
    }
    assert_eq!(
        checked.into_iter().collect::<Vec<_>>(),
        [
            ("cleme", 16),
            ("errant-compare", 25),
            ("gleu", 8),
            ("koyama-gleu", 5),
            ("m2scorer", 9),
            ("sari", 10)
        ]
    );
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

/// `easse evaluate` prints what EASSE 0.2.4 prints for Hybrid on TurkCorpus test with the issue's
/// flags (`easse_run.py evaluate -t turkcorpus_test -m bleu,sari,fkgl,sari_by_operation -q -i
/// Hybrid`), but for the lexical-complexity feature, printed last as EASSE prints it, whose value
/// is gecbias's own (see `docs/deliberate-differences.md`): the keys in its order, the values at
/// its 3 decimals; from a file, from standard input, and with the test set's files given as
/// `custom`.
#[test]
fn easse_evaluate_prints_easses_dict() {
    let Some(data) = data_or_skip("easse evaluate against EASSE's printed values") else {
        return;
    };
    let easse = data.root().join("easse/easse/resources/data");
    let hybrid = easse.join("system_outputs/turkcorpus/test/Hybrid");
    let expected = "{'bleu': 50.707, 'sari': 31.497, 'sari_add': 1.357, 'sari_keep': 48.28, \
                    'sari_del': 44.853, 'fkgl': 5.177, 'quality_estimation': {'Compression ratio': \
                    0.571, 'Sentence splits': 0.994, 'Levenshtein similarity': 0.677, 'Exact \
                    copies': 0.036, 'Additions proportion': 0.004, 'Deletions proportion': 0.401, \
                    'Lexical complexity score': 8.527}}\n";
    let root = data.root().display().to_string();
    let flags = [
        "-m",
        "bleu,sari,fkgl,sari_by_operation",
        "-q",
        "--data",
        &root,
    ];
    let named = ["easse", "evaluate", "-t", "turkcorpus_test"];
    let from_file = gecbias(
        &[
            &named[..],
            &flags[..],
            &["-i", &hybrid.display().to_string()],
        ]
        .concat(),
    );
    assert_eq!(String::from_utf8_lossy(&from_file.stdout), expected);
    let from_stdin = Command::new(env!("CARGO_BIN_EXE_gecbias"))
        .args(named.iter().chain(&flags))
        .stdin(std::fs::File::open(&hybrid).unwrap())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&from_stdin.stdout), expected);
    let sets = easse.join("test_sets/turkcorpus");
    let refs: Vec<String> = (0..8)
        .map(|k| {
            sets.join(format!("test.truecase.detok.simp.{k}"))
                .display()
                .to_string()
        })
        .collect();
    let custom = gecbias(
        &[
            &["easse", "evaluate", "-t", "custom", "--orig_sents_path"][..],
            &[&sets.join("test.truecase.detok.orig").display().to_string()],
            &[
                "--refs_sents_paths",
                &refs.join(","),
                "-i",
                &hybrid.display().to_string(),
            ],
            &flags[..3],
        ]
        .concat(),
    );
    assert_eq!(String::from_utf8_lossy(&custom.stdout), expected);
    // `score --test-set` reads the same test set: EASSE's recorded SARI, as a fraction.
    let hybrid_path = hybrid.display().to_string();
    let scored = gecbias(
        &"score -m sari --sari-variant easse --test-set turkcorpus_test --data"
            .split(' ')
            .chain([root.as_str(), "-i", &hybrid_path])
            .collect::<Vec<_>>(),
    );
    let rows: serde_json::Value = serde_json::from_slice(&scored.stdout).unwrap();
    assert_eq!(rows[0]["score"].as_f64(), Some(31.496801313068996 / 100.0));
    assert!(
        rows[0]["signature"]
            .as_str()
            .unwrap()
            .starts_with("SARI|refs:8|test:turkcorpus_test|variant:easse|"),
        "{}",
        rows[0]["signature"]
    );
}

/// EASSE's one-dash spellings (`-tok`, `-lc`, `-q`) mean what its long flags mean.
#[test]
fn easse_evaluate_takes_easses_one_dash_flags() {
    let dir = std::env::temp_dir().join(format!("gecbias-easse-flags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let source = file(
        "source.txt",
        "The Cat perched on the mat, quietly.\nIt rained.\n",
    );
    let output = file("output.txt", "The cat sat on the mat.\nIt rained.\n");
    let reference = file("reference.txt", "the cat sat on a mat.\nit rained.\n");
    let custom: Vec<&str> = "easse evaluate -t custom --orig_sents_path"
        .split(' ')
        .chain([source.as_str()])
        .collect();
    let run = |flags: &[&str]| {
        let out = gecbias(
            &[
                &custom[..],
                &["--refs_sents_paths", &reference, "-i", &output],
                flags,
            ]
            .concat(),
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        run(&["-tok", "intl", "-lc", "-q"]),
        run(&["--tokenizer", "intl", "--lowercase", "--quality_estimation"])
    );
    assert_eq!(run(&["--no-lc"]), run(&["--no-lowercase"]));
    assert_ne!(run(&["--no-lc"]), run(&[]));
    std::fs::remove_dir_all(&dir).unwrap();
}
