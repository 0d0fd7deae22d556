//! Tagging English in memory: the built-in tagger (loaded once per process) over one line of
//! text, with the line bound every caller shares.

use std::sync::OnceLock;

use english_tagger::{Analysis, Tagger};

use crate::Error;

/// The longest line tagged, in tokens: tagging is linear, but a line this long is not a sentence
/// (the UCCA parser's bound is 2,000).
pub const MAX_LINE_TOKENS: usize = 10_000;

/// The built-in tagger, loaded once per process.
fn tagger() -> Result<&'static Tagger, Error> {
    static TAGGER: OnceLock<Tagger> = OnceLock::new();
    if let Some(tagger) = TAGGER.get() {
        return Ok(tagger);
    }
    let loaded = Tagger::default_model().map_err(|source| Error::Tagger { source })?;
    Ok(TAGGER.get_or_init(|| loaded))
}

/// One line of text tagged: its tokens (split on spaces when `pretokenized`, else by
/// `english_tagger::tokenize`, the UCCA parser's tokeniser too) and their analyses by the
/// built-in model; `place` (`FILE:LINE`) names the line when it has more than
/// [`MAX_LINE_TOKENS`] tokens.
pub fn tag_line(
    line: &str,
    pretokenized: bool,
    place: &str,
) -> Result<(Vec<String>, Vec<Analysis>), Error> {
    let tokens: Vec<String> = if pretokenized {
        line.split_whitespace().map(str::to_owned).collect()
    } else {
        english_tagger::tokenize(line)
    };
    if tokens.len() > MAX_LINE_TOKENS {
        return Err(Error::TooManyTokens {
            place: place.to_owned(),
            tokens: tokens.len(),
        });
    }
    let analyses = tagger()?.tag(&tokens);
    Ok((tokens, analyses))
}
