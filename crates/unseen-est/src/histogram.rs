//! The estimated histogram: h_j distinct corrections of probability x_j on a grid of x values,
//! and the paper's Table-1 statistics over it.
//!
//! File format (`*_output_hist.txt`): a header `frequency<TAB># of variants`, then one line
//! `x_j<TAB>h_j` per grid point.

use std::fmt::Write as _;

use serde::Serialize;

use crate::Error;
use crate::error::quoted;

const HEADER: &str = "frequency\t# of variants";

/// The probability thresholds γ of the paper's Tables 1 and 4.
pub const TABLE_GAMMAS: [f64; 4] = [0.0, 0.001, 0.01, 0.1];

/// The statistics of Tables 1 and 4: over a set of sentences' histograms, the arithmetic mean
/// (over files, unweighted) of Variants(γ) and Mass(γ) for each γ of [`TABLE_GAMMAS`].
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TableStatistics {
    /// The number of histograms averaged.
    pub files: usize,
    /// Mean Variants(γ).
    pub variants: [f64; 4],
    /// Mean Mass(γ).
    pub mass: [f64; 4],
}

impl TableStatistics {
    /// The means over `histograms`.
    pub fn of<'a>(histograms: impl IntoIterator<Item = &'a Histogram>) -> TableStatistics {
        let mut t = TableStatistics::default();
        for h in histograms {
            t.files += 1;
            for (g, gamma) in TABLE_GAMMAS.iter().enumerate() {
                t.variants[g] += h.variants_above(*gamma);
                t.mass[g] += h.mass_above(*gamma);
            }
        }
        let n = t.files.max(1) as f64;
        for v in t.variants.iter_mut().chain(t.mass.iter_mut()) {
            *v /= n;
        }
        t
    }
}

/// (x_j, h_j) pairs in grid order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Histogram {
    bins: Vec<(f64, f64)>,
}

impl Histogram {
    /// A histogram from (probability, number of items) pairs.
    pub fn new(bins: Vec<(f64, f64)>) -> Histogram {
        Histogram { bins }
    }

    /// The (x_j, h_j) pairs.
    pub fn bins(&self) -> &[(f64, f64)] {
        &self.bins
    }

    /// Variants(γ) = Σ h_j over bins with h_j > 0 and x_j > γ (strictly): the estimated number of
    /// distinct corrections of probability above γ.
    pub fn variants_above(&self, gamma: f64) -> f64 {
        // Folding from +0.0: an empty f64 `sum()` is −0.0.
        self.kept(gamma).fold(0.0, |total, (_, h)| total + h)
    }

    /// Mass(γ) = Σ x_j·h_j over the same bins: the probability that a correction has probability
    /// above γ.
    pub fn mass_above(&self, gamma: f64) -> f64 {
        self.kept(gamma).fold(0.0, |total, (x, h)| total + x * h)
    }

    fn kept(&self, gamma: f64) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.bins
            .iter()
            .copied()
            .filter(move |&(x, h)| h > 0.0 && x > gamma)
    }

    /// Parses the file format; `file` names the source in errors.
    pub fn parse(text: &str, file: &str) -> Result<Histogram, Error> {
        let syntax = |line: usize, message: String| Error::Syntax {
            file: file.to_owned(),
            line,
            message,
        };
        let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
        match lines.next() {
            None => {
                return Err(Error::Empty {
                    file: file.to_owned(),
                });
            }
            Some(HEADER) => {}
            Some(other) => {
                return Err(syntax(
                    1,
                    format!("expected the header {HEADER:?}, found {}", quoted(other)),
                ));
            }
        }
        let mut bins = Vec::new();
        for (i, line) in lines.enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let number = |s: Option<&str>| {
                s.and_then(|v| v.trim().parse::<f64>().ok())
                    .filter(|v| v.is_finite())
            };
            let mut fields = line.split('\t');
            let (x, h) = (number(fields.next()), number(fields.next()));
            match (x, h, fields.next()) {
                (Some(x), Some(h), None) if x > 0.0 => bins.push((x, h)),
                _ => {
                    return Err(syntax(
                        i + 2,
                        format!("expected `x<TAB>h` with x > 0, found {line:?}"),
                    ));
                }
            }
        }
        if bins.is_empty() {
            return Err(Error::Empty {
                file: file.to_owned(),
            });
        }
        Ok(Histogram { bins })
    }

    /// The file format, with shortest round-trip float representations.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        for (x, h) in &self.bins {
            let _ = writeln!(out, "{x}\t{h}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_use_strict_thresholds_and_skip_empty_bins() {
        let h = Histogram::new(vec![(0.001, 10.0), (0.01, 2.0), (0.5, 1.0), (0.9, -1e-12)]);
        assert_eq!(h.variants_above(0.0), 13.0);
        assert_eq!(h.variants_above(0.001), 3.0, "x > γ is strict");
        assert_eq!(h.variants_above(0.1), 1.0);
        assert!((h.mass_above(0.0) - 0.53).abs() < 1e-12);
        assert_eq!(Histogram::parse(&h.to_text(), "t").unwrap(), h);
    }

    #[test]
    fn table_statistics_average_over_files() {
        let a = Histogram::new(vec![(0.0002, 100.0), (0.5, 2.0)]);
        let b = Histogram::new(vec![(0.02, 50.0)]);
        let t = TableStatistics::of([&a, &b]);
        assert_eq!(t.files, 2);
        assert_eq!(t.variants, [76.0, 26.0, 26.0, 1.0]);
        assert!((t.mass[0] - 1.01).abs() < 1e-12 && (t.mass[3] - 0.5).abs() < 1e-12);
        assert_eq!(TableStatistics::of([]).variants, [0.0; 4]);
    }

    #[test]
    fn bad_input() {
        assert!(matches!(
            Histogram::parse("", "f"),
            Err(Error::Empty { .. })
        ));
        assert!(matches!(
            Histogram::parse("x\ty\n", "f"),
            Err(Error::Syntax { line: 1, .. })
        ));
        assert!(matches!(
            Histogram::parse(&format!("{HEADER}\n0.1\tnan\n"), "f"),
            Err(Error::Syntax { line: 2, .. })
        ));
        assert!(matches!(
            Histogram::parse(&format!("{HEADER}\n0.1\n"), "f"),
            Err(Error::Syntax { line: 2, .. })
        ));
        assert!(matches!(
            Histogram::parse(&format!("{HEADER}\n"), "f"),
            Err(Error::Empty { .. })
        ));
    }
}
