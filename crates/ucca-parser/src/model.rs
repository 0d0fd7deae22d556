//! The model file: everything parsing needs in one binary file.
//!
//! Layout (little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `UCCAPRSR` |
//! | 4 | format version ([`FORMAT_VERSION`]) |
//! | 4 | header length H |
//! | H | header: UTF-8 JSON ([`ModelHeader`]: feature set, actions, training data digest, dev F1, …, and the FNV-1a 64 checksum of the payload) |
//! | … | payload: tags (u16 count; per tag u8 length + bytes); lexicon (u32 count; per word, sorted: u8 length + bytes, u32 cluster or `u32::MAX`, u8 tag or 255, u8 WordNet parts of speech, u8 lexicographer file or 255); weights (u32 count; per feature, by key: u64 key, u8 n, n × (u8 action, IEEE 754 half-precision weight)) |
//!
//! Reading checks the magic, the version, every length against the bytes left and the checksum,
//! and says which part is wrong.

use std::path::Path;

use mono_align::morphy::WordClass;
use ucca_graph::dag_f1::DagF1;

use crate::features::{FeatureSet, fnv1a};
use crate::lexicon::{LexEntry, Lexicon};
use crate::perceptron::Weights;
use crate::{Action, Error, half};

/// The model file's magic bytes.
pub const MAGIC: &[u8; 8] = b"UCCAPRSR";

/// The version of the layout this crate reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// What a model file says about itself (its JSON header).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ModelHeader {
    /// The feature set the weights were trained with.
    pub features: FeatureSet,
    /// The actions, in the order of the weights' action numbers (`Action::to_string`).
    pub actions: Vec<String>,
    /// What the model was trained on (e.g. `UCCA English Wiki v1.2, ACL-2017 train split`).
    pub training_data: String,
    /// A digest of the training files (base64 SHA-256 of their manifest).
    pub training_data_digest: String,
    /// Sentences trained on.
    pub training_sentences: usize,
    /// The seed of the training run.
    pub seed: u64,
    /// Epochs run, and the one whose averaged weights are kept (1-based).
    pub epochs: usize,
    /// The epoch kept: best labeled primary F1 on dev.
    pub best_epoch: usize,
    /// The kept weights, as stored, on the dev sentences: the official evaluator's counts
    /// (normalised, micro), so a reader recomputes the F1 exactly.
    pub dev: DagF1,
    /// Minimum updates a feature needed to be kept.
    pub min_updates: u32,
    /// FNV-1a 64 of the payload, as 16 hexadecimal digits.
    pub payload_checksum: String,
}

/// A trained parser model: its header, its lexicon and its weights.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// What the file says about the model.
    pub header: ModelHeader,
    /// The word-level signals of the model's vocabulary.
    pub lexicon: Lexicon,
    /// The averaged perceptron's weights.
    pub weights: Weights,
}

impl Model {
    /// The actions in the order [`Action::index`] numbers them, as written in headers.
    pub fn action_names() -> Vec<String> {
        Action::all().map(|a| a.to_string()).collect()
    }

