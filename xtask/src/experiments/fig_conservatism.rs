//! `fig-conservatism`: the over-correction figure of the LCB paper (§3.2 "Under-correction in GEC
//! systems"; 000 draft Fig. 1) — WordChange heat map, Spearman ECDF and split/concat bars for
//! NUCLE annotator A and the 14 CoNLL-2014 outputs — set beside the authors' results file as
//! lcb-goldens G6 tabulates it.

use std::fmt::Write as _;

use anyhow::Context;
use conservatism::{
    ConservatismProfile, Splitter, check_line_counts, compare_passages, passage_text,
};
use gecbias_data::DataDir;
use indicatif::ProgressBar;
use mono_align::CostModel;
use mono_align::sentences::{preprocess_paragraph, preprocess_paragraph_minimal};
use serde::Serialize;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table};
use crate::linguistic;
use crate::paper_inputs::lcb::G6;
use gecbias_plot as plot;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("fig-conservatism", TITLE, inputs, run);
const TITLE: &str =
    "WordChange, Spearman ρ and split/concat of 14 GEC systems and the NUCLE reference";

const PARAGRAPHS: &str = gecbias_data::datasets::CONLL_PARAGRAPHS;
const SOURCE: &str = "conll.tok.orig";
const NTHU_BEFORE_EDIT: &str = "assess_learner_language/history/4734888p/data/paragraphs/NTHU";

/// The outputs in the figure's row order: (name, file under `data/paragraphs`).
const OUTPUTS: [(&str, &str); 16] = [
    ("gold", "corrected_official-2014.0.txt.comparable"),
    ("cuui", "CUUI"),
    ("camb", "CAMB"),
    ("amu", "AMU"),
    ("RoRo", "conll14st.output.1cleaned"),
    ("jmgr", "JMGR"),
    ("Char", "filtered_test.txt"),
    ("rac", "RAC"),
    ("umc", "UMC"),
    ("sjtu", "SJTU"),
    ("iitb", "IITB"),
    ("ipn", "IPN"),
    ("nthu", "NTHU"),
    ("pku", "PKU"),
    ("post", "POST"),
    ("ufc", "UFC"),
];

const COLUMNS: [&str; 17] = [
    "pairs",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6–10",
    "11–20",
    "21–30",
    ">30",
    "split",
    "concat",
    "ΣWC",
    "#WC>0",
    "#ρ=1",
    "#0.7≤ρ<1",
];

fn inputs(_: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = vec![format!("{PARAGRAPHS}/{SOURCE}")];
    out.extend(OUTPUTS.iter().map(|(_, f)| format!("{PARAGRAPHS}/{f}")));
    out.push(NTHU_BEFORE_EDIT.to_owned());
    Ok(out)
}

/// One output's row of the figure's numbers.
#[derive(Serialize)]
struct Row {
    name: String,
    file: String,
    counts: [usize; 17],
    mean_rho: String,
    /// Sentences with exactly 6 words changed (the ACL text's "36 reference sentences").
    exactly_six: usize,
    /// Sentences with exactly 5 words changed (the 000 draft's "44 sentences").
    exactly_five: usize,
    #[serde(skip)]
    ecdf: Vec<f64>,
    profile: ConservatismProfile,
}

impl Row {
    fn new(name: &str, file: &str, p: ConservatismProfile) -> Row {
        let h = p.word_change_histogram();
        let counts = [
            p.sentences.len(),
            h[0],
            h[1],
            h[2],
            h[3],
            h[4],
            h[5],
            h[6],
            h[7],
            h[8],
            p.above_thirty(),
            p.paper_split_bar(),
            p.paper_concat_bar(),
            p.total_word_change(),
            p.changed_sentences(),
            p.perfect_order(),
            p.ecdf_subset().len(),
        ];
        Row {
            name: name.to_owned(),
            file: file.to_owned(),
            counts,
            mean_rho: format!("{:.4}", p.mean_rho()),
            exactly_six: p.sentences.iter().filter(|s| s.word_change == 6).count(),
            exactly_five: p.sentences.iter().filter(|s| s.word_change == 5).count(),
            ecdf: p.ecdf_subset(),
            profile: p,
        }
    }

    /// The columns where this row differs from the G6 row of `name`.
    fn differences(&self, name: &str) -> Vec<String> {
        let Some((_, golden, rho)) = G6.iter().find(|(n, _, _)| *n == name) else {
            return vec!["no G6 row".to_owned()];
        };
        let mut out: Vec<String> = COLUMNS
            .iter()
            .zip(self.counts.iter().zip(golden))
            .filter(|(_, (a, b))| a != b)
            .map(|(c, (a, b))| format!("{c} {a} vs {b}"))
            .collect();
        if self.mean_rho != *rho {
            out.push(format!("mean ρ {} vs {rho}", self.mean_rho));
        }
        out
    }
}

