//! EASSE 0.2.4's own tests (`tests/` of its repository), ported with their expected values (as
//! the `f64`s Python reads from their literals) and their tolerances (`pytest.approx`: relative
//! 1e-6): `test_sari.py`, `test_compression.py` and `test_splitting.py`. `test_fkgl.py` is in
//! `easse.rs`; `test_samsa.py` and `test_aligner.py` belong to SAMSA; `test_simop_annotation.py`
//! asserts nothing (its three tests are skipped "TODO: Add assert") and scores no metric.

use std::path::{Path, PathBuf};

use bleu_chrf::Tokenizer;
use gecbias_data::testing::lf_lines;
use simplification_metrics::{
    EasseTokenizer, EasseVariant, Preprocessing, References, corpus_f1_token, corpus_sentence_bleu,
    easse_corpus_sari,
};

/// `pytest.approx`'s default: relative 1e-6 (and absolute 1e-12).
fn approx(value: f64, expected: f64) -> bool {
    (value - expected).abs() <= (1e-6 * expected.abs()).max(1e-12)
}

/// EASSE's data folder, or none (the test skips) where the data folder lacks it.
fn easse_data(what: &str) -> Option<PathBuf> {
    let data = gecbias_data::testing::data_or_skip(what)?;
    let easse = data.root().join("easse/easse/resources/data");
    gecbias_data::testing::or_skip(std::fs::metadata(&easse), "EASSE's test sets")?;
    Some(easse)
}

/// EASSE's `read_lines`: each line stripped.
fn read_lines(path: &Path) -> Vec<String> {
    lf_lines(path)
        .iter()
        .map(|l| bleu_chrf::python_str::python_strip(l).to_owned())
        .collect()
}

/// EASSE's data folder, and the TurkCorpus source and 8 reference streams in `folder` of its
/// test sets (`{}` in `reference` the stream's number); none where the data lacks them.
fn turkcorpus(
    what: &str,
    folder: &str,
    source: &str,
    reference: &str,
) -> Option<(PathBuf, Vec<String>, References)> {
    let easse = easse_data(what)?;
    let dir = easse.join("test_sets").join(folder);
    let streams: Vec<Vec<String>> = (0..8)
        .map(|k| read_lines(&dir.join(reference.replace("{}", &k.to_string()))))
        .collect();
    let references = References::from_streams(&streams).unwrap();
    Some((easse, read_lines(&dir.join(source)), references))
}

/// EASSE's `corpus_sari` in `variant` on its defaults (lowercased 13a).
fn corpus_sari(
    source: &[String],
    output: &[String],
    references: &References,
    variant: EasseVariant,
) -> f64 {
    easse_corpus_sari(
        source,
        output,
        references,
        variant,
        Preprocessing::default(),
    )
    .unwrap()
    .sari
}

/// `test_sari.py::test_corpus_sari_legacy` (TurkCorpus's legacy test set, six tokenised systems,
/// `legacy=True`) and `test_sari.py::test_corpus_sari` (ACCESS on TurkCorpus test, 41.381013,
/// "Scores from MUSS").
#[test]
fn test_corpus_sari_legacy_and_test_corpus_sari() {
    let legacy = (
        "turkcorpus/legacy",
        "test.8turkers.tok.norm",
        "test.8turkers.tok.turk.{}",
        EasseVariant::Legacy,
        &[
            ("tok.low/Dress-Ls.tok.low", 37.26605881858821),
            ("tok.low/Dress.tok.low", 37.08210095744638),
            ("tok.low/EncDecA.tok.low", 35.65754396121206),
            ("tok.low/Hybrid.tok.low", 31.39665078989411),
            ("tok.low/PBMT-R.tok.low", 38.55884305033204),
            ("tok.low/SBMT-SARI.tok.low", 39.964857928109126),
        ][..],
    );
    let truecased = (
        "turkcorpus",
        "test.truecase.detok.orig",
        "test.truecase.detok.simp.{}",
        EasseVariant::Default,
        &[("ACCESS", 41.381013)][..],
    );
    for (folder, source, reference, variant, systems) in [legacy, truecased] {
        let Some((easse, source, references)) =
            turkcorpus("EASSE's test_sari.py", folder, source, reference)
        else {
            return;
        };
        for (system, expected) in systems {
            let output = read_lines(&easse.join("system_outputs/turkcorpus/test").join(system));
            let sari = corpus_sari(&source, &output, &references, variant);
            assert!(approx(sari, *expected), "{system}: {sari} vs {expected}");
        }
    }
}

/// `test_sari.py::test_sentence_sari`, which EASSE skips ("Test probably broken"): its expected
/// values are those of SARI.py's sentence SARI (Xu et al.'s, averaging each n-gram order's F),
/// not of `sentence_sari`, which is corpus SARI of one sentence: gecbias's SARI.py gives them.
#[test]
fn test_sentence_sari() {
    let source = "About 95 species are currently accepted .";
    let references = [
        "About 95 species are currently known .",
        "About 95 species are now accepted .",
        "95 species are now accepted .",
    ];
    for (output, expected) in [
        ("About 95 you now get in .", 26.82782411698074),
        ("About 95 species are now agreed .", 58.89995423074248),
        ("About 95 species are currently agreed .", 50.71608864657479),
    ] {
        let sari = 100.0 * gec_metrics::sari::sari_sentence(source, output, &references);
        assert!(approx(sari, expected), "{output}: {sari} vs {expected}");
    }
}

/// `test_compression.py`: token F1 against one reference and against the better of two.
#[test]
fn test_corpus_macro_avg_f1_token() {
    let output = "A mother and her teenage son are accused of committing one robbery".to_owned();
    let first = "A mother are accused of committing one local robbery".to_owned();
    let second = "A mother accused of committing robbery".to_owned();
    let f1 = |correct: f64, output: f64, reference: f64| {
        let (p, r) = (correct / output, correct / reference);
        100.0 * 2.0 * p * r / (p + r)
    };
    let single = References::from_streams(&[vec![first.clone()]]).unwrap();
    let ours = corpus_f1_token(
        std::slice::from_ref(&output),
        &single,
        Preprocessing::default(),
    )
    .unwrap();
    assert!(approx(ours, f1(8.0, 12.0, 9.0)), "{ours}");
    let both = References::from_streams(&[vec![first], vec![second]]).unwrap();
    let ours = corpus_f1_token(&[output], &both, Preprocessing::default()).unwrap();
    let expected = f1(8.0, 12.0, 9.0).max(f1(6.0, 12.0, 6.0));
    assert!(approx(ours, expected), "{ours}");
}

/// `test_splitting.py`: WikiSplit's test splits, collapsed (`<::::>` joined by spaces), scored by
/// mean sentence BLEU against themselves: 100.
#[test]
fn test_compute_macro_avg_sent_bleu() {
    let Some(easse) = easse_data("EASSE's test_compute_macro_avg_sent_bleu") else {
        return;
    };
    let collapsed: Vec<String> =
        lf_lines(&easse.join("test_sets/wikisplit/wikisplit.test.untok.split"))
            .iter()
            .map(|line| {
                line.split("<::::>")
                    .map(bleu_chrf::python_str::python_strip)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
    assert!(collapsed.len() > 1000, "{}", collapsed.len());
    let references = References::from_streams(std::slice::from_ref(&collapsed)).unwrap();
    let bleu = corpus_sentence_bleu(
        &collapsed,
        &references,
        Preprocessing::new(true, EasseTokenizer::Sacre(Tokenizer::Thirteen)),
    )
    .unwrap();
    assert!(approx(bleu, 100.0), "{bleu}");
}
