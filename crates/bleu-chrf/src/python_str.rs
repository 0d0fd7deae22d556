//! Python 3's whitespace rules for `str.split()` and `str.strip()`, so that token boundaries —
//! and therefore every n-gram count — agree with the Python reference tools.

/// Whether Python 3's `str.isspace` holds for `c`: the separators of `str.split()` and
/// `str.strip()`. Wider than Rust's `char::is_whitespace` by U+001C–U+001F.
pub fn is_python_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | '\u{b}'
            | '\u{c}'
            | '\r'
            | '\u{1c}'..='\u{1f}'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// Python's `str.split()` without arguments: tokens separated by runs of Unicode whitespace.
/// ASCII text (nearly every line of the corpora) is split byte by byte, without decoding chars.
pub fn python_split(text: &str) -> impl Iterator<Item = &str> {
    let ascii = text.is_ascii();
    let mut chars = text.split(is_python_space);
    let mut bytes = split_on_ascii(text, is_python_space_byte);
    // One iterator that branches per token, rather than a chain of two optional ones: splitting
    // is a tenth of the M2 scorer's time.
    std::iter::from_fn(move || {
        if ascii {
            bytes.next()
        } else {
            chars.find(|t| !t.is_empty())
        }
    })
}

/// [`is_python_space`] of an ASCII byte: one comparison rules out every byte above the space,
/// the bytes of nearly every token.
fn is_python_space_byte(b: u8) -> bool {
    b <= b' ' && matches!(b, b' ' | b'\t'..=b'\r' | 0x1c..=0x1f)
}

/// Python's `str.strip()` without arguments.
pub fn python_strip(text: &str) -> &str {
    text.trim_matches(is_python_space)
}

/// Python's `str.rstrip()` without arguments.
pub fn python_rstrip(text: &str) -> &str {
    text.trim_end_matches(is_python_space)
}

/// The non-empty runs of `text` between bytes that `separator` accepts, found on bytes and sliced
/// from the text (no UTF-8 decoding or re-validation). The separators must be ASCII: those never
/// occur inside a multi-byte character.
pub fn split_on_ascii(text: &str, separator: impl Fn(u8) -> bool) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && separator(bytes[at]) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !separator(bytes[at]) {
            at += 1;
        }
        (start < at).then(|| &text[start..at])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_byte_test_is_pythons_on_every_ascii_byte() {
        for b in 0..=127u8 {
            assert_eq!(
                is_python_space_byte(b),
                is_python_space(char::from(b)),
                "byte {b:#04x}"
            );
        }
    }

    #[test]
    fn splitting_mixed_separators_is_pythons() {
        // "a\x1cb\u{a0}c d" in Python 3: 'a\x1cb\xa0c d'.split() == ['a', 'b', 'c', 'd'];
        // the ASCII path on "\x1fx\x0by  z\t" gives ['x', 'y', 'z'].
        assert_eq!(
            python_split("a\x1cb\u{a0}c d").collect::<Vec<_>>(),
            ["a", "b", "c", "d"]
        );
        assert_eq!(
            python_split("\x1fx\x0by  z\t").collect::<Vec<_>>(),
            ["x", "y", "z"]
        );
    }

    #[test]
    fn stripping_is_pythons() {
        assert_eq!(python_strip("\u{85} x y\r"), "x y");
        assert_eq!(python_rstrip(" x \u{1c}\u{3000}"), " x");
    }
}
