//! Cutting the UCCA Wiki and 20K corpora (521 passages) into their 5,731 sentence passages on one
//! core: the target is under 2 s. Without data the bench reports nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gecbias_data::datasets::UccaSplit;
use ucca_graph::Passage;

fn split_corpora(c: &mut Criterion) {
    let Some(data) = gecbias_data::testing::data_or_skip("bench sentences") else {
        return;
    };
    let passages: Vec<Passage> = UccaSplit::ALL
        .iter()
        .flat_map(|s| s.files(&data).expect("the UCCA corpora"))
        .map(|f| Passage::read(data.join(&f)).expect("a valid passage"))
        .collect();
    let mut group = c.benchmark_group("sentences");
    group.sample_size(10);
    group.throughput(Throughput::Elements(passages.len() as u64));
    group.bench_function(format!("split_{}_passages", passages.len()), |b| {
        b.iter(|| {
            for p in &passages {
                std::hint::black_box(p.sentences().expect("sentence passages"));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, split_corpora);
criterion_main!(benches);