fn run(data: &DataDir, _: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    // The source, each output with the reference's and with exact costs, NTHU before its edit.
    progress.set_length(2 + 2 * OUTPUTS.len() as u64);
    let punkt = linguistic::punkt()?;
    let same = linguistic::word_equivalence()?;
    let read = |rel: &str| -> anyhow::Result<String> {
        let path = data.join(rel);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        Ok(passage_text(rel, &bytes)?)
    };
    let source_rel = format!("{PARAGRAPHS}/{SOURCE}");
    let raw_source = read(&source_rel)?;
    let source = preprocess_paragraph(&raw_source);
    progress.inc(1);
    let mut rows = Vec::new();
    let compare = |name: &str, rel: &str, gold: bool, model: CostModel| -> anyhow::Result<Row> {
        let text = read(rel)?;
        // The reference is one corrected sentence per line and may split or join source lines.
        if !gold {
            check_line_counts(&source_rel, &raw_source, rel, &text)?;
        }
        let (output, split) = if gold {
            (preprocess_paragraph_minimal(&text), Splitter::Lines)
        } else {
            (preprocess_paragraph(&text), Splitter::Punkt)
        };
        let profile = compare_passages(&source, &output, split, &punkt, &same, model)
            .with_context(|| format!("aligning {rel}"))?;
        progress.inc(1);
        Ok(Row::new(name, rel, profile))
    };
    // With exact integer costs, to show which published numbers depend on the reference's ties.
    let mut exact_changes = Vec::new();
    for (name, file) in OUTPUTS {
        let rel = format!("{PARAGRAPHS}/{file}");
        let row = compare(name, &rel, name == "gold", CostModel::Reference)?;
        let exact = compare(name, &rel, name == "gold", CostModel::Exact)?;
        if exact.counts != row.counts || exact.mean_rho != row.mean_rho {
            exact_changes.push(name);
        }
        rows.push(row);
    }
    let nthu_before_edit = compare("nthu", NTHU_BEFORE_EDIT, false, CostModel::Reference)?;

    let mut markdown = markdown(&rows, &nthu_before_edit, &exact_changes);
    nucle_example(data, &mut markdown)?;
    let figures = vec![
        ("word-change", heat_map(&rows)?),
        ("spearman-ecdf", ecdf(&rows)?),
        ("split-concat", split_concat(&rows)?),
    ];
    let json = serde_json::json!({ "outputs": rows, "nthu_before_edit": nthu_before_edit });
    Ok(Report {
        markdown,
        json,
        figures,
    })
}

fn table_row(table: &mut Table, label: &str, row: &Row, verdict: &str) {
    let cells: Vec<String> = row.counts.iter().map(usize::to_string).collect();
    let (head, tail) = cells.split_at(15);
    table.row(
        std::iter::once(label.to_owned())
            .chain(head.iter().cloned())
            .chain([row.mean_rho.to_string()])
            .chain(tail.iter().cloned())
            .chain([verdict.to_owned()]),
    );
}

