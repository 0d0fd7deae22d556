//! Each source line's references, in EASSE's streams or in any number per line.

use crate::Error;

/// The references of a corpus: line i's references are `of(i)`. EASSE reads them as streams (one
/// file per reference, line i of each); a line may also have its own number of them (one line of
/// tab-separated references per source line), which every metric here scores against that
/// line's references alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct References {
    per_line: Vec<Vec<String>>,
}

impl References {
    /// From streams: `streams[k][i]` is reference k of line i. Every stream has as many lines as
    /// the first.
    pub fn from_streams(streams: &[Vec<String>]) -> Result<References, Error> {
        let lines = streams.first().map_or(0, Vec::len);
        if let Some((k, stream)) = streams.iter().enumerate().find(|(_, s)| s.len() != lines) {
            return Err(Error::LineCount {
                what: format!("reference {}", k + 1),
                found: stream.len(),
                expected: lines,
            });
        }
        Ok(References {
            per_line: (0..lines)
                .map(|i| streams.iter().map(|s| s[i].clone()).collect())
                .collect(),
        })
    }

    /// From each line's own references, in any number.
    pub fn per_line(per_line: Vec<Vec<String>>) -> References {
        References { per_line }
    }

    /// How many lines.
    pub fn len(&self) -> usize {
        self.per_line.len()
    }

    /// Whether there are no lines.
    pub fn is_empty(&self) -> bool {
        self.per_line.is_empty()
    }

    /// Line `i`'s references.
    pub fn of(&self, i: usize) -> Vec<&str> {
        self.per_line[i].iter().map(String::as_str).collect()
    }

    /// Every reference line, with its line number (1-based).
    pub(crate) fn lines(&self) -> impl Iterator<Item = (usize, &str)> {
        self.per_line
            .iter()
            .enumerate()
            .flat_map(|(i, refs)| refs.iter().map(move |r| (i + 1, r.as_str())))
    }

    /// Checks that sources, outputs and references have as many lines, and that each line has a
    /// reference.
    pub(crate) fn check(&self, sources: usize, outputs: usize) -> Result<(), Error> {
        for (what, found) in [("the outputs", outputs), ("the references", self.len())] {
            if found != sources {
                return Err(Error::LineCount {
                    what: what.to_owned(),
                    found,
                    expected: sources,
                });
            }
        }
        match self.per_line.iter().position(Vec::is_empty) {
            Some(i) => Err(Error::NoReference { line: i + 1 }),
            None => Ok(()),
        }
    }
}
