//! SARI (Xu et al. 2016), the simplification metric that compares the output O with the source
//! S and references R: n-grams rightly **kept**, rightly **deleted**, rightly **added**.
//!
//! Three different metrics carry the name; each has its own function here:
//! * [`sari_sentence`] — the reference `SARI.py` `SARIsent`, which the LCB paper's simplification
//!   experiments use (and average over sentences, [`sari_mean`]): per n = 1…4, keep = F1 of
//!   reference-count-weighted n-gram counts, deletion = **precision only** (the recall line of
//!   `SARI.py` reuses the precision numerator), addition = F1 on n-gram sets; SARI = (mean keep +
//!   mean deletion + mean addition) / 3 on a 0–1 scale. Tokens: lower-cased text split on single
//!   spaces.
//! * EASSE's corpus-level SARI (sacreBLEU `13a` tokens, counts summed over the corpus, F1 for
//!   deletion) is `simplification-metrics`' `easse_corpus_sari`.
//! * [`max_sari`] and [`lucky_sari`] — the LCB paper's §5 variants: the best single-reference
//!   SARI, and the SARI of an output that is one of its own references.

use crate::Error;
use crate::ngrams::{FastMap, Gram, Vocabulary, counts, grams, ordered_counts};
use crate::parallel::map_indices;
use std::path::Path;

use crate::text::{is_ascii_space, python_strip, read_lines};

pub(crate) fn f1(precision: f64, recall: f64) -> f64 {
    if precision > 0.0 || recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

/// (keep F1, deletion precision, addition F1) of one n-gram order, as `SARIngram` computes them;
/// sums run over source n-grams in order of first occurrence, as Python's `Counter` does.
fn sari_ngram(
    source: &[u32],
    output: &[u32],
    references: &[Vec<u32>],
    n: usize,
) -> (f64, f64, f64) {
    let weight = references.len() as u64;
    let (s, s_order) = ordered_counts(source, n);
    let c = counts(output, n);
    let reference_grams = references.iter().map(Vec::len).sum();
    let mut r: FastMap<Gram, u32> =
        FastMap::with_capacity_and_hasher(reference_grams, Default::default());
    for reference in references {
        for g in grams(reference, n) {
            *r.entry(g).or_insert(0) += 1;
        }
    }
    let get = |m: &FastMap<Gram, u32>, g: &Gram| u64::from(m.get(g).copied().unwrap_or(0));
    let (mut keep_kept, mut keep_all) = (0usize, 0usize);
    let (mut keep_precision_sum, mut keep_recall_sum) = (0.0f64, 0.0f64);
    let (mut deleted, mut deleted_good_sum) = (0usize, 0.0f64);
    for g in &s_order {
        let s_rep = get(&s, g) * weight;
        let c_rep = get(&c, g) * weight;
        let r_count = get(&r, g);
        let kept = s_rep.min(c_rep);
        let kept_good = kept.min(r_count);
        let kept_all = s_rep.min(r_count);
        if kept > 0 {
            keep_kept += 1;
        }
        if kept_all > 0 {
            keep_all += 1;
        }
        if kept_good > 0 {
            keep_precision_sum += kept_good as f64 / kept as f64;
            keep_recall_sum += kept_good as f64 / kept_all as f64;
        }
        let removed = s_rep.saturating_sub(c_rep);
        let removed_good = removed.saturating_sub(r_count);
        if removed > 0 {
            deleted += 1;
        }
        if removed_good > 0 {
            deleted_good_sum += removed_good as f64 / removed as f64;
        }
    }
    let ratio = |sum: f64, count: usize| if count > 0 { sum / count as f64 } else { 0.0 };
    let keep = f1(
        ratio(keep_precision_sum, keep_kept),
        ratio(keep_recall_sum, keep_all),
    );
    let deletion = ratio(deleted_good_sum, deleted);
    let added = c.keys().filter(|g| !s.contains_key(*g)).count();
    let added_good = c
        .keys()
        .filter(|g| !s.contains_key(*g) && r.contains_key(*g))
        .count();
    let added_all = r.keys().filter(|g| !s.contains_key(*g)).count();
    let addition = f1(
        ratio(added_good as f64, added),
        ratio(added_good as f64, added_all),
    );
    (keep, deletion, addition)
}

/// `SARI.py`'s `SARIsent(source, output, references)` on a 0–1 scale.
pub fn sari_sentence(source: &str, output: &str, references: &[&str]) -> f64 {
    let lower = |t: &str| t.to_lowercase();
    let (source, output) = (lower(source), lower(output));
    let references: Vec<String> = references.iter().map(|r| lower(r)).collect();
    let mut vocabulary = Vocabulary::default();
    let s = vocabulary.intern_all(source.split(' '));
    let o = vocabulary.intern_all(output.split(' '));
    let r: Vec<Vec<u32>> = references
        .iter()
        .map(|x| vocabulary.intern_all(x.split(' ')))
        .collect();
    let (mut keep, mut deletion, mut addition) = (0.0, 0.0, 0.0);
    for n in 1..=4 {
        let (k, d, a) = sari_ngram(&s, &o, &r, n);
        keep += k;
        deletion += d;
        addition += a;
    }
    (keep / 4.0 + deletion / 4.0 + addition / 4.0) / 3.0
}

/// MAX-SARI: the highest single-reference [`sari_sentence`] over the references (LCB §5).
pub fn max_sari(source: &str, output: &str, references: &[&str]) -> f64 {
    references
        .iter()
        .map(|r| sari_sentence(source, output, std::slice::from_ref(r)))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// "Lucky perfect" SARI (LCB paper §5): the SARI of a perfect output that happens to be the
/// first reference; `None` without references.
pub fn lucky_sari(source: &str, references: &[&str]) -> Option<f64> {
    let first = references.first()?;
    Some(sari_sentence(source, first, references))
}

/// Checks that the outputs and every reference have as many lines as the sources; `names` = the
/// sources', the outputs', then each reference's name, for messages.
pub(crate) fn check_shape(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
    names: &[&str],
) -> Result<(), Error> {
    let name = |k: usize, fallback: &str| {
        names
            .get(k)
            .map_or(fallback.to_owned(), |n| (*n).to_owned())
    };
    let mismatch = |file: String, found: usize| Error::CountMismatch {
        file,
        found,
        expected_from: name(0, "the sources"),
        expected: sources.len(),
    };
    if outputs.len() != sources.len() {
        return Err(mismatch(name(1, "the outputs"), outputs.len()));
    }
    if references.is_empty() {
        return Err(Error::InvalidParams(
            "SARI needs at least one reference".into(),
        ));
    }
    if let Some((k, r)) = references
        .iter()
        .enumerate()
        .find(|(_, r)| r.len() != sources.len())
    {
        return Err(mismatch(
            name(k + 2, &format!("reference {}", k + 1)),
            r.len(),
        ));
    }
    Ok(())
}

/// The SARI of a system from files, as `SARI.py` reads them under Python 3 (each line stripped
/// of surrounding whitespace, [`sari_strip`]): every sentence's [`sari_sentence`] and their mean
/// (0–1 scale).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SariScore {
    /// The mean over sentences: the corpus SARI of the LCB paper's code.
    pub mean: f64,
    /// Each sentence's SARI.
    pub sentences: Vec<f64>,
}

/// Which Python's `str.strip` `SARI.py` reads its lines with: the script runs under Python 3
/// today (the default), where a no-break space or an em space around a line is stripped too;
/// under Python 2 its lines are byte strings and only ASCII whitespace is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SariStrip {
    /// Python 3: Unicode whitespace (`str.isspace`).
    #[default]
    Python3,
    /// Python 2: ASCII whitespace (` \t\n\r\x0b\x0c`).
    Python2,
}

