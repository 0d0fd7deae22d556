//! `gecbias tag`: each line of text becomes one CoNLL-U sentence with Penn and Universal POS
//! tags, lemmas and the dependency labels ERRANT reads.

use std::io::Write;

use english_tagger::write_conllu;
use gecbias_engine::tag_line;

use crate::{Error, input, progress};

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

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let lines = input::lines(&args.input)?;
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
