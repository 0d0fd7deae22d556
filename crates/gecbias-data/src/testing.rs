//! The rule for tests that need the research data.
//!
//! ```no_run
//! let Some(data) = gecbias_data::testing::data_or_skip("round-trip of the human annotations") else {
//!     return;
//! };
//! let tree = data.join("usim_annotations/tree1197.xml");
//! ```
//!
//! Without data a test prints `SKIPPED <what>` with the directories it tried — visible in
//! `cargo test`'s output even though the test passes — so `cargo test` works on a machine without
//! the data; with `GECBIAS_REQUIRE_DATA=1` (set by `.ci/run`) missing data fails
//! the test instead. [`or_skip`] applies the same rule to other external resources, such as the
//! WordNet files of Debian's `wordnet-base`.
//!
//! A test over a large recorded table checks a fixed sample of its rows ([`in_sample`]) within
//! the test run's CPU budget; `cargo xtask slow-drop-in` runs the same tests with
//! `GECBIAS_WHOLE_TABLES=1`, which checks every row.

use std::fmt::Display;
use std::io::Write;

use crate::DataDir;

/// Environment variable that turns missing data from a skip into a failure.
pub const REQUIRE_ENV: &str = "GECBIAS_REQUIRE_DATA";

/// Environment variable (`1`) with which the tests over large recorded tables check every row.
pub const WHOLE_TABLES_ENV: &str = "GECBIAS_WHOLE_TABLES";

/// Whether this run checks every row of the recorded tables (`GECBIAS_WHOLE_TABLES=1`).
pub fn whole_tables() -> bool {
    std::env::var(WHOLE_TABLES_ENV).is_ok_and(|v| v == "1")
}

/// Whether row `index` (from 0) of a recorded table is checked in this run: every `every`-th
/// row, the first included, or every row under [`whole_tables`]. How many rows of `rows` that
/// is: [`sample_size`].
pub fn in_sample(index: usize, every: usize) -> bool {
    whole_tables() || index.is_multiple_of(every.max(1))
}

/// How many of `rows` rows [`in_sample`] checks.
pub fn sample_size(rows: usize, every: usize) -> usize {
    if whole_tables() {
        rows
    } else {
        rows.div_ceil(every.max(1))
    }
}

/// The data directory for a test named `what`, or `None` after printing why the test is skipped.
///
/// # Panics
/// When no data directory is found and `GECBIAS_REQUIRE_DATA=1`: in CI missing data is a failure.
pub fn data_or_skip(what: &str) -> Option<DataDir> {
    or_skip(DataDir::resolve_for_tests(), what)
}

/// The loaded resource for a test named `what`, or `None` after printing why the test is skipped.
///
/// # Panics
/// When loading failed and `GECBIAS_REQUIRE_DATA=1`.
pub fn or_skip<T, E: Display>(loaded: Result<T, E>, what: &str) -> Option<T> {
    let required = std::env::var_os(REQUIRE_ENV).is_some_and(|v| v == "1");
    match decide(loaded, required, what) {
        Ok(resource) => resource,
        Err(message) => panic!("{message}"),
    }
}

/// The text of spec golden `name`. The goldens are committed (`goldens/`), so unlike the data
/// they are never missing from a checkout: a test reads them unconditionally.
///
/// # Panics
/// When it cannot be read: the checkout is broken.
pub fn spec_golden(name: &str) -> String {
    crate::spec_goldens::text(name).unwrap_or_else(|e| panic!("a committed golden: {e}"))
}

/// The rows of spec golden table `name` ([`crate::spec_goldens::rows`]).
///
/// # Panics
/// When it cannot be read: the checkout is broken.
pub fn spec_golden_rows(name: &str) -> Vec<Vec<String>> {
    crate::spec_goldens::rows(name).unwrap_or_else(|e| panic!("a committed golden: {e}"))
}

/// The data directory and the text of spec golden `name`, for a test that compares the data
/// with the golden; `None` (after printing why) when the data is missing.
///
/// # Panics
/// When the data is missing and `GECBIAS_REQUIRE_DATA=1`, or the golden cannot be read.
pub fn data_and_golden(name: &str) -> Option<(DataDir, String)> {
    Some((data_or_skip(name)?, spec_golden(name)))
}

/// The data directory and the rows of spec golden table `name`; as [`data_and_golden`].
///
/// # Panics
/// When the data is missing and `GECBIAS_REQUIRE_DATA=1`, or the golden cannot be read.
pub fn data_and_golden_rows(name: &str) -> Option<(DataDir, Vec<Vec<String>>)> {
    Some((data_or_skip(name)?, spec_golden_rows(name)))
}

/// The rule itself: a found resource is used; a missing one is a skip (`Ok(None)`, after printing
/// the reason to stderr) unless it is required, when it is a failure message.
fn decide<T, E: Display>(
    found: Result<T, E>,
    required: bool,
    what: &str,
) -> Result<Option<T>, String> {
    match found {
        Ok(resource) => Ok(Some(resource)),
        Err(err) if required => Err(format!("{what}: {REQUIRE_ENV}=1 but {err}")),
        Err(err) => {
            // Straight to the process's stderr, not through `eprintln!`: the test harness captures
            // the macros' output and shows it only for failing tests, which would hide that a
            // passing test checked nothing.
            // One line, whatever the error's own layout (a list of the directories tried).
            let reason = err.to_string().replace(":\n ", ":").replace("\n ", ";");
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {what}: {reason} (set {REQUIRE_ENV}=1 to make this a failure)"
            );
            Ok(None)
        }
    }
}

/// The lines of the file at `path` as the Python reference tools' recorders read them: split at
/// LF only, the last kept when no LF ends it (ASSET's references end without one).
///
/// # Panics
/// When the file cannot be read, naming it.
pub fn lf_lines(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    if lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::{Candidate, Error, Origin};

    fn missing() -> Result<DataDir, Error> {
        Err(Error::NotFound {
            tried: vec![Candidate {
                path: PathBuf::from("/nowhere/data"),
                origin: Origin::LocalData,
            }],
        })
    }

    #[test]
    fn missing_data_is_a_skip_unless_required() {
        assert_eq!(decide(missing(), false, "t"), Ok(None));
        let message = decide(missing(), true, "t").unwrap_err();
        assert!(
            message.starts_with("t: GECBIAS_REQUIRE_DATA=1 but no data directory found"),
            "{message}"
        );
        assert!(message.contains("/nowhere/data (./data)"), "{message}");
    }
}
