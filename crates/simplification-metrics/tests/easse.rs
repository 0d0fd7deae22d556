//! FKGL against EASSE: EASSE's own test (`tests/test_fkgl.py`: TurkCorpus's legacy test sources
//! 9.9 and its first references 8.2, to 0.1), and every value EASSE 0.2.4's `corpus_fkgl` gave
//! (`cargo xtask record easse`: the test sets' sources and references, the 21 TurkCorpus test
//! outputs), the same `f64` to the last bit.

use std::path::PathBuf;

use bleu_chrf::Tokenizer;
use gecbias_data::testing::lf_lines;
use simplification_metrics::Fkgl;

const RECORDED: &str = include_str!("recorded/easse-fkgl.tsv");

/// EASSE's data folder, or none (the test skips) where the data folder lacks it.
fn easse() -> Option<PathBuf> {
    let data = gecbias_data::testing::data_or_skip("FKGL against EASSE")?;
    let easse = data.root().join("easse/easse/resources/data");
    gecbias_data::testing::or_skip(std::fs::metadata(&easse), "EASSE's test sets")?;
    Some(easse)
}

#[test]
fn fkgl_is_easses_on_every_recorded_file() {
    let Some(easse) = easse() else {
        return;
    };
    let fkgl = Fkgl::new(Tokenizer::Thirteen).unwrap();
    let mut checked = 0;
    for row in RECORDED.lines().skip(2) {
        let (file, expected) = row.split_once('\t').unwrap();
        let expected: f64 = expected.parse().unwrap();
        assert_eq!(
            fkgl.corpus(&lf_lines(&easse.join(file))),
            expected,
            "{file}"
        );
        checked += 1;
    }
    assert_eq!(checked, 42);
    // EASSE's own test, with its tolerance.
    let legacy = easse.join("test_sets/turkcorpus/legacy");
    for (file, easse_test) in [
        ("test.8turkers.tok.norm", 9.9),
        ("test.8turkers.tok.turk.0", 8.2),
    ] {
        let grade = fkgl.corpus(&lf_lines(&legacy.join(file)));
        assert!((grade - easse_test).abs() <= 0.1, "{file}: {grade}");
    }
}
