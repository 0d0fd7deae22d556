//! EASSE's test sets as EASSE reads them (each line stripped): what the simplification reports
//! share.

use anyhow::Context;
use bleu_chrf::python_str::python_strip;
use gec_metrics::read_lines;
use gecbias_data::DataDir;
use gecbias_data::datasets::EasseTestSet;

/// A file's lines as EASSE's `read_lines` gives them: each stripped.
pub(crate) fn easse_lines(data: &DataDir, file: &str) -> anyhow::Result<Vec<String>> {
    Ok(read_lines(data.join(file))?
        .iter()
        .map(|l| python_strip(l).to_owned())
        .collect())
}

/// A test set's sources and reference streams.
pub(crate) type TestSet = (Vec<String>, Vec<Vec<String>>);

pub(crate) fn test_set(data: &DataDir, name: &str) -> anyhow::Result<TestSet> {
    let set = EasseTestSet::named(name).with_context(|| format!("test set {name}"))?;
    let streams = set
        .references
        .iter()
        .map(|r| easse_lines(data, r))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((easse_lines(data, &set.source)?, streams))
}

/// The reference sets of the simplification meta-evaluation (Alva-Manchego et al. 2021) by its
/// names: `asset`, `turk`, `hsplit` (each test set's sources and references) and `all` (ASSET's
/// sources against all 22 references).
pub(crate) fn study_sets(
    data: &DataDir,
) -> anyhow::Result<std::collections::BTreeMap<&'static str, TestSet>> {
    let (asset, turk, hsplit) = (
        test_set(data, "asset_test")?,
        test_set(data, "turkcorpus_test")?,
        test_set(data, "hsplit_test")?,
    );
    let all: Vec<Vec<String>> = [&asset.1, &turk.1, &hsplit.1]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let all = (asset.0.clone(), all);
    Ok([
        ("asset", asset),
        ("turk", turk),
        ("hsplit", hsplit),
        ("all", all),
    ]
    .into())
}
