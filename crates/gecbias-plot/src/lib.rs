//! The papers' figures as SVG text, for the reproduction reports (`cargo xtask reproduce`) and
//! for the `gecbias` command's `--plot` options, drawn for a paper's column: 480 px wide for
//! 3.3 in, every text at least 8.4 pt there, legends that never cover the data nor leave the
//! figure (a corner box, or columns below the plot), tick labels with the decimals their step
//! needs. plotters with its SVG backend: no system fonts are read. Every function returns the SVG
//! document as a string; lines and bars take their colour from a print-safe palette by index.
//! With the `export` feature, `export()` and `write()` turn a figure into PNG (300 dpi at
//! 3.3 in) or PDF (a 3.3 in page) in pure Rust, its text set in the DejaVu Sans the program
//! carries.
//!
//! * [`heat_map`] — counts per row and bin (LCB Figure 2: words changed per sentence, per
//!   system): empty cells white, any count visibly grey, the scale beside the map at round
//!   counts and its maximum.
//! * [`bands`] — curves with shaded intervals (LCB Figure 3: perfect-system accuracy vs the
//!   number of references, with its 95 % band), each [`Band`] drawn as a [`Line`] style.
//! * [`ecdf`] — empirical CDFs (LCB: Spearman ρ of aligned word order).
//! * [`grouped_bars`], [`interval_bars`] — bars per group, bars with interval whiskers.
//! * [`scatter`] — named [`Point`]s (meta-evaluation: each system's human score against a
//!   metric's), each name placed where it covers no other.
//!
//! A heat map of two systems' words changed per sentence:
//!
//! ```
//! let rows = vec![
//!     ("system A".to_owned(), vec![120, 30, 4]),
//!     ("reference".to_owned(), vec![60, 70, 24]),
//! ];
//! let svg = gecbias_plot::heat_map("Words changed per sentence", &rows, &["0", "1", "2"])?;
//! assert!(svg.starts_with("<svg") && svg.contains("system A"));
//! # Ok::<(), gecbias_plot::Error>(())
//! ```
//!
//! Accuracy against the number of references M, with a band:
//!
//! ```
//! use gecbias_plot::{Band, Line, bands};
//!
//! let curve = Band {
//!     name: "exact".to_owned(),
//!     points: (1..=5).map(|m| (m as f64, 0.1 * m as f64, 0.08 * m as f64, 0.12 * m as f64)).collect(),
//!     colour: 0,
//!     line: Line::Bold,
//! };
//! let svg = bands("Perfect-system accuracy", "M (references)", "accuracy", (1.0, 5.0), &[curve])?;
//! assert!(svg.contains("<polygon") && svg.contains("exact"));
//! # Ok::<(), gecbias_plot::Error>(())
//! ```

mod bars;
mod error;
#[cfg(feature = "export")]
mod export;
mod heat_map;
mod legend;
mod lines;
mod scatter;
mod style;

pub use bars::{IntervalBar, grouped_bars, interval_bars};
pub use error::Error;
#[cfg(feature = "export")]
pub use export::{Format, export, write};
pub use heat_map::heat_map;
pub use lines::{Band, Line, bands, ecdf};
pub use scatter::{Point, scatter};

/// This crate's version, as the `gecbias` command's `--version` lists it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
