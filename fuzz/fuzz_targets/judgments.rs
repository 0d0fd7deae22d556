//! Fuzzes the ranking-judgments reader: any text gives rankings or an error naming a line of it,
//! and the rankings' comparisons and Expected Wins never panic and stay within [0, 1].

#![no_main]

use libfuzzer_sys::fuzz_target;
use meta_eval::{Ties, expected_wins, read_rankings};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match read_rankings(&text, "fuzz") {
        Ok(rankings) => {
            let comparisons: Vec<_> = rankings.iter().flat_map(|r| r.comparisons()).collect();
            for ties in [Ties::Ignored, Ties::WinForBoth] {
                for s in expected_wins(&comparisons, ties) {
                    assert!((0.0..=1.0).contains(&s.score), "{s:?}");
                }
            }
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz:"), "{e}"),
    }
});
