//! `usim-parser`: USim on our parser's parses beside USim on the stored TUPA parses and on the
//! human annotations (issue 18, ucca-parser spec §6): the tokeniser's agreement with the stored
//! tokens, the parses' F1 against TUPA and the humans, and how USim on our parses tracks USim on
//! theirs — from the stored terminals first (tokenisation out of the picture), then from raw text.

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::Context;
use english_tagger::{TokenAgreement, detokenize, round_trip_agreement};
use gecbias_data::DataDir;
use gecbias_data::datasets::{JFLEG_DEV_PARSES, NUCLE_PARAGRAPH_PARSES, USIM_ANNOTATIONS};
use indicatif::ProgressBar;
use rayon::prelude::*;
use reference_stats::{kendall_tau, pearson};
use serde::Serialize;
use ucca_graph::Passage;
use ucca_graph::dag_f1::{DagF1, Normalisation, evaluate};
use ucca_parser::{BuiltinModel, Parser, Token};
use usim::trials::{NUCLE_ESSAYS, TABLE_1};
use usim::{Params, PreparedPassage, TextParser, Tokenization, usim};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, fixed};
use crate::linguistic;
use crate::paper_inputs::usim::{JFLEG_OUTPUTS, JFLEG_SENTENCES, essay_pairs, jfleg_name};

pub(crate) const EXPERIMENT: Experiment = Experiment::new("usim-parser", TITLE, inputs, run);
const TITLE: &str =
    "USim on the native parser's parses beside USim on TUPA's and on the human annotations";

fn inputs(data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out: Vec<String> = (0..JFLEG_SENTENCES)
        .flat_map(|i| {
            std::iter::once(jfleg_name("dev.src", i))
                .chain(JFLEG_OUTPUTS.iter().map(move |o| jfleg_name(o, i)))
        })
        .map(|n| format!("{JFLEG_DEV_PARSES}/{n}"))
        .collect();
    for essay in NUCLE_ESSAYS {
        for (s, c) in essay_pairs(data, essay)? {
            out.push(format!("{NUCLE_PARAGRAPH_PARSES}/{s}"));
            out.push(format!("{NUCLE_PARAGRAPH_PARSES}/{c}"));
        }
    }
    out.extend(data.files_in(USIM_ANNOTATIONS, ".xml")?);
    Ok(out)
}

fn tokens(p: &Passage) -> Vec<Token> {
    p.terminals().map(Token::from).collect()
}

fn texts(p: &Passage) -> Vec<&str> {
    p.terminals().map(|t| t.text.as_str()).collect()
}

/// One stored passage and our parses of it: from its own terminals, and from its detokenised
/// text.
struct Parsed {
    stored: PreparedPassage,
    given: PreparedPassage,
    raw: PreparedPassage,
}

#[derive(Serialize)]
struct Agreement {
    pairs: usize,
    pearson: f64,
    kendall_of_means: Option<f64>,
    means: Vec<(String, f64, f64)>,
}

fn agreement(labels: &[&str], stored: &[f64], ours: &[f64], groups: &[usize]) -> Agreement {
    let mut means = Vec::new();
    for (g, label) in labels.iter().enumerate() {
        let idx: Vec<usize> = (0..groups.len()).filter(|&k| groups[k] == g).collect();
        let mean = |v: &[f64]| idx.iter().map(|&k| v[k]).sum::<f64>() / idx.len() as f64;
        means.push(((*label).to_owned(), mean(stored), mean(ours)));
    }
    let (a, b): (Vec<f64>, Vec<f64>) = means.iter().map(|m| (m.1, m.2)).unzip();
    Agreement {
        pairs: stored.len(),
        pearson: pearson(stored, ours).unwrap_or(f64::NAN),
        kendall_of_means: (labels.len() > 1).then(|| kendall_tau(&a, &b)),
        means,
    }
}

