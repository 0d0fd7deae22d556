//! Conservatism of a system output file against its source file, in one call, with the
//! linguistic resources found where gecbias installs them.

use std::path::Path;

use mono_align::morphy::NounLemmatizer;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::preprocess_paragraph;
use mono_align::{CostModel, WordEquivalence};

use crate::Error;
use crate::passage::{Splitter, check_line_counts, compare_passages, passage_text};
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

fn read(path: &Path) -> Result<String, Error> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        file: name.clone(),
        source,
    })?;
    passage_text(&name, &bytes)
}

/// How conservative the system output at `output` is against its source at `source` (one
/// sentence per line, line-aligned), as the LCB paper measures it (§3.2): both files read as
/// passages, preprocessed, split by Punkt, sentence-aligned, then WordChange, index_diff and
/// Spearman's ρ per aligned sentence pair, with the reference code's word-alignment costs.
pub fn compare_files(
    source: impl AsRef<Path>,
    output: impl AsRef<Path>,
    resources: &Resources,
) -> Result<ConservatismProfile, Error> {
    let (source, output) = (source.as_ref(), output.as_ref());
    let (source_text, output_text) = (read(source)?, read(output)?);
    check_line_counts(
        &source.display().to_string(),
        &source_text,
        &output.display().to_string(),
        &output_text,
    )?;
    compare_passages(
        &preprocess_paragraph(&source_text),
        &preprocess_paragraph(&output_text),
        Splitter::Punkt,
        &resources.punkt,
        &resources.same,
        CostModel::Reference,
    )
}
