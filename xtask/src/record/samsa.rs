//! `cargo xtask record samsa`: what SAMSA's reference code (EASSE 0.2.4's `easse/samsa.py`,
//! imported through `../shared/reference-tools/samsa_run.py`, which stubs TUPA and CoreNLP) finds
//! in UCCA passages: each passage's scenes, its main relations' and participants' minimal centres
//! (or the exception the code raises), one JSON line per passage — of the gold passages of the
//! UCCA Wiki corpus's development and test splits (`crates/ucca-samsa/tests/recorded/scenes-wiki.jsonl`)
//! and of the native parser's passages of the sources `cargo xtask reproduce samsa` reads
//! (`xtask/recorded/samsa/scenes-parsed.jsonl`; record again when the parser's model changes);
//! and NLTK's Snowball English stems, by which EASSE's word aligner matches words, of the
//! lexical-complexity word list (a digest) and of every token of the EASSE test sets SAMSA is
//! evaluated on (`crates/ucca-samsa/tests/recorded/stems.tsv`).

use std::path::Path;
use std::process::Command;

use gecbias_data::datasets::{EASSE_DATA, UccaSplit};

use crate::workspace;

/// Where the records of the gold passages and of the stems go.
const SCENES_WIKI: &str = "crates/ucca-samsa/tests/recorded/scenes-wiki.jsonl";
const STEMS: &str = "crates/ucca-samsa/tests/recorded/stems.tsv";

/// The gold passages' records' first line.
const HEADER: &str = "# SAMSA's reference code (EASSE 0.2.4 through samsa_run.py; cargo xtask record samsa) on the UCCA Wiki corpus's dev and test passages: scenes, relations' and participants' minimal centres.\n";

/// The interpreter of `target/samsa-venv`: `ucca` 1.3.11 without its pinned spaCy, `nltk`, and
/// what EASSE's modules import (`samsa_run.py`'s docstring).
pub(crate) fn samsa_python() -> anyhow::Result<std::path::PathBuf> {
    super::python_venv::python(
        "samsa-venv",
        "import ucca, nltk, sacremoses",
        &[
            &["--no-deps", "ucca==1.3.11"],
            &[
                "nltk",
                "numpy",
                "tqdm",
                "requests",
                "click",
                "joblib",
                "regex",
                "defusedxml",
                "sacremoses==0.2.0",
            ],
        ],
    )
}

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let mut gold = Vec::new();
    for split in [UccaSplit::WikiDev, UccaSplit::WikiTest] {
        gold.extend(split.files(&data)?.iter().map(|file| data.join(file)));
    }
    let rows = reference_scenes(&root, &gold)?;
    super::write_recorded(&root, SCENES_WIKI, HEADER, &rows, "passages")?;
    // The native parser's passages, written where the reference code can read them.
    let folder = root.join("target/samsa-passages");
    std::fs::create_dir_all(&folder)?;
    let mut parsed = Vec::new();
    for (name, passage) in crate::experiments::samsa::parsed_sources(&data)? {
        let path = folder.join(format!("{name}.xml"));
        std::fs::write(&path, passage.to_xml())?;
        parsed.push(path);
    }
    let rows = reference_scenes(&root, &parsed)?;
    let header = "# SAMSA's reference code (EASSE 0.2.4 through samsa_run.py; cargo xtask record samsa) on the native parser's passages of QATS and ASSET test sources (Moses tokens, case kept): scenes, relations' and participants' minimal centres.\n";
    std::fs::create_dir_all(root.join("xtask/recorded/samsa"))?;
    super::write_recorded(
        &root,
        crate::experiments::samsa::RECORDED,
        header,
        &rows,
        "passages",
    )?;
    record_stems(&data, &root)
}

/// NLTK's stems of the lexical-complexity word list (its digest) and of the test sets' tokens.
fn record_stems(data: &gecbias_data::DataDir, root: &Path) -> anyhow::Result<()> {
    let script = super::metric_zoo::script(
        "samsa_stems_record.py",
        include_str!("reference_tools/samsa_stems_record.py"),
    )?;
    let mut command = Command::new(samsa_python()?);
    command
        .arg("-B")
        .arg(&script)
        .arg(root.join("models/lexical-complexity-en/words.txt"));
    let easse = data.root().join(EASSE_DATA);
    for file in [
        "test_sets/qats/qats.test.orig",
        "test_sets/qats/qats.test.simp",
        "test_sets/asset/asset.test.orig",
        "test_sets/asset/asset.test.simp.0",
        "test_sets/turkcorpus/test.truecase.detok.orig",
        "test_sets/turkcorpus/test.truecase.detok.simp.0",
    ] {
        command.arg(easse.join(file));
    }
    let output = super::metric_zoo::stdout_of(command, &script)?;
    let (digest, rows) = output.split_once('\n').unwrap_or_default();
    let header = format!(
        "# NLTK's SnowballStemmer('english') (cargo xtask record samsa): the SHA-256 of its stems of \
         models/lexical-complexity-en/words.txt (word<TAB>stem lines), then the stem of every \
         token of EASSE's QATS, ASSET and TurkCorpus test sources and first references.\n\
         words.txt\t{digest}\n"
    );
    super::write_recorded(root, STEMS, &header, rows, "tokens")
}

/// The reference code's scenes and minimal centres of each passage file, a JSON line each.
fn reference_scenes(root: &Path, passages: &[std::path::PathBuf]) -> anyhow::Result<String> {
    let python = samsa_python()?;
    let script = super::metric_zoo::script(
        "samsa_scenes_record.py",
        include_str!("reference_tools/samsa_scenes_record.py"),
    )?;
    let mut command = Command::new(python);
    command
        .arg("-B")
        .arg(&script)
        .env("SAMSA_RUN_DIR", root.join("../shared/reference-tools"))
        .args(passages);
    super::metric_zoo::stdout_of(command, &script)
}
