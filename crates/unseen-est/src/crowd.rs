//! Fingerprints from crowdsourced corrections (spec `lcb-pipeline.md` §1, lcb-goldens G2): the
//! Mechanical Turk result files → per source sentence, the classes of equivalent answers → the
//! fingerprint of class sizes, named as the authors' files are.
//!
//! * Rows whose `AssignmentStatus` is `Rejected` are dropped (approved and empty-status rows
//!   are kept).
//! * Source (`Input.sentence`) and answer (`Answer.WritingTexts`) are normalised with one of the
//!   authors' [`Normalizer`]s.
//! * Optionally, a source for which at least `k` answers equal it is dropped (the current code's
//!   rule, with k = 8; the files behind Table 1 predate it).
//! * Classes: [`Classes::Exact`] — identical normalised answers; [`Classes::ExactIndexMatch`] —
//!   answers changing the same set of source positions ([`changed_positions`]).
//! * Names: the first six characters of the normalised source without non-word characters.
//!   Sources sharing a name overwrite each other in first-appearance order: the last one wins, as
//!   the authors' files did (52 sentences → 48 files).
//! * Validity (appendix "Validity"): [`read_judgements`] reads the confirmation batch and
//!   [`validity_by_frequency`] joins it with the answers' frequencies.

use std::collections::HashMap;
use std::sync::LazyLock;

mod validity;
pub use validity::{FrequencyValidity, Judgement, read_judgements, validity_by_frequency, wilson};

use mono_align::passage::WordAlignment;
use mono_align::tokens::is_word_char;
use mono_align::{CostModel, preprocess_word};
use regex::Regex;

use crate::{Error, Fingerprint, Histogram, Params, estimate};

/// The authors' sentence normalisers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Normalizer {
    /// Commit fe3b392 (2016), behind Table 1: runs of non-word characters → one space, then the
    /// space before every single-letter token removed (`have a cat` → `havea cat`); no trimming,
    /// no lower-casing.
    Original,
    /// The current code without lower-casing, behind the committed current fingerprints: runs of
    /// non-word characters → one space, two single letters between spaces joined, trimmed.
    CurrentKeepCase,
    /// The current code: as [`Normalizer::CurrentKeepCase`], lower-cased before trimming (the
    /// simplification fingerprints).
    Current,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| unreachable!("constant pattern {pattern}: {e}"))
}

// Python's `\W` (not a letter, number or underscore); the regex crate's `\W` also keeps combining
// marks, which Python does not.
static NON_WORDS: LazyLock<Regex> = LazyLock::new(|| re(r"[^\p{L}\p{N}_]+"));
static SPACE_BEFORE_LETTER: LazyLock<Regex> = LazyLock::new(|| re(r"\s([a-zA-Z]\s)"));
static SINGLE_LETTERS: LazyLock<Regex> = LazyLock::new(|| re(r"(\s[a-zA-Z])\s([a-zA-Z]\s)"));

impl Normalizer {
    /// Normalises a sentence.
    pub fn apply(self, s: &str) -> String {
        let spaced = NON_WORDS.replace_all(s, " ");
        match self {
            Normalizer::Original => SPACE_BEFORE_LETTER
                .replace_all(&spaced, "${1}")
                .into_owned(),
            Normalizer::CurrentKeepCase => SINGLE_LETTERS
                .replace_all(&spaced, "${1}${2}")
                .trim()
                .to_owned(),
            Normalizer::Current => SINGLE_LETTERS
                .replace_all(&spaced, "${1}${2}")
                .to_lowercase()
                .trim()
                .to_owned(),
        }
    }
}

/// Which answers count as the same correction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classes {
    /// Identical normalised answers.
    Exact,
    /// Answers that change the same source positions ("Exact Index Match").
    ExactIndexMatch,
}

/// One crowd answer: the source sentence shown and the worker's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// `Input.sentence`.
    pub source: String,
    /// `Answer.WritingTexts`.
    pub answer: String,
    /// `WorkerId`, where the file has the column.
    pub worker: Option<String>,
}

/// Reads one MTurk result CSV, dropping rejected assignments; `name` labels errors.
pub fn read_batch(bytes: &[u8], name: &str) -> Result<Vec<Answer>, Error> {
    read_rows(bytes, name, false)
}

