//! Sentence splitting against NLTK 3.10.4 (`PunktSentenceTokenizer` with the `punkt_tab` English
//! parameters) on the 16 CoNLL-2014 passages: the raw Punkt split (sentence count and the sum of
//! sentence start offsets, in characters) and the reference's full `sent_tokenize_default` on the
//! preprocessed passage (sentence count). Expected values computed with NLTK while writing this
//! test; the Rust sentences were also compared one by one (all equal).
//!
//! Needs the data and the Punkt parameters (`scripts/fetch-punkt-english.sh`); skipped with a
//! message otherwise, unless `GECBIAS_REQUIRE_DATA=1`.

use gecbias_data::datasets::CONLL_PARAGRAPHS;
use gecbias_data::testing::{data_or_skip, or_skip};
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::{preprocess_paragraph, read_passage, sent_tokenize_default};

/// (file, raw Punkt sentences, Σ start offsets, sentences after the reference's pipeline)
const NLTK: [(&str, usize, usize, usize); 16] = [
    ("conll.tok.orig", 1304, 108829896, 1341),
    ("conll14st.output.1cleaned", 1304, 109331934, 1340),
    ("filtered_test.txt", 1322, 110146318, 1336),
    ("JMGR", 1304, 108929036, 1341),
    ("AMU", 1305, 109153288, 1340),
    ("CUUI", 1304, 108372538, 1350),
    ("IITB", 1305, 109701602, 1341),
    ("IPN", 1325, 110293991, 1343),
    ("NTHU", 1304, 108458255, 1341),
    ("PKU", 1304, 108847957, 1341),
    ("POST", 1322, 108535325, 1341),
    ("RAC", 1321, 109668346, 1341),
    ("SJTU", 1303, 108874578, 1341),
    ("UFC", 1304, 108809854, 1341),
    ("UMC", 1306, 107978456, 1339),
    ("CAMB", 1304, 107711887, 1341),
];

#[test]
fn punkt_and_the_reference_splitter_agree_with_nltk() {
    let Some(data) = data_or_skip("Punkt on the CoNLL passages") else {
        return;
    };
    let params = PunktParameters::english();
    let Some(params) = or_skip(params, "Punkt English parameters") else {
        return;
    };
    let punkt = PunktSentenceTokenizer::new(params);
    for (file, sentences, start_sum, split) in NLTK {
        let bytes = std::fs::read(data.join(&format!("{CONLL_PARAGRAPHS}/{file}"))).unwrap();
        let text = read_passage(&bytes).unwrap();
        let spans = punkt.span_tokenize(&text);
        assert_eq!(spans.len(), sentences, "{file}");
        let starts: usize = spans.iter().map(|&(s, _)| text[..s].chars().count()).sum();
        assert_eq!(starts, start_sum, "{file}");
        assert_eq!(
            sent_tokenize_default(&punkt, &preprocess_paragraph(&text)).len(),
            split,
            "{file}"
        );
    }
}
