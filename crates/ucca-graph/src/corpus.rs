//! Reading many UCCA files and checking that each survives `read → write → read` unchanged —
//! the `ucca-roundtrip` experiment.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::{Category, Error, Passage, UnitKind};

/// What reading and round-tripping a set of UCCA XML files found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RoundTrip {
    /// Files read.
    pub files: usize,
    /// Terminals (layer-0 nodes) over all files.
    pub terminals: usize,
    /// Terminals of type `Punctuation` among them.
    pub punctuation_terminals: usize,
    /// Layer-1 nodes (FN, PNCT and LKG units) over all files.
    pub units: usize,
    /// FN units among them.
    pub foundational_units: usize,
    /// PNCT units among them.
    pub punctuation_units: usize,
    /// LKG (linkage) nodes among them.
    pub linkage_units: usize,
    /// Implicit units among them.
    pub implicit_units: usize,
    /// Edges over all files.
    pub edges: usize,
    /// Edges by category (the edge `type`).
    pub edges_by_category: BTreeMap<Category, usize>,
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
        let again = Passage::from_xml_named(
            passage.to_xml().as_bytes(),
            &format!("{} (rewritten)", path.display()),
        )?;
        self.files += 1;
        self.terminals += passage.terminal_count();
        self.punctuation_terminals += passage.terminals().filter(|t| t.punctuation).count();
        for unit in passage.units() {
            self.units += 1;
            *match unit.kind {
                UnitKind::Foundational => &mut self.foundational_units,
                UnitKind::Punctuation => &mut self.punctuation_units,
                UnitKind::Linkage => &mut self.linkage_units,
            } += 1;
            self.implicit_units += usize::from(unit.implicit);
        }
        self.edges += passage.graph().edge_count();
        for e in passage.edges() {
            *self.edges_by_category.entry(e.edge.category).or_insert(0) += 1;
        }
        self.remote_edges += passage.remote_edges().count();
        if again == *passage {
            self.equal += 1;
        } else {
            self.unequal.push(path.to_path_buf());
        }
        Ok(())
    }

    /// Adds the counts of another report (e.g. per-folder reports into a total).
    pub fn absorb(&mut self, other: RoundTrip) {
        self.files += other.files;
        self.terminals += other.terminals;
        self.punctuation_terminals += other.punctuation_terminals;
        self.units += other.units;
        self.foundational_units += other.foundational_units;
        self.punctuation_units += other.punctuation_units;
        self.linkage_units += other.linkage_units;
        self.implicit_units += other.implicit_units;
        self.edges += other.edges;
        for (category, n) in other.edges_by_category {
            *self.edges_by_category.entry(category).or_insert(0) += n;
        }
        self.remote_edges += other.remote_edges;
        self.equal += other.equal;
        self.unequal.extend(other.unequal);
    }
}
