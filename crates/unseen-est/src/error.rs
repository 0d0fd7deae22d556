/// Everything that can go wrong reading fingerprints and histograms or solving the estimate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An input that could not be read within its limits (missing, a directory, too large, a
    /// line too long): the reader's error names the file.
    #[error(transparent)]
    Read(#[from] bounded_read::Error),
    /// A file that is not UTF-8 text.
    #[error("{file}:{line}: not valid UTF-8")]
    NonUtf8 {
        /// The file.
        file: String,
        /// The line of the first invalid byte.
        line: usize,
    },
    /// A fingerprint or histogram file without any entry.
    #[error("{file}: empty")]
    Empty {
        /// The file (or `<memory>`).
        file: String,
    },
    /// A line that is not what the format requires.
    #[error("{file}:{line}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A fingerprint in which no item was seen.
    #[error("{file}: all counts are zero; nothing was sampled")]
    NothingSampled {
        /// The file.
        file: String,
    },
    /// A fingerprint longer than any real sample (the LP would be absurdly large).
    #[error("{file}: {lines} fingerprint lines exceeds the limit of {limit}")]
    TooLong {
        /// The file.
        file: String,
        /// Its number of lines.
        lines: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A fingerprint whose sample size S = Σ i·F_i is absurdly large (or overflows).
    #[error("{file}: the sample size exceeds {limit}")]
    SampleTooLarge {
        /// The file.
        file: String,
        /// The accepted maximum.
        limit: u64,
    },
    /// Parameters outside their meaningful range.
    #[error("invalid parameter: {0}")]
    InvalidParams(String),
    /// The LP solver failed or returned a solution that does not pass the post-solve checks.
    #[error("UnseenEst LP: {0}")]
    Solver(String),
}

/// The bytes of the file at `path` and its name for messages.
pub(crate) fn read_file(path: &std::path::Path) -> Result<(String, Vec<u8>), Error> {
    let file = path.display().to_string();
    let bytes = bounded_read::read_file(path, bounded_read::Limits::TEXT)?;
    Ok((file, bytes))
}

/// `text` quoted for a message, cut after 60 characters: a 5 MB line must not become a 5 MB
/// message.
pub(crate) fn quoted(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}… ({} bytes)", &text[..cut], text.len()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_lines_are_cut_in_messages() {
        assert_eq!(super::quoted("12x"), "\"12x\"");
        let long = "é".repeat(100);
        assert_eq!(
            super::quoted(&long),
            format!("{:?}… (200 bytes)", "é".repeat(60))
        );
    }
}
