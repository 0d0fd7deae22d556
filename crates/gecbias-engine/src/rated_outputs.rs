//! Rated outputs: systems' outputs of segments with human ratings, one or several aspects, from
//! a user's own file (JSON Lines, CSV or TSV) or a public dataset's (`rating_datasets`). Raters'
//! ratings of one output are averaged per aspect.
//!
//! A row is one rating: `system`, `segment`, `source`, `output`, `score`, and optionally
//! `references` (JSON: a list; CSV/TSV: columns `ref0`, `ref1`, …), `aspect` and `rater`.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde_json::Value;

use crate::Error;

/// A segment: its identifier, its source and its references (as given; none where the data
/// has none).
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    /// The identifier rows name it by.
    pub id: String,
    /// The source sentence; `None` where the data withholds its text (GMEG's Yahoo).
    pub source: Option<String>,
    /// Its references.
    pub references: Vec<String>,
}

/// Systems' outputs of segments and their mean ratings per aspect.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct RatedOutputs {
    /// Where they were read from (a file, or a dataset's name).
    pub origin: String,
    /// The segments, in order of first appearance.
    pub segments: Vec<Segment>,
    /// The systems, in order of first appearance.
    pub systems: Vec<String>,
    /// `outputs[s][g]`: system `s`'s output of segment `g` (`None`: not rated, or text withheld).
    pub outputs: Vec<Vec<Option<String>>>,
    /// The rated aspects, in order of first appearance.
    pub aspects: Vec<String>,
    /// `ratings[a][s][g]`: the mean rating of aspect `a` of system `s`'s output of segment `g`.
    pub ratings: Vec<Vec<Vec<Option<f64>>>>,
    /// Rating rows read.
    pub rows: usize,
}

/// The aspect of rows that name none.
pub const DEFAULT_ASPECT: &str = "score";

/// One rating: one rater's score of one aspect of one system's output of one segment.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The system.
    pub system: String,
    /// The segment's identifier.
    pub segment: String,
    /// The segment's source (`None`: withheld).
    pub source: Option<String>,
    /// The system's output (`None`: withheld).
    pub output: Option<String>,
    /// The segment's references.
    pub references: Vec<String>,
    /// The rating.
    pub score: f64,
    /// The rated aspect ([`DEFAULT_ASPECT`] where the data names none).
    pub aspect: String,
    /// The rater, where the data names them.
    pub rater: Option<String>,
    /// 1-based line of the file (or row of the table), for errors.
    pub line: usize,
}

impl Rating {
    /// A rating of [`DEFAULT_ASPECT`] by an unnamed rater, without references, at line 0.
    pub fn new(
        system: impl Into<String>,
        segment: impl Into<String>,
        source: impl Into<String>,
        output: impl Into<String>,
        score: f64,
    ) -> Rating {
        Rating {
            system: system.into(),
            segment: segment.into(),
            source: Some(source.into()),
            output: Some(output.into()),
            references: Vec::new(),
            score,
            aspect: DEFAULT_ASPECT.into(),
            rater: None,
            line: 0,
        }
    }
}

fn bad(file: &str, line: usize, column: usize, message: impl Into<String>) -> Error {
    Error::Ratings {
        file: file.to_owned(),
        line,
        column,
        message: message.into(),
    }
}

impl RatedOutputs {
    /// A ratings file: JSON Lines (`.jsonl`, `.json`, or a first character `{`), else CSV
    /// (`.csv`) or TSV (`.tsv`, or a tab in the header). `systems`, when given, are the only
    /// systems a row may name.
    pub fn read(path: &Path, systems: Option<&[String]>) -> Result<RatedOutputs, Error> {
        let file = path.display().to_string();
        let text = gec_metrics::read_text(path)?;
        if text.trim().is_empty() {
            return Err(bad(&file, 1, 1, "an empty file: no rating rows"));
        }
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let rows = if matches!(extension, "jsonl" | "json")
            || (extension != "csv" && extension != "tsv" && text.trim_start().starts_with('{'))
        {
            json_rows(&text, &file)?
        } else {
            let tab = extension == "tsv"
                || (extension != "csv" && text.lines().next().is_some_and(|l| l.contains('\t')));
            delimited_rows(&text, &file, if tab { b'\t' } else { b',' })?
        };
        RatedOutputs::from_ratings(&file, rows, systems)
    }

