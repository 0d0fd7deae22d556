//! Reading a user's input with its limits checked while it is read: the bytes in all and, for
//! text, the bytes of one line. A file's reported length is never trusted (it is 0 for
//! `/dev/zero`, FIFOs and `/proc`): the reader stops as soon as a limit is passed, so no input
//! can take more than `max_bytes` (plus one read buffer) of memory.
//!
//! ```
//! use bounded_read::{Error, Limits, read_from};
//!
//! let lines = read_from(&b"one\ntwo\n"[..], "standard input", Limits::TEXT)?;
//! assert_eq!(lines, b"one\ntwo\n");
//!
//! // A line past its limit is refused at the line, without reading the rest.
//! let limits = Limits::TEXT.with_max_line_bytes(Some(4));
//! let error = read_from(&b"one\ntwo three\n"[..], "in.txt", limits).unwrap_err();
//! assert!(matches!(error, Error::LineTooLong { line: 2, limit: 4, .. }));
//! assert_eq!(error.to_string(), "in.txt:2: a line of more than 4 bytes (the limit of one line): is this a text file?");
//! # Ok::<(), Error>(())
//! ```

use std::io::Read;
use std::path::Path;

/// The most bytes any input may have: 1 GiB.
pub const MAX_BYTES: u64 = 1 << 30;

/// The most bytes one line of a text input may have: 8 MiB (the longest line of the papers' data
/// is a UCCA passage of well under 1 MB; a line of 8 MiB is a file that is not text).
pub const MAX_LINE_BYTES: u64 = 8 << 20;

/// The most bytes a binary input (a model file) may have: 64 MiB (the largest model the
/// programs carry has 16 MB; an ensemble of three BiLSTM parsers, 38 MB).
pub const MAX_BINARY_BYTES: u64 = 64 << 20;

/// What a read may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The most bytes in all.
    pub max_bytes: u64,
    /// The most bytes of one line (without its `\n`); `None` for binary files.
    pub max_line_bytes: Option<u64>,
}

impl Limits {
    /// A text file: [`MAX_BYTES`] in all, [`MAX_LINE_BYTES`] a line.
    pub const TEXT: Limits = Limits {
        max_bytes: MAX_BYTES,
        max_line_bytes: Some(MAX_LINE_BYTES),
    };

    /// A binary file (a model): [`MAX_BINARY_BYTES`] in all, no lines.
    pub const BINARY: Limits = Limits {
        max_bytes: MAX_BINARY_BYTES,
        max_line_bytes: None,
    };

    /// These limits with `max_bytes` in all.
    #[must_use]
    pub const fn with_max_bytes(self, max_bytes: u64) -> Limits {
        Limits { max_bytes, ..self }
    }

    /// These limits with `max_line_bytes` a line (`None`: no line limit).
    #[must_use]
    pub const fn with_max_line_bytes(self, max_line_bytes: Option<u64>) -> Limits {
        Limits {
            max_line_bytes,
            ..self
        }
    }
}

/// Why an input could not be read; every variant names the input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The operating system refused (not found, no permission, a failed read).
    #[error("{file}: {source}")]
    Io {
        /// The input.
        file: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The input is a directory.
    #[error("{file}: is a directory, not a file")]
    Directory {
        /// The input.
        file: String,
    },
    /// More than `limit` bytes in all.
    #[error("{file}: more than {limit} bytes (the limit of one input)")]
    TooLarge {
        /// The input.
        file: String,
        /// [`Limits::max_bytes`].
        limit: u64,
    },
    /// A line of more than `limit` bytes.
    #[error(
        "{file}:{line}: a line of more than {limit} bytes (the limit of one line): is this a text file?"
    )]
    LineTooLong {
        /// The input.
        file: String,
        /// The 1-based line.
        line: usize,
        /// [`Limits::max_line_bytes`].
        limit: u64,
    },
}

impl Error {
    /// Whether the input does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
}

