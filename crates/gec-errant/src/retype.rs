//! `errant_m2`: an M2 file's edits re-typed (`-gold`) or re-extracted (`-auto`) by ERRANT.

use gec_metrics::{python_split, python_strip};

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

/// One annotation line of an M2 block.
struct RawEdit<'a> {
    start: usize,
    end: usize,
    cat: &'a str,
    cor: &'a str,
    id: &'a str,
}

/// The M2 text `text` (of file `file`, for errors) with every annotator's edits re-typed or
/// re-extracted, in ERRANT's layout: each block's `S` line, then per annotator (ids in text
/// order: "10" before "2") its edits or `noop`, then a blank line. A last block without its
/// closing blank line is processed too (ERRANT drops it).
pub fn retype_m2<A: Analyser>(
    annotator: &Annotator<A>,
    text: &str,
    file: &str,
    options: RetypeOptions,
) -> Result<String, Error> {
    let mut out = String::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    let lines = gec_metrics::lines(text);
    let last = lines.len();
    for (n, line) in lines.into_iter().enumerate().chain([(last, "")]) {
        let line = python_strip(line);
        if !line.is_empty() {
            block.push((n + 1, line));
            continue;
        }
        if block.is_empty() {
            if n == last {
                break;
            }
            // ERRANT would fail on an empty block (two blank lines in a row).
            return Err(Error::M2 {
                file: file.to_owned(),
                line: n + 1,
                message: "a blank line where a sentence (S line) should start".into(),
            });
        }
        retype_block(annotator, &block, file, options, &mut out)?;
        block.clear();
    }
    Ok(out)
}

fn retype_block<A: Analyser>(
    annotator: &Annotator<A>,
    block: &[(usize, &str)],
    file: &str,
    options: RetypeOptions,
    out: &mut String,
) -> Result<(), Error> {
    let (s_line, sentence) = block[0];
    let bad = |line: usize, message: String| Error::M2 {
        file: file.to_owned(),
        line,
        message,
    };
    if !sentence.starts_with("S ") && sentence != "S" {
        return Err(bad(
            s_line,
            "a sentence block must start with an S line".into(),
        ));
    }
    if let Some(message) = too_long(sentence.get(2..).unwrap_or(""), false) {
        return Err(bad(s_line, message));
    }
    out.push_str(sentence);
    out.push('\n');
    let orig_words: Vec<&str> = python_split(sentence.get(2..).unwrap_or("")).collect();
    let orig = annotator.parse(&orig_words)?;
    let mut by_id: Vec<(&str, Vec<RawEdit<'_>>)> = Vec::new();
    for &(line, text) in &block[1..] {
        let fields: Vec<&str> = text.split("|||").collect();
        let span: Vec<&str> = python_split(fields[0].get(2..).unwrap_or("")).collect();
        if !fields[0].starts_with("A ") || span.len() < 2 {
            return Err(bad(line, format!("not an M2 annotation line: {text:?}")));
        }
        // ERRANT takes the last field as the annotator id whatever the count, which turns a
        // short line into another annotator's edit: refused, as every other M2 reader here does.
        if fields.len() != 6 {
            return Err(bad(
                line,
                format!(
                    "an A line needs 6 fields separated by |||, found {}",
                    fields.len()
                ),
            ));
        }
        let number = |s: &str| {
            s.parse::<i64>()
                .map_err(|_| bad(line, format!("span bound {s:?} is not an integer")))
        };
        let (start, end) = (number(span[0])?, number(span[1])?);
        let cat = fields[1];
        let noop = cat == "noop";
        let in_range = 0 <= start && start <= end && end as usize <= orig_words.len();
        if !noop && !in_range {
            return Err(bad(
                line,
                format!(
                    "span {start}..{end} outside the sentence's {} tokens",
                    orig_words.len()
                ),
            ));
        }
        let edit = RawEdit {
            start: start.max(0) as usize,
            end: end.max(0) as usize,
            cat,
            cor: fields[2],
            id: fields[fields.len() - 1],
        };
        match by_id.iter_mut().find(|(id, _)| *id == edit.id) {
            Some((_, edits)) => edits.push(edit),
            None => by_id.push((edit.id, vec![edit])),
        }
    }
    by_id.sort_by(|a, b| a.0.cmp(b.0));
    for (id, mut raw) in by_id {
        if raw[0].cat == "noop" {
            out.push_str(&noop_line(id));
            out.push('\n');
            continue;
        }
        raw.retain(|e| e.cat != "noop");
        raw.sort_by_key(|e| (e.start, e.end));
        let mut cor_words: Vec<&str> = orig_words.clone();
        let mut offset: isize = 0;
        let mut spans = Vec::with_capacity(raw.len());
        for e in &raw {
            let detection = matches!(e.cat, "Um" | "UNK");
            let replacement: Vec<&str> = if detection {
                orig_words[e.start..e.end].to_vec()
            } else {
                python_split(e.cor).collect()
            };
            let from = e.start as isize + offset;
            let to = e.end as isize + offset;
            if from < 0 || to < from || to as usize > cor_words.len() {
                return Err(bad(
                    s_line,
                    format!("annotator {id}'s edits overlap at {}..{}", e.start, e.end),
                ));
            }
            let c_start = from as usize;
            cor_words.splice(c_start..to as usize, replacement.iter().copied());
            offset += replacement.len() as isize - (e.end - e.start) as isize;
            spans.push([e.start, e.end, c_start, c_start + replacement.len()]);
        }
        let cor = annotator.parse(&cor_words)?;
        let mut detections: Vec<Edit> = Vec::new();
        let mut lines: Vec<Edit> = Vec::new();
        for (e, span) in raw.iter().zip(spans) {
            let old = options.old_types.then_some(e.cat);
            if matches!(e.cat, "Um" | "UNK") {
                let mut edit = annotator.import_edit(&orig, &cor, span, false, old);
                edit.correction = python_split(e.cor).map(str::to_owned).collect();
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
            out.push_str(&edit.to_m2(id));
            out.push('\n');
        }
    }
    out.push('\n');
    Ok(())
}
