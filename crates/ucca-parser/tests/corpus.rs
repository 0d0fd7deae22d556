//! The oracle on the UCCA corpora (ucca-parser I targets): replayed on every training sentence it
//! rebuilds the primary graph perfectly for ≥ 99.5 % of sentences, micro primary labeled F1
//! ≥ 0.995, remote ≥ 0.97, with ≈ 0.9 million transitions; every replayed graph is a valid passage
//! that round-trips through XML.

use gecbias_data::datasets::UccaSplit;
use gecbias_data::testing::data_or_skip;
use ucca_graph::Passage;
use ucca_parser::ReplaySummary;

#[test]
fn oracle_rebuilds_the_training_split() {
    let Some(data) = data_or_skip("oracle replay of the Wiki training split") else {
        return;
    };
    let mut summary = ReplaySummary::default();
    for file in UccaSplit::WikiTrain.files(&data).unwrap() {
        let passage = Passage::read(data.join(&file)).unwrap();
        for sentence in passage.sentences().unwrap() {
            summary.add(&sentence).unwrap();
        }
    }
    let s = &summary;
    eprintln!("{s:#?}");
    assert_eq!(s.sentences, 4268);
    assert!(
        s.perfect_primary as f64 >= 0.995 * 4268.0,
        "{}",
        s.perfect_primary
    );
    assert!(
        s.normalised.primary.f1() >= 0.995,
        "{:?}",
        s.normalised.primary
    );
    assert!(
        s.normalised.remote.f1() >= 0.97,
        "{:?}",
        s.normalised.remote
    );
    let t = s.total_transitions() as f64;
    assert!((0.81e6..=0.99e6).contains(&t), "{t}");
    assert!(s.not_round_tripped.is_empty(), "{:?}", s.not_round_tripped);
    assert_eq!(s.stopped, 0);
}
