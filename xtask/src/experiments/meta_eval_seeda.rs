//! `meta-eval-seeda`: SEEDA (Kobayashi, Mita & Komachi, TACL 2024): 15 CoNLL-2014 outputs —
//! neural and LLM systems, the input and two human references — judged on a 391-sentence subset.
//! Its human scores from its judgments, its README's metric scores, its system-level
//! correlations (`utils/corr_system.py`) for gecbias's M2, ERRANT and GLEU, intervals and paired
//! tests, and the low-coverage-bias question: where do metrics put the human references?

use std::fmt::Write as _;

use anyhow::{Context, bail};
use gec_metrics::GleuOptions;
use gec_metrics::{GleuCorpus, M2Gold, M2Options};
use gecbias_data::DataDir;
use gecbias_data::datasets::CONLL_REFERENCES;
use gecbias_engine::{
    Dataset, Difference, Granularity, MetaEval, MetaEvalOptions, MetaEvalReport, MetaMetric, Metric,
};
use indicatif::ProgressBar;
use meta_eval::{
    Ties, TrueSkillOptions, expected_wins, pearson, read_rankings, spearman_average_ranks,
    trueskill,
};
use serde_json::{Value, json};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, correlation_table, fixed, signed};
use crate::paper_inputs::seeda::{SYSTEMS, gold, judged_inputs};

pub(crate) const EXPERIMENT: Experiment = Experiment::new("meta-eval-seeda", TITLE, inputs, run);
const TITLE: &str = "SEEDA (TACL 2024): human scores, system-level correlations of M2, ERRANT and GLEU as its scripts compute them, intervals, and where metrics rank the human references";

/// `corr_system.py`'s system sets: name, the indices it deletes.
const SETS: [(&str, &[usize]); 4] = [
    ("base", &[4, 5, 8]),
    ("+INPUT", &[4, 8]),
    ("+REF-F_GPT-3.5", &[5]),
    ("all", &[]),
];

const HUMAN_FILES: [&str; 4] = ["EW_sent", "TS_sent", "EW_edit", "TS_edit"];

/// SEEDA README's scores on the whole CoNLL-2014 test set: system, M2, ERRANT, GLEU (× 100).
const README_SCORES: [(&str, f64, f64, f64); 15] = [
    ("BART", 50.3, 46.66, 63.46),
    ("BERT-fuse", 62.77, 58.99, 68.5),
    ("GECToR-BERT", 61.83, 58.05, 66.56),
    ("GECToR-ens", 63.53, 61.43, 65.08),
    ("GPT-3.5", 53.5, 44.12, 65.93),
    ("INPUT", 0.0, 0.0, 56.6),
    ("LM-Critic", 55.5, 52.38, 64.39),
    ("PIE", 59.93, 55.89, 67.83),
    ("REF-F", 47.48, 33.24, 60.34),
    ("REF-M", 60.12, 54.77, 67.27),
    ("Riken-Tohoku", 64.74, 61.88, 68.37),
    ("T5", 65.07, 60.65, 68.81),
    ("TemplateGEC", 56.29, 51.34, 65.07),
    ("TransGEC", 68.08, 64.43, 70.2),
    ("UEDIN-MS", 64.55, 61.33, 67.41),
];

/// SEEDA's scripts' outputs on gecbias's scores (`scripts/record-seeda-correlations.py`).
const RECORDED: &str =
    include_str!("../../../crates/meta-eval/tests/recorded/seeda-corr-system.tsv");
const RECORDED_SENTENCE: &str =
    include_str!("../../../crates/meta-eval/tests/recorded/seeda-corr-sentence.tsv");

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = judged_inputs();
    out.extend(
        HUMAN_FILES
            .iter()
            .map(|h| format!("seeda/scores/human/{h}.txt")),
    );
    out.extend(SYSTEMS.iter().map(|s| format!("seeda/outputs/all/{s}.txt")));
    Ok(out)
}

fn read(data: &DataDir, rel: &str) -> anyhow::Result<String> {
    std::fs::read_to_string(data.join(rel)).with_context(|| format!("reading {rel}"))
}

