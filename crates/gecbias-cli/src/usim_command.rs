//! `gecbias usim`: USim of outputs against their sources — from text (parsed by the native UCCA
//! parser) or from two UCCA XML passages.

use std::io::Write;

use gecbias_engine::{ParserModel, UsimOptions, UsimScorer, UsimVersion, usim_passages};
use serde::Serialize;
use usim::{PairUsim, Tokenization};

use crate::{Error, Signature, input, progress};

/// How text becomes UCCA passages: the options `parse`, `usim` and `score -m usim` share.
#[derive(clap::Args)]
pub(crate) struct TextArgs {
    /// Lines are tokenised already (tokens separated by spaces), as in CoNLL-2014 and JFLEG.
    #[arg(long)]
    pretokenized: bool,
    /// Cut each line into sentences (NLTK's Punkt) before parsing, for paragraphs and essays.
    #[arg(long)]
    sentences: bool,
    /// The UCCA parser: `bilstm` (the default: the committed BiLSTM, Wiki test primary F1
    /// 0.736), `perceptron` (the committed perceptron, 0.660, about twice as fast, for very
    /// large inputs), or a model file (`cargo xtask train-parser` or `ensemble-parser` writes
    /// one). The signature names it: `parser:ucca-wiki-bilstm`, `parser:ucca-wiki-v1.2`, or
    /// `parser:model-<checksum>` for a file.
    #[arg(long, value_name = "NAME|FILE")]
    parser_model: Option<ParserModel>,
}

impl TextArgs {
    /// The engine's options these flags describe.
    pub(crate) fn options(&self) -> gecbias_engine::TextOptions {
        let mut options = gecbias_engine::TextOptions::default();
        options.tokenization = if self.pretokenized {
            Tokenization::Pretokenized
        } else {
            Tokenization::Raw
        };
        options.sentences = self.sentences;
        options.parser = self.parser_model.clone();
        options
    }
}

/// How text becomes passages, and which USim: the options `usim` and `score -m usim` share.
#[derive(clap::Args)]
pub(crate) struct TextOptions {
    #[command(flatten)]
    text: TextArgs,
    /// USim as released (ucca 1.0.50) or as the authors' 2017 branch computed it.
    #[arg(long, value_enum, default_value = "released")]
    params: ParamsArg,
}

/// Which USim `--params` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ParamsArg {
    /// As released (ucca 1.0.50).
    Released,
    /// As the authors' 2017 branch computed it.
    #[value(name = "branch-2017")]
    Branch2017,
}

impl TextOptions {
    /// The USim version chosen.
    pub(crate) fn version(&self) -> UsimVersion {
        match self.params {
            ParamsArg::Branch2017 => UsimVersion::Branch2017,
            ParamsArg::Released => UsimVersion::Released,
        }
    }

    /// The engine's USim scorer these options describe (its parser loaded).
    pub(crate) fn scorer(&self) -> Result<UsimScorer, Error> {
        Ok(UsimScorer::new(self.usim_options())?)
    }

    /// USim's options: the text's parsing and the version.
    pub(crate) fn usim_options(&self) -> UsimOptions {
        let mut options = UsimOptions::default();
        options.text = self.text.options();
        options.version = self.version();
        options
    }
}

/// USim of each output line against the source line of the same number (both directions), and
/// each output's mean; or of two UCCA XML passages (`--xml`). USim of a text against itself is not
/// always 1 (0.8 for `This knowledge maybe relavant to them , and vice versa .`, 0.9993 for a
/// CoNLL-2014 file): the released algorithm matches each unit to a unit of highest similarity only
/// where their labels are compatible, and some units of a graph fail that against the graph
/// itself. It is the released code's behaviour, kept as it is (compare scores with each other,
/// not with 1).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The source text, one sentence (or paragraph, with --sentences) per line; with --xml, a
    /// UCCA XML passage, a folder of them (paired by file name) or a list file of their paths.
    #[arg(long, short)]
    source: String,
    /// One or more outputs, line-aligned with the source; with --xml, UCCA XML passages, folders
    /// or list files, as the source.
    #[arg(long, short, num_args = 1.., required = true)]
    output: Vec<String>,
    #[command(flatten)]
    text: TextOptions,
    /// The inputs are UCCA XML passages, not text.
    #[arg(long)]
    xml: bool,
    /// Write one JSON object per sentence (JSON Lines) instead of the means.
    #[arg(long)]
    sentence_level: bool,
}

