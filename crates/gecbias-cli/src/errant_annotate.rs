//! `gecbias errant-parallel` and `gecbias errant-m2`: drop-ins for ERRANT 3.0.2's
//! `errant_parallel` and `errant_m2` (their single-dash arguments, the same M2 on the same
//! files), on spaCy's `en_core_web_sm` run natively (`--analyser spacy`, the default) or the
//! EWT-trained tagger (`--analyser ewt`).

use std::io::Write;
use std::sync::OnceLock;

use gec_errant::{
    AlignOptions, Analyser, Annotator, Input, Merge, ParallelOptions, ParallelSentence, Retype,
    RetypeOptions, annotate_parallel, parallel_m2, retype_m2,
};

use crate::{Error, input, write_output};

/// The flags ERRANT's annotation commands spell with one dash; `main` doubles the dash for clap.
pub(crate) const SINGLE_DASH_FLAGS: [&str; 10] = [
    "-orig",
    "-cor",
    "-out",
    "-tok",
    "-lev",
    "-merge",
    "-auto",
    "-gold",
    "-no_min",
    "-old_cats",
];

/// ERRANT's merging strategies.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum MergeArg {
    /// Rule-based merging (the default).
    Rules,
    /// Merge nothing: MSSDI -> M, S, S, D, I.
    AllSplit,
    /// Merge adjacent non-matches: MSSDI -> M, SSDI.
    AllMerge,
    /// Merge adjacent same-type non-matches: MSSDI -> M, SS, D, I.
    AllEqual,
}

impl From<MergeArg> for Merge {
    fn from(m: MergeArg) -> Merge {
        match m {
            MergeArg::Rules => Merge::Rules,
            MergeArg::AllSplit => Merge::AllSplit,
            MergeArg::AllMerge => Merge::AllMerge,
            MergeArg::AllEqual => Merge::AllEqual,
        }
    }
}

/// Which analysis of English the annotation runs on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ErrantAnalyser {
    /// spaCy's en_core_web_sm 3.8.0, run natively: ERRANT 3.0.2's own analyses, edits and types.
    #[default]
    Spacy,
    /// The EWT-trained tagger of `gecbias tag`: faster, but its edits and types are not
    /// ERRANT's.
    Ewt,
}

impl ErrantAnalyser {
    /// The analyser's name in signatures.
    pub fn signature_name(self) -> &'static str {
        match self {
            ErrantAnalyser::Spacy => "spacy-en_core_web_sm-3.8.0",
            ErrantAnalyser::Ewt => "ewt-tagger",
        }
    }
}

/// Align parallel text files and extract and classify the edits (ERRANT's `errant_parallel`).
#[derive(clap::Args)]
pub(crate) struct ParallelArgs {
    /// The original text file, one sentence per line (`-`: standard input).
    #[arg(long = "orig", required = true)]
    orig: String,
    /// One or more corrected text files, line-aligned with the original.
    #[arg(long = "cor", required = true, num_args = 1..)]
    cor: Vec<String>,
    /// The output M2 file (`-`: standard output).
    #[arg(long = "out", required = true)]
    out: String,
    /// Tokenise the text as ERRANT does: spaCy 3.8's tokenizer (with `--analyser ewt`, the EWT
    /// tagger's tokeniser) instead of splitting it at spaces.
    #[arg(long = "tok")]
    tok: bool,
    /// Align using standard Levenshtein.
    #[arg(long = "lev")]
    lev: bool,
    /// The merging strategy for automatic alignment.
    #[arg(long = "merge", value_enum, default_value = "rules")]
    merge: MergeArg,
    /// The analysis of English (not an ERRANT flag).
    #[arg(long, value_enum, default_value = "spacy")]
    analyser: ErrantAnalyser,
}

/// Automatically extract and/or classify the edits of an M2 file (ERRANT's `errant_m2`).
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("kind").args(["auto", "gold"]).required(true)))]
pub(crate) struct M2Args {
    /// The M2 file.
    m2_file: String,
    /// Extract edits automatically.
    #[arg(long = "auto")]
    auto: bool,
    /// Use the existing edit alignments.
    #[arg(long = "gold")]
    gold: bool,
    /// The output M2 file (`-`: standard output).
    #[arg(long = "out", required = true)]
    out: String,
    /// Do not minimise edit spans (gold only).
    #[arg(long = "no_min")]
    no_min: bool,
    /// Preserve the old error types (gold only): turn the classifier off.
    #[arg(long = "old_cats")]
    old_cats: bool,
    /// Align using standard Levenshtein.
    #[arg(long = "lev")]
    lev: bool,
    /// The merging strategy for automatic alignment.
    #[arg(long = "merge", value_enum, default_value = "rules")]
    merge: MergeArg,
    /// The analysis of English (not an ERRANT flag).
    #[arg(long, value_enum, default_value = "spacy")]
    analyser: ErrantAnalyser,
}

/// An annotator over whichever analyser a flag chose.
pub(crate) type DynAnnotator = Annotator<Box<dyn Analyser + Send + Sync>>;

