//! Four tasks a GEC researcher does with gecbias, each in at most ten lines, on the research data
//! (`$GECBIAS_DATA`, default `../shared/data` from the repository root). Every number printed is
//! checked against the reference tool's, recorded in the specs' goldens.

use std::error::Error;
use std::path::PathBuf;

fn data(relative: &str) -> PathBuf {
    let root = std::env::var_os("GECBIAS_DATA").unwrap_or_else(|| "../shared/data".into());
    PathBuf::from(root).join(relative)
}

fn check(what: &str, ours: f64, reference: f64) -> Result<(), Box<dyn Error>> {
    println!("{what}: {ours} (reference tool: {reference})");
    if ours != reference {
        return Err(format!("{what} differs from the reference tool").into());
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let conll = "assess_learner_language/data";

    // 1. M2 with a 95 % BCa interval (m2scorer on AMU: P 0.41619, R 0.21405, F0.5 0.35007).
    use corpus_resampling::{Confidence, m2_confidence};
    use gec_metrics::{M2Gold, M2Options};
    let gold = M2Gold::read(data(&format!(
        "{conll}/conll14st-test-data/noalt/official-2014.combined.m2"
    )))?;
    let amu = gold.score_file(
        data(&format!("{conll}/paragraphs/AMU")),
        &M2Options::default(),
    )?;
    let f = m2_confidence(&amu, &Confidence::default())?.f_beta;
    println!(
        "AMU F0.5 {:.4}, 95 % CI [{:.4}, {:.4}]",
        f.point, f.low, f.high
    );
    check("AMU F0.5", amu.score.f_beta, 0.35006877579092155)?;

    // 2. GLEU exactly as compute_gleu prints it (500 rounds of the script's own reference draws).
    use gec_metrics::{GleuCorpus, GleuOptions};
    let refs = format!("{conll}/references");
    let corpus = GleuCorpus::read(
        data(&format!("{refs}/source")),
        &[
            data(&format!("{refs}/NUCLEA")),
            data(&format!("{refs}/NUCLEB")),
        ],
    )?;
    let gleu = corpus.score_file(
        data(&format!("{conll}/paragraphs/AMU")),
        &GleuOptions::default(),
    )?;
    check("AMU GLEU", gleu.mean, 0.5832562386545108)?;

    // 3. USim of two UCCA XML files (USim.py on the stored TUPA parses: 0.8181818181818182).
    use usim::{Params, usim_files};
    let xmls = format!("{conll}/xmls/uncombined");
    let pair = usim_files(
        data(&format!("{xmls}/10001.xml")),
        data(&format!("{xmls}/10_corrected001.xml")),
        &Params::RELEASED,
    )?;
    check(
        "USim 10001 vs 10_corrected001",
        pair.source_to_output,
        0.8181818181818182,
    )?;

    // 4. UnseenEst: how many valid corrections, from a fingerprint of crowd answers.
    use unseen_est::{Params as UnseenParams, estimate_file};
    let histogram = estimate_file(
        data("assess_learner_language/unseenEst/simplification/almaha_exact_input_hist.txt"),
        &UnseenParams::default(),
    )?;
    println!(
        "almaha: {:.2} corrections above p = 0.1, carrying {:.3} of the mass",
        histogram.variants_above(0.1),
        histogram.mass_above(0.1)
    );
    Ok(())
}
