//! Rust values as Python ones through serde's data model, with no text in between: structs and
//! maps become dictionaries (field names as keys, `#[serde(flatten)]` and `rename` honoured),
//! sequences and tuples lists, `None` and unit `None`, a unit variant its name, a newtype
//! variant `{name: value}`; values whose `Serialize` writes a string (a signature) strings.

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::ser::{self, Serialize};

/// `value` as a Python object.
pub(crate) fn to_python<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(Serializer { py }).map_err(|e| e.0)
}

/// A failure while building the object: the Python error, or serde's message.
#[derive(Debug)]
pub(crate) struct Error(PyErr);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<M: std::fmt::Display>(message: M) -> Error {
        Error(PyValueError::new_err(message.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Error {
        Error(e)
    }
}

#[derive(Clone, Copy)]
struct Serializer<'py> {
    py: Python<'py>,
}

impl<'py> Serializer<'py> {
    fn object<T: IntoPyObject<'py>>(self, value: T) -> Result<Bound<'py, PyAny>, Error> {
        value.into_bound_py_any(self.py).map_err(Error)
    }
}

/// A list being filled.
struct Items<'py> {
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
    /// A tuple variant's name: the list becomes `{name: list}`.
    variant: Option<&'static str>,
}

impl<'py> Items<'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items
            .push(value.serialize(Serializer { py: self.py })?);
        Ok(())
    }

    fn finish(self) -> Result<Bound<'py, PyAny>, Error> {
        let list = PyList::new(self.py, self.items)?.into_any();
        wrap(self.py, self.variant, list)
    }
}

/// A dictionary being filled.
struct Fields<'py> {
    py: Python<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
    /// A struct variant's name: the dictionary becomes `{name: dict}`.
    variant: Option<&'static str>,
}

impl<'py> Fields<'py> {
    fn finish(self) -> Result<Bound<'py, PyAny>, Error> {
        wrap(self.py, self.variant, self.dict.into_any())
    }
}

fn wrap<'py>(
    py: Python<'py>,
    variant: Option<&'static str>,
    value: Bound<'py, PyAny>,
) -> Result<Bound<'py, PyAny>, Error> {
    match variant {
        None => Ok(value),
        Some(name) => {
            let outer = PyDict::new(py);
            outer.set_item(name, value)?;
            Ok(outer.into_any())
        }
    }
}

impl<'py> ser::Serializer for Serializer<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Items<'py>;
    type SerializeTuple = Items<'py>;
    type SerializeTupleStruct = Items<'py>;
    type SerializeTupleVariant = Items<'py>;
    type SerializeMap = Fields<'py>;
    type SerializeStruct = Fields<'py>;
    type SerializeStructVariant = Fields<'py>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok, Error> {
        self.object(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok, Error> {
        self.object(v)
    }
    fn serialize_none(self) -> Result<Self::Ok, Error> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok, Error> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok, Error> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok, Error> {
        self.object(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Self::Ok, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok, Error> {
        let inner = value.serialize(self)?;
        wrap(self.py, Some(variant), inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items<'py>, Error> {
        Ok(Items {
            py: self.py,
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items<'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Items<'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items<'py>, Error> {
        let mut items = self.serialize_seq(Some(len))?;
        items.variant = Some(variant);
        Ok(items)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Fields<'py>, Error> {
        Ok(Fields {
            py: self.py,
            dict: PyDict::new(self.py),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Fields<'py>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields<'py>, Error> {
        let mut fields = self.serialize_map(Some(len))?;
        fields.variant = Some(variant);
        Ok(fields)
    }
}

/// The four list-building traits: each element pushed, the list finished.
macro_rules! items {
    ($($trait:ident::$method:ident),*) => {$(
        impl<'py> ser::$trait for Items<'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }
            fn end(self) -> Result<Self::Ok, Error> {
                self.finish()
            }
        }
    )*};
}

items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl<'py> ser::SerializeMap for Fields<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(Serializer { py: self.py })?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        self.dict
            .set_item(key, value.serialize(Serializer { py: self.py })?)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok, Error> {
        self.finish()
    }
}

/// The two struct-building traits: each field set under its name, the dictionary finished.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl<'py> ser::$trait for Fields<'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.dict
                    .set_item(key, value.serialize(Serializer { py: self.py })?)?;
                Ok(())
            }
            fn end(self) -> Result<Self::Ok, Error> {
                self.finish()
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);