/// The annotator on `analyser` (built-in models and word list), loaded once per process.
pub(crate) fn annotator(analyser: ErrantAnalyser) -> Result<&'static DynAnnotator, Error> {
    type Loaded = OnceLock<Result<DynAnnotator, String>>;
    static SPACY: Loaded = OnceLock::new();
    static EWT: Loaded = OnceLock::new();
    let (cell, load): (&Loaded, fn() -> Result<DynAnnotator, gec_errant::Error>) = match analyser {
        ErrantAnalyser::Spacy => (&SPACY, || {
            Ok(Annotator::english()?.map_analyser(|a| Box::new(a) as Box<_>))
        }),
        ErrantAnalyser::Ewt => (&EWT, || {
            Ok(Annotator::ewt()?.map_analyser(|a| Box::new(a) as Box<_>))
        }),
    };
    cell.get_or_init(|| load().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| Error::input(e.clone()))
}

/// The original and corrected files read and checked: the same number of lines.
pub(crate) fn read_parallel(
    orig: &str,
    cors: &[String],
) -> Result<(Vec<String>, Vec<Vec<String>>), Error> {
    let originals = input::lines(orig)?;
    let mut corrected = Vec::with_capacity(cors.len());
    for path in cors {
        let lines = input::lines(path)?;
        if lines.len() != originals.len() {
            return Err(Error::input(format!(
                "{}:{}: has {} lines but {} has {}",
                input::name(path),
                lines.len().min(originals.len()) + 1,
                lines.len(),
                input::name(orig),
                originals.len()
            )));
        }
        corrected.push(lines);
    }
    Ok((originals, corrected))
}

/// The typed edits of each corrected version of each original line, by the annotator on
/// `analyser` (the Python package's `errant_parallel`); a line longer than annotation takes
/// (`gec_errant::MAX_SENTENCE_TOKENS`, `MAX_PIECE_CHARS`) is refused, named `sources:LINE` or
/// `corrections[K]:LINE`.
pub fn errant_parallel_lines(
    originals: &[String],
    corrected: &[Vec<String>],
    tokenise: bool,
    align: AlignOptions,
    analyser: ErrantAnalyser,
) -> Result<Vec<ParallelSentence>, Error> {
    let name = |input: Input| match input {
        Input::Originals => "sources".to_owned(),
        other => other.to_string(),
    };
    annotate_named(originals, corrected, tokenise, align, analyser, &name)
}

/// [`errant_parallel_lines`] of the files `orig` and `cors`, which name the lines refused.
pub(crate) fn errant_parallel_files(
    (orig, originals): (&str, &[String]),
    (cors, corrected): (&[String], &[Vec<String>]),
    tokenise: bool,
    align: AlignOptions,
    analyser: ErrantAnalyser,
) -> Result<Vec<ParallelSentence>, Error> {
    let name = |i: Input| match i {
        Input::Corrections(k) if k < cors.len() => input::name(&cors[k]).to_owned(),
        _ => input::name(orig).to_owned(),
    };
    annotate_named(originals, corrected, tokenise, align, analyser, &name)
}

/// The annotation, a line refused as `NAME:LINE: …` with `name` naming its input.
fn annotate_named(
    originals: &[String],
    corrected: &[Vec<String>],
    tokenise: bool,
    align: AlignOptions,
    analyser: ErrantAnalyser,
    name: &dyn Fn(Input) -> String,
) -> Result<Vec<ParallelSentence>, Error> {
    let options = ParallelOptions::default()
        .with_tokenise(tokenise)
        .with_align(align);
    annotate_parallel(annotator(analyser)?, originals, corrected, options).map_err(|e| match e {
        gec_errant::Error::TooLong {
            input,
            line,
            message,
        } => Error::input(format!("{}:{line}: {message}", name(input))),
        other => Error::input(other.to_string()),
    })
}

fn write_to(path: &str, text: &str, out: &mut dyn Write) -> Result<(), Error> {
    if path == "-" {
        return write_output(out, text.as_bytes());
    }
    std::fs::write(path, text).map_err(|e| Error::input(format!("{path}: {e}")))
}

pub(crate) fn run_parallel(args: &ParallelArgs, out: &mut dyn Write) -> Result<(), Error> {
    let (originals, corrected) = read_parallel(&args.orig, &args.cor)?;
    if let Some(n) = originals
        .iter()
        .position(|l| gec_metrics::python_strip(l).is_empty())
    {
        eprintln!(
            "gecbias: warning: {}:{}: a blank original line is skipped, as ERRANT skips it (the output has fewer sentences than the input)",
            input::name(&args.orig),
            n + 1
        );
    }
    let align = AlignOptions::default()
        .with_lev(args.lev)
        .with_merge(args.merge.into());
    let sentences = errant_parallel_files(
        (&args.orig, &originals),
        (&args.cor, &corrected),
        args.tok,
        align,
        args.analyser,
    )?;
    write_to(&args.out, &parallel_m2(&sentences), out)
}

pub(crate) fn run_m2(args: &M2Args, out: &mut dyn Write) -> Result<(), Error> {
    let text = input::text(&args.m2_file)?;
    if text.trim().is_empty() {
        return Err(Error::input(format!(
            "{}: empty",
            input::name(&args.m2_file)
        )));
    }
    let options = RetypeOptions::default()
        .with_mode(if args.auto {
            Retype::Auto
        } else {
            Retype::Gold
        })
        .with_minimise(!args.no_min)
        .with_old_types(args.old_cats)
        .with_align(
            AlignOptions::default()
                .with_lev(args.lev)
                .with_merge(args.merge.into()),
        );
    let m2 = retype_m2(
        annotator(args.analyser)?,
        &text,
        input::name(&args.m2_file),
        options,
    )
    .map_err(|e| Error::input(e.to_string()))?;
    write_to(&args.out, &m2, out)
}
