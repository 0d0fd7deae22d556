//! The spaCy model reader on arbitrary bytes: refused with an error, never a panic. Inputs that
//! start like a model file reach the section reader only with a matching checksum, so the target
//! appends one to every input after the magic number and version.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sha2::{Digest, Sha256};

fuzz_target!(|data: &[u8]| {
    let _ = spacy_sm::Model::from_bytes(data, "fuzz");
    let mut body = spacy_sm::MAGIC.to_vec();
    body.extend_from_slice(&spacy_sm::FORMAT_VERSION.to_le_bytes());
    body.extend_from_slice(data);
    let digest = Sha256::digest(&body);
    body.extend_from_slice(&digest);
    let _ = spacy_sm::Model::from_bytes(&body, "fuzz");
});
