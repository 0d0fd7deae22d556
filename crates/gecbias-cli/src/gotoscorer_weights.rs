//! `gecbias gotoscorer-weights`: a drop-in for gec-metrics' `gecmetrics-gen-gotoscorer-weight`:
//! GoToScorer's difficulty weights of a reference's chunks from many systems' outputs, written as
//! that script writes them (`--out`, `sample_weight.json` by default; `-` for standard output), to
//! be read by `score -m gotoscorer --goto-weights` or by gec-metrics itself. The edits are typed
//! by the native ERRANT (`--analyser`, spaCy's model by default, as the script's ERRANT).

use std::io::Write;

use gecbias_engine::{GotoScorer, System};

use crate::errant_annotate::AnalyserArg;
use crate::{Error, input};

/// GoToScorer's chunk weights from systems' outputs, as gec-metrics' weight script computes them.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The source sentences.
    #[arg(long)]
    src: String,
    /// The reference GoToScorer scores against, line-aligned with the source.
    #[arg(long = "ref")]
    reference: String,
    /// The systems' outputs whose corrections say how hard each chunk is.
    #[arg(long, num_args = 1.., required = true)]
    hyps: Vec<String>,
    /// Where the weights go (`-`: standard output).
    #[arg(long, default_value = "sample_weight.json")]
    out: String,
    /// The analysis of English that types the edits.
    #[arg(long, value_enum, default_value = "spacy")]
    analyser: AnalyserArg,
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let source = input::named_lines(&args.src)?;
    let reference = input::named_lines(&args.reference)?;
    let systems = args
        .hyps
        .iter()
        .map(|h| Ok(System::named(h.clone(), input::named_lines(h)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let weights =
        GotoScorer::new(&source, &reference, args.analyser.into()).difficulty(&systems)?;
    let json = gec_metrics::dropin::goto_weights_json(&weights);
    if args.out == "-" {
        return crate::write_output(sink, json.as_bytes());
    }
    std::fs::write(&args.out, json).map_err(Error::at(&args.out))
}
