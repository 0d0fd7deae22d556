//! A reader for the authors' stored coverage arrays (`calculations_data/*coverage_data*`):
//! Python pickles (protocol 2–3) of nested lists of numpy `float64` arrays, as written by
//! `pickle.dump` under numpy 1.x.
//!
//! Only what those files use is understood — lists, tuples, small integers, strings, bytes,
//! booleans, `None`, the memo, and the two numpy constructors (`numpy.core.multiarray
//! _reconstruct` with its `BUILD` state, and `numpy dtype`). Nothing is ever imported or
//! executed: a global is just a name, and any other global or opcode is an error naming the
//! file and byte offset.

use std::path::Path;

use crate::Error;

/// A numpy array of `float64`, C order.
#[derive(Debug, Clone, PartialEq)]
pub struct Array {
    /// The dimensions.
    pub shape: Vec<usize>,
    /// The values in C (row-major) order.
    pub values: Vec<f64>,
}

/// A pickled value of the subset this reader understands.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A bytes object.
    Bytes(Vec<u8>),
    /// A tuple.
    Tuple(Vec<Value>),
    /// A list.
    List(Vec<Value>),
    /// A numpy array.
    Array(Array),
}

/// Reads the pickle in `path`.
pub fn read(path: impl AsRef<Path>) -> Result<Value, Error> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })?;
    parse(&bytes, &path.display().to_string())
}

/// The authors' coverage arrays: `[comparison][sentence][m]` — comparison 0 is exact match, 1
/// is Exact Index Match; each sentence's array is the mean coverage for M = 0, 1, …
pub fn coverage_arrays(value: &Value, file: &str) -> Result<Vec<Vec<Vec<f64>>>, Error> {
    let shape_error = |message: String| Error::Pickle {
        file: file.to_owned(),
        offset: 0,
        message,
    };
    let Value::List(methods) = value else {
        return Err(shape_error("the top level is not a list".into()));
    };
    methods
        .iter()
        .map(|method| match method {
            Value::List(sentences) => sentences
                .iter()
                .map(|s| match s {
                    Value::Array(a) => Ok(a.values.clone()),
                    other => Err(shape_error(format!(
                        "a sentence entry is not an array: {other:?}"
                    ))),
                })
                .collect(),
            _ => Err(shape_error("a comparison entry is not a list".into())),
        })
        .collect()
}

/// What the stack holds while parsing: finished values, numpy objects under construction, and
/// the marks of `MARK`.
#[derive(Debug, Clone)]
enum Item {
    Value(Value),
    Global(String),
    Dtype { name: String },
    PendingArray,
    Mark,
}

/// Parses pickle bytes; `file` names the source in errors.
pub fn parse(bytes: &[u8], file: &str) -> Result<Value, Error> {
    Parser {
        bytes,
        file,
        at: 0,
        stack: Vec::new(),
        memo: Vec::new(),
    }
    .run()
}

struct Parser<'a> {
    bytes: &'a [u8],
    file: &'a str,
    at: usize,
    stack: Vec<Item>,
    memo: Vec<Option<Item>>,
}

const RECONSTRUCT: &str = "numpy.core.multiarray _reconstruct";
const DTYPE: &str = "numpy dtype";