impl SariStrip {
    /// `line` stripped as this Python strips it.
    pub fn strip(self, line: &str) -> &str {
        match self {
            SariStrip::Python3 => python_strip(line),
            SariStrip::Python2 => line.trim_matches(is_ascii_space),
        }
    }
}

/// A line as `SARI.py` reads it under Python 3 ([`SariStrip::Python3`]): stripped of
/// surrounding whitespace, so a leading tab, a no-break space or a CRLF ending does not change
/// a score.
pub fn sari_strip(line: &str) -> &str {
    SariStrip::Python3.strip(line)
}

/// The lines of a file as `SARI.py` reads them ([`sari_strip`]).
pub fn read_sari_lines(path: impl AsRef<Path>) -> Result<Vec<String>, Error> {
    Ok(read_lines(path.as_ref())?
        .iter()
        .map(|l| sari_strip(l).to_owned())
        .collect())
}

/// [`SariScore`] of the output file against the source file and reference files (one sentence per
/// line, line-aligned); a count mismatch names both files.
pub fn sari_files<P: AsRef<Path>>(
    source: impl AsRef<Path>,
    references: &[P],
    output: impl AsRef<Path>,
) -> Result<SariScore, Error> {
    let read = read_sari_lines;
    let (source, output) = (source.as_ref(), output.as_ref());
    let refs = references
        .iter()
        .map(|r| read(r.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = [source, output]
        .into_iter()
        .chain(references.iter().map(AsRef::as_ref))
        .map(|p| p.display().to_string())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    sari_score(&read(source)?, &read(output)?, &refs, &names)
}

/// [`SariScore`] of lines already read and stripped ([`sari_strip`]); `names` = the source's, the
/// output's, then each reference's name, for messages.
pub fn sari_score(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
    names: &[&str],
) -> Result<SariScore, Error> {
    check_shape(sources, outputs, references, names)?;
    let sentences = sari_per_sentence(sources, outputs, references)?;
    Ok(SariScore {
        mean: sentences.iter().sum::<f64>() / sentences.len() as f64,
        sentences,
    })
}

/// The mean of [`sari_sentence`] over a corpus (`references[k]` = all lines of reference k), the
/// corpus SARI of the LCB paper's code.
/// An empty corpus gives NaN (0 / 0, as numpy's mean); [`sari_files`] refuses empty files.
pub fn sari_mean(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
) -> Result<f64, Error> {
    Ok(sari_per_sentence(sources, outputs, references)?
        .iter()
        .sum::<f64>()
        / sources.len() as f64)
}

/// [`sari_sentence`] of every sentence of a corpus.
pub fn sari_per_sentence(
    sources: &[String],
    outputs: &[String],
    references: &[Vec<String>],
) -> Result<Vec<f64>, Error> {
    check_shape(sources, outputs, references, &[])?;
    Ok(map_indices(sources.len(), |i| {
        let refs: Vec<&str> = references.iter().map(|r| r[i].as_str()).collect();
        sari_sentence(&sources[i], &outputs[i], &refs)
    }))
}
