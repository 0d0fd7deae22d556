use std::path::PathBuf;

use crate::location::Candidate;

/// Everything that can go wrong while locating or verifying the data.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No candidate of the resolution order is a directory.
    #[error("no data directory found; tried:\n{}", render_tried(.tried))]
    NotFound {
        /// Every candidate, in resolution order.
        tried: Vec<Candidate>,
    },
    /// Reading a file or listing a directory failed.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or directory being read.
        path: PathBuf,
        /// The underlying failure.
        source: std::io::Error,
    },
    /// A line of a manifest file is not `path<TAB>bytes<TAB>sha256`.
    #[error("{}:{line}: {message}", .path.display())]
    ManifestSyntax {
        /// The manifest file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong with the line.
        message: String,
    },
    /// A stored pickle is malformed or uses what the reader does not understand.
    #[error("{file}: byte {offset}: {message}")]
    Pickle {
        /// The file.
        file: String,
        /// Byte offset of the offending opcode.
        offset: usize,
        /// What is wrong.
        message: String,
    },
}

fn render_tried(tried: &[Candidate]) -> String {
    tried
        .iter()
        .map(|c| format!("  {} ({})", c.path.display(), c.origin))
        .collect::<Vec<_>>()
        .join("\n")
}