/// Reads every row of one MTurk result CSV, rejected assignments included (the authors sampled
/// M2 references from these raw rows, LCB spec §4.2).
pub fn read_batch_raw(bytes: &[u8], name: &str) -> Result<Vec<Answer>, Error> {
    read_rows(bytes, name, true)
}

fn read_rows(bytes: &[u8], name: &str, rejected: bool) -> Result<Vec<Answer>, Error> {
    turk_rows(
        bytes,
        name,
        &["Input.sentence", "Answer.WritingTexts"],
        rejected,
        |row| {
            Ok(Answer {
                source: row.field(0)?.to_owned(),
                answer: row.field(1)?.to_owned(),
                worker: row.worker()?.map(str::to_owned),
            })
        },
    )
}

/// One row of an Amazon Mechanical Turk results file, as [`turk_rows`] hands it over.
struct TurkRow<'r> {
    record: &'r csv::StringRecord,
    /// The row's line in its file (1-based).
    line: usize,
    /// The positions of the columns asked for, then of `WorkerId` if the file has one.
    columns: &'r [usize],
    worker: Option<usize>,
    name: &'r str,
}

impl TurkRow<'_> {
    fn syntax(&self, message: String) -> Error {
        Error::Syntax {
            file: self.name.to_owned(),
            line: self.line,
            message,
        }
    }

    /// The row's value of the k-th column asked for.
    fn field(&self, k: usize) -> Result<&str, Error> {
        self.record
            .get(self.columns[k])
            .ok_or_else(|| self.syntax("missing field".into()))
    }

    /// The row's `WorkerId`, where the file has that column.
    fn worker(&self) -> Result<Option<&str>, Error> {
        self.worker
            .map(|i| {
                self.record
                    .get(i)
                    .ok_or_else(|| self.syntax("missing field".into()))
            })
            .transpose()
    }
}

/// The rows of an MTurk results file (CSV with a header row naming `AssignmentStatus` and the
/// `columns` asked for, else an error naming the column), rejected assignments dropped unless
/// `rejected`, each turned into a value by `row`; `name` labels errors.
fn turk_rows<T>(
    bytes: &[u8],
    name: &str,
    columns: &[&str],
    rejected: bool,
    mut row: impl FnMut(&TurkRow<'_>) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let syntax = |line: usize, message: String| Error::Syntax {
        file: name.to_owned(),
        line,
        message,
    };
    // Rows may lack the trailing (Approve, Reject) fields, which pandas reads as missing.
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let headers = reader
        .headers()
        .map_err(|e| syntax(1, e.to_string()))?
        .clone();
    let column = |wanted: &str| {
        headers
            .iter()
            .position(|h| h == wanted)
            .ok_or_else(|| syntax(1, format!("no column {wanted:?}")))
    };
    let status = column("AssignmentStatus")?;
    let positions = columns
        .iter()
        .map(|c| column(c))
        .collect::<Result<Vec<_>, _>>()?;
    let worker = headers.iter().position(|h| h == "WorkerId");
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record
            .map_err(|e| syntax(e.position().map_or(0, |p| p.line() as usize), e.to_string()))?;
        let line = record.position().map_or(0, |p| p.line() as usize);
        let turk = TurkRow {
            record: &record,
            line,
            columns: &positions,
            worker,
            name,
        };
        let status = record
            .get(status)
            .ok_or_else(|| turk.syntax("missing field".into()))?;
        if !rejected && status == "Rejected" {
            continue;
        }
        out.push(row(&turk)?);
    }
    Ok(out)
}

/// The file-name stem of a normalised source: its first six word characters.
pub fn file_name(normalized_source: &str) -> String {
    normalized_source
        .chars()
        .filter(|&c| is_word_char(c))
        .take(6)
        .collect()
}

