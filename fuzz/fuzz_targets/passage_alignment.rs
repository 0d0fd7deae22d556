//! Fuzzes the LCB conservatism pipeline on arbitrary text: passage reading, preprocessing, Punkt
//! and the reference's sentence splitting, sentence alignment (`break2common_sentences`) and the
//! per-sentence measures. Errors are fine (the reference would crash there too); panics and hangs
//! are findings. Runs with empty Punkt parameters and an empty WordNet so it needs no files.

#![no_main]

use std::collections::HashMap;
use std::sync::LazyLock;

use conservatism::{Splitter, compare_passages, passage_text};
use libfuzzer_sys::fuzz_target;
use mono_align::morphy::NounLemmatizer;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::preprocess_paragraph;
use mono_align::{CostModel, WordEquivalence};

static PUNKT: LazyLock<PunktSentenceTokenizer> =
    LazyLock::new(|| PunktSentenceTokenizer::new(PunktParameters::default()));
static SAME: LazyLock<WordEquivalence> =
    LazyLock::new(|| WordEquivalence::new(NounLemmatizer::new(Vec::new(), HashMap::new())));

fuzz_target!(|data: &[u8]| {
    let (a, b) = match data.iter().position(|&x| x == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, data),
    };
    let (Ok(a), Ok(b)) = (passage_text("a", a), passage_text("b", b)) else {
        return;
    };
    let (a, b) = (preprocess_paragraph(&a), preprocess_paragraph(&b));
    for split in [Splitter::Punkt, Splitter::Lines] {
        let _ = compare_passages(&a, &b, split, &PUNKT, &SAME, CostModel::Reference);
    }
});
