//! GoToScorer (Gotou et al., COLING 2020) as gec-metrics computes it (`metrics/gotoscorer.py`):
//! the reference's corrections cut into chunks, each weighted by how hard it is, and a system
//! credited chunk by chunk.
//!
//! A sentence's *chunks* follow its source tokens: every edit is one chunk (its source span and
//! its correction), every token outside the edits is a chunk of its own, and an empty chunk
//! stands between them wherever an insertion could go (before each chunk that is not itself an
//! insertion, and at the end). The reference's chunks are judged against the system's (its own
//! edits, chunked the same way):
//!
//! * a system chunk with the same span decides: correct when the corrections agree, *tried* when
//!   the system edited there;
//! * otherwise an empty reference chunk is correct, and any overlapping edited system chunk
//!   makes the chunk tried.
//!
//! A chunk of weight w adds w to TP (tried, correct), to FP (tried, wrong; and to FN too when the
//! reference edited there), to TN (untried, correct) or to FN (untried, wrong), under the
//! reference chunk's type (`DUMMY:DUMMY` for a chunk the reference leaves alone). P, R and F_β
//! are ERRANT's (P = 1 without FP, R = 1 without FN). The sums run as gec-metrics runs them: per
//! sentence, each type's chunks in order, the types in order of first appearance, then the
//! sentences in order.
//!
//! Weights are 1 unless given; gec-metrics' `gecmetrics-gen-gotoscorer-weight` derives them from
//! many systems' outputs: a reference chunk's weight is 1 − (the share of systems with a chunk
//! whose correction equals the reference chunk's, wherever it is) ([`goto_weights`]).

use crate::Error;
use crate::text::python_float;

/// `DUMMY:DUMMY`: the type of a chunk the reference leaves alone.
pub const GOTO_UNEDITED: &str = "DUMMY:DUMMY";

/// An edit as GoToScorer reads it: a source span, its correction (tokens joined by spaces) and
/// its ERRANT type. `noop` and `UNK` edits are left out by the caller, as gec-metrics does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GotoEdit {
    /// First source token of the span.
    pub o_start: usize,
    /// One past the last source token.
    pub o_end: usize,
    /// The correction.
    pub correction: String,
    /// ERRANT's type.
    pub error_type: String,
}

/// One chunk of a sentence: a source span, what it reads after correction, its type and whether
/// it is an edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GotoChunk {
    /// First source token.
    pub o_start: usize,
    /// One past the last source token (equal to `o_start` for an insertion point).
    pub o_end: usize,
    /// The span after correction.
    pub correction: String,
    /// The edit's type, or [`GOTO_UNEDITED`].
    pub error_type: String,
    /// Whether the chunk is an edit.
    pub edited: bool,
}

/// Weighted counts of one sentence or corpus.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GotoCounts {
    /// Tried and correct.
    pub tp: f64,
    /// Tried and wrong.
    pub fp: f64,
    /// Missed (and tried but wrong where the reference edited).
    pub fn_: f64,
    /// Untried and correct.
    pub tn: f64,
}

impl GotoCounts {
    /// P = TP/(TP + FP), 1 without FP.
    pub fn precision(&self) -> f64 {
        if self.fp == 0.0 {
            return 1.0;
        }
        self.tp / (self.tp + self.fp)
    }

    /// R = TP/(TP + FN), 1 without FN.
    pub fn recall(&self) -> f64 {
        if self.fn_ == 0.0 {
            return 1.0;
        }
        self.tp / (self.tp + self.fn_)
    }

    /// F_β = (1 + β²)·P·R / (β²·P + R), 0 when P + R = 0.
    pub fn f(&self, beta: f64) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            return 0.0;
        }
        let b2 = beta * beta;
        (1.0 + b2) * p * r / (b2 * p + r)
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &GotoCounts) {
        self.tp += other.tp;
        self.fp += other.fp;
        self.fn_ += other.fn_;
        self.tn += other.tn;
    }

    /// The counts summed in order, from zero (as gec-metrics sums a sentence's types and a
    /// corpus's sentences).
    pub fn sum<'a>(counts: impl IntoIterator<Item = &'a GotoCounts>) -> GotoCounts {
        let mut total = GotoCounts::default();
        for c in counts {
            total.add(c);
        }
        total
    }
}

