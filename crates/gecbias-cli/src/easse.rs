//! `gecbias easse evaluate`: a drop-in for EASSE's `easse evaluate` — its flags, its metric names,
//! its keys in its order, its values rounded to 3 decimals and printed as its Python dict. Lines
//! of files are stripped as EASSE's `read_lines` strips them; lines from standard input are not
//! (EASSE's `splitlines`). Beyond EASSE: `--refs-tsv` gives each source line its own number of
//! references (one line per source, references separated by tabs), and `--data` names the data
//! folder the test sets are read from.

use std::io::Write;

use bleu_chrf::python_str::python_strip;
use gec_metrics::dropin::python_float;
use simplification_metrics::{
    EasseMetric, EasseTokenizer, Preprocessing, References, easse_evaluate,
};

use crate::{Error, input};

/// EASSE's flags that click spells with one dash and several letters, and `-q`, which is
/// `gecbias`' own `--quiet` elsewhere: each is read as its long alias (`-tok` as `--tok`).
pub(crate) const SINGLE_DASH_FLAGS: [&str; 3] = ["-tok", "-lc", "-q"];

/// EASSE's commands.
#[derive(clap::Subcommand)]
pub(crate) enum Command {
    /// A system output's scores, as `easse evaluate` prints them.
    Evaluate(EvaluateArgs),
}

/// `easse evaluate`'s flags.
#[derive(clap::Args)]
pub(crate) struct EvaluateArgs {
    /// The test set: one of EASSE's names, or `custom` with --orig_sents_path and
    /// --refs_sents_paths (or --refs-tsv).
    #[arg(short = 't', long = "test_set")]
    test_set: String,
    /// The source sentences (`custom` only).
    #[arg(long = "orig_sents_path")]
    orig_sents_path: Option<String>,
    /// Comma-separated reference files, line-aligned with the source (`custom` only).
    #[arg(long = "refs_sents_paths", conflicts_with = "refs_tsv")]
    refs_sents_paths: Option<String>,
    /// One line per source line, its references separated by tabs, in any number (`custom` only).
    #[arg(long = "refs-tsv")]
    refs_tsv: Option<String>,
    /// Lowercase before scoring (EASSE's default).
    #[arg(
        long = "lowercase",
        visible_alias = "lc",
        overrides_with = "no_lowercase"
    )]
    lowercase: bool,
    /// Keep case.
    #[arg(long = "no-lowercase", visible_alias = "no-lc")]
    no_lowercase: bool,
    /// The tokenizer: 13a, intl, moses (sacremoses 0.2.0), penn (sacremoses 0.0.53) or none (the
    /// text as it is).
    #[arg(long = "tokenizer", visible_alias = "tok", default_value = "13a",
          value_parser = ["13a", "intl", "none", "moses", "penn"])]
    tokenizer: String,
    /// Comma-separated metrics: bleu, sari, samsa, fkgl, sent_bleu, f1_token, sari_legacy,
    /// sari_by_operation, bertscore (bertscore needs BERT and is refused; samsa runs on the
    /// native UCCA parser and spaCy, where EASSE runs TUPA and CoreNLP).
    #[arg(short = 'm', long = "metrics", default_value = "bleu,sari,fkgl")]
    metrics: String,
    /// Word-level transformation analysis: needs a neural aligner, refused.
    #[arg(short = 'a', long = "analysis")]
    analysis: bool,
    /// The quality-estimation features.
    #[arg(long = "quality_estimation", alias = "q")]
    quality_estimation: bool,
    /// The system output (default: standard input).
    #[arg(short = 'i', long = "sys_sents_path")]
    sys_sents_path: Option<String>,
    /// The data folder that holds EASSE's test sets (default: $GECBIAS_DATA, ./data,
    /// ../shared/data).
    #[arg(long)]
    data: Option<String>,
}

/// Lines of a file, stripped as EASSE's `read_lines` strips them.
fn stripped_lines(path: &str) -> Result<Vec<String>, Error> {
    Ok(input::lines(path)?
        .iter()
        .map(|l| python_strip(l).to_owned())
        .collect())
}

/// A file's lines, each as long as the source's, or an error naming both files.
fn aligned(path: &str, source: (&str, usize)) -> Result<Vec<String>, Error> {
    let lines = stripped_lines(path)?;
    if lines.len() != source.1 {
        return Err(Error::input(format!(
            "{}: {} lines where the source {} has {}",
            input::name(path),
            lines.len(),
            input::name(source.0),
            source.1
        )));
    }
    Ok(lines)
}

/// The source file and reference files of the test set the flags name (paths).
fn test_set_files(args: &EvaluateArgs) -> Result<(String, Vec<String>), Error> {
    if args.test_set == "custom" {
        let source = args.orig_sents_path.clone().ok_or_else(|| {
            Error::usage("-t custom needs --orig_sents_path and --refs_sents_paths (or --refs-tsv)")
        })?;
        let references = match (&args.refs_sents_paths, &args.refs_tsv) {
            (Some(paths), None) => paths.split(',').map(str::to_owned).collect(),
            (None, Some(_)) => Vec::new(),
            _ => {
                return Err(Error::usage(
                    "-t custom needs --refs_sents_paths or --refs-tsv",
                ));
            }
        };
        return Ok((source, references));
    }
    input::easse_test_set(&args.test_set, args.data.as_deref())
}

