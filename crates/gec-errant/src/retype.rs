//! `errant_m2`: an M2 file's edits re-typed (`-gold`) or re-extracted (`-auto`) by ERRANT.

use gec_metrics::text::python_split;
use gec_metrics::{M2Block, M2Edit, M2File};

use crate::edit::noop_line;
use crate::limits::too_long;
use crate::{AlignOptions, Analyser, Annotator, Edit, Error};

/// Whether an M2 file's own edits are kept or extracted anew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Retype {
    /// Keep the annotators' spans, minimise and classify them (`-gold`).
    #[default]
    Gold,
    /// Apply each annotator's edits and extract the edits of the result automatically
    /// (`-auto`); detection edits (`Um`, `UNK`) are kept.
    Auto,
}

/// Options of [`retype_m2`] (`-gold`/`-auto`, `-no_min`, `-old_cats`, `-lev`, `-merge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct RetypeOptions {
    /// Gold or automatic edits.
    pub mode: Retype,
    /// Minimise gold edit spans (off: `-no_min`).
    pub minimise: bool,
    /// Keep the file's error types instead of classifying (`-old_cats`).
    pub old_types: bool,
    /// Alignment and merging of `-auto`.
    pub align: AlignOptions,
}

impl Default for RetypeOptions {
    fn default() -> RetypeOptions {
        RetypeOptions {
            mode: Retype::Gold,
            minimise: true,
            old_types: false,
            align: AlignOptions::default(),
        }
    }
}

impl RetypeOptions {
    /// Options in another mode.
    pub fn with_mode(self, mode: Retype) -> RetypeOptions {
        RetypeOptions { mode, ..self }
    }
    /// Options with minimisation on or off.
    pub fn with_minimise(self, minimise: bool) -> RetypeOptions {
        RetypeOptions { minimise, ..self }
    }
    /// Options keeping or replacing the file's types.
    pub fn with_old_types(self, old_types: bool) -> RetypeOptions {
        RetypeOptions { old_types, ..self }
    }
    /// Options with other alignment options.
    pub fn with_align(self, align: AlignOptions) -> RetypeOptions {
        RetypeOptions { align, ..self }
    }
}

/// The M2 text `text` (of file `file`, for errors) with every annotator's edits re-typed or
/// re-extracted, in ERRANT's layout: each block's `S` line, then per annotator (ids in text
/// order: "10" before "2") its edits or `noop`, then a blank line. The text is read by the
/// workspace's M2 reader ([`M2File::parse`]: a malformed line, a span outside its sentence or an
/// annotator id that decreases is an error naming the line); a last block without its closing
/// blank line is processed too (ERRANT drops it).
pub fn retype_m2<A: Analyser>(
    annotator: &Annotator<A>,
    text: &str,
    file: &str,
    options: RetypeOptions,
) -> Result<String, Error> {
    let m2 = M2File::parse(text, file)?;
    let mut out = String::new();
    for block in &m2.blocks {
        retype_block(annotator, block, file, options, &mut out)?;
    }
    Ok(out)
}

fn retype_block<A: Analyser>(
    annotator: &Annotator<A>,
    block: &M2Block,
    file: &str,
    options: RetypeOptions,
    out: &mut String,
) -> Result<(), Error> {
    let bad = |line: usize, message: String| Error::M2 {
        file: file.to_owned(),
        line,
        message,
    };
    if let Some(message) = too_long(&block.source, false) {
        return Err(bad(block.line, message));
    }
    out.push('S');
    if !block.source.is_empty() {
        out.push(' ');
        out.push_str(&block.source);
    }
    out.push('\n');
    let orig_words: Vec<&str> = block.tokens();
    let orig = annotator.parse(&orig_words)?;
    // Each annotator's edits, by the id as ERRANT sorts it: as text.
    let mut by_id: Vec<(String, Vec<&M2Edit>)> = Vec::new();
    for edit in &block.edits {
        let id = edit.annotator.to_string();
        match by_id.iter_mut().find(|(known, _)| *known == id) {
            Some((_, edits)) => edits.push(edit),
            None => by_id.push((id, vec![edit])),
        }
    }
    by_id.sort_by(|a, b| a.0.cmp(&b.0));
    for (id, mut raw) in by_id {
        if raw[0].is_noop() {
            out.push_str(&noop_line(&id));
            out.push('\n');
            continue;
        }
        raw.retain(|e| !e.is_noop());
        let span = |e: &M2Edit| e.span().unwrap_or_default();
        raw.sort_by_key(|e| (span(e).start, span(e).end));
        let mut cor_words: Vec<&str> = orig_words.clone();
        let mut offset: isize = 0;
        let mut spans = Vec::with_capacity(raw.len());
        for e in &raw {
            let (start, end) = (span(e).start, span(e).end);
            let detection = matches!(e.category.as_str(), "Um" | "UNK");
            let replacement: Vec<&str> = if detection {
                orig_words[start..end].to_vec()
            } else {
                python_split(&e.correction).collect()
            };
            let from = start as isize + offset;
            let to = end as isize + offset;
            if from < 0 || to < from || to as usize > cor_words.len() {
                return Err(bad(
                    block.line,
                    format!("annotator {id}'s edits overlap at {start}..{end}"),
                ));
            }
            let c_start = from as usize;
            cor_words.splice(c_start..to as usize, replacement.iter().copied());
            offset += replacement.len() as isize - (end - start) as isize;
            spans.push([start, end, c_start, c_start + replacement.len()]);
        }
        let cor = annotator.parse(&cor_words)?;
        let mut detections: Vec<Edit> = Vec::new();
        let mut lines: Vec<Edit> = Vec::new();
        for (e, span) in raw.iter().zip(spans) {
            let old = options.old_types.then_some(e.category.as_str());
            if matches!(e.category.as_str(), "Um" | "UNK") {
                let mut edit = annotator.import_edit(&orig, &cor, span, false, old);
                edit.correction = python_split(&e.correction).map(str::to_owned).collect();
                if options.mode == Retype::Gold {
                    lines.push(edit.clone());
                }
                detections.push(edit);
            } else if options.mode == Retype::Gold {
                lines.push(annotator.import_edit(&orig, &cor, span, options.minimise, old));
            }
        }
        if options.mode == Retype::Auto {
            lines = detections;
            lines.extend(annotator.annotate(&orig, &cor, options.align));
            lines.sort_by_key(|e| (e.o_start, e.o_end));
        }
        for edit in &lines {
            out.push_str(&edit.to_m2(&id));
            out.push('\n');
        }
    }
    out.push('\n');
    Ok(())
}
