//! The M2 format (Dahlmeier & Ng 2012): blocks separated by blank lines, each an `S` line with
//! the tokenised source sentence and zero or more `A` lines, one per gold edit:
//!
//! ```text
//! S This are a sentence .
//! A 1 2|||SVA|||is|||REQUIRED|||-NONE-|||0
//! A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1
//! ```
//!
//! `A start end|||type|||corrections|||REQUIRED|||comment|||annotator`: token offsets (end
//! exclusive), alternatives separated by `||`, `-NONE-` for the empty string, `noop` for an
//! annotator who changed nothing. The reader checks what the official scorer assumes (and
//! crashes or silently misreads without): an `S` line first, six fields, integer offsets inside
//! the sentence, annotator ids in non-decreasing order within a block.

use std::path::Path;

use crate::Error;
use crate::text::{decode, python_split, python_strip, read_bytes};

/// One parsed M2 file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct M2File {
    /// Where it was read from (for messages).
    pub file: String,
    /// Its sentences, in order.
    pub blocks: Vec<M2Block>,
}

/// One sentence of an M2 file with every annotator's edits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct M2Block {
    /// 1-based line of the `S` line.
    pub line: usize,
    /// The source sentence (the `S` line without `S ` and surrounding whitespace).
    pub source: String,
    /// The `A` lines in file order.
    pub edits: Vec<M2Edit>,
}

/// One `A` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct M2Edit {
    /// 1-based line number.
    pub line: usize,
    /// The first offset as written (`-1` on `noop` lines); [`M2Edit::span`] is the typed view.
    pub start: i64,
    /// The second offset as written (`-1` on `noop` lines).
    pub end: i64,
    /// The error type (`noop` for "no change").
    pub category: String,
    /// The correction field as written (alternatives joined by `||`, `-NONE-` for nothing).
    pub correction: String,
    /// The annotator id.
    pub annotator: u32,
}

impl M2Edit {
    /// Whether this line says "no change" rather than describing an edit.
    pub fn is_noop(&self) -> bool {
        self.category == "noop"
    }

    /// The source tokens the edit replaces, `start..end`; `None` for a `noop` line and for
    /// offsets that are no span (negative, or start after end — only a leniently read file has
    /// them). Whether the span fits its sentence is the reader's check ([`M2File::read`]).
    pub fn span(&self) -> Option<std::ops::Range<usize>> {
        if self.is_noop() {
            return None;
        }
        let start = usize::try_from(self.start).ok()?;
        let end = usize::try_from(self.end).ok()?;
        (start <= end).then_some(start..end)
    }

    /// The alternative corrections as the M2 scorer reads them: split at `||`, `-NONE-` → empty,
    /// others stripped of surrounding whitespace.
    pub fn corrections(&self) -> Vec<String> {
        self.correction
            .split("||")
            .map(|c| {
                if c == "-NONE-" {
                    String::new()
                } else {
                    python_strip(c).to_owned()
                }
            })
            .collect()
    }
}

impl M2Block {
    /// The line after the block's last line (its `S` line and its edits).
    pub fn end_line(&self) -> usize {
        self.line + self.edits.len() + 1
    }

    /// The source tokens (whitespace-separated).
    pub fn tokens(&self) -> Vec<&str> {
        python_split(&self.source).collect()
    }

    /// The annotators of the block, in order of first appearance.
    pub fn annotators(&self) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for e in &self.edits {
            if out.last() != Some(&e.annotator) {
                out.push(e.annotator);
            }
        }
        out
    }

    /// The corrected sentence of `annotator`: the source with the annotator's edits applied left
    /// to right (the first alternative of each), tokens joined by single spaces. `noop` lines,
    /// edits outside the sentence and edits overlapping an earlier one are skipped.
    pub fn corrected(&self, annotator: u32) -> String {
        self.apply(self.edits.iter().filter(|e| e.annotator == annotator))
    }

    /// The source with the given edits applied (the first alternative of each) in order of their
    /// spans, tokens joined by single spaces; any subset of one annotator's edits gives a partial
    /// correction. `noop` lines, edits outside the sentence and edits overlapping an earlier one
    /// are skipped.
    pub fn apply<'e>(&self, edits: impl IntoIterator<Item = &'e M2Edit>) -> String {
        let tokens = self.tokens();
        let mut out: Vec<String> = Vec::new();
        let mut at = 0usize;
        let mut edits: Vec<(std::ops::Range<usize>, &M2Edit)> = edits
            .into_iter()
            .filter_map(|e| Some((e.span()?, e)))
            .filter(|(span, _)| span.end <= tokens.len())
            .collect();
        edits.sort_by_key(|(span, _)| (span.start, span.end));
        for (span, e) in edits {
            let (start, end) = (span.start, span.end);
            if start < at {
                continue;
            }
            out.extend(tokens[at..start].iter().map(|t| (*t).to_owned()));
            let correction = e.corrections().into_iter().next().unwrap_or_default();
            out.extend(python_split(&correction).map(str::to_owned));
            at = end;
        }
        out.extend(tokens[at..].iter().map(|t| (*t).to_owned()));
        out.join(" ")
    }
}

