//! SARI.py's sentence SARI, averaged over sentences.

use corpus_resampling::Mean;
use gec_metrics::sari::{sari_score, sari_strip};

use crate::report::Parts;
use crate::text_references::{SystemScore, TextReferences, report_each};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// SARI of outputs against their sources and references, as SARI.py computes it (lines
/// stripped as it strips them).
#[derive(Debug, Clone)]
pub struct SariScorer {
    texts: TextReferences,
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
        let references: Vec<Lines> = references.iter().map(stripped).collect();
        SariScorer {
            texts: TextReferences::new(&stripped(source), &references),
        }
    }

    /// `SARI|refs:N|impl:sari.py|version:…`.
    pub fn signature(&self) -> Signature {
        Signature::new("SARI")
            .with("refs", self.texts.count())
            .implemented_by("sari.py")
    }

    /// Each system's mean SARI, its sentences' SARI and what `resampling` asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let signature = ("SARI", self.signature());
        let score = self.texts.each(|texts| {
            let output: Vec<String> = texts
                .output
                .iter()
                .map(|l| sari_strip(l).to_owned())
                .collect();
            let score = sari_score(texts.source, &output, texts.references, texts.names)?;
            Ok(SystemScore {
                score: score.mean,
                parts: Parts::Sari {},
                sentences: score.sentences.clone(),
                items: score.sentences,
            })
        });
        report_each(signature, systems, resampling, &Mean, score)
    }
}
