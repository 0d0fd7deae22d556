//! Where the numbers in the reports come from, in words a reader can follow: the reports cite the
//! specs' short labels (lcb-goldens G11, metric-goldens §a, …), and every report ends with what
//! each label it uses stands for — the paper, the tool or the authors' files, and the commit.

/// (label, what it stands for). Longer labels come before their prefixes ("G11" before "G1").
const SOURCES: [(&str, &str); 26] = [
    (
        "G10",
        "the GLEU panel of the LCB paper's Fig. 4: the authors' interval midpoints of mean sentence GLEU of the perfect system (borgr/assess_learner_language @ a16a3b8)",
    ),
    (
        "G11",
        "the LCB paper's Fig. 3: the authors' stored F0.5 point estimates and BCa intervals of the CoNLL-2014 systems at M = 2, scored with their Release-3.2 copy of m2scorer (borgr/assess_learner_language @ 5e017f5)",
    ),
    (
        "G12",
        "the LCB paper's simplification figure: the authors' plotted SARI, MAX-SARI and lucky SARI of the perfect simplification system against M",
    ),
    (
        "G13",
        "the LCB paper's simplification oracle-reranking figure: the authors' stored counts of unchanged sentences (NTS 12-best)",
    ),
    (
        "G14",
        "what the authors' files do not allow to reproduce (listed in the report)",
    ),
    (
        "G1",
        "the LCB paper's Table 1, recomputed from the authors' stored UnseenEst outputs (borgr/assess_learner_language @ a16a3b8, `unseenEst/`)",
    ),
    (
        "G2",
        "the authors' fingerprints of the crowd batches (borgr/assess_learner_language @ a16a3b8, `unseenEst/` and `batches/`)",
    ),
    ("G3", "the LCB paper's Table 4 (simplification), as printed"),
    (
        "G4",
        "the LCB paper's Fig. 2: the authors' stored simulation of expected accuracy against M (`calculations_data/`)",
    ),
    (
        "G5",
        "the authors' stored per-sentence coverage probabilities and their Poisson-binomial distribution",
    ),
    (
        "G6",
        "the LCB paper's §3.2 conservatism figures, from the authors' analysis code and outputs (borgr/assess_learner_language @ a16a3b8)",
    ),
    (
        "G7",
        "the LCB paper's oracle-reranking figure: the authors' stored WordChange histograms of the reranked CoNLL-2014 outputs",
    ),
    (
        "G8",
        "the authors' conversion of crowd corrections into M2 references",
    ),
    (
        "G9",
        "the LCB paper's Fig. 4: the authors' stored F0.5 point estimates and intervals of the perfect system against M (borgr/assess_learner_language @ 5e017f5)",
    ),
    (
        "lcb-goldens",
        "the numbers recorded from the LCB paper (Choshen & Abend, ACL 2018) and from the authors' files (borgr/assess_learner_language @ a16a3b8), labelled G1–G14 here",
    ),
    (
        "lcb-pipeline",
        "our account of the authors' analysis code (borgr/assess_learner_language @ a16a3b8), step by step",
    ),
    (
        "metric-goldens §a",
        "nusnlp/m2scorer (HEAD, Python 2.7), run by us on the same files, counts and scores recorded",
    ),
    (
        "metric-goldens §b",
        "cnap/gec-ranking's compute_gleu (Python 2.7, 500 iterations), run by us on the same files",
    ),
    (
        "metric-goldens §c",
        "SARI.py (cocoxu/simplification) and EASSE's corpus_sari, run by us on TurkCorpus",
    ),
    (
        "metric-goldens §d",
        "a reference Poisson-binomial implementation (Hong 2013's DFT-CF), run by us",
    ),
    (
        "metric-goldens §e",
        "scikits.bootstrap 1.1.1's BCa interval, run by us",
    ),
    (
        "metric-goldens §f",
        "ERRANT 3.0.2's errant_compare, run by us on the two CoNLL-2014 annotators",
    ),
    (
        "usim-goldens",
        "the USim reference code (borgr/USim @ f1dd283, with the `ucca` and `munkres` versions it names), run by us on the same passages",
    ),
    (
        "usim-spec",
        "our account of the USim reference code (borgr/USim @ f1dd283)",
    ),
    (
        "unseenest-spec",
        "our account of Zou et al.'s UnseenEst as the authors ran it (borgr/unseenest)",
    ),
    (
        "ucca-parser spec",
        "TUPA's published configuration and scores (Hershcovich et al., ACL 2017; SemEval 2019 Task 1)",
    ),
];

/// Whether `label` occurs in `text` as a whole word (not as the start of a longer label).
fn mentions(text: &str, label: &str) -> bool {
    text.match_indices(label).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + label.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        boundary(before) && boundary(after)
    })
}

/// The "Where the numbers come from" section for a report body: one line per label it cites,
/// or nothing when it cites none.
pub(crate) fn section(body: &str) -> String {
    let lines: Vec<String> = SOURCES
        .iter()
        .filter(|(label, _)| mentions(body, label))
        .map(|(label, words)| format!("* **{label}** — {words}."))
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!(
        "\n\n## Where the numbers come from\n\n{}\n",
        lines.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_whole_words() {
        assert!(mentions("as G11 says", "G11"));
        assert!(!mentions("as G11 says", "G1"));
        assert!(mentions("(lcb-goldens G1)", "G1"));
        assert!(mentions("metric-goldens §a.1", "metric-goldens §a"));
        let s = section("G9 and metric-goldens §b.");
        assert!(s.contains("**G9**") && s.contains("compute_gleu") && !s.contains("**G1**"));
        assert_eq!(section("no labels here"), "");
    }
}
