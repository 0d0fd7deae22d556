//! The model file: everything parsing needs in one binary file.
//!
//! Layout (little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `UCCAPRSR` |
//! | 4 | format version ([`FORMAT_VERSION`]) |
//! | 4 | header length H |
//! | H | header: UTF-8 JSON ([`ModelHeader`]: feature set, actions, training data digest, dev F1, …, the digests of the feature templates and the vocabulary, and the FNV-1a 64 checksum of the payload) |
//! | … | payload: tags (u16 count; per tag u8 length + bytes); lexicon (u32 count; per word, sorted: u8 length + bytes, u32 cluster or `u32::MAX`, u8 tag or 255, u8 WordNet parts of speech, u8 lexicographer file or 255); then for the perceptron its weights (u32 count; per feature, by key: u64 key, u8 n, n × (u8 action, IEEE 754 half-precision weight)), for a neural model (the header has `neural`) every parameter of the network in a fixed order as IEEE 754 half precision, as many as the header's shape gives |
//!
//! Reading checks the magic, the version, every length against the bytes left and the checksum,
//! and says which part is wrong; then that the model was trained with this build's feature
//! templates and label set, and that its vocabulary is the one its header names, with a message
//! giving both digests where one differs.

use std::path::Path;

use mono_align::morphy::WordClass;
use ucca_graph::dag_f1::DagF1;

use crate::features::{FeatureSet, fnv1a};
use crate::lexicon::{LexEntry, Lexicon};
use crate::neural::{Network, NeuralSettings, tagger_for};
use crate::perceptron::MIN_UPDATES;
use crate::weights::Weights;
use crate::{Action, Error, digest};
use learning_kit::{ByteReader, ByteWriter, Error as CodecError, Prefix, half};

/// The model file's magic bytes.
pub const MAGIC: &[u8; 8] = b"UCCAPRSR";

/// The version of the layout this crate reads and writes.
///
/// Version 2 added the digests of the feature templates and the vocabulary.
pub const FORMAT_VERSION: u32 = 2;

/// What a model file says about itself (its JSON header).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ModelHeader {
    /// The feature set the weights were trained with.
    pub features: FeatureSet,
    /// The actions, in the order of the weights' action numbers (`Action::to_string`): the label
    /// set, whose digest (FNV-1a 64 of the names joined by newlines) a refusal names.
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
    /// Minimum updates a perceptron feature needed to be kept (absent for a neural model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_updates: Option<u32>,
    /// The network's sizes and training settings: present for a neural model, absent for the
    /// averaged perceptron.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neural: Option<NeuralSettings>,
    /// An ensemble's members (see [`crate::ensemble`]), in the order of the payload's networks:
    /// each network's own training run. Empty for a single classifier, whose run the fields
    /// above describe; for an ensemble they describe its first member, but `dev`, which is the
    /// ensemble's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ensemble: Vec<MemberRun>,
    /// The digest of the feature templates the weights were trained with: FNV-1a 64 of the
    /// feature keys on a fixed probe sentence walked through fixed transitions, so any change to
    /// the templates, their order or their hashing changes it (16 hexadecimal digits).
    pub feature_templates_digest: String,
    /// The digest of the vocabulary: FNV-1a 64 of the lexicon's bytes in the payload.
    pub vocabulary_digest: String,
    /// FNV-1a 64 of the payload, as 16 hexadecimal digits.
    pub payload_checksum: String,
}

/// The training run of one network of an ensemble.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct MemberRun {
    /// The seed of its training run.
    pub seed: u64,
    /// Epochs run.
    pub epochs: usize,
    /// The epoch kept (1-based).
    pub best_epoch: usize,
    /// The network alone on the dev sentences, as [`ModelHeader::dev`].
    pub dev: DagF1,
}

/// A trained parser model: its header, its lexicon and its classifier.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// What the file says about the model.
    pub header: ModelHeader,
    /// The word-level signals of the model's vocabulary.
    pub lexicon: Lexicon,
    /// What scores the transitions.
    pub classifier: TrainedClassifier,
}

/// The scoring part of a model.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum TrainedClassifier {
    /// The averaged perceptron's weights over sparse features.
    Perceptron(Weights),
    /// The BiLSTM encoder and MLP: one network, or an ensemble's (networks of one shape trained
    /// alike from different seeds), which score every action by the mean of their scores.
    Neural(Vec<Network>),
}