impl Parser<'_> {
    fn error(&self, message: impl Into<String>) -> Error {
        Error::Pickle {
            file: self.file.to_owned(),
            offset: self.at,
            message: message.into(),
        }
    }

    fn take(&mut self, n: usize) -> Result<&[u8], Error> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| self.error(format!("truncated: {n} more bytes expected")))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self) -> Result<usize, Error> {
        Ok(self.take(1)?[0] as usize)
    }

    fn u32(&mut self) -> Result<usize, Error> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }

    fn line(&mut self) -> Result<String, Error> {
        let rest = &self.bytes[self.at..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| self.error("unterminated name"))?;
        let text = std::str::from_utf8(&rest[..end])
            .map_err(|_| self.error("a name is not UTF-8"))?
            .to_owned();
        self.at += end + 1;
        Ok(text)
    }

    fn pop(&mut self) -> Result<Item, Error> {
        match self.stack.pop() {
            Some(Item::Mark) | None => Err(self.error("stack underflow")),
            Some(item) => Ok(item),
        }
    }

    fn pop_value(&mut self) -> Result<Value, Error> {
        match self.pop()? {
            Item::Value(v) => Ok(v),
            other => Err(self.error(format!("expected a value, found {other:?}"))),
        }
    }

    fn pop_to_mark(&mut self) -> Result<Vec<Item>, Error> {
        let mark = self
            .stack
            .iter()
            .rposition(|i| matches!(i, Item::Mark))
            .ok_or_else(|| self.error("no MARK on the stack"))?;
        let items = self.stack.split_off(mark + 1);
        self.stack.pop();
        Ok(items)
    }

    fn values(&self, items: Vec<Item>) -> Result<Vec<Value>, Error> {
        items
            .into_iter()
            .map(|item| match item {
                Item::Value(v) => Ok(v),
                other => Err(self.error(format!("expected a value, found {other:?}"))),
            })
            .collect()
    }

    fn tuple(&mut self, n: usize) -> Result<(), Error> {
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(self.pop()?);
        }
        items.reverse();
        // A dtype inside a tuple is the array state's dtype, a global the class argument of
        // `_reconstruct`: both are kept as their names.
        let values = items
            .into_iter()
            .map(|item| match item {
                Item::Value(v) => Ok(v),
                Item::Dtype { name } | Item::Global(name) => Ok(Value::Str(name)),
                other => Err(self.error(format!("cannot put {other:?} in a tuple"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.stack.push(Item::Value(Value::Tuple(values)));
        Ok(())
    }

    fn append(&mut self, new: Vec<Value>) -> Result<(), Error> {
        match self.stack.last_mut() {
            Some(Item::Value(Value::List(list))) => {
                list.extend(new);
                Ok(())
            }
            _ => Err(self.error("APPEND(S) without a list")),
        }
    }

    fn memo_put(&mut self, index: usize) -> Result<(), Error> {
        let top = self
            .stack
            .last()
            .cloned()
            .ok_or_else(|| self.error("PUT on an empty stack"))?;
        if index > 1_000_000 {
            return Err(self.error(format!("absurd memo index {index}")));
        }
        if self.memo.len() <= index {
            self.memo.resize(index + 1, None);
        }
        self.memo[index] = Some(top);
        Ok(())
    }

    fn memo_get(&mut self, index: usize) -> Result<(), Error> {
        let item = self
            .memo
            .get(index)
            .cloned()
            .flatten()
            .ok_or_else(|| self.error(format!("memo entry {index} was never stored")))?;
        self.stack.push(item);
        Ok(())
    }

    fn reduce(&mut self) -> Result<(), Error> {
        let args = self.pop_value()?;
        match self.pop()? {
            Item::Global(name) if name == RECONSTRUCT => self.stack.push(Item::PendingArray),
            Item::Global(name) if name == DTYPE => match args {
                Value::Tuple(a) if matches!(a.first(), Some(Value::Str(_))) => {
                    let Some(Value::Str(name)) = a.into_iter().next() else {
                        unreachable!("checked by the guard")
                    };
                    self.stack.push(Item::Dtype { name });
                }
                other => return Err(self.error(format!("unexpected dtype arguments {other:?}"))),
            },
            other => return Err(self.error(format!("refusing to call {other:?}"))),
        }
        Ok(())
    }

    fn build(&mut self) -> Result<(), Error> {
        let state = self.pop_value()?;
        match self.pop()? {
            Item::Dtype { name } => {
                let Value::Tuple(fields) = &state else {
                    return Err(self.error("dtype state is not a tuple"));
                };
                let order = fields.get(1);
                if name != "f8" || !matches!(order, Some(Value::Str(o)) if o == "<" || o == "=") {
                    return Err(self.error(format!(
                        "only little-endian float64 arrays are supported, found {name} {order:?}"
                    )));
                }
                self.stack.push(Item::Dtype { name });
            }
            Item::PendingArray => {
                let array = self.array(state)?;
                self.stack.push(Item::Value(Value::Array(array)));
            }
            other => return Err(self.error(format!("cannot BUILD {other:?}"))),
        }
        Ok(())
    }

    fn array(&self, state: Value) -> Result<Array, Error> {
        let Value::Tuple(fields) = state else {
            return Err(self.error("array state is not a tuple"));
        };
        let [
            _,
            Value::Tuple(shape),
            Value::Str(dtype),
            Value::Bool(fortran),
            Value::Bytes(data),
        ] = fields.as_slice()
        else {
            return Err(self.error(format!("unexpected array state {fields:?}")));
        };
        if dtype != "f8" || *fortran {
            return Err(self.error("only C-ordered float64 arrays are supported"));
        }
        let shape = shape
            .iter()
            .map(|d| match d {
                Value::Int(n) if *n >= 0 => Ok(*n as usize),
                other => Err(self.error(format!("bad dimension {other:?}"))),
            })
            .collect::<Result<Vec<usize>, _>>()?;
        let count = shape
            .iter()
            .try_fold(1usize, |acc, &d| acc.checked_mul(d))
            .filter(|&c| c.checked_mul(8) == Some(data.len()))
            .ok_or_else(|| {
                self.error(format!(
                    "shape {shape:?} does not match {} data bytes",
                    data.len()
                ))
            })?;
        let values = data
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("chunks of 8")))
            .collect::<Vec<_>>();
        debug_assert_eq!(values.len(), count);
        Ok(Array { shape, values })
    }

    fn run(mut self) -> Result<Value, Error> {
        loop {
            let opcode = self.u8()? as u8;
            match opcode {
                0x80 => {
                    let protocol = self.u8()?;
                    if !(2..=4).contains(&protocol) {
                        return Err(self.error(format!("unsupported protocol {protocol}")));
                    }
                }
                b'.' => {
                    let value = self.pop_value()?;
                    return match self.stack.is_empty() {
                        true => Ok(value),
                        false => Err(self.error("items left on the stack at STOP")),
                    };
                }
                b'(' => self.stack.push(Item::Mark),
                b']' => self.stack.push(Item::Value(Value::List(Vec::new()))),
                b')' => self.stack.push(Item::Value(Value::Tuple(Vec::new()))),
                b'N' => self.stack.push(Item::Value(Value::None)),
                0x88 => self.stack.push(Item::Value(Value::Bool(true))),
                0x89 => self.stack.push(Item::Value(Value::Bool(false))),
                b'c' => {
                    let module = self.line()?;
                    let name = self.line()?;
                    self.stack.push(Item::Global(format!("{module} {name}")));
                }
                // BINPUT / LONG_BINPUT, BINGET / LONG_BINGET: a one- or four-byte memo index.
                b'q' | b'r' => {
                    let i = if opcode == b'q' {
                        self.u8()?
                    } else {
                        self.u32()?
                    };
                    self.memo_put(i)?;
                }
                b'h' | b'j' => {
                    let i = if opcode == b'h' {
                        self.u8()?
                    } else {
                        self.u32()?
                    };
                    self.memo_get(i)?;
                }
                0x85 => self.tuple(1)?,
                0x86 => self.tuple(2)?,
                0x87 => self.tuple(3)?,
                b't' => {
                    let items = self.pop_to_mark()?;
                    let n = items.len();
                    self.stack.extend(items);
                    self.tuple(n)?;
                }
                b'a' => {
                    let v = self.pop_value()?;
                    self.append(vec![v])?;
                }
                b'e' => {
                    let items = self.pop_to_mark()?;
                    let values = self.values(items)?;
                    self.append(values)?;
                }
                b'R' => self.reduce()?,
                b'b' => self.build()?,
                other => match self.literal(other)? {
                    Some(value) => self.stack.push(Item::Value(value)),
                    None => {
                        self.at -= 1;
                        return Err(self.error(format!("unsupported opcode 0x{other:02x}")));
                    }
                },
            }
        }
    }

    /// The value of an opcode that pushes a number, a string or bytes read after it; `None` for
    /// any other opcode.
    fn literal(&mut self, opcode: u8) -> Result<Option<Value>, Error> {
        Ok(Some(match opcode {
            b'K' => Value::Int(self.u8()? as i64),
            b'M' => {
                let b = self.take(2)?;
                Value::Int(i64::from(u16::from_le_bytes([b[0], b[1]])))
            }
            b'J' => {
                let b = self.take(4)?;
                Value::Int(i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])))
            }
            b'X' => {
                let n = self.u32()?;
                let raw = self.take(n)?.to_vec();
                Value::Str(String::from_utf8(raw).map_err(|_| self.error("a string is not UTF-8"))?)
            }
            b'C' => {
                let n = self.u8()?;
                Value::Bytes(self.take(n)?.to_vec())
            }
            b'B' => {
                let n = self.u32()?;
                Value::Bytes(self.take(n)?.to_vec())
            }
            _ => return Ok(None),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pickle.dumps([[numpy.array([[0.0, 0.5]])]], protocol=3)` under numpy 1.x, by hand.
    fn one_array() -> Vec<u8> {
        let mut p = vec![0x80, 3, b']', b'q', 0, b'(', b']', b'q', 1, b'('];
        p.extend(b"cnumpy.core.multiarray\n_reconstruct\nq\x02cnumpy\nndarray\nq\x03K\x00\x85q\x04C\x01bq\x05\x87q\x06Rq\x07(K\x01K\x01K\x02\x86q\x08cnumpy\ndtype\nq\tX\x02\x00\x00\x00f8q\nK\x00K\x01\x87q\x0bRq\x0c(K\x03X\x01\x00\x00\x00<q\rNNNJ\xff\xff\xff\xffJ\xff\xff\xff\xffK\x00tq\x0eb\x89C\x10");
        p.extend(0.0f64.to_le_bytes());
        p.extend(0.5f64.to_le_bytes());
        p.extend(b"q\x0ftq\x10bee.");
        p
    }

    #[test]
    fn reads_a_nested_array() {
        let value = parse(&one_array(), "t").unwrap();
        let arrays = coverage_arrays(&value, "t").unwrap();
        assert_eq!(arrays, vec![vec![vec![0.0, 0.5]]]);
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        let mut bad = one_array();
        let at = bad.windows(5).position(|w| w == b"numpy").unwrap();
        bad[at..at + 5].copy_from_slice(b"posix");
        assert!(matches!(parse(&bad, "t"), Err(Error::Pickle { .. })));
        let truncated = &one_array()[..60];
        let err = parse(truncated, "f.pkl").unwrap_err().to_string();
        assert!(err.starts_with("f.pkl: byte "), "{err}");
        assert!(parse(b"", "t").is_err());
        assert!(parse(b"\x80\x03.", "t").is_err());
    }
}