/// What one parser gives: its parses' F1 against TUPA's (P4) and the humans' (H1), and how USim
/// on its parses tracks USim on TUPA's (JFLEG, NUCLE) and on the humans' (Table 1's trials).
#[derive(Serialize)]
struct Measures {
    model: &'static str,
    p4: DagF1,
    jfleg_given: Agreement,
    jfleg_raw: Agreement,
    nucle_given: Agreement,
    nucle_raw: Agreement,
    h1: DagF1,
    h2: Vec<(&'static str, f64, f64)>,
}

fn run(data: &DataDir, inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let stored: HashMap<String, Passage> = inputs
        .par_iter()
        .map(|rel| {
            let p = Passage::read(data.join(rel)).with_context(|| format!("reading {rel}"))?;
            Ok((rel.rsplit('/').next().unwrap_or(rel).to_owned(), p))
        })
        .collect::<anyhow::Result<_>>()?;
    // Tokenisation on the JFLEG sources: the parser's tokeniser, the same for every model.
    let sources: Vec<&Passage> = (0..JFLEG_SENTENCES)
        .map(|i| &stored[&jfleg_name("dev.src", i)])
        .collect();
    let given_tokens: Vec<Vec<&str>> = sources.iter().map(|p| texts(p)).collect();
    let tok = round_trip_agreement(&given_tokens);
    let models = BuiltinModel::ALL
        .into_iter()
        .map(|model| {
            let parser = Parser::builtin(model).context("a built-in parser model")?;
            measure(model.name(), &parser, data, inputs, &stored, progress)
        })
        .collect::<anyhow::Result<Vec<Measures>>>()?;
    let markdown = markdown(&tok, &models);
    let json = serde_json::json!({ "tokenisation": tok, "models": models });
    Ok(Report {
        markdown,
        json,
        figures: Vec::new(),
    })
}

fn measure(
    model: &'static str,
    parser: &Parser,
    data: &DataDir,
    inputs: &[String],
    stored: &HashMap<String, Passage>,
    progress: &ProgressBar,
) -> anyhow::Result<Measures> {
    let punkt = linguistic::punkt()?;
    let given = TextParser::new(parser, Tokenization::Pretokenized).with_sentences(&punkt);
    let raw = TextParser::new(parser, Tokenization::Raw).with_sentences(&punkt);
    let parsed: HashMap<String, Parsed> = inputs
        .par_iter()
        .filter(|rel| !rel.starts_with(USIM_ANNOTATIONS))
        .map(|rel| {
            let name = rel.rsplit('/').next().unwrap_or(rel).to_owned();
            let p = &stored[&name];
            let words = texts(p);
            let out = Parsed {
                stored: PreparedPassage::new(p)?,
                given: given.prepared(p.id(), &words.join(" "))?,
                raw: raw.prepared(p.id(), &detokenize(&words))?,
            };
            progress.inc(1);
            Ok((name, out))
        })
        .collect::<anyhow::Result<_>>()?;

    // P4 on the JFLEG sources.
    let mut p4 = DagF1::default();
    for i in 0..JFLEG_SENTENCES {
        let p = &stored[&jfleg_name("dev.src", i)];
        let ours = parser.parse_tokens(p.id(), &tokens(p))?;
        p4 = p4.plus(evaluate(&ours, p, Normalisation::Ucca2017)?);
    }

    // U1–U3: JFLEG pairs.
    let cells: Vec<(usize, usize)> = (0..JFLEG_OUTPUTS.len())
        .flat_map(|o| (0..JFLEG_SENTENCES).map(move |i| (o, i)))
        .collect();
    let scores: Vec<[f64; 3]> = cells
        .par_iter()
        .map(|&(o, i)| {
            let s = &parsed[&jfleg_name("dev.src", i)];
            let t = &parsed[&jfleg_name(JFLEG_OUTPUTS[o], i)];
            [
                usim(&s.stored, &t.stored, &Params::RELEASED).usim,
                usim(&s.given, &t.given, &Params::RELEASED).usim,
                usim(&s.raw, &t.raw, &Params::RELEASED).usim,
            ]
        })
        .collect();
    let column = |k: usize| scores.iter().map(|s| s[k]).collect::<Vec<f64>>();
    let groups: Vec<usize> = cells.iter().map(|c| c.0).collect();
    let jfleg_given = agreement(&JFLEG_OUTPUTS, &column(0), &column(1), &groups);
    let jfleg_raw = agreement(&JFLEG_OUTPUTS, &column(0), &column(2), &groups);

    // U4: NUCLE paragraph pairs.
    let mut nucle: Vec<[f64; 3]> = Vec::new();
    for essay in NUCLE_ESSAYS {
        for (s, c) in essay_pairs(data, essay)? {
            let (a, b) = (&parsed[&s], &parsed[&c]);
            nucle.push([
                usim(&a.stored, &b.stored, &Params::RELEASED).usim,
                usim(&a.given, &b.given, &Params::RELEASED).usim,
                usim(&a.raw, &b.raw, &Params::RELEASED).usim,
            ]);
        }
    }
    let ncol = |k: usize| nucle.iter().map(|s| s[k]).collect::<Vec<f64>>();
    let one = vec![0; nucle.len()];
    let nucle_given = agreement(&["NUCLE"], &ncol(0), &ncol(1), &one);
    let nucle_raw = agreement(&["NUCLE"], &ncol(0), &ncol(2), &one);

    // H1, H2: the human annotations.
    let humans: Vec<(&String, &Passage)> = {
        let mut v: Vec<_> = stored
            .iter()
            .filter(|(n, _)| {
                inputs
                    .iter()
                    .any(|i| i.starts_with(USIM_ANNOTATIONS) && i.ends_with(n.as_str()))
            })
            .collect();
        v.sort_by(|a, b| a.0.cmp(b.0));
        v
    };
    let mut h1 = DagF1::default();
    let mut ours_human: HashMap<String, PreparedPassage> = HashMap::new();
    for (name, p) in &humans {
        let mut parts = Vec::new();
        for sentence in p.sentences()? {
            let ours = parser.parse_tokens(sentence.id(), &tokens(&sentence))?;
            h1 = h1.plus(evaluate(&ours, &sentence, Normalisation::Ucca2017)?);
            parts.push(ours);
        }
        let joined = Passage::join(p.id(), &parts)?;
        ours_human.insert(
            name.trim_end_matches(".xml").to_owned(),
            PreparedPassage::new(&joined)?,
        );
        progress.inc(1);
    }
    let human_prepared: HashMap<String, PreparedPassage> = humans
        .iter()
        .map(|(n, p)| {
            Ok((
                n.trim_end_matches(".xml").to_owned(),
                PreparedPassage::new(p)?,
            ))
        })
        .collect::<anyhow::Result<_>>()?;
    let mut trials = Vec::new();
    for trial in TABLE_1.iter().filter(|t| t.name != "IAA") {
        let mean = |set: &HashMap<String, PreparedPassage>| {
            trial
                .pairs
                .iter()
                .map(|(a, b)| usim(&set[*a], &set[*b], &Params::RELEASED).usim)
                .sum::<f64>()
                / trial.pairs.len() as f64
        };
        trials.push((trial.name, mean(&human_prepared), mean(&ours_human)));
    }

    Ok(Measures {
        model,
        p4,
        jfleg_given,
        jfleg_raw,
        nucle_given,
        nucle_raw,
        h1,
        h2: trials,
    })
}

fn verdict(ok: bool) -> &'static str {
    if ok { "met" } else { "**missed**" }
}

