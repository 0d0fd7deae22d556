//! The GEC page's sections: ranking, error types, over- and under-correction, sentences,
//! provenance.

use maud::{Markup, html};
use serde::Serialize;

use gecbias_engine::{MetricReport, Parts, SentenceScore};

use crate::charts::{ForestRow, forest, stacked};
use crate::edits::MarkedEdit;
use crate::gec::{ConservatismRow, GecReport, word_change_labels};
use crate::page::{Section, document, provenance, rounded, script_json};
use crate::type_grid::FEW_EDITS;

/// Four decimals, as the tables print fractions.
pub(crate) fn fraction(x: f64) -> String {
    format!("{x:.4}")
}

/// The rows of one metric in rank order (by score where no rank was asked for).
fn ranked(report: &MetricReport) -> Vec<usize> {
    let mut order: Vec<usize> = (0..report.systems.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&report.systems[a], &report.systems[b]);
        match (&a.rank, &b.rank) {
            (Some(x), Some(y)) => x.position.cmp(&y.position),
            _ => b.score.total_cmp(&a.score),
        }
    });
    order
}

/// Precision and recall where the metric has them.
fn precision_recall(parts: &Parts) -> Option<(f64, f64)> {
    match parts {
        Parts::M2 {
            precision, recall, ..
        }
        | Parts::Errant {
            precision, recall, ..
        }
        | Parts::Cleme {
            precision, recall, ..
        }
        | Parts::Green { precision, recall }
        | Parts::GoToScorer { precision, recall } => Some((*precision, *recall)),
        _ => None,
    }
}

