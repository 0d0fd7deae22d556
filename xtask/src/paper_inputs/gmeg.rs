//! GMEG's test split as the reports read it.

/// The files of a GMEG test domain (`fce`, `wiki`) that its rating set reads: the sentence
/// scores, the source, the four references and the six systems' outputs.
pub(crate) fn test_files(domain: &str) -> Vec<String> {
    let mut files = vec![format!("gmeg/data/test/{domain}-segment-scores.csv")];
    let texts = [
        "source",
        "ref0",
        "ref1",
        "ref2",
        "ref3",
        "amu",
        "lstm",
        "lstm-r",
        "marian",
        "nus",
        "transformer",
    ];
    files.extend(texts.map(|t| format!("gmeg/data/test/{domain}/{t}")));
    files
}
