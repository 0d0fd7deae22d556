//! `usim-nucle-auto` and `usim-jfleg`: automatic USim on the stored TUPA parses (USim paper
//! §4.3, §4.5; usim-goldens §7–§8), every value checked against the reference code's.

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::{Context, bail};
use gecbias_data::DataDir;
use gecbias_data::datasets::{JFLEG_DEV_PARSES, NUCLE_PARAGRAPH_PARSES};
use gecbias_data::spec_goldens;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;
use usim::trials::NUCLE_ESSAYS;
use usim::{Params, PreparedPassage, usim};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, fixed};
use crate::paper_inputs::usim::JFLEG_OUTPUTS;
use crate::paper_inputs::usim::JFLEG_SENTENCES;
use crate::paper_inputs::usim::essay_pairs;
use crate::paper_inputs::usim::jfleg_name;

pub(crate) const NUCLE: Experiment =
    Experiment::new("usim-nucle-auto", NUCLE_TITLE, nucle_inputs, nucle_run);
const NUCLE_TITLE: &str = "automatic USim of NUCLE essays and their corrections on the stored TUPA parses (USim paper §4.3)";

pub(crate) const JFLEG: Experiment =
    Experiment::new("usim-jfleg", JFLEG_TITLE, jfleg_inputs, jfleg_run);
const JFLEG_TITLE: &str = "automatic USim of JFLEG dev references and systems on the stored TUPA parses (USim paper §4.5)";

/// The reference code's values from a golden table, keyed by its first `key` columns.
fn golden_rows(name: &str, key: usize) -> anyhow::Result<HashMap<Vec<String>, Vec<String>>> {
    Ok(spec_goldens::rows(name)?
        .into_iter()
        .map(|mut f| {
            let rest = f.split_off(key.min(f.len()));
            (f, rest)
        })
        .collect())
}

fn read_all(
    data: &DataDir,
    inputs: &[String],
    progress: &ProgressBar,
) -> anyhow::Result<HashMap<String, PreparedPassage>> {
    let out = inputs
        .par_iter()
        .map(|rel| {
            let name = rel.rsplit('/').next().unwrap_or(rel).to_owned();
            let passage =
                PreparedPassage::read(data.join(rel)).with_context(|| format!("reading {rel}"))?;
            progress.inc(1);
            Ok((name, passage))
        })
        .collect::<anyhow::Result<_>>()?;
    Ok(out)
}

fn nucle_inputs(data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for essay in NUCLE_ESSAYS {
        for (s, c) in essay_pairs(data, essay)? {
            out.push(format!("{NUCLE_PARAGRAPH_PARSES}/{s}"));
            out.push(format!("{NUCLE_PARAGRAPH_PARSES}/{c}"));
        }
    }
    Ok(out)
}

#[derive(Serialize)]
struct NuclePair {
    essay: &'static str,
    source: String,
    correction: String,
    tokens: (usize, usize),
    s2r: f64,
    r2s: f64,
}

