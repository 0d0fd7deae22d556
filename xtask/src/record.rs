//! `cargo xtask record`: runs the reference tools on the real data and records what they print,
//! as the expected outputs of `gecbias`'s drop-in modes (`crates/gecbias-cli/tests/drop_in.rs`).
//!
//! `recorded/cases.tsv` lists every case: its name, what is kept, the tool and its arguments
//! (the same for the reference tool and for `gecbias <tool>`; `{data}` stands for the data
//! directory). An output made of numbers is kept as the file `recorded/<name>`; one that quotes
//! the data's sentences (m2scorer's and errant_compare's `-v`) only as its SHA-256, because the
//! data is not ours to commit.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS};
use rayon::prelude::*;

use crate::reference_tools::{ReferenceTools, Tool};

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
}

fn case(name: String, tool: Tool, args: String, hashed: bool) -> Case {
    Case {
        name,
        tool,
        args,
        hashed,
    }
}

/// Every recorded case.
pub(crate) fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for gold in ["official-2014.0", "official-2014.combined"] {
        for system in CONLL_SYSTEMS {
            let files =
                format!("{{data}}/{CONLL_PARAGRAPHS}/{system} {{data}}/{CONLL_GOLD}/{gold}.m2");
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
    out
}

impl Case {
    /// The arguments with the data directory in place of `{data}`.
    pub(crate) fn arguments(&self, data: &Path) -> Vec<String> {
        let data = data.display().to_string();
        self.args
            .split(' ')
            .map(|a| a.replace("{data}", &data))
            .collect()
    }
}

pub(crate) fn run(root: &Path, data: Option<&Path>) -> anyhow::Result<()> {
    let data = crate::reproduce::resolve(data)?;
    let tools = ReferenceTools::prepare(root)?;
    let recorded = root.join(RECORDED);
    let cases = cases();
    let bar = indicatif::ProgressBar::new(cases.len() as u64);
    let digests = cases
        .par_iter()
        .map(|c| {
            let output = tools.run(c.tool, &c.arguments(data.root()))?;
            bar.inc(1);
            if c.hashed {
                return Ok(format!(
                    "sha256:{}",
                    gecbias_data::sha256_base64(&output.stdout)
                ));
            }
            let path = recorded.join(&c.name);
            std::fs::create_dir_all(path.parent().unwrap_or(&recorded))?;
            std::fs::write(&path, &output.stdout).with_context(|| format!("{}", path.display()))?;
            Ok("file".to_owned())
        })
        .collect::<anyhow::Result<Vec<String>>>()?;
    bar.finish_and_clear();
    let mut table = String::from(
        "# Written by `cargo xtask record`: name, expected (the file recorded/<name>, or the SHA-256\n\
         # of an output that quotes the data), tool, arguments ({data} = the data directory).\n",
    );
    for (c, expected) in cases.iter().zip(&digests) {
        let _ = writeln!(
            table,
            "{}\t{expected}\t{}\t{}",
            c.name,
            c.tool.subcommand(),
            c.args
        );
    }
    std::fs::write(recorded.join("cases.tsv"), table)?;
    println!(
        "{} reference outputs recorded in {RECORDED} ({} as digests)",
        cases.len(),
        digests.iter().filter(|d| d.starts_with("sha256:")).count()
    );
    Ok(())
}
