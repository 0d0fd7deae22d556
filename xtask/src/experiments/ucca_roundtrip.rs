//! `ucca-roundtrip`: every UCCA XML file of the data is read, written and read again, and the
//! counts of the human annotations are set beside those of the reference library (usim-spec §a.3).

use std::fmt::Write as _;

use anyhow::Context;
use gecbias_data::DataDir;
use gecbias_data::datasets::{UCCA_XML_DIRS, USIM_ANNOTATIONS};
use indicatif::ProgressBar;
use serde::Serialize;
use ucca_graph::corpus::RoundTrip;
use ucca_graph::{Category, Passage};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::Table;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("ucca-roundtrip", TITLE, inputs, run);
const TITLE: &str = "reading and rewriting every UCCA XML file of the data";

fn inputs(data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for dir in UCCA_XML_DIRS {
        out.extend(data.files_under(dir, ".xml")?);
    }
    Ok(out)
}

#[derive(Serialize)]
struct Folder {
    folder: &'static str,
    report: RoundTrip,
}

fn run(data: &DataDir, inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let mut folders: Vec<Folder> = UCCA_XML_DIRS
        .iter()
        .map(|&folder| Folder {
            folder,
            report: RoundTrip::default(),
        })
        .collect();
    for file in inputs {
        let path = data.join(file);
        let passage = Passage::read(&path)?;
        let folder = folders
            .iter_mut()
            .find(|f| file.starts_with(&format!("{}/", f.folder)))
            .context("input outside the UCCA folders")?;
        folder.report.add(std::path::Path::new(file), &passage)?;
        progress.inc(1);
    }
    let mut total = RoundTrip::default();
    for f in &folders {
        total.absorb(f.report.clone());
    }
    let markdown = markdown(&folders, &total);
    let json = serde_json::json!({ "folders": folders, "total": total });
    Ok(Report {
        markdown,
        json,
        figures: Vec::new(),
    })
}

/// Counts in the 26 human annotation files as the reference library reports them
/// (usim-spec §a.3): (quantity, spec value).
fn spec_counts() -> Vec<(String, usize)> {
    let mut out = vec![
        ("FN units".to_owned(), 17_647),
        ("PNCT units".to_owned(), 358),
        ("LKG nodes".to_owned(), 725),
        ("Word terminals".to_owned(), 12_928),
        ("Punctuation terminals".to_owned(), 358),
        ("remote edges".to_owned(), 467),
        ("implicit units".to_owned(), 18),
    ];
    let edges = [
        ("Terminal", 13_286),
        ("C", 3847),
        ("E", 3328),
        ("A", 3240),
        ("R", 1520),
        ("H", 1333),
        ("LA", 1228),
        ("P", 1138),
        ("F", 1011),
        ("D", 889),
        ("L", 745),
        ("LR", 725),
        ("S", 638),
        ("U", 358),
        ("N", 291),
        ("T", 86),
        ("G", 22),
    ];
    out.extend(edges.iter().map(|(c, n)| (format!("`{c}` edges"), *n)));
    out
}

fn our_counts(r: &RoundTrip) -> Vec<usize> {
    let mut out = vec![
        r.foundational_units,
        r.punctuation_units,
        r.linkage_units,
        r.terminals - r.punctuation_terminals,
        r.punctuation_terminals,
        r.remote_edges,
        r.implicit_units,
    ];
    for c in [
        "Terminal", "C", "E", "A", "R", "H", "LA", "P", "F", "D", "L", "LR", "S", "U", "N", "T",
        "G",
    ] {
        let category = Category::from_abbreviation(c);
        out.push(
            category
                .and_then(|c| r.edges_by_category.get(&c).copied())
                .unwrap_or(0),
        );
    }
    out
}

fn markdown(folders: &[Folder], total: &RoundTrip) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "Every UCCA standard XML file under the data directory is read into a `ucca_graph::Passage`, \
         written back to XML and read again; the two passages must be equal (same nodes, attributes, \
         edges and edge order). The papers have no table for this: it is the foundation every USim \
         and DAG F1 number rests on.\n"
    );
    let mut table = Table::figures(
        "folder",
        &[
            "files",
            "terminals",
            "FN / PNCT / LKG units",
            "implicit",
            "edges",
            "remote",
            "equal after round trip",
        ],
    );
    let rows = folders
        .iter()
        .map(|f| (format!("`{}`", f.folder), &f.report));
    for (name, r) in rows.chain(std::iter::once(("**total**".to_owned(), total))) {
        table.row([
            name,
            r.files.to_string(),
            r.terminals.to_string(),
            format!(
                "{} / {} / {}",
                r.foundational_units, r.punctuation_units, r.linkage_units
            ),
            r.implicit_units.to_string(),
            r.edges.to_string(),
            r.remote_edges.to_string(),
            format!("{} / {}", r.equal, r.files),
        ]);
    }
    md.push_str(&table.markdown());
    if !total.unequal.is_empty() {
        let _ = writeln!(md, "\nFiles that changed in the round trip:\n");
        for f in &total.unequal {
            let _ = writeln!(md, "- `{}`", f.display());
        }
    }

    let _ = writeln!(
        md,
        "\n## The human annotations beside the reference library\n\n\
         The 26 files of `{USIM_ANNOTATIONS}/`, counted by the Python `ucca` library \
         (`../shared/specs/usim-spec.md` §a.3) and by us.\n"
    );
    let mut table = Table::figures("quantity", &["reference", "ours", "difference"]);
    let human = &folders[0].report;
    let mut differing = 0;
    for ((quantity, reference), ours) in spec_counts().into_iter().zip(our_counts(human)) {
        let diff = ours as i64 - reference as i64;
        differing += usize::from(diff != 0);
        table.row([
            quantity.to_string(),
            reference.to_string(),
            ours.to_string(),
            format!("{diff:+}"),
        ]);
    }
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\n{}",
        if differing == 0 {
            "All counts agree with the reference library.".to_owned()
        } else {
            format!("{differing} counts differ from the reference library: the reader is wrong.")
        }
    );
    md
}
