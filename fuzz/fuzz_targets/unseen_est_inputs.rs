//! Fuzzes the UnseenEst inputs: fingerprint and histogram files and MTurk CSVs never panic, and a
//! fingerprint that parses either estimates to a histogram of total mass 1 or fails with an error.

#![no_main]

use libfuzzer_sys::fuzz_target;
use unseen_est::crowd::{Classes, Normalizer, fingerprints, read_batch};
use unseen_est::{Fingerprint, Histogram, Params, estimate};

fuzz_target!(|data: &[u8]| {
    if let Ok(answers) = read_batch(data, "fuzz.csv") {
        let _ = fingerprints(&answers, Normalizer::Original, Classes::Exact, Some(8));
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Histogram::parse(text, "fuzz");
    if let Ok(f) = Fingerprint::parse(text, "fuzz") {
        // Keep runs short: the crowd data has at most 150 answers per sentence.
        if f.len() <= 200 && f.sample_size() <= 2_000 {
            if let Ok(h) = estimate(&f, &Params::default()) {
                assert!((h.mass_above(0.0) - 1.0).abs() < 1e-6);
            }
        }
    }
});