fn numbers(data: &DataDir, rel: &str) -> anyhow::Result<Vec<f64>> {
    read(data, rel)?
        .lines()
        .enumerate()
        .map(|(i, l)| {
            l.trim()
                .parse()
                .with_context(|| format!("{rel}:{}: not a number", i + 1))
        })
        .collect()
}

fn kept(values: &[f64], deleted: &[usize]) -> Vec<f64> {
    values
        .iter()
        .enumerate()
        .filter(|(i, _)| !deleted.contains(i))
        .map(|(_, v)| *v)
        .collect()
}

/// What `gecbias meta-eval --dataset seeda -m m2 errant gleu --beta 0.5` gives with the options
/// `set` changes, from the engine itself.
fn command(
    data: &DataDir,
    set: impl FnOnce(&mut MetaEvalOptions),
) -> anyhow::Result<MetaEvalReport> {
    let mut options = MetaEvalOptions::new(Dataset::Seeda, data.join("seeda"), data.join(&gold()));
    options.metrics = vec![
        MetaMetric::Metric(Metric::M2),
        MetaMetric::Metric(Metric::Errant),
        MetaMetric::Metric(Metric::Gleu),
    ];
    options.betas = vec![0.5];
    set(&mut options);
    Ok(MetaEval::new(options)?.report()?)
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let mut md = String::new();
    let mut json = json!({});
    writeln!(
        md,
        "SEEDA's judges ranked, for 200 of the 391 judged CoNLL-2014 sentences each, the outputs \
         of 15 systems (neural and LLM systems, the unchanged INPUT, and two human corrections: \
         REF-M, minimal, and REF-F, fluent), once as whole sentences and once as edits. Its \
         \"base\" set leaves out GPT-3.5, INPUT and REF-F.\n"
    )?;
    human_section(&mut md, data)?;
    progress.inc(1);
    readme_section(&mut md, data)?;
    progress.inc(1);
    let all = command(data, |o| o.exclude = Some(Vec::new()))?;
    let correlations = correlation_section(&mut md, data, &all)?;
    json["correlations"] = correlations;
    references_section(&mut md, data, &all)?;
    let with_references = command(data, |o| {
        o.exclude = Some(vec!["INPUT".into(), "GPT-3.5".into()]);
        o.paired = true;
    })?;
    references_test(&mut md, &with_references)?;
    let base = command(data, |o| {
        o.confidence = true;
        o.paired = true;
    })?;
    intervals_section(&mut md, &base)?;
    let edit = command(data, |o| o.granularity = Granularity::Edit)?;
    sentence_section(&mut md, &base, &edit)?;
    json["command"] = serde_json::to_value(&base)?;
    progress.inc(SYSTEMS.len() as u64);
    Ok(Report {
        markdown: md,
        json,
        figures: Vec::new(),
    })
}

