//! The model file: named sections (arrays, string lists, tables) behind a magic number and a
//! format version, closed by the SHA-256 of everything before it, so that a truncated or altered
//! file is refused before anything is used. Written by `cargo xtask import-spacy-model`.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use learning_kit::{ByteReader, Error as CodecError, Prefix};

use crate::Error;

/// The first eight bytes of a model file.
pub const MAGIC: &[u8; 8] = b"GBSPACY\0";

/// The format version this build reads.
pub const FORMAT_VERSION: u32 = 2;

/// A section's contents.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Section {
    /// An f32 array: its shape, then its values in row-major order.
    Array(Vec<usize>, Vec<f32>),
    /// A list of strings.
    Strings(Vec<String>),
    /// Strings by their 64-bit hash.
    ByHash(HashMap<u64, String>),
    /// Ids by their string.
    Ids(HashMap<String, u64>),
}

/// The sections of a model file, by name.
pub(crate) struct Container {
    origin: String,
    sections: HashMap<String, Section>,
}

/// Strings carry a four-byte length.
const STR: Prefix = Prefix::U32;

/// `n` items of `item`, refusing counts the remaining bytes cannot hold (`min` bytes each).
fn many<'a, T>(
    r: &mut ByteReader<'a>,
    min: usize,
    what: &str,
    mut item: impl FnMut(&mut ByteReader<'a>) -> Result<T, CodecError>,
) -> Result<Vec<T>, CodecError> {
    let n = r.count(min, what)?;
    (0..n).map(|_| item(r)).collect()
}

/// One named section.
fn section(r: &mut ByteReader<'_>) -> Result<(String, Section), CodecError> {
    let name = r.string(Prefix::U16, "section name")?;
    let section = match r.u8("section kind")? {
        0 => {
            let rank = r.u8("array rank")?;
            let shape: Vec<usize> = (0..rank)
                .map(|_| r.u32("array dimension").map(|d| d as usize))
                .collect::<Result<_, _>>()?;
            let count = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
            let bytes = count.and_then(|c| c.checked_mul(4)).ok_or_else(|| {
                CodecError::invalid(format!("array {name:?} of shape {shape:?} is too large"))
            })?;
            let values = r
                .take(bytes, "array values")?
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            Section::Array(shape, values)
        }
        1 => Section::Strings(many(r, 4, "strings", |r| r.string(STR, "string"))?),
        2 => Section::ByHash(
            many(r, 12, "hashed strings", |r| {
                Ok((r.u64("hash")?, r.string(STR, "string")?))
            })?
            .into_iter()
            .collect(),
        ),
        3 => Section::Ids(
            many(r, 12, "ids", |r| {
                Ok((r.string(STR, "string")?, r.u64("id")?))
            })?
            .into_iter()
            .collect(),
        ),
        kind => {
            return Err(CodecError::invalid(format!(
                "section {name:?} has unknown kind {kind}"
            )));
        }
    };
    Ok((name, section))
}

/// The sections of a checksummed body.
fn sections(body: &[u8]) -> Result<HashMap<String, Section>, CodecError> {
    let mut r = ByteReader::new(body);
    r.header(MAGIC, "spaCy model file of gecbias", FORMAT_VERSION)?;
    let count = r.u32("section count")?;
    let mut sections = HashMap::new();
    for _ in 0..count {
        let (name, section) = section(&mut r)?;
        sections.insert(name, section);
    }
    r.finish()?;
    Ok(sections)
}

impl Container {
    /// Reads `bytes` (`origin` names them in errors): the magic number, the version, the
    /// checksum, then every section.
    pub(crate) fn parse(bytes: &[u8], origin: &str) -> Result<Container, Error> {
        let bad = |source: CodecError| Error::Model {
            origin: origin.to_owned(),
            source,
        };
        if bytes.len() < MAGIC.len() + 8 + 32 || !bytes.starts_with(MAGIC) {
            return Err(bad(CodecError::invalid(
                "not a spaCy model file of gecbias (wrong magic number, or truncated)",
            )));
        }
        let (body, digest) = bytes.split_at(bytes.len() - 32);
        if Sha256::digest(body).as_slice() != digest {
            return Err(bad(CodecError::invalid(
                "the checksum does not match: the file is truncated or corrupt",
            )));
        }
        Ok(Container {
            origin: origin.to_owned(),
            sections: sections(body).map_err(bad)?,
        })
    }

    fn missing(&self, name: &str, what: &str) -> Error {
        self.error(format!("no {what} section {name:?}"))
    }

    /// The array `name`, which must have `shape`.
    pub(crate) fn array(&self, name: &str, shape: &[usize]) -> Result<&[f32], Error> {
        match self.sections.get(name) {
            Some(Section::Array(s, values)) if s == shape => Ok(values),
            Some(Section::Array(s, _)) => {
                Err(self.error(format!("array {name:?} has shape {s:?}, not {shape:?}")))
            }
            _ => Err(self.missing(name, "array")),
        }
    }

    /// The array `name` and its shape.
    pub(crate) fn any_array(&self, name: &str) -> Result<(&[usize], &[f32]), Error> {
        match self.sections.get(name) {
            Some(Section::Array(s, values)) => Ok((s, values)),
            _ => Err(self.missing(name, "array")),
        }
    }

    /// The string list `name`.
    pub(crate) fn strings(&self, name: &str) -> Result<&[String], Error> {
        match self.sections.get(name) {
            Some(Section::Strings(s)) => Ok(s),
            _ => Err(self.missing(name, "string list")),
        }
    }

    /// Takes the hash table `name` out of the file.
    pub(crate) fn take_by_hash(&mut self, name: &str) -> Result<HashMap<u64, String>, Error> {
        match self.sections.remove(name) {
            Some(Section::ByHash(t)) => Ok(t),
            _ => Err(self.missing(name, "hash table")),
        }
    }

    /// Takes the id table `name` out of the file.
    pub(crate) fn take_ids(&mut self, name: &str) -> Result<HashMap<String, u64>, Error> {
        match self.sections.remove(name) {
            Some(Section::Ids(t)) => Ok(t),
            _ => Err(self.missing(name, "id table")),
        }
    }

    /// An error about this file.
    pub(crate) fn error(&self, message: String) -> Error {
        Error::Model {
            origin: self.origin.clone(),
            source: CodecError::invalid(message),
        }
    }
}