/// The sources and references of the test set the flags name, every file as long as the source.
fn test_set(args: &EvaluateArgs) -> Result<(String, Vec<String>, References), Error> {
    let (source, reference_files) = test_set_files(args)?;
    let sources = stripped_lines(&source)?;
    let shape = (source.as_str(), sources.len());
    let references = match &args.refs_tsv {
        Some(tsv) => References::per_line(
            aligned(tsv, shape)?
                .iter()
                .map(|l| l.split('\t').map(|r| python_strip(r).to_owned()).collect())
                .collect(),
        ),
        None => {
            let streams = reference_files
                .iter()
                .map(|r| aligned(r, shape))
                .collect::<Result<Vec<_>, _>>()?;
            References::from_streams(&streams).map_err(Error::library)?
        }
    };
    Ok((source, sources, references))
}

/// Python's `round(x, 3)`, printed as Python prints a float.
fn rounded(x: f64) -> String {
    let digits = format!("{x:.3}");
    python_float(digits.parse().unwrap_or(x))
}

/// EASSE's `corpus_samsa`: the mean of the lines' SAMSA × 100, on the native parser.
fn corpus_samsa(
    source: &gecbias_engine::Lines,
    output: &gecbias_engine::Lines,
    preprocessing: Preprocessing,
) -> Result<f64, Error> {
    let scores = gecbias_engine::samsa_lines(source, output, preprocessing, None)?;
    let values: Vec<f64> = scores.iter().map(|s| 100.0 * s.samsa).collect();
    Ok(reference_stats::numpy_mean(&values))
}

pub(crate) fn run(command: &Command, sink: &mut dyn Write) -> Result<(), Error> {
    let Command::Evaluate(args) = command;
    if args.analysis {
        return Err(Error::usage(
            "-a (word-level analysis) needs a neural word aligner, which gecbias does not run",
        ));
    }
    let tokenizer = EasseTokenizer::named(&args.tokenizer)
        .ok_or_else(|| Error::usage(format!("-tok {}: unknown", args.tokenizer)))?;
    let metrics = args
        .metrics
        .split(',')
        .map(EasseMetric::named)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Error::usage(e.to_string()))?;
    if metrics.contains(&EasseMetric::Bertscore) {
        return Err(Error::usage(
            "-m bertscore needs BERT, a neural model, which `gecbias easse evaluate` does not run",
        ));
    }
    let (source, sources, references) = test_set(args)?;
    let output_name = args.sys_sents_path.as_deref().unwrap_or("-");
    let outputs = match &args.sys_sents_path {
        Some(path) => aligned(path, (&source, sources.len()))?,
        None => input::lines("-")?,
    };
    if outputs.len() != sources.len() {
        return Err(Error::input(format!(
            "standard input: {} lines where the source {} has {}",
            outputs.len(),
            input::name(&source),
            sources.len()
        )));
    }
    let preprocessing = Preprocessing::new(!args.no_lowercase, tokenizer);
    let others: Vec<EasseMetric> = metrics
        .iter()
        .copied()
        .filter(|m| *m != EasseMetric::Samsa)
        .collect();
    let mut evaluation = easse_evaluate(
        &sources,
        &outputs,
        &references,
        &others,
        preprocessing,
        args.quality_estimation,
    )
    .map_err(|e| match &e {
        simplification_metrics::Error::LineTooLong {
            what,
            line,
            chars,
            limit,
            ..
        } => {
            let file = match what.as_str() {
                "the sources" => input::name(&source).to_owned(),
                "the outputs" => input::name(output_name).to_owned(),
                _ => args
                    .refs_tsv
                    .clone()
                    .or(args.refs_sents_paths.clone())
                    .unwrap_or_else(|| format!("the references of {}", args.test_set)),
            };
            Error::input(format!(
                "{file}:{line}: {chars} characters, over the limit of {limit} for a sentence"
            ))
        }
        _ => Error::at(input::name(output_name))(e),
    })?;
    if metrics.contains(&EasseMetric::Samsa) {
        let lines = |origin: &str, lines: &[String]| {
            gecbias_engine::Lines::new(input::name(origin), lines.to_vec())
        };
        let samsa = corpus_samsa(
            &lines(&source, &sources),
            &lines(output_name, &outputs),
            preprocessing,
        )?;
        evaluation = evaluation.with_samsa(samsa);
    }
    let mut entries: Vec<String> = evaluation
        .scores
        .iter()
        .map(|(key, value)| format!("'{key}': {}", rounded(*value)))
        .collect();
    if let Some(quality) = evaluation.quality {
        let features: Vec<String> = quality
            .named()
            .iter()
            .map(|(key, value)| format!("'{key}': {}", rounded(*value)))
            .collect();
        entries.push(format!("'quality_estimation': {{{}}}", features.join(", ")));
    }
    writeln!(sink, "{{{}}}", entries.join(", ")).map_err(Error::at("standard output"))
}