    /// The outputs and mean ratings of `rows` (named `origin` in errors, each by its `line`, or
    /// its position where that is 0), a NaN or infinite score refused; `systems`, when given,
    /// are the only systems a row may name.
    pub fn from_ratings(
        origin: &str,
        mut rows: Vec<Rating>,
        systems: Option<&[String]>,
    ) -> Result<RatedOutputs, Error> {
        for (i, row) in rows.iter_mut().enumerate() {
            if row.line == 0 {
                row.line = i + 1;
            }
            if !row.score.is_finite() {
                return Err(bad(
                    origin,
                    row.line,
                    1,
                    format!("score {} is not a number", row.score),
                ));
            }
        }
        if rows.is_empty() {
            return Err(bad(origin, 1, 1, "no rating rows"));
        }
        let mut table = Builder::default();
        for row in &rows {
            table.add(origin, row, systems)?;
        }
        Ok(table.finish(origin, rows.len()))
    }

    /// The index of `aspect` (`None`: the only one).
    pub fn aspect(&self, aspect: Option<&str>) -> Result<usize, Error> {
        match aspect {
            Some(a) => self.aspects.iter().position(|x| x == a),
            None if self.aspects.len() == 1 => Some(0),
            None => None,
        }
        .ok_or_else(|| Error::Aspect {
            origin: self.origin.clone(),
            asked: aspect.map(str::to_owned),
            known: self.aspects.clone(),
        })
    }
}

/// One output's ratings of one aspect, and the line each rater's came from.
type Ratings = (Vec<f64>, HashMap<Option<String>, usize>);

/// Rows gathered by (system, segment), checked for consistency as they come.
#[derive(Default)]
struct Builder {
    segments: Vec<Segment>,
    segment_index: HashMap<String, (usize, usize)>,
    systems: Vec<String>,
    system_index: HashMap<String, usize>,
    aspects: Vec<String>,
    /// (system, segment) → its output and the line that gave it.
    outputs: HashMap<(usize, usize), (Option<String>, usize)>,
    /// (aspect, system, segment) → the ratings and each rater's line.
    ratings: BTreeMap<(usize, usize, usize), Ratings>,
}

impl Builder {
    fn add(&mut self, file: &str, row: &Rating, allowed: Option<&[String]>) -> Result<(), Error> {
        if row.system.trim().is_empty() {
            return Err(bad(file, row.line, 1, "the system is empty"));
        }
        if allowed.is_some_and(|a| !a.contains(&row.system)) {
            return Err(bad(
                file,
                row.line,
                1,
                format!("unknown system {:?} (not one of --systems)", row.system),
            ));
        }
        let g = self.segment(file, row)?;
        let s = *self
            .system_index
            .entry(row.system.clone())
            .or_insert_with(|| {
                self.systems.push(row.system.clone());
                self.systems.len() - 1
            });
        match self.outputs.get(&(s, g)) {
            Some((output, first)) if *output != row.output => {
                return Err(bad(
                    file,
                    row.line,
                    1,
                    format!(
                        "system {:?}, segment {:?}: its output differs from line {first}'s",
                        row.system, row.segment
                    ),
                ));
            }
            Some(_) => {}
            None => {
                self.outputs.insert((s, g), (row.output.clone(), row.line));
            }
        }
        let a = match self.aspects.iter().position(|x| *x == row.aspect) {
            Some(a) => a,
            None => {
                self.aspects.push(row.aspect.clone());
                self.aspects.len() - 1
            }
        };
        let (scores, raters) = self.ratings.entry((a, s, g)).or_default();
        if let Some(first) = raters.insert(row.rater.clone(), row.line) {
            let who = row
                .rater
                .as_ref()
                .map_or(String::new(), |r| format!(", rater {r:?}"));
            return Err(bad(
                file,
                row.line,
                1,
                format!(
                    "duplicate (system, segment) ({:?}, {:?}), aspect {:?}{who}: first on line {first}",
                    row.system, row.segment, row.aspect
                ),
            ));
        }
        scores.push(row.score);
        Ok(())
    }

    fn segment(&mut self, file: &str, row: &Rating) -> Result<usize, Error> {
        if let Some(&(g, first)) = self.segment_index.get(&row.segment) {
            let known = &self.segments[g];
            if known.source != row.source || known.references != row.references {
                return Err(bad(
                    file,
                    row.line,
                    1,
                    format!(
                        "segment {:?}: its source or references differ from line {first}'s",
                        row.segment
                    ),
                ));
            }
            return Ok(g);
        }
        self.segments.push(Segment {
            id: row.segment.clone(),
            source: row.source.clone(),
            references: row.references.clone(),
        });
        let g = self.segments.len() - 1;
        self.segment_index
            .insert(row.segment.clone(), (g, row.line));
        Ok(g)
    }

