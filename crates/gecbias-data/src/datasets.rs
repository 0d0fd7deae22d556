//! The folders of the data directory that the project reads, named once so that tests, benches
//! and `cargo xtask` agree on them.

/// Folders holding UCCA standard XML passages (`*.xml`, searched recursively): the 26 human
/// annotations of the USim paper, the NUCLE essay passages (human and TUPA parses) and the 7,540
/// TUPA parses of JFLEG dev sentences.
pub const UCCA_XML_DIRS: [&str; 3] = [
    "usim_annotations",
    "assess_learner_language/data/xmls",
    "assess_learner_language/data/jfleg/dev/xmls",
];

/// The human UCCA annotations of the USim paper.
pub const USIM_ANNOTATIONS: &str = "usim_annotations";

/// The TUPA parses of the JFLEG dev set, one file per sentence.
pub const JFLEG_DEV_PARSES: &str = "assess_learner_language/data/jfleg/dev/xmls";

/// The CoNLL-2014 source, the NUCLE reference and the system outputs, one sentence per line.
pub const CONLL_PARAGRAPHS: &str = "assess_learner_language/data/paragraphs";

/// The current UnseenEst fingerprints and the authors' stored output histograms.
pub const UNSEEN_EST: &str = "assess_learner_language/unseenEst";

/// The UnseenEst fingerprints of commit fe3b392, which produced the stored Table-1 outputs.
pub const UNSEEN_EST_FE3B392: &str = "assess_learner_language/history/fe3b392/unseenEst";

/// The authors' stored results: coverage arrays (pickles), sampled M2 references.
pub const CALCULATIONS: &str = "assess_learner_language/calculations_data";

/// The CoNLL-2014 test set in M2 form (`official-2014.{0,1,combined}.m2`), without alternatives.
pub const CONLL_GOLD: &str = "assess_learner_language/data/conll14st-test-data/noalt";

/// Sentence-per-line references of the CoNLL-2014 test set (`NUCLEA`, `NUCLEB`, Bryant & Ng's
/// `BN1`–`BN10`) and its `source`.
pub const CONLL_REFERENCES: &str = "assess_learner_language/data/references";

/// TurkCorpus test (source `test.8turkers.tok.norm`, 8 references `test.8turkers.tok.turk.0–7`)
/// and the simplification system outputs of Xu et al. (2016) in `systemoutputs/`.
pub const TURKCORPUS: &str = "simplification_turkcorpus";

/// The NTS beam-12 hypotheses (`…_h1` … `…_h12`) of the TurkCorpus test sentences.
pub const NTS_KBEST: &str = "assess_learner_language/data/simplification/K-best/NTS_beam12_12hyp";

/// The file name of NTS hypothesis h (1…12) is this prefix followed by h.
pub const NTS_KBEST_PREFIX: &str = "result_NTS_epoch11_10.19.t7_12_h";

/// The order in which the authors' run listed the 12 NTS hypothesis files (`os.walk` order, not
/// beam order): inferred from their stored oracle reranks, whose every choice it reproduces
/// (LCB spec §10; `fig-simp-reranking`). It matters because ties go to the later hypothesis.
pub const NTS_KBEST_AUTHORS_ORDER: [usize; 12] = [1, 6, 5, 10, 12, 2, 8, 7, 9, 11, 3, 4];

/// TUPA parses of the NUCLE essays 2, 3, 5, 6, 7, 8 and 10 per paragraph: `ENNN.xml` (source) and
/// `E_correctedNNN.xml` (correction).
pub const NUCLE_PARAGRAPH_PARSES: &str = "assess_learner_language/data/xmls/uncombined";