impl M2File {
    /// Checks that this hypothesis M2 file has the sentences of `gold`: as many, each with the
    /// gold's source tokens, in the same order. Hypothesis edits are paired with the gold's by
    /// position, so a file out of step (a block moved, two swapped, one wrong `S` line) would
    /// be scored against the wrong sentences without a word. The error names this file's line
    /// and the gold's: the first sentence that differs, the first sentence too many, or the line
    /// after the last one when a sentence is missing.
    pub fn check_sentences_of(&self, gold: &M2File) -> Result<(), Error> {
        let at = |line: usize, message: String| Error::M2Syntax {
            file: self.file.clone(),
            line,
            message,
        };
        if let Some((h, g)) = self
            .blocks
            .iter()
            .zip(&gold.blocks)
            .find(|(h, g)| h.tokens() != g.tokens())
        {
            return Err(at(
                h.line,
                format!(
                    "source differs from {}'s (line {}): a hypothesis M2 file must have the \
                     gold's sentences in the same order",
                    gold.file, g.line
                ),
            ));
        }
        let (found, expected) = (self.blocks.len(), gold.blocks.len());
        if found == expected {
            return Ok(());
        }
        let (line, gold_line) = match (self.blocks.get(expected), gold.blocks.get(found)) {
            (Some(extra), _) => (extra.line, gold.blocks.last().map_or(1, M2Block::end_line)),
            (None, missing) => (
                self.blocks.last().map_or(1, M2Block::end_line),
                missing.map_or(1, |b| b.line),
            ),
        };
        Err(at(
            line,
            format!(
                "has {found} sentences but {} has {expected} (line {gold_line})",
                gold.file
            ),
        ))
    }

    /// Reads and parses the M2 file at `path`; an edit span outside its sentence is an error.
    pub fn read(path: impl AsRef<Path>) -> Result<Self, Error> {
        let path = path.as_ref();
        let file = path.display().to_string();
        let text = decode(&read_bytes(path)?, &file)?;
        Self::parse(&text, &file)
    }

    /// Reads the M2 file at `path` as the official scorer does: edit spans outside their sentence
    /// are kept here and dropped silently when gold edits are taken ([`crate::m2_score::GoldSentence`]).
    /// Needed for the authors' sampled references (`1_sgss.m2` of commit 5e017f5 has a deletion
    /// `11 14` in a 13-token sentence).
    pub fn read_lenient(path: impl AsRef<Path>) -> Result<Self, Error> {
        let path = path.as_ref();
        let file = path.display().to_string();
        let text = decode(&read_bytes(path)?, &file)?;
        Self::parse_lenient(&text, &file)
    }