/// The chunks of a sentence of `tokens` source tokens with `edits` (in source order).
pub fn goto_chunks(edits: &[GotoEdit], tokens: &[&str]) -> Vec<GotoChunk> {
    let edit_chunk = |e: &GotoEdit| GotoChunk {
        o_start: e.o_start,
        o_end: e.o_end,
        correction: e.correction.clone(),
        error_type: e.error_type.clone(),
        edited: true,
    };
    let mut chunks = Vec::new();
    let mut next_edit = 0;
    let mut word = 0;
    while word < tokens.len() {
        match edits.get(next_edit) {
            Some(e) if e.o_start == word => {
                chunks.push(edit_chunk(e));
                next_edit += 1;
                // An insertion leaves the token where it stands to be chunked next.
                word = e.o_end.max(word);
            }
            _ => {
                chunks.push(GotoChunk {
                    o_start: word,
                    o_end: word + 1,
                    correction: tokens[word].to_owned(),
                    error_type: GOTO_UNEDITED.to_owned(),
                    edited: false,
                });
                word += 1;
            }
        }
    }
    // Only the last edit is looked at for an insertion after the last token, as gec-metrics does.
    if let Some(last) = edits.last().filter(|e| e.o_start == tokens.len()) {
        chunks.push(edit_chunk(last));
    }
    let insertion_point = |at: usize| GotoChunk {
        o_start: at,
        o_end: at,
        correction: String::new(),
        error_type: GOTO_UNEDITED.to_owned(),
        edited: false,
    };
    let end = chunks.last().map_or(0, |c| c.o_end);
    let mut out = Vec::with_capacity(2 * chunks.len() + 1);
    let mut after_insertion = false;
    for chunk in chunks {
        if chunk.o_start == chunk.o_end {
            after_insertion = true;
        } else {
            if !after_insertion {
                out.push(insertion_point(chunk.o_start));
            }
            after_insertion = false;
        }
        out.push(chunk);
    }
    if !after_insertion {
        out.push(insertion_point(end));
    }
    out
}

/// Whether the reference chunk `r` is corrected by the system's `hypothesis` chunks, and whether
/// the system tried to edit it.
fn judge(r: &GotoChunk, hypothesis: &[GotoChunk]) -> (bool, bool) {
    let (mut correct, mut tried) = (false, false);
    for h in hypothesis {
        if (r.o_start, r.o_end) == (h.o_start, h.o_end) {
            return (r.correction == h.correction, h.edited);
        }
        if r.o_start == r.o_end {
            correct = true;
        } else if (r.o_start <= h.o_start && h.o_start < r.o_end)
            || (h.o_start <= r.o_start && r.o_start < h.o_end)
        {
            tried |= h.edited;
        }
    }
    (correct, tried)
}

