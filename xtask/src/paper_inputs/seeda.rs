//! SEEDA's meta-evaluation inputs (Kobayashi, Mita & Komachi, TACL 2024): its systems, the
//! CoNLL-2014 gold and references its subset is scored against, and the files a meta-evaluation
//! on it reads.

use gecbias_data::datasets::{CONLL_GOLD, CONLL_REFERENCES};

/// SEEDA's 15 systems in its alphabetical order (the order of its score files).
pub(crate) const SYSTEMS: [&str; 15] = [
    "BART",
    "BERT-fuse",
    "GECToR-BERT",
    "GECToR-ens",
    "GPT-3.5",
    "INPUT",
    "LM-Critic",
    "PIE",
    "REF-F",
    "REF-M",
    "Riken-Tohoku",
    "T5",
    "TemplateGEC",
    "TransGEC",
    "UEDIN-MS",
];

/// The CoNLL-2014 gold SEEDA's outputs are scored against.
pub(crate) fn gold() -> String {
    format!("{CONLL_GOLD}/official-2014.combined.m2")
}

/// What a meta-evaluation on SEEDA reads: the sentence- and edit-level judgments, the gold, the
/// source and references, and the judged subset of every output.
pub(crate) fn judged_inputs() -> Vec<String> {
    let mut out = vec![
        "seeda/data/judgments_sent.xml".to_owned(),
        "seeda/data/judgments_edit.xml".to_owned(),
        gold(),
        format!("{CONLL_REFERENCES}/source"),
        format!("{CONLL_REFERENCES}/NUCLEA"),
        format!("{CONLL_REFERENCES}/NUCLEB"),
    ];
    out.extend(
        SYSTEMS
            .iter()
            .map(|s| format!("seeda/outputs/subset/{s}.txt")),
    );
    out
}
