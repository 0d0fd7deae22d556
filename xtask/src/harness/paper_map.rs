//! The map of the papers: one row for every table, figure, appendix table and quantitative claim
//! of the five papers, with the report that reproduces it and how far. `cargo xtask reproduce
//! --list` renders it to `docs/reproduction/README.md`; `--list --check` (and `reproduce all
//! --check`) fails if the committed map differs, names a report that does not exist, or leaves a
//! registered report unmapped.

use std::fmt::Write as _;

use anyhow::{Context, bail};

use super::ALL;
use crate::workspace;

/// Which paper (or appendix) an item is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paper {
    /// Choshen & Abend, ACL 2018, "Inherent Biases in Reference-based Evaluation for GEC and TS"
    /// (`003`).
    Lcb,
    /// Its appendices (`conservatism_supplementary.tex`).
    LcbAppendix,
    /// Choshen & Abend, NAACL 2018, "Reference-less Measure of Faithfulness for GEC" (`001`, `002`).
    Usim,
    /// Its appendices (`uccasim_supplementary.tex`).
    UsimAppendix,
    /// The draft "Conservatism and Over-conservatism in GEC" (`000`).
    Draft000,
    /// The early draft "Improved Statistical Evaluation for GEC" (`004`).
    Draft004,
    /// Grundkiewicz, Junczys-Dowmunt & Gillian, EMNLP 2015: the human ranking of the CoNLL-2014
    /// systems that `meta-eval` is anchored on (not one of the five papers).
    Gjg15,
    /// Kobayashi, Mita & Komachi, TACL 2024 (SEEDA): human judgments of 15 CoNLL-2014 outputs,
    /// `meta-eval`'s second anchor (not one of the five papers).
    Seeda,
    /// Alva-Manchego, Scarton & Specia, Computational Linguistics 2021: the meta-evaluation of
    /// simplification metrics (not one of the five papers).
    AlvaManchego21,
    /// Napoles, Nădejde & Tetreault, TACL 2019 (GMEG): ratings of GEC systems in three domains
    /// (not one of the five papers).
    Gmeg,
    /// Not a paper item: a check of the software the reports stand on.
    Software,
}

impl Paper {
    /// The paper a map key names.
    fn from_key(key: &str) -> Option<Paper> {
        Some(match key {
            "lcb" => Paper::Lcb,
            "lcb-appendix" => Paper::LcbAppendix,
            "usim" => Paper::Usim,
            "usim-appendix" => Paper::UsimAppendix,
            "draft-000" => Paper::Draft000,
            "draft-004" => Paper::Draft004,
            "gjg15" => Paper::Gjg15,
            "seeda" => Paper::Seeda,
            "alva-manchego-2021" => Paper::AlvaManchego21,
            "gmeg" => Paper::Gmeg,
            "software" => Paper::Software,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Paper::Lcb => "LCB (ACL 2018)",
            Paper::LcbAppendix => "LCB appendix",
            Paper::Usim => "USim (NAACL 2018)",
            Paper::UsimAppendix => "USim appendix",
            Paper::Draft000 => "000 draft",
            Paper::Draft004 => "004 draft (2017)",
            Paper::Gjg15 => "GJG15 (EMNLP 2015; meta-evaluation)",
            Paper::Seeda => "SEEDA (TACL 2024; meta-evaluation)",
            Paper::AlvaManchego21 => "Alva-Manchego et al. (CL 2021; meta-evaluation)",
            Paper::Gmeg => "GMEG (TACL 2019; meta-evaluation)",
            Paper::Software => "— (software)",
        }
    }

    /// Whether the item belongs to the five papers the map accounts for.
    fn of_the_five(self) -> bool {
        !matches!(
            self,
            Paper::Gjg15 | Paper::Seeda | Paper::AlvaManchego21 | Paper::Gmeg | Paper::Software
        )
    }
}

/// How far an item is reproduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Our numbers equal the paper's at its printed precision (or the claim holds as stated).
    Exact,
    /// Reproduced, with a difference the report states and explains.
    Difference,
    /// The paper gives no numbers (an empty table, a proposal): the report's numbers are ours.
    Ours,
    /// A derivation or definition, not a number: implemented and tested where named.
    Analytic,
    /// Cannot be reproduced from the public data or code; the note says what is missing.
    Unreachable,
}

