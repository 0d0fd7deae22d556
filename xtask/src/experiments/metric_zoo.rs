//! `metric-zoo`: the model-free GEC metrics of 2023–2025 that gecbias adds beside the papers' —
//! GREEN, Koyama's GLEU, GoToScorer, CLEME and CLEME2.0, macro-averaged ERRANT — each equal to its reference
//! implementation on the 14 CoNLL-2014 systems (the numbers `cargo xtask record` and `record
//! metric-zoo` kept from the implementations themselves; the report fails on any difference), and
//! all of them against SEEDA's and GJG15's human rankings with 95 % intervals, each compared with
//! M2 and ERRANT by paired bootstrap.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use gec_metrics::ClemeAssumption;
use gec_metrics::dropin::{koyama_digits, python_float};
use gec_metrics::koyama_gleu::koyama_sampled;
use gec_metrics::{GreenOptions, KoyamaOptions, ReferenceDraws, green, koyama_stats, read_lines};
use gecbias_data::DataDir;
use gecbias_data::datasets::{CONLL_PARAGRAPHS, CONLL_REFERENCES};
use gecbias_engine::{
    ClemeScorer, ClemeVariant, Dataset, ErrantAnalyser, GotoScorer, Lines, MetaEval,
    MetaEvalOptions, MetaEvalReport, MetaMetric, Metric, Resampling, System,
};
use indicatif::ProgressBar;
use serde_json::json;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table};
use crate::paper_inputs::conll14::SYSTEMS;
use crate::paper_inputs::{gjg15, seeda};
use crate::workspace;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("metric-zoo", TITLE, inputs, run);
const TITLE: &str = "The model-free metrics beyond the papers (GREEN, Koyama's GLEU, GoToScorer, CLEME, CLEME2.0, macro-averaged ERRANT): equal to their reference implementations on CoNLL-2014, and their agreement with SEEDA's and GJG15's human rankings, with intervals and paired tests";

/// The reference implementations' recorded numbers, relative to the workspace root.
const GREEN_RECORDED: &str = "crates/gec-metrics/tests/recorded/green.tsv";
const KOYAMA_RECORDED: &str = "crates/gecbias-cli/tests/recorded/koyama-gleu/conll14.fixed.txt";
const GOTO_RECORDED: &str = "crates/gecbias-engine/tests/recorded/gotoscorer.tsv";
const CLEME_RECORDED: &str = "crates/gecbias-engine/tests/recorded/cleme.tsv";

/// The CLEME configurations recorded: variant, assumption, the recorded table's label.
const CLEME_CONFIGURATIONS: [(ClemeVariant, ClemeAssumption, &str); 3] = [
    (
        ClemeVariant::Cleme,
        ClemeAssumption::Dependent,
        "metric=cleme,assumption=dependent",
    ),
    (
        ClemeVariant::Cleme,
        ClemeAssumption::Independent,
        "metric=cleme,assumption=independent",
    ),
    (
        ClemeVariant::Cleme2,
        ClemeAssumption::Dependent,
        "metric=cleme2,assumption=dependent",
    ),
];

/// The metrics correlated with the human rankings, in the tables' order.
const METRICS: [MetaMetric; 9] = [
    MetaMetric::Metric(Metric::M2),
    MetaMetric::Metric(Metric::Errant),
    MetaMetric::ErrantMacro,
    MetaMetric::Metric(Metric::Gleu),
    MetaMetric::Metric(Metric::KoyamaGleu),
    MetaMetric::Metric(Metric::Green),
    MetaMetric::Metric(Metric::GoToScorer),
    MetaMetric::Metric(Metric::Cleme),
    MetaMetric::Metric(Metric::Cleme2),
];

/// The rows every other metric is compared with.
const BASELINES: [&str; 2] = ["M2 F0.5", "ERRANT F0.5"];

fn references() -> [String; 3] {
    ["source", "NUCLEA", "NUCLEB"].map(|f| format!("{CONLL_REFERENCES}/{f}"))
}

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out: Vec<String> = references().to_vec();
    out.extend(
        SYSTEMS
            .iter()
            .map(|(_, file)| format!("{CONLL_PARAGRAPHS}/{file}")),
    );
    out.extend(gjg15::judged_inputs());
    out.extend(seeda::judged_inputs());
    Ok(out)
}

/// A recorded table's rows: the fields of each line after the header.
fn recorded(path: &str) -> anyhow::Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(workspace::root().join(path))
        .with_context(|| format!("{path}: run `cargo xtask record metric-zoo`"))?;
    Ok(text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect())
}

/// The recorded value of `system` in `configuration` (label, configuration, corpus repr, …).
fn recorded_value(
    rows: &[Vec<String>],
    system: &str,
    configuration: &str,
) -> anyhow::Result<String> {
    rows.iter()
        .find(|r| r.len() > 2 && r[0] == system && r[1] == configuration)
        .map(|r| r[2].clone())
        .with_context(|| format!("no recorded value for {system} ({configuration})"))
}

