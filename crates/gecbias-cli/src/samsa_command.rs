//! `gecbias samsa`: SAMSA and SAMSA_abl of systems' outputs against their sources — the
//! catalogue's `score -m samsa samsa_abl --source ORIG -i SYS…`, under the names simplification
//! researchers know (EASSE's `--orig_sents_path`/`--sys_sents_path` become `--orig`/`--sys`).

use std::ffi::OsString;
use std::io::Write;

use gecbias_engine::Metric;

use crate::Error;

/// `gecbias samsa`'s flags.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The source sentences, one per line (Moses-tokenised before parsing, case kept).
    #[arg(long)]
    orig: String,
    /// Each system's outputs, line-aligned with the sources: PATH or NAME=PATH; the first is
    /// the baseline of paired tests.
    #[arg(long, num_args = 1.., required = true)]
    sys: Vec<String>,
    /// The UCCA parser: `bilstm` (the default), `perceptron`, or a model file.
    #[arg(long, value_name = "NAME|FILE")]
    parser_model: Option<String>,
    /// Any further option of `gecbias score` (`--confidence`, `--paired-bs`, `--sentence-level`,
    /// `--format text`, …), after `--`.
    #[arg(last = true)]
    score_options: Vec<String>,
}

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let metrics = [Metric::Samsa, Metric::SamsaAbl].map(|m| m.spec().name);
    let mut argv: Vec<OsString> = ["gecbias", "score", "-m", metrics[0], metrics[1], "--source"]
        .iter()
        .map(OsString::from)
        .collect();
    argv.push(args.orig.clone().into());
    argv.push("-i".into());
    argv.extend(args.sys.iter().map(OsString::from));
    if let Some(model) = &args.parser_model {
        argv.extend(["--parser-model".into(), model.into()]);
    }
    if quiet {
        argv.push("--quiet".into());
    }
    argv.extend(args.score_options.iter().map(OsString::from));
    let cli = crate::parse_command_line(argv).map_err(|e| Error::Usage(e.render().to_string()))?;
    crate::execute(cli, out)
}
