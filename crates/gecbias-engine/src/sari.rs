//! SARI: SARI.py's sentence SARI averaged over sentences, or one of EASSE's corpus SARIs (the
//! number text-simplification papers publish) from n-gram counts summed over the corpus, or one
//! of its add, keep and delete scores (EASSE's `sari_by_operation`).

use corpus_resampling::{CorpusStatistic, Mean};
use gec_metrics::sari::{sari_score, sari_strip};
use simplification_metrics::{
    EasseSari, EasseSariCounts, EasseVariant, Preprocessing, easse_sari_counts,
};

use crate::report::Parts;
use crate::text_references::{SystemScore, TextReferences, report_each};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System};

/// Which SARI a [`SariScorer`] computes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum SariVariant {
    /// SARI.py's sentence SARI, averaged over sentences (Xu et al. 2016's script; the LCB paper's).
    #[default]
    SariPy,
    /// EASSE's corpus SARI in one of its variants: n-gram counts summed over the corpus (what
    /// text-simplification papers publish).
    Easse(EasseVariant),
}

impl SariVariant {
    /// The signature's `variant` value.
    fn name(self) -> &'static str {
        match self {
            SariVariant::SariPy => "sari.py",
            SariVariant::Easse(variant) => variant.name(),
        }
    }
}

/// One of the three operations SARI averages (EASSE's `sari_by_operation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SariOperation {
    /// The addition score (EASSE's `sari_add`).
    Add,
    /// The keep score (`sari_keep`).
    Keep,
    /// The deletion score (`sari_del`).
    Delete,
}

impl SariOperation {
    /// The reports' and signatures' name: `SARI-add`, `SARI-keep`, `SARI-del`.
    fn name(self) -> &'static str {
        match self {
            SariOperation::Add => "SARI-add",
            SariOperation::Keep => "SARI-keep",
            SariOperation::Delete => "SARI-del",
        }
    }

    fn of(self, sari: &EasseSari) -> f64 {
        match self {
            SariOperation::Add => sari.add,
            SariOperation::Keep => sari.keep,
            SariOperation::Delete => sari.delete,
        }
    }
}

/// SARI of outputs against their sources and references (lines stripped as SARI.py strips
/// them), in one of its [`SariVariant`]s, or one of EASSE's operation scores. Scores are
/// fractions (EASSE's / 100).
#[derive(Debug, Clone)]
pub struct SariScorer {
    texts: TextReferences,
    variant: SariVariant,
    operation: Option<SariOperation>,
}

/// EASSE's SARI, or one of its operations' scores (a fraction), of resampled sentences' summed
/// counts.
struct PooledEasse(EasseVariant, Option<SariOperation>);

impl PooledEasse {
    fn score(&self, counts: &EasseSariCounts) -> f64 {
        let sari = counts.score(self.0);
        self.1.map_or(sari.sari, |operation| operation.of(&sari)) / 100.0
    }
}

impl CorpusStatistic<EasseSariCounts> for PooledEasse {
    fn of<'a, I: Iterator<Item = &'a EasseSariCounts>>(&self, items: I) -> f64 {
        self.score(&items.sum::<EasseSariCounts>())
    }
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
    /// A scorer of SARI.py's SARI of outputs of `source` against `references` (each
    /// line-aligned with it).
    pub fn new(source: &Lines, references: &[Lines]) -> SariScorer {
        SariScorer::of_variant(source, references, SariVariant::SariPy)
    }

    /// A scorer of `variant`'s SARI of outputs of `source` against `references`.
    pub fn of_variant(source: &Lines, references: &[Lines], variant: SariVariant) -> SariScorer {
        let references: Vec<Lines> = references.iter().map(stripped).collect();
        SariScorer {
            texts: TextReferences::new(&stripped(source), &references),
            variant,
            operation: None,
        }
    }

    /// A scorer of `operation`'s score in `variant`'s corpus SARI (EASSE's `sari_by_operation`).
    pub fn of_operation(
        source: &Lines,
        references: &[Lines],
        variant: EasseVariant,
        operation: SariOperation,
    ) -> SariScorer {
        SariScorer {
            operation: Some(operation),
            ..SariScorer::of_variant(source, references, SariVariant::Easse(variant))
        }
    }

    /// The reports' name: `SARI`, or the operation's (`SARI-add`, …).
    fn name(&self) -> &'static str {
        self.operation.map_or("SARI", SariOperation::name)
    }

    /// `SARI|refs:N|impl:sari.py|version:…`, or for EASSE's
    /// `SARI|refs:N|variant:easse|impl:easse-0.2.4|version:…` (`SARI-add|…` for an operation).
    pub fn signature(&self) -> Signature {
        let signature = Signature::new(self.name()).with("refs", self.texts.count());
        match self.variant {
            SariVariant::SariPy => signature.implemented_by("sari.py"),
            easse => signature
                .with("variant", easse.name())
                .implemented_by("easse-0.2.4"),
        }
    }

    /// Each system's SARI, its sentences' SARI and what `resampling` asks for.
    pub fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let name = self.name();
        let signature = (name, self.signature());
        if let SariVariant::Easse(variant) = self.variant {
            let pooled = PooledEasse(variant, self.operation);
            let score = self.texts.each(|texts| {
                gec_metrics::text::aligned(
                    name,
                    texts.source,
                    texts.output,
                    texts.references,
                    texts.names,
                )?;
                let items: Vec<EasseSariCounts> = (0..texts.source.len())
                    .map(|i| {
                        let refs: Vec<&str> =
                            texts.references.iter().map(|r| r[i].as_str()).collect();
                        let output = sari_strip(&texts.output[i]);
                        easse_sari_counts(
                            &texts.source[i],
                            output,
                            &refs,
                            variant,
                            Preprocessing::default(),
                        )
                    })
                    .collect();
                Ok(SystemScore {
                    score: pooled.of(items.iter()),
                    parts: Parts::Sari {},
                    sentences: items.iter().map(|c| pooled.score(c)).collect(),
                    items,
                })
            });
            return report_each(signature, systems, resampling, &pooled, score);
        }
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
