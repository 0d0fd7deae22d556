//! `gecbias sari`: `SARI.py`'s numbers (cocoxu/simplification) for an output file — the script has
//! no command line of its own, so this prints what `print(SARIsent(…))` prints: the mean of the
//! sentence scores over the corpus (the corpus SARI of the LCB paper's code) or, with
//! `--sentence-level`, each sentence's score, one per line, as Python 3 prints a float. Lines are
//! stripped as the script does under Python 3 (`--python2`: as under Python 2, ASCII whitespace
//! only). `--easse` prints EASSE's corpus SARI (0–100) instead.

use std::io::Write;

use gec_metrics::dropin::python_float;
use gec_metrics::sari::{SariStrip, sari_score};
use simplification_metrics::{EasseVariant, Preprocessing, References, easse_corpus_sari};

use crate::{Error, input};

/// SARI of a simplification system's output against its source and references.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The source (complex) sentences.
    #[arg(long)]
    orig: String,
    /// Reference simplifications, line-aligned with the source.
    #[arg(long, num_args = 1.., required = true)]
    refs: Vec<String>,
    /// The system's output (`-`: standard input).
    #[arg(long)]
    sys: String,
    /// Each sentence's SARI, one per line.
    #[arg(long, conflicts_with = "easse")]
    sentence_level: bool,
    /// Strip lines as SARI.py does under Python 2 (ASCII whitespace only) instead of Python 3
    /// (also no-break and other Unicode spaces).
    #[arg(long)]
    python2: bool,
    /// EASSE's corpus SARI (`default`, `legacy` or `paper`) instead of SARI.py's mean.
    #[arg(long, value_parser = ["default", "legacy", "paper"], num_args = 0..=1, default_missing_value = "default")]
    easse: Option<String>,
}

fn stripped(path: &str, strip: SariStrip) -> Result<Vec<String>, Error> {
    Ok(input::lines(path)?
        .iter()
        .map(|l| strip.strip(l).to_owned())
        .collect())
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let failure = |e: gec_metrics::Error| Error::library(e);
    let strip = if args.python2 {
        SariStrip::Python2
    } else {
        SariStrip::Python3
    };
    let sources = stripped(&args.orig, strip)?;
    let outputs = stripped(&args.sys, strip)?;
    let references = args
        .refs
        .iter()
        .map(|r| stripped(r, strip))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<&str> = [&args.orig, &args.sys]
        .into_iter()
        .chain(&args.refs)
        .map(|p| input::name(p))
        .collect();
    let mut out = String::new();
    if let Some(variant) = &args.easse {
        let variant = match variant.as_str() {
            "legacy" => EasseVariant::Legacy,
            "paper" => EasseVariant::PaperVersion,
            _ => EasseVariant::Default,
        };
        // Checks the shape with the files' names before EASSE's unnamed check.
        sari_score(&sources, &outputs, &references, &names).map_err(failure)?;
        let references = References::from_streams(&references).map_err(Error::library)?;
        let easse = easse_corpus_sari(
            &sources,
            &outputs,
            &references,
            variant,
            Preprocessing::default(),
        )
        .map_err(Error::library)?;
        out = format!("{}\n", python_float(easse.sari));
    } else {
        let score = sari_score(&sources, &outputs, &references, &names).map_err(failure)?;
        if args.sentence_level {
            for s in &score.sentences {
                out.push_str(&python_float(*s));
                out.push('\n');
            }
        } else {
            out = format!("{}\n", python_float(score.mean));
        }
    }
    crate::write_output(sink, out.as_bytes())
}
