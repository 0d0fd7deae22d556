//! An edit: two token spans, the corrected tokens and an error type, written as an M2 line.

/// One typed edit between an original and a corrected sentence.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    /// First original token of the span.
    pub o_start: usize,
    /// One past the last original token.
    pub o_end: usize,
    /// First corrected token.
    pub c_start: usize,
    /// One past the last corrected token.
    pub c_end: usize,
    /// The corrected tokens (`c_start..c_end` of the correction, or a detection edit's
    /// pseudo-correction).
    pub correction: Vec<String>,
    /// ERRANT's type: an operation and a category (`R:VERB:SVA`, `M:DET`, `U:PUNCT`), or
    /// `UNK` (detected, not corrected), or a type kept from the input (`-old_cats`).
    pub error_type: String,
}

impl Edit {
    /// The category without its operation: `VERB:SVA` for `R:VERB:SVA` (the grouping of
    /// ERRANT's `-cat 2`); `UNK` stays.
    pub fn category(&self) -> &str {
        match self.error_type.split_once(':') {
            Some(("M" | "R" | "U", rest)) => rest,
            _ => &self.error_type,
        }
    }

    /// The operation: `M`, `R` or `U`, or the whole type where it has none (`UNK`).
    pub fn operation(&self) -> &str {
        match self.error_type.split_once(':') {
            Some((op @ ("M" | "R" | "U"), _)) => op,
            _ => &self.error_type,
        }
    }

    /// The edit as an M2 annotation line of annotator `id`:
    /// `A o_start o_end|||type|||correction|||REQUIRED|||-NONE-|||id`.
    pub fn to_m2(&self, id: &str) -> String {
        format!(
            "A {} {}|||{}|||{}|||REQUIRED|||-NONE-|||{id}",
            self.o_start,
            self.o_end,
            self.error_type,
            self.correction.join(" ")
        )
    }
}

/// The M2 line of a sentence an annotator left unchanged.
pub(crate) fn noop_line(id: &str) -> String {
    format!("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{id}")
}