/// A Markdown table: the header cells, then the rows; the columns of `numbers` right-aligned,
/// the others left-aligned.
/// A table whose columns in `numbers` are right-aligned.
fn table(header: &[String], numbers: std::ops::Range<usize>, rows: &[Vec<String>]) -> String {
    let columns: Vec<(&str, Align)> = header
        .iter()
        .enumerate()
        .map(|(k, h)| {
            let align = if numbers.contains(&k) {
                Align::Right
            } else {
                Align::Left
            };
            (h.as_str(), align)
        })
        .collect();
    let mut out = Table::new(&columns);
    for row in rows {
        out.row(row);
    }
    out.markdown()
}

fn four(v: f64) -> String {
    fixed(v, 4)
}

/// Header cells `model` or `model, what` for each model and each of `what`.
fn per_model(models: &[Measures], what: &[&str]) -> Vec<String> {
    models
        .iter()
        .flat_map(|m| {
            what.iter().map(move |w| {
                if w.is_empty() {
                    format!("`{}`", m.model)
                } else {
                    format!("`{}`, {w}", m.model)
                }
            })
        })
        .collect()
}

/// A row: the check, its values, its target.
fn line(check: &str, values: Vec<f64>, target: String) -> Vec<String> {
    let mut row = vec![check.to_owned()];
    row.extend(values.into_iter().map(four));
    row.push(target);
    row
}

