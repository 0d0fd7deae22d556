//! `tle-conservatism`: the LCB paper's "we find similar trends on the references of the TreeBank
//! of Learner English" (§3.2): the conservatism profile of TLE's corrections (Berzak et al. 2016,
//! FCE sentences and their corrections, one per line, line-aligned) beside the NUCLE reference
//! and the 14 CoNLL-2014 systems of `fig-conservatism` (lcb-goldens G6), per sentence since the
//! corpora differ in size.

use std::fmt::Write as _;

use anyhow::Context;
use conservatism::{ConservatismProfile, compare_aligned_lines};
use gecbias_data::DataDir;
use indicatif::ProgressBar;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Table, fixed};
use crate::linguistic;
use crate::paper_inputs::lcb::G6;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("tle-conservatism", TITLE, inputs, run);
const TITLE: &str = "LCB §3.2: the Treebank of Learner English references' conservatism beside NUCLE's and the CoNLL-2014 systems'";

const LEARNER: &str = "assess_learner_language/data/paragraphs/learner.en_esl-ud-all.conllu";
const CORRECTED: &str = "assess_learner_language/data/paragraphs/corrected.en_esl-ud-all.conllu";

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    Ok(vec![LEARNER.to_owned(), CORRECTED.to_owned()])
}

/// Per-sentence shares of one output: (pairs, changed, WordChange ≥ 3, ≥ 6, mean WordChange,
/// reordered (ρ < 1 among defined ρ), mean ρ).
struct Shares {
    name: String,
    pairs: usize,
    changed: f64,
    at_least_3: f64,
    at_least_6: f64,
    mean_word_change: f64,
    reordered: f64,
    mean_rho: f64,
}

