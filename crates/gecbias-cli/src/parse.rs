//! `gecbias parse`: each line of text becomes one UCCA passage.

use std::io::Write;
use std::path::PathBuf;

use ucca_parser::Token;
use usim::{TextParser, Tokenization};

use crate::{Error, input, progress, punkt};
use gecbias_engine::{ParserModel, parser};

/// Parse text into UCCA passages: one passage per line.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The text, one passage per line (`-`: standard input).
    #[arg(default_value = "-")]
    input: String,
    /// Lines are tokenised already (tokens separated by spaces), as in CoNLL-2014 and JFLEG.
    #[arg(long)]
    pretokenized: bool,
    /// Cut each line into sentences (NLTK's Punkt) and parse them one by one, as for paragraphs.
    #[arg(long)]
    sentences: bool,
    /// Write line N to DIR/N.xml instead of all passages to standard output.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// The UCCA parser: `bilstm` (the default: the committed BiLSTM, Wiki test primary F1
    /// 0.736), `perceptron` (the committed perceptron, 0.660, about twice as fast, for very
    /// large inputs), or a model file (`cargo xtask train-parser` or `ensemble-parser` writes one).
    #[arg(long, value_name = "NAME|FILE")]
    parser_model: Option<ParserModel>,
}

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let lines = input::lines(&args.input)?;
    let (parser, _) = parser(args.parser_model.as_ref())?;
    let tokenization = if args.pretokenized {
        Tokenization::Pretokenized
    } else {
        Tokenization::Raw
    };
    let splitter = if args.sentences { Some(punkt()?) } else { None };
    let mut text = TextParser::new(&parser, tokenization);
    if let Some(s) = &splitter {
        text = text.with_sentences(s);
    }
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir).map_err(Error::at(dir.display()))?;
    }
    let bar = progress(lines.len(), quiet);
    for (i, line) in lines.iter().enumerate() {
        let id = (i + 1).to_string();
        let passage = if line.trim().is_empty() {
            parser
                .parse_tokens(&id, &Vec::<Token>::new())
                .map_err(|e| e.to_string())
        } else {
            text.passage(&id, line).map_err(|e| e.to_string())
        }
        .map_err(|e| Error::input(format!("{}:{}: {e}", args.input, i + 1)))?;
        let xml = passage.to_xml();
        match &args.out_dir {
            Some(dir) => {
                let path = dir.join(format!("{id}.xml"));
                std::fs::write(&path, xml).map_err(Error::at(path.display()))?;
            }
            None => writeln!(out, "{xml}").map_err(Error::at("standard output"))?,
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
