//! The model file: named sections (arrays, string lists, tables) behind a magic number and a
//! format version, closed by the SHA-256 of everything before it, so that a truncated or altered
//! file is refused before anything is used. Written by `cargo xtask import-spacy-model`.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

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

/// Reads from a byte slice, every read checked against its end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let out = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(out)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u16(&mut self) -> Option<usize> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?).into())
    }

    fn u32(&mut self) -> Option<usize> {
        usize::try_from(u32::from_le_bytes(self.take(4)?.try_into().ok()?)).ok()
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn string(&mut self) -> Option<String> {
        let n = self.u32()?;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }

    /// `n` items of `item`, refusing counts the remaining bytes cannot hold (`min` bytes each).
    fn many<T>(
        &mut self,
        min: usize,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        let n = self.u32()?;
        if n.checked_mul(min)? > self.bytes.len() - self.at {
            return None;
        }
        (0..n).map(|_| item(self)).collect()
    }

    fn section(&mut self) -> Option<(String, Section)> {
        let n = self.u16()?;
        let name = String::from_utf8(self.take(n)?.to_vec()).ok()?;
        let section = match self.u8()? {
            0 => {
                let rank = usize::from(self.u8()?);
                let shape: Vec<usize> = (0..rank).map(|_| self.u32()).collect::<Option<_>>()?;
                let count = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d))?;
                let raw = self.take(count.checked_mul(4)?)?;
                let values = raw
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect();
                Section::Array(shape, values)
            }
            1 => Section::Strings(self.many(4, Reader::string)?),
            2 => Section::ByHash(
                self.many(12, |r| Some((r.u64()?, r.string()?)))?
                    .into_iter()
                    .collect(),
            ),
            3 => Section::Ids(
                self.many(12, |r| Some((r.string()?, r.u64()?)))?
                    .into_iter()
                    .collect(),
            ),
            _ => return None,
        };
        Some((name, section))
    }
}

impl Container {
    /// Reads `bytes` (`origin` names them in errors): the magic number, the version, the
    /// checksum, then every section.
    pub(crate) fn parse(bytes: &[u8], origin: &str) -> Result<Container, Error> {
        let bad = |message: String| Error::Model {
            origin: origin.to_owned(),
            message,
        };
        if bytes.len() < MAGIC.len() + 8 + 32 || !bytes.starts_with(MAGIC) {
            return Err(bad(
                "not a spaCy model file of gecbias (wrong magic number, or truncated)".into(),
            ));
        }
        let (body, digest) = bytes.split_at(bytes.len() - 32);
        if Sha256::digest(body).as_slice() != digest {
            return Err(bad(
                "the checksum does not match: the file is truncated or corrupt".into(),
            ));
        }
        let mut reader = Reader {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = reader.u32().unwrap_or_default();
        if version != FORMAT_VERSION as usize {
            return Err(bad(format!(
                "format version {version}; this build reads version {FORMAT_VERSION}"
            )));
        }
        let count = reader.u32().unwrap_or_default();
        let mut sections = HashMap::new();
        for k in 0..count {
            let (name, section) = reader
                .section()
                .ok_or_else(|| bad(format!("section {} of {count} is malformed", k + 1)))?;
            sections.insert(name, section);
        }
        if reader.at != body.len() {
            return Err(bad(format!(
                "{} bytes after the last section",
                body.len() - reader.at
            )));
        }
        Ok(Container {
            origin: origin.to_owned(),
            sections,
        })
    }

    fn missing(&self, name: &str, what: &str) -> Error {
        Error::Model {
            origin: self.origin.clone(),
            message: format!("no {what} section {name:?}"),
        }
    }

    /// The array `name`, which must have `shape`.
    pub(crate) fn array(&self, name: &str, shape: &[usize]) -> Result<&[f32], Error> {
        match self.sections.get(name) {
            Some(Section::Array(s, values)) if s == shape => Ok(values),
            Some(Section::Array(s, _)) => Err(Error::Model {
                origin: self.origin.clone(),
                message: format!("array {name:?} has shape {s:?}, not {shape:?}"),
            }),
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
            message,
        }
    }
}