fn human_section(md: &mut String, data: &DataDir) -> anyhow::Result<()> {
    writeln!(
        md,
        "## Human scores\n\nExpected Wins (`meta_eval::expected_wins`, exactly GJG15's `EW.pl`) \
         and TrueSkill (`meta_eval::trueskill`, WMT's `TS.py -n 2`: mean μ of 100 seeded runs) \
         from SEEDA's judgments, beside SEEDA's stored scores (`scores/human/{{EW,TS}}_*.txt`, \
         made with GJG15's pipeline: unseeded bootstrap resamples or runs, 3 decimals).\n"
    )?;
    let mut summary = Vec::new();
    for (method, tolerance) in [("EW", 0.0015), ("TS", 0.01)] {
        let mut columns = Vec::new();
        for granularity in ["sent", "edit"] {
            let rel = format!("seeda/data/judgments_{granularity}.xml");
            let rankings = read_rankings(&read(data, &rel)?, &rel)?;
            let comparisons: Vec<_> = rankings.iter().flat_map(|r| r.comparisons()).collect();
            let ours: Vec<(String, f64)> = if method == "EW" {
                expected_wins(&comparisons, Ties::Ignored)
                    .into_iter()
                    .map(|s| (s.system, s.score))
                    .collect()
            } else {
                trueskill(&comparisons, &TrueSkillOptions::default())?
                    .into_iter()
                    .map(|s| (s.system, s.mu))
                    .collect()
            };
            let stored = numbers(
                data,
                &format!("seeda/scores/human/{method}_{granularity}.txt"),
            )?;
            let pairs: Vec<(f64, f64)> = SYSTEMS
                .iter()
                .zip(&stored)
                .map(|(s, t)| {
                    let o = ours.iter().find(|x| x.0 == *s).map_or(f64::NAN, |x| x.1);
                    (o, *t)
                })
                .collect();
            let worst = pairs.iter().map(|(o, t)| (o - t).abs()).fold(0.0, f64::max);
            if worst.is_nan() || worst >= tolerance {
                bail!("{method} {granularity}: ours differ from the stored scores by {worst}");
            }
            let equal = pairs
                .iter()
                .filter(|(o, t)| format!("{o:.3}") == format!("{t:.3}"))
                .count();
            summary.push(format!(
                "{method} {granularity}: {equal} of 15 equal at 3 decimals, the largest difference {worst:.4}"
            ));
            columns.push(pairs);
        }
        let (sentence, edit) = (
            format!("{method} sent, ours"),
            format!("{method} edit, ours"),
        );
        let mut table = Table::figures("system", &[&sentence, "stored", &edit, "stored"]);
        for (i, s) in SYSTEMS.iter().enumerate() {
            table.row([
                (*s).to_owned(),
                fixed(columns[0][i].0, 4),
                fixed(columns[0][i].1, 3),
                fixed(columns[1][i].0, 4),
                fixed(columns[1][i].1, 3),
            ]);
        }
        writeln!(md, "{}", table.markdown())?;
    }
    writeln!(
        md,
        "{}: the differences are the noise of their unseeded resamples and runs.",
        summary.join("; ")
    )?;
    Ok(())
}

/// The README's whole-test-set scores against gecbias's: M2 against the CoNLL-2014 gold, GLEU
/// against NUCLE's two corrected texts, ERRANT for the record.
fn readme_section(md: &mut String, data: &DataDir) -> anyhow::Result<()> {
    let gold = M2Gold::read(data.join(&gold()))?;
    let source = data.join(&format!("{CONLL_REFERENCES}/source"));
    let references = [
        data.join(&format!("{CONLL_REFERENCES}/NUCLEA")),
        data.join(&format!("{CONLL_REFERENCES}/NUCLEB")),
    ];
    let gleu = GleuCorpus::read(source, &references)?;
    writeln!(
        md,
        "\n## The README's scores on the whole test set\n\nSEEDA's README lists each system's \
         M2, ERRANT and GLEU on all 1,312 sentences (`outputs/all`). gecbias's M2 (official \
         gold) and GLEU (NUCLE A and B as references, compute_gleu's 500 draws) on the same \
         files:\n"
    )?;
    let mut table = Table::figures(
        "system",
        &["M2 README", "M2 ours", "GLEU README", "GLEU ours"],
    );
    let (mut m2_differ, mut gleu_equal) = (Vec::new(), 0);
    for (system, m2_readme, _, gleu_readme) in README_SCORES {
        let path = data.join(&format!("seeda/outputs/all/{system}.txt"));
        let m2 = 100.0 * gold.score_file(&path, &M2Options::default())?.score.f_beta;
        let g = 100.0 * gleu.score_file(&path, &GleuOptions::default())?.mean;
        if format!("{m2:.2}") != format!("{m2_readme:.2}") {
            m2_differ.push(system);
        }
        if (g - gleu_readme).abs() > 0.015 {
            bail!("{system}: GLEU {g:.2}, the README's {gleu_readme:.2}");
        }
        gleu_equal += usize::from(format!("{g:.2}") == format!("{gleu_readme:.2}"));
        table.row(
            std::iter::once(system.to_owned())
                .chain([m2_readme, m2, gleu_readme, g].map(|v| fixed(v, 2))),
        );
    }
    md.push_str(&table.markdown());
    if !m2_differ.is_empty() {
        bail!("M2 differs from SEEDA's README for {m2_differ:?}");
    }
    writeln!(
        md,
        "\nEvery M2 equals the README's at its two decimals; GLEU equals it for {gleu_equal} of \
         15 systems and differs by 0.01 for the others — compute_gleu's mean over random draws of \
         references, which moves in the second decimal with the draws (ours are compute_gleu's \
         own, byte for byte, on the recorded runs). Its ERRANT column does not say how the \
         reference M2 was made; gecbias's `-m errant` types the gold's own edits (as \
         `errant_m2 -gold` does) and gives other values, so ERRANT is compared through \
         the correlations below only."
    )?;
    Ok(())
}

