//! `cargo xtask record sacrebleu`: sacrebleu 2.6.0's corpus BLEU and chrF, in every configuration
//! `bleu-chrf` implements, on the crate's hand-written fixtures (every tokenizer rule, missing
//! references, short sentences that leave orders unmatched; with each sentence's score too) and on three systems of EASSE's TurkCorpus and ASSET test sets (the defaults on
//! all 21): `crates/bleu-chrf/tests/recorded/sacrebleu.tsv`.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use crate::workspace;
use gecbias_data::datasets::EASSE_DATA;

/// Where the numbers go.
pub(crate) const RECORDED: &str = "crates/bleu-chrf/tests/recorded/sacrebleu.tsv";

/// The systems every configuration is recorded on; the others get the defaults.
const FULL: [&str; 3] = ["Hybrid", "ACCESS", "DMASS-DCSS"];

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let python = super::python_venv::python(
        "sacrebleu-venv",
        "import sacrebleu; assert sacrebleu.__version__ == '2.6.0'",
        &[&["sacrebleu==2.6.0"]],
    )?;
    let root = workspace::root();
    let fixtures = root.join("crates/bleu-chrf/tests/fixtures");
    let fixture = |name: &str| fixtures.join(name).display().to_string();
    let mut jobs = vec![
        [
            "fixture",
            "fixture",
            &fixture("hyp.txt"),
            &fixture("ref0.txt"),
            &fixture("ref1.txt"),
        ]
        .join("\t"),
        [
            "fixture-short",
            "short",
            &fixture("short-hyp.txt"),
            &fixture("short-ref.txt"),
        ]
        .join("\t"),
    ];
    let easse = data.root().join(EASSE_DATA);
    let outputs = easse.join("system_outputs/turkcorpus/test");
    let mut systems: Vec<String> = std::fs::read_dir(&outputs)
        .with_context(|| format!("listing {}", outputs.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    systems.sort();
    for (corpus, refs) in [
        (
            "turkcorpus_test",
            (0..8)
                .map(|k| format!("test_sets/turkcorpus/test.truecase.detok.simp.{k}"))
                .collect::<Vec<_>>(),
        ),
        (
            "asset_test",
            (0..10)
                .map(|k| format!("test_sets/asset/asset.test.simp.{k}"))
                .collect(),
        ),
    ] {
        let refs: Vec<String> = refs
            .iter()
            .map(|r| easse.join(r).display().to_string())
            .collect();
        for system in &systems {
            let label = if FULL.contains(&system.as_str()) {
                corpus.to_owned()
            } else {
                format!("{corpus}:defaults")
            };
            jobs.push(format!(
                "{label}\t{system}\t{}\t{}",
                outputs.join(system).display(),
                refs.join("\t")
            ));
        }
    }
    let script = super::metric_zoo::script(
        "sacrebleu_record.py",
        include_str!("reference_tools/sacrebleu_record.py"),
    )?;
    let mut child = Command::new(&python)
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", script.display()))?;
    child
        .stdin
        .take()
        .context("the recorder's stdin")?
        .write_all((jobs.join("\n") + "\n").as_bytes())?;
    let out = child.wait_with_output()?;
    if !out.status.success() {
        bail!("{} failed", script.display());
    }
    let text = String::from_utf8(out.stdout)?;
    let header = "# sacrebleu 2.6.0's corpus scores (cargo xtask record sacrebleu); paths relative to \
                  the data directory or crates/bleu-chrf/tests/fixtures.\n\
                  corpus\tsystem\tmetric\tconfiguration\tscore\tsignature\n";
    std::fs::write(root.join(RECORDED), format!("{header}{text}"))?;
    println!("wrote {RECORDED}: {} scores", text.lines().count());
    Ok(())
}
