//! The byte layer of gecbias' model files (the English tagger's, the UCCA parser's, the native
//! spaCy model's): little-endian numbers, length-prefixed UTF-8 strings, counts, a magic number
//! and a format version. Each file format stays in its crate; this module makes every read
//! checked against the bytes left, so that any bytes give a model or an [`Error`] saying what
//! was read where, never a panic or an absurd allocation.

use crate::Error;

/// How many bytes a string's length prefix takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Prefix {
    /// One byte: strings of at most 255 bytes.
    U8,
    /// Two bytes: at most 65,535.
    U16,
    /// Four bytes.
    U32,
}

impl Prefix {
    /// The longest string the prefix can say, in bytes.
    fn max(self) -> usize {
        match self {
            Prefix::U8 => usize::from(u8::MAX),
            Prefix::U16 => usize::from(u16::MAX),
            Prefix::U32 => u32::MAX as usize,
        }
    }
}

/// Reads a model file's bytes front to back; each read names what it reads, for its error.
#[derive(Debug, Clone)]
pub struct ByteReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ByteReader<'a> {
    /// A reader at the first byte.
    pub fn new(bytes: &'a [u8]) -> ByteReader<'a> {
        ByteReader { bytes, at: 0 }
    }

    /// The offset of the next byte to read.
    pub fn position(&self) -> usize {
        self.at
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }

    /// The next `n` bytes, or [`Error::Truncated`].
    pub fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Error> {
        let left = self.bytes.len() - self.at;
        if n > left {
            return Err(Error::Truncated {
                what: what.to_owned(),
                at: self.at,
                needs: n,
                left,
            });
        }
        let out = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(out)
    }

    /// The next `N` bytes as an array.
    pub fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Error> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    /// A byte.
    pub fn u8(&mut self, what: &str) -> Result<u8, Error> {
        Ok(self.take(1, what)?[0])
    }

    /// A little-endian `u16`.
    pub fn u16(&mut self, what: &str) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self, what: &str) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    /// A little-endian `u64`.
    pub fn u64(&mut self, what: &str) -> Result<u64, Error> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    /// A `u32` count of items each at least `min_size` bytes long, refused
    /// ([`Error::Overrun`]) when the bytes left cannot hold them, so that a corrupt count never
    /// asks for absurd memory.
    pub fn count(&mut self, min_size: usize, what: &str) -> Result<usize, Error> {
        let at = self.at;
        let n = self.u32(what)? as usize;
        if n.saturating_mul(min_size) > self.bytes.len() - self.at {
            return Err(Error::Overrun {
                what: what.to_owned(),
                count: n,
                at,
            });
        }
        Ok(n)
    }

    /// A string: its byte length in a `prefix`, then its UTF-8 bytes.
    pub fn string(&mut self, prefix: Prefix, what: &str) -> Result<String, Error> {
        let n = match prefix {
            Prefix::U8 => usize::from(self.u8(what)?),
            Prefix::U16 => usize::from(self.u16(what)?),
            Prefix::U32 => self.u32(what)? as usize,
        };
        let at = self.at;
        let bytes = self.take(n, what)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| Error::NotUtf8 {
            what: what.to_owned(),
            at,
        })
    }

    /// Reads the format's magic bytes ([`Error::Magic`] naming `format` when they differ,
    /// [`Error::Truncated`] when the bytes are fewer), then its `u32` version
    /// ([`Error::Version`] unless it is `version`).
    pub fn header(&mut self, magic: &[u8], format: &str, version: u32) -> Result<(), Error> {
        if self.take(magic.len(), "magic bytes")? != magic {
            return Err(Error::Magic {
                format: format.to_owned(),
            });
        }
        let found = self.u32("format version")?;
        if found != version {
            return Err(Error::Version {
                found,
                reads: version,
            });
        }
        Ok(())
    }

    /// Checks that every byte has been read ([`Error::Trailing`] otherwise).
    pub fn finish(&self) -> Result<(), Error> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            count => Err(Error::Trailing { count }),
        }
    }
}

/// Writes a model file's bytes in the layout [`ByteReader`] reads.
#[derive(Debug, Clone, Default)]
pub struct ByteWriter {
    bytes: Vec<u8>,
}

impl ByteWriter {
    /// A writer that starts with the format's magic bytes and `u32` version.
    pub fn with_header(magic: &[u8], version: u32) -> ByteWriter {
        let mut w = ByteWriter::default();
        w.bytes(magic);
        w.u32(version);
        w
    }