fn markdown(rows: &[Row], nthu_before_edit: &Row, exact_changes: &[&str]) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "The LCB paper's passage procedure (`gecbias conservatism --passages`; the command's default compares line \
         i with line i instead): each output (NUCLE annotator A as \"gold\", 14 CoNLL-2014 systems) is read as one \
         passage and split into sentences, its sentences are aligned with the source's \
         (`mono_align::passage::break2common_sentences`), and every sentence pair is word-aligned (Munkres with the reference's tie-breaking and floating-point costs). WordChange counts aligned \
         words that are not approximately the same; ρ is Spearman's correlation of aligned word positions. The \
         reference column is the authors' `results/results160111.json` as tabulated in lcb-goldens G6 (the paper \
         shows these numbers as figures).\n"
    );
    // The counts' columns, with the mean ρ where the table shows it: before the counts of ρ.
    let mut columns = vec![("output", Align::Left)];
    let (counts, rho_counts) = COLUMNS.split_at(15);
    columns.extend(counts.iter().map(|c| (*c, Align::Right)));
    columns.push(("mean ρ", Align::Right));
    columns.extend(rho_counts.iter().map(|c| (*c, Align::Right)));
    columns.push(("vs G6", Align::Left));
    let mut table = Table::new(&columns);
    let mut exact = 0;
    for row in rows {
        let differences = row.differences(&row.name);
        exact += usize::from(differences.is_empty());
        let verdict = if differences.is_empty() {
            "identical".to_owned()
        } else {
            differences.join("; ")
        };
        let label = if row.name == "nthu" {
            "nthu (current file)".to_owned()
        } else {
            row.name.clone()
        };
        table_row(&mut table, &label, row, &verdict);
    }
    let before = nthu_before_edit.differences("nthu");
    table_row(
        &mut table,
        "nthu (before its 2018 edit)",
        nthu_before_edit,
        &before.join("; "),
    );
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\n**{exact} of {} rows are identical to G6 in every column.**\n",
        rows.len()
    );
    let _ = writeln!(
        md,
        "NTHU is expected to differ: its output file was edited on 2018-01-25, and the results file entry predates \
         the public repository, so neither the current file nor the pre-edit version \
         (`history/4734888p/data/paragraphs/NTHU`) is the text the published numbers came from (G6: current file \
         1332 pairs, pre-edit 1330, results file 1329).\n"
    );
    if let Some(gold) = rows.iter().find(|r| r.name == "gold") {
        let _ = writeln!(
            md,
            "Text claim (ACL §3.2): \"36 reference sentences include 6 word changes\" — gold has {} sentences with \
             exactly 6. The same text's \"the maximal number … by any system is 5\" is not supported: CAMB has {} \
             sentences with exactly 6.\n",
            gold.exactly_six,
            rows.iter()
                .find(|r| r.name == "camb")
                .map_or(0, |r| r.exactly_six)
        );
        let (most, most_name) = rows
            .iter()
            .filter(|r| r.name != "gold")
            .map(|r| (r.exactly_five, r.name.as_str()))
            .max()
            .unwrap_or((0, "none"));
        let _ = writeln!(
            md,
            "Text claim (000 draft §2): \"the reference has 44 sentences with 5 word changes, where the most sentences \
             with 5 word changes by any corrector is 11\" — gold has {} sentences with exactly 5 (G6: {}), the most \
             by any system {most} ({most_name}). The draft's counts come from an earlier run of the same procedure.\n",
            gold.exactly_five,
            G6.iter().find(|g| g.0 == "gold").map_or(0, |g| g.1[6]),
        );
    }
    md.push_str(&notes(rows));
    let _ = writeln!(
        md,
        "Cost model. Recomputed with exact integer alignment costs (n·levenshtein + |i − j|) instead of the \
         reference's floating-point sums, {} of the {} rows change ({}): the published numbers depend on the \
         reference's tie-breaking, so `CostModel::Reference` is the default.",
        exact_changes.len(),
        rows.len(),
        exact_changes.join(", ")
    );
    md
}

/// The notes under the table: the split and concat columns in the authors' labels and in what
/// each output did (as `gecbias conservatism` names it), the splitter, the ECDF and the figures.
fn notes(rows: &[Row]) -> String {
    let readings: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                "{} {}/{}",
                r.name,
                r.profile.splits(),
                r.profile.concatenations()
            )
        })
        .collect();
    format!(
        "Split and concat, two readings. The columns `split` and `concat` (and the figure's bars) keep the \
         authors' labels, because G6 and the paper's figure use them: their `split` counts the alignment's \
         FIRST_LONGER decisions (`\"sentence splitted\"`), where two *source* sentences are matched with one \
         output sentence, that is where the output **joined** two sentences; their `concat` counts where one source \
         sentence is matched with two output sentences, where the output **split** one. `gecbias conservatism` \
         (JSON `splits`, `concatenations`) and Python name what the output did, so its `splits` is this table's \
         `concat` and its `concatenations` this table's `split`. In the output's terms (splits/concatenations): {}. \
         The paper's reading of its own figure (\"how many source sentences were split and how many \
         concatenated\") therefore swaps the two bars; `docs/deliberate-differences.md` records this.\n\n\
         Notes. Splitting uses NLTK's Punkt English parameters with the reference's re-splits; \"approximately the \
         same word\" uses WordNet 3.0 noun morphy. The ECDF column counts 0.7 ≤ ρ < 1 with ρ computed as scipy does; \
         values just below 1 by rounding are included, as in the reference. Figures: \
         `target/reproduce/fig-conservatism-{{word-change,spearman-ecdf,split-concat}}.svg`.\n\n",
        readings.join(", ")
    )
}

fn heat_map(rows: &[Row]) -> anyhow::Result<String> {
    let heat: Vec<(String, Vec<usize>)> = rows
        .iter()
        .map(|r| (r.name.clone(), r.counts[1..10].to_vec()))
        .collect();
    Ok(plot::heat_map(
        "Words changed per sentence (values above 30 dropped)",
        &heat,
        &["0", "1", "2", "3", "4", "5", "6-10", "11-20", "21-30"],
    )?)
}

