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

const MAGIC: &[u8; 16] = b"GECBIAS-TAGGER\0\0";
const VERSION: u32 = 2;

struct Writer(Vec<u8>);

impl Writer {
    fn u32(&mut self, n: usize) {
        self.0.extend_from_slice(&(n as u32).to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u32(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }
    fn weights(&mut self, w: &Weights) {
        self.u32(w.classes);
        self.u32(w.index.len());
        let mut keys: Vec<(&u64, &(u32, u32))> = w.index.iter().collect();
        keys.sort_unstable();
        for (key, &(start, end)) in keys {
            self.0.extend_from_slice(&key.to_le_bytes());
            self.0
                .extend_from_slice(&((end - start) as u16).to_le_bytes());
            for &(class, weight) in &w.entries[start as usize..end as usize] {
                self.0.extend_from_slice(&class.to_le_bytes());
                self.0.extend_from_slice(&weight.to_le_bytes());
            }
        }
    }
}

/// The model's bytes.
pub(crate) fn encode(t: &Tagger) -> Vec<u8> {
    let mut w = Writer(MAGIC.to_vec());
    w.u32(VERSION as usize);
    w.u32(t.info.lines.len());
    for (k, v) in &t.info.lines {
        w.str(k);
        w.str(v);
    }
    w.0.push(t.groups.bits());
    w.0.push(t.beam);
    w.u32(t.classes.len());
    for (x, u) in &t.classes {
        w.str(x);
        w.str(u);
    }
    w.weights(&t.tags);
    w.weights(&t.labels);
    let mut lexicon: Vec<(&String, &(u16, bool))> = t.lexicon.iter().collect();
    lexicon.sort_unstable();
    w.u32(lexicon.len());
    for (word, (class, sure)) in lexicon {
        w.str(word);
        w.0.extend_from_slice(&class.to_le_bytes());
        w.0.push(u8::from(*sure));
    }
    let mut clusters: Vec<(&String, &u32)> = t.clusters.iter().collect();
    clusters.sort_unstable();
    w.u32(clusters.len());
    for (word, path) in clusters {
        w.str(word);
        w.0.extend_from_slice(&path.to_le_bytes());
    }
    let brill: std::collections::BTreeMap<&String, &String> = t.brill.iter().collect();
    w.u32(brill.len());
    for (word, tags) in brill {
        w.str(word);
        w.str(tags);
    }
    let tables = &t.lemmatizer.tables;
    w.u32(tables.rules.len());
    for (pos, rules) in &tables.rules {
        w.str(pos);
        w.u32(rules.len());
        for (old, new) in rules {
            w.str(old);
            w.str(new);
        }
    }
    w.u32(tables.index.len());
    for (pos, words) in &tables.index {
        w.str(pos);
        w.u32(words.len());
        for word in words {
            w.str(word);
        }
    }
    w.u32(tables.exceptions.len());
    for (pos, forms) in &tables.exceptions {
        w.str(pos);
        w.u32(forms.len());
        for (form, lemmas) in forms {
            w.str(form);
            w.u32(lemmas.len());
            for lemma in lemmas {
                w.str(lemma);
            }
        }
    }
    w.u32(t.lemmatizer.ud.len());
    for ((word, xpos), edit) in &t.lemmatizer.ud {
        w.str(word);
        w.str(xpos);
        w.str(edit);
    }
    w.0
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    what: &'a str,
}

impl<'a> Reader<'a> {
    fn error(&self, reason: impl Into<String>) -> Error {
        Error::Model {
            what: self.what.to_owned(),
            reason: reason.into(),
        }
    }
    fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| self.error(format!("truncated at byte {}", self.at)))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    fn u32(&mut self) -> Result<usize, Error> {
        Ok(u32::from_le_bytes(self.array()?) as usize)
    }
    /// A count of items each at least `min_size` bytes long, checked against what is left, so a
    /// corrupt count cannot ask for absurd memory.
    fn count(&mut self, min_size: usize) -> Result<usize, Error> {
        let n = self.u32()?;
        if n.saturating_mul(min_size) > self.bytes.len() - self.at {
            return Err(self.error(format!(
                "a count of {n} at byte {} overruns the file",
                self.at - 4
            )));
        }
        Ok(n)
    }
    fn u16(&mut self) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn str(&mut self) -> Result<String, Error> {
        let n = self.count(1)?;
        let at = self.at;
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| self.error(format!("invalid UTF-8 at byte {at}")))
    }
    fn weights(&mut self) -> Result<Weights, Error> {
        let classes = self.u32()?;
        let features = self.count(10)?;
        let mut w = Weights {
            classes,
            ..Weights::default()
        };
        w.index.reserve(features);
        for _ in 0..features {
            let key = u64::from_le_bytes(self.array()?);
            let n = usize::from(self.u16()?);
            let start = w.entries.len() as u32;
            // A feature's entries (class u16, weight f32) read as one slice: per-field reads made
            // loading the model a third slower.
            for entry in self.take(6 * n)?.chunks_exact(6) {
                let class = u16::from_le_bytes([entry[0], entry[1]]);
                let weight = f32::from_le_bytes([entry[2], entry[3], entry[4], entry[5]]);
                if usize::from(class) >= classes {
                    return Err(self.error(format!("class {class} of {classes}")));
                }
                w.entries.push((class, weight));
            }
            w.index.insert(key, (start, w.entries.len() as u32));
        }
        Ok(w)
    }
}

