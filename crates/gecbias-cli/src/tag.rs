//! `gecbias tag`: each line of text becomes one CoNLL-U sentence with Penn and Universal POS
//! tags, lemmas and the dependency labels ERRANT reads.

use std::io::Write;
use std::sync::OnceLock;

use english_tagger::{Analysis, Tagger, write_conllu};

use crate::{Error, input, progress};

/// The longest line `gecbias tag` takes, in tokens: tagging is linear, but a line this long is
/// not a sentence (the UCCA parser's bound is 2,000).
pub const MAX_LINE_TOKENS: usize = 10_000;

/// Tag, lemmatise and label English text (CoNLL-U out): one sentence per line.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The text, one sentence per line (`-`: standard input).
    #[arg(default_value = "-")]
    input: String,
    /// Lines are tokenised already (tokens separated by spaces), as in CoNLL-2014 and JFLEG;
    /// otherwise they are tokenised as the UCCA parser's input is (spaCy 2's English rules).
    #[arg(long)]
    pretokenized: bool,
}

/// The built-in tagger, loaded once per process (the Python package calls [`tag_line`] often).
fn tagger() -> Result<&'static Tagger, Error> {
    static TAGGER: OnceLock<Result<Tagger, String>> = OnceLock::new();
    TAGGER
        .get_or_init(|| Tagger::default_model().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| Error::input(e.clone()))
}

/// One line of text tagged: its tokens (split on spaces when `pretokenized`, else by
/// `english_tagger::tokenize`, the UCCA parser's tokeniser too) and their analyses by the built-in model; `place` (`FILE:LINE`)
/// names the line in the error for a line over [`MAX_LINE_TOKENS`] tokens.
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
        return Err(Error::input(format!(
            "{place}: {} tokens; gecbias tag takes at most {MAX_LINE_TOKENS} per line: split the \
             line into sentences",
            tokens.len()
        )));
    }
    let analyses = tagger()?.tag(&tokens);
    Ok((tokens, analyses))
}

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let lines = input::lines(&args.input)?;
    tagger()?;
    let bar = progress(lines.len(), quiet);
    for (i, line) in lines.iter().enumerate() {
        let place = format!("{}:{}", args.input, i + 1);
        let (tokens, analyses) = tag_line(line, args.pretokenized, &place)?;
        let sentence = format!(
            "# sent_id = {}\n{}",
            i + 1,
            write_conllu(&tokens, &analyses)
        );
        out.write_all(sentence.as_bytes())
            .map_err(Error::at("standard output"))?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
