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

/// JFLEG dev: its sources (`dev.src`), four references (`dev.ref0` … `dev.ref3`) and five
/// corrector outputs (`mle_1.txt` … `mle_5.txt`), one sentence per line.
pub const JFLEG_DEV: &str = "assess_learner_language/data/jfleg/dev";

/// JFLEG dev's five corrector outputs (in [`JFLEG_DEV`]).
pub const JFLEG_DEV_OUTPUTS: [&str; 5] = [
    "mle_1.txt",
    "mle_2.txt",
    "mle_3.txt",
    "mle_4.txt",
    "mle_5.txt",
];

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

/// The UCCA English Wikipedia corpus v1.2 (`ucca_passage<ID>.xml`, 367 passages): the corpus
/// TUPA was trained and tested on. CC BY-SA 3.0.
pub const UCCA_WIKI: &str = "ucca_corpora/v1.2/wiki/xml";

/// The English *Twenty Thousand Leagues Under the Sea* UCCA corpus (`passage<ID>.xml`, 154
/// passages): the standard out-of-domain test set.
pub const UCCA_20K: &str = "ucca_corpora/v1.2/vmlslm/en";

/// Passages of the Wiki corpus in the ACL-2017 training split (the first 300 by numeric ID).
pub const UCCA_WIKI_TRAIN_PASSAGES: usize = 300;

/// Passages of the Wiki corpus in the ACL-2017 development split (the 34 after training).
pub const UCCA_WIKI_DEV_PASSAGES: usize = 34;

/// One part of the UCCA corpora as the parser's experiments use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum UccaSplit {
    /// Wiki passages 1–300 by numeric ID (IDs 20 … 676): 4,268 sentences.
    WikiTrain,
    /// Wiki passages 301–334 (IDs 688 … 808): 454 sentences.
    WikiDev,
    /// Wiki passages 335–367 (IDs 942 … 1028): 503 sentences.
    WikiTest,
    /// All of the English *20K Leagues* corpus: 506 sentences.
    TwentyK,
}

impl UccaSplit {
    /// The four parts, in the order reports list them.
    pub const ALL: [UccaSplit; 4] = [
        UccaSplit::WikiTrain,
        UccaSplit::WikiDev,
        UccaSplit::WikiTest,
        UccaSplit::TwentyK,
    ];

    /// A short name: `train`, `dev`, `test`, `20K`.
    pub fn name(self) -> &'static str {
        match self {
            UccaSplit::WikiTrain => "train",
            UccaSplit::WikiDev => "dev",
            UccaSplit::WikiTest => "test",
            UccaSplit::TwentyK => "20K",
        }
    }

    /// The part's passage files (relative to the data directory), in numeric ID order: the
    /// ACL-2017 split of the Wiki corpus (ucca-parser spec §1), or every 20K passage.
    pub fn files(self, data: &crate::DataDir) -> Result<Vec<String>, crate::Error> {
        let dir = match self {
            UccaSplit::TwentyK => UCCA_20K,
            _ => UCCA_WIKI,
        };
        let mut files = data.files_in(dir, ".xml")?;
        files.sort_by_key(|f| passage_number(f));
        let (train, dev) = (UCCA_WIKI_TRAIN_PASSAGES, UCCA_WIKI_DEV_PASSAGES);
        let range = match self {
            UccaSplit::WikiTrain => 0..train.min(files.len()),
            UccaSplit::WikiDev => train.min(files.len())..(train + dev).min(files.len()),
            UccaSplit::WikiTest => (train + dev).min(files.len())..files.len(),
            UccaSplit::TwentyK => 0..files.len(),
        };
        Ok(files[range].to_vec())
    }
}

/// EASSE's repository's data folder: its test sets (`test_sets/`) and system outputs
/// (`system_outputs/`).
pub const EASSE_DATA: &str = "easse/easse/resources/data";

/// A test set of EASSE's (`easse evaluate -t NAME`): its source file and reference files, relative
/// to the data folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EasseTestSet {
    /// EASSE's name (`turkcorpus_test`).
    pub name: &'static str,
    /// The source (complex) sentences.
    pub source: String,
    /// The reference files, line-aligned with the source.
    pub references: Vec<String>,
}

