//! `cargo xtask record ucca-eval`: the measuring stick of the UCCA parser. The official evaluator
//! (`ucca` 1.0.50's `evaluation.evaluate`, normalised) scores the committed model's parses of the
//! Wiki dev and test sentences and of *20K Leagues*, sentence by sentence, and `ucca` 1.2.3's
//! `convert.split2sentences` (the ACL-2017 sentence split) cuts each passage; both libraries are
//! installed from the registry into `target/` (without their spaCy pin, which neither step
//! imports), never dependencies of the product. The counts and the sentence lengths are
//! committed in `xtask/recorded/ucca-eval/`, so `reproduce ucca-parser --check` holds our
//! evaluator and our split to them on every sentence without Python.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use gecbias_data::DataDir;
use gecbias_data::datasets::UccaSplit;
use ucca_graph::Passage;
use ucca_graph::dag_f1::{Evaluation, Normalisation, Score, evaluate_all};
use ucca_parser::{Model, parse_gold};

use crate::train_parser::sentences;
use crate::workspace;

/// The parts recorded, in order.
pub(crate) const PARTS: [UccaSplit; 3] =
    [UccaSplit::WikiDev, UccaSplit::WikiTest, UccaSplit::TwentyK];

/// The `ucca` release whose evaluator is the measuring stick (issue 31's anchors were computed
/// with it), and the one whose sentence split made the ACL-2017 sentence passages.
const EVALUATOR: &str = "1.0.50";
const SPLITTER: &str = "1.2.3";

fn recorded(name: &str) -> PathBuf {
    workspace::root().join(format!("xtask/recorded/ucca-eval/{name}.tsv"))
}

/// A virtual environment with `ucca` at `version` (without its spaCy pin, which neither step
/// imports).
fn venv(version: &str) -> anyhow::Result<PathBuf> {
    crate::record::python_venv::python(
        &format!("ucca-{version}-venv"),
        "import ucca.evaluation, ucca.convert",
        &[
            &["--no-deps", &format!("ucca=={version}")],
            &["numpy", "tqdm", "requests"],
        ],
    )
}

/// One sentence's twelve counts as the recorded rows hold them: guessed, reference and matched,
/// labeled then unlabeled, primary then remote.
fn counts(e: &Evaluation) -> Vec<usize> {
    [
        e.labeled.primary,
        e.labeled.remote,
        e.unlabeled.primary,
        e.unlabeled.remote,
    ]
    .iter()
    .flat_map(|s: &Score| [s.guessed, s.reference, s.matches])
    .collect()
}

/// Records the official evaluator's counts and the reference split (module docs).
pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let model = Model::read(workspace::root().join(gecbias_data::location::UCCA_MODEL))?;
    let (evaluator, splitter) = (venv(EVALUATOR)?, venv(SPLITTER)?);
    let work = workspace::root().join("target/ucca-eval");
    let script = work.join("ucca_eval_record.py");
    std::fs::create_dir_all(&work)?;
    std::fs::write(&script, include_str!("reference_tools/ucca_eval_record.py"))?;
    let python = |python: &Path, args: &[&str]| -> anyhow::Result<()> {
        let status = Command::new(python).arg(&script).args(args).status()?;
        if !status.success() {
            bail!("{} {args:?} failed", script.display());
        }
        Ok(())
    };
    for split in PARTS {
        let gold = sentences(&data, split)?;
        let parses = parse_gold(&model, &gold)?;
        let dir = work.join(split.name());
        for side in ["gold", "guessed"] {
            std::fs::create_dir_all(dir.join(side))?;
        }
        for (k, (g, p)) in gold.iter().zip(&parses).enumerate() {
            std::fs::write(dir.join(format!("gold/{}.xml", k + 1)), g.to_xml())?;
            std::fs::write(dir.join(format!("guessed/{}.xml", k + 1)), p.to_xml())?;
        }
        let rows = dir.join("official.tsv");
        python(
            &evaluator,
            &[
                "evaluate",
                &dir.to_string_lossy(),
                &gold.len().to_string(),
                &rows.to_string_lossy(),
            ],
        )?;
        let header = format!(
            "# Written by `cargo xtask record ucca-eval`: ucca {EVALUATOR} evaluation.evaluate(normalize=True) of the committed\n\
             # model's parses (payload {}) of the {} sentences, one row per sentence in order: sentence, then guessed, reference and\n\
             # matched yields, labeled primary, labeled remote, unlabeled primary, unlabeled remote.\n",
            model.header.payload_checksum,
            split.name()
        );
        std::fs::write(
            recorded(split.name()),
            header + &std::fs::read_to_string(&rows)?,
        )?;
        let files: Vec<String> = split
            .files(&data)?
            .iter()
            .map(|f| data.join(f).to_string_lossy().into_owned())
            .collect();
        let lengths = dir.join("split.tsv");
        let mut args = vec!["split", lengths.to_str().context("a UTF-8 path")?];
        args.extend(files.iter().map(String::as_str));
        python(&splitter, &args)?;
        let header = format!(
            "# Written by `cargo xtask record ucca-eval`: ucca {SPLITTER} convert.split2sentences of each {} passage,\n\
             # the terminals of each sentence passage in order.\n",
            split.name()
        );
        std::fs::write(
            recorded(&format!("split-{}", split.name())),
            header + &std::fs::read_to_string(&lengths)?,
        )?;
        println!("{}: {} sentences recorded", split.name(), gold.len());
    }
    Ok(())
}

