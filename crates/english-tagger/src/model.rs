//! The model file: a little-endian byte layout that this crate alone writes and reads. Maps are
//! written in sorted order, so the same model always has the same bytes.
//!
//! ```text
//! magic "GECBIAS-TAGGER\0\0", version u32
//! info: n u32, (key str, value str)*
//! groups u8, beam width u8
//! classes: n u32, (xpos str, upos str)*
//! tag weights, label weights: classes u32, features u32, (key u64, n u16, (class u16, weight f32)*)*
//! lexicon: n u32, (word str, class u16, sure u8)*
//! clusters: n u32, (word str, path u32)*
//! Brill's lexicon: n u32, (word str, tags str)*
//! lemma rules: n u32, (pos str, n u32, (old str, new str)*)*
//! lemma index: n u32, (pos str, n u32, word str*)*
//! lemma exceptions: n u32, (pos str, n u32, (form str, n u32, lemma str*)*)*
//! UD lemma exceptions: n u32, (lower-cased word str, Penn tag str, lemma edit str)*
//! ```
//! A `str` is its byte length (u32) and UTF-8 bytes.

use std::path::Path;

use crate::Error;
use crate::features::FeatureGroups;
use crate::lemma::{LemmaTables, Lemmatizer};
use crate::perceptron::Weights;
use crate::tagger::{ModelInfo, Tagger};
use learning_kit::{ByteReader, ByteWriter, Prefix};

const MAGIC: &[u8; 16] = b"GECBIAS-TAGGER\0\0";
const VERSION: u32 = 2;
const FORMAT: &str = "gecbias tagger model";

/// Strings carry a four-byte length.
const STR: Prefix = Prefix::U32;

fn write_weights(w: &mut ByteWriter, weights: &Weights) {
    w.count(weights.classes);
    w.count(weights.index.len());
    let mut keys: Vec<(&u64, &(u32, u32))> = weights.index.iter().collect();
    keys.sort_unstable();
    for (key, &(start, end)) in keys {
        w.u64(*key);
        w.u16((end - start) as u16);
        for &(class, weight) in &weights.entries[start as usize..end as usize] {
            w.u16(class);
            w.f32(weight);
        }
    }
}

/// The model's bytes.
pub(crate) fn encode(t: &Tagger) -> Vec<u8> {
    let mut w = ByteWriter::with_header(MAGIC, VERSION);
    w.count(t.info.lines.len());
    for (k, v) in &t.info.lines {
        w.string(STR, k);
        w.string(STR, v);
    }
    w.u8(t.groups.bits());
    w.u8(t.beam);
    w.count(t.classes.len());
    for (x, u) in &t.classes {
        w.string(STR, x);
        w.string(STR, u);
    }
    write_weights(&mut w, &t.tags);
    write_weights(&mut w, &t.labels);
    let mut lexicon: Vec<(&String, &(u16, bool))> = t.lexicon.iter().collect();
    lexicon.sort_unstable();
    w.count(lexicon.len());
    for (word, (class, sure)) in lexicon {
        w.string(STR, word);
        w.u16(*class);
        w.u8(u8::from(*sure));
    }
    let mut clusters: Vec<(&String, &u32)> = t.clusters.iter().collect();
    clusters.sort_unstable();
    w.count(clusters.len());
    for (word, path) in clusters {
        w.string(STR, word);
        w.u32(*path);
    }
    let brill: std::collections::BTreeMap<&String, &String> = t.brill.iter().collect();
    w.count(brill.len());
    for (word, tags) in brill {
        w.string(STR, word);
        w.string(STR, tags);
    }
    let tables = &t.lemmatizer.tables;
    w.count(tables.rules.len());
    for (pos, rules) in &tables.rules {
        w.string(STR, pos);
        w.count(rules.len());
        for (old, new) in rules {
            w.string(STR, old);
            w.string(STR, new);
        }
    }
    w.count(tables.index.len());
    for (pos, words) in &tables.index {
        w.string(STR, pos);
        w.count(words.len());
        for word in words {
            w.string(STR, word);
        }
    }
    w.count(tables.exceptions.len());
    for (pos, forms) in &tables.exceptions {
        w.string(STR, pos);
        w.count(forms.len());
        for (form, lemmas) in forms {
            w.string(STR, form);
            w.count(lemmas.len());
            for lemma in lemmas {
                w.string(STR, lemma);
            }
        }
    }
    w.count(t.lemmatizer.ud.len());
    for ((word, xpos), edit) in &t.lemmatizer.ud {
        w.string(STR, word);
        w.string(STR, xpos);
        w.string(STR, edit);
    }
    w.into_bytes()
}

