//! Parsing speed of the committed model on the 503 Wiki test sentences (given terminals) on one
//! core — target ≥ 300 sentences/s — and the time to load the model file (target < 0.5 s).
//! Without data only the load is timed.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gecbias_data::datasets::UccaSplit;
use ucca_parser::{Parser, Token};

mod corpus;

fn parse_test(c: &mut Criterion) {
    // A model to compare (e.g. a neural one) is named the way the parser's users name it.
    let path = std::env::var_os("GECBIAS_UCCA_MODEL").map_or_else(
        || gecbias_data::workspace_root().join(gecbias_data::location::UCCA_MODEL),
        std::path::PathBuf::from,
    );
    let mut group = c.benchmark_group("parser");
    group.sample_size(10);
    group.bench_function("load_model", |b| {
        b.iter(|| std::hint::black_box(Parser::load(&path).expect("the model")))
    });
    let Some(gold) = corpus::sentences(UccaSplit::WikiTest, "bench parse") else {
        return;
    };
    let parser = Parser::load(&path).expect("the model");
    let sentences: Vec<Vec<Token>> = gold
        .iter()
        .map(|s| s.terminals().map(Token::from).collect())
        .collect();
    group.throughput(Throughput::Elements(sentences.len() as u64));
    group.bench_function(
        format!("parse_wiki_test_{}_sentences", sentences.len()),
        |b| {
            b.iter(|| {
                for s in &sentences {
                    std::hint::black_box(parser.parse_tokens("s", s).expect("a parse"));
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, parse_test);
criterion_main!(benches);