impl Status {
    /// The status a map key names.
    fn from_key(key: &str) -> Option<Status> {
        Some(match key {
            "exact" => Status::Exact,
            "difference" => Status::Difference,
            "ours" => Status::Ours,
            "analytic" => Status::Analytic,
            "unreachable" => Status::Unreachable,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Status::Exact => "reproduced exactly",
            Status::Difference => "reproduced with a stated difference",
            Status::Ours => "ours (no paper numbers)",
            Status::Analytic => "analytic (implemented)",
            Status::Unreachable => "unreachable",
        }
    }
}

/// One row of the map.
struct Item<'m> {
    paper: Paper,
    /// The paper's label or section.
    label: &'m str,
    /// What the item is.
    what: &'m str,
    /// The reports (experiment ids) that reproduce it; empty only for analytic items.
    reports: Vec<&'m str>,
    status: Status,
    /// The difference, the reason, or where the implementation lives.
    note: &'m str,
}

/// The map's rows: `xtask/paper-map.tsv`, one item a line (paper, label, what, reports separated
/// by commas, status, note), under a header line.
use Status::{Analytic, Difference, Exact, Ours, Unreachable};

const MAP: &str = include_str!("../../paper-map.tsv");
const MAP_PATH: &str = "xtask/paper-map.tsv";

/// The rows of [`MAP`].
fn items() -> anyhow::Result<Vec<Item<'static>>> {
    parse(MAP)
}

/// The rows of a map text, each field checked: a line of another width or an unknown paper or
/// status is an error naming the line.
fn parse(map: &str) -> anyhow::Result<Vec<Item<'_>>> {
    let mut lines = map.lines().enumerate();
    let header = "paper\tlabel\twhat\treports\tstatus\tnote";
    if lines.next().map(|(_, l)| l) != Some(header) {
        bail!("{MAP_PATH}:1: the header must be {header:?}");
    }
    lines
        .map(|(n, line)| {
            let at = || format!("{MAP_PATH}:{}", n + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            let [paper, label, what, reports, status, note] = fields[..] else {
                bail!("{}: {} fields, not 6", at(), fields.len());
            };
            Ok(Item {
                paper: Paper::from_key(paper)
                    .with_context(|| format!("{}: no paper {paper:?}", at()))?,
                label,
                what,
                reports: reports.split(',').filter(|r| !r.is_empty()).collect(),
                status: Status::from_key(status)
                    .with_context(|| format!("{}: no status {status:?}", at()))?,
                note,
            })
        })
        .collect()
}