/// The recorded rows of a file, comment lines left out.
fn rows(name: &str) -> anyhow::Result<Vec<Vec<String>>> {
    let path = recorded(name);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "{}: record it with `cargo xtask record ucca-eval`",
            path.display()
        )
    })?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect())
}

/// Holds our sentence split of `split` to `ucca` 1.2.3's and our evaluator's counts on the
/// committed model's `parses` of its sentences (`ucca_parser::parse_gold`, in order) to `ucca`
/// 1.0.50's, sentence by sentence; the sentences checked.
pub(crate) fn check(data: &DataDir, split: UccaSplit, parses: &[Passage]) -> anyhow::Result<usize> {
    let name = split.name();
    let expected = rows(&format!("split-{name}"))?;
    let files = split.files(data)?;
    if expected.len() != files.len() {
        bail!(
            "split-{name}.tsv records {} passages, the corpus has {}",
            expected.len(),
            files.len()
        );
    }
    let mut gold: Vec<Passage> = Vec::new();
    for (file, row) in files.iter().zip(&expected) {
        let sentences = Passage::read(data.join(file))?.sentences()?;
        let lengths: Vec<String> = sentences
            .iter()
            .map(|s| s.terminals().count().to_string())
            .collect();
        if Some(file.rsplit('/').next().unwrap_or(file)) != row.first().map(String::as_str)
            || row.get(1).map(String::as_str) != Some(lengths.join(",").as_str())
        {
            bail!(
                "{file}: our sentences have {} terminals, ucca {SPLITTER}'s split2sentences {:?}",
                lengths.join(","),
                row.get(1)
            );
        }
        gold.extend(sentences);
    }
    let expected = rows(name)?;
    if expected.len() != gold.len() || parses.len() != gold.len() {
        bail!(
            "{name}.tsv records {} sentences, the split has {}, the parses {}",
            expected.len(),
            gold.len(),
            parses.len()
        );
    }
    for (k, (parse, (g, row))) in parses.iter().zip(gold.iter().zip(&expected)).enumerate() {
        let ours = counts(&evaluate_all(parse, g, Normalisation::Ucca2017)?);
        let theirs: Vec<usize> = row[1..]
            .iter()
            .map(|x| x.parse())
            .collect::<Result<_, _>>()?;
        if ours != theirs {
            bail!(
                "{name} sentence {} ({}): ours {ours:?}, ucca {EVALUATOR} {theirs:?} (guessed, reference, matched; \
                 labeled primary, remote, unlabeled primary, remote); if the model changed, record again",
                k + 1,
                g.id()
            );
        }
    }
    Ok(gold.len())
}
