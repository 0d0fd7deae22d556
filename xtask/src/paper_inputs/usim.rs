//! The USim paper's inputs: the human annotation files of Table 1's pairs, the NUCLE essays'
//! paragraph pairs, and the JFLEG outputs parsed sentence by sentence.

use gecbias_data::DataDir;
use gecbias_data::datasets::{NUCLE_PARAGRAPH_PARSES, USIM_ANNOTATIONS};
use usim::trials::{TABLE_1, nucle_paragraph_pairs};

/// The human annotation files of Table 1's pairs (also `usim-variants`' inputs).
pub(crate) fn annotation_files(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut names: Vec<&str> = TABLE_1
        .iter()
        .flat_map(|t| t.pairs.iter().flat_map(|(a, b)| [*a, *b]))
        .collect();
    names.sort_unstable();
    names.dedup();
    Ok(names
        .into_iter()
        .map(|n| format!("{USIM_ANNOTATIONS}/{n}.xml"))
        .collect())
}

pub(crate) const JFLEG_OUTPUTS: [&str; 9] = [
    "dev.ref0",
    "dev.ref1",
    "dev.ref2",
    "dev.ref3",
    "mle_1.txt",
    "mle_2.txt",
    "mle_3.txt",
    "mle_4.txt",
    "mle_5.txt",
];

pub(crate) const JFLEG_SENTENCES: usize = 754;

/// The source and correction files of one essay as the authors paired them.
pub(crate) fn essay_pairs(data: &DataDir, essay: &str) -> anyhow::Result<Vec<(String, String)>> {
    let files = data.files_in(NUCLE_PARAGRAPH_PARSES, ".xml")?;
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap_or(f))
        .collect();
    Ok(nucle_paragraph_pairs(essay, &names)
        .into_iter()
        .map(|(s, c)| (s.to_owned(), c.to_owned()))
        .collect())
}

pub(crate) fn jfleg_name(output: &str, index: usize) -> String {
    format!("{output}{index}.xml")
}
