//! One self-contained HTML page of what systems do — the page `gecbias report` writes. It opens
//! from `file://` with no network: style, script and figures (SVG) inline, the data one JSON
//! block, a Content-Security-Policy that loads nothing and runs only the page's own script.
//! Every text of the inputs (sources, references, outputs, system names) is written through
//! maud, which escapes it for where it lands, or inside the JSON block, escaped so that it
//! cannot close its script; the script puts text in the page as text, never as markup.
//!
//! * [`GecReport`] — for GEC, from a source, an M2 gold and systems' outputs ([`GecInputs`]):
//!   each chosen metric's ranking with 95 % intervals and Holm clusters (a forest plot), ERRANT's
//!   per-type grid ([`TypeGrid`]) with intervals, CLEME2.0's hit-, wrong-, under- and
//!   over-correction and the conservatism figure ([`ConservatismRow`]) with a sentence in plain
//!   words per system, and every sentence with each system's edits marked as ERRANT counts them
//!   ([`Outcome`]), filterable by system, type, outcome and text, sortable by sentence scores.
//! * [`SimplificationReport`] — for simplification ([`SimplificationInputs`]): the sections of
//!   EASSE's `easse report` for several systems — the test set's statistics ([`TestSetStats`]),
//!   the system-vs-reference table with `gecbias easse evaluate`'s values and SAMSA, scores by
//!   source length ([`LengthBin`]), histograms of compression and Levenshtein similarity, and the
//!   samples with every system side by side.
//! * [`Provenance`] — every signature, the version and the command that rebuilds the page.
//!
//! A page for two systems of one sentence:
//!
//! ```
//! use gecbias_engine::{Lines, Outputs, Resampling, System};
//! use gecbias_report::{GecInputs, GecReport};
//!
//! let inputs = GecInputs::new(
//!     Lines::new("src", vec!["He go to school .".into()]),
//!     Lines::new("gold.m2", vec![
//!         "S He go to school .".into(),
//!         "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0".into(),
//!     ]),
//! );
//! let outputs = Outputs::new(vec![
//!     System::new("copy", vec!["He go to school .".into()]),
//!     System::new("fixed", vec!["He goes to school .".into()]),
//! ]);
//! let report = GecReport::build(&inputs, &outputs, &Resampling::default(), 100)?;
//! let page = report.html("Two systems");
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! // "fixed" makes the gold's one edit: a true positive of type R:VERB:SVA.
//! assert_eq!(report.types.totals, [[0, 0, 1], [1, 0, 0]]);
//! assert_eq!(report.types.types, ["R:VERB:SVA"]);
//! # Ok::<(), gecbias_report::Error>(())
//! ```

mod charts;
mod edits;
mod error;
mod gec;
mod gec_page;
mod page;
mod simplification;
mod simplification_page;
mod type_grid;

pub use edits::{MarkedEdit, Outcome, mark_edits, typed_edits};
pub use error::Error;
pub use gec::{ConservatismRow, DEFAULT_GEC_METRICS, GecInputs, GecReport, report_resampling};
pub use simplification::{
    LengthBin, RowKind, ScoreRow, SimplificationInputs, SimplificationReport, TestSetStats,
};
pub use type_grid::{FEW_EDITS, TypeCell, TypeGrid};

/// How a page's numbers were made: the command that rebuilds it, every metric's signature, and
/// notes on what the page computes beyond the metrics.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Provenance {
    /// The command line that rebuilds the page.
    pub command: String,
    /// (metric, signature) of every number shown.
    pub signatures: Vec<(String, String)>,
    /// How the page's own numbers were computed.
    pub notes: Vec<String>,
}

impl GecReport {
    /// The page, titled `title`.
    pub fn html(&self, title: &str) -> String {
        gec_page::render(self, title)
    }
}

impl SimplificationReport {
    /// The page, titled `title`; the random samples drawn with `seed`.
    pub fn html(&self, title: &str, seed: u64) -> String {
        simplification_page::render(self, title, seed)
    }
}
