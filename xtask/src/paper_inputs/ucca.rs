//! The UCCA corpora every parser experiment reads.

use gecbias_data::DataDir;
use gecbias_data::datasets::UccaSplit;

/// Every passage file of the UCCA corpora (Wiki in its three parts, then 20K).
pub(crate) fn corpus_files(data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for split in UccaSplit::ALL {
        out.extend(split.files(data)?);
    }
    Ok(out)
}