#[derive(Serialize)]
struct SystemScore<'a> {
    output: &'a str,
    sentences: usize,
    source_to_output: f64,
    output_to_source: f64,
}

/// The JSON report: the measure, its signature, the source and each output's means.
#[derive(Serialize)]
struct Report<'a> {
    name: &'static str,
    signature: String,
    source: &'a str,
    systems: Vec<SystemScore<'a>>,
}

#[derive(Serialize)]
struct SentenceScore<'a> {
    output: &'a str,
    line: usize,
    #[serde(flatten)]
    score: PairUsim,
}

pub(crate) fn run(args: &Args, quiet: bool, out: &mut dyn Write) -> Result<(), Error> {
    let (per_output, signature) = if args.xml {
        let version = args.text.version();
        (xml_scores(args, version)?, version.xml_signature())
    } else {
        text_scores(&args.source, &args.output, &args.text, quiet)?
    };
    let write_err = |e: std::io::Error| Error::at("standard output")(e);
    if args.sentence_level {
        for (output, scores) in &per_output {
            for (i, score) in scores.iter().enumerate() {
                let row = SentenceScore {
                    output,
                    line: i + 1,
                    score: *score,
                };
                let json = serde_json::to_string(&row).unwrap_or_default();
                writeln!(out, "{json}").map_err(write_err)?;
            }
        }
        return Ok(());
    }
    let systems: Vec<SystemScore<'_>> = per_output
        .iter()
        .map(|(output, scores)| {
            let n = scores.len().max(1) as f64;
            SystemScore {
                output,
                sentences: scores.len(),
                source_to_output: scores.iter().map(|s| s.source_to_output).sum::<f64>() / n,
                output_to_source: scores.iter().map(|s| s.output_to_source).sum::<f64>() / n,
            }
        })
        .collect();
    let report = Report {
        name: "USim",
        signature: signature.to_string(),
        source: &args.source,
        systems,
    };
    let json = serde_json::to_string_pretty(&report).unwrap_or_default();
    writeln!(out, "{json}").map_err(write_err)
}

/// Each output with its sentences' USim.
pub(crate) type Scores<'a> = Vec<(&'a str, Vec<PairUsim>)>;

/// USim of every line of each output against the source line of the same number, parsed as
/// `options` says, and the signature; files checked (UTF-8, equal line counts, not empty).
fn text_scores<'a>(
    source: &str,
    outputs: &'a [String],
    options: &TextOptions,
    quiet: bool,
) -> Result<(Scores<'a>, Signature), Error> {
    let sources = input::named_lines(source)?;
    let read = outputs
        .iter()
        .map(|o| input::named_lines(o))
        .collect::<Result<Vec<_>, Error>>()?;
    let scorer = options.scorer()?;
    // One bar step per system: each distinct line is parsed once for all of them, so the work
    // is done together and the bar fills when it is.
    let bar = progress(outputs.len(), quiet);
    let pairs = scorer.pairs(&sources, &read.iter().collect::<Vec<_>>())?;
    bar.inc(outputs.len() as u64);
    bar.finish_and_clear();
    Ok((
        outputs.iter().map(String::as_str).zip(pairs).collect(),
        scorer.signature(),
    ))
}

/// USim of every output passage against the source passage at the same position (files, the
/// same names in folders, or the same lines of list files), both directions.
fn xml_scores<'a>(args: &'a Args, version: UsimVersion) -> Result<Scores<'a>, Error> {
    args.output
        .iter()
        .map(|o| Ok((o.as_str(), usim_passages(&args.source, o, version)?)))
        .collect()
}
