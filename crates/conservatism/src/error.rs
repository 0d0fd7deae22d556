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
    /// A file that could not be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// The operating system's error.
        source: std::io::Error,
    },
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
}