/// A compared column: its name and how it reads an output's shares.
type Column = (&'static str, fn(&Shares) -> f64);

/// G6's counts: pairs, WordChange bins (0, 1, 2, 3, 4, 5, 6–10, 11–20, 21–30), > 30, split,
/// concat, ΣWC, #WC>0, #ρ=1, #0.7≤ρ<1.
fn from_g6(name: &str, c: &[usize; 17], mean_rho: &str) -> Shares {
    let n = c[0] as f64;
    let at_least = |bin: usize| c[1 + bin..11].iter().sum::<usize>() as f64 / n;
    Shares {
        name: name.to_owned(),
        pairs: c[0],
        changed: c[14] as f64 / n,
        at_least_3: at_least(3),
        at_least_6: at_least(6),
        mean_word_change: c[13] as f64 / n,
        reordered: 1.0 - c[15] as f64 / n,
        mean_rho: mean_rho.parse().unwrap_or(f64::NAN),
    }
}

fn from_profile(name: &str, p: &ConservatismProfile) -> Shares {
    let n = p.sentences.len() as f64;
    let share = |f: &dyn Fn(usize) -> bool| {
        p.sentences.iter().filter(|s| f(s.word_change)).count() as f64 / n
    };
    Shares {
        name: name.to_owned(),
        pairs: p.sentences.len(),
        changed: share(&|w| w > 0),
        at_least_3: share(&|w| w >= 3),
        at_least_6: share(&|w| w >= 6),
        mean_word_change: p.total_word_change() as f64 / n,
        reordered: 1.0 - p.perfect_order() as f64 / n,
        mean_rho: p.mean_rho(),
    }
}

/// The shares of changed sentence pairs of each output, one row each.
fn shares_table<'a>(rows: impl Iterator<Item = &'a Shares>) -> String {
    let mut table = Table::figures(
        "output",
        &[
            "sentence pairs",
            "changed (WordChange > 0)",
            "WordChange ≥ 3",
            "WordChange ≥ 6",
            "mean WordChange",
            "ρ ≠ 1 (undefined ρ included, as G6 counts)",
            "mean ρ",
        ],
    );
    let percent = |share: f64| format!("{} %", fixed(share * 100.0, 1));
    for s in rows {
        let pairs = if s.pairs == 0 {
            "–".to_owned()
        } else {
            s.pairs.to_string()
        };
        table.row([
            s.name.to_string(),
            pairs,
            percent(s.changed),
            percent(s.at_least_3),
            percent(s.at_least_6),
            fixed(s.mean_word_change, 2),
            percent(s.reordered),
            fixed(s.mean_rho, 4),
        ]);
    }
    table.markdown()
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let read = |rel: &str| -> anyhow::Result<Vec<String>> {
        let text =
            std::fs::read_to_string(data.join(rel)).with_context(|| format!("reading {rel}"))?;
        progress.inc(1);
        Ok(text.lines().map(str::to_owned).collect())
    };
    let (learner, corrected) = (read(LEARNER)?, read(CORRECTED)?);
    let same = linguistic::word_equivalence()?;
    let profile = compare_aligned_lines((LEARNER, &learner), (CORRECTED, &corrected), &same)?;
    let tle = from_profile("TLE references", &profile);
    let nucle = G6
        .iter()
        .find(|(n, ..)| *n == "gold")
        .map(|(_, c, r)| from_g6("NUCLE reference (annotator A)", c, r))
        .context("G6 has no gold row")?;
    let systems: Vec<Shares> = G6
        .iter()
        .filter(|(n, ..)| *n != "gold")
        .map(|(n, c, r)| from_g6(n, c, r))
        .collect();
    let most = |f: &dyn Fn(&Shares) -> f64| systems.iter().map(f).fold(f64::MIN, f64::max);
    let most_changing = Shares {
        name: "most-changing system, per column".to_owned(),
        pairs: 0,
        changed: most(&|s| s.changed),
        at_least_3: most(&|s| s.at_least_3),
        at_least_6: most(&|s| s.at_least_6),
        mean_word_change: most(&|s| s.mean_word_change),
        reordered: most(&|s| s.reordered),
        mean_rho: systems.iter().map(|s| s.mean_rho).fold(f64::MAX, f64::min),
    };

    let mut md = String::new();
    let _ = writeln!(
        md,
        "TLE's learner sentences and their corrections (`{LEARNER}`, `{CORRECTED}`: despite the name, one sentence \
         per line, {} line pairs) compared line by line (`gecbias conservatism`'s default procedure: the files are \
         line-aligned, so nothing is split or joined), with the same word alignment and WordChange as \
         `fig-conservatism`. NUCLE's reference (annotator A) and the systems are lcb-goldens G6 (the authors' results \
         file, passage procedure). Shares are per sentence pair, since TLE has four times as many sentences.\n",
        learner.len()
    );
    let rows = [&tle, &nucle, &most_changing].into_iter().chain(&systems);
    md.push_str(&shares_table(rows));
    let columns: [Column; 4] = [
        ("changed", |s| s.changed),
        ("WordChange ≥ 3", |s| s.at_least_3),
        ("WordChange ≥ 6", |s| s.at_least_6),
        ("mean WordChange", |s| s.mean_word_change),
    ];
    let verdicts: Vec<String> = columns
        .iter()
        .map(|(name, f)| {
            format!(
                "{name}: TLE {:.2}× the most-changing system ({})",
                f(&tle) / f(&most_changing),
                if f(&tle) > f(&most_changing) {
                    "more"
                } else {
                    "not more"
                }
            )
        })
        .collect();
    let _ = writeln!(
        md,
        "\nThe paper's claim, checked per column — {}. {}",
        verdicts.join("; "),
        if columns.iter().all(|(_, f)| f(&tle) > f(&most_changing)) {
            "TLE's references, like NUCLE's, change more than every CoNLL-2014 system on every measure of \
             under-correction: the trend is the same."
        } else {
            "On some measure a system changes as much as TLE's references: the trend is not the same there."
        }
    );
    Ok(Report {
        markdown: md,
        json: serde_json::json!({
            "pairs": profile.sentences.len(),
            "changed": tle.changed,
            "at_least_3": tle.at_least_3,
            "at_least_6": tle.at_least_6,
            "mean_word_change": tle.mean_word_change,
            "reordered": tle.reordered,
            "mean_rho": tle.mean_rho,
            "word_change_histogram": profile.word_change_histogram(),
        }),
        figures: Vec::new(),
    })
}
