//! Conservatism of a whole output against its source passage (the reference's
//! `compare_paragraphs`, spec `lcb-pipeline.md` §6): split both passages into sentences, align
//! the sentences ([`break2common_sentences`]), and measure every aligned pair; or, for outputs
//! already aligned line by line with their source, measure each line pair.

use mono_align::passage::{AlignmentCache, break2common_sentences, sentences_from_endings};
use mono_align::punkt::PunktSentenceTokenizer;
use mono_align::sentences::{read_passage, sent_token_by_char, sent_tokenize_default};
use mono_align::{CostModel, WordEquivalence};

use crate::Error;
use crate::profile::{ConservatismProfile, UnmeasuredPair};
use crate::sentence::SentencePair;

/// A passage file's text as the reference reads it ([`read_passage`]); `name` labels errors.
pub fn passage_text(name: &str, bytes: &[u8]) -> Result<String, Error> {
    read_passage(bytes).map_err(|e| Error::NonUtf8 {
        file: name.to_owned(),
        offset: e.valid_up_to(),
    })
}

/// Checks that a system output has as many lines as its source (one output line per source
/// sentence); lines are counted after newline normalisation, as the reference reads them.
pub fn check_line_counts(
    source_name: &str,
    source: &str,
    output_name: &str,
    output: &str,
) -> Result<(), Error> {
    let (source_lines, output_lines) = (source.lines().count(), output.lines().count());
    if source_lines == output_lines {
        Ok(())
    } else {
        Err(Error::LineCountMismatch {
            source_file: source_name.to_owned(),
            source_lines,
            output: output_name.to_owned(),
            output_lines,
        })
    }
}

/// The largest passage [`compare_passages`] accepts, in bytes (8 times the CoNLL-2014 test set,
/// 130 KB): sentence alignment works on the whole passage at once.
pub const MAX_PASSAGE_BYTES: usize = 1 << 20;

/// The most words (tokens as [`mono_align::tokens()`] counts them) a sentence or line may have
/// for word alignment: the assignment's cost matrix grows with the square of the length and its
/// solution faster (the longest line of CoNLL-2014 and its systems has 261 tokens).
pub const MAX_SENTENCE_WORDS: usize = 1_000;

/// The longest word (in characters) word alignment accepts: words are compared character by
/// character, in time that grows with the square of their length (40,000 characters: seconds);
/// the longest word of CoNLL-2014 and its systems has 40.
pub const MAX_WORD_CHARS: usize = 1_000;

/// The length in characters of the longest whitespace-separated word of `text` above
/// [`MAX_WORD_CHARS`], if any.
fn overlong_word(text: &str) -> Option<usize> {
    text.split_whitespace()
        .map(|w| w.chars().count())
        .max()
        .filter(|&chars| chars > MAX_WORD_CHARS)
}

/// Compares outputs already aligned with their sources, line i with line i, without sentence
/// alignment (the reference's `compare_aligned_paragraphs`, spec `lcb-pipeline.md` §10): the
/// measures of every line pair. `source` and `output` are (file name, lines); their line counts
/// must agree, and no line may have more than [`MAX_SENTENCE_WORDS`] words or a word of more than
/// [`MAX_WORD_CHARS`] characters.
pub fn compare_aligned_lines(
    source: (&str, &[String]),
    output: (&str, &[String]),
    same: &WordEquivalence,
) -> Result<ConservatismProfile, Error> {
    if source.1.len() != output.1.len() {
        return Err(Error::LineCountMismatch {
            source_file: source.0.to_owned(),
            source_lines: source.1.len(),
            output: output.0.to_owned(),
            output_lines: output.1.len(),
        });
    }
    for (file, lines) in [source, output] {
        for (i, line) in lines.iter().enumerate() {
            let words = mono_align::tokens(line).len();
            if words > MAX_SENTENCE_WORDS {
                return Err(Error::LineTooLong {
                    file: file.to_owned(),
                    line: i + 1,
                    words,
                    limit: MAX_SENTENCE_WORDS,
                });
            }
            if let Some(chars) = overlong_word(line) {
                return Err(Error::WordTooLong {
                    place: format!("{file}:{}", i + 1),
                    chars,
                    limit: MAX_WORD_CHARS,
                });
            }
        }
    }
    Ok(ConservatismProfile::new(
        source
            .1
            .iter()
            .zip(output.1)
            .map(|(s, o)| SentencePair::new(s, o).measures(same))
            .collect(),
    ))
}

/// How a passage is split into sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Splitter {
    /// Punkt with the reference's re-splits (system outputs and the source).
    Punkt,
    /// One sentence per line (the NUCLE reference).
    Lines,
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
) -> Result<ConservatismProfile, Error> {
    for (passage, text) in [(1, source), (2, output)] {
        if text.len() > MAX_PASSAGE_BYTES {
            return Err(Error::PassageTooLong {
                passage,
                bytes: text.len(),
                limit: MAX_PASSAGE_BYTES,
            });
        }
        if let Some(chars) = overlong_word(text) {
            return Err(Error::WordTooLong {
                place: format!("passage {passage}"),
                chars,
                limit: MAX_WORD_CHARS,
            });
        }
    }
    let split = |text: &str, how: Splitter| match how {
        Splitter::Punkt => sent_tokenize_default(punkt, text),
        Splitter::Lines => sent_token_by_char(text),
    };
    let (chars1, chars2): (Vec<char>, Vec<char>) =
        (source.chars().collect(), output.chars().collect());
    let (sentences1, sentences2) = (split(source, Splitter::Punkt), split(output, split_output));
    for (passage, sentences) in [(1, &sentences1), (2, &sentences2)] {
        for (k, sentence) in sentences.iter().enumerate() {
            let words = mono_align::tokens(sentence).len();
            if words > MAX_SENTENCE_WORDS {
                return Err(Error::SentenceTooLong {
                    passage,
                    sentence: k + 1,
                    words,
                    limit: MAX_SENTENCE_WORDS,
                });
            }
        }
    }
    let mut cache = AlignmentCache::new(model);
    let common =
        break2common_sentences(sentences1, &chars1, sentences2, &chars2, same, &mut cache)?;
    let sources = sentences_from_endings(&chars1, &common.ends1);
    let outputs = sentences_from_endings(&chars2, &common.ends2);
    // A pair past the word limit is where the alignment lost its way and matched the rest of
    // both passages as one "sentence": word-aligning it would take time cubic in its length
    // (hours at 5,000 words), and its measures would say nothing of one sentence.
    let mut sentences = Vec::with_capacity(sources.len());
    let mut unmeasured = Vec::new();
    for (pair, (s, o)) in sources.iter().zip(&outputs).enumerate() {
        let words = (mono_align::tokens(s).len(), mono_align::tokens(o).len());
        if words.0.max(words.1) > MAX_SENTENCE_WORDS {
            unmeasured.push(UnmeasuredPair {
                pair,
                source_words: words.0,
                output_words: words.1,
            });
            continue;
        }
        sentences.push(SentencePair::from_alignment(cache.get(s, o).clone()).measures(same));
    }
    Ok(ConservatismProfile::with_alignment(
        sentences,
        common.aligned_by,
        unmeasured,
    ))
}
