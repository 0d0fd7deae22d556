//! `gecbias errant-parallel` and `gecbias errant-m2`: drop-ins for ERRANT 3.0.2's
//! `errant_parallel` and `errant_m2` (their single-dash arguments, the same M2 on the same
//! files), on spaCy's `en_core_web_sm` run natively (`--analyser spacy`, the default) or the
//! EWT-trained tagger (`--analyser ewt`).

use std::io::Write;

use gec_errant::{
    AlignOptions, Merge, ParallelOptions, Retype, RetypeOptions, parallel_m2, retype_m2,
};
use gecbias_engine::{ErrantAnalyser, Lines, annotator, errant_parallel};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum AnalyserArg {
    /// spaCy's en_core_web_sm 3.8.0, run natively: ERRANT 3.0.2's own analyses, edits and types.
    Spacy,
    /// The EWT-trained tagger of `gecbias tag`: faster, but its edits and types are not
    /// ERRANT's.
    Ewt,
}

impl From<AnalyserArg> for ErrantAnalyser {
    fn from(a: AnalyserArg) -> ErrantAnalyser {
        match a {
            AnalyserArg::Spacy => ErrantAnalyser::Spacy,
            AnalyserArg::Ewt => ErrantAnalyser::Ewt,
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
    #[command(flatten)]
    annotation: Annotation,
}

/// How edits are found and typed: the alignment, the merging and the analysis of English (the
/// flags `errant_parallel` and `errant_m2` share).
#[derive(clap::Args)]
pub(crate) struct Annotation {
    /// Align using standard Levenshtein.
    #[arg(long = "lev")]
    lev: bool,
    /// The merging strategy for automatic alignment.
    #[arg(long = "merge", value_enum, default_value = "rules")]
    merge: MergeArg,
    /// The analysis of English (not an ERRANT flag).
    #[arg(long, value_enum, default_value = "spacy")]
    analyser: AnalyserArg,
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
    #[command(flatten)]
    annotation: Annotation,
}

fn write_to(path: &str, text: &str, out: &mut dyn Write) -> Result<(), Error> {
    if path == "-" {
        return write_output(out, text.as_bytes());
    }
    std::fs::write(path, text).map_err(Error::at(&path))
}

pub(crate) fn run_parallel(args: &ParallelArgs, out: &mut dyn Write) -> Result<(), Error> {
    let originals = input::named_lines(&args.orig)?;
    let corrected = args
        .cor
        .iter()
        .map(|path| input::named_lines(path))
        .collect::<Result<Vec<_>, Error>>()?;
    if let Some(n) = originals
        .lines
        .iter()
        .position(|l| gec_metrics::text::python_strip(l).is_empty())
    {
        eprintln!(
            "gecbias: warning: {}:{}: a blank original line is skipped, as ERRANT skips it (the output has fewer sentences than the input)",
            input::name(&args.orig),
            n + 1
        );
    }
    let align = AlignOptions::default()
        .with_lev(args.annotation.lev)
        .with_merge(args.annotation.merge.into());
    let options = ParallelOptions::default()
        .with_tokenise(args.tok)
        .with_align(align);
    let versions: Vec<&Lines> = corrected.iter().collect();
    let sentences = errant_parallel(
        &originals,
        &versions,
        options,
        args.annotation.analyser.into(),
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
                .with_lev(args.annotation.lev)
                .with_merge(args.annotation.merge.into()),
        );
    let m2 = retype_m2(
        annotator(args.annotation.analyser.into())?,
        &text,
        input::name(&args.m2_file),
        options,
    )
    .map_err(Error::library)?;
    write_to(&args.out, &m2, out)
}
