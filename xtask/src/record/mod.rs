//! `cargo xtask record`: runs the reference tools on the real data and records what they print,
//! as the expected outputs of `gecbias`'s drop-in modes (`crates/gecbias-cli/tests/drop_in.rs`).
//!
//! `recorded/cases.tsv` lists every case: its name, what is kept, the tool and its arguments
//! (the same for the reference tool and for `gecbias <tool>`; `{data}` stands for the data
//! directory). An output made of numbers is kept as the file `recorded/<name>`; one that quotes
//! the data's sentences (m2scorer's and errant_compare's `-v`) only as its SHA-256, because the
//! data is not ours to commit, and so is one of many lines of numbers (the `gleu` package's
//! sentence scores). A recorded file writes the data directory as `{data}`. Cases too slow for `cargo test`'s budget in a debug build (the
//! `--very_verbose` trace of a whole system, 221 MB) go to `recorded/slow-cases.tsv` instead,
//! checked by `cargo xtask slow-drop-in`.

pub(crate) mod dsari;
pub(crate) mod easse;
pub(crate) mod errant;
pub(crate) mod metric_zoo;
pub(crate) mod moses;
pub(crate) mod python_venv;
pub(crate) mod reference_tools;
pub(crate) mod sacrebleu;
pub(crate) mod samsa;
pub(crate) mod samsa_aligner;
pub(crate) mod spacy;
pub(crate) mod ucca_eval;

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output};

use anyhow::{Context, bail};
use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS, CONLL_REFERENCES};
use rayon::prelude::*;

use crate::workspace;
use reference_tools::{ReferenceTools, Tool};

/// Writes `header` then `rows` to `path` (relative to `root`) and says how many `rows` lines
/// (`what`) it wrote.
pub(crate) fn write_recorded(
    root: &Path,
    path: &str,
    header: &str,
    rows: &str,
    what: &str,
) -> anyhow::Result<()> {
    std::fs::write(root.join(path), format!("{header}{rows}"))?;
    println!("wrote {path}: {} {what}", rows.lines().count());
    Ok(())
}