/// The base set's system-level correlations with SEEDA's stored human scores, as
/// `corr_system.py` computes them, checked against its recorded output on the same scores.
fn correlation_section(
    md: &mut String,
    data: &DataDir,
    all: &MetaEvalReport,
) -> anyhow::Result<Value> {
    let metrics = &all.metrics;
    let recorded: Vec<Vec<&str>> = RECORDED
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let mut out = Vec::new();
    for m in metrics {
        let name = m.metric.as_str();
        let ours: Vec<String> = m.scores.iter().map(|s| format!("{s:?}")).collect();
        for row in recorded.iter().filter(|r| r[2] == name) {
            if row[3] != ours.join(",") {
                bail!("{name}: the command's scores are not those corr_system.py was recorded on");
            }
        }
    }
    writeln!(
        md,
        "\n## System-level correlations (SEEDA's `corr_system.py`)\n\ngecbias's M2, ERRANT and \
         GLEU (F0.5; on the judged 391 sentences against the gold's sentences of them) for the \
         base set's 12 systems, against each of SEEDA's stored human scores: Pearson's r and \
         Spearman's ρ (scipy's, ties sharing ranks). Each value equals the output of SEEDA's own \
         script on the same scores (`crates/meta-eval/tests/recorded/seeda-corr-system.tsv`, \
         checked here to 1e-12).\n"
    )?;
    let mut table = Table::new(&[
        ("metric", Align::Left),
        ("EW sent r / ρ", Align::Left),
        ("TS sent r / ρ", Align::Left),
        ("EW edit r / ρ", Align::Left),
        ("TS edit r / ρ", Align::Left),
    ]);
    for m in metrics {
        let name = m.metric.as_str();
        let scores = &m.scores;
        let mut cells = Vec::new();
        for human_file in HUMAN_FILES {
            let human = numbers(data, &format!("seeda/scores/human/{human_file}.txt"))?;
            for (set, deleted) in SETS {
                let (h, s) = (kept(&human, deleted), kept(scores, deleted));
                let r = pearson(&h, &s)?.context("constant scores")?;
                let rho = spearman_average_ranks(&h, &s)?.context("constant scores")?;
                let row = recorded
                    .iter()
                    .find(|r| r[0] == human_file && r[1] == set && r[2] == name)
                    .with_context(|| format!("no recorded {human_file} {set} {name}"))?;
                let (theirs_r, theirs_rho): (f64, f64) = (row[4].parse()?, row[5].parse()?);
                if (r - theirs_r).abs() > 1e-12 || (rho - theirs_rho).abs() > 1e-12 {
                    bail!(
                        "{human_file} {set} {name}: ours {r} {rho}, corr_system.py {theirs_r} {theirs_rho}"
                    );
                }
                if set == "base" {
                    cells.push(format!("{r:.3} / {rho:.3}"));
                }
                out.push(json!({"human": human_file, "systems": set, "metric": name,
                                "pearson": r, "spearman": rho}));
            }
        }
        table.row(std::iter::once(name.to_owned()).chain(cells));
    }
    md.push_str(&table.markdown());
    Ok(Value::Array(out))
}

