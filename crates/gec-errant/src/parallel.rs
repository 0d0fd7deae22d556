//! `errant_parallel`: typed edits from an original text and its corrected versions, line by
//! line.

use std::collections::HashMap;

use gec_metrics::text::{python_split, python_strip};
use gec_metrics::{M2Block, M2Edit, M2File};
use rayon::prelude::*;

use crate::edit::noop_line;
use crate::limits::too_long;
use crate::{AlignOptions, Analyser, Annotator, Edit, Error, Input, Token};

/// Options of [`annotate_parallel`] (`-tok`, `-lev`, `-merge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ParallelOptions {
    /// Tokenise raw text by the analyser's tokenizer (spaCy's for [`crate::SpacyAnalyser`])
    /// instead of splitting it at whitespace.
    pub tokenise: bool,
    /// Alignment and merging.
    pub align: AlignOptions,
}

impl ParallelOptions {
    /// Options with tokenisation on or off.
    pub fn with_tokenise(self, tokenise: bool) -> ParallelOptions {
        ParallelOptions { tokenise, ..self }
    }
    /// Options with other alignment options.
    pub fn with_align(self, align: AlignOptions) -> ParallelOptions {
        ParallelOptions { align, ..self }
    }
}

/// One original sentence and what each corrected version does to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParallelSentence {
    /// The 0-based line of the original in its file.
    pub line: usize,
    /// The original's tokens.
    pub tokens: Vec<String>,
    /// Per corrected file, in order: `None` when the correction is the original text itself
    /// (ERRANT's `noop`), else its edits (possibly none: a correction differing only in
    /// whitespace).
    pub corrections: Vec<Option<Vec<Edit>>>,
}

/// The edits of each corrected version of each original line (ERRANT's `errant_parallel`):
/// `corrections[k][i]` corrects `originals[i]`. A blank original line is skipped, as ERRANT
/// skips it; the lists are read up to the shortest (callers check the counts).
///
/// Each distinct token sequence is analysed once, however many lines and files hold it (an
/// original, a correction several systems share), and sentences are analysed and annotated on
/// rayon's threads; the result does not depend on the number of threads. A line longer than
/// annotation takes ([`crate::MAX_SENTENCE_TOKENS`]; with tokenisation also
/// [`crate::MAX_PIECE_CHARS`]) is refused first, as [`Error::TooLong`].
pub fn annotate_parallel<A: Analyser + Sync>(
    annotator: &Annotator<A>,
    originals: &[String],
    corrections: &[Vec<String>],
    options: ParallelOptions,
) -> Result<Vec<ParallelSentence>, Error> {
    let count = corrections
        .iter()
        .map(Vec::len)
        .fold(originals.len(), usize::min);
    let inputs = std::iter::once((Input::Originals, originals)).chain(
        corrections
            .iter()
            .enumerate()
            .map(|(k, c)| (Input::Corrections(k), c.as_slice())),
    );
    for (input, lines) in inputs {
        for (n, line) in lines.iter().enumerate().take(count) {
            if let Some(message) = too_long(line, options.tokenise) {
                return Err(Error::TooLong {
                    input,
                    line: n + 1,
                    message,
                });
            }
        }
    }
    // What is analysed: with `tokenise` the stripped line, which the analyser tokenises; else
    // its whitespace-separated tokens joined by single spaces.
    let unit = |text: &str| -> String {
        if options.tokenise {
            text.to_owned()
        } else {
            python_split(text).collect::<Vec<_>>().join(" ")
        }
    };
    // Per kept line: its unit's number, and per correction the number of its unit (`None`: the
    // correction is the original, ERRANT's noop).
    let mut distinct: HashMap<String, usize> = HashMap::new();
    let mut units: Vec<String> = Vec::new();
    let mut number = |unit: String| -> usize {
        *distinct.entry(unit).or_insert_with_key(|unit| {
            units.push(unit.clone());
            units.len() - 1
        })
    };
    let mut lines = Vec::new();
    for (line, original) in originals.iter().enumerate().take(count) {
        let original = python_strip(original);
        if original.is_empty() {
            continue;
        }
        // ERRANT's noop test: the correction equals the original's text (`Doc.text`, stripped).
        let joined = unit(original);
        let orig = number(joined.clone());
        let cors: Vec<Option<usize>> = corrections
            .iter()
            .map(|file| {
                let corrected = python_strip(&file[line]);
                (corrected != joined).then(|| number(unit(corrected)))
            })
            .collect();
        lines.push((line, orig, cors));
    }
    let analyses: Vec<Vec<Token>> = units
        .par_iter()
        .map(|unit| {
            if options.tokenise {
                annotator.parse_text(unit)
            } else {
                let words: Vec<&str> = unit.split(' ').filter(|w| !w.is_empty()).collect();
                annotator.parse(&words)
            }
        })
        .collect::<Result<_, Error>>()?;
    Ok(lines
        .into_par_iter()
        .map(|(line, orig, cors)| ParallelSentence {
            line,
            tokens: analyses[orig].iter().map(|t| t.text.clone()).collect(),
            corrections: cors
                .into_iter()
                .map(|cor| {
                    cor.map(|c| annotator.annotate(&analyses[orig], &analyses[c], options.align))
                })
                .collect(),
        })
        .collect())
}