    /// Parses M2 text; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, Error> {
        Self::parse_with(text, file, true)
    }

    /// Parses M2 text keeping edit spans outside their sentence, as [`M2File::read_lenient`].
    pub fn parse_lenient(text: &str, file: &str) -> Result<Self, Error> {
        Self::parse_with(text, file, false)
    }

    fn parse_with(text: &str, file: &str, strict_spans: bool) -> Result<Self, Error> {
        let syntax = |line: usize, message: String| Error::M2Syntax {
            file: file.to_owned(),
            line,
            message,
        };
        let mut blocks: Vec<M2Block> = Vec::new();
        let mut current: Option<M2Block> = None;
        for (index, raw) in text.split('\n').enumerate() {
            let number = index + 1;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if python_strip(line).is_empty() {
                blocks.extend(current.take());
                continue;
            }
            if let Some(sentence) = line.strip_prefix("S ").or((line == "S").then_some("")) {
                if current.is_some() {
                    return Err(syntax(number, "a second S line in one block".into()));
                }
                current = Some(M2Block {
                    line: number,
                    source: python_strip(sentence).to_owned(),
                    edits: Vec::new(),
                });
            } else if let Some(fields) = line.strip_prefix("A ") {
                let Some(block) = current.as_mut() else {
                    return Err(syntax(number, "an A line before any S line".into()));
                };
                let edit = parse_edit(fields, number, block, strict_spans)
                    .map_err(|m| syntax(number, m))?;
                block.edits.push(edit);
            } else if line.starts_with("I ") {
                if current.is_none() {
                    return Err(syntax(number, "an I line before any S line".into()));
                }
            } else {
                let shown: String = line.chars().take(40).collect();
                return Err(syntax(
                    number,
                    format!("expected an S, A or blank line, found {shown:?}"),
                ));
            }
        }
        blocks.extend(current);
        if blocks.is_empty() {
            return Err(Error::Empty {
                file: file.to_owned(),
            });
        }
        Ok(Self {
            file: file.to_owned(),
            blocks,
        })
    }
}

