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
    /// A line of the sources table of a fetch is malformed.
    #[error("{}:{line}: {message}", .path.display())]
    SourcesSyntax {
        /// The sources table.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong with the line.
        message: String,
    },
    /// No rule of the sources table covers a file of the manifest.
    #[error("{file}: no rule of {} says which repository holds it", .sources.display())]
    NoRule {
        /// The sources table.
        sources: PathBuf,
        /// The manifest's file.
        file: String,
    },
    /// A git command of a fetch or a mirror failed.
    #[error("{command}: {message}")]
    Git {
        /// The command.
        command: String,
        /// What git said.
        message: String,
    },
    /// A repository of the data could not be cloned: offline, or the host is unreachable.
    #[error(
        "cannot clone {url}: {message}\nwithout the network: put the data in place yourself and \
         point $GECBIAS_DATA at it, or give --source-url-base URL for a mirror of the \
         repositories (<URL>/<owner>/<name>; file:///path works)"
    )]
    Unreachable {
        /// What was cloned.
        url: String,
        /// What git said.
        message: String,
    },
    /// Fetched files differ from the manifest, or are missing from their repository.
    #[error(
        "{} files do not match {}:\n  {}",
        files.len(),
        manifest.display(),
        files.join("\n  ")
    )]
    Mismatch {
        /// The manifest.
        manifest: PathBuf,
        /// One line per file: what the repository holds against what the manifest expects.
        files: Vec<String>,
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