/// One sentence's counts: each reference chunk judged against the hypothesis' chunks, weighted
/// by `weights` (one per reference chunk; all 1 without), summed as gec-metrics sums them.
///
/// # Errors
/// [`Error::InvalidParams`] when `weights` has another length than the reference's chunks.
pub fn goto_sentence(
    reference: &[GotoChunk],
    hypothesis: &[GotoChunk],
    weights: Option<&[f64]>,
) -> Result<GotoCounts, Error> {
    if let Some(w) = weights
        && w.len() != reference.len()
    {
        return Err(Error::InvalidParams(format!(
            "GoToScorer: {} weights for {} reference chunks",
            w.len(),
            reference.len()
        )));
    }
    // Per type, in order of first appearance.
    let mut types: Vec<(&str, GotoCounts)> = Vec::new();
    for (k, r) in reference.iter().enumerate() {
        let weight = weights.map_or(1.0, |w| w[k]);
        let (correct, tried) = judge(r, hypothesis);
        let at = match types.iter().position(|(t, _)| *t == r.error_type) {
            Some(at) => at,
            None => {
                types.push((&r.error_type, GotoCounts::default()));
                types.len() - 1
            }
        };
        let counts = &mut types[at].1;
        match (tried, correct) {
            (true, true) => counts.tp += weight,
            (true, false) => {
                counts.fp += weight;
                if r.edited {
                    counts.fn_ += weight;
                }
            }
            (false, true) => counts.tn += weight,
            (false, false) => counts.fn_ += weight,
        }
    }
    Ok(GotoCounts::sum(types.iter().map(|(_, counts)| counts)))
}

/// The weights of one sentence's reference chunks from `systems` (each system's chunks):
/// 1 − the share of systems with a chunk whose correction equals the reference chunk's
/// (wherever it is, as `gecmetrics-gen-gotoscorer-weight` compares them), and those 0/1
/// judgements (`evaluations[chunk][system]`).
pub fn goto_weights(reference: &[GotoChunk], systems: &[Vec<GotoChunk>]) -> GotoWeights {
    let evaluations: Vec<Vec<u8>> = reference
        .iter()
        .map(|r| {
            systems
                .iter()
                .map(|h| u8::from(h.iter().any(|c| c.correction == r.correction)))
                .collect()
        })
        .collect();
    let weights = evaluations
        .iter()
        .map(|e| {
            let hits: u64 = e.iter().map(|&x| u64::from(x)).sum();
            1.0 - hits as f64 / e.len() as f64
        })
        .collect();
    GotoWeights {
        evaluations,
        weights,
    }
}

/// One sentence's chunk weights and the judgements they come from.
#[derive(Debug, Clone, PartialEq)]
pub struct GotoWeights {
    /// `evaluations[chunk][system]`: 1 when the system has the chunk's correction.
    pub evaluations: Vec<Vec<u8>>,
    /// Each reference chunk's weight.
    pub weights: Vec<f64>,
}

/// The weights file as `gecmetrics-gen-gotoscorer-weight` writes it (Python's `json.dump` with
/// `indent=2`): a list with, per sentence, its `evaluations` and `weights`.
pub fn goto_weights_json(sentences: &[GotoWeights]) -> String {
    fn list(out: &mut String, depth: usize, items: &[String]) {
        if items.is_empty() {
            out.push_str("[]");
            return;
        }
        let pad = "  ".repeat(depth + 1);
        out.push_str("[\n");
        for (k, item) in items.iter().enumerate() {
            out.push_str(&pad);
            out.push_str(item);
            if k + 1 < items.len() {
                out.push(',');
            }
            out.push('\n');
        }
        out.push_str(&"  ".repeat(depth));
        out.push(']');
    }
    let objects: Vec<String> = sentences
        .iter()
        .map(|s| {
            let evaluations: Vec<String> = s
                .evaluations
                .iter()
                .map(|e| {
                    let mut inner = String::new();
                    let values: Vec<String> = e.iter().map(u8::to_string).collect();
                    list(&mut inner, 3, &values);
                    inner
                })
                .collect();
            let weights: Vec<String> = s.weights.iter().map(|&w| python_float(w)).collect();
            let mut object = String::from("{\n    \"evaluations\": ");
            list(&mut object, 2, &evaluations);
            object.push_str(",\n    \"weights\": ");
            list(&mut object, 2, &weights);
            object.push_str("\n  }");
            object
        })
        .collect();
    let mut out = String::new();
    list(&mut out, 0, &objects);
    out
}

