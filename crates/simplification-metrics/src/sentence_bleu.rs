//! EASSE's `sent_bleu`: the mean of each line's sentence BLEU.

use bleu_chrf::{Bleu, BleuStats, SentenceStatistics, Smoothing};

use crate::{Error, Preprocessing, References};

/// Sentence BLEU as EASSE's `sentence_bleu` sets it: sacreBLEU's BLEU (0–100) of one line against
/// its references, `floor` smoothing (0.1) and effective order, on normalised text (score lines
/// with [`bleu_line_stats`]).
pub fn sentence_bleu_scorer(preprocessing: Preprocessing) -> Bleu {
    let mut options = preprocessing.bleu_options();
    options.smoothing = Smoothing::Floor(0.1);
    options.effective_order = true;
    Bleu::new(options)
}

/// BLEU's statistics of line `i` of `outputs` against its references, normalised as
/// `preprocessing` says, for a `bleu` made with [`sentence_bleu_scorer`] or the same
/// preprocessing's options.
pub fn bleu_line_stats(
    bleu: &Bleu,
    preprocessing: Preprocessing,
    outputs: &[String],
    references: &References,
    i: usize,
) -> BleuStats {
    bleu_stats(bleu, preprocessing, &outputs[i], &references.of(i))
}

/// BLEU's statistics of `output` against `references`, normalised as `preprocessing` says.
pub(crate) fn bleu_stats(
    bleu: &Bleu,
    preprocessing: Preprocessing,
    output: &str,
    references: &[&str],
) -> BleuStats {
    let refs: Vec<_> = references
        .iter()
        .map(|r| preprocessing.for_bleu(r))
        .collect();
    let refs: Vec<&str> = refs.iter().map(AsRef::as_ref).collect();
    bleu.sentence_stats(&preprocessing.for_bleu(output), &refs)
}

/// EASSE's `corpus_averaged_sentence_bleu`: numpy's mean of every line's sentence BLEU.
pub fn corpus_sentence_bleu(
    outputs: &[String],
    references: &References,
    preprocessing: Preprocessing,
) -> Result<f64, Error> {
    let bleu = sentence_bleu_scorer(preprocessing);
    crate::mean_over_lines(outputs, references, |i| {
        bleu.points(&bleu_line_stats(
            &bleu,
            preprocessing,
            outputs,
            references,
            i,
        ))
    })
}
