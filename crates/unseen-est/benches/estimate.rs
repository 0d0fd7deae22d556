//! Speed of the estimator on the 48 Table-1 fingerprints (target: all in < 0.5 s on one core; the
//! reference needs ≈ 5 s per file, mostly start-up, ≈ 10–20 ms of LP). Skipped without data.

use criterion::{Criterion, criterion_group, criterion_main};
use gecbias_data::datasets::UNSEEN_EST_FE3B392;
use gecbias_data::testing::data_or_skip;
use unseen_est::{Fingerprint, Params, estimate};

fn table1(c: &mut Criterion) {
    let Some(data) = data_or_skip("UnseenEst bench") else {
        return;
    };
    let fingerprints: Vec<Fingerprint> = data
        .files_in(UNSEEN_EST_FE3B392, "_exact_input_hist.txt")
        .expect("fingerprint directory")
        .iter()
        .map(|rel| {
            Fingerprint::parse(
                &std::fs::read_to_string(data.join(rel)).expect("readable"),
                rel,
            )
            .expect("valid")
        })
        .collect();
    let params = Params::default();
    c.bench_function(
        &format!("estimate_{}_fingerprints", fingerprints.len()),
        |b| {
            b.iter(|| {
                for f in &fingerprints {
                    std::hint::black_box(estimate(f, &params).expect("solved"));
                }
            })
        },
    );
}

criterion_group!(benches, table1);
criterion_main!(benches);