fn nucle_run(data: &DataDir, inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let passages = read_all(data, inputs, progress)?;
    let goldens = golden_rows("usim_nucle_uncombined_auto.tsv", 2)?;
    let mut pairs = Vec::new();
    for essay in NUCLE_ESSAYS {
        for (s, c) in essay_pairs(data, essay)? {
            let (a, b) = (&passages[&s], &passages[&c]);
            pairs.push(NuclePair {
                essay,
                tokens: (a.len(), b.len()),
                s2r: usim(a, b, &Params::RELEASED).usim,
                r2s: usim(b, a, &Params::RELEASED).usim,
                source: s,
                correction: c,
            });
        }
    }
    let mismatches: Vec<String> = pairs
        .iter()
        .filter(|p| {
            let expected = goldens.get(&vec![p.source.clone(), p.correction.clone()]);
            expected.is_none_or(|f| {
                f[2].parse::<f64>().ok() != Some(p.s2r) || f[3].parse::<f64>().ok() != Some(p.r2s)
            })
        })
        .map(|p| format!("{} {}", p.source, p.correction))
        .collect();
    if !mismatches.is_empty() || pairs.len() != goldens.len() {
        bail!(
            "{} of {} pairs differ from the reference ({} golden rows): {}",
            mismatches.len(),
            pairs.len(),
            goldens.len(),
            mismatches.join(", ")
        );
    }
    let mean = |v: &[&NuclePair]| v.iter().map(|p| p.s2r).sum::<f64>() / v.len() as f64;
    let all: Vec<&NuclePair> = pairs.iter().collect();
    let weighted = pairs.iter().map(|p| p.s2r * p.tokens.0 as f64).sum::<f64>()
        / pairs.iter().map(|p| p.tokens.0 as f64).sum::<f64>();
    let mut md = String::new();
    let _ = writeln!(
        md,
        "USim (as released) between the stored TUPA parses of each NUCLE source paragraph and its correction \
         ({} paragraph pairs of 7 essays, paired by index as the authors' driver pairs them). Every pair's value equals \
         the reference code's (`goldens/usim_nucle_uncombined_auto.tsv`), in both argument orders — checked.\n",
        pairs.len(),
    );
    let mut table = Table::new(&[
        ("", Align::Left),
        ("pairs", Align::Right),
        ("mean USim", Align::Right),
        ("paper", Align::Left),
    ]);
    table.row([
        "all".to_owned(),
        pairs.len().to_string(),
        format!("**{}**", fixed(mean(&all), 4)),
        "\"a USIM score of 0.7\" (§4.3)".to_owned(),
    ]);
    table.row([
        "token-weighted".to_owned(),
        pairs.len().to_string(),
        fixed(weighted, 4),
    ]);
    for essay in NUCLE_ESSAYS {
        let of: Vec<&NuclePair> = pairs.iter().filter(|p| p.essay == essay).collect();
        table.row([
            format!("essay {essay}"),
            of.len().to_string(),
            fixed(mean(&of), 4),
        ]);
    }
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\ns→r equals r→s for every pair. Essays 2 and 3 have one corrected paragraph more than source paragraphs, so \
         their pairs after the inserted paragraph compare shifted paragraphs — as in the authors' run; their low means \
         (0.42, 0.59) come from that."
    );
    Ok(Report {
        markdown: md,
        json: serde_json::json!({ "pairs": pairs, "mean": mean(&all), "token_weighted": weighted }),
        figures: Vec::new(),
    })
}

fn jfleg_inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    Ok((0..JFLEG_SENTENCES)
        .flat_map(|i| {
            std::iter::once(jfleg_name("dev.src", i))
                .chain(JFLEG_OUTPUTS.iter().map(move |o| jfleg_name(o, i)))
        })
        .map(|n| format!("{JFLEG_DEV_PARSES}/{n}"))
        .collect())
}

#[derive(Serialize)]
struct OutputMeans {
    output: &'static str,
    released: (f64, f64),
    directions_differing: usize,
    branch_2017: (f64, f64),
}

