//! GLEU against the official `compute_gleu` (Python 2, 500 iterations) on CoNLL-2014
//! (metric-goldens §b, `goldens/gleu_conll14_results.tsv`), and the reference draws of CPython 2
//! (`goldens/gleu_refidx_py2_R2_N1312.tsv`).

use gec_metrics::gleu::reference_choices;
use gec_metrics::read_lines;
use gec_metrics::{GleuCorpus, ReferenceDraws};
use gecbias_data::datasets::{CONLL_PARAGRAPHS, CONLL_REFERENCES};
use gecbias_data::testing::{data_and_golden_rows, spec_golden_rows};

#[test]
fn python2_reference_draws_match_cpython() {
    let table = spec_golden_rows("gleu_refidx_py2_R2_N1312.tsv");
    let mut rows = 0;
    for row in &table {
        let f: Vec<&str> = row.iter().map(String::as_str).collect();
        let j: usize = f[0].parse().unwrap();
        assert_eq!(f[1].parse::<usize>().unwrap(), 101 * j);
        let draws = reference_choices(ReferenceDraws::Python2, j, 1312, 2);
        assert_eq!(
            draws.iter().sum::<usize>(),
            f[2].parse::<usize>().unwrap(),
            "round {j}"
        );
        let first: String = draws[..64].iter().map(|d| d.to_string()).collect();
        assert_eq!(first, f[3], "round {j}");
        rows += 1;
    }
    assert_eq!(rows, 500);
}

#[test]
fn conll14_gleu_matches_the_official_script() {
    let Some((data, table)) = data_and_golden_rows("gleu_conll14_results.tsv") else {
        return;
    };
    let refs = data.join(CONLL_REFERENCES);
    let source = refs.join("source");
    let both = GleuCorpus::read(&source, &[refs.join("NUCLEA"), refs.join("NUCLEB")]).unwrap();
    let a = GleuCorpus::read(&source, &[refs.join("NUCLEA")]).unwrap();
    let b = GleuCorpus::read(&source, &[refs.join("NUCLEB")]).unwrap();
    let mut rows = 0;
    for row in &table {
        let f: Vec<&str> = row.iter().map(String::as_str).collect();
        let path = if f[0] == "source" {
            source.clone()
        } else {
            data.join(&format!("{CONLL_PARAGRAPHS}/{}", f[0]))
        };
        let hyp = read_lines(&path).unwrap();
        let name = path.display().to_string();
        for (corpus, text) in [(&both, f[1]), (&a, f[2]), (&b, f[3])] {
            let ours = corpus
                .corpus_gleu(&hyp, &name, 500, ReferenceDraws::Python2)
                .unwrap()
                .mean;
            let expected: f64 = text.parse().unwrap();
            assert!(
                (ours - expected).abs() <= 1e-9,
                "{}: {ours} vs {expected}",
                f[0]
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 15);
}
