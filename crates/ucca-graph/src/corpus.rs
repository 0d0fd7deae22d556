//! Reading many UCCA files and checking that each survives `read → write → read` unchanged —
//! the `ucca-roundtrip` experiment.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::{Error, Passage};

/// What reading and round-tripping a set of UCCA XML files found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RoundTrip {
    /// Files read.
    pub files: usize,
    /// Terminals (layer-0 nodes) over all files.
    pub terminals: usize,
    /// Layer-1 nodes (FN, PNCT and LKG units) over all files.
    pub units: usize,
    /// Edges over all files.
    pub edges: usize,
    /// Remote edges among them.
    pub remote_edges: usize,
    /// Files whose re-read passage equals the original.
    pub equal: usize,
    /// Files whose re-read passage differs (should be empty).
    pub unequal: Vec<PathBuf>,
}

impl RoundTrip {
    /// Adds one passage: counts it and checks that writing and re-reading it gives it back.
    pub fn add(&mut self, path: &Path, passage: &Passage) -> Result<(), Error> {
        let again = Passage::from_xml_named(passage.to_xml().as_bytes(), &format!("{} (rewritten)", path.display()))?;
        self.files += 1;
        self.terminals += passage.terminal_count();
        self.units += passage.units().count();
        self.edges += passage.graph().edge_count();
        self.remote_edges += passage.remote_edges().count();
        if again == *passage {
            self.equal += 1;
        } else {
            self.unequal.push(path.to_path_buf());
        }
        Ok(())
    }

    /// Reads every file and adds it; the first unreadable file is an error.
    pub fn of_files<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Result<RoundTrip, Error> {
        let mut report = RoundTrip::default();
        for path in paths {
            report.add(path, &Passage::read(path)?)?;
        }
        Ok(report)
    }
}
