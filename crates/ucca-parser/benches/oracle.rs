//! Oracle replay of the whole Wiki training split (4,268 sentences, ≈ 0.93 million transitions)
//! on one core: the target is under 10 s. Without data the bench reports nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gecbias_data::datasets::UccaSplit;
use ucca_parser::replay;

mod corpus;

fn replay_train(c: &mut Criterion) {
    let Some(sentences) = corpus::sentences(UccaSplit::WikiTrain, "bench oracle") else {
        return;
    };
    let mut group = c.benchmark_group("oracle");
    group.sample_size(10);
    group.throughput(Throughput::Elements(sentences.len() as u64));
    group.bench_function(format!("replay_train_{}_sentences", sentences.len()), |b| {
        b.iter(|| {
            for s in &sentences {
                std::hint::black_box(replay(s).expect("replayable"));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, replay_train);
criterion_main!(benches);