/// One system's values: ours and the reference implementation's, as each prints them.
struct Row {
    system: &'static str,
    values: Vec<(String, String)>,
}

/// GoToScorer's scores of each system, every chunk of weight 1 and weighted by the systems'
/// difficulty (the weights checked against gec-metrics' weight script's, by digest).
fn goto_scores(
    source: &Lines,
    reference: &Lines,
    systems: &[System],
    goto_rows: &[Vec<String>],
) -> anyhow::Result<(Vec<f64>, Vec<f64>)> {
    let plain = GotoScorer::new(source, reference, ErrantAnalyser::Spacy);
    let difficulty = plain.difficulty(systems)?;
    let weighted = plain.clone().with_weights(
        "the 14 systems' weights",
        difficulty.iter().map(|w| w.weights.clone()).collect(),
    );
    let weights_digest =
        gecbias_data::sha256_base64(gec_metrics::dropin::goto_weights_json(&difficulty).as_bytes());
    let recorded_digest = goto_rows
        .iter()
        .find(|r| r.first().is_some_and(|f| f == "weights-file"))
        .and_then(|r| r.get(4))
        .context("no recorded weights file")?;
    if &weights_digest != recorded_digest {
        bail!("GoToScorer's weights differ from gec-metrics' weight script's");
    }
    let none = Resampling::default();
    let goto = |scorer: &GotoScorer| -> anyhow::Result<Vec<f64>> {
        Ok(scorer
            .report(systems, &none)?
            .systems
            .iter()
            .map(|s| s.score)
            .collect())
    };
    Ok((goto(&plain)?, goto(&weighted)?))
}

/// Each CLEME configuration's score of each system, against both references.
fn cleme_scores(
    source: &Lines,
    references: &[Lines],
    systems: &[System],
) -> anyhow::Result<Vec<Vec<f64>>> {
    CLEME_CONFIGURATIONS
        .iter()
        .map(|&(variant, assumption, _)| -> anyhow::Result<Vec<f64>> {
            let scorer =
                ClemeScorer::from_references(source, references, variant, ErrantAnalyser::Spacy)?
                    .with_assumption(assumption);
            Ok(scorer
                .report_text(
                    source,
                    systems,
                    ErrantAnalyser::Spacy,
                    &Resampling::default(),
                )?
                .systems
                .iter()
                .map(|s| s.score)
                .collect())
        })
        .collect()
}

/// Each metric on each CoNLL-2014 system beside its reference implementation's number.
fn equality(data: &DataDir, progress: &ProgressBar) -> anyhow::Result<Vec<Row>> {
    let [source, nucle_a, nucle_b] = references().map(|f| data.join(&f));
    let source_lines = read_lines(&source)?;
    let refs = vec![read_lines(&nucle_a)?, read_lines(&nucle_b)?];
    let green_rows = recorded(GREEN_RECORDED)?;
    let goto_rows = recorded(GOTO_RECORDED)?;
    let koyama = std::fs::read_to_string(workspace::root().join(KOYAMA_RECORDED))
        .with_context(|| format!("{KOYAMA_RECORDED}: run `cargo xtask record`"))?;
    let source = Lines::new(source.display().to_string(), source_lines.clone());
    let reference = Lines::new(nucle_a.display().to_string(), refs[0].clone());
    let systems: Vec<System> = SYSTEMS
        .iter()
        .map(|(_, file)| {
            let path = data.join(&format!("{CONLL_PARAGRAPHS}/{file}"));
            Ok(System::named(
                *file,
                Lines::new(path.display().to_string(), read_lines(&path)?),
            ))
        })
        .collect::<anyhow::Result<_>>()?;
    let (goto_plain, goto_weighted) = goto_scores(&source, &reference, &systems, &goto_rows)?;
    let cleme_rows = recorded(CLEME_RECORDED)?;
    let both = [
        reference.clone(),
        Lines::new(nucle_b.display().to_string(), refs[1].clone()),
    ];
    let cleme = cleme_scores(&source, &both, &systems)?;
    let mut rows = Vec::new();
    for (k, (label, file)) in SYSTEMS.iter().enumerate() {
        let hypotheses = &systems[k].output.lines;
        let names = [*label, *label, *label];
        let ours_green = green(
            &source_lines,
            hypotheses,
            &refs,
            &names,
            &GreenOptions::default(),
        )?
        .corpus;
        let stats = koyama_stats(
            &source_lines,
            hypotheses,
            &refs,
            &names,
            &KoyamaOptions::default(),
        )?;
        let ours_koyama = koyama_digits(koyama_sampled(&stats, 500, ReferenceDraws::Python2)?, 2);
        let theirs_koyama = koyama
            .lines()
            .find_map(|l| gleu_line(l, file))
            .with_context(|| format!("{KOYAMA_RECORDED}: no line for {file}"))?;
        let mut values = vec![
            (
                python_float(ours_green),
                recorded_value(&green_rows, file, "unit=word,n=4,beta=2.0")?,
            ),
            (ours_koyama, theirs_koyama),
            (
                python_float(goto_plain[k]),
                recorded_value(&goto_rows, file, "weights=none")?,
            ),
            (
                python_float(goto_weighted[k]),
                recorded_value(&goto_rows, file, "weights=systems")?,
            ),
        ];
        for ((_, _, configuration), scores) in CLEME_CONFIGURATIONS.iter().zip(&cleme) {
            values.push((
                python_float(scores[k]),
                recorded_value(&cleme_rows, file, configuration)?,
            ));
        }
        if let Some((ours, theirs)) = values.iter().find(|(a, b)| a != b) {
            bail!(
                "{label}: gecbias gives {ours} where the reference implementation gives {theirs}"
            );
        }
        rows.push(Row {
            system: label,
            values,
        });
        progress.inc(1);
    }
    Ok(rows)
}

