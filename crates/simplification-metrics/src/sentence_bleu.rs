//! EASSE's `sent_bleu`: the mean of each line's sentence BLEU.

use bleu_chrf::{Bleu, BleuOptions, SentenceStatistics, Smoothing};

use crate::{Error, Preprocessing, References};

/// Sentence BLEU as EASSE's `sentence_bleu` sets it: sacreBLEU's BLEU (0–100) of one line against
/// its references, `floor` smoothing (0.1) and effective order, on normalised text.
pub fn sentence_bleu_scorer(preprocessing: Preprocessing) -> Bleu {
    let mut options = BleuOptions::default();
    options.tokenizer = preprocessing.tokenizer;
    options.lowercase = preprocessing.lowercase;
    options.smoothing = Smoothing::Floor(0.1);
    options.effective_order = true;
    Bleu::new(options)
}

/// EASSE's `corpus_averaged_sentence_bleu`: numpy's mean of every line's sentence BLEU.
pub fn corpus_sentence_bleu(
    outputs: &[String],
    references: &References,
    preprocessing: Preprocessing,
) -> Result<f64, Error> {
    references.check(outputs.len(), outputs.len())?;
    let bleu = sentence_bleu_scorer(preprocessing);
    let scores: Vec<f64> = (0..outputs.len())
        .map(|i| bleu.points(&bleu.sentence_stats(&outputs[i], &references.of(i))))
        .collect();
    Ok(crate::mean(&scores))
}
