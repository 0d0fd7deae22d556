//! Fuzzes sentence splitting, the parser's oracle and the official evaluator on any UCCA passage
//! the reader accepts: every sentence passage builds, the oracle's replay ends (FINISH or the
//! transition limit) with a valid passage, and its evaluation against the gold is a proportion,
//! with and without normalisation. A panic or a hang is a finding.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ucca_graph::Passage;
use ucca_graph::dag_f1::{Normalisation, evaluate};

fuzz_target!(|data: &[u8]| {
    let Ok(passage) = Passage::from_xml(data) else {
        return;
    };
    let sentences = passage
        .sentences()
        .expect("sentence passages of a valid passage build");
    for gold in sentences.iter().chain(std::iter::once(&passage)) {
        let replayed = ucca_parser::replay(gold).expect("a replayed graph is a valid passage");
        for normalisation in [Normalisation::None, Normalisation::Ucca2017] {
            let eval = evaluate(&replayed.passage, gold, normalisation).expect("same terminals");
            for score in [eval.primary, eval.remote, eval.total()] {
                assert!((0.0..=1.0).contains(&score.f1()), "{score:?}");
                assert!(
                    score.matches <= score.guessed.min(score.reference),
                    "{score:?}"
                );
            }
        }
    }
});