/// A header: `first`, the per-model cells of `what`, `last`.
fn header(models: &[Measures], first: &[&str], what: &[&str], last: &str) -> Vec<String> {
    let mut h: Vec<String> = first.iter().map(|s| (*s).to_owned()).collect();
    h.extend(per_model(models, what));
    h.push(last.to_owned());
    h
}

/// Each model's value from given terminals and from raw text.
fn pairs(models: &[Measures], f: &dyn Fn(&Measures) -> (f64, f64)) -> Vec<f64> {
    models
        .iter()
        .flat_map(|m| {
            let (g, r) = f(m);
            [g, r]
        })
        .collect()
}

fn markdown(tok: &TokenAgreement, models: &[Measures]) -> String {
    let mut md = String::new();
    let names: Vec<String> = models.iter().map(|m| format!("`{}`", m.model)).collect();
    let _ = writeln!(
        md,
        "Each committed UCCA parser ({}; the first is the default of every parsing path) parses every stored passage \
         twice: from the passage's own terminals (sentences found by Punkt over the whitespace-joined tokens), and from \
         raw text (the terminals detokenised, then tokenised by `ucca_parser::tokenize` and split by Punkt). USim (as \
         released) on these parses is set beside USim on the stored TUPA parses (JFLEG dev: 754 sources × 9 outputs; \
         NUCLE: 157 paragraph pairs) and on the human annotations (the USim paper's Table 1). Targets are issue 18's; \
         the verdicts are the default model's.\n",
        names.join(" and ")
    );
    let _ = writeln!(
        md,
        "## Tokenisation\n\nThe 754 JFLEG dev sources' stored terminals (TUPA's spaCy tokens), detokenised and tokenised again: \
         {} of {} tokens reproduced ({:.2} %, longest common subsequence; target ≥ 98 %: {}), {} of {} sentences identical \
         ({:.1} %; target ≥ 90 %: {}).\n",
        tok.matched,
        tok.tokens,
        100.0 * tok.matched as f64 / tok.tokens as f64,
        verdict(tok.matched as f64 >= 0.98 * tok.tokens as f64),
        tok.identical,
        tok.sentences,
        100.0 * tok.identical as f64 / tok.sentences as f64,
        verdict(tok.identical as f64 >= 0.9 * tok.sentences as f64),
    );
    let mut table = Table::figures("stored tokens not reproduced", &["count"]);
    for (k, n) in &tok.by_kind {
        table.row([k.to_string(), n.to_string()]);
    }
    md.push_str(&table.markdown());
    agreement_sections(&mut md, models);
    jfleg_outputs_section(&mut md, models);
    table1_section(&mut md, models);
    md
}

