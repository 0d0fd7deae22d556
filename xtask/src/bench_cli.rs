//! `cargo xtask bench cli`: the `gecbias` command against the reference tools it replaces, each
//! a separate process on the same inputs in one run, timed by user CPU (the children's
//! `getrusage`; ours the mean of 10 runs), and printed as ratios; then `score` with resampling on all 14 CoNLL-2014
//! systems and the pathological hypotheses of BN.m2, by wall time.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, bail};
use gecbias_data::DataDir;
use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS, CONLL_REFERENCES};
use nix::sys::resource::{UsageWho, getrusage};

use crate::record::CONLL_SYSTEMS;
use crate::record::reference_tools::{ReferenceTools, Tool};

/// User CPU seconds of all children that have ended so far.
fn children_user_seconds() -> anyhow::Result<f64> {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).context("getrusage")?;
    let time = usage.user_time();
    Ok(time.tv_sec() as f64 + time.tv_usec() as f64 / 1e6)
}

/// (user CPU, wall) seconds of running `command` to completion; its output is discarded.
pub(crate) fn timed(mut command: Command) -> anyhow::Result<(f64, f64)> {
    let before = children_user_seconds()?;
    let start = Instant::now();
    let status = command
        .stdout(std::process::Stdio::null())
        .status()
        .context("could not start")?;
    if !status.success() {
        bail!("{command:?}: {status}");
    }
    Ok((
        children_user_seconds()? - before,
        start.elapsed().as_secs_f64(),
    ))
}

/// Runs of each `gecbias` process: user CPU is accounted in scheduler ticks (4 ms on common
/// kernels), so a 25 ms process needs the mean of several runs.
const OUR_RUNS: usize = 10;

/// Mean user CPU seconds of `OUR_RUNS` runs of the command `make` builds.
pub(crate) fn mean_user(make: impl Fn() -> Command) -> anyhow::Result<f64> {
    let mut total = 0.0;
    for _ in 0..OUR_RUNS {
        total += timed(make())?.0;
    }
    Ok(total / OUR_RUNS as f64)
}

/// The release `gecbias` binary, built first.
pub(crate) fn release_gecbias(root: &Path) -> anyhow::Result<std::path::PathBuf> {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-q", "-p", "gecbias-cli"])
        .current_dir(root)
        .status()?;
    if !status.success() {
        bail!("cargo build --release -p gecbias-cli: {status}");
    }
    Ok(root.join("target/release/gecbias"))
}

pub(crate) fn run(root: &Path, data: &DataDir) -> anyhow::Result<()> {
    let gecbias = release_gecbias(root)?;
    let ours = |args: &[String]| {
        let mut c = Command::new(&gecbias);
        c.args(args);
        c
    };
    let tools = ReferenceTools::prepare(root)?;
    let path = |p: String| data.join(&p).display().to_string();

    println!("gecbias m2scorer vs m2scorer (Python 2.7), official-2014.combined.m2, user CPU:");
    let gold = path(format!("{CONLL_GOLD}/official-2014.combined.m2"));
    let mut ratios = Vec::new();
    for system in CONLL_SYSTEMS {
        let args = [path(format!("{CONLL_PARAGRAPHS}/{system}")), gold.clone()];
        ratios.push(ratio(system, &tools, Tool::M2scorer, &args, &ours)?);
    }
    summary("m2scorer", &ratios, 300.0);

    println!("gecbias gleu vs compute_gleu (Python 2.7), JFLEG dev, 4 references, user CPU:");
    let jfleg = gecbias_data::datasets::JFLEG_DEV;
    let mut ratios = Vec::new();
    for k in 1..=5 {
        let mut args = vec![
            "-s".to_owned(),
            path(format!("{jfleg}/dev.src")),
            "-r".into(),
        ];
        args.extend((0..4).map(|r| path(format!("{jfleg}/dev.ref{r}"))));
        args.extend(["-o".to_owned(), path(format!("{jfleg}/mle_{k}.txt"))]);
        ratios.push(ratio(
            &format!("mle_{k}.txt"),
            &tools,
            Tool::Gleu,
            &args,
            &ours,
        )?);
    }
    summary("compute_gleu", &ratios, 100.0);

    let mut args: Vec<String> = ["score", "-m", "m2", "gleu", "-s"]
        .map(String::from)
        .to_vec();
    args.push(path(format!("{CONLL_REFERENCES}/source")));
    args.extend([
        "--gold".to_owned(),
        gold.clone(),
        "-r".to_owned(),
        path(format!("{CONLL_REFERENCES}/NUCLEA")),
        path(format!("{CONLL_REFERENCES}/NUCLEB")),
        "-i".to_owned(),
    ]);
    args.extend(CONLL_SYSTEMS.map(|s| path(format!("{CONLL_PARAGRAPHS}/{s}"))));
    args.extend(["--confidence", "--paired-bs", "--paired-ar"].map(String::from));
    let (user, wall) = timed(ours(&args))?;
    println!(
        "gecbias score -m m2 gleu --confidence --paired-bs --paired-ar, 14 systems: {wall:.2} s wall ({user:.2} s CPU); target < 5 s"
    );

    pathological(data, &ours)
}

