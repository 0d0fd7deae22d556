//! Alva-Manchego, Scarton & Specia (Computational Linguistics 2021), as their repository
//! (`metaeval_simplification/`) holds it: the rated outputs, every metric's sentence scores as
//! they computed them, and the correlation tables their notebook 3 printed, read from its stored
//! outputs (pandas' text and `to_latex`) so that the published digits are never retyped.

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use gecbias_data::DataDir;
use serde_json::Value;

pub(crate) const NOTEBOOK: &str =
    "metaeval_simplification/notebooks/3-metaeval_simplicity_levels.ipynb";

/// A human benchmark: its file, the rated aspect's column, and the metrics' file.
pub(crate) struct Benchmark {
    pub(crate) aspect: &'static str,
    pub(crate) human_file: &'static str,
    /// The column the notebook correlates with (`{aspect}_zscore`, set to the raw score where
    /// the file has no z-score).
    pub(crate) human_column: &'static str,
    pub(crate) metrics_file: &'static str,
}

pub(crate) const SIMPLICITY_DA: Benchmark = Benchmark {
    aspect: "simplicity",
    human_file: "metaeval_simplification/data/simplicity_DA.csv",
    human_column: "simplicity_zscore",
    metrics_file: "metaeval_simplification/data/metrics_per_sentence/metrics_simplicity_DA.csv",
};

pub(crate) const STRUCTURAL: Benchmark = Benchmark {
    aspect: "structural_simplicity",
    human_file: "metaeval_simplification/data/structural_simplicity.csv",
    human_column: "structural_simplicity",
    metrics_file: "metaeval_simplification/data/metrics_per_sentence/metrics_structural_simplicity.csv",
};

/// The files the reproduction reads.
pub(crate) fn files() -> Vec<String> {
    [
        NOTEBOOK,
        SIMPLICITY_DA.human_file,
        SIMPLICITY_DA.metrics_file,
        STRUCTURAL.human_file,
        STRUCTURAL.metrics_file,
    ]
    .map(String::from)
    .to_vec()
}

/// A CSV file as header → column of strings.
pub(crate) struct Csv {
    pub(crate) columns: BTreeMap<String, Vec<String>>,
    pub(crate) rows: usize,
}

impl Csv {
    pub(crate) fn read(data: &DataDir, rel: &str) -> anyhow::Result<Csv> {
        let text =
            std::fs::read_to_string(data.join(rel)).with_context(|| format!("reading {rel}"))?;
        let mut reader = csv::Reader::from_reader(text.trim_start_matches('\u{feff}').as_bytes());
        let headers: Vec<String> = reader.headers()?.iter().map(String::from).collect();
        let mut columns: BTreeMap<String, Vec<String>> =
            headers.iter().map(|h| (h.clone(), Vec::new())).collect();
        let mut rows = 0;
        for record in reader.records() {
            let record = record.with_context(|| format!("{rel}: row {}", rows + 2))?;
            for (h, v) in headers.iter().zip(record.iter()) {
                columns.get_mut(h).expect("a header").push(v.to_string());
            }
            rows += 1;
        }
        Ok(Csv { columns, rows })
    }

    pub(crate) fn column(&self, name: &str) -> anyhow::Result<&[String]> {
        self.columns
            .get(name)
            .map(Vec::as_slice)
            .with_context(|| format!("no column {name}"))
    }

    pub(crate) fn numbers(&self, name: &str) -> anyhow::Result<Vec<f64>> {
        self.column(name)?
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.parse()
                    .with_context(|| format!("{name}, row {}: {v:?} is not a number", i + 2))
            })
            .collect()
    }
}

/// The notebook's part a table was printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Section {
    /// "Metrics across Simplicity Levels": low and high halves, and all.
    Levels,
    /// "Metrics across Types of Systems".
    SystemTypes,
    /// "Effect of References": every output, one reference set each.
    References,
    /// "All References vs Operation-Specific per Sentence": scores the notebook computed with
    /// references picked by simalign's labels, which the repository does not store.
    OperationSpecific,
}

/// One table the notebook printed: its cell, its section, the expression that printed it, its
/// columns and its rows (metric, printed values).
pub(crate) struct StoredTable {
    pub(crate) cell: usize,
    pub(crate) section: Section,
    pub(crate) source: String,
    pub(crate) latex: bool,
    pub(crate) columns: Vec<String>,
    pub(crate) rows: Vec<(String, Vec<String>)>,
}

