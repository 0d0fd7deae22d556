//! Fuzzes USim end to end: two UCCA XML passages (split at the first NUL byte) are read,
//! prepared and compared by USim, DISTSIM and the draft's variants in both code generations;
//! any bytes give scores or typed errors, never a panic, and scores are proportions.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ucca_graph::Passage;
use usim::{
    Comparable, MainRelations, Mapping, Params, PreparedPassage, aligned_edit_distance, distsim,
    token_distance, top_down_cut, usim,
};

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (a, b) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    let prepare = |bytes: &[u8]| {
        Passage::from_xml(bytes)
            .ok()
            .and_then(|p| PreparedPassage::new(&p).ok())
    };
    let (Some(p), Some(q)) = (prepare(a), prepare(b)) else {
        return;
    };
    for params in [Params::RELEASED, Params::BRANCH_2017] {
        for (x, y) in [(&p, &q), (&q, &p), (&p, &p)] {
            let s = usim(x, y, &params);
            assert!((0.0..=1.0).contains(&s.usim));
            assert!((0.0..=1.0).contains(&top_down_cut(x, y, &params)));
            for m in [Mapping::BottomUp, Mapping::TopDown, Mapping::AllToAll] {
                assert!((0.0..=1.0).contains(&token_distance(x, y, &params, m)));
            }
            let _ = aligned_edit_distance(x, y, &params);
        }
    }
    let _ = distsim(
        &[(&p, &q)],
        Comparable::MultiTerminal,
        MainRelations::Released,
    );
    let _ = distsim(
        &[(&p, &q)],
        Comparable::AnyNonRoot,
        MainRelations::Branch2017,
    );
});
