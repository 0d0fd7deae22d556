//! Reading speed of the UCCA XML reader on the 7,540 JFLEG dev parses (target: all in < 2 s on one
//! core). Without data the bench reports nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gecbias_data::datasets::JFLEG_DEV_PARSES;
use ucca_graph::Passage;

fn jfleg_parses(c: &mut Criterion) {
    let Some(data) = gecbias_data::testing::data_or_skip("bench read_xml") else {
        return;
    };
    let dir = data.join(JFLEG_DEV_PARSES);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("JFLEG parse directory")
        .map(|e| {
            let path = e.expect("directory entry").path();
            (
                path.display().to_string(),
                std::fs::read(&path).expect("readable file"),
            )
        })
        .collect();
    files.sort();
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    let mut group = c.benchmark_group("read_xml");
    group.sample_size(10);
    group.throughput(Throughput::Elements(files.len() as u64));
    group.bench_function(
        format!("jfleg_dev_{}_files_{}_MB", files.len(), bytes / 1_000_000),
        |b| {
            b.iter(|| {
                for (name, bytes) in &files {
                    std::hint::black_box(
                        Passage::from_xml_named(bytes, name).expect("valid parse"),
                    );
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, jfleg_parses);
criterion_main!(benches);
