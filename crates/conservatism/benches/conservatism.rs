//! Speed of the conservatism measures on real data (skipped without data or linguistic
//! resources): word-aligning and measuring the 1,312 line pairs of the CoNLL-2014 source and the
//! RoRo output, and the whole passage comparison of one system (sentence splitting, sentence
//! alignment, measures).

use conservatism::{SentencePair, Splitter, compare_passages};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gecbias_data::datasets::CONLL_PARAGRAPHS;
use gecbias_data::testing::{data_or_skip, or_skip};
use mono_align::morphy::NounLemmatizer;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::{preprocess_paragraph, read_passage};
use mono_align::{CostModel, WordEquivalence};

fn conll(c: &mut Criterion) {
    let Some(data) = data_or_skip("conservatism bench") else {
        return;
    };
    let punkt = PunktParameters::english();
    let Some(punkt) = or_skip(punkt, "Punkt parameters").map(PunktSentenceTokenizer::new) else {
        return;
    };
    let Some(same) = or_skip(NounLemmatizer::english(), "WordNet").map(WordEquivalence::new) else {
        return;
    };
    let read = |f: &str| {
        let bytes =
            std::fs::read(data.join(&format!("{CONLL_PARAGRAPHS}/{f}"))).expect("data file");
        read_passage(&bytes).expect("UTF-8")
    };
    let (source, roro) = (read("conll.tok.orig"), read("conll14st.output.1cleaned"));
    let pairs: Vec<(&str, &str)> = source.lines().zip(roro.lines()).collect();

    let mut group = c.benchmark_group("conservatism");
    group.sample_size(10);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function(format!("measure_{}_line_pairs_roro", pairs.len()), |b| {
        b.iter(|| {
            for &(s, o) in &pairs {
                std::hint::black_box(SentencePair::new(s, o).measures(&same));
            }
        })
    });
    let (source, roro) = (preprocess_paragraph(&source), preprocess_paragraph(&roro));
    group.throughput(Throughput::Elements(1));
    group.bench_function("compare_passages_roro", |b| {
        b.iter(|| {
            compare_passages(
                &source,
                &roro,
                Splitter::Punkt,
                &punkt,
                &same,
                CostModel::Reference,
            )
            .expect("aligned")
        })
    });
    group.finish();
}

criterion_group!(benches, conll);
criterion_main!(benches);