/// The number a recorded `gleu` output line gives the file named `file`, if it is its line.
fn gleu_line(line: &str, file: &str) -> Option<String> {
    let (path, value) = line.split_once('\t')?;
    path.ends_with(&format!("/{file}"))
        .then(|| value.to_owned())
}

/// Every metric against one dataset's human ranking, with intervals and paired tests.
fn meta_eval(data: &DataDir, dataset: Dataset) -> anyhow::Result<MetaEvalReport> {
    let (root, gold) = match dataset {
        Dataset::Seeda => ("seeda", seeda::gold()),
        _ => (gjg15::ROOT, gjg15::gold()),
    };
    let mut options = MetaEvalOptions::new(dataset, data.join(root), data.join(&gold));
    options.metrics = METRICS.to_vec();
    options.betas = vec![0.5];
    options.confidence = true;
    options.paired = true;
    options.seed = gjg15::SEED;
    Ok(MetaEval::new(options)?.report()?)
}

fn correlations(md: &mut String, seeda: &MetaEvalReport, gjg15: &MetaEvalReport) {
    let mut table = Table::new(&[
        ("metric", Align::Left),
        ("SEEDA ρ [95 %]", Align::Left),
        ("SEEDA r [95 %]", Align::Left),
        ("GJG15 ρ [95 %]", Align::Left),
        ("GJG15 r [95 %]", Align::Left),
    ]);
    for (s, g) in seeda.metrics.iter().zip(&gjg15.metrics) {
        table.row([
            s.metric.clone(),
            s.spearman.to_string(),
            s.pearson.to_string(),
            g.spearman.to_string(),
            g.pearson.to_string(),
        ]);
    }
    md.push_str(&table.markdown());
}

/// How many systems Koyama's GLEU (`gleu -f`) and compute_gleu's GLEU score alike to the last
/// bit: the package reimplements GLEU with the same draws.
fn same_as_gleu(md: &mut String, reports: &[&MetaEvalReport]) -> anyhow::Result<()> {
    let (mut same, mut all) = (0, 0);
    for report in reports {
        let scores = |name: &str| {
            report
                .metrics
                .iter()
                .find(|m| m.metric == name)
                .map(|m| m.scores.clone())
                .with_context(|| format!("no {name} row"))
        };
        let (gleu, koyama) = (scores("GLEU")?, scores("KoyamaGLEU")?);
        all += gleu.len();
        same += gleu.iter().zip(&koyama).filter(|(a, b)| a == b).count();
    }
    let _ = writeln!(
        md,
        "\nKoyama's GLEU with its fixed draws (`gleu -f`) and compute_gleu's GLEU give {same} of \
         the {all} judged outputs the same score to the last bit, hence the same correlations: \
         the package computes GLEU's statistics and draws as compute_gleu does, and parts from it \
         in its other modes (the best reference, sentence means, characters, other n)."
    );
    Ok(())
}

