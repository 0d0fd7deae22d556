//! `errant_parallel`: typed edits from an original text and its corrected versions, line by
//! line.

use gec_metrics::{python_split, python_strip};

use crate::edit::noop_line;
use crate::{AlignOptions, Analyser, Annotator, Edit, Error};

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
pub fn annotate_parallel<A: Analyser>(
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
    let mut sentences = Vec::new();
    for (line, original) in originals.iter().enumerate().take(count) {
        let original = python_strip(original);
        if original.is_empty() {
            continue;
        }
        let tokens = tokens_of(original);
        let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
        let orig = annotator.parse(&words)?;
        let joined = if options.tokenise {
            original.to_owned()
        } else {
            words.join(" ")
        };
        let mut edits = Vec::with_capacity(corrections.len());
        for file in corrections {
            let corrected = python_strip(&file[line]);
            if corrected == joined {
                edits.push(None);
                continue;
            }
            let cor_tokens = tokens_of(corrected);
            let cor_words: Vec<&str> = cor_tokens.iter().map(String::as_str).collect();
            let cor = annotator.parse(&cor_words)?;
            edits.push(Some(annotator.annotate(&orig, &cor, options.align)));
        }
        sentences.push(ParallelSentence {
            line,
            tokens,
            corrections: edits,
        });
    }
    Ok(sentences)
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
