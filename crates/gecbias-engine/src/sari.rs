//! SARI.py's sentence SARI, averaged over sentences.

use corpus_resampling::Mean;
use gec_metrics::sari::{sari_score, sari_strip};

use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::system::against_references;
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// SARI of outputs against their sources and references, as SARI.py computes it (lines
/// stripped as it strips them).
#[derive(Debug, Clone)]
pub struct SariScorer {
    source: Lines,
    references: Vec<Lines>,
}

fn stripped(lines: &Lines) -> Lines {
    Lines::new(
        lines.origin.clone(),
        lines
            .lines
            .iter()
            .map(|l| sari_strip(l).to_owned())
            .collect(),
    )
}

impl SariScorer {
    /// A scorer of outputs of `source` against `references` (each line-aligned with it).
    pub fn new(source: &Lines, references: &[Lines]) -> SariScorer {
        SariScorer {
            source: stripped(source),
            references: references.iter().map(stripped).collect(),
        }
    }

    /// `SARI|refs:N|impl:sari.py|version:…`.
    pub fn signature(&self) -> Signature {
        Signature::new("SARI")
            .with("refs", self.references.len())
            .implemented_by("sari.py")
    }

    /// Each system's mean SARI, its sentences' SARI and what `resampling` asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let systems = against_references(
            &self.source,
            &self.references,
            systems,
            |system, references, names| {
                let output = stripped(&system.output);
                let score = sari_score(&self.source.lines, &output.lines, references, names)?;
                Ok(Scored {
                    system: system.name.clone(),
                    score: score.mean,
                    parts: Parts::Sari {},
                    sentences: score
                        .sentences
                        .iter()
                        .map(|&score| SentenceScore::Score { score })
                        .collect(),
                    items: score.sentences,
                })
            },
        )?;
        Scores {
            name: "SARI",
            signature: self.signature(),
            systems,
        }
        .report(resampling, &Mean, None)
    }
}
