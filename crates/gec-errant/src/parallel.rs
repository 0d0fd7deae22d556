//! `errant_parallel`: typed edits from an original text and its corrected versions, line by
//! line.

use std::collections::HashMap;

use gec_metrics::{python_split, python_strip};
use rayon::prelude::*;

use crate::edit::noop_line;
use crate::{AlignOptions, Analyser, Annotator, Edit, Error, Token};

/// Options of [`annotate_parallel`] (`-tok`, `-lev`, `-merge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ParallelOptions {
    /// Tokenise raw text (with `english_tagger::tokenize`, spaCy's English rules) instead of
    /// splitting it at whitespace.
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
/// rayon's threads; the result does not depend on the number of threads.
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
    let tokens_of = |text: &str| -> Vec<String> {
        if options.tokenise {
            english_tagger::tokenize(text)
        } else {
            python_split(text).map(str::to_owned).collect()
        }
    };
    // Per kept line: its tokens' sequence number, and per correction the sequence number of
    // its tokens (`None`: the correction is the original, ERRANT's noop).
    let mut distinct: HashMap<Vec<String>, usize> = HashMap::new();
    let mut sequences: Vec<Vec<String>> = Vec::new();
    let mut number = |tokens: Vec<String>| -> usize {
        *distinct.entry(tokens).or_insert_with_key(|tokens| {
            sequences.push(tokens.clone());
            sequences.len() - 1
        })
    };
    let mut lines = Vec::new();
    for (line, original) in originals.iter().enumerate().take(count) {
        let original = python_strip(original);
        if original.is_empty() {
            continue;
        }
        let tokens = tokens_of(original);
        let joined = if options.tokenise {
            original.to_owned()
        } else {
            tokens.join(" ")
        };
        let orig = number(tokens);
        let cors: Vec<Option<usize>> = corrections
            .iter()
            .map(|file| {
                let corrected = python_strip(&file[line]);
                (corrected != joined).then(|| number(tokens_of(corrected)))
            })
            .collect();
        lines.push((line, orig, cors));
    }
    let analyses: Vec<Vec<Token>> = sequences
        .par_iter()
        .map(|tokens| {
            let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
            annotator.parse(&words)
        })
        .collect::<Result<_, Error>>()?;
    Ok(lines
        .into_par_iter()
        .map(|(line, orig, cors)| ParallelSentence {
            line,
            tokens: sequences[orig].clone(),
            corrections: cors
                .into_iter()
                .map(|cor| {
                    cor.map(|c| annotator.annotate(&analyses[orig], &analyses[c], options.align))
                })
                .collect(),
        })
        .collect())
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
