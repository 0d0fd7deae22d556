//! `type-undercorrection`: the LCB paper's under-correction by error type (§"Under-correction by
//! Error Types", appendix "Type conservatism and prevalence"). Per ERRANT category (operation
//! dropped), MAEGE's ratio of the mean number of edits the 13 CoNLL-2014 systems make to the mean
//! number the two NUCLE annotators make (`official-2014.combined.m2` re-typed as `errant_m2
//! -gold` does); the types ranked, their quartiles, and Spearman's ρ between a type's frequency in
//! the references and its ratio. Twice: typed by ERRANT 3.0.2 itself (recorded by `cargo xtask
//! record errant`) and by gecbias' native ERRANT, beside the paper's column (ERRANT of 2017 on
//! spaCy 1.x, Bryant et al.'s typing).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::Context;
use gec_errant::Annotator;
use gec_metrics::CategoryTier;
use gecbias_data::DataDir;
use indicatif::ProgressBar;
use reference_stats::{spearman_p_value, spearman_scipy};
use serde::Serialize;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Table, fixed};
use crate::paper_inputs::conll14::SYSTEMS;
use crate::record::errant::{EditRow, edit_rows, recorded_edits, runs};

pub(crate) const EXPERIMENT: Experiment =
    Experiment::new("type-undercorrection", TITLE, inputs, run);
const TITLE: &str = "LCB under-correction by error type: systems' edits per type over the references', typed by ERRANT 3.0.2 and by gecbias";

/// The 13 official CoNLL-2014 systems: every system of the recorded run but RoRo.
const OFFICIAL_SYSTEMS: usize = 13;
const REFERENCES: [&str; 2] = ["0", "1"];

/// The appendix table (`ap:types`): mean corrections of systems over corrections of references.
const PAPER: [(&str, f64); 24] = [
    ("CONTR", 0.970_588_235_3),
    ("NOUN:NUM", 0.954_545_454_5),
    ("ORTH", 0.8925),
    ("ADJ:FORM", 0.810_126_582_3),
    ("NOUN:INFL", 0.7125),
    ("DET", 0.672_480_181_2),
    ("VERB:SVA", 0.643_423_137_9),
    ("MORPH", 0.615_071_283_1),
    ("VERB:FORM", 0.538_461_538_5),
    ("SPELL", 0.537_373_737_4),
    ("VERB:INFL", 0.5),
    ("ADJ", 0.459_627_329_2),
    ("CONJ", 0.430_379_746_8),
    ("ADV", 0.416_091_954),
    ("PREP", 0.334_313_005_1),
    ("WO", 0.314_814_814_8),
    ("NOUN:POSS", 0.290_456_431_5),
    ("VERB:TENSE", 0.288_767_395_6),
    ("NOUN", 0.282_324_058_9),
    ("PART", 0.268),
    ("PRON", 0.239_103_362_4),
    ("PUNCT", 0.201_253_918_5),
    ("OTHER", 0.173_649_794_1),
    ("VERB", 0.150_900_900_9),
];
/// The paper's ρ and p between type frequency and ratio.
const PAPER_RHO: (f64, f64) = (-0.29, 0.16);
/// The types the paper's text names in its top and bottom quarters.
const NAMED_TOP: [&str; 4] = ["ORTH", "NOUN:NUM", "ADJ:FORM", "DET"];
const NAMED_BOTTOM: [&str; 7] = ["VERB", "NOUN", "PART", "PREP", "PRON", "OTHER", "PUNCT"];

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    Ok(crate::record::errant::inputs())
}

/// One typing's table.
#[derive(Serialize)]
struct Typing {
    typing: &'static str,
    rows: Vec<TypeRow>,
    rho: f64,
    p_value: f64,
}

#[derive(Serialize, Clone)]
struct TypeRow {
    category: String,
    system_edits: usize,
    reference_edits: usize,
    ratio: f64,
    rank: usize,
    quartile: usize,
}

/// The category of a counted edit (operation dropped); `None` for `noop` and `UNK`.
fn counted(t: &str) -> Option<String> {
    (t != "noop" && t != "UNK").then(|| CategoryTier::Main.group(t))
}

