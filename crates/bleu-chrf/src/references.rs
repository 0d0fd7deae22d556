//! The references of each sentence as sacreBLEU takes them from files: streams of lines, each as
//! many as the hypotheses. An empty line is an empty reference, not a missing one (sacreBLEU
//! drops only Python's `None`): it counts, with length 0, in BLEU's choice of the closest
//! reference length. Sentences with different numbers of references go through the metrics'
//! `sentence_stats` with each sentence's own list.

use std::ops::AddAssign;

use crate::Error;

/// The most characters a line may have: a longer one is no sentence, and its n-gram maps grow
/// with it (chrF++ of a 5 MB line of random characters took 1.5 GB; at this bound, tens of MB).
pub const MAX_LINE_CHARS: usize = 100_000;

/// Each sentence's references, from `streams` (each as many lines as `hypotheses`), every line
/// checked against [`MAX_LINE_CHARS`].
pub(crate) fn per_sentence<'a>(
    hypotheses: &[String],
    streams: &'a [Vec<String>],
) -> Result<Vec<Vec<&'a str>>, Error> {
    if streams.is_empty() {
        return Err(Error::NoReferences);
    }
    for (k, stream) in std::iter::once(hypotheses)
        .chain(streams.iter().map(Vec::as_slice))
        .enumerate()
    {
        if stream.len() != hypotheses.len() {
            return Err(Error::LineCount {
                reference: k,
                found: stream.len(),
                expected: hypotheses.len(),
            });
        }
        // A line's bytes bound its characters from above: only long lines are counted.
        if let Some((i, chars)) = stream
            .iter()
            .map(|l| (l.len() > MAX_LINE_CHARS).then(|| l.chars().count()))
            .enumerate()
            .find_map(|(i, n)| n.filter(|&n| n > MAX_LINE_CHARS).map(|n| (i, n)))
        {
            return Err(Error::LineTooLong {
                reference: (k > 0).then_some(k),
                line: i + 1,
                chars,
            });
        }
    }
    Ok((0..hypotheses.len())
        .map(|i| streams.iter().map(|s| s[i].as_str()).collect())
        .collect())
}

/// A metric scored from per-sentence statistics that sum to the corpus's (sacreBLEU's BLEU and
/// chrF): resampling a corpus sums resampled sentences' statistics.
pub trait SentenceStatistics {
    /// One sentence's (or a corpus's summed) statistics.
    type Stats: Default + for<'a> AddAssign<&'a Self::Stats>;

    /// One sentence's statistics: `hypothesis` against its `references` (any number).
    fn sentence_stats(&self, hypothesis: &str, references: &[&str]) -> Self::Stats;

    /// The score (0–100) of `stats`: a sentence's, or their sum.
    fn points(&self, stats: &Self::Stats) -> f64;

    /// sacreBLEU's signature with `nrefs` reference streams.
    fn signature(&self, nrefs: usize) -> String;

    /// Each sentence's statistics: `hypotheses` against the reference `streams` (each
    /// line-aligned with them; an empty line an empty reference; no line over
    /// [`MAX_LINE_CHARS`]).
    fn corpus_stats(
        &self,
        hypotheses: &[String],
        streams: &[Vec<String>],
    ) -> Result<Vec<Self::Stats>, Error> {
        let references = per_sentence(hypotheses, streams)?;
        Ok(hypotheses
            .iter()
            .zip(&references)
            .map(|(h, r)| self.sentence_stats(h, r))
            .collect())
    }

    /// The sum of `stats`.
    fn total<'a>(&self, stats: impl IntoIterator<Item = &'a Self::Stats>) -> Self::Stats
    where
        Self::Stats: 'a,
    {
        let mut total = Self::Stats::default();
        for s in stats {
            total += s;
        }
        total
    }

    /// The corpus score (0–100) of `hypotheses` against the reference `streams`, as sacreBLEU's
    /// `corpus_score`.
    fn corpus_points(&self, hypotheses: &[String], streams: &[Vec<String>]) -> Result<f64, Error> {
        let stats = self.corpus_stats(hypotheses, streams)?;
        Ok(self.points(&self.total(&stats)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_checked_for_their_length_and_their_lines() {
        let hyps = vec!["a".to_owned(), "b".to_owned()];
        let long = "x".repeat(MAX_LINE_CHARS + 1);
        let error = per_sentence(&hyps, &[vec!["a".into()]]).unwrap_err();
        assert_eq!(
            error,
            Error::LineCount {
                reference: 1,
                found: 1,
                expected: 2
            }
        );
        let error = per_sentence(&hyps, &[vec!["a".into(), long.clone()]]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2 of reference 1: 100001 characters, above the 100000 a sentence may have"
        );
        let error = per_sentence(&[long, "b".into()], std::slice::from_ref(&hyps)).unwrap_err();
        assert!(matches!(
            error,
            Error::LineTooLong {
                reference: None,
                line: 1,
                ..
            }
        ));
        // Multi-byte characters are counted as characters, not bytes.
        let wide = "é".repeat(MAX_LINE_CHARS);
        assert!(per_sentence(&[wide.clone(), "b".into()], &[vec![wide, "b".into()]]).is_ok());
        assert_eq!(per_sentence(&hyps, &[]).unwrap_err(), Error::NoReferences);
    }
}
