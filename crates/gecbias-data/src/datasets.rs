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