fn read_weights(r: &mut ByteReader<'_>) -> Result<Weights, learning_kit::Error> {
    let classes = r.u32("class count")? as usize;
    let features = r.count(10, "weighted features")?;
    let mut w = Weights {
        classes,
        ..Weights::default()
    };
    w.index.reserve(features);
    for _ in 0..features {
        let key = r.u64("feature key")?;
        let n = usize::from(r.u16("feature size")?);
        let start = w.entries.len() as u32;
        // A feature's entries (class u16, weight f32) read as one slice: per-field reads made
        // loading the model a third slower.
        for entry in r.take(6 * n, "feature weights")?.chunks_exact(6) {
            let class = u16::from_le_bytes([entry[0], entry[1]]);
            let weight = f32::from_le_bytes([entry[2], entry[3], entry[4], entry[5]]);
            if usize::from(class) >= classes {
                return Err(learning_kit::Error::invalid(format!(
                    "class {class} of {classes}"
                )));
            }
            w.entries.push((class, weight));
        }
        w.index.insert(key, (start, w.entries.len() as u32));
    }
    Ok(w)
}

/// Reads a model; `what` names its origin in errors.
pub(crate) fn decode(bytes: &[u8], what: &str) -> Result<Tagger, Error> {
    read(bytes).map_err(|source| Error::Model {
        what: what.to_owned(),
        source,
    })
}

fn read(bytes: &[u8]) -> Result<Tagger, learning_kit::Error> {
    let mut r = ByteReader::new(bytes);
    r.header(MAGIC, FORMAT, VERSION)?;
    let mut info = ModelInfo::default();
    for _ in 0..r.count(8, "information lines")? {
        info.lines
            .push((r.string(STR, "key")?, r.string(STR, "value")?));
    }
    let groups = FeatureGroups::from_bits(r.u8("feature groups")?);
    let beam = r.u8("beam width")?;
    let mut classes = Vec::new();
    for _ in 0..r.count(8, "classes")? {
        classes.push((r.string(STR, "Penn tag")?, r.string(STR, "UD tag")?));
    }
    let tags = read_weights(&mut r)?;
    let labels = read_weights(&mut r)?;
    if tags.classes != classes.len() || labels.classes != crate::deprel::LABELS.len() {
        return Err(learning_kit::Error::invalid(
            "class counts disagree with the label sets",
        ));
    }
    let n = r.count(7, "lexicon words")?;
    let mut lexicon = std::collections::HashMap::with_capacity(n);
    for _ in 0..n {
        let word = r.string(STR, "lexicon word")?;
        let class = r.u16("lexicon class")?;
        let sure = r.u8("lexicon certainty")? != 0;
        if usize::from(class) >= classes.len() {
            return Err(learning_kit::Error::invalid(format!(
                "lexicon class {class} of {}",
                classes.len()
            )));
        }
        lexicon.insert(word, (class, sure));
    }
    let n = r.count(8, "cluster words")?;
    let mut clusters = std::collections::HashMap::with_capacity(n);
    for _ in 0..n {
        let word = r.string(STR, "cluster word")?;
        clusters.insert(word, r.u32("cluster path")?);
    }
    let n = r.count(8, "Brill lexicon words")?;
    let mut brill = std::collections::HashMap::with_capacity(n);
    for _ in 0..n {
        let word = r.string(STR, "Brill word")?;
        brill.insert(word, r.string(STR, "Brill tags")?);
    }
    let (tables, ud) = read_lemmas(&mut r)?;
    r.finish()?;
    Ok(Tagger {
        classes,
        groups,
        beam,
        tags,
        labels,
        lexicon,
        clusters,
        brill,
        lemmatizer: Lemmatizer::new(tables, ud),
        info,
    })
}

/// The lemma tables and the UD exceptions, the file's last sections.
fn read_lemmas(
    r: &mut ByteReader<'_>,
) -> Result<(LemmaTables, crate::lemma::UdExceptions), learning_kit::Error> {
    let mut tables = LemmaTables::default();
    for _ in 0..r.count(8, "lemma rule sets")? {
        let pos = r.string(STR, "part of speech")?;
        let mut rules = Vec::new();
        for _ in 0..r.count(8, "lemma rules")? {
            rules.push((r.string(STR, "suffix")?, r.string(STR, "replacement")?));
        }
        tables.rules.push((pos, rules));
    }
    for _ in 0..r.count(8, "lemma indexes")? {
        let pos = r.string(STR, "part of speech")?;
        let mut words = Vec::new();
        for _ in 0..r.count(4, "lemma index words")? {
            words.push(r.string(STR, "lemma index word")?);
        }
        tables.index.push((pos, words));
    }
    for _ in 0..r.count(8, "lemma exception sets")? {
        let pos = r.string(STR, "part of speech")?;
        let mut forms = Vec::new();
        for _ in 0..r.count(8, "lemma exceptions")? {
            let form = r.string(STR, "exception form")?;
            let mut lemmas = Vec::new();
            for _ in 0..r.count(4, "exception lemmas")? {
                lemmas.push(r.string(STR, "exception lemma")?);
            }
            forms.push((form, lemmas));
        }
        tables.exceptions.push((pos, forms));
    }
    let mut ud = crate::lemma::UdExceptions::new();
    for _ in 0..r.count(12, "UD lemma exceptions")? {
        let key = (r.string(STR, "UD word")?, r.string(STR, "UD tag")?);
        ud.insert(key, r.string(STR, "UD lemma edit")?);
    }
    Ok((tables, ud))
}

