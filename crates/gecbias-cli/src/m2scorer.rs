//! `gecbias m2scorer`: a drop-in for the official M2 scorer (`m2scorer.py`, nusnlp/m2scorer):
//! the same arguments and, on the same files, the same bytes on standard output — the three
//! summary lines and, with `-v`, the per-sentence report (Python 2 reprs and floats, edits shrunk
//! to their changed tokens, the `!`/`&`/`*` marks of split substitutions) — tested on all 28
//! CoNLL-2014 system/gold pairs — and, with `--very_verbose`, the scorer's trace of every edit
//! lattice, so scripts and the regexes that read them keep working. Like
//! m2scorer, gold edits outside their sentence are dropped.

use std::io::Write;

use gec_metrics::dropin::{summary_report, verbose_report, very_verbose_report};
use gec_metrics::edit_lattice::FirstRowInsertions;
use gec_metrics::m2_score::{SentenceStats, corpus_score, score_sentences, sentence_stats};
use gec_metrics::{M2Gold, M2Options};

use crate::{Error, input};

/// Score a system output against an M2 gold, as m2scorer does.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The system output, one tokenised sentence per line.
    system: String,
    /// The M2 gold.
    gold: String,
    /// Print the per-sentence report (edits, gold edits, running counts, chosen annotator) in
    /// m2scorer's format.
    #[arg(short, long)]
    verbose: bool,
    /// Print m2scorer's trace of every sentence's edit lattice: matrices, backpointers, the
    /// transitive closure step by step, each annotator's weights and path (hundreds of megabytes
    /// for a corpus; a sentence whose lattice has more than 1,000 vertices is refused).
    #[arg(long = "very_verbose")]
    very_verbose: bool,
    /// Unchanged words one system edit may span.
    #[arg(long = "max_unchanged_words", default_value_t = 2)]
    max_unchanged_words: u32,
    /// β of F_β.
    #[arg(long, default_value_t = 0.5, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    beta: f64,
    /// Drop system edits that only change case or spacing.
    #[arg(long = "ignore_whitespace_casing")]
    ignore_whitespace_casing: bool,
    /// Anchor insertions before the first word as Release 3.2 (the LCB paper's copy) did.
    #[arg(long)]
    release32: bool,
    /// The longest sentence (source or output, in tokens) scored; a longer one is refused with
    /// its line, not scored for minutes (m2scorer has no limit).
    #[arg(long = "max-tokens", value_name = "N", default_value_t = M2Options::OFFICIAL.max_sentence_tokens)]
    max_tokens: usize,
}

pub(crate) fn run(args: &Args, sink: &mut dyn Write) -> Result<(), Error> {
    let failure = |source: gec_metrics::Error| Error::Metrics { source };
    let gold = M2Gold::from_file(&input::m2(&args.gold, true)?);
    let hypotheses = input::lines(&args.system)?;
    let mut options = M2Options::OFFICIAL.with_beta(args.beta);
    options.max_unchanged_words = args.max_unchanged_words;
    options.ignore_whitespace_casing = args.ignore_whitespace_casing;
    options.max_sentence_tokens = args.max_tokens;
    if args.release32 {
        options.first_row_insertions = FirstRowInsertions::Release32;
    }
    let names = (input::name(&args.gold), input::name(&args.system));
    let score = if args.verbose || args.very_verbose {
        let results =
            score_sentences(gold.sentences(), &hypotheses, names, &options).map_err(failure)?;
        if args.very_verbose {
            // The trace streams: it runs to hundreds of megabytes for a corpus.
            let mut out = std::io::BufWriter::new(&mut *sink);
            very_verbose_report(
                gold.sentences(),
                &hypotheses,
                &results,
                names,
                &options,
                args.verbose,
                &mut out,
            )
            .map_err(failure)?;
            out.flush().map_err(Error::at("standard output"))?;
        } else {
            let report = verbose_report(gold.sentences(), &hypotheses, &results, args.beta)
                .map_err(failure)?;
            crate::write_output(sink, report.as_bytes())?;
        }
        let stats: Vec<SentenceStats> = results.iter().map(|r| SentenceStats::of(r)).collect();
        corpus_score(&stats, args.beta)
    } else {
        let stats =
            sentence_stats(gold.sentences(), &hypotheses, names, &options).map_err(failure)?;
        corpus_score(&stats, args.beta)
    };
    crate::write_output(sink, summary_report(&score, args.beta).as_bytes())
}
