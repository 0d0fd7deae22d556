//! CoNLL-U in and out: UD treebanks to train and evaluate on, and the tagger's analyses written
//! as CoNLL-U.

use std::fmt::Write as _;

use crate::{Analysis, Error};

/// One word of an annotated sentence (multi-word token ranges and empty nodes are skipped: the
/// tagger sees syntactic words, as UD's evaluation does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// FORM.
    pub form: String,
    /// LEMMA.
    pub lemma: String,
    /// UPOS: the Universal POS tag.
    pub upos: String,
    /// XPOS: the Penn Treebank tag in English treebanks.
    pub xpos: String,
    /// HEAD: 1-based, 0 for the root.
    pub head: usize,
    /// DEPREL: the UD relation to the head.
    pub deprel: String,
}

/// Reads the sentences of a CoNLL-U document; `source` names it in errors (with the line).
pub fn read_conllu(text: &str, source: &str) -> Result<Vec<Vec<Word>>, Error> {
    let mut sentences = Vec::new();
    let mut current = Vec::new();
    let error = |line: usize, reason: String| Error::Conllu {
        source_name: source.to_owned(),
        line,
        reason,
    };
    for (n, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            if !current.is_empty() {
                sentences.push(std::mem::take(&mut current));
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        if columns.len() != 10 {
            return Err(error(
                n + 1,
                format!("{} columns, CoNLL-U has 10", columns.len()),
            ));
        }
        if columns[0].contains(['-', '.']) {
            continue;
        }
        let id: usize = columns[0]
            .parse()
            .map_err(|_| error(n + 1, format!("ID {:?} is not a number", columns[0])))?;
        if id != current.len() + 1 {
            return Err(error(
                n + 1,
                format!("ID {id} where {} was expected", current.len() + 1),
            ));
        }
        let head = match columns[6] {
            "_" => 0,
            h => h
                .parse()
                .map_err(|_| error(n + 1, format!("HEAD {h:?} is not a number")))?,
        };
        current.push(Word {
            form: columns[1].to_owned(),
            lemma: columns[2].to_owned(),
            upos: columns[3].to_owned(),
            xpos: columns[4].to_owned(),
            head,
            deprel: columns[7].to_owned(),
        });
    }
    if !current.is_empty() {
        sentences.push(current);
    }
    Ok(sentences)
}

/// A tagged sentence as CoNLL-U lines (ID, FORM, LEMMA (the UD lemma), UPOS, XPOS, `_`, HEAD,
/// DEPREL, `_`, `_`), ending with the blank line. HEAD is `_`: the tagger labels tokens without building a
/// tree.
pub fn write_conllu<S: AsRef<str>>(words: &[S], analyses: &[Analysis]) -> String {
    let mut out = String::new();
    for (i, (word, a)) in words.iter().zip(analyses).enumerate() {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t_\t_\t{}\t_\t_",
            i + 1,
            conllu_field(word.as_ref()),
            conllu_field(&a.ud_lemma),
            a.upos,
            a.xpos,
            a.dep
        );
    }
    out.push('\n');
    out
}

/// A field as CoNLL-U allows it: no tabs or line breaks, never empty.
fn conllu_field(text: &str) -> String {
    if text.is_empty() {
        return "_".to_owned();
    }
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
