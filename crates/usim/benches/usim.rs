//! Speed of USim on real data (skipped without data): the reference needs 796 s for the essay pair
//! amittaic1197/amittaic1297 (684 s in its Munkres step on one 576 × 576 matrix) and 0.041 s per
//! JFLEG sentence pair (usim-goldens §11).

use criterion::{Criterion, criterion_group, criterion_main};
use gecbias_data::datasets::{JFLEG_DEV_PARSES, USIM_ANNOTATIONS};
use gecbias_data::testing::data_or_skip;
use ucca_graph::Passage;
use usim::{Params, PreparedPassage, usim};

fn passages(c: &mut Criterion) {
    let Some(data) = data_or_skip("USim bench") else {
        return;
    };
    let read = |path: std::path::PathBuf| {
        PreparedPassage::new(&Passage::read(&path).expect("readable passage")).expect("labelled")
    };
    let essay = |name: &str| read(data.join(&format!("{USIM_ANNOTATIONS}/{name}.xml")));
    let (a, b) = (essay("amittaic1197"), essay("amittaic1297"));
    for (name, params) in [
        ("released", Params::RELEASED),
        ("branch_2017", Params::BRANCH_2017),
    ] {
        c.bench_function(&format!("usim_essay_1197_1297_{name}"), |bench| {
            bench.iter(|| usim(&a, &b, &params))
        });
    }
    let sentence = |name: &str| read(data.join(&format!("{JFLEG_DEV_PARSES}/{name}")));
    let (s, o) = (sentence("dev.src196.xml"), sentence("mle_1.txt196.xml"));
    c.bench_function("usim_jfleg_sentence_196", |bench| {
        bench.iter(|| usim(&s, &o, &Params::RELEASED))
    });
}

criterion_group!(benches, passages);
criterion_main!(benches);