/// The `|||`-separated fields of an A line, as `str::split("|||")` gives them, found with a byte
/// scan (a string pattern builds a searcher per line).
fn fields_of(line: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.as_bytes().windows(3).position(|w| w == b"|||") {
            Some(i) => {
                rest = Some(&r[i + 3..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

fn parse_edit(
    fields: &str,
    line: usize,
    block: &M2Block,
    strict_spans: bool,
) -> Result<M2Edit, String> {
    let parts: Vec<&str> = fields_of(fields).collect();
    if parts.len() != 6 {
        return Err(format!(
            "an A line needs 6 fields separated by |||, found {}",
            parts.len()
        ));
    }
    let offsets: Vec<&str> = python_split(parts[0]).collect();
    let [start, end] = offsets[..] else {
        return Err(format!("expected two token offsets, found {:?}", parts[0]));
    };
    let offset = |s: &str| {
        s.parse::<i64>()
            .map_err(|_| format!("token offset {s:?} is not an integer"))
    };
    let (start, end) = (offset(start)?, offset(end)?);
    let annotator_field = python_strip(parts[5]);
    let annotator = annotator_field
        .parse::<u32>()
        .map_err(|_| format!("annotator id {annotator_field:?} is not a non-negative integer"))?;
    let category = parts[1].to_owned();
    if category != "noop" && strict_spans {
        let tokens = python_split(&block.source).count() as i64;
        if start < 0 || start > end || end > tokens {
            return Err(format!(
                "edit span {start}..{end} is outside the sentence of {tokens} tokens"
            ));
        }
    }
    // ERRANT writes annotators in the order of their ids as text ("10" before "2"), which keeps
    // each annotator's edits together as well.
    if let Some(previous) = block.edits.last()
        && previous.annotator > annotator
        && previous.annotator.to_string() > annotator.to_string()
    {
        return Err(format!(
            "annotator {annotator} after annotator {}: ids must not decrease within a block",
            previous.annotator
        ));
    }
    Ok(M2Edit {
        line,
        start,
        end,
        category,
        correction: parts[2].to_owned(),
        annotator,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hypothesis out of step with its gold is refused at the first sentence that differs,
    /// naming both lines; a sentence fewer or more at the line after the last, or the first
    /// one too many.
    #[test]
    fn hypotheses_out_of_step_with_their_gold_are_refused() {
        let block = |s: &str| format!("S {s}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n");
        let sentences = ["He go .", "She like it .", "They is here ."];
        let file = |name: &str, order: &[usize]| {
            let text: Vec<String> = order.iter().map(|&k| block(sentences[k])).collect();
            M2File::parse(&text.join("\n"), name).unwrap()
        };
        let gold = file("g.m2", &[0, 1, 2]);
        assert!(file("h.m2", &[0, 1, 2]).check_sentences_of(&gold).is_ok());
        let message = |order: &[usize]| {
            file("h.m2", order)
                .check_sentences_of(&gold)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message(&[1, 2, 0]),
            "h.m2:1: source differs from g.m2's (line 1): a hypothesis M2 file must have the \
             gold's sentences in the same order"
        );
        assert!(message(&[0, 2, 1]).starts_with("h.m2:4: source differs from g.m2's (line 4)"));
        assert_eq!(
            message(&[0, 1]),
            "h.m2:6: has 2 sentences but g.m2 has 3 (line 7)"
        );
        assert_eq!(
            message(&[0, 1, 2, 2]),
            "h.m2:10: has 4 sentences but g.m2 has 3 (line 9)"
        );
    }

    fn error_of(text: &str) -> String {
        M2File::parse(text, "g.m2").unwrap_err().to_string()
    }

    #[test]
    fn parses_blocks_edits_and_noops() {
        let text = "S This are a test .\r\nA 1 2|||SVA|||is|||REQUIRED|||-NONE-|||0\r\n\
                    A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\r\n\r\nS Fine .\n";
        let file = M2File::parse(text, "g.m2").unwrap();
        assert_eq!(file.blocks.len(), 2);
        assert_eq!(file.blocks[0].tokens(), ["This", "are", "a", "test", "."]);
        assert_eq!(file.blocks[0].edits[0].corrections(), ["is"]);
        assert!(file.blocks[0].edits[1].is_noop());
        assert_eq!(file.blocks[0].edits[0].span(), Some(1..2));
        assert_eq!(file.blocks[0].edits[1].span(), None);
        let odd = |start, end| M2Edit {
            start,
            end,
            ..file.blocks[0].edits[0].clone()
        };
        assert_eq!((odd(-1, -1).span(), odd(3, 2).span()), (None, None));
        assert_eq!(file.blocks[1].line, 5);
        assert!(file.blocks[1].edits.is_empty());
        assert_eq!(file.blocks[0].corrected(0), "This is a test .");
        assert_eq!(file.blocks[0].corrected(1), "This are a test .");
        assert_eq!(file.blocks[0].annotators(), [0, 1]);
        let alternatives = M2Edit {
            correction: "-NONE-|| a ||b".into(),
            ..file.blocks[0].edits[0].clone()
        };
        assert_eq!(alternatives.corrections(), ["", "a", "b"]);
    }

    #[test]
    fn applies_any_subset_of_edits() {
        let text = "S He go to school yesterday by foot .\n\
                    A 1 2|||Vt|||went|||REQUIRED|||-NONE-|||0\n\
                    A 5 7|||Prep|||on foot|||REQUIRED|||-NONE-|||0\n\
                    A 2 3|||Prep|||-NONE-|||REQUIRED|||-NONE-|||0\n";
        let block = &M2File::parse(text, "g.m2").unwrap().blocks[0];
        let e = &block.edits;
        assert_eq!(block.apply([&e[1]]), "He go to school yesterday on foot .");
        assert_eq!(
            block.apply([&e[2], &e[0]]),
            "He went school yesterday by foot ."
        );
        assert_eq!(block.apply(e), block.corrected(0));
        assert_eq!(block.apply([]), block.source);
    }

    #[test]
    fn malformed_input_names_file_and_line() {
        assert_eq!(error_of(""), "g.m2: empty");
        assert_eq!(
            error_of("A 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n"),
            "g.m2:1: an A line before any S line"
        );
        assert_eq!(
            error_of("S a b\nA 0 1|||X|||y|||REQUIRED|||0\n"),
            "g.m2:2: an A line needs 6 fields separated by |||, found 5"
        );
        assert_eq!(
            error_of("S a b\nA 0 x|||X|||y|||REQUIRED|||-NONE-|||0\n"),
            "g.m2:2: token offset \"x\" is not an integer"
        );
        assert_eq!(
            error_of("S a b\nA 1 3|||X|||y|||REQUIRED|||-NONE-|||0\n"),
            "g.m2:2: edit span 1..3 is outside the sentence of 2 tokens"
        );
        assert_eq!(
            error_of("S a b\nA 1 0|||X|||y|||REQUIRED|||-NONE-|||0\n"),
            "g.m2:2: edit span 1..0 is outside the sentence of 2 tokens"
        );
        assert_eq!(
            error_of(
                "S a b\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||1\nA 0 1|||X|||z|||REQUIRED|||-NONE-|||0\n"
            ),
            "g.m2:3: annotator 0 after annotator 1: ids must not decrease within a block"
        );
        assert_eq!(
            error_of("S a b\nS c d\n"),
            "g.m2:2: a second S line in one block"
        );
        assert_eq!(
            error_of("S a b\nB oops\n"),
            "g.m2:2: expected an S, A or blank line, found \"B oops\""
        );
        assert_eq!(
            error_of("S a\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||-1\n"),
            "g.m2:2: annotator id \"-1\" is not a non-negative integer"
        );
    }
}