/// Ranks by ratio (highest first, then name), quartile 1 (top) to 4 (bottom), and ρ with its
/// p-value between reference frequency and ratio.
fn typing(typing: &'static str, systems: &[EditRow], references: &[EditRow]) -> Typing {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (_, annotator, _, _, _, t) in systems {
        let official = annotator
            .parse::<usize>()
            .is_ok_and(|k| k < OFFICIAL_SYSTEMS);
        if let (true, Some(c)) = (official, counted(t)) {
            counts.entry(c).or_default().0 += 1;
        }
    }
    for (_, annotator, _, _, _, t) in references {
        if let (true, Some(c)) = (REFERENCES.contains(&annotator.as_str()), counted(t)) {
            counts.entry(c).or_default().1 += 1;
        }
    }
    let mut rows: Vec<TypeRow> = counts
        .into_iter()
        .filter(|(_, (_, r))| *r > 0)
        .map(|(category, (s, r))| TypeRow {
            ratio: (s as f64 / OFFICIAL_SYSTEMS as f64) / (r as f64 / REFERENCES.len() as f64),
            category,
            system_edits: s,
            reference_edits: r,
            rank: 0,
            quartile: 0,
        })
        .collect();
    rows.sort_by(|a, b| {
        b.ratio
            .total_cmp(&a.ratio)
            .then(a.category.cmp(&b.category))
    });
    let n = rows.len();
    for (k, row) in rows.iter_mut().enumerate() {
        row.rank = k + 1;
        row.quartile = 1 + (4 * k) / n.max(1);
    }
    let frequency: Vec<f64> = rows.iter().map(|r| r.reference_edits as f64).collect();
    let ratio: Vec<f64> = rows.iter().map(|r| r.ratio).collect();
    let rho = spearman_scipy(&frequency, &ratio);
    Typing {
        typing,
        rows,
        rho,
        p_value: spearman_p_value(rho, n),
    }
}

fn quartile_of(rows: &[TypeRow], category: &str) -> String {
    rows.iter()
        .find(|r| r.category == category)
        .map_or("–".into(), |r| format!("Q{} (#{})", r.quartile, r.rank))
}

fn paper_quartile(category: &str) -> String {
    PAPER
        .iter()
        .position(|(c, _)| *c == category)
        .map_or("–".into(), |k| {
            format!("Q{} (#{})", 1 + 4 * k / PAPER.len(), k + 1)
        })
}

fn run(data: &DataDir, _inputs: &[String], bar: &ProgressBar) -> anyhow::Result<Report> {
    let mut recorded = recorded_edits()?;
    let mut take = |name: &str| {
        recorded.remove(name).with_context(|| {
            format!("edits.tsv.gz has no run {name}: run `cargo xtask record errant`")
        })
    };
    let errant = typing(
        "ERRANT 3.0.2 (spaCy 3.8)",
        &take("conll14-systems")?,
        &take("official-2014.combined-gold")?,
    );
    bar.inc(1);
    let native = Annotator::english()?;
    let run_named = |name: &str| runs().into_iter().find(|r| r.name == name);
    let (systems_run, gold_run) = (
        run_named("conll14-systems").context("no systems run")?,
        run_named("official-2014.combined-gold").context("no gold run")?,
    );
    let ours = typing(
        "gecbias (spaCy's model, natively)",
        &edit_rows(&crate::record::errant::ours(&native, data, &systems_run)?)?,
        &edit_rows(&crate::record::errant::ours(&native, data, &gold_run)?)?,
    );
    bar.inc(1);
    anyhow::ensure!(
        SYSTEMS.len() == OFFICIAL_SYSTEMS + 1,
        "the systems list changed"
    );
    let paper_rank = |c: &str| PAPER.iter().position(|(p, _)| *p == c);
    let agreement = |t: &Typing| {
        let (paper, ours): (Vec<f64>, Vec<f64>) = t
            .rows
            .iter()
            .filter_map(|r| {
                let k = paper_rank(&r.category)?;
                Some((PAPER[k].1, r.ratio))
            })
            .unzip();
        spearman_scipy(&paper, &ours)
    };
    let (errant_vs_paper, ours_vs_paper) = (agreement(&errant), agreement(&ours));
    let markdown = markdown(&errant, &ours, errant_vs_paper, ours_vs_paper);
    Ok(Report {
        markdown,
        json: serde_json::json!({
            "typings": [&errant, &ours],
            "paper": PAPER.iter().map(|(c, r)| serde_json::json!({"category": c, "ratio": r})).collect::<Vec<_>>(),
            "paper_rho": PAPER_RHO.0,
            "paper_p_value": PAPER_RHO.1,
            "rank_correlation_with_paper": {"errant": errant_vs_paper, "gecbias": ours_vs_paper},
        }),
        figures: Vec::new(),
    })
}