fn ranking(report: &GecReport) -> Section {
    let body = html! {
        p {
            "Each metric's corpus score with its 95 % bootstrap interval. Systems in one shaded band form a significance cluster: every system above a cluster's end is significantly better than every system below it (paired approximate randomisation over every pair, Holm–Bonferroni at α = 0.05; "
            code { "gecbias score --rank" } ")."
        }
        @for metric in &report.rankings {
            @let order = ranked(metric);
            @let rows: Vec<ForestRow<'_>> = order.iter().map(|&i| {
                let s = &metric.systems[i];
                ForestRow {
                    label: &s.system,
                    score: s.score,
                    interval: s.confidence.as_ref().map(|c| (c.low, c.high)),
                    cluster: s.rank.as_ref().map(|r| r.cluster),
                }
            }).collect();
            @let with_pr = metric.systems.first().and_then(|s| precision_recall(&s.parts)).is_some();
            div.metric-ranking data-metric=(metric.name) {
                h3 { (metric.name) }
                (forest(&format!("{}: scores with 95 % intervals", metric.name), &rows))
                details.table-equivalent open {
                    summary { "Table: " (metric.name) }
                    table.data.ranking {
                        thead { tr {
                            th { "rank" } th { "cluster" } th { "system" } th { "score" } th { "95 % interval" }
                            @if with_pr { th { "P" } th { "R" } }
                        } }
                        tbody {
                            @for &i in &order {
                                @let s = &metric.systems[i];
                                tr {
                                    td { @if let Some(r) = &s.rank { (r.position) } @else { "–" } }
                                    td { @if let Some(r) = &s.rank { (r.cluster) } @else { "–" } }
                                    th scope="row" { (s.system) }
                                    td.num { (fraction(s.score)) }
                                    td.num { @if let Some(c) = &s.confidence { (fraction(c.low)) " – " (fraction(c.high)) } @else { "–" } }
                                    @if let Some((p, r)) = precision_recall(&s.parts) { td.num { (fraction(p)) } td.num { (fraction(r)) } }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    Section {
        id: "ranking",
        title: "Ranking",
        body,
    }
}

/// A sequential blue for an F score in [0, 1] (light to dark, readable in grey too).
fn shade(f: f64) -> String {
    let t = f.clamp(0.0, 1.0);
    let channel = |light: f64, dark: f64| (light + (dark - light) * t).round() as u8;
    format!(
        "background-color: rgb({}, {}, {}); color: {}",
        channel(247.0, 8.0),
        channel(251.0, 69.0),
        channel(255.0, 148.0),
        if t > 0.55 { "#fff" } else { "#111" }
    )
}

fn error_types(report: &GecReport) -> Section {
    let grid = &report.types;
    let systems = grid.systems.len().max(1) as u64;
    let column_gold: Vec<u64> = (0..grid.types.len())
        .map(|t| {
            grid.cells
                .iter()
                .filter_map(|row| row[t].as_ref())
                .map(|c| c.score.tp + c.score.fn_)
                .sum::<u64>()
        })
        .collect();
    let body = html! {
        p {
            "ERRANT's F" sub { "0.5" } " of each system on each error type (errant_compare " code { "-cat 3" } "), types ordered by their gold edits. Hover a cell for P, R, the counts and the 95 % interval; the table below lists them all. "
            span.few-marker { "†" } " marks a type with fewer than " (FEW_EDITS) " gold edits (a faded cell): its score says little."
        }
        div.scroll {
            table.data.type-grid {
                thead { tr {
                    th { "system" }
                    @for (t, name) in grid.types.iter().enumerate() {
                        @let few = column_gold[t] < FEW_EDITS * systems;
                        th.type.few[few] scope="col" title={(name) ": " (column_gold[t]) " gold edits over all systems"} {
                            (name) @if few { "†" }
                        }
                    }
                } }
                tbody {
                    @for (s, system) in grid.systems.iter().enumerate() {
                        tr {
                            th scope="row" { (system) }
                            @for (t, name) in grid.types.iter().enumerate() {
                                @match &grid.cells[s][t] {
                                    Some(cell) => {
                                        @let c = &cell.score;
                                        td.num.few[cell.few()] style=(shade(c.f)) title={
                                            (system) ", " (name) ": F " (fraction(c.f))
                                            ", P " (c.precision.map_or("–".to_owned(), fraction)) ", R " (fraction(c.recall))
                                            ", TP " (c.tp) ", FP " (c.fp) ", FN " (c.fn_)
                                            @if let Some((l, h)) = cell.interval { ", 95 % [" (fraction(l)) ", " (fraction(h)) "]" }
                                        } { (format!("{:.2}", c.f)) }
                                    }
                                    None => td.empty { "" }
                                }
                            }
                        }
                    }
                }
            }
        }
        details.table-equivalent {
            summary { "Table: every system and type, with P, R, counts and intervals" }
            table.data {
                thead { tr { th { "system" } th { "type" } th { "F" } th { "95 % interval" } th { "P" } th { "R" } th { "TP" } th { "FP" } th { "FN" } } }
                tbody {
                    @for (s, system) in grid.systems.iter().enumerate() {
                        @for (t, name) in grid.types.iter().enumerate() {
                            @if let Some(cell) = &grid.cells[s][t] {
                                @let c = &cell.score;
                                tr.few[cell.few()] {
                                    td { (system) } td { (name) } td.num { (fraction(c.f)) }
                                    td.num { @if let Some((l, h)) = cell.interval { (fraction(l)) " – " (fraction(h)) } @else { "–" } }
                                    td.num { (c.precision.map_or("–".to_owned(), fraction)) } td.num { (fraction(c.recall)) }
                                    td.num { (c.tp) } td.num { (c.fp) } td.num { (c.fn_) }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    Section {
        id: "types",
        title: "Error types",
        body,
    }
}

/// "changes 40 % fewer words than the references, and leaves 62 % of sentences unchanged
/// (references: 35 %)".
pub(crate) fn plain_words(row: &ConservatismRow, references: &[&ConservatismRow]) -> String {
    let n = references.len().max(1) as f64;
    let reference_change = references.iter().map(|r| r.mean_word_change).sum::<f64>() / n;
    let reference_unchanged = references.iter().map(|r| r.unchanged).sum::<f64>() / n;
    let comparison = if reference_change <= 0.0 {
        format!("changes {:.2} words per sentence", row.mean_word_change)
    } else {
        let ratio = row.mean_word_change / reference_change - 1.0;
        let (amount, direction) = (
            ratio.abs() * 100.0,
            if ratio < 0.0 { "fewer" } else { "more" },
        );
        if amount < 0.5 {
            "changes as many words as the references".to_owned()
        } else {
            format!("changes {amount:.0} % {direction} words than the references")
        }
    };
    format!(
        "{} {comparison} ({:.2} against {:.2} per sentence), and leaves {:.0} % of sentences unchanged (references: {:.0} %).",
        row.name,
        row.mean_word_change,
        reference_change,
        row.unchanged * 100.0,
        reference_unchanged * 100.0
    )
}

fn cleme2_parts(parts: &Parts) -> Option<[f64; 8]> {
    match parts {
        Parts::Cleme2 {
            hit,
            wrong,
            under,
            over,
            tp,
            fp_ne,
            fp_un,
            fn_,
            ..
        } => Some([*hit, *wrong, *under, *over, *tp, *fp_ne, *fp_un, *fn_]),
        _ => None,
    }
}

fn correction(report: &GecReport) -> Section {
    let cleme: Vec<(&str, [f64; 8])> = report
        .cleme2
        .systems
        .iter()
        .filter_map(|s| cleme2_parts(&s.parts).map(|p| (s.system.as_str(), p)))
        .collect();
    let bars: Vec<(&str, Vec<f64>)> = cleme.iter().map(|(n, p)| (*n, p[..3].to_vec())).collect();
    let references: Vec<&ConservatismRow> =
        report.conservatism.iter().filter(|r| r.reference).collect();
    let labels = word_change_labels();
    let most_over = cleme.iter().max_by(|a, b| a.1[3].total_cmp(&b.1[3]));
    let most_under = cleme.iter().max_by(|a, b| a.1[2].total_cmp(&b.1[2]));
    let body = html! {
        h3 { "CLEME2.0: hit, wrong, under and over" }
        p {
            "Of the corrections the references make, a system hits some, corrects some wrongly and leaves the rest (under-correction); over-correction is the share of its own corrections where the references change nothing (CLEME2.0, length-weighted chunks, against the M2 gold)."
            @if let (Some(over), Some(under)) = (most_over, most_under) {
                " " (over.0) " over-corrects most (" (fraction(over.1[3])) "); " (under.0) " under-corrects most (" (fraction(under.1[2])) ")."
            }
        }
        (stacked("CLEME2.0 hit, wrong and under-correction", &["hit", "wrong", "under"], &bars))
        details.table-equivalent open {
            summary { "Table: CLEME2.0" }
            table.data.cleme2 {
                thead { tr { th { "system" } th { "hit" } th { "wrong" } th { "under" } th { "over" } th { "TP" } th { "FP (where the reference corrects)" } th { "FP (where it does not)" } th { "FN" } } }
                tbody {
                    @for (name, p) in &cleme {
                        tr { th scope="row" { (name) } @for v in p { td.num { (fraction(*v)) } } }
                    }
                }
            }
        }
        h3 { "Conservatism: words changed per sentence" }
        p { "The share of sentences by how many words each system and each reference changes (WordChange, the low-coverage-bias paper's Figure 2). A system whose mass sits left of the references' under-corrects." }
        div.scroll {
            table.data.conservatism {
                thead { tr { th { "" } @for l in &labels { th scope="col" { (l) } } th { "mean" } th { "unchanged" } } }
                tbody {
                    @for row in &report.conservatism {
                        tr.reference[row.reference] {
                            th scope="row" { (row.name) }
                            @for share in &row.shares {
                                td.num style=(shade(share * 1.6)) { (format!("{:.0} %", share * 100.0)) }
                            }
                            td.num { (format!("{:.2}", row.mean_word_change)) }
                            td.num { (format!("{:.0} %", row.unchanged * 100.0)) }
                        }
                    }
                }
            }
        }
        ul.plain-words {
            @for row in report.conservatism.iter().filter(|r| !r.reference) {
                li { (plain_words(row, &references)) }
            }
        }
    };
    Section {
        id: "correction",
        title: "Over- and under-correction",
        body,
    }
}

/// The sentence view's controls; the script fills `#sentence-list`.
pub(crate) fn sentence_controls(extra: Markup, legend: Markup) -> Markup {
    html! {
        div.controls role="search" {
            label { "System " select #filter-system { option value="-1" { "all systems" } } }
            (extra)
            label { "Search " input #filter-text type="search" placeholder="words in any text"; }
            label { "Sort " select #sort {} }
        }
        (legend)
        p #sentence-count aria-live="polite" { "The sentences need JavaScript." }
        div #sentence-list {}
        div.pager {
            button #page-previous type="button" { "← previous" }
            button #page-next type="button" { "next →" }
        }
    }
}

fn sentences() -> Section {
    let extra = html! {
        label { "Type " select #filter-type { option value="" { "any type" } } }
        label { "Outcome " select #filter-outcome {
            option value="" { "any" }
            option value="0" { "true positive" }
            option value="1" { "false positive" }
            option value="2" { "missed" }
            option value="changed" { "changed by the system" }
            option value="unchanged" { "left unchanged" }
        } }
    };
    let legend = html! {
        p.legend {
            "Edits against the gold annotator ERRANT chose for the sentence: "
            span.edit.tp { "✓ true positive" } " "
            span.edit.fp { "✗ false positive" } " "
            span.edit.missed { "○ missed" }
            ". Deleted words are struck through; hover an edit for its type."
        }
    };
    Section {
        id: "sentences",
        title: "Sentences",
        body: sentence_controls(extra, legend),
    }
}

/// The script's data: short keys, outputs equal to the source left out (`null`).
#[derive(Serialize)]
struct GecData<'a> {
    kind: &'static str,
    systems: &'a [String],
    references: Vec<String>,
    types: Vec<String>,
    metrics: Vec<&'static str>,
    sentences: Vec<SentenceData<'a>>,
    /// `scores[metric][system][sentence]`, rounded to 4 decimals.
    scores: Vec<Vec<Vec<f64>>>,
}

#[derive(Serialize)]
struct SentenceData<'a> {
    s: &'a str,
    r: Vec<&'a str>,
    o: Vec<Option<&'a str>>,
    /// Per system, its edits.
    e: Vec<Vec<EditData<'a>>>,
}

/// An edit as the script reads it: `[start, end, correction, type index, outcome]`.
pub(crate) type EditData<'a> = (usize, usize, &'a str, usize, u8);

/// The ERRANT types of a page's edits, sorted, which the script's edits index.
pub(crate) struct EditTable {
    pub(crate) types: Vec<String>,
}

impl EditTable {
    pub(crate) fn new<'e>(edits: impl Iterator<Item = &'e MarkedEdit>) -> EditTable {
        let mut types: Vec<String> = edits.map(|e| e.category.clone()).collect();
        types.sort();
        types.dedup();
        EditTable { types }
    }

    /// `edits` as the script reads them.
    pub(crate) fn row<'e>(&self, edits: &'e [MarkedEdit]) -> Vec<EditData<'e>> {
        let index = |t: &str| {
            self.types
                .binary_search_by(|x| x.as_str().cmp(t))
                .unwrap_or(0)
        };
        edits
            .iter()
            .map(|e| {
                (
                    e.start,
                    e.end,
                    e.correction.as_str(),
                    index(&e.category),
                    e.outcome.code(),
                )
            })
            .collect()
    }
}

fn data(report: &GecReport) -> String {
    let table = EditTable::new(
        report
            .sentences
            .iter()
            .flat_map(|s| s.systems.iter().flat_map(|(_, e)| e)),
    );
    let sentences = report
        .sentences
        .iter()
        .map(|s| SentenceData {
            s: &s.source,
            r: s.references.iter().map(String::as_str).collect(),
            o: s.systems
                .iter()
                .map(|(o, _)| (*o != s.source).then_some(o.as_str()))
                .collect(),
            e: s.systems
                .iter()
                .map(|(_, edits)| table.row(edits))
                .collect(),
        })
        .collect();
    let with_sentences: Vec<&MetricReport> = report
        .rankings
        .iter()
        .filter(|r| r.sentences.iter().any(|s| !s.is_empty()))
        .collect();
    let data = GecData {
        kind: "gec",
        systems: &report.systems,
        references: (1..=report.sentences.first().map_or(0, |s| s.references.len()))
            .map(|k| format!("reference {k}"))
            .collect(),
        metrics: with_sentences.iter().map(|r| r.name).collect(),
        scores: with_sentences
            .iter()
            .map(|r| {
                r.sentences
                    .iter()
                    .map(|system| {
                        system
                            .iter()
                            .map(|s| rounded(SentenceScore::score(s)))
                            .collect()
                    })
                    .collect()
            })
            .collect(),
        sentences,
        types: table.types,
    };
    script_json(&data)
}

/// The GEC page.
pub(crate) fn render(report: &GecReport, title: &str) -> String {
    let sections = [
        ranking(report),
        error_types(report),
        correction(report),
        sentences(),
        provenance(&report.provenance),
    ];
    document(title, "gec", &sections, &data(report))
}
