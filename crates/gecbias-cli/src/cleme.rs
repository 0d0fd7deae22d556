//! `gecbias cleme`: a drop-in for CLEME's `main.py` (THUKElab/CLEME): its flags and, on the same
//! M2 files, the same bytes on standard output (its timestamped log lines aside, which go nowhere).
//!
//! `--metric cleme2` is CLEME2.0 with the length weigher: `main.py` weighs CLEME2.0's chunks
//! with BERTScore similarities, which needs a model, so that weigher is left out. Only English
//! (`--lang eng`) and the two CLEME metrics are here; ERRANT and GLEU have their own drop-ins
//! (`gecbias errant-compare`, `gecbias gleu`, `gecbias koyama-gleu`).

use std::io::Write;

use gec_metrics::cleme::HeuoFactors;
use gec_metrics::dropin::{cleme_report, cleme2_report, python3_repr};
use gec_metrics::{ClemeAssumption, cleme_m2_counts};

use crate::{Error, input};

/// `--metric`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Metric {
    /// CLEME: chunk-level P, R, F_0.5 and accuracy.
    Cleme,
    /// CLEME2.0: hit-, wrong-, under- and over-correction and their combination (length weigher;
    /// the BERTScore similarity weigher needs a model and is left out).
    Cleme2,
}

/// `--level`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Level {
    /// CLEME2.0's corpus-level factors (CLEME prints both levels either way).
    Corpus,
    /// CLEME2.0's sentence-level factors.
    Sentence,
}

/// CLEME's assumption (`gecbias cleme --assumption`, `gecbias score --cleme-assumption`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Assumption {
    /// Against each reference on its own; the best per sentence counts.
    Dependent,
    /// Against all references at once, chunk by chunk.
    Independent,
}

impl From<Assumption> for ClemeAssumption {
    fn from(a: Assumption) -> ClemeAssumption {
        match a {
            Assumption::Dependent => ClemeAssumption::Dependent,
            Assumption::Independent => ClemeAssumption::Independent,
        }
    }
}

/// CLEME or CLEME2.0 of a hypothesis M2 file against a reference M2 file, as CLEME's `main.py`
/// prints them.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The reference M2 file (one target per annotator).
    #[arg(long = "ref")]
    reference: String,
    /// The hypothesis M2 file (one annotator), e.g. from `gecbias errant-parallel`.
    #[arg(long = "hyp")]
    hypothesis: String,
    /// The language; only English (`eng`).
    #[arg(long, default_value = "eng", value_parser = ["eng"])]
    lang: String,
    /// cleme or cleme2 (CLEME2.0 with the length weigher).
    #[arg(long, value_enum)]
    metric: Metric,
    /// corpus or sentence: which of CLEME2.0's factor sets combine its aspects.
    #[arg(long, value_enum, default_value_t = Level::Corpus)]
    level: Level,
    /// dependent or independent.
    #[arg(long, value_enum, default_value_t = Assumption::Dependent)]
    assumption: Assumption,
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let reference = input::m2(&args.reference, false)?;
    let hypothesis = input::m2(&args.hypothesis, false)?;
    let assumption = ClemeAssumption::from(args.assumption);
    let counts = cleme_m2_counts(&reference, &hypothesis, assumption).map_err(Error::library)?;
    let report = match args.metric {
        Metric::Cleme => cleme_report(&counts),
        Metric::Cleme2 => {
            let factors = match args.level {
                Level::Corpus => HeuoFactors::CORPUS,
                Level::Sentence => HeuoFactors::SENTENCE,
            };
            cleme2_report(&counts, factors)
        }
    };
    // main.py's `--metric` value, as its argument namespace prints it.
    let metric = crate::value_name(args.metric);
    let level = match args.level {
        Level::Corpus => "corpus",
        Level::Sentence => "sentence",
    };
    let out = format!(
        "Args: Namespace(ref={}, hyp={}, lang={}, metric='{metric}', level='{level}', assumption='{}')\n{report}",
        python3_repr(&args.reference),
        python3_repr(&args.hypothesis),
        python3_repr(&args.lang),
        assumption.name(),
    );
    crate::write_output(sink, out.as_bytes())
}