/// Each type's ratio, rank and quarter: the paper's, ERRANT 3.0.2's and ours.
fn ratio_table(errant: &Typing, ours: &Typing) -> String {
    let mut table = Table::figures(
        "type",
        &[
            "reference edits (ERRANT 3.0.2)",
            "paper",
            "ERRANT 3.0.2",
            "gecbias",
        ],
    );
    let mut categories: Vec<&str> = PAPER.iter().map(|(c, _)| *c).collect();
    for row in errant.rows.iter().chain(&ours.rows) {
        if !categories.contains(&row.category.as_str()) {
            categories.push(&row.category);
        }
    }
    let cell = |t: &Typing, c: &str| {
        t.rows
            .iter()
            .find(|r| r.category == c)
            .map_or("–".into(), |r| {
                format!("{:.3} (#{}, Q{})", r.ratio, r.rank, r.quartile)
            })
    };
    for c in &categories {
        let refs = errant
            .rows
            .iter()
            .find(|r| r.category == *c)
            .map_or("–".into(), |r| r.reference_edits.to_string());
        let paper = PAPER
            .iter()
            .position(|(p, _)| p == c)
            .map_or("–".into(), |k| {
                format!(
                    "{:.3} (#{}, Q{})",
                    PAPER[k].1,
                    k + 1,
                    1 + 4 * k / PAPER.len()
                )
            });
        table.row([c.to_string(), refs, paper, cell(errant, c), cell(ours, c)]);
    }
    table.markdown()
}

fn markdown(errant: &Typing, ours: &Typing, errant_vs_paper: f64, ours_vs_paper: f64) -> String {
    let mut md = String::from(
        "MAEGE's under-correction ratio per ERRANT category (operation dropped): the mean number of edits of the \
         13 official CoNLL-2014 systems (`errant_parallel` on their outputs) over the mean number of the two NUCLE \
         annotators (`official-2014.combined.m2` re-typed with `errant_m2 -gold`); `UNK` and `noop` are not edits. \
         Types ranked by ratio; Q1 is the top quarter (least under-corrected), Q4 the bottom. The paper used \
         Bryant et al.'s typing (ERRANT of 2017 on spaCy 1.x): expect the ordering and the quarters, not the digits.\n\n",
    );
    md.push_str(&ratio_table(errant, ours));
    md.push_str(
        "\n## The types the paper names\n\nThe paper's text puts orthography, noun number, adjective form and determiner \
         selection in the top quarter, and verb, noun, particle/preposition and pronoun selection, OTHER and punctuation \
         in the bottom quarter (its table puts PART in the bottom quarter and PREP 15th).\n\n",
    );
    let mut table = Table::text(&["type", "paper", "ERRANT 3.0.2", "gecbias"]);
    for c in NAMED_TOP.iter().chain(&NAMED_BOTTOM) {
        table.row([
            c.to_string(),
            paper_quartile(c).to_string(),
            quartile_of(&errant.rows, c).to_string(),
            quartile_of(&ours.rows, c).to_string(),
        ]);
    }
    md.push_str(&table.markdown());
    let paper_q = |c: &str| {
        PAPER
            .iter()
            .position(|(p, _)| *p == c)
            .map(|k| 1 + 4 * k / PAPER.len())
    };
    let moved: Vec<String> = NAMED_TOP
        .iter()
        .chain(&NAMED_BOTTOM)
        .filter(|c| {
            [errant, ours].iter().any(|t| {
                t.rows
                    .iter()
                    .find(|r| r.category == **c)
                    .map(|r| r.quartile)
                    != paper_q(c)
            })
        })
        .map(|c| {
            format!(
                "{c} (paper {}, ERRANT 3.0.2 {}, gecbias {})",
                paper_quartile(c),
                quartile_of(&errant.rows, c),
                quartile_of(&ours.rows, c)
            )
        })
        .collect();
    let _ = writeln!(
        md,
        "\nWhere a named type changes quarter: {}. Why the digits differ: the paper's types come from ERRANT of \
         2017 on spaCy 1.x (Bryant et al.'s release), whose classifier rules and tagger differ from ERRANT 3.0.2 on \
         spaCy 3.8 (ours agrees with the latter on 96 % of the systems' edits, `errant.md`); the paper does not say \
         how it treated `UNK` or how many systems it averaged. Here CONTR and NOUN:NUM reach a ratio of 1 or more \
         (the systems make as many such edits as an annotator), where the paper has every type under 1.",
        if moved.is_empty() {
            "none".to_owned()
        } else {
            moved.join("; ")
        }
    );
    let _ = writeln!(
        md,
        "\n## Frequency and under-correction\n\nSpearman's ρ between a type's number of reference edits and its ratio \
         (two-sided p by Student's t, as scipy gives it):\n"
    );
    let mut table = Table::figures("typing", &["types", "ρ", "p"]);
    table.row([
        "paper".to_owned(),
        "24".to_owned(),
        fixed(PAPER_RHO.0, 2),
        fixed(PAPER_RHO.1, 2),
    ]);
    for t in [errant, ours] {
        table.row([
            t.typing.to_string(),
            t.rows.len().to_string(),
            fixed(t.rho, 2),
            fixed(t.p_value, 2),
        ]);
    }
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\nRank agreement of the ratios with the paper's column (Spearman's ρ over the types both have): ERRANT 3.0.2 \
         {errant_vs_paper:.2}, gecbias {ours_vs_paper:.2}."
    );
    md
}
