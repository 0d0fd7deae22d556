//! `gecbias tag`: each line of text becomes one CoNLL-U sentence with Penn and Universal POS
//! tags, spaCy's lemmas and the dependency labels ERRANT reads.

use std::io::Write;

use english_tagger::{Tagger, write_conllu};

use crate::{Error, input, progress};

/// The longest line `gecbias tag` takes, in tokens: tagging is linear, but a line this long is
/// not a sentence (the UCCA parser's bound is 2,000).
pub(crate) const MAX_LINE_TOKENS: usize = 10_000;

/// Tag, lemmatise and label English text (CoNLL-U out): one sentence per line.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The text, one sentence per line (`-`: standard input).
    #[arg(default_value = "-")]
    input: String,
    /// Lines are tokenised already (tokens separated by spaces), as in CoNLL-2014 and JFLEG;
    /// otherwise the UCCA parser's English tokeniser splits them.
    #[arg(long)]
    pretokenized: bool,
}

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let lines = input::lines(&args.input)?;
    let tagger = Tagger::default_model().map_err(|e| Error::input(e.to_string()))?;
    let bar = progress(lines.len(), quiet);
    for (i, line) in lines.iter().enumerate() {
        let tokens: Vec<String> = if args.pretokenized {
            line.split_whitespace().map(str::to_owned).collect()
        } else {
            ucca_parser::tokenize(line)
                .into_iter()
                .map(|t| t.text)
                .collect()
        };
        if tokens.len() > MAX_LINE_TOKENS {
            return Err(Error::input(format!(
                "{}:{}: {} tokens; gecbias tag takes at most {MAX_LINE_TOKENS} per line",
                args.input,
                i + 1,
                tokens.len()
            )));
        }
        let analyses = tagger.tag(&tokens);
        let sentence = format!(
            "# sent_id = {}\n{}",
            i + 1,
            write_conllu(&tokens, &analyses)
        );
        out.write_all(sentence.as_bytes())
            .map_err(|e| Error::input(format!("standard output: {e}")))?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