    /// Raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
    }

    /// A byte.
    pub fn u8(&mut self, n: u8) {
        self.bytes.push(n);
    }

    /// A little-endian `u16`.
    pub fn u16(&mut self, n: u16) {
        self.bytes.extend_from_slice(&n.to_le_bytes());
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self, n: u32) {
        self.bytes.extend_from_slice(&n.to_le_bytes());
    }

    /// A little-endian `u64`.
    pub fn u64(&mut self, n: u64) {
        self.bytes.extend_from_slice(&n.to_le_bytes());
    }

    /// A count or length as a `u32`.
    ///
    /// # Panics
    /// When `n` does not fit 32 bits: no model has four billion of anything, so that would be a
    /// bug in the caller.
    pub fn count(&mut self, n: usize) {
        self.u32(u32::try_from(n).expect("a count of a model file fits 32 bits"));
    }

    /// A little-endian IEEE 754 `f32`.
    pub fn f32(&mut self, x: f32) {
        self.bytes.extend_from_slice(&x.to_le_bytes());
    }

    /// A string: its byte length in a `prefix`, then its UTF-8 bytes, cut to the longest
    /// length the prefix can say (callers keep longer strings out of their files).
    pub fn string(&mut self, prefix: Prefix, s: &str) {
        let bytes = &s.as_bytes()[..s.len().min(prefix.max())];
        let n = bytes.len();
        match prefix {
            Prefix::U8 => self.u8(n as u8),
            Prefix::U16 => self.u16(n as u16),
            Prefix::U32 => self.u32(n as u32),
        }
        self.bytes(bytes);
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether nothing has been written.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The bytes written.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let mut w = ByteWriter::with_header(b"TEST", 3);
        w.u8(7);
        w.u16(300);
        w.u64(u64::MAX - 1);
        w.f32(0.5);
        w.string(Prefix::U8, "ünï");
        w.string(Prefix::U32, "");
        w.count(2);
        let bytes = w.into_bytes();
        let mut r = ByteReader::new(&bytes);
        r.header(b"TEST", "test file", 3).unwrap();
        assert_eq!(r.u8("a").unwrap(), 7);
        assert_eq!(r.u16("b").unwrap(), 300);
        assert_eq!(r.u64("c").unwrap(), u64::MAX - 1);
        assert_eq!(f32::from_le_bytes(r.array("d").unwrap()), 0.5);
        assert_eq!(r.string(Prefix::U8, "e").unwrap(), "ünï");
        assert_eq!(r.string(Prefix::U32, "f").unwrap(), "");
        assert_eq!(r.count(0, "g").unwrap(), 2);
        r.finish().unwrap();
    }

    #[test]
    fn bad_bytes_are_refused_saying_what_and_where() {
        let error = |bytes: &[u8]| ByteReader::new(bytes).header(b"TEST", "test file", 3);
        for (bytes, message) in [
            (&b"GIF89a"[..], "not a test file (wrong magic bytes)"),
            (
                b"GIF",
                "truncated: the magic bytes at byte 0 needs 4 bytes, 3 are left",
            ),
            (
                b"TEST\x04\0\0\0",
                "format version 4; this build reads version 3",
            ),
            (
                b"TEST\x03\0",
                "truncated: the format version at byte 4 needs 4 bytes, 2 are left",
            ),
        ] {
            assert_eq!(error(bytes).unwrap_err().to_string(), message);
        }
        let mut r = ByteReader::new(b"\xff\xff\xff\x7f\x01");
        assert_eq!(
            r.count(1, "lexicon size").unwrap_err().to_string(),
            "lexicon size: a count of 2147483647 at byte 0 overruns the file"
        );
        let mut r = ByteReader::new(b"\x02\xff\xfe");
        assert_eq!(
            r.string(Prefix::U8, "tag").unwrap_err().to_string(),
            "the tag at byte 1 is not UTF-8"
        );
        let mut r = ByteReader::new(b"\x01\x02");
        r.u8("x").unwrap();
        assert_eq!(r.finish().unwrap_err().to_string(), "1 bytes after the end");
    }

    #[test]
    fn a_string_longer_than_its_prefix_can_say_is_cut() {
        let mut w = ByteWriter::default();
        w.string(Prefix::U8, &"a".repeat(300));
        assert_eq!(w.len(), 256);
        let bytes = w.into_bytes();
        assert_eq!(
            ByteReader::new(&bytes)
                .string(Prefix::U8, "s")
                .unwrap()
                .len(),
            255
        );
    }
}
