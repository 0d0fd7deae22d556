//! The UCCA corpora every parser experiment reads.

use gecbias_data::DataDir;
use gecbias_data::datasets::UccaSplit;
use ucca_graph::dag_f1::{DagF1, Score};

/// Every passage file of the UCCA corpora (Wiki in its three parts, then 20K).
pub(crate) fn corpus_files(data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for split in UccaSplit::ALL {
        out.extend(split.files(data)?);
    }
    Ok(out)
}

/// The columns in which every parser table shows an evaluation's labeled F1 (primary, remote,
/// average; the first three after the 2017 normalisation).
pub(crate) const LF_COLUMNS: [&str; 5] = [
    "primary LF",
    "remote LF",
    "average LF",
    "primary LF (no normalisation)",
    "remote LF (no normalisation)",
];

/// The cells under [`LF_COLUMNS`] of an evaluation with and without the normalisation.
pub(crate) fn lf_cells(normalised: &DagF1, unnormalised: &DagF1) -> [String; 5] {
    [
        normalised.primary,
        normalised.remote,
        normalised.total(),
        unnormalised.primary,
        unnormalised.remote,
    ]
    .map(f)
}

/// F1 to four places.
pub(crate) fn f(s: Score) -> String {
    format!("{:.4}", s.f1())
}
