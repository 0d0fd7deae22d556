//! `gecbias parse`: each line of text becomes one UCCA passage.

use std::io::Write;
use std::path::PathBuf;

use gecbias_engine::TextParsing;

use crate::usim_command::TextArgs;
use crate::{Error, input, progress};

/// Parse text into UCCA passages: one passage per line.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The text, one passage per line (`-`: standard input).
    #[arg(default_value = "-")]
    input: String,
    #[command(flatten)]
    text: TextArgs,
    /// Write line N to DIR/N.xml instead of all passages to standard output.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let lines = input::named_lines(&args.input)?;
    let parsing = TextParsing::new(args.text.options())?;
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir).map_err(Error::at(dir.display()))?;
    }
    let bar = progress(lines.lines.len(), quiet);
    for (number, line) in (1..).zip(&lines.lines) {
        let xml = parsing.passage(&lines.origin, number, line)?.to_xml();
        match &args.out_dir {
            Some(dir) => {
                let path = dir.join(format!("{number}.xml"));
                std::fs::write(&path, xml).map_err(Error::at(path.display()))?;
            }
            None => writeln!(out, "{xml}").map_err(Error::at("standard output"))?,
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