/// Each JFLEG output's mean USim in both directions and versions, and how many of its pairs
/// differ by direction.
fn output_means(cells: &[(&'static str, usize)], scores: &[[f64; 4]]) -> Vec<OutputMeans> {
    JFLEG_OUTPUTS
        .iter()
        .map(|&o| {
            let of: Vec<&[f64; 4]> = cells
                .iter()
                .zip(scores)
                .filter(|(c, _)| c.0 == o)
                .map(|(_, s)| s)
                .collect();
            let mean = |k: usize| of.iter().map(|s| s[k]).sum::<f64>() / of.len() as f64;
            OutputMeans {
                output: o,
                released: (mean(0), mean(1)),
                directions_differing: of.iter().filter(|s| s[0] != s[1]).count(),
                branch_2017: (mean(2), mean(3)),
            }
        })
        .collect()
}

fn jfleg_run(data: &DataDir, inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let passages = read_all(data, inputs, progress)?;
    let goldens = golden_rows("usim_jfleg_dev_auto.tsv", 2)?;
    // (output, index) → [released s2o, o2s, branch s2o, o2s]
    let cells: Vec<(&'static str, usize)> = JFLEG_OUTPUTS
        .iter()
        .flat_map(|&o| (0..JFLEG_SENTENCES).map(move |i| (o, i)))
        .collect();
    let scores: Vec<[f64; 4]> = cells
        .par_iter()
        .map(|&(o, i)| {
            let (s, out) = (
                &passages[&jfleg_name("dev.src", i)],
                &passages[&jfleg_name(o, i)],
            );
            [
                usim(s, out, &Params::RELEASED).usim,
                usim(out, s, &Params::RELEASED).usim,
                usim(s, out, &Params::BRANCH_2017).usim,
                usim(out, s, &Params::BRANCH_2017).usim,
            ]
        })
        .collect();
    let mut mismatches = Vec::new();
    for (&(o, i), ours) in cells.iter().zip(&scores) {
        let key = vec![i.to_string(), o.to_owned()];
        let expected: Option<Vec<f64>> = goldens
            .get(&key)
            .map(|f| f[2..6].iter().filter_map(|x| x.parse().ok()).collect());
        if expected.as_deref() != Some(&ours[..]) {
            mismatches.push(format!("{o} {i}"));
        }
    }
    if !mismatches.is_empty() {
        bail!(
            "{} of {} sentence pairs differ from the reference: {}",
            mismatches.len(),
            cells.len(),
            mismatches[..mismatches.len().min(10)].join(", ")
        );
    }
    let means = output_means(&cells, &scores);
    let mut md = String::new();
    let _ = writeln!(
        md,
        "USim between the stored TUPA parses of each of the {JFLEG_SENTENCES} JFLEG dev sources and each output (4 \
         references, 5 partially trained correctors \"mle\"), both argument orders, as released and as the 2017 branch: \
         all {} sentence-pair directions equal the reference code's values (`goldens/usim_jfleg_dev_auto.tsv`) — \
         checked.\n",
        cells.len() * 2
    );
    let mut table = Table::figures(
        "output",
        &[
            "as released s→o",
            "o→s",
            "pairs with s→o ≠ o→s",
            "2017 branch s→o",
            "o→s",
        ],
    );
    for m in &means {
        table.row([
            m.output.to_string(),
            fixed(m.released.0, 4),
            fixed(m.released.1, 4),
            m.directions_differing.to_string(),
            fixed(m.branch_2017.0, 4),
            fixed(m.branch_2017.1, 4),
        ]);
    }
    md.push_str(&table.markdown());
    let example = |o: &str| {
        scores[cells
            .iter()
            .position(|c| c.0 == o && c.1 == 196)
            .unwrap_or(0)][0]
    };
    let _ = writeln!(
        md,
        "\n**Paper (§4.5): references 0.72–0.78, four systems 0.32–0.39, the weakest 0.19 — not reproduced on these \
         parses**: here the references score 0.78–0.82 and the systems 0.81–0.87. The paper's JFLEG parses were made in \
         2018 from normalised sentences by a later TUPA model that is not in the public data (and cannot be run here: \
         usim-spec §f); these 2017 parses are what the public data has, and on them the code gives the numbers above.\n\n\
         The paper's example (sentence 196: \"the good student must know how to understand and work hard to get the \
         iede.\"): the paper gives the reference 0.71 and the corrector 0.33; on the stored parses the reference (ref3) \
         scores {:.4} and the corrector (mle_1) {:.4}.",
        example("dev.ref3"),
        example("mle_1.txt")
    );
    Ok(Report {
        markdown: md,
        json: serde_json::json!({ "means": means }),
        figures: Vec::new(),
    })
}