/// The M2 file of one corrected version (`correction`, an index into each sentence's
/// `corrections`) over `lines` original lines, typed without being written and read back: what
/// [`parallel_m2`] of that version alone would read as, its edits under annotator 0, line
/// numbers those of the written file. A line ERRANT skips (a blank original) is a block without
/// edits, so the blocks stay aligned with a gold's.
pub fn parallel_file(
    sentences: &[ParallelSentence],
    correction: usize,
    lines: usize,
    file: &str,
) -> M2File {
    let mut blocks = Vec::with_capacity(lines);
    let mut typed = sentences.iter().peekable();
    let mut number = 1;
    for line in 0..lines {
        let mut block = M2Block {
            line: number,
            source: String::new(),
            edits: Vec::new(),
        };
        number += 1;
        if let Some(sentence) = typed.next_if(|s| s.line == line) {
            block.source = python_strip(&sentence.tokens.join(" ")).to_owned();
            let edit = |start: i64, end: i64, category: &str, correction: String, line| M2Edit {
                line,
                start,
                end,
                category: category.to_owned(),
                correction,
                annotator: 0,
            };
            match sentence.corrections.get(correction) {
                Some(None) => {
                    block
                        .edits
                        .push(edit(-1, -1, "noop", "-NONE-".into(), number));
                    number += 1;
                }
                Some(Some(edits)) => {
                    for e in edits {
                        let (start, end) = (e.o_start as i64, e.o_end as i64);
                        let text = e.correction.join(" ");
                        block
                            .edits
                            .push(edit(start, end, &e.error_type, text, number));
                        number += 1;
                    }
                }
                None => {}
            }
        }
        number += 1;
        blocks.push(block);
    }
    M2File {
        file: file.to_owned(),
        blocks,
    }
}

/// Sentences as ERRANT writes them: `S` and the tokens, then each correction's edits (or its
/// `noop`) with the correction's index as annotator id, then a blank line.
pub fn parallel_m2(sentences: &[ParallelSentence]) -> String {
    let mut out = String::new();
    for sentence in sentences {
        out.push_str("S ");
        out.push_str(&sentence.tokens.join(" "));
        out.push('\n');
        for (id, edits) in sentence.corrections.iter().enumerate() {
            let id = id.to_string();
            match edits {
                None => {
                    out.push_str(&noop_line(&id));
                    out.push('\n');
                }
                Some(edits) => {
                    for edit in edits {
                        out.push_str(&edit.to_m2(&id));
                        out.push('\n');
                    }
                }
            }
        }
        out.push('\n');
    }
    out
}
