//! Where each folder of the research data comes from (the table of the data's own README, kept
//! here so `cargo xtask data` can print it even when the data is missing).

/// One folder of the data directory and its source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source {
    /// Folder relative to the data directory.
    pub folder: &'static str,
    /// What it holds.
    pub what: &'static str,
    /// Public repository and commit it was taken from.
    pub origin: &'static str,
}

/// The folders the project reads from, with their provenance.
pub const SOURCES: &[Source] = &[
    Source {
        folder: "usim_annotations/",
        what: "human UCCA annotations of NUCLE essays and corrections (USim paper)",
        origin: "borgr/USim @ f1dd283",
    },
    Source {
        folder: "assess_learner_language/data/xmls/",
        what: "UCCA passages of NUCLE essays (human and TUPA parses)",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/data/jfleg/dev/",
        what: "JFLEG dev: source, 4 references, 5 system outputs, TUPA parses of every line",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/data/conll14st-test-data/",
        what: "CoNLL-2014 test set (M2 gold, SGML)",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/data/paragraphs/",
        what: "CoNLL-2014 system outputs, source, reranking outputs",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/data/references/",
        what: "NUCLE A/B and Bryant & Ng's 10 references",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/batches/",
        what: "crowdsourced corrections (Mechanical Turk CSV)",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/unseenEst/",
        what: "UnseenEst fingerprints and estimated histograms",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/calculations_data/",
        what: "sampled M2 reference sets, perfect-system outputs, coverage arrays",
        origin: "borgr/assess_learner_language @ a16a3b8",
    },
    Source {
        folder: "assess_learner_language/history/",
        what: "older file versions that produced published numbers",
        origin: "borgr/assess_learner_language (commits named in the folder)",
    },
    Source {
        folder: "ucca_corpora/v1.2/wiki/xml/",
        what: "UCCA English Wikipedia corpus v1.2 (367 passages; CC BY-SA 3.0): the parser's data",
        origin: "huji-nlp/ucca-corpora @ v1.2 (e3f112f)",
    },
    Source {
        folder: "ucca_corpora/v1.2/vmlslm/en/",
        what: "UCCA English Twenty Thousand Leagues Under the Sea (154 passages): out-of-domain test",
        origin: "huji-nlp/ucca-corpora @ v1.2 (e3f112f)",
    },
    Source {
        folder: "simplification_turkcorpus/",
        what: "TurkCorpus test/tune and system outputs",
        origin: "cocoxu/simplification @ 4f6cac5 and @ 3557046",
    },
    Source {
        folder: "gjg15/data/",
        what: "GJG15's human rankings of the CoNLL-2014 submissions, the 13 outputs, their metric scores and scripts (no licence stated)",
        origin: "grammatical/evaluation @ 08cdad8",
    },
    Source {
        folder: "seeda/",
        what: "SEEDA: sentence- and edit-level human judgments of 15 CoNLL-2014 outputs, human scores, scripts (no licence stated)",
        origin: "tmu-nlp/SEEDA @ 0c6c07f",
    },
    Source {
        folder: "ud_english_ewt/",
        what: "UD English-EWT train/dev/test (the English tagger's training and evaluation data; CC BY-SA 4.0)",
        origin: "UniversalDependencies/UD_English-EWT @ 15d613d (train: its sources joined in the order of files.train)",
    },
    Source {
        folder: "easse/",
        what: "EASSE 0.2.4: its text-simplification test sets (ASSET, TurkCorpus, PWKP, …; CC BY-NC or CC BY-SA, never committed) and system outputs (code GPL-3.0, not used)",
        origin: "feralvam/easse @ 6a4352e",
    },
    Source {
        folder: "metaeval_simplification/",
        what: "Alva-Manchego, Scarton & Specia (2021): Simplicity-DA's rated outputs and the metrics' per-sentence values (iBLEU and FKBLEU are checked against them; CC BY-NC-SA 4.0, never committed)",
        origin: "feralvam/metaeval-simplification @ 7703c46",
    },
    Source {
        folder: "gmeg/",
        what: "GMEG (TACL 2019): GEC outputs, sources and 4 references of FCE and Wiki, mean ratings per sentence and system of FCE, Wiki and Yahoo (no licence file; never committed)",
        origin: "grammarly/GMEG @ 83be7cd",
    },
    Source {
        folder: "tmu_gfm/",
        what: "TMU-GFM (COLING 2020): 4,221 GEC outputs rated by 5 annotators for grammaticality, fluency and meaning (no licence file; never committed)",
        origin: "tmu-nlp/TMU-GFM-Dataset @ e22b355",
    },
    Source {
        folder: "asset/",
        what: "ASSET (ACL 2020): test and valid sets with 10 references and the human ratings of 100 system outputs (CC BY-NC 4.0, never committed)",
        origin: "facebookresearch/asset @ 9d65904",
    },
    Source {
        folder: "samsa/",
        what: "SAMSA (NAACL 2018): the authors' scoring code (GPL-3.0, not used) and human benchmark",
        origin: "eliorsulem/SAMSA @ c5de420",
    },
];
