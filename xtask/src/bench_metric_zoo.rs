//! `cargo xtask bench metric-zoo`: the model-free metrics against their reference
//! implementations, whole process, both timed in one run (the references run as
//! `cargo xtask record metric-zoo` runs them).

use std::path::Path;
use std::process::Command;

use gecbias_data::DataDir;
use gecbias_data::datasets::{CONLL_PARAGRAPHS, CONLL_REFERENCES};

use crate::bench_cli::{mean_user, release_gecbias, timed};
use crate::record::CONLL_SYSTEMS;
use crate::record::metric_zoo::reference;
use crate::workspace;

/// `cargo xtask bench metric-zoo`: each metric on each CoNLL-2014 system, whole process, the
/// reference and the release `gecbias score -m …` in one run, by user CPU: GREEN (gec-metrics'
/// defaults) against gec-metrics' `green.py`, Koyama's GLEU against the `gleu` package's
/// `gleu -f`, GoToScorer against gec-metrics' `gotoscorer.py` (both typing the edits with
/// spaCy's `en_core_web_sm`), CLEME against its `main.py` as shipped (through
/// `reference-tools/cleme_run.py`), both reading the same M2 files (`gecbias errant-parallel`'s,
/// made before the timing).
pub(crate) fn run(data: &DataDir) -> anyhow::Result<()> {
    let gecbias = release_gecbias(&workspace::root())?;
    let (python, gec_metrics, script) = reference()?;
    let refs = data.join(CONLL_REFERENCES);
    let (source, nucle) = (
        refs.join("source"),
        [refs.join("NUCLEA"), refs.join("NUCLEB")],
    );
    let ours = |metric: &'static str, output: &Path| {
        let mut c = Command::new(&gecbias);
        c.args(["score", "-m", metric, "-s"])
            .arg(&source)
            .arg("-r")
            .args(&nucle)
            .arg("-i")
            .arg(output);
        c
    };
    compare(
        data,
        "GREEN (n = 4, β = 2, words) vs gec-metrics' green.py",
        |output| {
            let mut theirs = Command::new(&python);
            theirs
                .arg(&script)
                .arg("--default")
                .arg(&gec_metrics)
                .arg(&source)
                .arg(format!("{},{}", nucle[0].display(), nucle[1].display()))
                .arg(format!("system={}", output.display()));
            theirs
        },
        |output| ours("green", output),
    )?;
    let gleu = python.with_file_name("gleu");
    compare(
        data,
        "Koyama's GLEU (gleu -f: n = 4, words, 500 rounds) vs the gleu package",
        |output| {
            let mut theirs = Command::new(&gleu);
            theirs
                .arg("-f")
                .arg("-s")
                .arg(&source)
                .arg("-r")
                .args(&nucle)
                .arg("-o")
                .arg(output);
            theirs
        },
        |output| ours("koyama-gleu", output),
    )?;
    let goto = crate::record::metric_zoo::script(
        "gotoscorer_record.py",
        include_str!("record/reference_tools/gotoscorer_record.py"),
    )?;
    compare(
        data,
        "GoToScorer (no weights, NUCLE's first annotator) vs gec-metrics' gotoscorer.py",
        |output| {
            let mut theirs = Command::new(&python);
            theirs
                .arg(&goto)
                .arg("--default")
                .arg(&gec_metrics)
                .arg(&source)
                .arg(&nucle[0])
                .arg("-")
                .arg(format!("system={}", output.display()));
            theirs
        },
        |output| {
            let mut c = Command::new(&gecbias);
            c.args(["score", "-m", "gotoscorer", "-s"])
                .arg(&source)
                .arg("-r")
                .arg(&nucle[0])
                .arg("-i")
                .arg(output);
            c
        },
    )?;
    let cleme_dir = workspace::root().join("../shared/reference-tools/cleme");
    let m2 = workspace::root().join("target/bench-cleme");
    std::fs::create_dir_all(&m2)?;
    let made = |name: &str, corrections: &[&Path]| -> anyhow::Result<()> {
        let status = Command::new(&gecbias)
            .args(["errant-parallel", "-q", "--orig"])
            .arg(&source)
            .arg("--cor")
            .args(corrections)
            .arg("--out")
            .arg(m2.join(name))
            .status()?;
        anyhow::ensure!(status.success(), "errant-parallel for {name}: {status}");
        Ok(())
    };
    made("gold.m2", &[&nucle[0], &nucle[1]])?;
    for system in CONLL_SYSTEMS {
        made(
            &format!("{system}.m2"),
            &[&data.join(&format!("{CONLL_PARAGRAPHS}/{system}"))],
        )?;
    }
    let hypothesis = |output: &Path| {
        m2.join(format!(
            "{}.m2",
            output.file_name().unwrap_or_default().to_string_lossy()
        ))
    };
    let flags = [
        "--metric",
        "cleme",
        "--level",
        "corpus",
        "--assumption",
        "dependent",
    ];
    compare(
        data,
        "CLEME (dependent, corpus) vs CLEME's main.py, the same M2 files",
        |output| {
            let mut theirs = Command::new(&python);
            theirs
                .current_dir(&cleme_dir)
                .arg("../cleme_run.py")
                .arg("--ref")
                .arg(m2.join("gold.m2"))
                .arg("--hyp")
                .arg(hypothesis(output))
                .args(flags)
                // Its progress bars.
                .stderr(std::process::Stdio::null());
            theirs
        },
        |output| {
            let mut c = Command::new(&gecbias);
            c.arg("cleme")
                .arg("--ref")
                .arg(m2.join("gold.m2"))
                .arg("--hyp")
                .arg(hypothesis(output))
                .args(flags);
            c
        },
    )
}

/// Times `theirs` and `ours` on each CoNLL-2014 system and prints the ratios.
fn compare(
    data: &DataDir,
    title: &str,
    theirs: impl Fn(&Path) -> Command,
    ours: impl Fn(&Path) -> Command,
) -> anyhow::Result<()> {
    let outputs: Vec<(String, std::path::PathBuf)> = CONLL_SYSTEMS
        .iter()
        .map(|system| {
            let path = data.join(&format!("{CONLL_PARAGRAPHS}/{system}"));
            ((*system).to_owned(), path)
        })
        .collect();
    compare_outputs(
        &format!("{title}, CoNLL-2014"),
        &outputs,
        theirs,
        ours,
        50.0,
    )
}

/// Times `theirs` (once) and `ours` (the mean of a few runs) on each output, by user CPU, and
/// prints the ratios and the smallest against `target`.
pub(crate) fn compare_outputs(
    title: &str,
    outputs: &[(String, std::path::PathBuf)],
    theirs: impl Fn(&Path) -> Command,
    ours: impl Fn(&Path) -> Command,
    target: f64,
) -> anyhow::Result<()> {
    println!("{title}, user CPU:");
    let mut ratios = Vec::new();
    for (system, output) in outputs {
        let (reference, _) = timed(theirs(output))?;
        let ours = mean_user(|| ours(output))?;
        println!(
            "  {system:<28} {reference:7.2} s vs {ours:6.3} s  {:6.0}×",
            reference / ours
        );
        ratios.push(reference / ours);
    }
    let min = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    println!("  at least {min:.0}× faster (target ≥ {target:.0}×)");
    Ok(())
}
