//! Reading the user's files: `-` for standard input, UTF-8 checked with the line of the first bad
//! byte, CRLF or LF line ends.

use std::io::Read;
use std::path::Path;

use crate::Failure;

/// The lines of `path` (`-`: standard input), without their line ends.
pub(crate) fn lines(path: &str) -> Result<Vec<String>, Failure> {
    let bytes = if path == "-" {
        let mut buffer = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buffer)
            .map_err(|e| Failure::input(format!("standard input: {e}")))?;
        buffer
    } else {
        if Path::new(path).is_dir() {
            return Err(Failure::input(format!(
                "{path}: is a directory, not a file"
            )));
        }
        std::fs::read(path).map_err(|e| Failure::input(format!("{path}: {e}")))?
    };
    let name = if path == "-" { "standard input" } else { path };
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        Failure::input(format!("{name}:{line}: not UTF-8"))
    })?;
    Ok(text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned())
        .collect())
}
