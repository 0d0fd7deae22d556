//! Conservatism of a system output file against its source file, in one call, with the
//! linguistic resources found where gecbias installs them.

use std::path::Path;

use mono_align::morphy::NounLemmatizer;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::{preprocess_paragraph, sent_tokenize_default};
use mono_align::{CostModel, WordEquivalence};

use crate::Error;
use crate::passage::{
    Splitter, check_line_counts, compare_aligned_lines, compare_passages, passage_text,
};
use crate::profile::ConservatismProfile;

/// What the measures read besides the text: Punkt's English sentence splitter and WordNet's nouns
/// ("approximately the same word").
pub struct Resources {
    punkt: PunktSentenceTokenizer,
    same: WordEquivalence,
}

impl Resources {
    /// The resources gecbias carries (built into the program by `gecbias-resources`, or named
    /// by `$GECBIAS_PUNKT` and `$GECBIAS_WORDNET`): Punkt's English parameters
    /// ([`PunktParameters::english`]) and WordNet 3.0's nouns ([`NounLemmatizer::english`]).
    pub fn locate() -> Result<Resources, Error> {
        let punkt = PunktParameters::english().map_err(|source| Error::Resource {
            what: "Punkt English parameters",
            source,
        })?;
        let lemmatizer = NounLemmatizer::english().map_err(|source| Error::Resource {
            what: "WordNet 3.0 nouns",
            source,
        })?;
        Ok(Resources::new(
            PunktSentenceTokenizer::new(punkt),
            WordEquivalence::new(lemmatizer),
        ))
    }

    /// Resources loaded by the caller.
    pub fn new(punkt: PunktSentenceTokenizer, same: WordEquivalence) -> Resources {
        Resources { punkt, same }
    }

    /// The word equivalence (for [`crate::compare_aligned_lines`]).
    pub fn word_equivalence(&self) -> &WordEquivalence {
        &self.same
    }
}

/// A file's contents, named for messages.
fn read(path: &Path) -> Result<(String, Vec<u8>), Error> {
    let name = path.display().to_string();
    let bytes = bounded_read::read_file(path, bounded_read::Limits::TEXT)?;
    Ok((name, bytes))
}

/// A file's text for `procedure`: all its lines (CRLF as LF), or the passage the reference reads;
/// a UTF-8 byte-order mark is not text and is dropped.
fn text_for(name: &str, bytes: &[u8], procedure: Procedure) -> Result<String, Error> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match procedure {
        Procedure::Lines => std::str::from_utf8(bytes)
            .map(|text| text.replace("\r\n", "\n"))
            .map_err(|e| Error::NonUtf8 {
                file: name.to_owned(),
                offset: e.valid_up_to(),
            }),
        Procedure::Passages => passage_text(name, bytes),
    }
}

/// How a system output file is compared with its source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Procedure {
    /// Line i of the output against line i of the source: for line-aligned files, one sentence
    /// per line ([`compare_aligned_lines`]; every line is one profiled sentence).
    #[default]
    Lines,
    /// The LCB paper's procedure (§3.2, the words-changed figure): each file read as one passage
    /// (its first 1,400 lines, as the reference reads them), preprocessed, split by Punkt,
    /// sentences re-aligned across lines ([`compare_passages`]).
    Passages,
}

/// How conservative the system output at `output` is against its source at `source` (one
/// sentence per line, line-aligned; the line counts must agree): WordChange, index_diff and
/// Spearman's ρ per sentence pair with the reference code's word-alignment costs, the pairs made
/// as `procedure` says. Errors name the files (and the line, for a line too long to align).
pub fn compare_files(
    source: impl AsRef<Path>,
    output: impl AsRef<Path>,
    resources: &Resources,
    procedure: Procedure,
) -> Result<ConservatismProfile, Error> {
    let (source_name, source_bytes) = read(source.as_ref())?;
    let (output_name, output_bytes) = read(output.as_ref())?;
    compare_contents(
        (&source_name, &source_bytes),
        (&output_name, &output_bytes),
        resources,
        procedure,
    )
}

/// [`compare_files`] on contents already read: `source` and `output` are each (name for
/// messages, the file's bytes).
pub fn compare_contents(
    source: (&str, &[u8]),
    output: (&str, &[u8]),
    resources: &Resources,
    procedure: Procedure,
) -> Result<ConservatismProfile, Error> {
    let (source_name, output_name) = (source.0.to_owned(), output.0.to_owned());
    let source_text = text_for(&source_name, source.1, procedure)?;
    let output_text = text_for(&output_name, output.1, procedure)?;
    check_line_counts(&source_name, &source_text, &output_name, &output_text)?;
    match procedure {
        Procedure::Lines => {
            let lines = |text: &str| text.lines().map(str::to_owned).collect::<Vec<_>>();
            let (source_lines, output_lines) = (lines(&source_text), lines(&output_text));
            let mut profile = compare_aligned_lines(
                (&source_name, &source_lines),
                (&output_name, &output_lines),
                &resources.same,
            )?;
            let sentences = |line: &str| sent_tokenize_default(&resources.punkt, line).len();
            profile.line_sentences = source_lines
                .iter()
                .zip(&output_lines)
                .map(|(s, o)| (sentences(s), sentences(o)))
                .collect();
            Ok(profile)
        }
        Procedure::Passages => compare_passages(
            &preprocess_paragraph(&source_text),
            &preprocess_paragraph(&output_text),
            Splitter::Punkt,
            &resources.punkt,
            &resources.same,
            CostModel::Reference,
        )
        .map_err(|e| Error::Passages {
            source_file: source_name,
            output: output_name,
            error: Box::new(e),
        }),
    }
}