/// The map as markdown.
fn render(items: &[Item<'_>]) -> String {
    let mut md = String::from(
        "# Reproduction map\n\n<!-- Generated by `cargo xtask reproduce --list`; CI fails if this file differs from \
         what the code produces. -->\n\n",
    );
    let count = |s: Status| items.iter().filter(|i| i.status == s).count();
    let papers = items.iter().filter(|i| i.paper.of_the_five()).count();
    let _ = writeln!(
        md,
        "Every table, figure, appendix table and quantitative claim of the five papers, with the report that reproduces \
         it (`cargo xtask reproduce <id>`, `docs/reproduction/<id>.md`). {papers} paper items: {} reproduced exactly, \
         {} with a stated difference, {} ours where the paper gives no numbers, {} analytic, {} unreachable; {} rows \
         more map the software checks and the human-judgment anchors of `meta-eval`. The papers: LCB = Choshen & Abend, ACL 2018 (`003`, appendices in \
         `conservatism_supplementary.tex`); USim = Choshen & Abend, NAACL 2018 (`001`/`002`, appendices in \
         `uccasim_supplementary.tex`); the 000 draft (\"Conservatism and Over-conservatism in GEC\"); the 004 draft \
         (\"Improved Statistical Evaluation for GEC\", 2017).\n",
        count(Exact) - software(items, Exact),
        count(Difference) - software(items, Difference),
        count(Ours) - software(items, Ours),
        count(Analytic) - software(items, Analytic),
        count(Unreachable) - software(items, Unreachable),
        items.len() - papers
    );
    let _ = writeln!(
        md,
        "| paper | item | what | report | status | note |\n|---|---|---|---|---|---|"
    );
    for i in items {
        let reports = if i.reports.is_empty() {
            "—".to_owned()
        } else {
            i.reports
                .iter()
                .map(|r| format!("[{r}]({r}.md)"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {reports} | {} | {} |",
            i.paper.name(),
            i.label,
            i.what,
            i.status.name(),
            i.note
        );
    }
    md
}

fn software(items: &[Item<'_>], s: Status) -> usize {
    items
        .iter()
        .filter(|i| !i.paper.of_the_five() && i.status == s)
        .count()
}

/// The map's own invariants: every report it names exists, every registered report is named,
/// and every row that is not exact says why.
fn validate(items: &[Item<'_>]) -> anyhow::Result<()> {
    let known: Vec<&str> = ALL.iter().map(|e| e.id).collect();
    let mut problems = Vec::new();
    for i in items {
        for r in &i.reports {
            if !known.contains(r) {
                problems.push(format!("{} {}: no report {r:?}", i.paper.name(), i.label));
            }
        }
        let needs_note = !matches!(i.status, Status::Exact);
        if needs_note && i.note.is_empty() {
            problems.push(format!(
                "{} {}: status {} without a note",
                i.paper.name(),
                i.label,
                i.status.name()
            ));
        }
        if i.reports.is_empty() && !matches!(i.status, Status::Analytic | Status::Unreachable) {
            problems.push(format!("{} {}: no report", i.paper.name(), i.label));
        }
    }
    for id in &known {
        if !items.iter().any(|i| i.reports.contains(id)) {
            problems.push(format!("report {id} is on no row of the map"));
        }
    }
    if !problems.is_empty() {
        bail!(
            "the reproduction map is inconsistent:\n  {}",
            problems.join("\n  ")
        );
    }
    Ok(())
}

/// The sentence the project README must carry, so that what it says of coverage is what the map
/// says.
fn readme_sentence(items: &[Item<'_>]) -> String {
    let paper = |s: Status| {
        items
            .iter()
            .filter(|i| i.paper.of_the_five() && i.status == s)
            .count()
    };
    format!(
        "accounts for all {} tables, figures, appendix tables and quantitative claims of the five papers: {} \
         reproduced exactly, {} with a stated difference, {} where the paper gives no numbers (ours), {} analytic \
         (implemented, nothing to compute) and {} unreachable from the public data",
        items.iter().filter(|i| i.paper.of_the_five()).count(),
        paper(Exact),
        paper(Difference),
        paper(Ours),
        paper(Analytic),
        paper(Unreachable)
    )
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes the map to `docs/reproduction/README.md`, or with `check` compares it; either way the
/// project README's coverage sentence must match the map.
pub(crate) fn run(check: bool) -> anyhow::Result<()> {
    let items = items()?;
    validate(&items)?;
    let readme = std::fs::read_to_string(workspace::root().join("README.md"))?;
    let sentence = readme_sentence(&items);
    if !words(&readme).contains(&words(&sentence)) {
        bail!("README.md must say what the reproduction map says: \"… {sentence} …\"");
    }
    let path = workspace::root().join("docs/reproduction/README.md");
    let markdown = render(&items);
    if check {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != markdown {
            bail!(
                "{} differs from the map in {MAP_PATH}: run `cargo xtask reproduce --list` and commit it",
                path.display()
            );
        }
        eprintln!("reproduction map: up to date ({} rows)", items.len());
    } else {
        std::fs::write(&path, &markdown)?;
        eprintln!(
            "reproduction map: wrote {} ({} rows)",
            path.display(),
            items.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_map_reads() {
        let items = items().unwrap();
        assert_eq!(items.len(), 120);
        assert_eq!(items[0].paper, Paper::Lcb);
        assert_eq!(items[0].reports, ["fig-f-gleu"]);
        assert_eq!(items[0].status, Status::Exact);
    }

    #[test]
    fn a_bad_line_is_named() {
        let header = "paper\tlabel\twhat\treports\tstatus\tnote";
        let error = |body: &str| {
            parse(&format!("{header}\n{body}"))
                .err()
                .unwrap()
                .to_string()
        };
        assert_eq!(
            error("lcb\ta\tb\tr\texact\t\nacl\ta\tb\tr\texact\t\n"),
            "xtask/paper-map.tsv:3: no paper \"acl\""
        );
        assert_eq!(
            error("lcb\ta\tb\n"),
            "xtask/paper-map.tsv:2: 3 fields, not 6"
        );
        assert_eq!(
            error("lcb\ta\tb\t\tdone\t\n"),
            "xtask/paper-map.tsv:2: no status \"done\""
        );
        assert_eq!(
            parse("label\n").err().unwrap().to_string(),
            format!("xtask/paper-map.tsv:1: the header must be {header:?}")
        );
    }
}