/// Parse agreement, and USim on our parses against USim on TUPA's.
fn agreement_sections(md: &mut String, models: &[Measures]) {
    let default = &models[0];
    let _ = writeln!(
        md,
        "\n## Parse agreement\n\n{}",
        table(
            &header(models, &["check"], &[""], "target"),
            1..1 + models.len(),
            &[
                line(
                    "P4: labeled primary F1 against the stored TUPA parses of the 754 JFLEG sources (flat parser: 0.24)",
                    models.iter().map(|m| m.p4.primary.f1()).collect(),
                    "—".into(),
                ),
                line(
                    "H1: labeled primary F1 against the 26 human annotations, sentence by sentence (human agreement 0.802)",
                    models.iter().map(|m| m.h1.primary.f1()).collect(),
                    format!("≥ 0.55: {}", verdict(default.h1.primary.f1() >= 0.55)),
                ),
            ]
        )
    );
    let kendall = |a: &Agreement| a.kendall_of_means.unwrap_or(f64::NAN);
    let nucle_mean = &default.nucle_given.means[0];
    let _ = writeln!(
        md,
        "## USim on our parses against USim on TUPA's\n\n{}",
        table(
            &header(
                models,
                &["check"],
                &["given terminals", "raw text"],
                "target"
            ),
            1..1 + 2 * models.len(),
            &[
                line(
                    "U1: per-pair Pearson r, 6,786 JFLEG pairs (flat parser: 0.15)",
                    pairs(models, &|m| (m.jfleg_given.pearson, m.jfleg_raw.pearson)),
                    format!("≥ 0.60: {}", verdict(default.jfleg_given.pearson >= 0.6)),
                ),
                line(
                    "U2: Kendall τ of the 9 outputs' means",
                    pairs(models, &|m| (
                        kendall(&m.jfleg_given),
                        kendall(&m.jfleg_raw)
                    )),
                    format!("≥ 0.6: {}", verdict(kendall(&default.jfleg_given) >= 0.6)),
                ),
                line(
                    "U4: per-pair Pearson r, 157 NUCLE paragraph pairs",
                    pairs(models, &|m| (m.nucle_given.pearson, m.nucle_raw.pearson)),
                    format!("≥ 0.8: {}", verdict(default.nucle_given.pearson >= 0.8)),
                ),
                line(
                    "U4: NUCLE mean (stored parses 0.6971)",
                    pairs(models, &|m| (
                        m.nucle_given.means[0].2,
                        m.nucle_raw.means[0].2
                    )),
                    format!(
                        "within ±0.05: {}",
                        verdict((nucle_mean.2 - nucle_mean.1).abs() <= 0.05)
                    ),
                ),
            ]
        )
    );
}

/// U3: each JFLEG output's mean USim.
fn jfleg_outputs_section(md: &mut String, models: &[Measures]) {
    let default = &models[0];
    let rows: Vec<Vec<String>> = default
        .jfleg_given
        .means
        .iter()
        .enumerate()
        .map(|(k, (output, stored, ours))| {
            let mut row = vec![output.clone(), four(*stored)];
            row.extend(
                pairs(models, &|m| {
                    (m.jfleg_given.means[k].2, m.jfleg_raw.means[k].2)
                })
                .into_iter()
                .map(four),
            );
            row.push(verdict((ours - stored).abs() <= 0.05).to_owned());
            row
        })
        .collect();
    let _ = writeln!(
        md,
        "U3: each JFLEG output's mean USim (target: within ±0.05 of the stored parses' mean).\n\n{}",
        table(
            &header(
                models,
                &["output", "stored TUPA parses"],
                &["given terminals", "raw text"],
                "within ±0.05 (default, given)"
            ),
            1..2 + 2 * models.len(),
            &rows
        )
    );
}

/// H2: the USim paper's Table 1 on our parses of the annotated texts.
fn table1_section(md: &mut String, models: &[Measures]) {
    let default = &models[0];
    let rows: Vec<Vec<String>> = default
        .h2
        .iter()
        .enumerate()
        .map(|(k, (trial, human, _))| {
            let mut row = vec![(*trial).to_owned(), four(*human)];
            row.extend(models.iter().map(|m| four(m.h2[k].2)));
            row
        })
        .collect();
    let mut h2_header = vec!["trial".to_owned(), "human parses".to_owned()];
    h2_header.extend(per_model(models, &[""]));
    let _ = write!(
        md,
        "## H2: the USim paper's Table 1 on our parses of the annotated texts\n\n{}",
        table(&h2_header, 1..h2_header.len(), &rows)
    );
    let find = |m: &Measures, name: &str, human: bool| {
        m.h2.iter()
            .find(|t| t.0 == name)
            .map_or(f64::NAN, |t| if human { t.1 } else { t.2 })
    };
    let kept: Vec<String> = models
        .iter()
        .map(|m| {
            format!(
                "`{}` {}",
                m.model,
                find(m, "Same", false) > find(m, "Different", false)
            )
        })
        .collect();
    let _ = writeln!(
        md,
        "\nSame > Different on the human parses: {}; on ours: {} (target: kept).",
        find(default, "Same", true) > find(default, "Different", true),
        kept.join(", ")
    );
}
