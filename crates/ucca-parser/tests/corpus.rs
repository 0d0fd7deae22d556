//! The oracle on the UCCA corpora (ucca-parser I targets): replayed on every sentence of the Wiki
//! dev split it rebuilds the primary graph perfectly for ≥ 99.5 % of sentences, micro primary
//! labeled F1 ≥ 0.995, remote ≥ 0.97; every replayed graph is a valid passage that round-trips
//! through XML. `cargo xtask reproduce ucca-oracle` replays every split (the training split's 0.9
//! million transitions included) and pins each count in CI; the dev split's transitions are pinned
//! here.

use gecbias_data::datasets::UccaSplit;
use gecbias_data::testing::data_or_skip;
use ucca_graph::Passage;
use ucca_parser::ReplaySummary;

#[test]
fn oracle_rebuilds_the_dev_split() {
    let Some(data) = data_or_skip("oracle replay of the Wiki dev split") else {
        return;
    };
    let mut summary = ReplaySummary::default();
    for file in UccaSplit::WikiDev.files(&data).unwrap() {
        let passage = Passage::read(data.join(&file)).unwrap();
        for sentence in passage.sentences().unwrap() {
            summary.add(&sentence).unwrap();
        }
    }
    let s = &summary;
    assert_eq!(s.sentences, 454);
    assert!(
        s.perfect_primary as f64 >= 0.995 * 454.0,
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
    assert_eq!(s.total_transitions(), 103_811);
    assert!(s.not_round_tripped.is_empty(), "{:?}", s.not_round_tripped);
    assert_eq!(s.stopped, 0);
}
