//! `gecbias report -o FILE.html`: one self-contained page of what the systems do — for GEC
//! (`--gold`): each metric's ranking with intervals and clusters, ERRANT's error types, CLEME2.0
//! and conservatism, every sentence with its edits; for simplification (`--test-set`, or `-s`
//! and `-r` without `--gold`): EASSE report's sections for every system, SAMSA included. The
//! inputs are `score`'s, read and checked as `score` reads them, and the page is written only
//! once every number is computed; standard output gets a JSON summary.

use std::io::Write;

use gecbias_engine::{Lines, Outputs, System};
use gecbias_report::{
    GecInputs, GecReport, SimplificationInputs, SimplificationReport, report_resampling,
};
use simplification_metrics::{EasseTokenizer, Preprocessing};

use crate::usim_command::TextOptions;
use crate::{Error, input, score};

/// Write one HTML page of rankings, error types, over- and under-correction and sentences (GEC),
/// or EASSE report's sections (simplification).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    inputs: score::Inputs,
    #[command(flatten)]
    text: TextOptions,
    #[command(flatten)]
    options: score::MetricOptions,
    /// The page to write (one HTML file, opened from disk with no network).
    #[arg(long, short = 'o', value_name = "FILE.html")]
    output: String,
    /// The page's title (default: the test set or the gold's file name).
    #[arg(long)]
    title: Option<String>,
    /// The seed of every resampling and of the random samples.
    #[arg(long, env = gecbias_data::SEED_ENV, default_value_t = gecbias_engine::DEFAULT_SEED)]
    seed: u64,
    /// Bootstrap resamples of each interval (the rankings' and the error types').
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::resamples, allow_hyphen_values = true)]
    confidence_n: usize,
    /// Paired approximate-randomisation trials per pair of systems for the clusters (default:
    /// the fewest with which Holm's correction over every pair can reject, at least 1,000).
    #[arg(long, value_parser = crate::numbers::resamples, allow_hyphen_values = true, conflicts_with = "no_clusters")]
    rank_trials: Option<usize>,
    /// Leave the significance clusters out (the intervals stay): they test every pair of systems,
    /// most of a large page's time.
    #[arg(long)]
    no_clusters: bool,
    /// Simplification: leave SAMSA out (it parses every source with the UCCA parser).
    #[arg(long)]
    no_samsa: bool,
}

/// The command line that rebuilds the page, each argument quoted where the shell needs it.
fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
            {
                a
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn run(args: &Args, out: &mut dyn Write) -> Result<(), Error> {
    score::check_labels(&args.inputs)?;
    let inputs = &args.inputs;
    let systems = inputs
        .input
        .iter()
        .map(|i| Ok(System::named(i.label.clone(), input::named_lines(&i.path)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let outputs = Outputs::new(systems);
    let (page, kind, sentences) = if let Some(gold) = &inputs.gold {
        let source = score::source(inputs, gecbias_engine::Metric::M2.name())?;
        let mut gec = GecInputs::new(source, input::named_lines(gold)?);
        gec.references = inputs
            .references
            .iter()
            .map(|r| input::named_lines(r))
            .collect::<Result<_, _>>()?;
        gec.metrics = inputs.metric.iter().map(|m| m.0).collect();
        gec.options = args.options.engine(&args.text)?;
        let sentences = gec.source.lines.len();
        let mut report = GecReport::build(
            &gec,
            &outputs,
            &report_resampling(
                outputs.systems().len(),
                args.seed,
                args.confidence_n,
                (!args.no_clusters, args.rank_trials),
            ),
            args.confidence_n,
        )?;
        report.provenance.command = command_line();
        let title = args
            .title
            .clone()
            .unwrap_or_else(|| format!("gecbias report: {}", file_name(gold)));
        (report.html(&title), "gec", sentences)
    } else {
        let (name, source, references) = simplification_set(inputs)?;
        let mut simplification = SimplificationInputs::new(name, source, references);
        simplification.samsa = !args.no_samsa;
        simplification.preprocessing =
            Preprocessing::new(true, EasseTokenizer::Sacre(bleu_chrf::Tokenizer::Thirteen));
        let sentences = simplification.source.lines.len();
        let mut report = SimplificationReport::build(&simplification, &outputs, args.seed)?;
        report.provenance.command = command_line();
        let title = args
            .title
            .clone()
            .unwrap_or_else(|| format!("gecbias report: {}", report.test_set));
        (report.html(&title, args.seed), "simplification", sentences)
    };
    std::fs::write(&args.output, &page).map_err(Error::at(args.output.clone()))?;
    let summary = serde_json::json!({
        "report": args.output,
        "kind": kind,
        "bytes": page.len(),
        "systems": outputs.systems().len(),
        "sentences": sentences,
    });
    crate::write_output(out, format!("{summary}\n").as_bytes())
}

/// The last part of a path, as titles name files.
fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// The simplification test set: EASSE's by `--test-set`, else `-s` and `-r`.
fn simplification_set(inputs: &score::Inputs) -> Result<(String, Lines, Vec<Lines>), Error> {
    if let Some(name) = &inputs.test_set {
        let (source, references) = input::easse_test_set(name, inputs.data.as_deref())?;
        let references = references
            .iter()
            .map(|r| input::named_lines(r))
            .collect::<Result<_, _>>()?;
        return Ok((name.clone(), input::named_lines(&source)?, references));
    }
    let (Some(source), false) = (&inputs.source, inputs.references.is_empty()) else {
        return Err(Error::Usage(
            "report needs --gold GOLD.m2 and -s SOURCE (GEC), or --test-set NAME or -s SOURCE -r REF… (simplification)"
                .into(),
        ));
    };
    let references = inputs
        .references
        .iter()
        .map(|r| input::named_lines(r))
        .collect::<Result<_, _>>()?;
    Ok((
        input::name(source).to_owned(),
        input::named_lines(source)?,
        references,
    ))
}

/// The command with `report`'s `-m` defaulting to the report's metrics (`score`'s to m2).
pub(crate) fn metric_default(command: clap::Command) -> clap::Command {
    command.mut_subcommand("report", |report| {
        report.mut_arg("metric", |m| {
            m.default_values(gecbias_report::DEFAULT_GEC_METRICS.map(|m| m.name()))
                .help("The metrics ranked (GEC); without -m, m2, errant and gleu")
        })
    })
}
