//! Reading sentence-per-line files and splitting them into tokens exactly as the reference tools
//! (all Python) do, so that token boundaries — and therefore every count — agree.

use std::fmt::Write as _;
use std::path::Path;

use crate::Error;

/// The largest file the readers accept (1 GiB): a wrong path, not a corpus, above that.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

use bleu_chrf::python_str::split_on_ascii;
pub use bleu_chrf::python_str::{python_split, python_strip};

/// Checks a reference-based metric's inputs: at least one reference, and the hypotheses and
/// every reference as many lines as the sources. `names` names the files in errors: the sources,
/// the hypotheses, then each reference.
pub fn aligned(
    metric: &str,
    sources: &[String],
    hypotheses: &[String],
    references: &[Vec<String>],
    names: &[&str],
) -> Result<(), Error> {
    if references.is_empty() {
        return Err(Error::InvalidParams(format!(
            "{metric} needs at least one reference"
        )));
    }
    let name = |k: usize| names.get(k).copied().unwrap_or("<input>");
    for (k, lines) in std::iter::once(hypotheses)
        .chain(references.iter().map(Vec::as_slice))
        .enumerate()
    {
        if lines.len() != sources.len() {
            return Err(Error::CountMismatch {
                file: name(k + 1).to_owned(),
                found: lines.len(),
                expected_from: name(0).to_owned(),
                expected: sources.len(),
            });
        }
    }
    Ok(())
}

/// Whether Python 2's byte-string `isspace` holds for `c`: the separators of `bytes.split()` and
/// `bytes.strip()`, ASCII only.
pub(crate) fn is_ascii_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{b}' | '\u{c}')
}

/// Python 2's `bytes.split()`: tokens separated by runs of ASCII whitespace only (the GLEU
/// script reads its files as Python 2 byte strings).
pub(crate) fn ascii_split(text: &str) -> impl Iterator<Item = &str> {
    split_on_ascii(text, |b| is_ascii_space(char::from(b)))
}

/// `str(x)` of a Python 2 float, as the M2 scorer prints its verbose report: `'%.12g' % x`, with
/// `.0` appended when that shows no decimal point or exponent (`1.0`, `0.230769230769`, `1e-05`).
pub(crate) fn python2_float(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".into()
        } else if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let trim = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            s
        }
    };
    // The exponent after rounding to 12 significant digits decides the notation, as %g does.
    let scientific = format!("{x:.11e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..12).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!(
            "{}e{sign}{:02}",
            trim(mantissa.to_owned()),
            exponent.unsigned_abs()
        );
    }
    let fixed = trim(format!("{x:.*}", (11 - exponent) as usize));
    if fixed.contains('.') {
        fixed
    } else {
        fixed + ".0"
    }
}

/// `repr(s)` of a Python 2 unicode string (`u'more'`, `u"one 's"`, `u'caf\xe9'`); `unicode` is
/// false for a byte string, whose only occurrence in the M2 scorer's report is the empty `''` of
/// an empty join. Python 2 escapes every character outside printable ASCII.
pub(crate) fn python2_repr(s: &str, unicode: bool) -> String {
    let prefix = if unicode { "u" } else { "" };
    quoted(s, prefix, |c| !(' '..'\u{7f}').contains(&c))
}

/// A Python string literal as `repr` writes it: `prefix`, single quotes unless the text has a
/// single quote and no double one, backslash escapes for `\\`, `\n`, `\r`, `\t` and the quote,
/// and `\xNN`, `\uNNNN` or `\UNNNNNNNN` for every other character `escaped` selects.
fn quoted(s: &str, prefix: &str, escaped: impl Fn(char) -> bool) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = format!("{prefix}{quote}");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if escaped(c) => {
                let code = c as u32;
                let _ = match code {
                    0..0x100 => write!(out, "\\x{code:02x}"),
                    0x100..0x10000 => write!(out, "\\u{code:04x}"),
                    _ => write!(out, "\\U{code:08x}"),
                };
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// `repr(x)` (and `str(x)`) of a Python 3 float, as `errant_compare` and `SARI.py` print numbers: the shortest digits that round-trip, in
/// positional notation for 1e-4 ≤ |x| < 1e16 (`1.0`, `0.3575`), in scientific notation otherwise
/// (`1e-05`, `1e+16`).
pub fn python_float(x: f64) -> String {
    if !x.is_finite() {
        return python2_float(x);
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let scientific = format!("{x:e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..16).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.unsigned_abs());
    }
    let fixed = format!("{x}");
    if fixed.contains('.') {
        fixed
    } else {
        fixed + ".0"
    }
}

/// Python's `round(x, 4)`: the correctly rounded 4-decimal value. Away from a tie the nearest
/// integer to x·10⁴ is unambiguous and n/10⁴ (one correctly rounded division) is the double
/// Python returns; near a tie the decimal expansion decides, as Python's does.
pub(crate) fn python_round4(x: f64) -> f64 {
    let scaled = x * 10_000.0;
    if scaled.is_finite() && ((scaled - scaled.floor()) - 0.5).abs() > 1e-6 {
        return scaled.round() / 10_000.0;
    }
    format!("{x:.4}").parse().unwrap_or(x)
}

/// Whether Python 3's `str.isprintable` fails for `c`, for the characters M2 files carry: control
/// characters, the no-break and other spaces but ' ', soft hyphen, zero-width and direction marks,
/// line and paragraph separators, the byte-order mark, interlinear annotation marks.
fn python3_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{a0}'
                | '\u{ad}'
                | '\u{1680}'
                | '\u{2000}'..='\u{200f}'
                | '\u{2028}'..='\u{202f}'
                | '\u{205f}'..='\u{206f}'
                | '\u{3000}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// `repr(s)` of a Python 3 string (`'goes'`, `"one 's"`, `'café'`, `'\xa0'`): only what is not
/// printable is escaped.
pub fn python3_repr(s: &str) -> String {
    quoted(s, "", python3_unprintable)
}

/// The bytes of `path`, read under [`bounded_read::Limits::TEXT`] with at most
/// [`MAX_FILE_BYTES`]: a line past its limit, or a device that never ends, is refused as it is
/// read.
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    let limits = bounded_read::Limits::TEXT.with_max_bytes(MAX_FILE_BYTES);
    Ok(bounded_read::read_file(path, limits)?)
}

/// `bytes` as UTF-8 text, or the line of the first invalid byte. A UTF-8 byte-order mark is not
/// text and is dropped (left in, it would become part of the first token: AMU's F0.5 0.3501
/// turns 0.3499 with a spurious edit).
pub(crate) fn decode(bytes: &[u8], file: &str) -> Result<String, Error> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => Err(Error::NonUtf8 {
            file: file.to_owned(),
            line: 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
        }),
    }
}

