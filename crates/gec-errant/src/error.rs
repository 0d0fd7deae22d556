//! What can go wrong: unreadable input, analyses that are missing, malformed M2.

/// An error of the annotation pipeline.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file or text could not be read (the underlying reader's error, which names the file
    /// and line).
    #[error(transparent)]
    Input(#[from] gec_metrics::Error),
    /// A resource (the tagger model, the word list) could not be found or read.
    #[error("{what}: {message}")]
    Resource {
        /// The resource, in words.
        what: String,
        /// What went wrong.
        message: String,
    },
    /// The tagger model could not be loaded.
    #[error(transparent)]
    Tagger(#[from] english_tagger::Error),
    /// spaCy's model could not be located or read.
    #[error(transparent)]
    Spacy(#[from] spacy_sm::Error),
    /// A sentence for which recorded analyses hold no analysis.
    #[error("no recorded analysis of the sentence {sentence:?}")]
    NoAnalysis {
        /// The sentence's tokens, joined by spaces.
        sentence: String,
    },
    /// A recorded analysis that does not fit its sentence (a line of a JSON Lines file).
    #[error("{file}:{line}: {message}")]
    Recorded {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// An M2 line that breaks the format.
    #[error("{file}:{line}: {message}")]
    M2 {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A line longer than annotation takes ([`crate::MAX_SENTENCE_TOKENS`], or with
    /// tokenisation [`crate::MAX_PIECE_CHARS`] without whitespace), refused before anything is
    /// analysed.
    #[error("{input} line {line}: {message}")]
    TooLong {
        /// The input the line belongs to.
        input: crate::Input,
        /// 1-based line number.
        line: usize,
        /// What is too long, and the limit.
        message: String,
    },
    /// An unknown merging strategy's name.
    #[error("unknown merging strategy {0:?}: choose from rules, all-split, all-merge, all-equal")]
    UnknownMerge(String),
}
