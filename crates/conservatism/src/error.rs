/// Errors of the conservatism measures on whole files.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A system output whose line count differs from its source's (each line is one sentence of
    /// the source, so the files cannot be the same test set).
    #[error("{output}:{}: has {output_lines} lines but its source {source_file} has {source_lines}", output_lines.min(source_lines) + 1)]
    LineCountMismatch {
        /// The source file.
        source_file: String,
        /// Its line count.
        source_lines: usize,
        /// The output file.
        output: String,
        /// Its line count.
        output_lines: usize,
    },
    /// A file that is not UTF-8.
    #[error("{file}: invalid UTF-8 at byte {offset}")]
    NonUtf8 {
        /// The file.
        file: String,
        /// The first invalid byte.
        offset: usize,
    },
    /// An input that could not be read within its limits (missing, a directory, too large, a
    /// line too long): the reader's error names the file.
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// A linguistic resource that is missing or unreadable.
    #[error("{what}: {source}")]
    Resource {
        /// Which resource, and how to install it.
        what: &'static str,
        /// Why it could not be read.
        source: mono_align::Error,
    },
    /// The sentence alignment failed where the reference would have crashed.
    #[error(transparent)]
    Alignment(#[from] mono_align::Error),
    /// A line longer than word alignment accepts ([`crate::MAX_SENTENCE_WORDS`]).
    #[error(
        "{file}:{line}: {words} words, more than the limit of {limit} for word alignment \
         (conservatism::MAX_SENTENCE_WORDS)"
    )]
    LineTooLong {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// Its words (tokens as the alignment counts them).
        words: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A sentence of a passage longer than word alignment accepts
    /// ([`crate::MAX_SENTENCE_WORDS`]); passage 1 is the source, 2 the output.
    #[error(
        "passage {passage}, sentence {sentence}: {words} words, more than the limit of {limit} \
         for word alignment (conservatism::MAX_SENTENCE_WORDS)"
    )]
    SentenceTooLong {
        /// 1 (the source) or 2 (the output).
        passage: u8,
        /// 1-based sentence number after splitting.
        sentence: usize,
        /// Its words.
        words: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A word longer than word alignment accepts ([`crate::MAX_WORD_CHARS`]).
    #[error(
        "{place}: a word of {chars} characters, more than the limit of {limit} for word \
         alignment (conservatism::MAX_WORD_CHARS): is this text?"
    )]
    WordTooLong {
        /// `FILE:LINE`, or `passage N` (1 the source, 2 the output).
        place: String,
        /// The word's length in characters.
        chars: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A passage larger than sentence alignment accepts ([`crate::MAX_PASSAGE_BYTES`]); passage
    /// 1 is the source, 2 the output.
    #[error(
        "passage {passage}: {bytes} bytes, more than the limit of {limit} for sentence alignment \
         (conservatism::MAX_PASSAGE_BYTES; compare line by line, without --passages)"
    )]
    PassageTooLong {
        /// 1 (the source) or 2 (the output).
        passage: u8,
        /// Its size.
        bytes: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A failure of the passage comparison of two files (passage 1 is the source, 2 the
    /// output).
    #[error("{output} against its source {source_file}: {error}")]
    Passages {
        /// The source file (passage 1).
        source_file: String,
        /// The output file (passage 2).
        output: String,
        /// What went wrong.
        #[source]
        error: Box<Error>,
    },
}
