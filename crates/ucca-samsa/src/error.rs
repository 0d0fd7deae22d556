//! The crate's one error type.

/// What can go wrong finding SAMSA's parts in a passage, analysing or parsing a text.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The reference code's participant join reads past the end of a scene's entries (it raises
    /// `IndexError`; 32 of the 5,225 UCCA Wiki sentences have such a shape).
    #[error(
        "scene {scene}: the participants' minimal centres have a shape on which the reference \
         code raises IndexError"
    )]
    ParticipantCentres {
        /// The scene (0-based) whose entries were being joined.
        scene: usize,
    },
    /// An analysis the word aligner cannot read (what is wrong is said).
    #[error("an analysis the word aligner cannot read: {message}")]
    Analysis {
        /// What is wrong.
        message: String,
    },
    /// A sentence pair on which the reference aligner raises (an index past the end of a list
    /// in the step named).
    #[error("the reference word aligner raises IndexError on this pair (in its {step} step)")]
    AlignerCrash {
        /// The aligner's step.
        step: &'static str,
    },
    /// The UCCA parser failed on a source.
    #[error("the UCCA parser failed: {source}")]
    Parse {
        /// The parser's error.
        #[from]
        source: ucca_parser::Error,
    },
    /// spaCy's model could not be loaded.
    #[error("spaCy's model: {source}")]
    Spacy {
        /// The model's error.
        #[from]
        source: spacy_sm::Error,
    },
    /// The lemmatiser's tables could not be loaded.
    #[error("the lemmatiser: {source}")]
    Lemmatiser {
        /// The tagger model's error.
        #[from]
        source: english_tagger::Error,
    },
}
