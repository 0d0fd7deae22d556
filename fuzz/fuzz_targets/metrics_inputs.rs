//! Fuzzes the metric inputs: an M2 file and a system output (split at the first NUL byte) are
//! parsed and scored (the M2 file against itself by CLEME too); any bytes give scores or typed errors, never a panic, and scores are
//! proportions. SARI and GLEU run on the same text as source, output and reference; the bytes are
//! also read as a TurkCorpus table, whose rows are scored with SARI, and tokenized by EASSE's
//! Moses and Penn tokenizers.

#![no_main]

use gec_metrics::cleme::{HeuoFactors, cleme_prf_corpus};
use gec_metrics::dropin::{cleme_report, cleme2_report};
use gec_metrics::lines;
use gec_metrics::m2_score::{GoldSentence, corpus_score, sentence_stats};
use gec_metrics::sari_sentence;
use gec_metrics::turkcorpus::{TURKERS, parse_organized};
use gec_metrics::{ClemeAssumption, cleme_m2_counts};
use gec_metrics::{GleuCorpus, ReferenceDraws};
use gec_metrics::{M2File, M2Options};
use libfuzzer_sys::fuzz_target;
use simplification_metrics::{
    EasseMetric, EasseTokenizer, EasseVariant, Preprocessing, References, easse_corpus_sari,
    easse_evaluate,
};

fuzz_target!(|data: &[u8]| {
    if let Ok(rows) = parse_organized(data, "fuzz.tsv") {
        for row in rows.iter().take(4) {
            assert_eq!(row.references.len(), TURKERS);
            let refs: Vec<&str> = row.references.iter().map(String::as_str).collect();
            let s = sari_sentence(&row.origin, &row.references[0], &refs);
            assert!((0.0..=1.0).contains(&s));
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (gold, system) = text.split_once('\0').unwrap_or((text, ""));
    let hypotheses: Vec<String> = lines(system).into_iter().map(str::to_owned).collect();
    if let Ok(file) = M2File::parse(gold, "fuzz.m2") {
        let golds = GoldSentence::from_file(&file);
        let mut options = M2Options::default();
        options.max_lattice_arcs = 200_000;
        // CLEME of the file against itself (with one annotator it is a hypothesis too).
        for assumption in [ClemeAssumption::Dependent, ClemeAssumption::Independent] {
            if let Ok(counts) = cleme_m2_counts(&file, &file, assumption) {
                let s = cleme_prf_corpus(counts.iter().map(|c| &c.weighted[..]), 0.5);
                assert!((0.0..=1.0).contains(&s.f));
                let _ = (
                    cleme_report(&counts),
                    cleme2_report(&counts, HeuoFactors::CORPUS),
                );
            }
        }
        if let Ok(stats) = sentence_stats(&golds, &hypotheses, ("fuzz.m2", "fuzz.txt"), &options) {
            let s = corpus_score(&stats, 0.5);
            assert!(s.correct <= s.proposed);
            for v in [s.precision, s.recall, s.f_beta] {
                assert!((0.0..=1.0).contains(&v));
            }
        }
    }
    let sentences: Vec<String> = lines(system).into_iter().map(str::to_owned).collect();
    if !sentences.is_empty() {
        let corpus = GleuCorpus::new(&sentences, std::slice::from_ref(&sentences), &["s", "r"]);
        if let Ok(corpus) = corpus {
            let g = corpus
                .corpus_gleu(&sentences, "h", 3, ReferenceDraws::Python2)
                .unwrap();
            assert!((0.0..=1.0 + 1e-12).contains(&g.mean));
        }
        let refs = References::from_streams(std::slice::from_ref(&sentences)).unwrap();
        let preprocessing = Preprocessing::default();
        let e = easse_corpus_sari(
            &sentences,
            &sentences,
            &refs,
            EasseVariant::Legacy,
            preprocessing,
        )
        .unwrap();
        assert!(e.sari.is_finite());
        // Every EASSE metric and feature is a number on any text, or a typed error (a line over
        // the length limit).
        let metrics = &EasseMetric::MODEL_FREE;
        if let Ok(evaluation) =
            easse_evaluate(&sentences, &sentences, &refs, metrics, preprocessing, true)
        {
            assert!(evaluation.scores.iter().all(|(_, v)| v.is_finite()));
            let quality = evaluation.quality.unwrap().named();
            assert!(quality.iter().all(|(_, v)| v.is_finite()));
        }
        // EASSE's Moses and Penn tokenizers take any text and leave no ASCII control character.
        for tokenizer in [EasseTokenizer::Moses, EasseTokenizer::Penn] {
            for line in &sentences {
                let tokens = tokenizer.tokenize(line);
                assert!(!tokens.contains(|c: char| c < ' '), "{line:?}");
            }
        }
        let s = sari_sentence(gold, system, &[system]);
        assert!((0.0..=1.0).contains(&s));
    }
});