    /// The model as bytes (the module's layout); the header's checksum is filled in.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        payload.extend((self.lexicon.tags.len() as u16).to_le_bytes());
        for t in &self.lexicon.tags {
            put_str(&mut payload, t);
        }
        let mut words: Vec<(&String, &LexEntry)> = self
            .lexicon
            .entries
            .iter()
            .filter(|(w, _)| w.len() <= 255)
            .collect();
        words.sort_unstable_by(|a, b| a.0.cmp(b.0));
        payload.extend((words.len() as u32).to_le_bytes());
        for (w, e) in words {
            put_str(&mut payload, w);
            payload.extend(e.cluster.unwrap_or(u32::MAX).to_le_bytes());
            payload.push(e.tag.unwrap_or(255));
            payload.push(e.wordnet.parts_of_speech);
            payload.push(e.wordnet.lexicographer_file.unwrap_or(255));
        }
        payload.extend((self.weights.feature_count() as u32).to_le_bytes());
        for (key, entries) in self.weights.iter() {
            payload.extend(key.to_le_bytes());
            payload.push(entries.len() as u8);
            for &(a, w) in entries {
                payload.push(a);
                payload.extend(half::to_bits(w).to_le_bytes());
            }
        }
        let mut header = self.header.clone();
        header.payload_checksum = format!("{:016x}", fnv1a(&payload));
        let json = serde_json::to_vec(&header).unwrap_or_default();
        let mut out = Vec::with_capacity(16 + json.len() + payload.len());
        out.extend(MAGIC);
        out.extend(FORMAT_VERSION.to_le_bytes());
        out.extend((json.len() as u32).to_le_bytes());
        out.extend(json);
        out.extend(payload);
        out
    }

    /// Reads a model from bytes; `origin` names them in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Model, Error> {
        let bad = |message: String| Error::Model {
            origin: origin.to_owned(),
            message,
        };
        let mut r = Reader {
            bytes,
            at: 0,
            origin,
        };
        if r.take(8, "magic")? != MAGIC {
            return Err(bad(
                "not a gecbias UCCA parser model (wrong magic bytes)".into()
            ));
        }
        let version = r.u32("format version")?;
        if version != FORMAT_VERSION {
            return Err(bad(format!(
                "format version {version}; this build reads version {FORMAT_VERSION}"
            )));
        }
        let length = r.u32("header length")? as usize;
        let header: ModelHeader = serde_json::from_slice(r.take(length, "header")?)
            .map_err(|e| bad(format!("unreadable header: {e}")))?;
        let payload = &bytes[r.at..];
        let checksum = format!("{:016x}", fnv1a(payload));
        if checksum != header.payload_checksum {
            return Err(bad(format!(
                "checksum {checksum} differs from the header's {}: the file is truncated or corrupt",
                header.payload_checksum
            )));
        }
        if header.actions != Model::action_names() {
            return Err(bad("the model's actions differ from this build's".into()));
        }
        let tag_count = r.u16("tag count")?;
        let tags = (0..tag_count)
            .map(|_| r.string("tag"))
            .collect::<Result<Vec<_>, _>>()?;
        let word_count = r.u32("lexicon size")?;
        let mut entries = std::collections::HashMap::with_capacity(word_count as usize);
        for _ in 0..word_count {
            let word = r.string("lexicon word")?;
            let cluster = r.u32("cluster")?;
            let fields = r.take(3, "lexicon entry")?;
            entries.insert(
                word,
                LexEntry {
                    cluster: (cluster != u32::MAX).then_some(cluster),
                    tag: (fields[0] != 255).then_some(fields[0]),
                    wordnet: WordClass {
                        parts_of_speech: fields[1],
                        lexicographer_file: (fields[2] != 255).then_some(fields[2]),
                    },
                },
            );
        }
        let feature_count = r.u32("weight count")?;
        let mut features = Vec::with_capacity(feature_count as usize);
        for _ in 0..feature_count {
            let key = u64::from_le_bytes(r.array("feature key")?);
            let n = r.take(1, "feature size")?[0];
            let mut votes = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let action = r.take(1, "action")?[0];
                if usize::from(action) >= crate::ACTION_COUNT {
                    return Err(bad(format!("action number {action} out of range")));
                }
                votes.push((
                    action,
                    half::from_bits(u16::from_le_bytes(r.array("weight")?)),
                ));
            }
            features.push((key, votes));
        }
        if r.at != bytes.len() {
            return Err(bad(format!(
                "{} bytes after the weights",
                bytes.len() - r.at
            )));
        }
        Ok(Model {
            header,
            lexicon: Lexicon { entries, tags },
            weights: Weights::from_sorted(features),
        })
    }

    /// Reads a model file.
    pub fn read(path: impl AsRef<Path>) -> Result<Model, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Model::from_bytes(&bytes, &path.display().to_string())
    }

    /// Writes the model file.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        std::fs::write(path, self.to_bytes()).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    let bytes = &s.as_bytes()[..s.len().min(255)];
    out.push(bytes.len() as u8);
    out.extend(bytes);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    origin: &'a str,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Error> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(Error::Model {
                origin: self.origin.to_owned(),
                message: format!(
                    "truncated: the {what} at byte {} needs {n} bytes, {} are left",
                    self.at,
                    self.bytes.len() - self.at
                ),
            });
        };
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Error> {
        let bytes = self.take(N, what)?;
        let mut out = [0; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    fn u16(&mut self, what: &str) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    fn u32(&mut self, what: &str) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    fn string(&mut self, what: &str) -> Result<String, Error> {
        let n = self.take(1, what)?[0] as usize;
        let at = self.at;
        let bytes = self.take(n, what)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| Error::Model {
            origin: self.origin.to_owned(),
            message: format!("the {what} at byte {at} is not UTF-8"),
        })
    }
}
