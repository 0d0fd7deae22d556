//! The rule for tests that need the research data.
//!
//! ```no_run
//! let Some(data) = gecbias_data::testing::data_or_skip("round-trip of the human annotations") else {
//!     return;
//! };
//! let tree = data.join("usim_annotations/tree1197.xml");
//! ```
//!
//! Without data a test prints the directories it tried and passes, so `cargo test` works on a
//! machine without the data; with `GECBIAS_REQUIRE_DATA=1` (set by `.ci/run`) missing data fails
//! the test instead.

use crate::DataDir;

/// Environment variable that turns missing data from a skip into a failure.
pub const REQUIRE_ENV: &str = "GECBIAS_REQUIRE_DATA";

/// The data directory for a test named `what`, or `None` after printing why the test is skipped.
///
/// # Panics
/// When no data directory is found and `GECBIAS_REQUIRE_DATA=1`: in CI missing data is a failure.
pub fn data_or_skip(what: &str) -> Option<DataDir> {
    match DataDir::resolve_for_tests() {
        Ok(data) => Some(data),
        Err(err) if required() => panic!("{what}: {REQUIRE_ENV}=1 but {err}"),
        Err(err) => {
            eprintln!("skipping {what}: {err}\n(set {REQUIRE_ENV}=1 to make this a failure)");
            None
        }
    }
}

fn required() -> bool {
    std::env::var_os(REQUIRE_ENV).is_some_and(|v| v == "1")
}
