//! `meta-eval-gjg15`: how well metrics agree with GJG15's human ranking of the CoNLL-2014
//! systems (Grundkiewicz, Junczys-Dowmunt & Gillian, EMNLP 2015): their Table 3 (Expected Wins)
//! from `judgments.xml`, their Table 5 from their stored metric scores, and `gecbias meta-eval`'s
//! own metrics on the 13 outputs with bootstrap intervals and paired tests.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use gec_metrics::{M2Gold, M2Options, M2Score};
use gecbias_data::DataDir;
use gecbias_data::datasets::CONLL_GOLD;
use gecbias_engine::{Dataset, MetaEval, MetaEvalOptions, MetaEvalReport, MetaMetric, PairRow};
use indicatif::ProgressBar;
use meta_eval::{
    BootstrapOptions, Correlation, HumanScores, Unit, bootstrap_expected_wins, pearson,
    read_rankings, spearman,
};
use serde_json::{Value, json};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, correlation_table, fixed, signed};
use crate::paper_inputs::gjg15::{JUDGMENTS, OUTPUTS, ROOT, SEED, SYSTEMS, gold, judged_inputs};

pub(crate) const EXPERIMENT: Experiment =
    Experiment::new("meta-eval-gjg15", TITLE, inputs, run).with_full(run_with_usim);
const TITLE: &str = "GJG15 Tables 3 and 5: the human ranking of the CoNLL-2014 systems and how metrics correlate with it, with intervals";

/// GJG15's Table 5 (system level, against Expected Wins): metric, their stored-scores file, β for
/// the M2 rows, Spearman's ρ, Pearson's r.
const TABLE_5: [(&str, &str, Option<f64>, f64, f64); 7] = [
    ("M2 F1.0", "scores.m2", Some(1.0), 0.648, 0.610),
    ("M2 F0.5", "scores.m2", Some(0.5), 0.692, 0.627),
    ("M2 F0.25", "scores.m2", Some(0.25), 0.720, 0.680),
    ("M2 F0.18", "scores.m2", Some(0.18), 0.758, 0.701),
    ("I-WAcc", "scores.iwacc", None, -0.154, -0.098),
    ("BLEU", "scores.bleu", None, -0.346, -0.240),
    ("METEOR", "scores.meteor", None, -0.374, -0.241),
];

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = judged_inputs();
    out.extend(
        TABLE_5
            .iter()
            .map(|t| format!("{ROOT}/data/metrics/{}", t.1)),
    );
    out.dedup();
    for annotator in 0..2 {
        out.push(format!("{ROOT}/data/metrics/scores.m2.{annotator}"));
        out.push(format!("{CONLL_GOLD}/official-2014.{annotator}.m2"));
    }
    Ok(out)
}

/// A stored scores file as system → numbers after the name.
fn stored(data: &DataDir, file: &str) -> anyhow::Result<Vec<(String, Vec<f64>)>> {
    let path = format!("{ROOT}/data/metrics/{file}");
    let text =
        std::fs::read_to_string(data.join(&path)).with_context(|| format!("reading {path}"))?;
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.split_whitespace();
            let system = fields
                .next()
                .with_context(|| format!("{path}:{}: empty", i + 1))?;
            let numbers = fields
                .map(str::parse)
                .collect::<Result<Vec<f64>, _>>()
                .with_context(|| format!("{path}:{}", i + 1))?;
            Ok((system.to_owned(), numbers))
        })
        .collect()
}

/// F_β from P and R as GJG15's `*.m2graph.pl` compute it (0 when P or R is 0).
fn f_beta(p: f64, r: f64, beta: f64) -> f64 {
    if p == 0.0 || r == 0.0 {
        0.0
    } else {
        (1.0 + beta * beta) * p * r / (beta * beta * p + r)
    }
}

