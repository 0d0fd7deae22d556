//! The map of the papers: one row for every table, figure, appendix table and quantitative claim
//! of the five papers, with the report that reproduces it and how far. `cargo xtask reproduce
//! --list` renders it to `docs/reproduction/README.md`; `--list --check` (and `reproduce all
//! --check`) fails if the committed map differs, names a report that does not exist, or leaves a
//! registered report unmapped.

use std::fmt::Write as _;

use anyhow::bail;

use crate::experiments;
use crate::workspace_root;

/// Which paper (or appendix) an item is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paper {
    /// Choshen & Abend, ACL 2018, "Inherent Biases in Reference-based Evaluation for GEC and TS"
    /// (`003`).
    Lcb,
    /// Its appendices (`conservatism_supplementary.tex`).
    LcbAppendix,
    /// Choshen & Abend, NAACL 2018, "Reference-less Measure of Faithfulness for GEC" (`001`, `002`).
    Usim,
    /// Its appendices (`uccasim_supplementary.tex`).
    UsimAppendix,
    /// The draft "Conservatism and Over-conservatism in GEC" (`000`).
    Draft000,
    /// The early draft "Improved Statistical Evaluation for GEC" (`004`).
    Draft004,
    /// Grundkiewicz, Junczys-Dowmunt & Gillian, EMNLP 2015: the human ranking of the CoNLL-2014
    /// systems that `meta-eval` is anchored on (not one of the five papers).
    Gjg15,
    /// Kobayashi, Mita & Komachi, TACL 2024 (SEEDA): human judgments of 15 CoNLL-2014 outputs,
    /// `meta-eval`'s second anchor (not one of the five papers).
    Seeda,
    /// Not a paper item: a check of the software the reports stand on.
    Software,
}

impl Paper {
    fn name(self) -> &'static str {
        match self {
            Paper::Lcb => "LCB (ACL 2018)",
            Paper::LcbAppendix => "LCB appendix",
            Paper::Usim => "USim (NAACL 2018)",
            Paper::UsimAppendix => "USim appendix",
            Paper::Draft000 => "000 draft",
            Paper::Draft004 => "004 draft (2017)",
            Paper::Gjg15 => "GJG15 (EMNLP 2015; meta-evaluation)",
            Paper::Seeda => "SEEDA (TACL 2024; meta-evaluation)",
            Paper::Software => "— (software)",
        }
    }

    /// Whether the item belongs to the five papers the map accounts for.
    fn of_the_five(self) -> bool {
        !matches!(self, Paper::Gjg15 | Paper::Seeda | Paper::Software)
    }
}

/// How far an item is reproduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Our numbers equal the paper's at its printed precision (or the claim holds as stated).
    Exact,
    /// Reproduced, with a difference the report states and explains.
    Difference,
    /// The paper gives no numbers (an empty table, a proposal): the report's numbers are ours.
    Ours,
    /// A derivation or definition, not a number: implemented and tested where named.
    Analytic,
    /// Cannot be reproduced from the public data or code; the note says what is missing.
    Unreachable,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Exact => "reproduced exactly",
            Status::Difference => "reproduced with a stated difference",
            Status::Ours => "ours (no paper numbers)",
            Status::Analytic => "analytic (implemented)",
            Status::Unreachable => "unreachable",
        }
    }
}

/// One row of the map.
struct Item {
    paper: Paper,
    /// The paper's label or section.
    label: &'static str,
    /// What the item is.
    what: &'static str,
    /// The reports (experiment ids) that reproduce it; empty only for analytic items.
    reports: &'static [&'static str],
    status: Status,
    /// The difference, the reason, or where the implementation lives.
    note: &'static str,
}

const fn item(
    paper: Paper,
    label: &'static str,
    what: &'static str,
    reports: &'static [&'static str],
    status: Status,
    note: &'static str,
) -> Item {
    Item {
        paper,
        label,
        what,
        reports,
        status,
        note,
    }
}

use Paper::{Draft000, Draft004, Gjg15, Lcb, LcbAppendix, Seeda, Software, Usim, UsimAppendix};
use Status::{Analytic, Difference, Exact, Ours, Unreachable};

