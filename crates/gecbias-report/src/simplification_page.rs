//! The simplification page's sections: EASSE report's test set, scores, scores by length,
//! plots and samples (every system side by side), then provenance.

use maud::html;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;
use serde::Serialize;

use crate::charts::histogram;
use crate::gec_page::{EditData, EditTable, sentence_controls};
use crate::page::{Section, document, provenance, rounded, script_json};
use crate::simplification::{RowKind, SimplificationReport};

/// A column's heading from `easse evaluate`'s key: a feature's EASSE name (`Compression ratio`),
/// a metric's key in capitals (`SARI_ADD` → `SARI ADD`).
fn column_name(key: &str) -> String {
    match key.strip_prefix("quality_estimation/") {
        Some(feature) => feature.to_owned(),
        None => key.to_uppercase().replace('_', " "),
    }
}

/// Three decimals, as `easse evaluate` rounds.
fn three(x: f64) -> String {
    format!("{x:.3}")
}

fn test_set(report: &SimplificationReport) -> Section {
    let s = &report.stats;
    let percent = |x: f64| format!("{:.1}%", x * 100.0);
    Section {
        id: "test-set",
        title: "Test set",
        body: html! {
            table.data.test-set {
                thead { tr {
                    th { "" } th { "# of samples" } th { "# of references" } th { "Words / source" } th { "Words / reference" }
                    th { "1-to-1 alignments*" } th { "1-to-N alignments*" } th { "N-to-N alignments*" } th { "N-to-1 alignments*" }
                } }
                tbody { tr {
                    th scope="row" { (report.test_set) }
                    td.num { (s.samples) } td.num { (s.references) }
                    td.num { (format!("{:.2}", s.words_per_source)) } td.num { (format!("{:.2}", s.words_per_reference)) }
                    @for a in s.alignments { td.num { (percent(a)) } }
                } }
            }
            p.note { "* Sentences counted by Punkt (at least one per text), as EASSE counts them; alignment detection is not 100 % accurate." }
        },
    }
}

fn scores(report: &SimplificationReport) -> Section {
    let kind = |k: RowKind| match k {
        RowKind::System => "system",
        RowKind::Baseline => "baseline",
        _ => "reference",
    };
    let bin_header = html! { tr { th { "bin" } th { "sentences" } @for c in &report.bin_columns { th { (column_name(c)) } } } };
    Section {
        id: "scores",
        title: "Scores",
        body: html! {
            h3 { "System vs. reference" }
            p { "The values of " code { "gecbias easse evaluate" } " (BLEU and SARI in points, FKGL a grade level, the quality-estimation features of " code { "-q" } "). Higher SARI is better; lower FKGL reads easier." }
            div.scroll {
                table.data.scores {
                    thead { tr { th { "" } @for c in &report.columns { th scope="col" data-key=(c) { (column_name(c)) } } } }
                    tbody {
                        @for row in &report.rows {
                            tr class=(kind(row.kind)) {
                                th scope="row" { (row.name) }
                                @for v in &row.values { td.num { (three(*v)) } }
                            }
                        }
                    }
                }
            }
            p.note { "* The reference row scores the first reference against the others (the second counted twice so that it has as many references as the systems), as EASSE's report does." }
            h3 { "By sentence length (characters)" }
            p { "Five bins of equal population by the source's length; scores rounded to 2 decimals as EASSE's report rounds them." }
            @for (system, bins) in &report.by_length {
                details.by-length {
                    summary { (system) }
                    div.scroll { table.data {
                        thead { (bin_header) }
                        tbody { @for b in bins { tr { th scope="row" { (b.label) } td.num { (b.sentences) } @for v in &b.values { td.num { (format!("{v:.2}")) } } } } }
                    } }
                }
            }
        },
    }
}

