//! `usim-variants`: the 2017 draft's UCCA similarity variants (004, §"Similarity measures":
//! top-down largest cut, token analysis on meaningful labels under its three mappings, ordered tree
//! edit distance) beside USim (the draft's "all to all") and DISTSIM, on the 22 pairs of human
//! annotations of the USim paper's Table 1 (Different, Same, IAA). The draft's `tab:Distances`
//! and `tab:Token_analysis` are empty templates: these numbers are ours.

use std::collections::HashMap;
use std::fmt::Write as _;

use gecbias_data::DataDir;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;
use usim::trials::TABLE_1;
use usim::{
    Comparable, MainRelations, Mapping, Params, PassagePair, PreparedPassage,
    aligned_edit_distance, distsim,
};

use super::usim_table1::read_passages;
use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, fixed};
use crate::paper_inputs::usim::annotation_files;

pub(crate) const EXPERIMENT: Experiment =
    Experiment::new("usim-variants", TITLE, annotation_files, run);
const TITLE: &str = "the 2017 draft's UCCA similarity variants (largest cut, token analysis, tree edit distance) on the 22 human annotation pairs";

/// Every measure of one pair; asymmetric ones as the mean of both directions, as the draft
/// proposes ("compute the measure twice and use the mean").
#[derive(Serialize, Clone, Copy)]
struct Measures {
    usim: f64,
    top_down_cut: f64,
    token_bottom_up: f64,
    token_top_down: f64,
    token_all_to_all: f64,
    tree_edit_distance: f64,
}

