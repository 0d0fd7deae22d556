//! GJG15's meta-evaluation inputs: its folder, the gold its outputs are scored against, the
//! seed, and the `gecbias meta-eval` arguments that `cargo xtask bench meta-eval` times.

use gecbias_data::DataDir;
use gecbias_data::datasets::CONLL_GOLD;

/// GJG15's folder in the data directory.
pub(crate) const ROOT: &str = "gjg15";

/// The seed of GJG15's and SEEDA's meta-evaluation resampling: the engine's default.
pub(crate) const SEED: u64 = corpus_resampling::DEFAULT_SEED;

/// GJG15's ranking judgments.
pub(crate) const JUDGMENTS: &str = "gjg15/data/judgments.xml";

/// The judged outputs' folder.
pub(crate) const OUTPUTS: &str = "gjg15/data/original/official_submissions";

/// The 13 judged outputs (the 12 CoNLL-2014 systems and the unchanged INPUT).
pub(crate) const SYSTEMS: [&str; 13] = [
    "AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC",
    "UMC",
];

/// What a meta-evaluation on GJG15 reads: the judgments, the gold and the judged outputs.
pub(crate) fn judged_inputs() -> Vec<String> {
    let mut out = vec![JUDGMENTS.to_owned(), gold()];
    out.extend(SYSTEMS.iter().map(|s| format!("{OUTPUTS}/{s}")));
    out
}

/// The CoNLL-2014 gold the GJG15 outputs are scored against.
pub(crate) fn gold() -> String {
    format!("{CONLL_GOLD}/official-2014.combined.m2")
}

/// The arguments of `gecbias meta-eval` on the 13 outputs: `metrics` (M2 at GJG15's four β),
/// with 95 % intervals and paired tests (1,000 ranking-item resamples, seed 12345); `cargo xtask
/// bench meta-eval` times the same command.
pub(crate) fn arguments(data: &DataDir, metrics: &[&str]) -> Vec<String> {
    let root = data.join(ROOT).display().to_string();
    let gold = data.join(&gold()).display().to_string();
    let seed = SEED.to_string();
    let mut args: Vec<String> = [
        "meta-eval",
        "--dataset",
        "gjg15",
        "--root",
        &root,
        "--gold",
        &gold,
        "--seed",
        &seed,
        "--confidence",
        "--paired",
        "-m",
    ]
    .map(String::from)
    .to_vec();
    args.extend(metrics.iter().map(|m| (*m).to_owned()));
    args
}