/// Reads a model; `what` names its origin in errors.
pub(crate) fn decode(bytes: &[u8], what: &str) -> Result<Tagger, Error> {
    let mut r = Reader { bytes, at: 0, what };
    if r.take(MAGIC.len()).ok() != Some(MAGIC.as_slice()) {
        return Err(r.error("no GECBIAS-TAGGER header"));
    }
    let version = r.u32()?;
    if version != VERSION as usize {
        return Err(r.error(format!("version {version}, this build reads {VERSION}")));
    }
    let mut info = ModelInfo::default();
    for _ in 0..r.count(8)? {
        info.lines.push((r.str()?, r.str()?));
    }
    let groups = FeatureGroups::from_bits(r.array::<1>()?[0]);
    let beam = r.array::<1>()?[0];
    let mut classes = Vec::new();
    for _ in 0..r.count(8)? {
        classes.push((r.str()?, r.str()?));
    }
    let tags = r.weights()?;
    let labels = r.weights()?;
    if tags.classes != classes.len() || labels.classes != crate::deprel::LABELS.len() {
        return Err(r.error("class counts disagree with the label sets"));
    }
    let n = r.count(7)?;
    let mut lexicon = std::collections::HashMap::with_capacity(n);
    for _ in 0..n {
        let word = r.str()?;
        let class = r.u16()?;
        let sure = r.array::<1>()?[0] != 0;
        if usize::from(class) >= classes.len() {
            return Err(r.error(format!("lexicon class {class} of {}", classes.len())));
        }
        lexicon.insert(word, (class, sure));
    }
    let n = r.count(8)?;
    let mut clusters = std::collections::HashMap::with_capacity(n);
    for _ in 0..n {
        let word = r.str()?;
        clusters.insert(word, u32::from_le_bytes(r.array()?));
    }
    let n = r.count(8)?;
    let mut brill = std::collections::HashMap::with_capacity(n);
    for _ in 0..n {
        let word = r.str()?;
        brill.insert(word, r.str()?);
    }
    let mut tables = LemmaTables::default();
    for _ in 0..r.count(8)? {
        let pos = r.str()?;
        let mut rules = Vec::new();
        for _ in 0..r.count(8)? {
            rules.push((r.str()?, r.str()?));
        }
        tables.rules.push((pos, rules));
    }
    for _ in 0..r.count(8)? {
        let pos = r.str()?;
        let mut words = Vec::new();
        for _ in 0..r.count(4)? {
            words.push(r.str()?);
        }
        tables.index.push((pos, words));
    }
    for _ in 0..r.count(8)? {
        let pos = r.str()?;
        let mut forms = Vec::new();
        for _ in 0..r.count(8)? {
            let form = r.str()?;
            let mut lemmas = Vec::new();
            for _ in 0..r.count(4)? {
                lemmas.push(r.str()?);
            }
            forms.push((form, lemmas));
        }
        tables.exceptions.push((pos, forms));
    }
    let mut ud = crate::lemma::UdExceptions::new();
    for _ in 0..r.count(12)? {
        let key = (r.str()?, r.str()?);
        ud.insert(key, r.str()?);
    }
    if r.at != bytes.len() {
        return Err(r.error(format!("{} bytes after the end", bytes.len() - r.at)));
    }
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
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
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