/// Every correlation table in the notebook's stored outputs.
pub(crate) fn stored_tables(notebook: &str) -> anyhow::Result<Vec<StoredTable>> {
    let json: Value = serde_json::from_str(notebook).context("parsing notebook 3")?;
    let cells = json["cells"].as_array().context("a notebook has cells")?;
    let mut section = None;
    let mut tables = Vec::new();
    for (cell, c) in cells.iter().enumerate() {
        let source = joined(&c["source"]);
        if c["cell_type"] == "markdown" {
            section = heading_section(&source).or(section);
            continue;
        }
        let Some(section) = section else { continue };
        for output in c["outputs"].as_array().into_iter().flatten() {
            let parsed = if !output["data"]["text/html"].is_null() {
                pandas_table(&joined(&output["data"]["text/plain"]))?.map(|t| (false, t))
            } else {
                let text = joined(&output["text"]);
                text.starts_with("\\begin{tabular}")
                    .then(|| latex_table(&text))
                    .transpose()?
                    .map(|t| (true, t))
            };
            if let Some((latex, (columns, rows))) = parsed {
                tables.push(StoredTable {
                    cell,
                    section,
                    source: source.clone(),
                    latex,
                    columns,
                    rows,
                });
            }
        }
    }
    Ok(tables)
}

fn joined(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts.iter().filter_map(Value::as_str).collect(),
        _ => String::new(),
    }
}

fn heading_section(markdown: &str) -> Option<Section> {
    let heading = markdown.trim_start_matches('#').trim();
    match heading {
        "Metrics across Simplicity Levels" => Some(Section::Levels),
        "Metrics across Types of Systems" => Some(Section::SystemTypes),
        "Effect of References" => Some(Section::References),
        "All References vs Operation-Specific per Sentence" => Some(Section::OperationSpecific),
        _ => None,
    }
}

type Parsed = (Vec<String>, Vec<(String, Vec<String>)>);

/// pandas' text of a frame with a `metric` column, wrapped in blocks of columns that share the
/// row labels; `None` for any other frame.
fn pandas_table(text: &str) -> anyhow::Result<Option<Parsed>> {
    if text.split_whitespace().next() != Some("metric") {
        return Ok(None);
    }
    let mut columns: Vec<String> = Vec::new();
    let mut rows: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for block in text.split("\n\n") {
        let mut lines = block.lines().filter(|l| !l.trim().is_empty());
        let Some(header) = lines.next() else { continue };
        let header: Vec<&str> = header.split_whitespace().filter(|t| *t != "\\").collect();
        columns.extend(header.iter().map(|h| h.to_string()));
        for line in lines {
            let tokens: Vec<&str> = line.split_whitespace().filter(|t| *t != "\\").collect();
            let Some((label, values)) = tokens.split_first() else {
                continue;
            };
            let Ok(label) = label.parse::<usize>() else {
                return Ok(None); // an elided ("...") or an indexed-by-name frame
            };
            if values.len() != header.len() {
                bail!(
                    "a row of {} values under {} columns: {line}",
                    values.len(),
                    header.len()
                );
            }
            rows.entry(label)
                .or_default()
                .extend(values.iter().map(|v| v.to_string()));
        }
    }
    let rows = rows
        .into_values()
        .map(|mut values| {
            let metric = values.remove(0);
            (metric, values)
        })
        .collect();
    Ok(Some((columns[1..].to_vec(), rows)))
}

/// `DataFrame.to_latex`'s tabular: the header after `\toprule`, rows between `\midrule` and
/// `\bottomrule`.
fn latex_table(text: &str) -> anyhow::Result<Parsed> {
    let cells = |line: &str| -> Vec<String> {
        line.trim_end()
            .trim_end_matches("\\\\")
            .split('&')
            .map(|c| c.trim().replace("\\_", "_"))
            .collect()
    };
    let lines: Vec<&str> = text.lines().collect();
    let at = |marker: &str| {
        lines
            .iter()
            .position(|l| l.trim() == marker)
            .with_context(|| format!("a LaTeX table without {marker}"))
    };
    let (top, mid, bottom) = (at("\\toprule")?, at("\\midrule")?, at("\\bottomrule")?);
    let header = cells(lines[top + 1]);
    let rows = lines[mid + 1..bottom]
        .iter()
        .map(|l| {
            let mut c = cells(l);
            let metric = c.remove(0);
            (metric, c)
        })
        .collect();
    Ok((header[1..].to_vec(), rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_pandas_frames_join_their_blocks() {
        let text = "                 metric  a_low  \\\n0                  sari  0.291893   \n1                  bleu  0.177613   \n\n   a_high  \n0  0.240000  \n1  0.100000  ";
        let (columns, rows) = pandas_table(text).unwrap().unwrap();
        assert_eq!(columns, ["a_low", "a_high"]);
        assert_eq!(
            rows[1],
            (
                "bleu".to_string(),
                vec!["0.177613".into(), "0.100000".into()]
            )
        );
    }

    #[test]
    fn latex_tables_unescape_names() {
        let text = "\\begin{tabular}{lrr}\n\\toprule\n metric &  s\\_low &  s\\_all \\\\\n\\midrule\n bertscore\\_P & 0.512 & 0.617 \\\\\n\\bottomrule\n\\end{tabular}\n";
        let (columns, rows) = latex_table(text).unwrap();
        assert_eq!(columns, ["s_low", "s_all"]);
        assert_eq!(
            rows,
            [(
                "bertscore_P".to_string(),
                vec!["0.512".into(), "0.617".into()]
            )]
        );
    }
}
