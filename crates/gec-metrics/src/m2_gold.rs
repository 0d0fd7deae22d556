//! Scoring system outputs against an M2 gold in one call: [`M2Gold`] parses the gold once and
//! scores any number of outputs; [`SystemM2`] keeps the per-sentence statistics next to the corpus
//! score so that intervals and paired tests resample them without re-running the lattice.

use std::path::Path;

use crate::Error;
use crate::m2_file::M2File;
use crate::m2_score::{
    GoldSentence, M2Options, M2Score, SentenceStats, corpus_score, sentence_stats,
};
use crate::text::read_lines;

/// An M2 gold standard, parsed once: the source sentences with every annotator's edits.
#[derive(Debug, Clone)]
pub struct M2Gold {
    name: String,
    sentences: Vec<GoldSentence>,
}

/// One system's M2 result: the corpus score (with the running choice of annotators) and the
/// per-sentence statistics it was computed from.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SystemM2 {
    /// The system file (or the name given for lines).
    pub system: String,
    /// Corpus P, R and F_β.
    pub score: M2Score,
    /// Every sentence's counts against every annotator.
    pub sentences: Vec<SentenceStats>,
    /// The β the score was computed with.
    pub beta: f64,
}

impl SystemM2 {
    /// The corpus score of a resample of the sentences (indices into [`SystemM2::sentences`],
    /// repeats allowed), the annotators chosen again by the running F_β over the resample's order.
    ///
    /// # Panics
    /// Never: an index beyond the sentences is skipped.
    pub fn resample(&self, indices: &[usize]) -> M2Score {
        corpus_score(
            indices.iter().filter_map(|&i| self.sentences.get(i)),
            self.beta,
        )
    }
}

impl M2Gold {
    /// Reads an M2 file strictly: an edit span outside its sentence is an error naming the line.
    pub fn read(path: impl AsRef<Path>) -> Result<Self, Error> {
        Ok(Self::from_file(&M2File::read(path.as_ref())?))
    }

    /// Reads an M2 file as m2scorer does: edit spans outside their sentence are dropped.
    pub fn read_lenient(path: impl AsRef<Path>) -> Result<Self, Error> {
        Ok(Self::from_file(&M2File::read_lenient(path.as_ref())?))
    }

    /// Parses M2 text (strictly); `name` names it in errors.
    pub fn parse(text: &str, name: &str) -> Result<Self, Error> {
        Ok(Self::from_file(&M2File::parse(text, name)?))
    }

    /// The gold of a parsed M2 file.
    pub fn from_file(file: &M2File) -> Self {
        Self {
            name: file.file.clone(),
            sentences: GoldSentence::from_file(file),
        }
    }

    /// The gold sentences, in file order.
    pub fn sentences(&self) -> &[GoldSentence] {
        &self.sentences
    }

    /// The most annotators any sentence has (the `refs` of a signature).
    pub fn annotators(&self) -> usize {
        self.sentences
            .iter()
            .map(|s| s.annotators.len())
            .max()
            .unwrap_or(0)
    }

    /// The file the gold was read from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Scores the system output at `system` (one sentence per line, line-aligned with the gold).
    pub fn score_file(
        &self,
        system: impl AsRef<Path>,
        options: &M2Options,
    ) -> Result<SystemM2, Error> {
        let path = system.as_ref();
        self.score_lines(&read_lines(path)?, &path.display().to_string(), options)
    }

    /// Scores every system file, in order.
    pub fn score_files<P: AsRef<Path>>(
        &self,
        systems: &[P],
        options: &M2Options,
    ) -> Result<Vec<SystemM2>, Error> {
        systems
            .iter()
            .map(|s| self.score_file(s, options))
            .collect()
    }

    /// Scores hypotheses given as lines against the gold's sentences at `indices` (0-based, in
    /// that order, repeats allowed), one hypothesis each: a batch of the corpus scored as a
    /// corpus of its own (a training loop's minibatch), without copying the gold. An index beyond
    /// the gold is an [`Error::InvalidParams`] naming it.
    pub fn score_lines_at(
        &self,
        indices: &[usize],
        hypotheses: &[String],
        name: &str,
        options: &M2Options,
    ) -> Result<SystemM2, Error> {
        let golds = indices
            .iter()
            .map(|&i| {
                self.sentences.get(i).ok_or_else(|| {
                    Error::InvalidParams(format!(
                        "sentence index {i} is beyond the {} sentences of {}",
                        self.sentences.len(),
                        self.name
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.system(
            sentence_stats(&golds, hypotheses, (&self.name, name), options)?,
            name,
            options,
        )
    }

    /// Scores hypotheses given as lines; `name` names them in errors.
    pub fn score_lines(
        &self,
        hypotheses: &[String],
        name: &str,
        options: &M2Options,
    ) -> Result<SystemM2, Error> {
        let sentences = sentence_stats(&self.sentences, hypotheses, (&self.name, name), options)?;
        self.system(sentences, name, options)
    }

    fn system(
        &self,
        sentences: Vec<SentenceStats>,
        name: &str,
        options: &M2Options,
    ) -> Result<SystemM2, Error> {
        Ok(SystemM2 {
            system: name.to_owned(),
            score: corpus_score(&sentences, options.beta),
            sentences,
            beta: options.beta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOLD: &str = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n\
                        S She like cats .\nA 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0\n\
                        A 1 2|||R:VERB:TENSE|||liked|||REQUIRED|||-NONE-|||1\n";

    #[test]
    fn a_batch_scores_as_the_gold_of_those_sentences() {
        let gold = M2Gold::parse(GOLD, "gold.m2").unwrap();
        assert_eq!(gold.annotators(), 2);
        let options = M2Options::default();
        let hypotheses = ["She liked cats .".to_owned(), "She like cats .".to_owned()];
        let selected = gold
            .score_lines_at(&[1, 1], &hypotheses, "batch", &options)
            .unwrap();
        let second = "S She like cats .\nA 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0\n\
                      A 1 2|||R:VERB:TENSE|||liked|||REQUIRED|||-NONE-|||1\n";
        let own = M2Gold::parse(&format!("{second}\n{second}"), "two.m2")
            .unwrap()
            .score_lines(&hypotheses, "batch", &options)
            .unwrap();
        assert_eq!(selected.score, own.score);
        assert_eq!((selected.score.correct, selected.score.proposed), (1, 1));
        let err = gold
            .score_lines_at(&[0, 2], &hypotheses, "batch", &options)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "invalid parameter: sentence index 2 is beyond the 2 sentences of gold.m2"
        );
    }
}