/// The bytes of the file at `path` under `limits` (a directory is an error; a FIFO or a device
/// is read like a file).
pub fn read_file(path: impl AsRef<Path>, limits: Limits) -> Result<Vec<u8>, Error> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let io = |source| Error::Io {
        file: file.clone(),
        source,
    };
    if path.is_dir() {
        return Err(Error::Directory { file });
    }
    let opened = std::fs::File::open(path).map_err(io)?;
    read_from(opened, &file, limits)
}

/// The bytes of `reader` (standard input, say), named `name` in errors, under `limits`.
pub fn read_from(mut reader: impl Read, name: &str, limits: Limits) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let (mut line, mut line_bytes) = (1usize, 0u64);
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(out),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(source) => {
                return Err(Error::Io {
                    file: name.to_owned(),
                    source,
                });
            }
        };
        let read = &chunk[..n];
        if out.len() as u64 + n as u64 > limits.max_bytes {
            return Err(Error::TooLarge {
                file: name.to_owned(),
                limit: limits.max_bytes,
            });
        }
        if let Some(limit) = limits.max_line_bytes {
            for piece in read.split_inclusive(|&b| b == b'\n') {
                let ends = piece.last() == Some(&b'\n');
                line_bytes += (piece.len() - usize::from(ends)) as u64;
                if line_bytes > limit {
                    return Err(Error::LineTooLong {
                        file: name.to_owned(),
                        line,
                        limit,
                    });
                }
                if ends {
                    line += 1;
                    line_bytes = 0;
                }
            }
        }
        out.extend_from_slice(read);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that never ends, as `/dev/zero` does.
    struct Zeros;

    impl Read for Zeros {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(0);
            Ok(buf.len())
        }
    }

    #[test]
    fn an_endless_stream_is_refused_at_its_first_line() {
        let error = read_from(Zeros, "zeros", Limits::TEXT).unwrap_err();
        assert!(matches!(
            error,
            Error::LineTooLong {
                line: 1,
                limit: MAX_LINE_BYTES,
                ..
            }
        ));
        let error = read_from(Zeros, "zeros", Limits::BINARY.with_max_bytes(1 << 20)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "zeros: more than 1048576 bytes (the limit of one input)"
        );
    }

    #[test]
    fn lines_are_counted_across_reads() {
        // One byte a read: every line end falls between reads.
        struct Bytewise<'a>(&'a [u8]);
        impl Read for Bytewise<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let Some((first, rest)) = self.0.split_first() else {
                    return Ok(0);
                };
                buf[0] = *first;
                self.0 = rest;
                Ok(1)
            }
        }
        let limits = Limits::TEXT.with_max_line_bytes(Some(3));
        let text = b"abc\nabc\r\nabcd\n";
        let error = read_from(Bytewise(text), "t", limits).unwrap_err();
        // "abc\r" is 4 bytes: the line ending `\r` counts, as the line holds it.
        assert!(
            matches!(error, Error::LineTooLong { line: 2, .. }),
            "{error}"
        );
        assert_eq!(
            read_from(Bytewise(b"abc\nabc"), "t", limits).unwrap(),
            b"abc\nabc"
        );
        assert!(read_from(Bytewise(b"abc\nabc"), "t", limits.with_max_bytes(6)).is_err());
    }

    #[test]
    fn directories_and_missing_files_are_named() {
        let dir = std::env::temp_dir();
        let error = read_file(&dir, Limits::TEXT).unwrap_err();
        assert!(matches!(error, Error::Directory { .. }));
        let missing = dir.join("bounded-read-no-such-file");
        let error = read_file(&missing, Limits::TEXT).unwrap_err();
        assert!(error.is_not_found());
        assert!(
            error
                .to_string()
                .starts_with(&missing.display().to_string())
        );
    }

    #[cfg(unix)]
    #[test]
    fn dev_zero_is_refused_without_filling_memory() {
        let error = read_file("/dev/zero", Limits::TEXT).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("/dev/zero:1: a line of more than 8388608 bytes")
        );
    }
}
