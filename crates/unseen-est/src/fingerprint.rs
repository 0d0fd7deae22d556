//! The fingerprint of a sample: F_i = the number of distinct items seen exactly i times
//! (i = 1…L, L the largest count). The paper's files hold one non-negative integer per line.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::Hash;

use crate::Error;
use crate::error::quoted;

/// Fingerprints longer than this are rejected: a line per possible count of one item, and the
/// crowd data has at most 150 answers per sentence, and the LP grows with the length.
pub const MAX_LINES: usize = 10_000;

/// The largest accepted sample size S = Σ i·F_i (2⁵³: exactly representable as `f64`).
pub const MAX_SAMPLE: u64 = 1 << 53;

/// F₁…F_L.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    counts: Vec<u64>,
}

impl Fingerprint {
    /// A fingerprint from F₁…F_L. Trailing zeros are kept: they are part of the file format's L.
    pub fn new(counts: Vec<u64>) -> Result<Fingerprint, Error> {
        Self::checked(counts, "<memory>")
    }

    fn checked(counts: Vec<u64>, file: &str) -> Result<Fingerprint, Error> {
        if counts.is_empty() {
            return Err(Error::Empty {
                file: file.to_owned(),
            });
        }
        if counts.len() > MAX_LINES {
            return Err(Error::TooLong {
                file: file.to_owned(),
                lines: counts.len(),
                limit: MAX_LINES,
            });
        }
        if counts.iter().all(|&c| c == 0) {
            return Err(Error::NothingSampled {
                file: file.to_owned(),
            });
        }
        // S = Σ i·F_i must be exact as an f64 (the estimator's n); anything larger is absurd.
        let sample = counts.iter().zip(1u64..).try_fold(0u64, |total, (f, i)| {
            f.checked_mul(i).and_then(|x| total.checked_add(x))
        });
        if sample.is_none_or(|s| s > MAX_SAMPLE) {
            return Err(Error::SampleTooLarge {
                file: file.to_owned(),
                limit: MAX_SAMPLE,
            });
        }
        Ok(Fingerprint { counts })
    }

    /// The fingerprint of a sample given as the items drawn: F_i counts the distinct items drawn
    /// exactly i times; L is the largest count.
    pub fn of_sample<T: Eq + Hash>(
        items: impl IntoIterator<Item = T>,
    ) -> Result<Fingerprint, Error> {
        let mut per_item: HashMap<T, u64> = HashMap::new();
        for item in items {
            *per_item.entry(item).or_insert(0) += 1;
        }
        let largest = per_item.values().copied().max().unwrap_or(0) as usize;
        let mut counts = vec![0u64; largest];
        for &c in per_item.values() {
            counts[c as usize - 1] += 1;
        }
        Self::checked(counts, "<sample>")
    }

    /// Reads a fingerprint file (one count per line, F₁ first).
    pub fn read(path: impl AsRef<std::path::Path>) -> Result<Fingerprint, Error> {
        let (file, bytes) = crate::error::read_file(path.as_ref())?;
        let text = std::str::from_utf8(&bytes).map_err(|e| Error::NonUtf8 {
            line: 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            file: file.clone(),
        })?;
        Self::parse(text, &file)
    }

    /// Parses the one-integer-per-line format; `file` names the source in errors.
    pub fn parse(text: &str, file: &str) -> Result<Fingerprint, Error> {
        let mut counts = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            let value = line.trim().parse::<u64>().map_err(|_| Error::Syntax {
                file: file.to_owned(),
                line: i + 1,
                message: format!("{} is not a non-negative integer", quoted(line)),
            })?;
            counts.push(value);
            if counts.len() > MAX_LINES {
                break;
            }
        }
        Self::checked(counts, file)
    }

    /// The file format: one count per line, LF endings, trailing newline.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for c in &self.counts {
            let _ = writeln!(out, "{c}");
        }
        out
    }

    /// F₁…F_L.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// L: the number of lines (the largest count of any item).
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Always false: a fingerprint has at least one line.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// S = Σ i·F_i: the sample size.
    pub fn sample_size(&self) -> u64 {
        self.counts.iter().zip(1u64..).map(|(f, i)| f * i).sum()
    }

    /// Σ F_i: the number of distinct items seen.
    pub fn distinct(&self) -> u64 {
        self.counts.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_actual_file_example() {
        let f = Fingerprint::parse("15\n2\n1\n0\n1\n1\n1\n0\n0\n1\n", "Actual").unwrap();
        assert_eq!((f.len(), f.sample_size(), f.distinct()), (10, 50, 22));
        assert_eq!(Fingerprint::parse(&f.to_text(), "again").unwrap(), f);
    }

    #[test]
    fn from_a_sample() {
        let f = Fingerprint::of_sample(["a", "b", "a", "c", "a", "b"]).unwrap();
        assert_eq!(f.counts(), [1, 1, 1]);
    }

    #[test]
    fn bad_input() {
        assert!(matches!(
            Fingerprint::parse("", "f"),
            Err(Error::Empty { file }) if file == "f"
        ));
        assert!(matches!(
            Fingerprint::parse("1\n-2\n", "f"),
            Err(Error::Syntax { line: 2, .. })
        ));
        assert!(matches!(
            Fingerprint::parse("1\n2.5\n", "f"),
            Err(Error::Syntax { line: 2, .. })
        ));
        assert!(matches!(
            Fingerprint::parse("0\n0\n", "f"),
            Err(Error::NothingSampled { file }) if file == "f"
        ));
        let overflowing = format!("1\n{}\n", u64::MAX);
        assert!(matches!(
            Fingerprint::parse(&overflowing, "f"),
            Err(Error::SampleTooLarge { .. })
        ));
        let absurd = "0\n".repeat(MAX_LINES) + "1\n";
        assert!(matches!(
            Fingerprint::parse(&absurd, "f"),
            Err(Error::TooLong { .. })
        ));
        assert_eq!(
            Fingerprint::parse("3\r\n1\r\n", "crlf").unwrap().counts(),
            [3, 1]
        );
    }
}
