//! Conservatism of a whole output against its source passage (the reference's
//! `compare_paragraphs`, spec `lcb-pipeline.md` §6): split both passages into sentences, align
//! the sentences ([`break2common_sentences`]), and measure every aligned pair.

use mono_align::passage::{
    AlignedBy, AlignmentCache, PassageError, break2common_sentences, sentences_from_endings,
};
use mono_align::punkt::PunktSentenceTokenizer;
use mono_align::sentences::{sent_token_by_char, sent_tokenize_default};
use mono_align::{CostModel, WordEquivalence};

use crate::profile::ConservatismProfile;
use crate::sentence::SentencePair;

/// How a passage is split into sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Splitter {
    /// Punkt with the reference's re-splits (system outputs and the source).
    Punkt,
    /// One sentence per line (the NUCLE reference).
    Lines,
}

/// The first 1,400 lines of a passage file as Python reads it in text mode: UTF-8, with `\r\n`
/// and `\r` turned into `\n`.
pub fn read_passage(bytes: &[u8]) -> Result<String, std::str::Utf8Error> {
    let text = std::str::from_utf8(bytes)?
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    Ok(text.split_inclusive('\n').take(1400).collect())
}

/// Compares a (preprocessed) `source` passage with a (preprocessed) `output` passage: sentence
/// alignment, then WordChange, index_diff and ρ per aligned sentence pair. Word alignments use
/// `model` (the reference's is [`CostModel::Reference`]).
pub fn compare_passages(
    source: &str,
    output: &str,
    split_output: Splitter,
    punkt: &PunktSentenceTokenizer,
    same: &WordEquivalence,
    model: CostModel,
) -> Result<ConservatismProfile, PassageError> {
    let split = |text: &str, how: Splitter| match how {
        Splitter::Punkt => sent_tokenize_default(punkt, text),
        Splitter::Lines => sent_token_by_char(text),
    };
    let (chars1, chars2): (Vec<char>, Vec<char>) =
        (source.chars().collect(), output.chars().collect());
    let mut cache = AlignmentCache::new(model);
    let common = break2common_sentences(
        split(source, Splitter::Punkt),
        &chars1,
        split(output, split_output),
        &chars2,
        same,
        &mut cache,
    )?;
    let sources = sentences_from_endings(&chars1, &common.ends1);
    let outputs = sentences_from_endings(&chars2, &common.ends2);
    let sentences = sources
        .iter()
        .zip(&outputs)
        .map(|(s, o)| SentencePair::from_alignment(cache.get(s, o).clone()).measures(same))
        .collect();
    Ok(ConservatismProfile::with_alignment(
        sentences,
        common.aligned_by,
    ))
}

/// Sentences split by the output: "sentence splitted" and "first longer with align" decisions.
pub fn splits(aligned_by: &[AlignedBy]) -> usize {
    aligned_by
        .iter()
        .filter(|a| matches!(a, AlignedBy::FirstLonger | AlignedBy::FirstLongerAligned))
        .count()
}

/// Sentences joined by the output: "sentence concatenated" and "second longer with align".
pub fn concatenations(aligned_by: &[AlignedBy]) -> usize {
    aligned_by
        .iter()
        .filter(|a| matches!(a, AlignedBy::SecondLonger | AlignedBy::SecondLongerAligned))
        .count()
}