impl TrainedClassifier {
    /// The English tagger the classifier reads, if any (a neural model trained with it).
    pub(crate) fn tagger(&self) -> Result<Option<&'static english_tagger::Tagger>, Error> {
        match self {
            TrainedClassifier::Neural(networks) => match networks.first() {
                Some(network) => tagger_for(network.shape()),
                None => Ok(None),
            },
            TrainedClassifier::Perceptron(_) => Ok(None),
        }
    }
}

/// What the classifier a header describes reads.
fn inputs(neural: Option<NeuralSettings>) -> Result<digest::Inputs<'static>, Error> {
    Ok(match neural {
        None => digest::Inputs::Sparse,
        Some(settings) => digest::Inputs::Neural {
            tagger: tagger_for(settings.shape)?,
            characters: settings.shape.char_filters > 0,
        },
    })
}

impl Model {
    /// The actions in the order [`Action::index`] numbers them, as written in headers.
    pub fn action_names() -> Vec<String> {
        Action::all().map(|a| a.to_string()).collect()
    }

    /// The header of a classifier trained with feature set `features` (and, for a neural one,
    /// `neural`) on this lexicon, with this build's actions and the digests that loading checks;
    /// the rest describes the training.
    pub(crate) fn header_for(
        features: FeatureSet,
        neural: Option<NeuralSettings>,
        lexicon: &Lexicon,
    ) -> Result<ModelHeader, Error> {
        Ok(ModelHeader {
            features,
            actions: Model::action_names(),
            training_data: String::new(),
            training_data_digest: String::new(),
            training_sentences: 0,
            seed: 0,
            epochs: 0,
            best_epoch: 0,
            dev: DagF1::default(),
            min_updates: neural.is_none().then_some(MIN_UPDATES),
            neural,
            ensemble: Vec::new(),
            feature_templates_digest: digest::templates(features, inputs(neural)?),
            vocabulary_digest: digest::vocabulary(&lexicon_bytes(lexicon).into_bytes()),
            payload_checksum: String::new(),
        })
    }