/// The stored scores of one Table 5 row, in [`SYSTEMS`] order.
fn stored_row(data: &DataDir, file: &str, beta: Option<f64>) -> anyhow::Result<Vec<f64>> {
    let rows = stored(data, file)?;
    SYSTEMS
        .iter()
        .map(|s| {
            let (_, numbers) = rows
                .iter()
                .find(|(name, _)| name == s)
                .with_context(|| format!("{file} has no {s}"))?;
            Ok(match beta {
                Some(b) => f_beta(numbers[1], numbers[2], b),
                None => numbers[0],
            })
        })
        .collect()
}

fn human(
    rankings: &[meta_eval::Ranking],
    unit: Unit,
    resamples: usize,
) -> anyhow::Result<HumanScores> {
    let mut options = BootstrapOptions::default();
    options.unit = unit;
    options.resamples = resamples;
    options.seed = SEED;
    let systems: Vec<String> = SYSTEMS.map(String::from).to_vec();
    Ok(bootstrap_expected_wins(rankings, &systems, &options)?)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    report(data, progress, &["m2", "gleu", "errant"])
}

/// `--full`: USim from text too (every output parsed by the native parser: half a minute).
fn run_with_usim(
    data: &DataDir,
    _inputs: &[String],
    progress: &ProgressBar,
) -> anyhow::Result<Report> {
    report(data, progress, &["m2", "gleu", "errant", "usim"])
}

fn report(data: &DataDir, progress: &ProgressBar, metrics: &[&str]) -> anyhow::Result<Report> {
    let text = std::fs::read_to_string(data.join(JUDGMENTS)).context("reading the judgments")?;
    let rankings: Vec<_> = read_rankings(&text, JUDGMENTS)?
        .into_iter()
        .filter(|r| r.user != "admin")
        .collect();
    let by_items = human(&rankings, Unit::Rankings, 1000)?;
    let by_comparisons = human(&rankings, Unit::Comparisons, 1000)?;
    let by_sentences = human(&rankings, Unit::Sentences, 1000)?;
    progress.inc(1);
    // GJG15's Table 3 and the human side of their Table 5 are means over 1,000 bootstrap
    // resamples of single comparisons (WMT's EW.py, unseeded), printed with 3 decimals.
    let table3: Vec<f64> = by_comparisons
        .resampled_means()
        .into_iter()
        .map(round3)
        .collect();

    let mut md = String::new();
    let mut json = json!({});
    writeln!(
        md,
        "GJG15 ranked the 12 CoNLL-2014 submissions and the unchanged input (INPUT) by Expected Wins \
         over {} rankings by 8 judges (the `admin` account's trial rankings left out, as their \
         scripts do); `meta_eval::expected_wins` equals their `EW.pl` on every system at 4 \
         decimals (`crates/meta-eval/tests/gjg15.rs`).\n",
        rankings.len()
    )?;
    human_table(&mut md, &by_items, &table3)?;

    json["table5"] = Value::Array(stored_table5(&mut md, data, &by_items, &table3)?);
    progress.inc(1);

    // gecbias meta-eval on the outputs themselves.
    let command = meta_eval_command(data, metrics)?;
    ours_table(&mut md, &command)?;
    gold_trace(&mut md, data, &command)?;
    paired_table(&mut md, &command)?;
    units_table(&mut md, data, [&by_items, &by_sentences, &by_comparisons])?;
    let figures = figures(&command)?;
    json["command"] = serde_json::to_value(&command)?;
    progress.inc(SYSTEMS.len() as u64);
    Ok(Report {
        markdown: md,
        json,
        figures,
    })
}