fn paired(md: &mut String, name: &str, report: &MetaEvalReport) {
    let _ = writeln!(
        md,
        "\n{name}: each metric's correlation minus M2's and ERRANT's (paired bootstrap over \
         the judgments, 1,000 resamples; p after Holm's correction over all pairs; significant \
         at 0.05 marked ✓).\n"
    );
    let mut table = Table::new(&[
        ("metric − baseline", Align::Left),
        ("correlation", Align::Left),
        ("Δ [95 %]", Align::Left),
        ("p (Holm)", Align::Right),
        ("significant", Align::Left),
    ]);
    for row in report
        .paired
        .iter()
        .filter(|r| BASELINES.contains(&r.b.as_str()) || BASELINES.contains(&r.a.as_str()))
    {
        // Each metric first, the baseline second (the sign flips when the engine lists the
        // baseline first).
        let (metric, baseline, sign) = if BASELINES.contains(&row.b.as_str()) {
            (&row.a, &row.b, 1.0)
        } else {
            (&row.b, &row.a, -1.0)
        };
        let (low, high) = if sign > 0.0 {
            (row.low, row.high)
        } else {
            (-row.high, -row.low)
        };
        table.row([
            format!("{metric} − {baseline}"),
            row.correlation.to_owned(),
            format!("{:+.3} [{:+.3}, {:+.3}]", sign * row.difference, low, high),
            format!("{:.4}", row.p_holm),
            if row.p_holm < 0.05 { "✓" } else { "" }.to_owned(),
        ]);
    }
    md.push_str(&table.markdown());
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let rows = equality(data, progress)?;
    let mut md = String::new();
    md.push_str(
        "Each metric on the 14 CoNLL-2014 systems, against NUCLE's annotators (GREEN and \
         Koyama's GLEU: both; GoToScorer: the first, its edits typed by the native ERRANT), \
         beside its reference implementation's number as that implementation prints it: \
         gec-metrics' `green.py` (repr), the `gleu` package's `gleu -f` (two decimals of 100·x), \
         gec-metrics' `gotoscorer.py` without weights and with the weights its \
         `gecmetrics-gen-gotoscorer-weight` derives from the 14 systems (repr; the weights file \
         itself is equal too, by SHA-256). The report fails if any pair differs. Speed, whole \
         process, is `cargo xtask bench metric-zoo` (timings are not reproducible, so not here).\n\n",
    );
    let columns: [&[(&str, &str)]; 2] = [
        &[
            ("GREEN", "green.py"),
            ("KoyamaGLEU", "gleu -f"),
            ("GoToScorer", "gotoscorer.py"),
            ("GoToScorer weighted", "gotoscorer.py weighted"),
        ],
        &[
            ("CLEME", "main.py"),
            ("CLEME independent", "main.py"),
            ("CLEME2.0 COM", "main.py"),
        ],
    ];
    let mut first = 0;
    for (k, pairs) in columns.iter().enumerate() {
        if k > 0 {
            md.push_str(
                "\nCLEME (length-weighted corpus F0.5, dependent and independent) and CLEME2.0 \
                 (length-weighted corpus COM; its BERTScore weigher needs a model and is left \
                 out) against NUCLE's two annotators, every M2 made by `errant_parallel` (ERRANT \
                 3.0.2 for `main.py`, the native ERRANT here), beside CLEME's `main.py` (repr):\n\n",
            );
        }
        let mut headers = vec![("system", Align::Left)];
        for (ours, theirs) in pairs.iter() {
            headers.push((ours, Align::Right));
            headers.push((theirs, Align::Right));
        }
        let mut table = Table::new(&headers);
        for row in &rows {
            let mut cells = vec![row.system.to_owned()];
            for (ours, theirs) in &row.values[first..first + pairs.len()] {
                cells.push(ours.clone());
                cells.push(theirs.clone());
            }
            table.row(cells);
        }
        md.push_str(&table.markdown());
        first += pairs.len();
    }
    let seeda_report = meta_eval(data, Dataset::Seeda)?;
    let gjg15_report = meta_eval(data, Dataset::Gjg15)?;
    md.push_str(
        "\n\nSystem-level correlation with the human rankings: SEEDA's 12 base systems (Expected \
         Wins over its sentence-level judgments) and GJG15's 13 outputs (Expected Wins), every \
         metric as `gecbias meta-eval` computes it (M2 and ERRANT at β = 0.5 against the \
         combined gold; GLEU, Koyama's GLEU and GREEN against NUCLE's two annotators' \
         corrections; GoToScorer against the first; CLEME and CLEME2.0 against the combined gold \
         as given, outputs typed by the native ERRANT; macro ERRANT averaged over ERRANT's full \
         types), 95 % intervals from 1,000 resamples of the judgments.\n\n",
    );
    correlations(&mut md, &seeda_report, &gjg15_report);
    same_as_gleu(&mut md, &[&seeda_report, &gjg15_report])?;
    paired(&mut md, "SEEDA", &seeda_report);
    paired(&mut md, "GJG15", &gjg15_report);
    let json = json!({
        "equality": rows.iter().map(|r| json!({
            "system": r.system,
            "values": r.values.iter().map(|(a, b)| json!([a, b])).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "seeda": seeda_report,
        "gjg15": gjg15_report,
    });
    Ok(Report {
        markdown: md,
        json,
        figures: Vec::new(),
    })
}
