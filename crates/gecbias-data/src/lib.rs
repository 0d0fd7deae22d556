//! Where the research data lives, and whether it is the data the goldens were computed on.
//!
//! Every test and every `cargo xtask` command finds the data through this crate, so there is one
//! resolution order for the whole workspace:
//!
//! 1. an explicit directory (`--data DIR` on the command line),
//! 2. the environment variable [`DATA_ENV`] (`GECBIAS_DATA`),
//! 3. `./data`,
//! 4. `../shared/data`.
//!
//! The first candidate that is a directory wins. This is the only library crate of the workspace
//! that reads environment variables (and it names the `gecbias` command's [`SEED_ENV`]); the
//! algorithm crates take paths and bytes.
//!
//! The resolution order, without touching the process environment:
//!
//! ```
//! use std::path::Path;
//! use gecbias_data::location::{Origin, candidates};
//!
//! let order = candidates(None, Some("corpora".into()), Path::new("/work/main"));
//! let found: Vec<_> = order.iter().map(|c| (c.path.display().to_string(), c.origin)).collect();
//! assert_eq!(found, [
//!     ("/work/main/corpora".to_owned(), Origin::Environment),
//!     ("/work/main/data".to_owned(), Origin::LocalData),
//!     ("/work/main/../shared/data".to_owned(), Origin::SharedData),
//! ]);
//! ```
//!
//! * [`location`] — the resolution order and its result, [`DataDir`].
//! * [`datasets`] — the folders of the data that each part of the project reads.
//! * [`manifest`] — the committed list of every data file the project reads (path, size, SHA-256)
//!   and its verification against a data directory.
//! * [`numpy_pickle`] — a reader for the authors' stored numpy arrays (Python pickles), which
//!   never imports or executes anything.
//! * [`fetch`] — builds a data directory from the data's public repositories (`cargo data
//!   fetch`), or a mirror of those repositories from a data directory.
//! * [`spec_goldens`] — the specs' machine-readable goldens, committed under `goldens/`.
//! * [`provenance`] — where each folder of the data comes from.
//! * [`testing`] — the rule for tests that need data: skip with a message, or fail under
//!   `GECBIAS_REQUIRE_DATA=1`.

pub mod datasets;
mod error;
pub mod fetch;
pub mod location;
pub mod manifest;
pub mod numpy_pickle;
pub mod provenance;
pub mod spec_goldens;
pub mod testing;

pub use error::Error;
pub use location::{
    Candidate, DATA_ENV, DataDir, Origin, SEED_ENV, UCCA_BILSTM_MODEL, UCCA_MODEL, workspace_root,
};
pub use manifest::{Manifest, ManifestEntry, Verification, sha256_base64};

/// This crate's version (`gecbias --version` lists it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
