//! The conservatism of the NUCLE reference on the real data (lcb-goldens G6): the per-sentence
//! WordChange histogram of annotator A against the CoNLL-2014 source. The whole 16-row table is
//! reproduced by `cargo xtask reproduce fig-conservatism`.

use conservatism::{Splitter, compare_passages};
use gecbias_data::datasets::CONLL_PARAGRAPHS;
use gecbias_data::testing::{data_or_skip, or_skip};
use mono_align::morphy::NounLemmatizer;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::{preprocess_paragraph, preprocess_paragraph_minimal, read_passage};
use mono_align::{CostModel, WordEquivalence};

#[test]
fn gold_word_change_histogram_is_g6() {
    let Some(data) = data_or_skip("gold WordChange histogram") else {
        return;
    };
    let punkt = PunktParameters::english();
    let Some(punkt) = or_skip(punkt, "Punkt English parameters").map(PunktSentenceTokenizer::new)
    else {
        return;
    };
    let wordnet = NounLemmatizer::english();
    let Some(same) = or_skip(wordnet, "WordNet").map(WordEquivalence::new) else {
        return;
    };
    let read = |f: &str| {
        let bytes = std::fs::read(data.join(&format!("{CONLL_PARAGRAPHS}/{f}"))).unwrap();
        read_passage(&bytes).unwrap()
    };
    let source = preprocess_paragraph(&read("conll.tok.orig"));
    let gold = preprocess_paragraph_minimal(&read("corrected_official-2014.0.txt.comparable"));
    let profile = compare_passages(
        &source,
        &gold,
        Splitter::Lines,
        &punkt,
        &same,
        CostModel::Reference,
    )
    .unwrap();
    assert_eq!(profile.sentences.len(), 1238);
    let mut histogram = [0usize; 12];
    for s in &profile.sentences {
        if s.word_change < 12 {
            histogram[s.word_change] += 1;
        }
    }
    assert_eq!(
        histogram,
        [468, 261, 167, 105, 78, 45, 36, 20, 11, 11, 7, 7]
    );
    assert_eq!(
        profile.sentences.iter().map(|s| s.word_change).max(),
        Some(28)
    );
    // The output split 36 source sentences and joined 39 pairs; the authors' figure labels them
    // the other way round.
    assert_eq!((profile.splits(), profile.concatenations()), (36, 39));
    assert_eq!(
        (profile.paper_split_bar(), profile.paper_concat_bar()),
        (39, 36)
    );
    assert_eq!(profile.total_word_change(), 2528);
    assert_eq!(
        (profile.perfect_order(), profile.ecdf_subset().len()),
        (785, 446)
    );
    assert_eq!(format!("{:.4}", profile.mean_rho()), "0.9857");
}