    fn finish(self, origin: &str, rows: usize) -> RatedOutputs {
        let (n_sys, n_seg) = (self.systems.len(), self.segments.len());
        let mut outputs = vec![vec![None; n_seg]; n_sys];
        for ((s, g), (output, _)) in self.outputs {
            outputs[s][g] = output;
        }
        let mut ratings = vec![vec![vec![None; n_seg]; n_sys]; self.aspects.len()];
        for ((a, s, g), (scores, _)) in self.ratings {
            ratings[a][s][g] = Some(scores.iter().sum::<f64>() / scores.len() as f64);
        }
        RatedOutputs {
            origin: origin.to_owned(),
            segments: self.segments,
            systems: self.systems,
            outputs,
            aspects: self.aspects,
            ratings,
            rows,
        }
    }
}

/// A JSON value as an identifier: a string, or a number as written.
fn identifier(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn json_rows(text: &str, file: &str) -> Result<Vec<Rating>, Error> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line)
            .map_err(|e| bad(file, number, e.column(), format!("not JSON: {e}")))?;
        let Value::Object(object) = value else {
            return Err(bad(file, number, 1, "a row must be a JSON object"));
        };
        let key_column = |key: &str| line.find(&format!("\"{key}\"")).map_or(1, |c| c + 1);
        let text_field = |key: &str, required: bool| -> Result<Option<String>, Error> {
            match object.get(key) {
                None | Some(Value::Null) if !required => Ok(None),
                None => Err(bad(file, number, 1, format!("no key {key:?}"))),
                Some(v) => identifier(v).map(Some).ok_or_else(|| {
                    bad(
                        file,
                        number,
                        key_column(key),
                        format!("{key} must be a string"),
                    )
                }),
            }
        };
        let score = match object.get("score") {
            None => return Err(bad(file, number, 1, "no key \"score\"")),
            Some(v) => v.as_f64().filter(|f| f.is_finite()).ok_or_else(|| {
                bad(
                    file,
                    number,
                    key_column("score"),
                    format!("score {v} is not a number"),
                )
            })?,
        };
        let references = match object.get("references") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| {
                    bad(
                        file,
                        number,
                        key_column("references"),
                        "references must be strings",
                    )
                })?,
            Some(_) => {
                return Err(bad(
                    file,
                    number,
                    key_column("references"),
                    "references must be a list of strings",
                ));
            }
        };
        rows.push(Rating {
            system: text_field("system", true)?.unwrap_or_default(),
            segment: text_field("segment", true)?.unwrap_or_default(),
            source: text_field("source", true)?,
            output: text_field("output", true)?,
            references,
            score,
            aspect: text_field("aspect", false)?.unwrap_or_else(|| DEFAULT_ASPECT.into()),
            rater: text_field("rater", false)?,
            line: number,
        });
    }
    Ok(rows)
}

fn delimited_rows(text: &str, file: &str, delimiter: u8) -> Result<Vec<Rating>, Error> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(false)
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| csv_error(file, &e))?
        .iter()
        .map(|h| h.trim().to_owned())
        .collect();
    let column = |name: &str| header.iter().position(|h| h == name);
    let required = |name: &str| {
        column(name).ok_or_else(|| {
            bad(
                file,
                1,
                header.len() + 1,
                format!("no column {name:?} (it needs system, segment, source, output and score)"),
            )
        })
    };
    let [system, segment, source, output, score] =
        ["system", "segment", "source", "output", "score"].map(required);
    let (system, segment, source, output, score) = (system?, segment?, source?, output?, score?);
    let (aspect, rater) = (column("aspect"), column("rater"));
    let mut references: Vec<(usize, usize)> = header
        .iter()
        .enumerate()
        .filter_map(|(i, h)| Some((h.strip_prefix("ref")?.parse::<usize>().ok()?, i)))
        .collect();
    references.sort_unstable();
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| csv_error(file, &e))?;
        let line = record.position().map_or(0, |p| p.line() as usize);
        let cell = |i: usize| record.get(i).unwrap_or("").to_owned();
        let value = cell(score);
        let parsed = value
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| {
                bad(
                    file,
                    line,
                    score + 1,
                    format!("score {value:?} is not a number"),
                )
            })?;
        rows.push(Rating {
            system: cell(system),
            segment: cell(segment),
            source: Some(cell(source)),
            output: Some(cell(output)),
            references: references
                .iter()
                .map(|&(_, i)| cell(i))
                .filter(|r| !r.is_empty())
                .collect(),
            score: parsed,
            aspect: aspect
                .map(cell)
                .filter(|a| !a.is_empty())
                .unwrap_or_else(|| DEFAULT_ASPECT.into()),
            rater: rater.map(cell).filter(|r| !r.is_empty()),
            line,
        });
    }
    Ok(rows)
}