/// Table 5 from GJG15's stored metric scores against the human scores (exact EW and their
/// bootstrap means), each row's JSON.
fn stored_table5(
    md: &mut String,
    data: &DataDir,
    by_items: &HumanScores,
    table3: &[f64],
) -> anyhow::Result<Vec<Value>> {
    writeln!(
        md,
        "\n## Table 5 from GJG15's stored metric scores\n\nTheir metric scores \
         (`data/metrics/scores.*`; M2 as P and R, F_β computed as their `*.m2graph.pl` do) against \
         the human scores. ρ depends only on the order, which exact EW and their bootstrap means \
         share; r uses the values, so it is given on both. \
         \n"
    )?;
    let mut table = Table::figures(
        "metric",
        &[
            "ρ paper",
            "ρ ours",
            "r paper",
            "r ours, exact EW",
            "r ours, their procedure",
        ],
    );
    let mut table5 = Vec::new();
    let mut differences = Vec::new();
    for (name, file, beta, rho_paper, r_paper) in TABLE_5 {
        let scores = stored_row(data, file, beta)?;
        let rho = spearman(&by_items.observed, &scores)?;
        let r_exact = pearson(&by_items.observed, &scores)?.context("constant scores")?;
        let r_theirs = pearson(table3, &scores)?.context("constant scores")?;
        if format!("{rho:.3}") != format!("{rho_paper:.3}") {
            bail!("{name}: ρ {rho:.3}, the paper's {rho_paper:.3}");
        }
        if format!("{r_theirs:.3}") != format!("{r_paper:.3}") {
            differences.push((name, r_theirs, r_paper));
        }
        table.row(
            std::iter::once(name.to_owned())
                .chain([rho_paper, rho, r_paper, r_exact, r_theirs].map(|v| fixed(v, 3))),
        );
        table5.push(json!({"metric": name, "rho": rho, "rho_paper": rho_paper,
                           "r_exact_ew": r_exact, "r_bootstrap_means": r_theirs, "r_paper": r_paper}));
    }
    md.push_str(&table.markdown());
    if differences
        .iter()
        .any(|(_, ours, paper)| (ours - paper).abs() > 0.0015)
    {
        bail!("r differs from the paper by more than bootstrap noise: {differences:?}");
    }
    writeln!(
        md,
        "\nEvery ρ equals the paper's. r with their procedure equals it on {} of 7 rows; {}. \
         Their human scores are means of an unseeded bootstrap, so a third decimal can move with \
         the draws (ours: seed {SEED}); with the exact EW every r is 0.001–0.002 lower.",
        7 - differences.len(),
        if differences.is_empty() {
            "none differs".to_owned()
        } else {
            differences
                .iter()
                .map(|(n, o, p)| format!("{n} gives {o:.3} where the paper prints {p:.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    )?;
    Ok(table5)
}

fn human_table(md: &mut String, by_items: &HumanScores, table3: &[f64]) -> anyhow::Result<()> {
    writeln!(md, "## Human ranking (their Table 3)\n")?;
    let mut table = Table::new(&[
        ("system", Align::Left),
        ("EW, all judgments (= `EW.pl`)", Align::Right),
        (
            "their procedure: mean of 1,000 comparison resamples",
            Align::Right,
        ),
        ("95 % interval, ranking-item resamples", Align::Left),
    ]);
    let mut order: Vec<usize> = (0..SYSTEMS.len()).collect();
    order.sort_by(|&a, &b| by_items.observed[b].total_cmp(&by_items.observed[a]));
    for i in order {
        let mut column: Vec<f64> = by_items.resampled.iter().map(|r| r[i]).collect();
        column.sort_by(f64::total_cmp);
        let interval = corpus_resampling::percentile_interval(&column, 0.05)?;
        table.row([
            SYSTEMS[i].to_owned(),
            fixed(by_items.observed[i], 4),
            fixed(table3[i], 3),
            format!("[{:.3}, {:.3}]", interval.low, interval.high),
        ]);
    }
    md.push_str(&table.markdown());
    Ok(())
}

/// The metrics named as the command names them ([`MetaMetric::names`]).
pub(crate) fn meta_metrics(metrics: &[&str]) -> anyhow::Result<Vec<MetaMetric>> {
    Ok(metrics
        .iter()
        .map(|m| m.parse())
        .collect::<Result<_, _>>()?)
}

/// What `arguments` asks `gecbias meta-eval` for, from the engine itself.
fn meta_eval_command(data: &DataDir, metrics: &[&str]) -> anyhow::Result<MetaEvalReport> {
    let mut options = MetaEvalOptions::new(Dataset::Gjg15, data.join(ROOT), data.join(&gold()));
    options.metrics = meta_metrics(metrics)?;
    options.seed = SEED;
    options.confidence = true;
    options.paired = true;
    Ok(MetaEval::new(options)?.report()?)
}

/// The scatter of M2 F0.5, GLEU and (with `--full`) USim against the human scores.
fn figures(command: &MetaEvalReport) -> anyhow::Result<Vec<(&'static str, String)>> {
    let mut out = Vec::new();
    for (metric, name) in [("M2 F0.5", "m2-f05"), ("GLEU", "gleu"), ("USim", "usim")] {
        let Some(row) = command.metrics.iter().find(|r| r.metric == metric) else {
            continue;
        };
        let points: Vec<gecbias_plot::Point> = SYSTEMS
            .iter()
            .zip(&command.human.scores)
            .zip(&row.scores)
            .map(|((s, &x), &y)| gecbias_plot::Point {
                label: (*s).to_owned(),
                x,
                y,
            })
            .collect();
        let caption = format!(
            "ρ = {:.3}, r = {:.3}",
            row.spearman.estimate, row.pearson.estimate
        );
        let svg = gecbias_plot::scatter(
            &format!("{metric} against GJG15's human ranking"),
            ("human score (Expected Wins)", metric),
            &points,
            &caption,
        )?;
        out.push((name, svg));
    }
    Ok(out)
}

fn ours_table(md: &mut String, command: &MetaEvalReport) -> anyhow::Result<()> {
    writeln!(
        md,
        "\n## `gecbias meta-eval` on the 13 outputs\n\n`gecbias meta-eval --dataset gjg15 -m {} \
         --confidence --paired` (`--full` adds USim from text): every metric computed by gecbias on the official \
         submissions against the CoNLL-2014 gold (`official-2014.combined.m2`; GLEU's references \
         are its two annotators' corrections, ERRANT types the outputs from text), correlated \
         with EW; 95 % percentile intervals over 1,000 resamples of the ranking items, EW \
         re-derived on each.\n",
        command
            .metrics
            .iter()
            .map(|m| m.metric.as_str())
            .map(|m| m.split(' ').next().unwrap_or(m).to_lowercase())
            .fold(Vec::<String>::new(), |mut all, m| {
                if !all.contains(&m) {
                    all.push(m);
                }
                all
            })
            .join(" ")
    )?;
    md.push_str(&correlation_table(command));
    writeln!(
        md,
        "\nThe intervals are wide: the human scores of the middle systems lie within a few \
         hundredths of each other (Table 3's intervals), so resampled judgments reorder them, and \
         a correlation over 13 points moves with the order. Signature: `{}`. Figures: \
         `target/reproduce/meta-eval-gjg15-{{m2-f05,gleu}}.svg`, each system's human score \
         against the metric's.",
        command.signature
    )?;
    let usim = command.metrics.iter().find(|r| r.metric == "USim");
    if let Some(r) = usim.map(|u| u.pearson.estimate) {
        writeln!(
            md,
            "\nUSim correlates {} with the human ranking (r = {r:.3}): it measures how faithful \
             an output is to its source, which leaving the source unchanged maximises, not how \
             good the correction is; the USim paper proposes it beside a measure of \
             grammaticality, never alone.",
            if r < 0.0 { "negatively" } else { "positively" }
        )?;
    }
    Ok(())
}

/// The gold sizes g (whole numbers within `window` of ours) for which some whole counts c ≤ g
/// and p give their rounded precision and recall: round(c/p, 4) = P and round(c/g, 4) = R.
fn implied_gold_sizes(ours: &M2Score, precision: f64, recall: f64, window: u64) -> Vec<u64> {
    let round4 = |x: f64| (x * 10_000.0).round() / 10_000.0;
    let around = |v: u64| v.saturating_sub(window).max(1)..=v + window;
    around(ours.gold)
        .filter(|&g| {
            around(ours.correct).any(|c| {
                c <= g
                    && round4(c as f64 / g as f64) == recall
                    && around(ours.proposed)
                        .any(|p| c <= p && round4(c as f64 / p as f64) == precision)
            })
        })
        .collect()
}

/// Why gecbias's M2 rows differ from the stored-score rows: their P and R, solved for whole
/// counts, need another number of gold edits than the official gold has.
fn gold_trace(md: &mut String, data: &DataDir, command: &MetaEvalReport) -> anyhow::Result<()> {
    let stored_m2 = stored(data, "scores.m2")?;
    let ours = command
        .metrics
        .iter()
        .find(|r| r.metric == "M2 F0.5")
        .context("no M2 F0.5 row")?;
    let differing = SYSTEMS
        .iter()
        .enumerate()
        .filter(|(i, s)| {
            let theirs = stored_m2.iter().find(|(n, _)| n == *s).map(|(_, v)| v[0]);
            theirs
                != ours
                    .scores
                    .get(*i)
                    .map(|v| (v * 10_000.0).round() / 10_000.0)
        })
        .count();
    writeln!(
        md,
        "\n### Why our M2 rows differ from Table 5's\n\nTheir stored M2 scores are not m2scorer's \
         on the official gold (gecbias's M2 equals m2scorer's, the drop-in tests): F0.5 differs \
         at 4 decimals for {differing} of 13 systems. With one annotator's gold the number of \
         gold edits is the same for every system, so their per-annotator files \
         (`scores.m2.0`, `scores.m2.1`) can be solved for it: the gold sizes g within 40 of ours \
         for which whole counts reproduce their rounded P and R, per system, and the sizes every \
         system with a solution allows.\n"
    )?;
    let mut table = Table::new(&[
        ("annotator", Align::Left),
        ("edits in the official gold", Align::Right),
        ("g allowed by all systems with a solution", Align::Left),
        (
            "systems without a whole-count solution near ours",
            Align::Left,
        ),
    ]);
    for annotator in [0u8, 1] {
        let gold = M2Gold::read(data.join(&format!("{CONLL_GOLD}/official-2014.{annotator}.m2")))?;
        let theirs = stored(data, &format!("scores.m2.{annotator}"))?;
        let (mut allowed, mut unsolved, mut official) = (None::<Vec<u64>>, Vec::new(), 0);
        for s in SYSTEMS.iter().filter(|s| **s != "INPUT") {
            let ours = gold
                .score_file(data.join(&format!("{OUTPUTS}/{s}")), &M2Options::default())?
                .score;
            official = ours.gold;
            let (_, v) = theirs
                .iter()
                .find(|(n, _)| n == s)
                .context("system missing")?;
            let sizes = implied_gold_sizes(&ours, v[1], v[2], 40);
            if sizes.is_empty() {
                unsolved.push(*s);
                continue;
            }
            allowed = Some(match allowed {
                None => sizes,
                Some(a) => a.into_iter().filter(|g| sizes.contains(g)).collect(),
            });
        }
        let allowed = allowed.unwrap_or_default();
        let range = match (allowed.first(), allowed.last()) {
            (Some(lo), Some(hi)) if lo == hi => format!("{lo}"),
            (Some(lo), Some(hi)) => format!("{} values, {lo}–{hi}", allowed.len()),
            _ => "none".into(),
        };
        table.row([
            annotator.to_string(),
            official.to_string(),
            range,
            if unsolved.is_empty() {
                "—".to_owned()
            } else {
                unsolved.join(", ")
            },
        ]);
    }
    md.push_str(&table.markdown());
    writeln!(
        md,
        "\nNo size shared by the systems is the official one: their gold was another release of \
         the annotation (and possibly another scorer version, which the systems without a \
         solution suggest). Only the order matters to ρ.\n"
    )?;
    table = Table::figures("system", &["their F0.5", "ours"]);
    for (i, s) in SYSTEMS.iter().enumerate() {
        let theirs = stored_m2
            .iter()
            .find(|(n, _)| n == s)
            .map_or(f64::NAN, |(_, v)| v[0]);
        table.row([
            (*s).to_owned(),
            fixed(theirs, 4),
            fixed(ours.scores.get(i).copied().unwrap_or(f64::NAN), 4),
        ]);
    }
    md.push_str(&table.markdown());
    Ok(())
}

fn paired_table(md: &mut String, command: &MetaEvalReport) -> anyhow::Result<()> {
    writeln!(
        md,
        "\n## Is one metric closer to the humans than another?\n\nΔ = r(a) − r(b) on the same \
         resamples (percentile interval; two-sided bootstrap p; Holm–Bonferroni over the 15 \
         pairs) and Williams' test of the two dependent correlations (n = 13, two-sided). The \
         two answer different questions: the bootstrap holds the 13 systems fixed and asks \
         whether other judgments would reverse Δ; Williams treats the systems as a sample of \
         systems and asks whether Δ would hold for other systems. Pairs with M2 F0.5, Pearson:\n"
    )?;
    let mut table = Table::new(&[
        ("a − b", Align::Left),
        ("Δ", Align::Right),
        ("95 %", Align::Left),
        ("p boot", Align::Right),
        ("p Holm", Align::Right),
        ("p Williams", Align::Right),
    ]);
    for p in &command.paired {
        if p.correlation != "pearson" || (p.a != "M2 F0.5" && p.b != "M2 F0.5") {
            continue;
        }
        table.row([
            format!("{} − {}", p.a, p.b),
            signed(p.difference, 3),
            format!("[{}, {}]", signed(p.low, 3), signed(p.high, 3)),
            fixed(p.p_bootstrap, 4),
            fixed(p.p_holm, 4),
            fixed(p.p_williams.unwrap_or(f64::NAN), 4),
        ]);
    }
    md.push_str(&table.markdown());
    let pearson_pairs: Vec<&PairRow> = command
        .paired
        .iter()
        .filter(|p| p.correlation == "pearson")
        .collect();
    let below = |p_value: fn(&PairRow) -> Option<f64>| {
        pearson_pairs
            .iter()
            .filter(|p| p_value(p).is_some_and(|v| v < 0.05))
            .count()
    };
    writeln!(
        md,
        "\nOver all {} Pearson pairs, {} differ at α = 0.05 by the bootstrap after Holm's \
         correction and {} by Williams' test: other judgments of these 13 systems would keep \
         much of the order of the metrics, but 13 systems are too few to say it would hold for \
         other systems.",
        pearson_pairs.len(),
        below(|p| Some(p.p_holm)),
        below(|p| p.p_williams)
    )?;
    Ok(())
}

/// How wide the intervals of one correlation are under each resampling unit.
fn units_table(md: &mut String, data: &DataDir, humans: [&HumanScores; 3]) -> anyhow::Result<()> {
    let scores = stored_row(data, "scores.m2", Some(0.5))?;
    writeln!(
        md,
        "\n## What a resample draws\n\nρ and r of their stored M2 F0.5 with 95 % intervals under \
         each unit (1,000 resamples, seed {SEED}). Comparisons within one ranking share a judge \
         and a sentence, so drawing them one by one (WMT's and GJG15's bootstrap) treats \
         dependent data as independent and gives the narrowest intervals; `meta-eval` draws \
         ranking items by default and offers sentences (all rankings of a judged sentence \
         together, the widest).\n"
    )?;
    let mut table = Table::new(&[
        ("unit", Align::Left),
        ("ρ", Align::Left),
        ("r", Align::Left),
    ]);
    for (name, h) in ["ranking items (default)", "sentences", "single comparisons"]
        .iter()
        .zip(humans)
    {
        let rho = h.correlation(&scores, Correlation::Spearman, 0.95)?;
        let r = h.correlation(&scores, Correlation::Pearson, 0.95)?;
        table.row([
            (*name).to_owned(),
            format!("{:.3} [{:.3}, {:.3}]", rho.estimate, rho.low, rho.high),
            format!("{:.3} [{:.3}, {:.3}]", r.estimate, r.low, r.high),
        ]);
    }
    md.push_str(&table.markdown());
    Ok(())
}