fn ecdf(rows: &[Row]) -> anyhow::Result<String> {
    let samples: Vec<(String, Vec<f64>)> = rows
        .iter()
        .map(|r| (r.name.clone(), r.ecdf.clone()))
        .collect();
    Ok(plot::ecdf(
        "Spearman ρ of aligned word order (0.7 ≤ ρ < 1)",
        "ρ",
        (0.7, 1.0),
        &samples,
        "gold",
    )?)
}

fn split_concat(rows: &[Row]) -> anyhow::Result<String> {
    let series: Vec<(String, Vec<i64>)> = rows
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                vec![r.counts[11] as i64, r.counts[12] as i64],
            )
        })
        .collect();
    Ok(plot::grouped_bars(
        "Sentences split and concatenated",
        "bars as the authors label them (see the report)",
        &["split", "concatenated"],
        &series,
    )?)
}

/// The LCB paper's `tab:nucle_example`: one source sentence, the systems that change it (CHAR,
/// UMC and JMGR: "for"; IPN: "peoples"; CUUI: "the people"), the rest keeping it, and the two
/// NUCLE references ("true for", "relevant to").
const EXAMPLE_SOURCE: &str = "This is especially to people who are overseas .";
const EXAMPLE_TABLE: [(&str, &str); 5] = [
    ("Char", "This is especially for people who are overseas ."),
    ("umc", "This is especially for people who are overseas ."),
    ("jmgr", "This is especially for people who are overseas ."),
    ("ipn", "This is especially to peoples who are overseas ."),
    (
        "cuui",
        "This is especially to the people who are overseas .",
    ),
];
/// The verdict on a system that changes the example sentence where the table lists none.
const OMITTED: &str = "changes the sentence; the table omits it";

const EXAMPLE_REFERENCES: [(&str, &str); 2] = [
    (
        "NUCLEA",
        "This is especially true for people who are overseas .",
    ),
    (
        "NUCLEB",
        "This is especially relevant to people who are overseas .",
    ),
];

/// Checks the example table against the outputs' line of its source sentence.
fn nucle_example(data: &DataDir, md: &mut String) -> anyhow::Result<()> {
    let lines = |rel: &str| -> anyhow::Result<Vec<String>> {
        let text =
            std::fs::read_to_string(data.join(rel)).with_context(|| format!("reading {rel}"))?;
        Ok(text.lines().map(|l| l.trim().to_owned()).collect())
    };
    let source = lines(&format!("{PARAGRAPHS}/{SOURCE}"))?;
    let index = source
        .iter()
        .position(|l| l == EXAMPLE_SOURCE)
        .context("the example's source sentence is not in the source file")?;
    let mut rows = Vec::new();
    for (name, file) in OUTPUTS.iter().filter(|(name, _)| *name != "gold") {
        let output = lines(&format!("{PARAGRAPHS}/{file}"))?;
        let line = output.get(index).cloned().unwrap_or_default();
        let expected = EXAMPLE_TABLE
            .iter()
            .find(|(n, _)| n == name)
            .map_or(EXAMPLE_SOURCE, |(_, t)| t);
        let verdict = if line == expected {
            "as the table"
        } else if line.to_lowercase() == expected.to_lowercase() {
            "as the table but for case"
        } else if line == EXAMPLE_SOURCE {
            "keeps the source; the table lists a change"
        } else {
            OMITTED
        };
        rows.push([(*name).to_owned(), line, verdict.to_owned()]);
    }
    let refs = gecbias_data::datasets::CONLL_REFERENCES;
    for (name, expected) in EXAMPLE_REFERENCES {
        let line = lines(&format!("{refs}/{name}"))?
            .get(index)
            .cloned()
            .unwrap_or_default();
        let verdict = if line == expected {
            "as the table"
        } else {
            "differs from the table"
        };
        rows.push([(*name).to_owned(), line, verdict.to_owned()]);
    }
    let omitted: Vec<&str> = rows
        .iter()
        .filter(|r| r[2] == OMITTED)
        .map(|r| r[0].as_str())
        .collect();
    let mut table = Table::text(&["output", "its line", "against the table"]);
    for row in &rows {
        table.row(row);
    }
    let _ = writeln!(
        md,
        "\n## The example table (LCB `tab:nucle_example`)\n\nSource line {} of `{SOURCE}`: \"{EXAMPLE_SOURCE}\". Each \
         output's line beside what the table says of it (systems not in the table keep the source):\n\n\
         {}\n{}",
        index + 1,
        table.markdown(),
        if omitted.is_empty() {
            "Every output is as the table says.".to_owned()
        } else {
            format!(
                "The table omits {}, which makes the same change as CHAR, UMC and JMGR; the rest is as the table \
                 says (RoRo's output lower-cases first words), including \"no system produces a new word as needed\".",
                omitted.join(", ")
            )
        }
    );
    Ok(())
}