fn plots(report: &SimplificationReport) -> Section {
    let range_of = |values: &[f64]| values.iter().fold(1.0f64, |m, &v| m.max(v)).min(4.0);
    let compression_top = report
        .distributions
        .iter()
        .map(|(_, d)| range_of(&d[0]))
        .fold(range_of(&report.reference_distribution[0]), f64::max);
    Section {
        id: "plots",
        title: "Plots",
        body: html! {
            p { "Each system's compression ratio (characters of the output over the source's) and Levenshtein similarity to its source, sentence by sentence, against the first reference's. Hover a bar for its count; the table gives the means." }
            div.plots {
                @for (system, d) in &report.distributions {
                    figure.plot-pair {
                        (histogram(&format!("{system}: compression ratio"), [(system.as_str(), &d[0]), ("reference", &report.reference_distribution[0])], (0.0, compression_top)))
                        (histogram(&format!("{system}: Levenshtein similarity"), [(system.as_str(), &d[1]), ("reference", &report.reference_distribution[1])], (0.0, 1.0)))
                    }
                }
            }
            details.table-equivalent {
                summary { "Table: mean compression ratio and Levenshtein similarity" }
                table.data {
                    thead { tr { th { "" } th { "compression ratio" } th { "Levenshtein similarity" } } }
                    tbody {
                        @for (system, d) in &report.distributions {
                            tr { th scope="row" { (system) } td.num { (three(mean(&d[0]))) } td.num { (three(mean(&d[1]))) } }
                        }
                        tr.reference { th scope="row" { "reference" } td.num { (three(mean(&report.reference_distribution[0]))) } td.num { (three(mean(&report.reference_distribution[1]))) } }
                    }
                }
            }
        },
    }
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

fn samples() -> Section {
    let legend = html! {
        p.legend {
            "Each output's edits against its source, typed by ERRANT: "
            span.edit.unjudged { "deleted words struck through, added words underlined" }
            "; hover an edit for its type. Words a reference adds are " b { "bold" } ". The sort presets are EASSE's samples: random, best and worst SARI, most compressed, most paraphrased (Levenshtein similarity over compression), most sentence splits."
        }
    };
    let types = html! { label { "Type " select #filter-type { option value="" { "any type" } } } };
    Section {
        id: "sentences",
        title: "Samples, side by side",
        body: sentence_controls(types, legend),
    }
}

#[derive(Serialize)]
struct SimplificationData<'a> {
    kind: &'static str,
    systems: Vec<&'a str>,
    references: Vec<String>,
    /// Random order of the sentences (seeded), for the random samples.
    order: Vec<usize>,
    types: Vec<String>,
    features: Vec<&'static str>,
    sentences: Vec<Sentence<'a>>,
    /// `values[system][sentence][feature]`.
    values: Vec<Vec<Vec<Option<f64>>>>,
}

#[derive(Serialize)]
struct Sentence<'a> {
    s: &'a str,
    r: Vec<&'a str>,
    o: Vec<&'a str>,
    /// Per system, its edits typed by ERRANT.
    e: Vec<Vec<EditData<'a>>>,
}

fn data(report: &SimplificationReport, seed: u64) -> String {
    let mut order: Vec<usize> = (0..report.sources.len()).collect();
    order.shuffle(&mut Pcg64::new(u128::from(seed), 0));
    let table = EditTable::new(report.edits.iter().flatten().flatten());
    let data = SimplificationData {
        kind: "simplification",
        systems: report.by_length.iter().map(|(s, _)| s.as_str()).collect(),
        references: (1..=report.references.first().map_or(0, Vec::len))
            .map(|k| format!("reference {k}"))
            .collect(),
        order,
        features: vec![
            "SARI",
            "compression ratio",
            "Levenshtein similarity",
            "sentence splits",
            "SAMSA",
        ],
        sentences: (0..report.sources.len())
            .map(|i| Sentence {
                s: &report.sources[i],
                r: report.references[i].iter().map(String::as_str).collect(),
                o: report.outputs.iter().map(|o| o[i].as_str()).collect(),
                e: report.edits.iter().map(|e| table.row(&e[i])).collect(),
            })
            .collect(),
        types: table.types.clone(),
        values: report
            .features
            .iter()
            .map(|system| {
                system
                    .iter()
                    .map(|f| {
                        [
                            Some(f.sari),
                            Some(f.compression),
                            Some(f.levenshtein),
                            Some(f.splits),
                            f.samsa,
                        ]
                        .map(|v| v.map(rounded))
                        .to_vec()
                    })
                    .collect()
            })
            .collect(),
    };
    script_json(&data)
}

/// The simplification page.
pub(crate) fn render(report: &SimplificationReport, title: &str, seed: u64) -> String {
    let sections = [
        test_set(report),
        scores(report),
        plots(report),
        samples(),
        provenance(&report.provenance),
    ];
    document(title, "simplification", &sections, &data(report, seed))
}
