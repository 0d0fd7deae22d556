//! The data directory holds exactly the files, byte for byte, that `xtask/data-manifest.tsv`
//! records — the files the goldens in `../shared/specs` were computed on.

use gecbias_data::Manifest;
use gecbias_data::location::workspace_root;
use gecbias_data::testing::data_or_skip;

#[test]
fn the_data_matches_the_committed_manifest() {
    let manifest = Manifest::read(workspace_root().join("xtask/data-manifest.tsv")).unwrap();
    assert!(
        manifest.entries().len() >= 7917,
        "the manifest lists every UCCA XML file at least"
    );
    let Some(data) = data_or_skip("data manifest verification") else {
        return;
    };
    let report = manifest.verify(&data);
    assert!(
        report.missing.is_empty(),
        "missing from {}: {:?}",
        data.root().display(),
        report.missing
    );
    let changed: Vec<&str> = report
        .changed
        .iter()
        .map(|c| c.expected.path.as_str())
        .collect();
    assert!(
        changed.is_empty(),
        "changed in {}: {changed:?}",
        data.root().display()
    );
    assert_eq!(report.matching, manifest.entries().len());
}