/// `command`'s output once it has succeeded; else an error naming `what`, with its status and
/// what it printed on stderr.
pub(crate) fn succeeded(mut command: Command, what: &str) -> anyhow::Result<Output> {
    let output = command
        .output()
        .with_context(|| format!("{what}: could not start"))?;
    if !output.status.success() {
        bail!(
            "{what}: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(output)
}

/// The folder of recorded outputs, relative to the workspace root.
pub(crate) const RECORDED: &str = "crates/gecbias-cli/tests/recorded";

/// The 14 CoNLL-2014 shared-task system outputs.
pub(crate) const CONLL_SYSTEMS: [&str; 14] = [
    "AMU",
    "CAMB",
    "CUUI",
    "IITB",
    "IPN",
    "JMGR",
    "NTHU",
    "PKU",
    "POST",
    "RAC",
    "SJTU",
    "UFC",
    "UMC",
    "conll14st.output.1cleaned",
];

const JFLEG: &str = "{data}/assess_learner_language/data/jfleg/dev";
const TURK: &str = "{data}/simplification_turkcorpus";

/// One recorded run.
pub(crate) struct Case {
    /// The recorded file's name below `recorded/`.
    pub(crate) name: String,
    pub(crate) tool: Tool,
    /// Arguments, `{data}` for the data directory.
    pub(crate) args: String,
    /// Kept as a digest only (the output quotes the data).
    pub(crate) hashed: bool,
    /// Listed in `slow-cases.tsv`, outside `cargo test`.
    pub(crate) slow: bool,
}

fn case(name: String, tool: Tool, args: String, hashed: bool) -> Case {
    Case {
        name,
        tool,
        args,
        hashed,
        slow: false,
    }
}

/// The tables `record` writes: the cases `tests/drop_in.rs` runs, and the slow ones.
const TABLES: [(&str, bool); 2] = [("cases.tsv", false), ("slow-cases.tsv", true)];

/// Every recorded case.
pub(crate) fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    m2scorer_cases(&mut out);
    errant_cases(&mut out);
    gleu_cases(&mut out);
    sari_cases(&mut out);
    koyama_gleu_cases(&mut out);
    cleme_cases(&mut out);
    out
}

/// CLEME's demo inputs (THUKElab/CLEME's CoNLL-2014 files, ERRANT-typed M2), beside the data.
const CLEME_DEMO: &str = "{data}/../reference-tools/cleme/demo/examples";

/// The CoNLL-2014 outputs among CLEME's demo files.
const CLEME_SYSTEMS: [&str; 13] = [
    "AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC",
    "UMC",
];

/// CLEME's `main.py` on its 13 CoNLL-2014 demo outputs against its two-annotator gold, and on
/// `fixtures/cleme-edge.*.m2` (three annotators, a reference deleting its whole sentence,
/// insertions, edits out of order): CLEME and CLEME2.0 (length weigher), both assumptions, both
/// levels. AMU's and the fixture's are files and run in `cargo test`; the other 96 are digests,
/// checked by `cargo xtask slow-drop-in`.
fn cleme_cases(out: &mut Vec<Case>) {
    for metric in ["cleme", "cleme2"] {
        for assumption in ["dependent", "independent"] {
            for level in ["corpus", "sentence"] {
                out.push(case(
                    format!("cleme/edge.{metric}.{assumption}.{level}.txt"),
                    Tool::Cleme,
                    format!(
                        "--ref {{fixtures}}/cleme-edge.ref.m2 --hyp {{fixtures}}/cleme-edge.hyp.m2 \
                         --metric {metric} --level {level} --assumption {assumption}"
                    ),
                    false,
                ));
            }
        }
    }
    for system in CLEME_SYSTEMS {
        for metric in ["cleme", "cleme2"] {
            for assumption in ["dependent", "independent"] {
                for level in ["corpus", "sentence"] {
                    let sampled = system == "AMU";
                    out.push(Case {
                        slow: !sampled,
                        ..case(
                            format!("cleme/{system}.{metric}.{assumption}.{level}.txt"),
                            Tool::Cleme,
                            format!(
                                "--ref {CLEME_DEMO}/conll14.errant --hyp {CLEME_DEMO}/conll14-{system}.errant \
                                 --metric {metric} --level {level} --assumption {assumption}"
                            ),
                            !sampled,
                        )
                    });
                }
            }
        }
    }
}

/// m2scorer on every system against NUCLE's golds and Bryant & Ng's, its β label and its traces.
fn m2scorer_cases(out: &mut Vec<Case>) {
    // NUCLE's golds, and Bryant & Ng's ten annotators, whose ties m2scorer breaks in its dict's
    // order.
    for (gold, dir) in [
        ("official-2014.0", CONLL_GOLD),
        ("official-2014.combined", CONLL_GOLD),
        ("BN", CONLL_REFERENCES),
    ] {
        for system in CONLL_SYSTEMS {
            let files = format!("{{data}}/{CONLL_PARAGRAPHS}/{system} {{data}}/{dir}/{gold}.m2");
            let name = format!("m2scorer/{gold}.m2.{system}");
            out.push(case(
                format!("{name}.txt"),
                Tool::M2scorer,
                files.clone(),
                false,
            ));
            out.push(case(
                format!("{name}.verbose"),
                Tool::M2scorer,
                format!("-v {files}"),
                true,
            ));
        }
    }
    // β labelled with one decimal (`%.1f`): F_0.2 for 0.25.
    let amu =
        format!("{{data}}/{CONLL_PARAGRAPHS}/AMU {{data}}/{CONLL_GOLD}/official-2014.combined.m2");
    out.push(case(
        "m2scorer/official-2014.combined.m2.AMU.beta-0.25.txt".into(),
        Tool::M2scorer,
        format!("--beta 0.25 {amu}"),
        false,
    ));
    out.push(case(
        "m2scorer/official-2014.combined.m2.AMU.beta-0.25.verbose".into(),
        Tool::M2scorer,
        format!("-v --beta 0.25 {amu}"),
        true,
    ));
    // m2scorer's lattice trace: our fixture (a `-NONE-` and an empty correction, annotators 3
    // and 8, non-ASCII and quotes, an unchanged sentence) with and without `-v`, and one whole
    // system.
    let fixture = "{fixtures}/m2-trace.txt {fixtures}/m2-trace.m2";
    out.push(case(
        "m2scorer/m2-trace.verbose.txt".into(),
        Tool::M2scorer,
        format!("-v {fixture}"),
        false,
    ));
    for (name, flags) in [
        ("very_verbose", "--very_verbose"),
        ("both", "-v --very_verbose"),
    ] {
        out.push(case(
            format!("m2scorer/m2-trace.{name}"),
            Tool::M2scorer,
            format!("{flags} {fixture}"),
            true,
        ));
    }
    out.push(Case {
        slow: true,
        ..case(
            "m2scorer/official-2014.combined.m2.AMU.very_verbose".into(),
            Tool::M2scorer,
            format!("--very_verbose {amu}"),
            true,
        )
    });
}

/// errant_compare's modes and category tiers.
fn errant_cases(out: &mut Vec<Case>) {
    let a = format!("{{data}}/{CONLL_GOLD}/official-2014.0.m2");
    let b = format!("{{data}}/{CONLL_GOLD}/official-2014.1.m2");
    let errant = [
        ("cs", ""),
        ("dt", "-dt"),
        ("ds", "-ds"),
        ("cse", "-cse"),
        ("cse.cat3", "-cse -cat 3"),
        ("cs.cat1", "-cat 1"),
        ("ds.cat2", "-ds -cat 2"),
        ("cs.single", "-single"),
        ("cs.multi", "-multi"),
        ("cs.filt", "-filt R:OTHER M:DET"),
        ("cs.beta1", "-b 1"),
    ];
    for (name, flags) in errant {
        out.push(case(
            format!("errant-compare/{name}.txt"),
            Tool::ErrantCompare,
            format!("-hyp {a} -ref {b} {flags}").trim_end().to_owned(),
            false,
        ));
        out.push(case(
            format!("errant-compare/{name}.reverse.txt"),
            Tool::ErrantCompare,
            format!("-hyp {b} -ref {a} {flags}").trim_end().to_owned(),
            false,
        ));
    }
    for (name, flags) in [("cs", ""), ("dt", " -dt"), ("cse.cat3", " -cse -cat 3")] {
        out.push(case(
            format!("errant-compare/{name}.verbose"),
            Tool::ErrantCompare,
            format!("-v -hyp {a} -ref {b}{flags}"),
            true,
        ));
    }
}

/// compute_gleu on JFLEG's outputs.
fn gleu_cases(out: &mut Vec<Case>) {
    let references = (0..4)
        .map(|k| format!("{JFLEG}/dev.ref{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    let outputs: Vec<String> = (1..=5).map(|k| format!("{JFLEG}/mle_{k}.txt")).collect();
    out.push(case(
        "gleu/jfleg-dev.txt".into(),
        Tool::Gleu,
        format!(
            "-s {JFLEG}/dev.src -r {references} -o {}",
            outputs.join(" ")
        ),
        false,
    ));
    for (k, output) in outputs.iter().enumerate() {
        out.push(case(
            format!("gleu/mle_{}.debug.txt", k + 1),
            Tool::Gleu,
            format!("-s {JFLEG}/dev.src -r {references} -o {output} -d"),
            false,
        ));
    }
    out.push(case(
        "gleu/mle_2.one-reference.debug.txt".into(),
        Tool::Gleu,
        format!(
            "-s {JFLEG}/dev.src -r {JFLEG}/dev.ref0 -o {} -d",
            outputs[1]
        ),
        false,
    ));
    out.push(case(
        "gleu/mle_3.iter-50.txt".into(),
        Tool::Gleu,
        format!(
            "-s {JFLEG}/dev.src -r {references} -o {} --iter 50",
            outputs[2]
        ),
        false,
    ));
}

/// Koyama's `gleu`, `sgleu` and `mgleu` on the 14 CoNLL-2014 systems against NUCLE's two
/// annotators and on JFLEG dev's five outputs against its four references: words and
/// characters, the fixed draws (`-f`), the best reference (`-m`), other orders, rounds and digits.
/// Its sentence scores (a column per system) are kept as digests: 1,312 lines of 14 numbers.
fn koyama_gleu_cases(out: &mut Vec<Case>) {
    let conll_refs = format!("{{data}}/{CONLL_REFERENCES}");
    let conll = format!(
        "-s {conll_refs}/source -r {conll_refs}/NUCLEA {conll_refs}/NUCLEB -o {}",
        CONLL_SYSTEMS
            .iter()
            .map(|s| format!("{{data}}/{CONLL_PARAGRAPHS}/{s}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let jfleg = format!(
        "-s {JFLEG}/dev.src -r {} -o {}",
        (0..4)
            .map(|k| format!("{JFLEG}/dev.ref{k}"))
            .collect::<Vec<_>>()
            .join(" "),
        (1..=5)
            .map(|k| format!("{JFLEG}/mle_{k}.txt"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    for (name, files, options, hashed) in [
        ("conll14.fixed", &conll, "-f", false),
        ("conll14.fixed.char.d6", &conll, "-f -t char -d 6", false),
        ("conll14.max.d4", &conll, "-m -d 4", false),
        (
            "conll14.fixed.n2.i100.d6",
            &conll,
            "-f -n 2 -i 100 -d 6",
            false,
        ),
        ("conll14.sentence", &conll, "--level sentence", true),
        (
            "conll14.sentence.max.char.d4",
            &conll,
            "--level sentence -m -t char -d 4",
            true,
        ),
        ("conll14.mean.d6", &conll, "--level mean -d 6", false),
        ("conll14.mean.max", &conll, "--level mean -m", false),
        ("jfleg-dev.fixed.d4", &jfleg, "-f -d 4", false),
        ("jfleg-dev.max.d4", &jfleg, "-m -d 4", false),
        (
            "jfleg-dev.sentence.d4",
            &jfleg,
            "--level sentence -d 4",
            true,
        ),
        (
            "jfleg-dev.mean.char.d4",
            &jfleg,
            "--level mean -t char -d 4",
            false,
        ),
    ] {
        out.push(Case {
            // Characters of 14 systems take a second each in a debug build: outside the test
            // run's budget, checked by `cargo xtask slow-drop-in`.
            slow: name.starts_with("conll14") && options.contains("char"),
            ..case(
                format!("koyama-gleu/{name}.txt"),
                Tool::KoyamaGleu,
                format!("{files} {options}"),
                hashed,
            )
        });
    }
}

/// SARI.py on TurkCorpus's systems, and its Unicode spaces under Python 2 and 3.
fn sari_cases(out: &mut Vec<Case>) {
    let turkers = (0..8)
        .map(|k| format!("{TURK}/test.8turkers.tok.turk.{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    for system in [
        "bleu30it.test.output.1best",
        "glbleu30it.test.output.1best",
        "moses.test.output.1rerank",
        "sari30it.test.output.1best",
    ] {
        let files = format!(
            "--orig {TURK}/test.8turkers.tok.norm --sys {TURK}/systemoutputs/{system} --refs {turkers}"
        );
        out.push(case(
            format!("sari/{system}.txt"),
            Tool::Sari,
            files.clone(),
            false,
        ));
        out.push(case(
            format!("sari/{system}.sentences.txt"),
            Tool::Sari,
            format!("{files} --sentence-level"),
            false,
        ));
    }
    // Lines that start or end with a no-break or an em space: stripped by SARI.py under Python 3,
    // kept (as part of the first or last token) under Python 2.
    let fixture = "--orig {fixtures}/sari-unicode-space.src --sys {fixtures}/sari-unicode-space.sys \
                   --refs {fixtures}/sari-unicode-space.ref";
    for (name, tool, flag) in [
        ("python3", Tool::Sari, ""),
        ("python2", Tool::SariPython2, " --python2"),
    ] {
        out.push(case(
            format!("sari/unicode-space.{name}.txt"),
            tool,
            format!("{fixture} --sentence-level{flag}"),
            false,
        ));
    }
}

impl Case {
    /// The arguments with the data directory in place of `{data}` and the folder of our own
    /// small inputs, `recorded/fixtures` below `root`, in place of `{fixtures}`.
    pub(crate) fn arguments(&self, data: &Path, root: &Path) -> Vec<String> {
        let data = data.display().to_string();
        let fixtures = root.join(RECORDED).join("fixtures").display().to_string();
        self.args
            .split(' ')
            .map(|a| a.replace("{data}", &data).replace("{fixtures}", &fixtures))
            .collect()
    }
}

/// A tool's output as recorded: the data directory and the fixtures' folder, which Koyama's
/// `gleu` and CLEME print in their file names, written `{data}` and `{fixtures}` (as in the
/// arguments) so that the file or digest holds on every machine. Bytes that are not UTF-8 are
/// kept as they are.
fn with_placeholders(stdout: &[u8], data: &Path, root: &Path) -> Vec<u8> {
    let fixtures = root.join(RECORDED).join("fixtures");
    match std::str::from_utf8(stdout) {
        Ok(text) => text
            .replace(&data.display().to_string(), "{data}")
            .replace(&fixtures.display().to_string(), "{fixtures}")
            .into_bytes(),
        Err(_) => stdout.to_vec(),
    }
}

/// The expected column of each case already recorded (in either table), by name.
fn recorded_expectations(recorded: &Path) -> std::collections::HashMap<String, String> {
    TABLES
        .iter()
        .flat_map(|(table, _)| {
            std::fs::read_to_string(recorded.join(table))
                .unwrap_or_default()
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| {
                    let mut fields = l.split('\t');
                    Some((fields.next()?.to_owned(), fields.next()?.to_owned()))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Records every case, or with `only` the cases whose name contains it (the others keep what
/// `recorded/cases.tsv` says; one never recorded stays out of the table until it is).
pub(crate) fn run(root: &Path, data: Option<&Path>, only: Option<&str>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let tools = ReferenceTools::prepare(root)?;
    let recorded = root.join(RECORDED);
    let cases = cases();
    let kept = recorded_expectations(&recorded);
    let selected = |c: &Case| only.is_none_or(|o| c.name.contains(o));
    let bar = indicatif::ProgressBar::new(cases.iter().filter(|c| selected(c)).count() as u64);
    let digests = cases
        .par_iter()
        .map(|c| {
            if !selected(c) {
                return Ok(kept.get(&c.name).cloned());
            }
            let output = tools.run(c.tool, &c.arguments(data.root(), root))?;
            bar.inc(1);
            if c.hashed {
                return Ok(Some(format!(
                    "sha256:{}",
                    gecbias_data::sha256_base64(&with_placeholders(
                        &output.stdout,
                        data.root(),
                        root
                    ))
                )));
            }
            let path = recorded.join(&c.name);
            std::fs::create_dir_all(path.parent().unwrap_or(&recorded))?;
            std::fs::write(&path, with_placeholders(&output.stdout, data.root(), root))
                .with_context(|| format!("{}", path.display()))?;
            Ok(Some("file".to_owned()))
        })
        .collect::<anyhow::Result<Vec<Option<String>>>>()?;
    bar.finish_and_clear();
    for (file, slow) in TABLES {
        let mut table = String::from(
            "# Written by `cargo xtask record`: name, expected (the file recorded/<name>, or the SHA-256\n\
             # of an output kept as a digest), tool, arguments ({data} = the data directory,\n\
             # {fixtures} = recorded/fixtures).\n",
        );
        for (c, expected) in cases.iter().zip(&digests) {
            let Some(expected) = expected.as_ref().filter(|_| c.slow == slow) else {
                continue;
            };
            let _ = writeln!(
                table,
                "{}\t{expected}\t{}\t{}",
                c.name,
                c.tool.subcommand(),
                c.args
            );
        }
        std::fs::write(recorded.join(file), table)?;
    }
    let kept: Vec<&String> = digests.iter().flatten().collect();
    println!(
        "{} reference outputs recorded in {RECORDED} ({} as digests)",
        kept.len(),
        kept.iter().filter(|d| d.starts_with("sha256:")).count()
    );
    Ok(())
}

/// `cargo xtask slow-drop-in`: every recorded case (`recorded/cases.tsv`, which the test run
/// samples, and `recorded/slow-cases.tsv`, which it leaves out), run with the workspace's
/// `gecbias`, prints the recorded bytes (compared by SHA-256 or with the recorded file).
pub(crate) fn check_slow(root: &Path, data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let gecbias = crate::hostile_input::build_gecbias(root)?;
    let recorded = root.join(RECORDED);
    let expected = recorded_expectations(&recorded);
    // Every case: the slow ones are outside the test run, and the test run samples m2scorer's.
    let mut failures = Vec::new();
    let cases = cases();
    // The cases are independent processes: run them side by side, check them in order.
    let outputs: Vec<_> = cases
        .par_iter()
        .map(|case| {
            std::process::Command::new(&gecbias)
                .arg(case.tool.subcommand())
                .args(case.arguments(data.root(), root))
                .output()
        })
        .collect();
    for (case, output) in cases.iter().zip(outputs) {
        let name = &case.name;
        let expected = expected.get(name).with_context(|| {
            format!("{name} is not recorded: run `cargo xtask record --only {name}`")
        })?;
        let output = output.with_context(|| format!("running {}", gecbias.display()))?;
        let same = match expected.strip_prefix("sha256:") {
            Some(digest) => {
                gecbias_data::sha256_base64(&with_placeholders(&output.stdout, data.root(), root))
                    == digest
            }
            None => {
                let file = std::fs::read_to_string(recorded.join(name))?;
                file.as_bytes() == with_placeholders(&output.stdout, data.root(), root)
            }
        };
        println!(
            "{name}: {} bytes, {}",
            output.stdout.len(),
            if same { "identical" } else { "DIFFERENT" }
        );
        if !output.status.success() || !same {
            failures.push(format!(
                "{name}: {} {}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    anyhow::ensure!(failures.is_empty(), "{failures:#?}");
    whole_tables(root, &data)
}

/// The tests over large recorded tables that `cargo test` samples
/// (`gecbias_data::testing::in_sample`): sacreBLEU's BLEU and chrF (bleu-chrf), GREEN and M2
/// (gec-metrics), D-SARI and FKGL (simplification-metrics), spaCy's tokens and analyses
/// (spacy-sm's `tokenizer` and `recorded`), the UCCA XML round trip (ucca-graph's `real_data`;
/// gecbias-cli's, of the same name, runs too).
const SAMPLED_TESTS: [&str; 8] = [
    "sacrebleu",
    "green",
    "m2_scorer",
    "dsari",
    "easse",
    "tokenizer",
    "recorded",
    "real_data",
];

/// Runs the tests `cargo test` samples on every row of their tables: `cargo test --workspace`
/// resolves features as the test run did, so the binaries it built are reused, not compiled again.
fn whole_tables(root: &Path, data: &gecbias_data::DataDir) -> anyhow::Result<()> {
    let mut command = std::process::Command::new(env!("CARGO"));
    command
        .current_dir(root)
        .args(["test", "--quiet", "--workspace"])
        .env(gecbias_data::testing::WHOLE_TABLES_ENV, "1")
        .env("GECBIAS_DATA", data.root())
        .env(gecbias_data::testing::REQUIRE_ENV, "1");
    for test in SAMPLED_TESTS {
        command.args(["--test", test]);
    }
    let status = command.status().context("running cargo test")?;
    anyhow::ensure!(
        status.success(),
        "{SAMPLED_TESTS:?} on every row of their tables: {status}"
    );
    println!("{SAMPLED_TESTS:?}: every row of their tables checked");
    Ok(())
}
