//! Fuzzes the English tagger's inputs: any bytes read as a model file give a model or a typed
//! error; any bytes read as CoNLL-U give sentences or an error naming the line; and the built-in
//! model tags any text's tokens, one analysis each.

#![no_main]

use english_tagger::{Tagger, read_conllu};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    let _ = Tagger::from_bytes(data, "fuzz");
    let text = String::from_utf8_lossy(data);
    let _ = read_conllu(&text, "fuzz");
    static TAGGER: OnceLock<Tagger> = OnceLock::new();
    let tagger = TAGGER.get_or_init(|| Tagger::default_model().expect("the built-in model"));
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(tagger.tag(&words).len(), words.len());
});
