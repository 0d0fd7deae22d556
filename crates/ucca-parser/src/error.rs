use std::path::PathBuf;

/// What can go wrong in the parser.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The built graph is not a valid UCCA passage.
    #[error("the parsed graph is not a valid passage: {source}")]
    Graph {
        /// What the passage builder refused.
        #[from]
        source: ucca_graph::Error,
    },
    /// An input that could not be read within its limits (missing, a directory, too large, a
    /// line too long): the reader's error names the file.
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// A file could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying failure.
        source: std::io::Error,
    },
    /// A model file is not one this build can read.
    #[error("{origin}: {source}")]
    Model {
        /// The file (or `<memory>`).
        origin: String,
        /// What is wrong with it, and where in its bytes.
        source: learning_kit::Error,
    },
    /// A built-in model ([`crate::Parser::builtin`]) could not be read.
    #[error("the UCCA parser model ({location}): {source}")]
    DefaultModel {
        /// Where it came from: its variable (`$GECBIAS_UCCA_MODEL=PATH`), or the built-in copy.
        location: String,
        /// What went wrong reading it.
        source: Box<Error>,
    },
    /// This build carries no model and its variable (`$GECBIAS_UCCA_MODEL`) is unset.
    #[error("{source}")]
    NoModel {
        /// What is missing and which variable to set.
        #[from]
        source: gecbias_resources::Error,
    },
    /// A sentence longer than the parser accepts ([`crate::MAX_SENTENCE_TOKENS`]).
    #[error(
        "a sentence of {tokens} tokens is longer than the parser's limit of {limit}; cut \
         paragraphs into sentences (gecbias: --sentences)"
    )]
    SentenceTooLong {
        /// Its tokens.
        tokens: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// The English tagger a neural model reads could not be loaded.
    #[error("the English tagger the model reads: {source}")]
    Tagger {
        /// Why (shared: the tagger is loaded once per process).
        source: std::sync::Arc<english_tagger::Error>,
    },
    /// A training setting out of its range.
    #[error("the {name} is {value}; it must be {expected}")]
    Setting {
        /// Which setting.
        name: &'static str,
        /// Its value.
        value: String,
        /// The range it must lie in.
        expected: &'static str,
    },
    /// Models that cannot make an ensemble ([`crate::ensemble`]).
    #[error("cannot make an ensemble: {message}")]
    Ensemble {
        /// Which member does not fit, and how.
        message: String,
    },
    /// A lexicon resource has a malformed line.
    #[error("{what}, line {line}: {message}")]
    Resource {
        /// Which resource.
        what: &'static str,
        /// 1-based line number (0 when it concerns the whole resource).
        line: usize,
        /// What is wrong.
        message: String,
    },
}
