//! The comparisons of the USim paper's Table 1 (and the 000 draft's Table 2): the pair lists of
//! the authors' `distance_main.py` over the human annotations (usim-goldens §2). File stems
//! (`tree1197` = `tree1197.xml`); the first of a pair is the source side.

/// A trial: its name as in Table 1 and its (first, second) annotation pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trial {
    /// `Different`, `Same` or `IAA`.
    pub name: &'static str,
    /// (first, second) file stems.
    pub pairs: &'static [(&'static str, &'static str)],
}

/// Table 1's rows, in its order: source and correction annotated by different annotators, by
/// the same annotator, and the same text by both annotators (inter-annotator agreement).
pub const TABLE_1: [Trial; 3] = [
    Trial {
        name: "Different",
        pairs: &[
            ("tree1197", "amittaic1297"),
            ("amittaic1197", "tree1297"),
            ("tree1198", "amittaic1298"),
            ("amittaic1198", "tree1298"),
            ("tree1200", "amittaic1300"),
            ("amittaic1200", "tree1300"),
        ],
    },
    Trial {
        name: "Same",
        pairs: &[
            ("tree1197", "tree1297"),
            ("tree1198", "tree1298"),
            ("tree1200", "tree1300"),
            ("tree1202", "tree1302"),
            ("amittaic1197", "amittaic1297"),
            ("amittaic1200", "amittaic1300"),
            ("amittaic1198", "amittaic1298"),
            ("amittaic1205", "amittaic1305"),
            ("amittaic1203", "amittaic1303"),
        ],
    },
    Trial {
        name: "IAA",
        pairs: &[
            ("amittaic1197", "tree1197"),
            ("amittaic1297", "tree1297"),
            ("amittaic1200", "tree1200"),
            ("amittaic1300", "tree1300"),
            ("amittaic1198", "tree1198"),
            ("amittaic1298", "tree1298"),
            ("amittaic1301", "tree1301"),
        ],
    },
];

/// The NUCLE essays whose paragraphs were parsed automatically (USim paper §4.3).
pub const NUCLE_ESSAYS: [&str; 7] = ["2", "3", "5", "6", "7", "8", "10"];

/// The source and correction paragraph files of one NUCLE essay among `files` (names like
/// `10003.xml` and `10_corrected003.xml`), paired by index as the authors' driver pairs them:
/// sorted, then zipped. Essays 2 and 3 have one corrected paragraph more than source
/// paragraphs, so the pairs after the inserted paragraph compare shifted paragraphs — as in the
/// authors' run.
pub fn nucle_paragraph_pairs<'f>(essay: &str, files: &[&'f str]) -> Vec<(&'f str, &'f str)> {
    let numbered = |prefix: &str| -> Vec<&'f str> {
        let mut out: Vec<&'f str> = files
            .iter()
            .copied()
            .filter(|n| {
                n.strip_prefix(prefix)
                    .and_then(|rest| rest.strip_suffix(".xml"))
                    .is_some_and(|d| d.len() == 3 && d.bytes().all(|b| b.is_ascii_digit()))
            })
            .collect();
        out.sort_unstable();
        out
    };
    let corrected = numbered(&format!("{essay}_corrected"));
    numbered(essay).into_iter().zip(corrected).collect()
}

/// The USim parameters of one environment of the reference code's golden tables (usim-goldens
/// §3): `generation` `REL` (as released) or `BR` (the 2017 branch), `munkres` `1.0.12` or an
/// earlier version (its tie-breaking), `comparable` `mainline` (units over several terminals) or
/// `branch` (every non-root unit); `None` for an unknown generation.
pub fn reference_environment(
    generation: &str,
    munkres: &str,
    comparable: &str,
) -> Option<crate::Params> {
    let mut params = match generation {
        "REL" => crate::Params::RELEASED,
        "BR" => crate::Params::BRANCH_2017,
        _ => return None,
    };
    params.comparable = if comparable == "mainline" {
        crate::Comparable::MultiTerminal
    } else {
        crate::Comparable::AnyNonRoot
    };
    params.ties = if munkres == "1.0.12" {
        mono_align::TieBreaking::Munkres112
    } else {
        mono_align::TieBreaking::Munkres108
    };
    Some(params)
}
