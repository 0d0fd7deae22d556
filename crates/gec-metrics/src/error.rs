/// Everything that can go wrong reading M2, system, source and reference files or scoring them.
///
/// Every variant that comes from a file names the file and, where one line is at fault, its
/// 1-based line number.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The file could not be read within its limits (missing, a directory, too large, a line
    /// too long).
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// A file with no sentence in it.
    #[error("{file}: empty")]
    Empty {
        /// The file.
        file: String,
    },
    /// Bytes that are not UTF-8.
    #[error("{file}:{line}: not valid UTF-8")]
    NonUtf8 {
        /// The file.
        file: String,
        /// The line of the first invalid byte.
        line: usize,
    },
    /// A file larger than anything a corpus needs (a wrong path, not a corpus).
    #[error("{file}: {bytes} bytes exceeds the limit of {limit} bytes")]
    TooLarge {
        /// The file.
        file: String,
        /// Its size.
        bytes: u64,
        /// The accepted maximum.
        limit: u64,
    },
    /// A line of an M2 file that breaks the format.
    #[error("{file}:{line}: {message}")]
    M2Syntax {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A line of a data file with the wrong shape: a tab-separated table (TurkCorpus), a GoToScorer
    /// weights file.
    #[error("{file}:{line}: {message}")]
    TableSyntax {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Two parallel files (system and gold, source and references) with different sentence counts;
    /// the message names the first line where they part (the first extra line, or the line after
    /// the last).
    #[error("{file}:{}: has {found} sentences but {expected_from} has {expected}", found.min(expected) + 1)]
    CountMismatch {
        /// The file with the unexpected count.
        file: String,
        /// Its count.
        found: usize,
        /// The file that sets the expected count.
        expected_from: String,
        /// The expected count.
        expected: usize,
    },
    /// A sentence whose edit lattice would exceed the memory limit of the scorer
    /// ([`crate::M2Options::max_lattice_arcs`]).
    #[error(
        "sentence {}: the edit lattice has more than {limit} arcs (the hypothesis is too far from \
         the source to score in bounded memory)",
        sentence + 1
    )]
    LatticeTooLarge {
        /// 0-based sentence index.
        sentence: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A sentence pair longer than the M2 scorer accepts
    /// ([`crate::M2Options::max_sentence_tokens`]).
    #[error(
        "sentence {}: the {side} has {tokens} tokens, more than the M2 scorer's limit of {limit}",
        sentence + 1
    )]
    SentenceTooLong {
        /// 0-based sentence index.
        sentence: usize,
        /// `source` or `hypothesis`.
        side: &'static str,
        /// Its token count.
        tokens: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A sentence whose lattice is too large for m2scorer's `--very_verbose` trace, whose length
    /// grows with the cube of the vertices ([`crate::m2_trace::MAX_TRACE_VERTICES`]).
    #[error(
        "sentence {}: the edit lattice has {vertices} vertices, more than the --very_verbose \
         trace's limit of {limit}",
        sentence + 1
    )]
    TraceTooLarge {
        /// 0-based sentence index.
        sentence: usize,
        /// The lattice's vertices.
        vertices: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A report could not be written.
    #[error("writing the report: {source}")]
    Write {
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A sentence-level error, placed at the line of the file it concerns.
    #[error("{file}:{line}: {source}")]
    AtLine {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// The error.
        source: Box<Error>,
    },
    /// Parameters outside their meaningful range.
    #[error("invalid parameter: {0}")]
    InvalidParams(String),
    /// A sentence whose edits CLEME cannot lay over it ([`crate::cleme::cleme_counts`]).
    #[error(
        "sentence {}: CLEME cannot split it into chunks (an edit outside the sentence, out of \
         order or overlapping another)",
        sentence + 1
    )]
    ClemeChunks {
        /// 0-based sentence index.
        sentence: usize,
    },
}

impl Error {
    /// A sentence-level error ([`Error::SentenceTooLong`], [`Error::LatticeTooLarge`]) placed at
    /// `file:line`; any other error, which names its file already, unchanged.
    pub fn at_line(self, file: &str, line: usize) -> Error {
        match self {
            Error::SentenceTooLong { .. }
            | Error::LatticeTooLarge { .. }
            | Error::TraceTooLarge { .. } => Error::AtLine {
                file: file.to_owned(),
                line,
                source: Box::new(self),
            },
            other => other,
        }
    }
}