fn csv_error(file: &str, e: &csv::Error) -> Error {
    let (line, column) = match e.kind() {
        // The column of the first field too many, or of the first one missing.
        csv::ErrorKind::UnequalLengths {
            pos,
            expected_len,
            len,
        } => (
            pos.as_ref().map_or(0, |p| p.line() as usize),
            (*len).min(*expected_len) as usize + 1,
        ),
        _ => (e.position().map_or(1, |p| p.line() as usize), 1),
    };
    bad(file, line, column, e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str, text: &str) -> Result<RatedOutputs, Error> {
        let dir = std::env::temp_dir().join(format!("gecbias-ratings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        RatedOutputs::read(&path, None)
    }

    #[test]
    fn json_lines_average_raters_per_aspect() {
        let text = concat!(
            r#"{"system": "A", "segment": 1, "source": "s1", "output": "a1", "score": 60, "rater": "r1", "references": ["x"]}"#,
            "\n",
            r#"{"system": "A", "segment": 1, "source": "s1", "output": "a1", "score": 80, "rater": "r2", "references": ["x"]}"#,
            "\n",
            r#"{"system": "B", "segment": 1, "source": "s1", "output": "b1", "score": 50, "references": ["x"], "aspect": "fluency"}"#,
            "\n",
        );
        let r = read("a.jsonl", text).unwrap();
        assert_eq!(r.systems, ["A", "B"]);
        assert_eq!(r.aspects, ["score", "fluency"]);
        assert_eq!(r.ratings[0][0][0], Some(70.0));
        assert_eq!(r.ratings[0][1][0], None);
        assert_eq!(r.ratings[1][1][0], Some(50.0));
        assert_eq!(r.segments[0].references, ["x"]);
        assert_eq!(r.aspect(Some("fluency")).unwrap(), 1);
        assert!(
            r.aspect(None)
                .unwrap_err()
                .to_string()
                .contains("score, fluency")
        );
    }

    #[test]
    fn csv_and_tsv_with_reference_columns() {
        let csv = "system,segment,source,output,score,ref1,ref0\nA,1,s,o,3,second,first\nB,1,s,p,4,second,first\n";
        let r = read("a.csv", csv).unwrap();
        assert_eq!(r.segments[0].references, ["first", "second"]);
        assert_eq!(r.ratings[0][1][0], Some(4.0));
        let tsv = csv.replace(',', "\t");
        assert_eq!(read("b.tsv", &tsv).unwrap().segments, r.segments);
    }

    #[test]
    fn bad_files_name_file_line_and_column() {
        let err = |name: &str, text: &str| read(name, text).unwrap_err().to_string();
        let e = err("m.csv", "system,segment,source,output\nA,1,s,o\n");
        assert!(e.contains("m.csv:1:5: no column \"score\""), "{e}");
        let e = err(
            "n.csv",
            "system,segment,source,output,score\nA,1,s,o,3\nA,2,s,o,good\n",
        );
        assert!(
            e.ends_with("n.csv:3:5: score \"good\" is not a number"),
            "{e}"
        );
        let e = err(
            "d.csv",
            "system,segment,source,output,score\nA,1,s,o,3\nA,1,s,o,4\n",
        );
        assert!(
            e.contains("d.csv:3:1: duplicate (system, segment) (\"A\", \"1\")"),
            "{e}"
        );
        assert!(e.ends_with("first on line 2"), "{e}");
        let e = err("e.jsonl", "");
        assert!(
            e.ends_with("e.jsonl:1:1: an empty file: no rating rows"),
            "{e}"
        );
        let e = err(
            "j.jsonl",
            "{\"system\": \"A\", \"segment\": 1, \"source\": \"s\", \"output\": \"o\", \"score\": \"x\"}\n",
        );
        assert!(e.contains("j.jsonl:1:"), "{e}");
        assert!(e.contains("score \"x\" is not a number"), "{e}");
        let e = err("k.jsonl", "{\"system\": \"A\"\n");
        assert!(e.contains("k.jsonl:1:14: not JSON"), "{e}");
        let dir = std::env::temp_dir().join(format!("gecbias-ratings-{}", std::process::id()));
        let only = ["B".to_string()];
        let e = RatedOutputs::read(&dir.join("m.csv"), Some(&only));
        assert!(e.is_err());
        let path = dir.join("u.csv");
        std::fs::write(&path, "system,segment,source,output,score\nA,1,s,o,3\n").unwrap();
        let e = RatedOutputs::read(&path, Some(&only))
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("u.csv:2:1: unknown system \"A\" (not one of --systems)"),
            "{e}"
        );
    }
}