/// Runs `tool` and the `gecbias` drop-in replacing it on `args`, prints their user CPU and the
/// ratio on a line labelled `label`, and returns the ratio.
fn ratio(
    label: &str,
    tools: &ReferenceTools,
    tool: Tool,
    args: &[String],
    ours: &dyn Fn(&[String]) -> Command,
) -> anyhow::Result<f64> {
    let (reference, _) = timed(tools.command(tool, args)?)?;
    let ours_args: Vec<String> = std::iter::once(tool.subcommand().to_owned())
        .chain(args.iter().cloned())
        .collect();
    let mine = mean_user(|| ours(&ours_args))?;
    println!(
        "  {label:<28} {reference:7.2} s vs {mine:6.3} s  {:6.0}×",
        reference / mine
    );
    Ok(reference / mine)
}

fn summary(tool: &str, ratios: &[f64], target: f64) {
    let min = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let max = ratios.iter().copied().fold(0.0, f64::max);
    println!("  {tool}: {min:.0}× to {max:.0}× faster (target ≥ {target:.0}×)\n");
}

/// Turns a source sentence into a hypothesis.
type MakeHypothesis = dyn Fn(&str) -> String;

/// The first 300 sentences of BN.m2 (10 annotators) with every hypothesis the source doubled, or
/// reversed: lattices of thousands of vertices, where m2scorer does not finish in 5 minutes.
fn pathological(data: &DataDir, ours: &dyn Fn(&[String]) -> Command) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(data.join(&format!("{CONLL_REFERENCES}/BN.m2")))?;
    let blocks: Vec<&str> = text.trim().split("\n\n").take(300).collect();
    let dir = std::env::temp_dir().join(format!("gecbias-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let gold = dir.join("bn300.m2");
    std::fs::write(&gold, blocks.join("\n\n") + "\n")?;
    let sources: Vec<&str> = blocks
        .iter()
        .map(|b| {
            b.lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("S ")
        })
        .collect();
    let doubled = |s: &str| format!("{s} {s}");
    let reversed = |s: &str| s.split(' ').rev().collect::<Vec<_>>().join(" ");
    let variants: [(&str, &MakeHypothesis); 2] = [("doubled", &doubled), ("reversed", &reversed)];
    println!(
        "gecbias m2scorer on the first 300 sentences of BN.m2 (10 annotators), target < 0.5 s:"
    );
    for (name, make) in variants {
        let hypotheses = dir.join(format!("{name}.txt"));
        let lines: Vec<String> = sources.iter().map(|s| make(s)).collect();
        std::fs::write(&hypotheses, lines.join("\n") + "\n")?;
        let args = [
            "m2scorer".to_owned(),
            hypotheses.display().to_string(),
            gold.display().to_string(),
        ];
        let (user, wall) = timed(ours(&args))?;
        println!("  every hypothesis {name}: {wall:.2} s wall ({user:.2} s CPU)");
    }
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
