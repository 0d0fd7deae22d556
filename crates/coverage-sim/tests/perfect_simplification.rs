//! LCB spec §9 / lcb-goldens G12: the authors' sample pool for the perfect simplification system.

use coverage_sim::perfect_simplification::SimplificationPool;
use gec_metrics::turkcorpus::parse_organized;
use gecbias_data::datasets::TURKCORPUS;
use gecbias_data::testing::data_or_skip;
use unseen_est::crowd::read_batch;

#[test]
fn the_authors_pool_has_94_sentences_and_2876_pairs() {
    let Some(data) = data_or_skip("LCB §9 simplification pool") else {
        return;
    };
    let batch = "assess_learner_language/batches/simplification/Batch_2998009_batch_results.csv";
    let crowd = read_batch(&std::fs::read(data.join(batch)).unwrap(), batch).unwrap();
    let mut turkcorpus = Vec::new();
    for table in ["test", "tune"] {
        let rel = format!("{TURKCORPUS}/{table}.8turkers.organized.tsv");
        turkcorpus.extend(parse_organized(&std::fs::read(data.join(&rel)).unwrap(), &rel).unwrap());
    }
    let pool = SimplificationPool::authors(&crowd, &turkcorpus).unwrap();
    let sentences = pool.sentences();
    assert_eq!((sentences.len(), pool.pairs()), (94, 2876));
    // 47 normalised crowd sentences with 50–150 answers each, then the same 47 as raw TurkCorpus
    // origins with their 8 turker references.
    let (crowd_part, turk_part) = sentences.split_at(47);
    assert!(
        crowd_part
            .iter()
            .all(|s| (50..=150).contains(&s.simplifications.len()))
    );
    assert!(
        crowd_part
            .iter()
            .all(|s| s.source == s.source.to_lowercase())
    );
    assert!(turk_part.iter().all(|s| s.simplifications.len() == 8));
    assert_eq!(
        crowd_part
            .iter()
            .map(|s| s.simplifications.len())
            .sum::<usize>(),
        2500
    );
}
