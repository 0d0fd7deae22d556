//! The UCCA standard XML format (spec `usim-spec.md` §a): reading and writing.

mod read;
mod write;

use std::path::Path;

use crate::{Error, Passage};

impl Passage {
    /// Parses a passage from UCCA standard XML bytes. Errors name `<memory>` and the byte offset.
    pub fn from_xml(bytes: &[u8]) -> Result<Passage, Error> {
        read::parse(bytes, "<memory>")
    }

    /// Parses UCCA standard XML bytes that came from the file `name` (used in error messages).
    pub fn from_xml_named(bytes: &[u8], name: &str) -> Result<Passage, Error> {
        read::parse(bytes, name)
    }

    /// Reads a passage from a UCCA standard XML file.
    pub fn read(path: impl AsRef<Path>) -> Result<Passage, Error> {
        let path = path.as_ref();
        let bytes = bounded_read::read_file(path, bounded_read::Limits::TEXT)?;
        read::parse(&bytes, &path.display().to_string())
    }

    /// The passage as UCCA standard XML (indented, as in the human annotation files). Reading the
    /// result gives a passage equal to `self`.
    pub fn to_xml(&self) -> String {
        write::write(self)
    }
}