/// EASSE's test sets: name, source under `test_sets/`, references' stem, how many (a stem with
/// `{}` numbers them from `first`; one without is the one reference).
const EASSE_TEST_SETS: [(&str, &str, &str, usize, usize); 14] = [
    (
        "asset_test",
        "asset/asset.test.orig",
        "asset/asset.test.simp.{}",
        0,
        10,
    ),
    (
        "asset_valid",
        "asset/asset.valid.orig",
        "asset/asset.valid.simp.{}",
        0,
        10,
    ),
    (
        "turkcorpus_test",
        "turkcorpus/test.truecase.detok.orig",
        "turkcorpus/test.truecase.detok.simp.{}",
        0,
        8,
    ),
    (
        "turkcorpus_valid",
        "turkcorpus/tune.truecase.detok.orig",
        "turkcorpus/tune.truecase.detok.simp.{}",
        0,
        8,
    ),
    (
        "turkcorpus_test_legacy",
        "turkcorpus/legacy/test.8turkers.tok.norm",
        "turkcorpus/legacy/test.8turkers.tok.turk.{}",
        0,
        8,
    ),
    (
        "turkcorpus_valid_legacy",
        "turkcorpus/legacy/tune.8turkers.tok.norm",
        "turkcorpus/legacy/tune.8turkers.tok.turk.{}",
        0,
        8,
    ),
    (
        "pwkp_test",
        "pwkp/pwkp.test.orig",
        "pwkp/pwkp.test.simp",
        0,
        1,
    ),
    (
        "pwkp_valid",
        "pwkp/pwkp.valid.orig",
        "pwkp/pwkp.valid.simp",
        0,
        1,
    ),
    (
        "hsplit_test",
        "hsplit/hsplit.tok.src",
        "hsplit/hsplit.tok.{}",
        1,
        4,
    ),
    (
        "wikisplit_test",
        "wikisplit/wikisplit.test.untok.orig",
        "wikisplit/wikisplit.test.untok.split",
        0,
        1,
    ),
    (
        "wikisplit_valid",
        "wikisplit/wikisplit.valid.untok.orig",
        "wikisplit/wikisplit.valid.untok.split",
        0,
        1,
    ),
    (
        "googlecomp_test",
        "googlecomp/googlecomp.test.orig",
        "googlecomp/googlecomp.test.comp",
        0,
        1,
    ),
    (
        "googlecomp_valid",
        "googlecomp/googlecomp.valid.orig",
        "googlecomp/googlecomp.valid.comp",
        0,
        1,
    ),
    (
        "qats_test",
        "qats/qats.test.orig",
        "qats/qats.test.simp",
        0,
        1,
    ),
];

impl EasseTestSet {
    /// Every name EASSE knows but `custom` (which names its files itself).
    pub fn names() -> impl Iterator<Item = &'static str> {
        EASSE_TEST_SETS.iter().map(|t| t.0)
    }

    /// The test set EASSE calls `name`, or none.
    pub fn named(name: &str) -> Option<EasseTestSet> {
        let &(name, source, stem, first, count) = EASSE_TEST_SETS.iter().find(|t| t.0 == name)?;
        let path = |file: &str| format!("{EASSE_DATA}/test_sets/{file}");
        Some(EasseTestSet {
            name,
            source: path(source),
            references: (first..first + count)
                .map(|k| path(&stem.replace("{}", &k.to_string())))
                .collect(),
        })
    }
}

/// The number in a passage file name (`…/ucca_passage676.xml` → 676); files without one sort
/// first.
fn passage_number(file: &str) -> u64 {
    let name = file.rsplit('/').next().unwrap_or(file);
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::passage_number;

    #[test]
    fn passage_numbers_sort_numerically() {
        assert_eq!(passage_number("a/wiki/xml/ucca_passage676.xml"), 676);
        assert_eq!(passage_number("a/en/passage20.xml"), 20);
        assert_eq!(passage_number("x.xml"), 0);
        let mut files = vec!["p/ucca_passage100.xml", "p/ucca_passage20.xml"];
        files.sort_by_key(|f| passage_number(f));
        assert_eq!(files, ["p/ucca_passage20.xml", "p/ucca_passage100.xml"]);
    }
}
