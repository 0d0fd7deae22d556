//! The output of `score`: per-sentence lines (JSON Lines or tab-separated), the text lines and the LaTeX table.

use std::fmt::Write as _;

use gecbias_engine::{Metric, MetricReport, Parts, SystemScore, sentence_fields};
use serde_json::{Value, json};

/// Each sentence of each system as one JSON object: the metric's name, the system, the 1-based
/// line and the sentence's fields (`--sentence-level`'s rows).
pub(crate) fn sentence_objects(report: &MetricReport) -> impl Iterator<Item = Value> + '_ {
    report
        .systems
        .iter()
        .zip(&report.sentences)
        .flat_map(move |(system, sentences)| {
            sentences.iter().enumerate().map(move |(i, row)| {
                let mut object =
                    json!({"name": report.name, "system": system.system, "line": i + 1});
                if let (Value::Object(o), Value::Object(r)) = (&mut object, json!(row)) {
                    o.extend(r);
                }
                object
            })
        })
}

/// `--sentence-level`: one line per metric, system and sentence — a JSON object (JSON Lines), or
/// with `tsv` a row of one tab-separated table for every metric: `name system line` and the
/// chosen metrics' sentence fields as the catalogue declares them (one column per quantity, the
/// score first; a field a metric does not have is an empty cell).
pub(super) fn sentence_lines(reports: &[MetricReport], metrics: &[Metric], tsv: bool) -> String {
    let mut out = String::new();
    if !tsv {
        for object in reports.iter().flat_map(sentence_objects) {
            let _ = writeln!(out, "{object}");
        }
        return out;
    }
    let columns = sentence_fields(metrics);
    let _ = writeln!(out, "name\tsystem\tline\t{}", columns.join("\t"));
    for object in reports.iter().flat_map(sentence_objects) {
        let cell = |c: &str| match object.get(c) {
            Some(Value::String(text)) => text.clone(),
            Some(value) => value.to_string(),
            None => String::new(),
        };
        let cells: Vec<String> = ["name", "system", "line"]
            .iter()
            .chain(&columns)
            .map(|c| cell(c))
            .collect();
        let _ = writeln!(out, "{}", cells.join("\t"));
    }
    out
}

/// A row's signature with, under `--rank`, the ranking's test settings (JSON keeps them in
/// `rank.test`): `…|paired-ar:10000|holm:91|alpha:0.05|seed:12345`.
fn shown_signature(r: &SystemScore) -> String {
    match &r.rank {
        Some(rank) => format!("{}|{}", r.signature, rank.test),
        None => r.signature.to_string(),
    }
}

/// One line per system and metric: the score, its interval and p-values, and the signature.
pub(super) fn plain(rows: &[SystemScore]) -> String {
    let mut out = String::new();
    for r in rows {
        if let Some(rank) = &r.rank {
            let _ = write!(out, "#{} (cluster {}) ", rank.position, rank.cluster);
        }
        let _ = write!(out, "{} {} = {:.4}", r.system, r.name, r.score);
        if let Some(c) = &r.confidence {
            let _ = write!(
                out,
                " ({:.0}% CI {:.4}–{:.4})",
                c.level * 100.0,
                c.low,
                c.high
            );
        }
        for (label, c) in [("P", &r.precision_confidence), ("R", &r.recall_confidence)] {
            if let Some(c) = c {
                let _ = write!(
                    out,
                    " {label} = {:.4} ({:.4}–{:.4})",
                    c.point, c.low, c.high
                );
            }
        }
        for (name, t) in [("bs", &r.paired_bs), ("ar", &r.paired_ar)] {
            if let Some(t) = t {
                let _ = write!(out, " p({name})={:.4}", t.p_value);
            }
        }
        let _ = writeln!(out, " {}", shown_signature(r));
        if let Parts::Errant {
            categories: Some(categories),
            ..
        } = &r.parts
        {
            for (name, c) in categories {
                // Undefined (no edit of the type) shows as a dash.
                let precision = c
                    .precision
                    .map_or_else(|| "—".to_owned(), |v| format!("{v:.4}"));
                let _ = write!(
                    out,
                    "  {name:<14} P = {precision} R = {:.4} F = {:.4} (TP {} FP {} FN {})",
                    c.recall, c.f, c.tp, c.fp, c.fn_
                );
                if let Some(i) = &c.confidence {
                    let _ = write!(out, " F CI {:.4}–{:.4}", i.low, i.high);
                }
                out.push('\n');
            }
        }
    }
    out
}

/// A LaTeX table (booktabs): a row per system, a column per metric, scores ×100 with the
/// interval, † where a paired test finds the system different from the baseline at p < 0.05;
/// a comment naming the scale, and the signatures as comments.
pub(super) fn latex(rows: &[SystemScore]) -> String {
    let mut metrics: Vec<&str> = Vec::new();
    let mut systems: Vec<&str> = Vec::new();
    for r in rows {
        if !metrics.contains(&r.name) {
            metrics.push(r.name);
        }
        if !systems.contains(&r.system.as_str()) {
            systems.push(&r.system);
        }
    }
    let escape = |s: &str| {
        s.chars().fold(String::new(), |mut out, c| {
            if matches!(c, '_' | '&' | '%' | '$' | '#' | '{' | '}') {
                out.push('\\');
            }
            out.push(c);
            out
        })
    };
    let mut out = format!(
        "\\begin{{tabular}}{{l{}}}\n\\toprule\nSystem",
        "r".repeat(metrics.len())
    );
    for m in &metrics {
        let _ = write!(out, " & {m}");
    }
    out.push_str(" \\\\\n\\midrule\n");
    // With --rank, the first metric's clusters are separated by rules.
    let cluster = |system: &str| {
        rows.iter()
            .find(|r| r.name == metrics[0] && r.system == system)
            .and_then(|r| r.rank.as_ref())
            .map(|k| k.cluster)
    };
    for (k, system) in systems.iter().enumerate() {
        if k > 0 && cluster(system).is_some() && cluster(system) != cluster(systems[k - 1]) {
            out.push_str("\\midrule\n");
        }
        out.push_str(&escape(system));
        for m in &metrics {
            let cell = rows.iter().find(|r| r.name == *m && r.system == *system);
            let _ = match cell {
                Some(r) => {
                    let mut cell = format!("{:.2}", 100.0 * r.score);
                    if let Some(c) = &r.confidence {
                        let _ = write!(cell, " [{:.2}, {:.2}]", 100.0 * c.low, 100.0 * c.high);
                    }
                    let significant = [&r.paired_bs, &r.paired_ar]
                        .into_iter()
                        .flatten()
                        .any(|t| t.p_value < 0.05);
                    if significant {
                        cell.push_str("$^\\dagger$");
                    }
                    write!(out, " & {cell}")
                }
                None => write!(out, " & --"),
            };
        }
        out.push_str(" \\\\\n");
    }
    out.push_str("\\bottomrule\n\\end{tabular}\n");
    out.push_str(
        "% scores and intervals x100 (-f text and -f json give fractions); $^\\dagger$: a paired \
         test against the first system gives p < 0.05\n",
    );
    let mut signatures: Vec<String> = rows.iter().map(shown_signature).collect();
    signatures.dedup();
    for s in signatures {
        let _ = writeln!(out, "% {s}");
    }
    out
}