/// The LCB question on SEEDA: where each metric ranks the human corrections (and GPT-3.5's
/// fluent rewrites) among the 15, against where people rank them, and what adding them does to
/// the correlations.
fn references_section(md: &mut String, data: &DataDir, all: &MetaEvalReport) -> anyhow::Result<()> {
    let human = numbers(data, "seeda/scores/human/EW_sent.txt")?;
    let rank_of = |scores: &[f64], i: usize| 1 + scores.iter().filter(|&&s| s > scores[i]).count();
    let metrics: Vec<(&str, &[f64])> = all
        .metrics
        .iter()
        .map(|m| (m.metric.as_str(), m.scores.as_slice()))
        .collect();
    writeln!(
        md,
        "\n## Do metrics rank the human corrections below the systems?\n\nThe low-coverage \
         bias predicts that reference-based metrics undervalue corrections that change more \
         than the references do. Rank among the 15 outputs (1 = best) by people (stored EW, \
         sentences) and by each metric:\n"
    )?;
    let mut columns = vec!["people"];
    columns.extend(metrics.iter().map(|m| m.0));
    let mut table = Table::figures("output", &columns);
    let mut fluent = Vec::new();
    for name in ["REF-F", "GPT-3.5", "REF-M", "INPUT"] {
        let i = SYSTEMS.iter().position(|s| *s == name).context("system")?;
        let ranks: Vec<usize> = metrics.iter().map(|(_, s)| rank_of(s, i)).collect();
        let cells: Vec<String> = ranks.iter().map(usize::to_string).collect();
        table.row(
            [name.to_owned(), rank_of(&human, i).to_string()]
                .into_iter()
                .chain(cells),
        );
        if name == "REF-F" || name == "GPT-3.5" {
            let (lo, hi) = (
                ranks.iter().min().copied().unwrap_or(0),
                ranks.iter().max().copied().unwrap_or(0),
            );
            let by_metrics = if lo == hi {
                format!("{lo} by every metric")
            } else {
                format!("{lo}–{hi} by the metrics")
            };
            fluent.push(format!(
                "{name} ranks {} by people, {by_metrics}",
                rank_of(&human, i)
            ));
        }
    }
    md.push_str(&table.markdown());
    writeln!(
        md,
        "\nOf the 15 outputs, {}. Adding them to the systems correlated (stored EW, \
         sentences; r / ρ):\n",
        fluent.join("; ")
    )?;
    let mut table = Table::new(&[
        ("metric", Align::Left),
        ("base", Align::Left),
        ("+INPUT", Align::Left),
        ("+REF-F, GPT-3.5", Align::Left),
        ("all 15", Align::Left),
    ]);
    for (name, scores) in &metrics {
        let cells = SETS
            .iter()
            .map(|(_, deleted)| {
                let (h, s) = (kept(&human, deleted), kept(scores, deleted));
                let r = pearson(&h, &s)?.context("constant scores")?;
                let rho = spearman_average_ranks(&h, &s)?.context("constant scores")?;
                Ok(format!("{r:.3} / {rho:.3}"))
            })
            .collect::<anyhow::Result<Vec<String>>>()?;
        table.row(std::iter::once(name.to_string()).chain(cells));
    }
    md.push_str(&table.markdown());
    Ok(())
}

fn intervals_section(md: &mut String, base: &MetaEvalReport) -> anyhow::Result<()> {
    writeln!(
        md,
        "\n## Intervals and paired tests from the judgments\n\n`gecbias meta-eval --dataset seeda \
         -m m2 errant gleu --confidence --paired` (base set, sentence judgments): the human \
         ranking re-derived by Expected Wins on each of 1,000 resamples of the 600 ranking \
         items. Signature: `{}`.\n",
        base.signature
    )?;
    md.push_str(&correlation_table(base));
    md.push('\n');
    let mut table = Table::new(&[
        ("a − b", Align::Left),
        ("correlation", Align::Left),
        ("Δ", Align::Right),
        ("95 %", Align::Left),
        ("p boot (Holm)", Align::Right),
        ("p Williams", Align::Right),
    ]);
    for p in &base.paired {
        table.row([
            format!("{} − {}", p.a, p.b),
            p.correlation.to_string(),
            signed(p.difference, 3),
            format!("[{}, {}]", signed(p.low, 3), signed(p.high, 3)),
            format!("{} ({})", fixed(p.p_bootstrap, 4), fixed(p.p_holm, 4)),
            p.p_williams.map_or_else(|| "—".to_owned(), |v| fixed(v, 4)),
        ]);
    }
    md.push_str(&table.markdown());
    Ok(())
}