/// A column of the tables: its heading and how it reads a pair's measures.
type Column = (&'static str, fn(&Measures) -> f64);

const COLUMNS: [Column; 6] = [
    ("USim (all to all)", |m| m.usim),
    ("largest cut (top down)", |m| m.top_down_cut),
    ("token analysis, bottom up", |m| m.token_bottom_up),
    ("token analysis, top down", |m| m.token_top_down),
    ("token analysis, all to all", |m| m.token_all_to_all),
    ("ordered tree edit distance ↓", |m| m.tree_edit_distance),
];

#[derive(Serialize)]
struct PairRow {
    trial: &'static str,
    first: &'static str,
    second: &'static str,
    measures: Measures,
}

fn measures(a: &PreparedPassage, b: &PreparedPassage, params: &Params) -> Measures {
    let (ab, ba) = (PassagePair::new(a, b), PassagePair::new(b, a));
    let both = |f: &dyn Fn(&PassagePair<'_>) -> f64| (f(&ab) + f(&ba)) / 2.0;
    Measures {
        usim: both(&|p| p.usim(params).usim),
        top_down_cut: both(&|p| p.top_down_cut(params)),
        token_bottom_up: both(&|p| p.token_distance(params, Mapping::BottomUp)),
        token_top_down: both(&|p| p.token_distance(params, Mapping::TopDown)),
        token_all_to_all: both(&|p| p.token_distance(params, Mapping::AllToAll)),
        tree_edit_distance: (aligned_edit_distance(a, b, params)
            + aligned_edit_distance(b, a, params)) as f64
            / 2.0,
    }
}

/// Every pair's value of every measure.
fn pair_table(rows: &[PairRow]) -> String {
    let mut columns = vec![
        ("trial", Align::Left),
        ("first", Align::Left),
        ("second", Align::Left),
    ];
    columns.extend(COLUMNS.iter().map(|(name, _)| (*name, Align::Right)));
    let mut table = Table::new(&columns);
    for r in rows {
        let mut cells = vec![
            r.trial.to_string(),
            r.first.to_string(),
            r.second.to_string(),
        ];
        for (name, f) in COLUMNS {
            cells.push(fixed(f(&r.measures), if is_distance(name) { 1 } else { 4 }));
        }
        table.row(cells);
    }
    table.markdown()
}

fn run(data: &DataDir, inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let passages = read_passages(data, inputs, progress)?;
    let params = Params::RELEASED;
    let rows: Vec<PairRow> = TABLE_1
        .iter()
        .flat_map(|t| t.pairs.iter().map(move |(a, b)| (t.name, *a, *b)))
        .collect::<Vec<_>>()
        .par_iter()
        .map(|&(trial, first, second)| PairRow {
            trial,
            first,
            second,
            measures: measures(&passages[first], &passages[second], &params),
        })
        .collect();

    let mut md = String::new();
    let _ = writeln!(
        md,
        "The draft (004, §\"Similarity measures\" and \"Results\") proposes these measures and reserves two tables \
         for them (`tab:Distances`, `tab:Token_analysis`) that it leaves as empty templates (\"enter here\"): there \
         are no paper numbers to reproduce, and every number here is ours. Each measure's per-pair value equals \
         the authors' code (the variants on 88 rows of `goldens/usim_human_pairs.tsv`, checked by \
         `crates/usim/tests/human_pairs.rs`). Parameters: as released (`ucca` 1.0.50, `munkres` ≥ 1.0.12); \
         asymmetric measures averaged over both directions, as the draft proposes; the tree edit distance \
         counts edits (lower is more similar), the others are F-scores in [0, 1].\n"
    );
    md.push_str("## Trial means\n\n");
    let mut columns = vec!["pairs"];
    columns.extend(COLUMNS.iter().map(|(name, _)| *name));
    columns.extend(["DISTSIM A+D", "DISTSIM Scene"]);
    let mut table = Table::figures("trial", &columns);
    let mut means: HashMap<&str, Vec<f64>> = HashMap::new();
    for trial in TABLE_1 {
        let of: Vec<&PairRow> = rows.iter().filter(|r| r.trial == trial.name).collect();
        let column_means: Vec<f64> = COLUMNS
            .iter()
            .map(|(_, f)| of.iter().map(|r| f(&r.measures)).sum::<f64>() / of.len() as f64)
            .collect();
        let refs: Vec<(&PreparedPassage, &PreparedPassage)> = trial
            .pairs
            .iter()
            .map(|(a, b)| (&passages[*a], &passages[*b]))
            .collect();
        let d = distsim(&refs, Comparable::MultiTerminal, MainRelations::Released)?;
        let cell = |x: Option<f64>| x.map_or("–".to_owned(), |v| format!("{v:.3}"));
        let mut cells = vec![trial.name.to_owned(), of.len().to_string()];
        for (&v, (name, _)) in column_means.iter().zip(COLUMNS) {
            cells.push(fixed(v, if is_distance(name) { 1 } else { 3 }));
        }
        cells.extend([cell(d.get("A+D")), cell(d.get("H"))]);
        table.row(cells);
        means.insert(trial.name, column_means);
    }
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\nWhich measures rank the trials as the draft expects (a correction annotated by the same annotator closer \
         to its source than one annotated by another, Same above Different on the similarities, below on the \
         distance):\n"
    );
    for (k, (name, _)) in COLUMNS.iter().enumerate() {
        let (same, different, iaa) = (means["Same"][k], means["Different"][k], means["IAA"][k]);
        let distance = is_distance(name);
        let expected = if distance {
            same < different
        } else {
            same > different
        };
        let _ = writeln!(
            md,
            "- {name}: Same {same:.3}, Different {different:.3}, IAA {iaa:.3} — {}.",
            if expected {
                "Same closer than Different"
            } else {
                "Different closer than Same"
            }
        );
    }
    md.push_str("\n## Per pair\n\n");
    md.push_str(&pair_table(&rows));
    Ok(Report {
        markdown: md,
        json: serde_json::json!({ "pairs": rows }),
        figures: Vec::new(),
    })
}

/// Whether a measure is the tree edit distance (an edit count, lower is more similar), not an
/// F-score.
fn is_distance(name: &str) -> bool {
    name.contains("edit distance")
}