/// Passes over a string without reading it.
fn skip_string(r: &mut ByteReader<'_>, what: &str) -> Result<(), learning_kit::Error> {
    let n = r.u32(what)? as usize;
    r.take(n, what).map(|_| ())
}

/// Passes over `n` entries of a section, each read by `entry`.
fn skip_entries(
    r: &mut ByteReader<'_>,
    (limit, what): (usize, &str),
    entry: impl Fn(&mut ByteReader<'_>) -> Result<(), learning_kit::Error>,
) -> Result<(), learning_kit::Error> {
    for _ in 0..r.count(limit, what)? {
        entry(r)?;
    }
    Ok(())
}

/// The rule lemmatiser alone: the sections before its tables passed over, not built (a tenth of
/// the time of reading the whole tagger).
fn read_lemmatizer(bytes: &[u8]) -> Result<Lemmatizer, learning_kit::Error> {
    let mut r = ByteReader::new(bytes);
    r.header(MAGIC, FORMAT, VERSION)?;
    skip_entries(&mut r, (8, "information lines"), |r| {
        skip_string(r, "key")?;
        skip_string(r, "value")
    })?;
    r.take(2, "feature groups and beam width")?;
    skip_entries(&mut r, (8, "classes"), |r| {
        skip_string(r, "Penn tag")?;
        skip_string(r, "UD tag")
    })?;
    for _ in 0..2 {
        r.u32("class count")?;
        skip_entries(&mut r, (10, "weighted features"), |r| {
            r.u64("feature key")?;
            let n = usize::from(r.u16("feature size")?);
            r.take(6 * n, "feature weights").map(|_| ())
        })?;
    }
    skip_entries(&mut r, (7, "lexicon words"), |r| {
        skip_string(r, "lexicon word")?;
        r.take(3, "lexicon class and certainty").map(|_| ())
    })?;
    skip_entries(&mut r, (8, "cluster words"), |r| {
        skip_string(r, "cluster word")?;
        r.u32("cluster path").map(|_| ())
    })?;
    skip_entries(&mut r, (8, "Brill lexicon words"), |r| {
        skip_string(r, "Brill word")?;
        skip_string(r, "Brill tags")
    })?;
    let (tables, ud) = read_lemmas(&mut r)?;
    r.finish()?;
    Ok(Lemmatizer::new(tables, ud))
}

/// The rule lemmatiser of the model built into this program (or of the file
/// `$GECBIAS_TAGGER_MODEL` names), read without the tagger's weights and lexicons.
impl Lemmatizer {
    /// The lemmatiser of the built-in model: spaCy's rule lemmatiser with its lookups, as
    /// the tagger's ([`Tagger::lemmatizer`]) is.
    pub fn default_model() -> Result<Lemmatizer, Error> {
        use gecbias_resources::{Located, Resource, locate};
        let read = |bytes: &[u8], what: &str| {
            read_lemmatizer(bytes).map_err(|source| Error::Model {
                what: what.to_owned(),
                source,
            })
        };
        match locate(Resource::EnglishTagger)? {
            Located::Embedded(files) => read(
                files.get("model.bin").unwrap_or_default(),
                &files.describe("model.bin"),
            ),
            Located::Path { path, .. } => read(
                &bounded_read::read_file(&path, bounded_read::Limits::BINARY)?,
                &path.display().to_string(),
            ),
        }
    }
}

/// Tagger models as files and bytes, in this module's format.
impl Tagger {
    /// The model built into this program (`models/english-tagger-ewt/model.bin`), or the file
    /// `$GECBIAS_TAGGER_MODEL` names.
    pub fn default_model() -> Result<Tagger, Error> {
        use gecbias_resources::{Located, Resource, locate};
        match locate(Resource::EnglishTagger)? {
            Located::Embedded(files) => {
                let bytes = files.get("model.bin").unwrap_or_default();
                decode(bytes, &files.describe("model.bin"))
            }
            Located::Path { path, .. } => Tagger::load(&path),
        }
    }

    /// Reads a model file written by [`Tagger::save`].
    pub fn load(path: &Path) -> Result<Tagger, Error> {
        let bytes = bounded_read::read_file(path, bounded_read::Limits::BINARY)?;
        decode(&bytes, &path.display().to_string())
    }

    /// Writes the model (a deterministic byte sequence: the same model, the same bytes).
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        std::fs::write(path, encode(self)).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })
    }

    /// Reads a model from its bytes; `what` names their origin in errors. Any bytes give a model
    /// or [`Error::Model`], never a panic.
    pub fn from_bytes(bytes: &[u8], what: &str) -> Result<Tagger, Error> {
        decode(bytes, what)
    }

    /// The model's bytes, as [`Tagger::save`] writes them.
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }
}
