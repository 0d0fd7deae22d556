//! What can be wrong with a model file's bytes.

/// Why bytes are not a model file of the expected format. The crate that reads the file adds
/// its origin (path, or where the bytes came from).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The bytes end inside an item.
    #[error("truncated: the {what} at byte {at} needs {needs} bytes, {left} are left")]
    Truncated {
        /// What was being read.
        what: String,
        /// Its offset.
        at: usize,
        /// The bytes it takes.
        needs: usize,
        /// The bytes left.
        left: usize,
    },
    /// A count of items that the bytes left cannot hold.
    #[error("{what}: a count of {count} at byte {at} overruns the file")]
    Overrun {
        /// What was counted.
        what: String,
        /// The count read.
        count: usize,
        /// The count's offset.
        at: usize,
    },
    /// A string that is not UTF-8.
    #[error("the {what} at byte {at} is not UTF-8")]
    NotUtf8 {
        /// What the string is.
        what: String,
        /// The offset of its bytes.
        at: usize,
    },
    /// The file does not start with the format's magic bytes.
    #[error("not a {format} (wrong magic bytes)")]
    Magic {
        /// The format expected.
        format: String,
    },
    /// Another version of the format.
    #[error("format version {found}; this build reads version {reads}")]
    Version {
        /// The file's version.
        found: u32,
        /// The version this build reads.
        reads: u32,
    },
    /// Bytes left after the last item.
    #[error("{count} bytes after the end")]
    Trailing {
        /// How many.
        count: usize,
    },
    /// Well-formed bytes whose content the format refuses (a class out of range, a checksum or
    /// a digest that differs): the reason says which.
    #[error("{reason}")]
    Invalid {
        /// What is wrong.
        reason: String,
    },
}

impl Error {
    /// [`Error::Invalid`] with `reason`.
    pub fn invalid(reason: impl Into<String>) -> Error {
        Error::Invalid {
            reason: reason.into(),
        }
    }
}