const ITEMS: &[Item] = &[
    // The LCB paper.
    item(
        Lcb,
        "§2 setup",
        "NUCLE test: N = 1312 sentences, 136 needing no correction",
        &["fig-f-gleu"],
        Exact,
        "the perfect-system corpus keeps the 136 unchanged",
    ),
    item(
        Lcb,
        "§2.1",
        "crowd corrections of 52 short NUCLE sentences",
        &["table1"],
        Exact,
        "52 sources in the three batches",
    ),
    item(
        Lcb,
        "tab:corrections_dist (Table 1)",
        "UnseenEst: mean variants and mass above γ",
        &["table1"],
        Exact,
        "at the paper's two decimals, from the stored outputs and re-estimated",
    ),
    item(
        Lcb,
        "§2.1",
        "74.34 corrections hold 75 % of the mass",
        &["table1"],
        Exact,
        "",
    ),
    item(
        Lcb,
        "§2.1",
        "even the rarest corrections are judged valid 78 % of the time",
        &["validity"],
        Exact,
        "78.0 % (2043 / 2619)",
    ),
    item(
        Lcb,
        "eq:acc_def, eq:bias",
        "accuracy, the bias b_M and its decomposition",
        &[],
        Analytic,
        "coverage_sim::PerfectSystem, coverage::curve",
    ),
    item(
        Lcb,
        "fig:accuracy_vals",
        "accuracy and Exact Index Match of a perfect system vs M",
        &["fig-accuracy"],
        Difference,
        "from M = 2 within ±0.015 of the stored arrays; M = 1 sits 0.013–0.016 below them (their shared random stream)",
    ),
    item(
        Lcb,
        "§2.2",
        "accuracy only around 0.5 at M = 20",
        &["fig-accuracy"],
        Exact,
        "0.4862",
    ),
    item(
        Lcb,
        "§2.2",
        "the slope is 0.004 at M = 20",
        &["fig-accuracy"],
        Exact,
        "stored 0.0041",
    ),
    item(
        Lcb,
        "§2.2",
        "Exact Index Match 0.54 with M = 10",
        &["fig-accuracy"],
        Difference,
        "the value is the arrays' entry for M = 11: an off-by-one in the paper",
    ),
    item(
        Lcb,
        "§2.2",
        "without replacement: over 0.47 with M = 10",
        &["fig-accuracy"],
        Difference,
        "the entry for M = 11, as above",
    ),
    item(
        Lcb,
        "fig:F_Ms (F0.5)",
        "precision, recall, F0.5 of a perfect system vs M with BCa intervals",
        &["fig-f-gleu"],
        Exact,
        "points equal G9 to 5 decimals; every interval overlaps the authors'",
    ),
    item(
        Lcb,
        "§2.2",
        "F0.5 of the perfect system is only 0.42 with M = 2",
        &["fig-f-gleu", "fig-systems"],
        Exact,
        "0.41633",
    ),
    item(
        Lcb,
        "fig:F_Ms (GLEU)",
        "mean sentence GLEU of a perfect system vs M",
        &["fig-f-gleu"],
        Difference,
        "the authors' sampled reference lists are not public: our seeded simulation beside their midpoints",
    ),
    item(
        Lcb,
        "§2.2",
        "GLEU results about 2 % higher than M2's, similar saturation",
        &["fig-f-gleu"],
        Difference,
        "G10's GLEU midpoints stay at 0.456–0.469 for every M while F0.5 rises from 0.33 to 0.61: about equal near M = 2–3 only",
    ),
    item(
        Lcb,
        "fig:F_correctors",
        "F0.5 of the CoNLL-2014 systems at M = 2 with 95 % intervals",
        &["fig-systems"],
        Exact,
        "points equal G11 to 5 decimals; intervals beside the authors'",
    ),
    item(
        Lcb,
        "§2.3",
        "the best system is significantly better than all but the second",
        &["systems-significance"],
        Difference,
        "holds by the intervals' overlap; paired tests with Holm find JMGR better than RoRo too",
    ),
    item(
        Lcb,
        "§2.3",
        "RoRo and JMGR surpass a perfect system's F-score",
        &["fig-systems"],
        Exact,
        "significant in both paired tests",
    ),
    item(
        Lcb,
        "§2.3",
        "with GLEU the two systems are comparable or superior to humans",
        &["systems-significance"],
        Exact,
        "holds — and so does every system, the unchanged source included",
    ),
    item(
        Lcb,
        "§3.1",
        "the motivating analysis: when not correcting pays (reward inequalities)",
        &[],
        Analytic,
        "a derivation; its inputs (coverage, p_detect) are what the other reports measure",
    ),
    item(
        Lcb,
        "tab:nucle_example",
        "one sentence, the systems' and NUCLE's corrections",
        &["fig-conservatism"],
        Difference,
        "as the table, except that CAMB's identical change is omitted",
    ),
    item(
        Lcb,
        "fig:over-conservatism",
        "WordChange heat map, Spearman ρ ECDF, split/concat bars",
        &["fig-conservatism"],
        Difference,
        "15 of 16 rows identical to G6; NTHU's output file was edited after the run",
    ),
    item(
        Lcb,
        "§3.2",
        "36 reference sentences with 6 word changes; at most 5 by any system",
        &["fig-conservatism"],
        Difference,
        "36 holds; the most by a system is 3 (CAMB), not 5",
    ),
    item(
        Lcb,
        "§3.2",
        "similar trends on the Treebank of Learner English",
        &["tle-conservatism"],
        Exact,
        "TLE's references change more than every system on every measure",
    ),
    item(
        Lcb,
        "ta:oracle_expected_results",
        "when oracle reranking alters a substring e",
        &[],
        Analytic,
        "symbolic; coverage_sim::reranking implements the oracle",
    ),
    item(
        Lcb,
        "fig:reranking_word_change",
        "word changes of oracle-reranked RoRo outputs vs M",
        &["fig-reranking"],
        Difference,
        "every row equals G7, measured on the authors' reranked outputs: RoRo's 100-best list is not public",
    ),
    item(
        Lcb,
        "§3.3",
        "word changes increase with M",
        &["fig-reranking"],
        Exact,
        "927 unchanged sentences with one reference, 894 with all",
    ),
    item(
        Lcb,
        "§3.3",
        "no significant difference for word order",
        &["fig-reranking"],
        Exact,
        "two-proportion test, p = 0.93",
    ),
    item(
        Lcb,
        "§3.4 (by_types)",
        "under-correction ratio per ERRANT type, quartiles",
        &["type-undercorrection"],
        Difference,
        "rank agreement 0.96 with the paper for both typings; DET and NOUN change quarter (ERRANT 3.0.2 vs 2017)",
    ),
    item(
        Lcb,
        "§3.4",
        "type frequency vs ratio: ρ = −0.29, p = 0.16",
        &["type-undercorrection"],
        Difference,
        "ρ −0.40 (ERRANT 3.0.2), −0.39 (gecbias)",
    ),
    item(
        Lcb,
        "§5",
        "2500 crowd simplifications of 47 sentences",
        &["table4"],
        Exact,
        "",
    ),
    item(
        Lcb,
        "tab:simplifications_dist (Table 4)",
        "UnseenEst on the simplifications",
        &["table4"],
        Unreachable,
        "no committed fingerprint set yields the published row: it came from an uncommitted intermediate state",
    ),
    item(
        Lcb,
        "fig:SARI_Ms",
        "SARI, MAX-SARI and lucky SARI of a perfect simplifier vs M",
        &["fig-sari"],
        Exact,
        "every G12 midpoint inside our interval",
    ),
    item(
        Lcb,
        "§5",
        "SARI's coverage about 0.45, independent of M",
        &["fig-sari"],
        Exact,
        "≈ 0.46 at every M",
    ),
    item(
        Lcb,
        "§5",
        "NTS leaves 50 sentences unchanged with M = 1, 29 with M = 8",
        &["fig-simp-reranking"],
        Exact,
        "equals G13",
    ),
    // Its appendices.
    item(
        LcbAppendix,
        "ap:abbr",
        "the systems tested and their abbreviations",
        &["conll14-scores"],
        Exact,
        "all 15 outputs scored, equal to the reference tools",
    ),
    item(
        LcbAppendix,
        "ap:crowd",
        "52 sentences, 50 corrections each, 4 workers rejected, 4 sentences discarded",
        &["table1"],
        Difference,
        "5 workers had rejected assignments; the 48 files come from file-name collisions, not from discarding",
    ),
    item(
        LcbAppendix,
        "ap:crowd table",
        "the 50 corrections of one sentence",
        &["table1"],
        Difference,
        "49 of 50 rows verbatim; one answer is split over two lines in the data",
    ),
    item(
        LcbAppendix,
        "ap:crowd figure",
        "the correction task's template",
        &[],
        Unreachable,
        "a screenshot of the MTurk form: nothing to compute",
    ),
    item(
        LcbAppendix,
        "fig:validity_judgements",
        "validity per correction frequency",
        &["validity"],
        Exact,
        "rendered with Wilson intervals",
    ),
    item(
        LcbAppendix,
        "ap:poibin",
        "accuracy is Poisson-binomial; its density and tests",
        &["fig-accuracy", "variance"],
        Analytic,
        "coverage_sim::PoissonBinomial; bands of fig-accuracy, variance of `variance`",
    ),
    item(
        LcbAppendix,
        "ap:types table",
        "ratio per type (24 types)",
        &["type-undercorrection"],
        Difference,
        "beside ERRANT 3.0.2's and ours; ordering kept, digits differ",
    ),
    item(
        LcbAppendix,
        "ap:sari-assum",
        "SARI with multiple references is not monotone in M",
        &["fig-sari"],
        Analytic,
        "gec_metrics::sari; fig-sari shows SARI flat and lucky SARI falling with M",
    ),
    item(
        LcbAppendix,
        "ap:simp-rerank figure",
        "the simplification task's template",
        &[],
        Unreachable,
        "a screenshot of the MTurk form: nothing to compute",
    ),
    item(
        LcbAppendix,
        "ap:simp-rerank (NTS, MAX-SARI)",
        "unchanged sentences after reranking vs M",
        &["fig-simp-reranking"],
        Exact,
        "equals G13",
    ),
    item(
        LcbAppendix,
        "ap:simp-rerank (NTS, SARI)",
        "unchanged sentences after reranking vs M",
        &["fig-simp-reranking"],
        Exact,
        "equals G13",
    ),
    item(
        LcbAppendix,
        "ap:simp-rerank (Moses, SARI and MAX-SARI)",
        "unchanged sentences after reranking vs M",
        &["fig-simp-reranking"],
        Difference,
        "measured on the stored reranks: the Moses 100-best list is not public",
    ),
    // The USim paper.
    item(
        Usim,
        "Fig. 1",
        "worked example: precision 7/9, recall 7/7",
        &["usim-table1"],
        Difference,
        "rebuilt from the drawing: the caption's counts hold under the edge-based definition; the released code's unit-based USim gives 0.80 on it",
    ),
    item(
        Usim,
        "§3",
        "IAA DAG F-score and USim: definitions",
        &[],
        Analytic,
        "ucca_graph::dag_f1, usim::usim",
    ),
    item(
        Usim,
        "§4.2",
        "IAA DAG F 0.845 (P 0.834, R 0.857)",
        &["usim-table1"],
        Unreachable,
        "measured on an earlier annotation version; on the public one neither reading reaches it",
    ),
    item(
        Usim,
        "§4.2",
        "3 doubly annotated corrected passages: a similar IAA",
        &["usim-table1"],
        Difference,
        "computed on the public pairs; see the IAA section",
    ),
    item(
        Usim,
        "Table 1 (left)",
        "USim: Different, Same, IAA",
        &["usim-table1"],
        Unreachable,
        "not reachable from the public code and annotations (per-pair values equal the authors' code)",
    ),
    item(
        Usim,
        "Table 1 (right)",
        "DISTSIM A+D and Scene",
        &["usim-table1"],
        Difference,
        "at the printed precision except Different A+D (0.967 vs 0.96)",
    ),
    item(
        Usim,
        "Table 1 (SAR15 row)",
        "DISTSIM of English–French pairs (Sulem et al. 2015)",
        &[],
        Unreachable,
        "quoted from another paper; its data is not here",
    ),
    item(
        Usim,
        "§4.3",
        "automatic USim of references vs sources: 0.7",
        &["usim-nucle-auto"],
        Exact,
        "0.6971 on the stored TUPA parses",
    ),
    item(
        Usim,
        "§4.3",
        "the parser's reported 0.73 in-domain, 0.68 out-of-domain",
        &["ucca-parser", "usim-parser"],
        Difference,
        "TUPA's numbers; ours 0.660 / 0.613 (perceptron), 0.736 / 0.688 (BiLSTM)",
    ),
    item(
        Usim,
        "§4.4",
        "sensitivity to error types: the most penalised and rewarded",
        &["usim-error-types"],
        Difference,
        "on our parses (TUPA's are not public); ρ with the paper's column 0.04",
    ),
    item(
        Usim,
        "§4.5",
        "JFLEG: references 0.72–0.78, systems 0.32–0.39, the weakest 0.19",
        &["usim-jfleg"],
        Unreachable,
        "the 2018 parses are not public; the stored 2017 ones give 0.78–0.82 and 0.81–0.87",
    ),
    item(
        Usim,
        "§4.5",
        "example: reference 0.71, corrector 0.33",
        &["usim-jfleg"],
        Unreachable,
        "same parses as above; the stored ones' values are in the report",
    ),
    item(
        UsimAppendix,
        "tab:annotated-paragraphs",
        "the 20 annotated paragraphs",
        &["usim-table1"],
        Difference,
        "matched exactly, with its learner/corrected labels swapped against the driver's pairs",
    ),
    item(
        UsimAppendix,
        "tab:MAEGE (occurrences)",
        "edits per NUCLE type under MAEGE's filter",
        &["usim-error-types"],
        Exact,
        "all 27 types",
    ),
    item(
        UsimAppendix,
        "tab:MAEGE (average change)",
        "mean change of USim per edit type",
        &["usim-error-types"],
        Difference,
        "on our parses; TUPA's are not public",
    ),
    // The 000 draft.
    item(
        Draft000,
        "Fig. 1",
        "WordChange, ρ, split/concat of systems and NUCLE",
        &["fig-conservatism"],
        Difference,
        "as the LCB figure",
    ),
    item(
        Draft000,
        "§2",
        "44 reference sentences with 5 word changes; at most 11 by a system",
        &["fig-conservatism"],
        Difference,
        "45 and 11",
    ),
    item(
        Draft000,
        "§2",
        "the Treebank of Learner English gives similar results",
        &["tle-conservatism"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "Table 1",
        "UnseenEst: variants and mass above γ",
        &["table1"],
        Exact,
        "as the LCB Table 1",
    ),
    item(
        Draft000,
        "§3.3",
        "58 % of the mass in corrections of probability ≥ 0.01",
        &["table1"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "Fig. 2",
        "accuracy and Exact Index Match vs M",
        &["fig-accuracy"],
        Difference,
        "as the LCB figure",
    ),
    item(
        Draft000,
        "§3.4",
        "Exact Index Match no less than 0.5 with M = 5",
        &["fig-accuracy"],
        Difference,
        "not supported: 0.438 (0.475 without replacement)",
    ),
    item(
        Draft000,
        "§3.4",
        "without replacement: faster increase",
        &["fig-accuracy"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "§3.4",
        "index match without replacement above 0.7 at M = 20",
        &["fig-accuracy"],
        Exact,
        "0.709",
    ),
    item(
        Draft000,
        "Fig. 3",
        "F0.5 of a perfect corrector vs M",
        &["fig-f-gleu"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "§3.4",
        "F0.5 only 0.42 with M = 2",
        &["fig-f-gleu"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "Fig. 4",
        "F0.5 of the correctors with 95 % intervals",
        &["fig-systems"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "§3.5",
        "best better than second; second not better than third and fourth",
        &["systems-significance"],
        Difference,
        "on the LCB set the paired tests find the second better than both",
    ),
    item(
        Draft000,
        "§3.6",
        "coverage below 0.5 for M = 2",
        &["fig-accuracy"],
        Exact,
        "0.225",
    ),
    item(
        Draft000,
        "§3.6",
        "RoRo surpasses a perfect corrector",
        &["fig-systems"],
        Exact,
        "",
    ),
    item(
        Draft000,
        "§3.1",
        "the motivating analysis (condition 1)",
        &[],
        Analytic,
        "as the LCB §3.1",
    ),
    item(
        Draft000,
        "§4.4",
        "IAA DAG F 0.845",
        &["usim-table1"],
        Unreachable,
        "as the USim paper",
    ),
    item(
        Draft000,
        "Table 2",
        "UCCASim and DISTSIM (= USim Table 1)",
        &["usim-table1"],
        Unreachable,
        "USim side as the USim paper; DISTSIM side reproduced but for Different A+D",
    ),
    // The 004 draft.
    item(
        Draft004,
        "§2",
        "IAA 0.845 (P 0.834, R 0.857)",
        &["usim-table1"],
        Unreachable,
        "as the USim paper",
    ),
    item(
        Draft004,
        "§2",
        "IAA 0.849 over 2 corrected paragraphs",
        &["usim-table1"],
        Exact,
        "0.8487 on amittaic1298/tree1298 with the evaluator's normalisation",
    ),
    item(
        Draft004,
        "subsec:Similarity-measures",
        "all-to-all, largest cut, token analysis, tree edit distance",
        &["usim-variants"],
        Analytic,
        "usim::variants, usim::tree_edit, equal to the authors' code",
    ),
    item(
        Draft004,
        "tab:Distances",
        "the measures on Different, Same and IAA pairs",
        &["usim-variants"],
        Ours,
        "the draft's table is an empty template",
    ),
    item(
        Draft004,
        "tab:Token_analysis",
        "token analysis under three mappings",
        &["usim-variants"],
        Ours,
        "the draft's table is an empty template",
    ),
    item(
        Draft004,
        "fig:split",
        "sentences split and concatenated",
        &["fig-conservatism"],
        Difference,
        "as the LCB figure",
    ),
    item(
        Draft004,
        "fig:rho",
        "Spearman ρ by system",
        &["fig-conservatism"],
        Difference,
        "as the LCB figure",
    ),
    item(
        Draft004,
        "fig:words_changed",
        "sentences per number of words changed",
        &["fig-conservatism"],
        Difference,
        "as the LCB figure",
    ),
    item(
        Draft004,
        "§3",
        "the measures on the Treebank of Learner English",
        &["tle-conservatism"],
        Ours,
        "the draft gives no numbers",
    ),
    item(
        Draft004,
        "fig:accuracy_vals",
        "mean accuracy of perfect systems vs M",
        &["fig-accuracy"],
        Difference,
        "as the LCB figure",
    ),
    item(
        Draft004,
        "fig:F_Ms",
        "F-score vs the size of the gold standard",
        &["fig-f-gleu"],
        Exact,
        "the figure is empty in the draft; the LCB one is reproduced",
    ),
    item(
        Draft004,
        "fig:F_systems",
        "F-score of systems with intervals",
        &["fig-systems", "systems-significance"],
        Exact,
        "the figure is empty in the draft; the LCB one is reproduced",
    ),
    item(
        Draft004,
        "§5 (significance and variation)",
        "Var(Acc) = Σp(1 − p)/N²; its dependence on N and M",
        &["variance"],
        Ours,
        "the draft gives the formula, no numbers",
    ),
    item(
        Draft004,
        "§5",
        "variance falls as p moves from 0.5, from some M on",
        &["variance"],
        Difference,
        "mean coverage stays under 0.5 up to M = 20, so the variance still rises there",
    ),
    item(
        Draft004,
        "§5",
        "BCa intervals of F0.5 over N and M",
        &["variance", "fig-systems"],
        Ours,
        "the draft's figures are empty",
    ),
    // The human-judgment anchors of `meta-eval`.
    item(
        Gjg15,
        "Table 3",
        "human ranking of the 13 CoNLL-2014 outputs by Expected Wins",
        &["meta-eval-gjg15"],
        Exact,
        "equals their EW.pl at 4 decimals; their bootstrap-mean procedure at 3",
    ),
    item(
        Gjg15,
        "Table 5",
        "system-level ρ and r of M2 (β 1, 0.5, 0.25, 0.18), I-WAcc, BLEU, METEOR",
        &["meta-eval-gjg15"],
        Difference,
        "every ρ exact; r exact on 4 of 7 rows, ±0.001 on 3 (their unseeded bootstrap means); gecbias's own M2 differs: their gold was another release",
    ),
    item(
        Seeda,
        "corr_system.py",
        "system-level r and ρ of M2, ERRANT, GLEU against its human scores, four system sets",
        &["meta-eval-seeda"],
        Exact,
        "",
    ),
    item(
        Seeda,
        "corr_sentence.py",
        "sentence-level pairwise accuracy and Kendall's τ of M2, ERRANT, GLEU",
        &["meta-eval-seeda"],
        Exact,
        "",
    ),
    item(
        Seeda,
        "scores/human",
        "Expected Wins and TrueSkill from its sentence and edit judgments",
        &["meta-eval-seeda"],
        Difference,
        "EW: 13 and 10 of 15 equal at 3 decimals, the others 0.001 off (their unseeded bootstrap means); TrueSkill within 0.004 (their unseeded runs)",
    ),
    item(
        Seeda,
        "README",
        "M2 and GLEU of the 15 outputs on the whole test set",
        &["meta-eval-seeda"],
        Difference,
        "M2 exact; GLEU 8 of 15 exact, the others 0.01 off (compute_gleu's random reference draws)",
    ),
    // Our own checks of the software, beside the papers.
    item(
        Software,
        "check",
        "every UCCA XML file reads back equal",
        &["ucca-roundtrip"],
        Exact,
        "the data layer's round trip",
    ),
    item(
        Software,
        "check",
        "the parser's oracle replays every gold graph",
        &["ucca-oracle"],
        Exact,
        "the parser's transition system",
    ),
    item(
        Software,
        "check",
        "the English tagger against UD EWT and spaCy",
        &["en-tagger"],
        Ours,
        "the analysis ERRANT reads",
    ),
    item(
        Software,
        "check",
        "ERRANT natively, against ERRANT 3.0.2",
        &["errant"],
        Ours,
        "the typing behind the LCB §3.4",
    ),
    item(
        Software,
        "check",
        "M2, GLEU, ERRANT, SARI against the reference tools",
        &["conll14-scores"],
        Exact,
        "the scorers' fidelity",
    ),
];

/// The map as markdown.
fn render() -> String {
    let mut md = String::from(
        "# Reproduction map\n\n<!-- Generated by `cargo xtask reproduce --list`; CI fails if this file differs from \
         what the code produces. -->\n\n",
    );
    let count = |s: Status| ITEMS.iter().filter(|i| i.status == s).count();
    let papers = ITEMS.iter().filter(|i| i.paper.of_the_five()).count();
    let _ = writeln!(
        md,
        "Every table, figure, appendix table and quantitative claim of the five papers, with the report that reproduces \
         it (`cargo xtask reproduce <id>`, `docs/reproduction/<id>.md`). {papers} paper items: {} reproduced exactly, \
         {} with a stated difference, {} ours where the paper gives no numbers, {} analytic, {} unreachable; {} rows \
         more map the software checks and the human-judgment anchors of `meta-eval`. The papers: LCB = Choshen & Abend, ACL 2018 (`003`, appendices in \
         `conservatism_supplementary.tex`); USim = Choshen & Abend, NAACL 2018 (`001`/`002`, appendices in \
         `uccasim_supplementary.tex`); the 000 draft (\"Conservatism and Over-conservatism in GEC\"); the 004 draft \
         (\"Improved Statistical Evaluation for GEC\", 2017).\n",
        count(Exact) - software(Exact),
        count(Difference) - software(Difference),
        count(Ours) - software(Ours),
        count(Analytic) - software(Analytic),
        count(Unreachable) - software(Unreachable),
        ITEMS.len() - papers
    );
    let _ = writeln!(
        md,
        "| paper | item | what | report | status | note |\n|---|---|---|---|---|---|"
    );
    for i in ITEMS {
        let reports = if i.reports.is_empty() {
            "—".to_owned()
        } else {
            i.reports
                .iter()
                .map(|r| format!("[{r}]({r}.md)"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {reports} | {} | {} |",
            i.paper.name(),
            i.label,
            i.what,
            i.status.name(),
            i.note
        );
    }
    md
}

fn software(s: Status) -> usize {
    ITEMS
        .iter()
        .filter(|i| !i.paper.of_the_five() && i.status == s)
        .count()
}

/// The map's own invariants: every report it names exists, every registered report is named,
/// and every row that is not exact says why.
fn validate() -> anyhow::Result<()> {
    let known: Vec<&str> = experiments::ALL.iter().map(|e| e.id).collect();
    let mut problems = Vec::new();
    for i in ITEMS {
        for r in i.reports {
            if !known.contains(r) {
                problems.push(format!("{} {}: no report {r:?}", i.paper.name(), i.label));
            }
        }
        let needs_note = !matches!(i.status, Status::Exact);
        if needs_note && i.note.is_empty() {
            problems.push(format!(
                "{} {}: status {} without a note",
                i.paper.name(),
                i.label,
                i.status.name()
            ));
        }
        if i.reports.is_empty() && !matches!(i.status, Status::Analytic | Status::Unreachable) {
            problems.push(format!("{} {}: no report", i.paper.name(), i.label));
        }
    }
    for id in &known {
        if !ITEMS.iter().any(|i| i.reports.contains(id)) {
            problems.push(format!("report {id} is on no row of the map"));
        }
    }
    if !problems.is_empty() {
        bail!(
            "the reproduction map is inconsistent:\n  {}",
            problems.join("\n  ")
        );
    }
    Ok(())
}

/// The sentence the project README must carry, so that what it says of coverage is what the map
/// says.
fn readme_sentence() -> String {
    let paper = |s: Status| {
        ITEMS
            .iter()
            .filter(|i| i.paper.of_the_five() && i.status == s)
            .count()
    };
    format!(
        "accounts for all {} tables, figures, appendix tables and quantitative claims of the five papers: {} \
         reproduced exactly, {} with a stated difference, {} where the paper gives no numbers (ours), {} analytic \
         (implemented, nothing to compute) and {} unreachable from the public data",
        ITEMS.iter().filter(|i| i.paper.of_the_five()).count(),
        paper(Exact),
        paper(Difference),
        paper(Ours),
        paper(Analytic),
        paper(Unreachable)
    )
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes the map to `docs/reproduction/README.md`, or with `check` compares it; either way the
/// project README's coverage sentence must match the map.
pub(crate) fn run(check: bool) -> anyhow::Result<()> {
    validate()?;
    let readme = std::fs::read_to_string(workspace_root().join("README.md"))?;
    let sentence = readme_sentence();
    if !words(&readme).contains(&words(&sentence)) {
        bail!("README.md must say what the reproduction map says: \"… {sentence} …\"");
    }
    let path = workspace_root().join("docs/reproduction/README.md");
    let markdown = render();
    if check {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != markdown {
            bail!(
                "{} differs from the map in xtask/src/paper_map.rs: run `cargo xtask reproduce --list` and commit it",
                path.display()
            );
        }
        eprintln!("reproduction map: up to date ({} rows)", ITEMS.len());
    } else {
        std::fs::write(&path, &markdown)?;
        eprintln!(
            "reproduction map: wrote {} ({} rows)",
            path.display(),
            ITEMS.len()
        );
    }
    Ok(())
}
