//! The CoNLL-2014 shared task as the LCB experiments score it: the systems and their output
//! files, the authors' published numbers (G11) and intervals, the seed of every resampling, and
//! M2 scoring with the authors' options.

use corpus_resampling::{Confidence, ScoreInterval, confidence_interval};
use gec_metrics::m2_gold::SystemM2;
use gec_metrics::{M2Gold, M2Options};
use gecbias_data::DataDir;

/// (label, file in the paragraphs folder): the 13 CoNLL-2014 outputs of the data and RoRo.
pub(crate) const SYSTEMS: [(&str, &str); 14] = [
    ("AMU", "AMU"),
    ("CAMB", "CAMB"),
    ("CUUI", "CUUI"),
    ("IITB", "IITB"),
    ("IPN", "IPN"),
    ("JMGR", "JMGR"),
    ("NTHU", "NTHU"),
    ("PKU", "PKU"),
    ("POST", "POST"),
    ("RAC", "RAC"),
    ("SJTU", "SJTU"),
    ("UFC", "UFC"),
    ("UMC", "UMC"),
    ("RoRo", "conll14st.output.1cleaned"),
];

/// Xie et al.'s character-level system, scored in the LCB paper's Fig. 3 (G11) only.
pub(crate) const CHAR: (&str, &str) = ("char", "filtered_test.txt");

/// The output file (in the paragraphs folder) of a system label of [`SYSTEMS`] or `char`.
pub(crate) fn system_file(label: &str) -> Option<&'static str> {
    SYSTEMS
        .iter()
        .chain([&CHAR])
        .find(|(l, _)| *l == label)
        .map(|(_, f)| *f)
}

/// lcb-goldens G11: (label, P, R, F0.5) to 5 decimals, `ignore_whitespace_casing`, Release 3.2.
pub(crate) const G11: [(&str, f64, f64, f64); 15] = [
    ("RoRo", 0.58391, 0.24325, 0.45615),
    ("JMGR", 0.61553, 0.27740, 0.49489),
    ("char", 0.50557, 0.23421, 0.41045),
    ("AMU", 0.41557, 0.21356, 0.34946),
    ("CUUI", 0.41087, 0.24219, 0.36064),
    ("IITB", 0.31111, 0.01393, 0.05907),
    ("IPN", 0.12008, 0.02811, 0.07259),
    ("NTHU", 0.34831, 0.18563, 0.29637),
    ("PKU", 0.32207, 0.13628, 0.25307),
    ("POST", 0.34343, 0.20905, 0.30431),
    ("RAC", 0.37037, 0.14128, 0.27967),
    ("SJTU", 0.30114, 0.05096, 0.15195),
    ("UFC", 0.70000, 0.01722, 0.07841),
    ("UMC", 0.31094, 0.14273, 0.25163),
    ("CAMB", 0.39575, 0.29898, 0.37169),
];

/// The authors' run of the perfect system (commit 5e017f5: the files behind the stored intervals).
pub(crate) const PERFECT_DIR: &str = "assess_learner_language/history/5e017f5/calculations_data";

/// The seed of every resampling of the LCB experiments.
pub(crate) const SEED: u64 = 2018;

/// lcb-goldens G11: the authors' stored intervals (label, low F0.5, high F0.5); the point
/// estimates are [`G11`]'s.
pub(crate) const AUTHORS_INTERVALS: [(&str, f64, f64); 15] = [
    ("RoRo", 0.431425, 0.479210),
    ("JMGR", 0.476881, 0.521966),
    ("char", 0.389670, 0.436722),
    ("AMU", 0.326522, 0.370826),
    ("CUUI", 0.342832, 0.380548),
    ("IITB", 0.040071, 0.081608),
    ("IPN", 0.057383, 0.091471),
    ("NTHU", 0.276331, 0.317993),
    ("PKU", 0.232597, 0.276194),
    ("POST", 0.284837, 0.323968),
    ("RAC", 0.256706, 0.305125),
    ("SJTU", 0.125392, 0.178784),
    ("UFC", 0.055840, 0.104034),
    ("UMC", 0.232349, 0.274230),
    ("CAMB", 0.353839, 0.391334),
];

/// lcb-goldens G9, M = 2: the point estimate of the perfect system.
pub(crate) const PERFECT_POINT: f64 = 0.41633;

/// `output` scored against `gold` with the authors' scorer options.
pub(crate) fn stats(data: &DataDir, gold: &str, output: &str) -> anyhow::Result<SystemM2> {
    Ok(M2Gold::read_lenient(data.join(gold))?
        .score_file(data.join(output), &M2Options::LCB_AUTHORS)?)
}

/// 1000 resamples, 95 %, BCa, seeded with [`SEED`].
pub(crate) fn confidence() -> Confidence {
    let mut confidence = Confidence::default();
    confidence.seed = SEED;
    confidence
}

/// Corpus F0.5 and its BCa interval.
pub(crate) fn interval(system: &SystemM2) -> anyhow::Result<ScoreInterval> {
    Ok(confidence_interval(
        system.sentences.len(),
        |idx| system.resample(idx).f_beta,
        &confidence(),
    )?)
}