/// The weights of a weights file ([`goto_weights_json`]'s, or gec-metrics'): per sentence, per
/// reference chunk. `file` names it in errors.
///
/// # Errors
/// [`Error::TableSyntax`] naming the line where the file stops being such a list.
pub fn read_goto_weights(text: &str, file: &str) -> Result<Vec<Vec<f64>>, Error> {
    let mut parser = JsonList {
        text: text.as_bytes(),
        at: 0,
        file,
    };
    parser.weights_file()
}

/// A reader of the weights file's JSON: a list of objects whose `weights` is a list of numbers
/// (other members skipped).
struct JsonList<'t> {
    text: &'t [u8],
    at: usize,
    file: &'t str,
}

impl JsonList<'_> {
    fn fail(&self, message: &str) -> Error {
        let line = 1 + self.text[..self.at.min(self.text.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        Error::TableSyntax {
            file: self.file.to_owned(),
            line,
            message: format!("GoToScorer weights: {message}"),
        }
    }

    fn skip_space(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), Error> {
        self.skip_space();
        if self.text.get(self.at) == Some(&byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.fail(&format!("expected '{}'", char::from(byte))))
        }
    }

    /// Whether the next byte is `byte` (consumed if so).
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_space();
        let found = self.text.get(self.at) == Some(&byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// The items of a list, each read by `item`.
    fn list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        self.expect(b'[')?;
        let mut out = Vec::new();
        if self.eat(b']') {
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            if self.eat(b']') {
                return Ok(out);
            }
            self.expect(b',')?;
        }
    }

    fn number(&mut self) -> Result<f64, Error> {
        self.skip_space();
        let start = self.at;
        while self.at < self.text.len()
            && matches!(
                self.text[self.at],
                b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'
            )
        {
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at])
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|x| x.is_finite())
            .ok_or_else(|| self.fail("expected a number"))
    }

    fn key(&mut self) -> Result<String, Error> {
        self.expect(b'"')?;
        let start = self.at;
        while self.at < self.text.len() && self.text[self.at] != b'"' {
            self.at += 1;
        }
        let key = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
        self.expect(b'"')?;
        Ok(key)
    }

    /// Skips any JSON value made of lists and numbers.
    fn skip_value(&mut self) -> Result<(), Error> {
        self.skip_space();
        if self.text.get(self.at) == Some(&b'[') {
            self.list(Self::skip_value)?;
            Ok(())
        } else {
            self.number().map(|_| ())
        }
    }

    fn sentence(&mut self) -> Result<Vec<f64>, Error> {
        self.expect(b'{')?;
        let mut weights = None;
        if !self.eat(b'}') {
            loop {
                let key = self.key()?;
                self.expect(b':')?;
                if key == "weights" {
                    weights = Some(self.list(Self::number)?);
                } else {
                    self.skip_value()?;
                }
                if self.eat(b'}') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        weights.ok_or_else(|| self.fail("a sentence without \"weights\""))
    }

    fn weights_file(&mut self) -> Result<Vec<Vec<f64>>, Error> {
        let out = self.list(Self::sentence)?;
        self.skip_space();
        if self.at != self.text.len() {
            return Err(self.fail("text after the list"));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(o_start: usize, o_end: usize, correction: &str, error_type: &str) -> GotoEdit {
        GotoEdit {
            o_start,
            o_end,
            correction: correction.to_owned(),
            error_type: error_type.to_owned(),
        }
    }

    fn spans(chunks: &[GotoChunk]) -> Vec<(usize, usize, &str)> {
        chunks
            .iter()
            .map(|c| (c.o_start, c.o_end, c.correction.as_str()))
            .collect()
    }

    #[test]
    fn chunks_interleave_insertion_points() {
        // gec-metrics' own example: "This sentences contain gramamtical error ." corrected to
        // "This sentence contains a grammatical error .".
        let tokens = ["This", "sentences", "contain", "gramamtical", "error", "."];
        let edits = [
            edit(1, 2, "sentence", "R:NOUN:NUM"),
            edit(2, 3, "contains", "R:VERB:SVA"),
            edit(3, 3, "a", "M:DET"),
            edit(3, 4, "grammatical", "R:SPELL"),
        ];
        let chunks = goto_chunks(&edits, &tokens);
        assert_eq!(
            spans(&chunks),
            [
                (0, 0, ""),
                (0, 1, "This"),
                (1, 1, ""),
                (1, 2, "sentence"),
                (2, 2, ""),
                (2, 3, "contains"),
                (3, 3, "a"),
                (3, 4, "grammatical"),
                (4, 4, ""),
                (4, 5, "error"),
                (5, 5, ""),
                (5, 6, "."),
                (6, 6, ""),
            ]
        );
        // An insertion after the last token ends the chunks, with no insertion point after it.
        let end = goto_chunks(&[edit(2, 2, "!", "M:PUNCT")], &["a", "b"]);
        assert_eq!(spans(&end).last(), Some(&(2, 2, "!")));
        assert_eq!(end.len(), 5);
    }

    #[test]
    fn chunks_count_as_tp_fp_fn_and_tn() {
        let tokens = ["He", "go", "to", "school"];
        let reference = goto_chunks(&[edit(1, 2, "goes", "R:VERB:SVA")], &tokens);
        let right = goto_chunks(&[edit(1, 2, "goes", "R:VERB:SVA")], &tokens);
        let wrong = goto_chunks(&[edit(1, 2, "went", "R:VERB:TENSE")], &tokens);
        let none = goto_chunks(&[], &tokens);
        // 9 chunks: 5 insertion points and 4 tokens; the system edits only the verb.
        let counts = goto_sentence(&reference, &right, None).unwrap();
        assert_eq!(
            (counts.tp, counts.fp, counts.fn_, counts.tn),
            (1.0, 0.0, 0.0, 8.0)
        );
        let counts = goto_sentence(&reference, &wrong, None).unwrap();
        assert_eq!(
            (counts.tp, counts.fp, counts.fn_, counts.tn),
            (0.0, 1.0, 1.0, 8.0)
        );
        let counts = goto_sentence(&reference, &none, None).unwrap();
        assert_eq!(
            (counts.tp, counts.fp, counts.fn_, counts.tn),
            (0.0, 0.0, 1.0, 8.0)
        );
        assert_eq!(counts.f(0.5), 0.0);
        // Weights scale the chunks; a wrong count of them is an error.
        let weights = [0.5; 9];
        let counts = goto_sentence(&reference, &wrong, Some(&weights)).unwrap();
        assert_eq!((counts.fp, counts.fn_), (0.5, 0.5));
        assert!(goto_sentence(&reference, &wrong, Some(&[1.0])).is_err());
    }

    #[test]
    fn weights_are_the_share_of_systems_missing_a_correction() {
        let tokens = ["He", "go"];
        let reference = goto_chunks(&[edit(1, 2, "goes", "R:VERB:SVA")], &tokens);
        let systems = [
            goto_chunks(&[edit(1, 2, "goes", "R:VERB:SVA")], &tokens),
            goto_chunks(&[], &tokens),
        ];
        let w = goto_weights(&reference, &systems);
        // Chunks: "", He, "", goes, "": every system has "" and "He"; one has "goes".
        assert_eq!(w.weights, [0.0, 0.0, 0.0, 0.5, 0.0]);
        let json = goto_weights_json(std::slice::from_ref(&w));
        assert!(json.starts_with(
            "[\n  {\n    \"evaluations\": [\n      [\n        1,\n        1\n      ],"
        ));
        assert!(json.ends_with("    \"weights\": [\n      0.0,\n      0.0,\n      0.0,\n      0.5,\n      0.0\n    ]\n  }\n]"));
        let read = read_goto_weights(&json, "w.json").unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0], w.weights);
        let error = read_goto_weights("[\n  {\"weights\": [0.5, x]}\n]", "w.json").unwrap_err();
        assert!(error.to_string().starts_with("w.json:2:"), "{error}");
    }
}