/// Sentence level: the command's agreement of each metric's sentence scores with the judges
/// (base set), checked against SEEDA's `corr_sentence.py` on the same scores.
fn sentence_section(
    md: &mut String,
    sent: &MetaEvalReport,
    edit: &MetaEvalReport,
) -> anyhow::Result<()> {
    writeln!(
        md,
        "\n## Sentence level (SEEDA's `corr_sentence.py`)\n\nFor every pair of systems a judge \
         ranked apart on a sentence, does the metric's sentence score (`score --sentence-level`) \
         order them the same way? Accuracy and Kendall's τ = (agree − disagree) / pairs, base \
         set; equal metric scores count as the alphabetically later system scoring higher, as in \
         the script. Each value equals the script's output on the same sentence scores \
         (`crates/meta-eval/tests/recorded/seeda-corr-sentence.tsv`, all four system sets \
         recorded; the base set checked here exactly).\n"
    )?;
    let mut table = Table::new(&[
        ("metric", Align::Left),
        ("sentence judgments: accuracy / τ", Align::Left),
        ("edit judgments: accuracy / τ", Align::Left),
    ]);
    let recorded: Vec<Vec<&str>> = RECORDED_SENTENCE
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    for (s, e) in sent.metrics.iter().zip(&edit.metrics) {
        let name = s.metric.as_str();
        let mut cells = Vec::new();
        for (judgments, row) in [("sent", s), ("edit", e)] {
            let sentence = row.sentence.context("no sentence agreement")?;
            let (accuracy, kendall) = (sentence.accuracy, sentence.kendall);
            let theirs = recorded
                .iter()
                .find(|r| r[0] == judgments && r[1] == "base" && r[2] == name)
                .with_context(|| format!("no recorded {judgments} {name}"))?;
            if format!("{accuracy:?}") != theirs[3] || format!("{kendall:?}") != theirs[4] {
                bail!(
                    "{judgments} {name}: ours {accuracy} {kendall}, corr_sentence.py {} {}",
                    theirs[3],
                    theirs[4]
                );
            }
            cells.push(format!("{accuracy:.3} / {kendall:.3}"));
        }
        table.row(std::iter::once(name.to_owned()).chain(cells));
    }
    md.push_str(&table.markdown());
    Ok(())
}

/// The change in each metric's correlations when the two human corrections join the 12 systems,
/// tested on the same resamples of the judgments.
fn references_test(md: &mut String, command: &MetaEvalReport) -> anyhow::Result<()> {
    writeln!(
        md,
        "\nIs the drop more than the judgments' noise? `gecbias meta-eval --dataset seeda \
         --exclude INPUT GPT-3.5 --paired` (the 11 base systems but REF-M, plus REF-F and REF-M): \
         each metric's correlation with the two human corrections minus without them, on the same \
         1,000 resamples of the ranking items (stored EW replaced by EW re-derived from the \
         judgments on each).\n"
    )?;
    let mut table = Table::new(&[
        ("metric", Align::Left),
        ("Δr [95 %]", Align::Left),
        ("p", Align::Right),
        ("Δρ [95 %]", Align::Left),
        ("p", Align::Right),
    ]);
    for m in &command.metrics {
        let cells = |v: &Difference| {
            [
                format!(
                    "{} [{}, {}]",
                    signed(v.difference, 3),
                    signed(v.low, 3),
                    signed(v.high, 3)
                ),
                fixed(v.p_bootstrap, 4),
            ]
        };
        let Some(w) = &m.with_references else {
            bail!("no with_references for {}", m.metric);
        };
        table.row(
            std::iter::once(m.metric.to_string())
                .chain(cells(&w.pearson))
                .chain(cells(&w.spearman)),
        );
    }
    md.push_str(&table.markdown());
    Ok(())
}