    /// The model as bytes (the module's layout); the header's checksum is filled in.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = lexicon_bytes(&self.lexicon);
        match &self.classifier {
            TrainedClassifier::Perceptron(weights) => {
                payload.count(weights.feature_count());
                for (key, entries) in weights.iter() {
                    payload.u64(key);
                    payload.u8(entries.len() as u8);
                    for (a, w) in entries {
                        payload.u8(a);
                        payload.u16(half::to_bits(w));
                    }
                }
            }
            TrainedClassifier::Neural(networks) => {
                for network in networks {
                    payload.bytes(&network.to_bytes());
                }
            }
        }
        let payload = payload.into_bytes();
        let mut header = self.header.clone();
        header.payload_checksum = format!("{:016x}", fnv1a(&payload));
        let json = serde_json::to_vec(&header).unwrap_or_default();
        let mut out = ByteWriter::with_header(MAGIC, FORMAT_VERSION);
        out.count(json.len());
        out.bytes(&json);
        out.bytes(&payload);
        out.into_bytes()
    }

    /// Reads a model from bytes; `origin` names them in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Model, Error> {
        read(bytes).map_err(|source| Error::Model {
            origin: origin.to_owned(),
            source,
        })
    }

    /// Reads a model file.
    pub fn read(path: impl AsRef<Path>) -> Result<Model, Error> {
        let path = path.as_ref();
        let bytes = bounded_read::read_file(path, bounded_read::Limits::BINARY)?;
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

/// Reads the module's layout.
fn read(bytes: &[u8]) -> Result<Model, CodecError> {
    let mut r = ByteReader::new(bytes);
    r.header(MAGIC, "gecbias UCCA parser model", FORMAT_VERSION)?;
    let length = r.u32("header length")? as usize;
    let header: ModelHeader = serde_json::from_slice(r.take(length, "header")?)
        .map_err(|e| CodecError::invalid(format!("unreadable header: {e}")))?;
    let checksum = format!("{:016x}", fnv1a(r.rest()));
    if checksum != header.payload_checksum {
        return Err(CodecError::invalid(format!(
            "checksum {checksum} differs from the header's {}: the file is truncated or corrupt",
            header.payload_checksum
        )));
    }
    let lexicon_start = r.position();
    let tag_count = r.u16("tag count")?;
    let tags = (0..tag_count)
        .map(|_| r.string(STR, "tag"))
        .collect::<Result<Vec<_>, _>>()?;
    let word_count = r.count(8, "lexicon words")?;
    let mut entries = std::collections::HashMap::with_capacity(word_count);
    for _ in 0..word_count {
        let word = r.string(STR, "lexicon word")?;
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
    check_digests(&header, &bytes[lexicon_start..r.position()]).map_err(CodecError::invalid)?;
    let lexicon = Lexicon { entries, tags };
    let classifier = match header.neural {
        Some(settings) => TrainedClassifier::Neural(read_networks(&header, settings, r.rest())?),
        None => TrainedClassifier::Perceptron(read_weights(&mut r)?),
    };
    Ok(Model {
        header,
        lexicon,
        classifier,
    })
}

/// The networks of a neural model (one, or its ensemble's members), which fill the rest of the
/// file.
fn read_networks(
    header: &ModelHeader,
    settings: NeuralSettings,
    rest: &[u8],
) -> Result<Vec<Network>, CodecError> {
    let members = header.ensemble.len().max(1);
    let each = Network::byte_len(settings.shape);
    if rest.len() != members * each {
        return Err(CodecError::invalid(match members {
            1 => format!(
                "the network takes {} bytes, its shape in the header needs {each}",
                rest.len()
            ),
            _ => format!(
                "the networks take {} bytes; the header's {members} members of its shape need {}",
                rest.len(),
                members * each
            ),
        }));
    }
    rest.chunks_exact(each)
        .map(|bytes| Network::from_bytes(settings.shape, bytes))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| CodecError::invalid("a network does not fit the header's shape"))
}

/// The perceptron's weights, which end the file.
fn read_weights(r: &mut ByteReader<'_>) -> Result<Weights, CodecError> {
    let feature_count = r.count(9, "weighted features")?;
    let mut features = Vec::with_capacity(feature_count);
    for _ in 0..feature_count {
        let key = r.u64("feature key")?;
        let n = r.u8("feature size")?;
        let mut votes = Vec::with_capacity(usize::from(n));
        let mut seen = 0u128;
        for _ in 0..n {
            let action = r.u8("action")?;
            if usize::from(action) >= crate::ACTION_COUNT {
                return Err(CodecError::invalid(format!(
                    "action number {action} out of range"
                )));
            }
            if seen & 1 << action != 0 {
                return Err(CodecError::invalid(format!(
                    "feature {key:016x} votes twice for action number {action}"
                )));
            }
            seen |= 1 << action;
            votes.push((action, half::from_bits(r.u16("weight")?)));
        }
        features.push((key, votes));
    }
    r.finish()?;
    Ok(Weights::from_sorted(features))
}

/// Strings (tags, words) carry a one-byte length.
const STR: Prefix = Prefix::U8;

/// The lexicon's part of the payload: its tags, then its words in byte order (words longer than
/// 255 bytes are left out).
fn lexicon_bytes(lexicon: &Lexicon) -> ByteWriter {
    let mut out = ByteWriter::default();
    out.u16(lexicon.tags.len() as u16);
    for t in &lexicon.tags {
        out.string(STR, t);
    }
    let mut words: Vec<(&String, &LexEntry)> = lexicon
        .entries
        .iter()
        .filter(|(w, _)| w.len() <= 255)
        .collect();
    words.sort_unstable_by(|a, b| a.0.cmp(b.0));
    out.count(words.len());
    for (w, e) in words {
        out.string(STR, w);
        out.u32(e.cluster.unwrap_or(u32::MAX));
        out.u8(e.tag.unwrap_or(255));
        out.u8(e.wordnet.parts_of_speech);
        out.u8(e.wordnet.lexicographer_file.unwrap_or(255));
    }
    out
}

/// Whether the model was trained with this build's feature templates and label set, and its
/// lexicon's bytes are the vocabulary its header names; the message says which digest differs
/// and gives both.
fn check_digests(header: &ModelHeader, lexicon: &[u8]) -> Result<(), String> {
    let (theirs_labels, ours_labels) = (
        digest::labels(&header.actions),
        digest::labels(&Model::action_names()),
    );
    if theirs_labels != ours_labels {
        return Err(format!(
            "the model's label set (digest {theirs_labels}) differs from this build's \
             ({ours_labels}): it was trained for other actions; retrain it (cargo xtask \
             train-parser) or load it with the build that trained it"
        ));
    }
    let templates = digest::templates(
        header.features,
        inputs(header.neural).map_err(|e| e.to_string())?,
    );
    if header.feature_templates_digest != templates {
        return Err(format!(
            "the model's feature templates (digest {}) differ from this build's for feature \
             set {} ({templates}): its weights would score other features; retrain it (cargo \
             xtask train-parser) or load it with the build that trained it",
            header.feature_templates_digest,
            header.features.name()
        ));
    }
    let vocabulary = digest::vocabulary(lexicon);
    if header.vocabulary_digest != vocabulary {
        return Err(format!(
            "the model's vocabulary has digest {vocabulary}, its header names {}",
            header.vocabulary_digest
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_model(features: FeatureSet) -> Model {
        let lexicon = Lexicon {
            entries: [("word".to_owned(), LexEntry::default())].into(),
            tags: vec!["NN".to_owned()],
        };
        Model {
            header: Model::header_for(features, None, &lexicon).unwrap(),
            lexicon,
            classifier: TrainedClassifier::Perceptron(Weights::default()),
        }
    }

    fn error(model: &Model) -> String {
        Model::from_bytes(&model.to_bytes(), "m.bin")
            .unwrap_err()
            .to_string()
    }

    /// Reading the model written is refused with a message containing `fragment`.
    fn assert_refused(model: &Model, fragment: &str) {
        let message = error(model);
        assert!(message.contains(fragment), "{message}");
    }

    #[test]
    fn a_model_written_reads_back() {
        let model = small_model(FeatureSet::ALL);
        let bytes = model.to_bytes();
        let read = Model::from_bytes(&bytes, "m.bin").unwrap();
        assert_eq!(read.to_bytes(), bytes);
        assert_eq!(read.lexicon, model.lexicon);
    }

    fn small_neural_model(tagger: bool) -> Model {
        small_neural_model_seeded(tagger, 1)
    }

    fn small_neural_model_seeded(tagger: bool, seed: u64) -> Model {
        let mut model = small_model(FeatureSet::ALL);
        let mut settings = NeuralSettings::default();
        let shape = &mut settings.shape;
        (shape.word_buckets, shape.word_dim, shape.lstm_hidden) = (64, 4, 3);
        (shape.hidden, shape.structure_buckets, shape.tagger) = (5, 32, tagger);
        model.header = Model::header_for(FeatureSet::ALL, Some(settings), &model.lexicon).unwrap();
        model.classifier =
            TrainedClassifier::Neural(vec![Network::new(settings.shape, seed).rounded(None)]);
        model.header.seed = seed;
        model
    }

    #[test]
    fn a_neural_model_written_reads_back_and_parses() {
        for tagger in [false, true] {
            neural_model_reads_back_and_parses(tagger);
        }
    }

    fn neural_model_reads_back_and_parses(tagger: bool) {
        let model = small_neural_model(tagger);
        let bytes = model.to_bytes();
        let read = Model::from_bytes(&bytes, "m.bin").unwrap();
        assert!(read.classifier == model.classifier, "the same network");
        assert_eq!(read.to_bytes(), bytes);
        assert!(read.header.min_updates.is_none());
        let parser = crate::Parser::new(read);
        for tokens in [&[][..], &["."], &["John", "gave", "Mary", "a", "book", "."]] {
            let passage = parser.parse(tokens).unwrap();
            assert_eq!(passage.terminal_count(), tokens.len());
        }
    }

    #[test]
    fn a_network_unlike_its_header_shape_is_refused() {
        let mut model = small_neural_model(false);
        if let Some(settings) = &mut model.header.neural {
            settings.shape.hidden = 6;
        }
        let message = error(&model);
        assert!(
            message
                .contains("the network takes 638726 bytes, its shape in the header needs 639112"),
            "{message}"
        );
        // A neural model's inputs have their own digest: the perceptron's templates' is refused.
        let mut model = small_neural_model(false);
        model.header.feature_templates_digest =
            digest::templates(FeatureSet::ALL, digest::Inputs::Sparse);
        assert!(error(&model).contains("feature templates"));
        // Reading the tagger's analyses is part of the inputs' digest.
        let with_tagger = small_neural_model(true);
        assert_ne!(
            with_tagger.header.feature_templates_digest,
            small_neural_model(false).header.feature_templates_digest
        );
    }

    #[test]
    fn other_feature_templates_are_refused_naming_both_digests() {
        let mut model = small_model(FeatureSet::ORTHOGRAPHY);
        let ours = model.header.feature_templates_digest.clone();
        model.header.feature_templates_digest = "00000000000000ff".into();
        let message = error(&model);
        assert!(message.starts_with("m.bin: "), "{message}");
        assert!(
            message.contains("feature templates (digest 00000000000000ff)"),
            "{message}"
        );
        assert!(
            message.contains(&format!("orthography ({ours})")),
            "{message}"
        );
        // The digest belongs to the feature set: another set's templates are not these.
        model.header.feature_templates_digest =
            digest::templates(FeatureSet::ALL, digest::Inputs::Sparse);
        assert!(error(&model).contains("feature templates"));
    }

    #[test]
    fn another_label_set_is_refused_naming_both_digests() {
        let mut model = small_model(FeatureSet::ALL);
        let ours = digest::labels(&model.header.actions);
        model.header.actions[4] = "NODE-X".into();
        let message = error(&model);
        assert!(
            message.contains(&format!(
                "label set (digest {}) differs from this build's ({ours})",
                digest::labels(&model.header.actions)
            )),
            "{message}"
        );
        assert_ne!(digest::labels(&model.header.actions), ours);
    }

    #[test]
    fn a_feature_voting_twice_for_an_action_is_refused() {
        let mut model = small_model(FeatureSet::ALL);
        model.classifier = TrainedClassifier::Perceptron(Weights::from_sorted(vec![(
            5,
            vec![(3, 1.0), (3, 2.0)],
        )]));
        assert_refused(
            &model,
            "feature 0000000000000005 votes twice for action number 3",
        );
    }

    #[test]
    fn a_vocabulary_other_than_the_header_names_is_refused() {
        let mut model = small_model(FeatureSet::ALL);
        let named = model.header.vocabulary_digest.clone();
        model
            .lexicon
            .entries
            .insert("more".into(), LexEntry::default());
        let message = error(&model);
        assert!(
            message.contains(&format!("its header names {named}")),
            "{message}"
        );
    }

    #[test]
    fn an_ensemble_written_reads_back_and_parses() {
        let members: Vec<Model> = [1, 2, 3]
            .map(|seed| small_neural_model_seeded(false, seed))
            .into();
        let pair = crate::ensemble(members[..2].to_vec(), &[]).unwrap();
        let seeds = |m: &Model| m.header.ensemble.iter().map(|r| r.seed).collect::<Vec<_>>();
        assert_eq!(seeds(&pair), [1, 2]);
        let bytes = pair.to_bytes();
        let read = Model::from_bytes(&bytes, "m.bin").unwrap();
        assert!(read.classifier == pair.classifier, "the same networks");
        assert_eq!(read.header.ensemble, pair.header.ensemble);
        assert_eq!(read.to_bytes(), bytes);
        let parser = crate::Parser::new(read);
        let tokens = ["John", "gave", "Mary", "a", "book", "."];
        assert_eq!(parser.parse(&tokens).unwrap().terminal_count(), 6);
        // An ensemble joins another member as its members.
        let trio = crate::ensemble(vec![pair.clone(), members[2].clone()], &[]).unwrap();
        assert_eq!(seeds(&trio), [1, 2, 3]);
        // A header naming two members over one network's values is refused, saying how many
        // bytes its members need.
        let mut short = pair;
        if let TrainedClassifier::Neural(networks) = &mut short.classifier {
            networks.pop();
        }
        assert_refused(&short, "; the header's 2 members of its shape need");
    }

    #[test]
    fn models_that_cannot_make_an_ensemble_are_refused_naming_the_member() {
        let member = || small_neural_model_seeded(false, 1);
        let refused = |members: Vec<Model>| crate::ensemble(members, &[]).unwrap_err().to_string();
        assert_eq!(refused(vec![]), "cannot make an ensemble: no member");
        assert_eq!(
            refused(vec![member()]),
            "cannot make an ensemble: one network is not an ensemble"
        );
        assert_eq!(
            refused(vec![small_model(FeatureSet::ALL), member()]),
            "cannot make an ensemble: member 1 is not a neural model"
        );
        let with_tagger = small_neural_model_seeded(true, 2);
        assert_eq!(
            refused(vec![member(), member(), with_tagger]),
            "cannot make an ensemble: member 3 differs from member 1 in its network settings"
        );
        let mut other_words = member();
        other_words
            .lexicon
            .entries
            .insert("more".into(), LexEntry::default());
        assert_eq!(
            refused(vec![member(), other_words]),
            "cannot make an ensemble: member 2 differs from member 1 in its lexicon"
        );
    }
}
