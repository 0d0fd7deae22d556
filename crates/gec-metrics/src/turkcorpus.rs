//! TurkCorpus's "organized" tables (Xu et al. 2016, `*.8turkers.organized.tsv`): one source
//! sentence per line with its 8 crowd simplifications, `index<TAB>origin<TAB>ref₁ … ref₈`, text as
//! the turkers wrote it (truecased, tokenised).

use crate::Error;

/// The number of simplifications per TurkCorpus sentence.
pub const TURKERS: usize = 8;

/// One line of an organized table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurkCorpusRow {
    /// The first field (a sentence identifier).
    pub index: String,
    /// The source sentence.
    pub origin: String,
    /// The 8 simplifications.
    pub references: Vec<String>,
}

impl TurkCorpusRow {
    /// Whether a turker left the sentence as it was: the authors' filter for the simplification
    /// rerank (`origin in refs`, LCB spec §10) keeps these rows.
    pub fn origin_is_a_reference(&self) -> bool {
        self.references.contains(&self.origin)
    }
}

/// Parses an organized table; `name` labels errors. Every line must have 10 tab-separated fields.
pub fn parse_organized(bytes: &[u8], name: &str) -> Result<Vec<TurkCorpusRow>, Error> {
    let text = std::str::from_utf8(bytes).map_err(|e| Error::NonUtf8 {
        file: name.to_owned(),
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
    })?;
    if text.trim().is_empty() {
        return Err(Error::Empty {
            file: name.to_owned(),
        });
    }
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            if fields.len() != TURKERS + 2 {
                return Err(Error::TableSyntax {
                    file: name.to_owned(),
                    line: i + 1,
                    message: format!(
                        "{} tab-separated fields, expected {} (index, origin, {TURKERS} simplifications)",
                        fields.len(),
                        TURKERS + 2
                    ),
                });
            }
            Ok(TurkCorpusRow {
                index: fields[0].to_owned(),
                origin: fields[1].to_owned(),
                references: fields[2..].iter().map(|&r| r.to_owned()).collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_the_origin_filter() {
        let table = "1\tA b .\tA b .\tc\td\te\tf\tg\th\ti\n2\tX .\ty\tc\td\te\tf\tg\th\ti\n";
        let rows = parse_organized(table.as_bytes(), "t.tsv").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].origin.as_str(), rows[0].references.len()),
            ("A b .", 8)
        );
        assert!(rows[0].origin_is_a_reference() && !rows[1].origin_is_a_reference());
    }

    #[test]
    fn bad_tables_name_file_and_line() {
        let short = "1\tA\tB\n";
        let e = parse_organized(short.as_bytes(), "t.tsv")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("t.tsv:1:") && e.contains("3 tab-separated fields"),
            "{e}"
        );
        let bytes = b"1\ta\tb\tc\td\te\tf\tg\th\ti\n2\t\xff";
        let e = parse_organized(bytes, "t.tsv").unwrap_err().to_string();
        assert!(e.starts_with("t.tsv:2:") && e.contains("UTF-8"), "{e}");
        assert!(parse_organized(b"", "t.tsv").is_err());
    }
}