/// The lines of a sentence-per-line text as Python's `readlines` gives them (split after each
/// `\n`; a final line without `\n` counts, a final `\n` does not open another), each without its
/// line ending (`\n` or `\r\n`: the RoRo output has CRLF endings, which every reference tool
/// strips as whitespace).
pub fn lines(text: &str) -> Vec<&str> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    body.split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect()
}

/// The UTF-8 text of the file at `path` (at most [`MAX_FILE_BYTES`]); a bad byte is an error
/// naming its line.
pub fn read_text(path: impl AsRef<Path>) -> Result<String, Error> {
    let path = path.as_ref();
    decode(&read_bytes(path)?, &path.display().to_string())
}

/// `bytes` read from `name` (standard input, say) as UTF-8 text, as [`read_text`] checks it.
pub fn decode_text(bytes: &[u8], name: &str) -> Result<String, Error> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::TooLarge {
            file: name.to_owned(),
            bytes: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    decode(bytes, name)
}

/// The lines of the file at `path` ([`lines`]), as owned strings; an empty file is an error.
pub fn read_lines(path: impl AsRef<Path>) -> Result<Vec<String>, Error> {
    let file = path.as_ref().display().to_string();
    let text = read_text(path)?;
    let lines: Vec<String> = lines(&text).into_iter().map(str::to_owned).collect();
    if lines.is_empty() {
        return Err(Error::Empty { file });
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_follow_readlines() {
        assert_eq!(lines(""), Vec::<&str>::new());
        assert_eq!(lines("a"), vec!["a"]);
        assert_eq!(lines("a\n"), vec!["a"]);
        assert_eq!(lines("a\r\nb\r\n"), vec!["a", "b"]);
        assert_eq!(lines("a\n\n"), vec!["a", ""]);
        assert_eq!(lines("\n"), vec![""]);
    }

    #[test]
    fn splitting_matches_python() {
        let text = " a\u{a0}b\u{1c}c\t d \u{3000}";
        assert_eq!(python_split(text).collect::<Vec<_>>(), ["a", "b", "c", "d"]);
        assert_eq!(
            ascii_split(text).collect::<Vec<_>>(),
            ["a\u{a0}b\u{1c}c", "d", "\u{3000}"]
        );
        assert_eq!(python_strip("\u{85} x y\r"), "x y");
    }

    #[test]
    fn strings_and_floats_print_as_python_does() {
        assert_eq!(python2_repr("more", true), "u'more'");
        assert_eq!(python2_repr("one 's", true), "u\"one 's\"");
        assert_eq!(python2_repr("a'b\"c", true), "u'a\\'b\"c'");
        assert_eq!(
            python2_repr("caf\u{e9} \u{2019}", true),
            "u'caf\\xe9 \\u2019'"
        );
        assert_eq!(python2_repr("", false), "''");
        assert_eq!(python3_repr("goes"), "'goes'");
        assert_eq!(python3_repr("one 's"), "\"one 's\"");
        assert_eq!(
            python3_repr("caf\u{e9}\u{a0}\u{200b}"),
            "'caf\u{e9}\\xa0\\u200b'"
        );
        assert_eq!(python_float(0.5), "0.5");
        assert_eq!(python_float(1.0), "1.0");
        assert_eq!(python_float(0.3575), "0.3575");
        assert_eq!(python_float(1e-5), "1e-05");
        assert_eq!(python_float(0.0001), "0.0001");
        assert_eq!(python_float(1e16), "1e+16");
        assert_eq!(python_float(123456789012345.0), "123456789012345.0");
        assert_eq!(python2_repr("", true), "u''");
    }

    #[test]
    fn floats_print_as_python_2_does() {
        for (x, python) in [
            (1.0, "1.0"),
            (0.0, "0.0"),
            (0.5, "0.5"),
            (3.0 / 13.0, "0.230769230769"),
            (0.00878293601004016, "0.00878293601004"),
            (1e-5, "1e-05"),
            (123456789012.0, "123456789012.0"),
            (1234567890123.0, "1.23456789012e+12"),
            (0.038112522686025406, "0.038112522686"),
        ] {
            assert_eq!(python2_float(x), python, "{x}");
        }
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let err = decode(b"ok\nstill ok\nbad \xff\n", "f.txt").unwrap_err();
        assert_eq!(err.to_string(), "f.txt:3: not valid UTF-8");
    }
}
