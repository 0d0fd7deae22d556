//! Speed of the metrics on real data (skipped without data): the M2 scorer on single sentences
//! (the NTHU sentence that costs the Python scorer 54 s, and AMU's longest) and on a whole system,
//! GLEU over 500 iterations, SARI.py over TurkCorpus test.

use criterion::{Criterion, criterion_group, criterion_main};
use gec_metrics::m2_score::{GoldSentence, score_sentence, sentence_stats};
use gec_metrics::read_lines;
use gec_metrics::sari::sari_per_sentence;
use gec_metrics::{GleuCorpus, ReferenceDraws};
use gec_metrics::{M2File, M2Options};
use gecbias_data::datasets::{CONLL_GOLD, CONLL_PARAGRAPHS, CONLL_REFERENCES, TURKCORPUS};
use gecbias_data::testing::data_or_skip;

fn metrics(c: &mut Criterion) {
    let Some(data) = data_or_skip("metrics bench") else {
        return;
    };
    let gold = M2File::read(data.join(&format!("{CONLL_GOLD}/official-2014.combined.m2")))
        .expect("gold M2");
    let gold = GoldSentence::from_file(&gold);
    let system = |name: &str| {
        read_lines(data.join(&format!("{CONLL_PARAGRAPHS}/{name}"))).expect("system output")
    };
    let options = M2Options::default();
    // metric-goldens §a.3: the reference's slowest sentences (0-based).
    for (name, index) in [("NTHU", 40), ("AMU", 332)] {
        let hypotheses = system(name);
        c.bench_function(&format!("m2_sentence_{name}_{index}"), |b| {
            b.iter(|| {
                score_sentence(&gold[index], &hypotheses[index], index, &options).expect("scored")
            })
        });
    }
    let amu = system("AMU");
    c.bench_function("m2_corpus_AMU", |b| {
        b.iter(|| sentence_stats(&gold, &amu, ("gold", "AMU"), &options).expect("scored"))
    });

    let refs = data.join(CONLL_REFERENCES);
    let corpus = GleuCorpus::read(
        refs.join("source"),
        &[refs.join("NUCLEA"), refs.join("NUCLEB")],
    )
    .expect("GLEU corpus");
    c.bench_function("gleu_corpus_AMU_500_iterations", |b| {
        b.iter(|| {
            corpus
                .corpus_gleu(&amu, "AMU", 500, ReferenceDraws::Python2)
                .expect("scored")
        })
    });

    let turk = data.join(TURKCORPUS);
    let source = read_lines(turk.join("test.8turkers.tok.norm")).expect("source");
    let references: Vec<Vec<String>> = (0..8)
        .map(|k| read_lines(turk.join(format!("test.8turkers.tok.turk.{k}"))).expect("reference"))
        .collect();
    let output = read_lines(turk.join("systemoutputs/sari30it.test.output.1best")).expect("output");
    c.bench_function("sari_py_turkcorpus_359", |b| {
        b.iter(|| sari_per_sentence(&source, &output, &references).expect("scored"))
    });
}

criterion_group!(benches, metrics);
criterion_main!(benches);