/// The source positions an answer changes (`convert_sentence_to_diff_indexes`): align the two,
/// and for every aligned pair whose words differ (after [`preprocess_word`]) take the source
/// position; an inserted word takes `m`, then `m + 1`, … where `m` is the largest aligned source
/// position (so the first insertion coincides with a change of that token — kept from the
/// reference). Sorted.
pub fn changed_positions(source: &str, answer: &str) -> Vec<i64> {
    let aligned = WordAlignment::new(source, answer, CostModel::Reference);
    let index = |i: Option<usize>| i.map_or(-1, |i| i as i64);
    let mut next_insertion = aligned
        .alignment
        .pairs
        .iter()
        .map(|&(i, _)| index(i))
        .max()
        .unwrap_or(-1);
    let mut out = Vec::new();
    for ((a, b), &(i, _)) in aligned.words().into_iter().zip(&aligned.alignment.pairs) {
        if preprocess_word(a) != preprocess_word(b) {
            match i {
                Some(i) => out.push(i as i64),
                None => {
                    out.push(next_insertion);
                    next_insertion += 1;
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// The fingerprints of the answers, one per file name in first-appearance order of their
/// sources (module docs). `drop_unchanged`: drop sources with at least this many unchanged
/// answers.
pub fn fingerprints(
    answers: &[Answer],
    normalizer: Normalizer,
    classes: Classes,
    drop_unchanged: Option<usize>,
) -> Result<Vec<(String, Fingerprint)>, Error> {
    let mut order: Vec<String> = Vec::new();
    let mut by_source: HashMap<String, Vec<String>> = HashMap::new();
    for a in answers {
        let source = normalizer.apply(&a.source);
        let entry = by_source.entry(source.clone()).or_insert_with(|| {
            order.push(source.clone());
            Vec::new()
        });
        entry.push(normalizer.apply(&a.answer));
    }
    let mut named: Vec<(String, Fingerprint)> = Vec::new();
    for source in order {
        let answers = &by_source[&source];
        if drop_unchanged.is_some_and(|k| answers.iter().filter(|a| **a == source).count() >= k) {
            continue;
        }
        let fingerprint = match classes {
            Classes::Exact => Fingerprint::of_sample(answers.iter())?,
            Classes::ExactIndexMatch => {
                Fingerprint::of_sample(answers.iter().map(|a| changed_positions(&source, a)))?
            }
        };
        let name = file_name(&source);
        named.retain(|(n, _)| *n != name);
        named.push((name, fingerprint));
    }
    Ok(named)
}

/// One source sentence of a crowd batch: its fingerprint and UnseenEst's estimate.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SentenceEstimate {
    /// The sentence's file name in the authors' layout ([`file_name`]).
    pub name: String,
    /// How many distinct corrections were seen i times.
    pub fingerprint: Fingerprint,
    /// The estimated histogram of corrections.
    pub histogram: Histogram,
}

/// UnseenEst of every source sentence of the MTurk result CSV at `path` (rejected assignments
/// dropped): answers normalised and grouped by `classes` as in Table 1, one estimate per sentence.
pub fn estimate_batch(
    path: impl AsRef<std::path::Path>,
    normalizer: Normalizer,
    classes: Classes,
    params: &Params,
) -> Result<Vec<SentenceEstimate>, Error> {
    let (file, bytes) = crate::error::read_file(path.as_ref())?;
    fingerprints(&read_batch(&bytes, &file)?, normalizer, classes, None)?
        .into_iter()
        .map(|(name, fingerprint)| {
            let histogram = estimate(&fingerprint, params)?;
            Ok(SentenceEstimate {
                name,
                fingerprint,
                histogram,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalisers() {
        let s = "However , there is a cat , isn't it ?";
        assert_eq!(
            Normalizer::Original.apply(s),
            "However there isa cat isnt it "
        );
        assert_eq!(
            Normalizer::CurrentKeepCase.apply(s),
            "However there is a cat isn t it"
        );
        assert_eq!(
            Normalizer::CurrentKeepCase.apply("I saw a b c d"),
            "I saw ab c d"
        );
        assert_eq!(Normalizer::Current.apply("I Saw"), "i saw");
        assert_eq!(file_name("However there"), "Howeve");
    }

    #[test]
    fn changed_positions_of_a_replacement_and_an_insertion() {
        assert_eq!(changed_positions("he go home", "he goes home"), [1]);
        assert!(changed_positions("he goes home", "he goes home").is_empty());
        // An inserted word takes the largest aligned source position first.
        assert_eq!(changed_positions("he goes home", "he goes home now"), [2]);
    }
}
