//! Signatures in sacrebleu's style: a metric's name, then every option that changes a number as a
//! `key:value` field (or a bare flag), joined by `|` — rendered by one type and parsed back, so a
//! result can be checked against the options that produced it.

use std::fmt;

/// A signature: `NAME|key:value|flag|…`, fields in the order they were added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    name: String,
    fields: Vec<(String, Option<String>)>,
}

impl Signature {
    /// A signature of metric `name` without fields.
    pub fn new(name: impl Into<String>) -> Signature {
        Signature {
            name: name.into(),
            fields: Vec::new(),
        }
    }

    /// The M2 scorer's signature against a gold with `annotators` annotators (the most any
    /// sentence has): `M2|refs:2|beta:0.5|muw:2|case:sensitive|refsel:running|version:…`.
    pub fn m2(annotators: usize, options: &gec_metrics::M2Options) -> Signature {
        let case = if options.ignore_whitespace_casing {
            "insensitive"
        } else {
            "sensitive"
        };
        Signature::new("M2")
            .with("refs", annotators)
            .with("beta", options.beta)
            .with("muw", options.max_unchanged_words)
            .with("case", case)
            .with("refsel", "running")
            .with("version", crate::VERSION)
    }

    /// compute_gleu's signature with `references` references and `iterations` rounds of
    /// reference draws (one draw when there is one reference: every round is the same);
    /// `resampled` records that intervals or tests resample the pooled references' statistics.
    pub fn gleu(references: usize, iterations: usize, resampled: bool) -> Signature {
        let draws = if references == 1 { 1 } else { iterations };
        let signature = Signature::new("GLEU")
            .with("refs", references)
            .with("iter", draws)
            .with("draws", "python2");
        let signature = if resampled {
            signature.with("resample", "pooled-refs")
        } else {
            signature
        };
        signature.with("version", crate::VERSION)
    }

    /// This signature with `key:value` appended.
    #[must_use]
    pub fn with(mut self, key: &str, value: impl fmt::Display) -> Signature {
        self.fields.push((key.to_owned(), Some(value.to_string())));
        self
    }

    /// This signature with `test:NAME` after its `refs` field (sacreBLEU's `nrefs`; first where
    /// it has neither), as
    /// sacreBLEU 1 named a test set scored by name: the references are that set's.
    #[must_use]
    pub fn with_test_set(mut self, name: &str) -> Signature {
        let at = self
            .fields
            .iter()
            .position(|(k, _)| k == "refs" || k == "nrefs")
            .map_or(0, |k| k + 1);
        self.fields
            .insert(at, ("test".to_owned(), Some(name.to_owned())));
        self
    }

    /// This signature closed by `impl:NAME|version:…`: the reference implementation whose numbers
    /// it gives, and this crate's version.
    #[must_use]
    pub fn implemented_by(self, name: &str) -> Signature {
        self.with("impl", name).with("version", crate::VERSION)
    }

    /// This signature with a bare flag appended (a field without a value, e.g. `xml`).
    #[must_use]
    pub fn flag(mut self, key: &str) -> Signature {
        self.fields.push((key.to_owned(), None));
        self
    }

    /// This signature with `other`'s fields appended (its name dropped).
    #[must_use]
    pub fn extended(mut self, other: &Signature) -> Signature {
        self.fields.extend(other.fields.iter().cloned());
        self
    }

    /// The metric's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value of field `key` (`Some("")` for a flag), if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_deref().unwrap_or(""))
    }

    /// Parses a rendered signature; `None` for an empty text, an empty field or an empty name.
    pub fn parse(text: &str) -> Option<Signature> {
        let mut parts = text.split('|');
        let name = parts.next().filter(|n| !n.is_empty())?;
        let fields = parts
            .map(|part| match part.split_once(':') {
                Some((key, value)) if !key.is_empty() => {
                    Some((key.to_owned(), Some(value.to_owned())))
                }
                None if !part.is_empty() => Some((part.to_owned(), None)),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Signature {
            name: name.to_owned(),
            fields,
        })
    }
}

/// A signature serialises as its rendered text.
impl serde::Serialize for Signature {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (key, value) in &self.fields {
            match value {
                Some(v) => write!(f, "|{key}:{v}")?,
                None => write!(f, "|{key}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_and_parses_back() {
        let s = Signature::new("USim")
            .with("params", "released")
            .flag("xml")
            .with("version", "0.1.0");
        assert_eq!(s.to_string(), "USim|params:released|xml|version:0.1.0");
        assert_eq!(Signature::parse(&s.to_string()), Some(s.clone()));
        assert_eq!(
            (s.get("params"), s.get("xml"), s.get("beta")),
            (Some("released"), Some(""), None)
        );
        let m2 = Signature::parse("M2|refs:2|beta:0.5|seed:12345").unwrap();
        assert_eq!((m2.name(), m2.get("beta")), ("M2", Some("0.5")));
        for bad in ["", "|refs:2", "M2||x", "M2|:2"] {
            assert_eq!(Signature::parse(bad), None, "{bad}");
        }
    }
}
