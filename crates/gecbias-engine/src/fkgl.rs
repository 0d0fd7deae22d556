//! EASSE's FKGL over systems (crate `simplification-metrics`): the corpus grade from summed line
//! counts, which resampling sums again; each line's own grade at sentence level. A grade level,
//! not a fraction: lower reads easier.

use corpus_resampling::CorpusStatistic;
use simplification_metrics::{EasseTokenizer, Fkgl, FkglCounts};

use crate::report::Parts;
use crate::text_references::{SystemScore, report_each};
use crate::{Error, MetricReport, Resampling, Signature, System};

/// FKGL of outputs, tokenized as EASSE tokenizes them.
#[derive(Debug)]
pub(crate) struct FkglScorer {
    fkgl: Fkgl,
    tokenizer: EasseTokenizer,
}

/// The grade of resampled lines' summed counts.
struct PooledGrade;

impl CorpusStatistic<FkglCounts> for PooledGrade {
    fn of<'a, I: Iterator<Item = &'a FkglCounts>>(&self, items: I) -> f64 {
        items.sum::<FkglCounts>().grade()
    }
}

impl FkglScorer {
    /// FKGL tokenizing with `tokenizer`.
    pub(crate) fn new(tokenizer: EasseTokenizer) -> Result<FkglScorer, Error> {
        Ok(FkglScorer {
            fkgl: Fkgl::new(tokenizer)?,
            tokenizer,
        })
    }

    /// `FKGL|tok:13a|case:lc|impl:easse-0.2.4|version:…`.
    pub(crate) fn signature(&self) -> Signature {
        Signature::new("FKGL")
            .with("tok", self.tokenizer.name())
            .with("case", "lc")
            .implemented_by("easse-0.2.4")
    }

    /// Each system's FKGL with its counts, each line's grade and what `resampling` asks for.
    pub(crate) fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let score = |system: &System| {
            let items: Vec<FkglCounts> = (system.output.lines.iter())
                .map(|line| self.fkgl.line_counts(line))
                .collect();
            let total: FkglCounts = items.iter().sum();
            Ok(SystemScore {
                score: total.grade(),
                parts: Parts::Fkgl {
                    fkgl_sentences: total.sentences,
                    syllables: total.syllables,
                    words: total.words,
                },
                sentences: items.iter().map(FkglCounts::grade).collect(),
                items,
            })
        };
        report_each(
            ("FKGL", self.signature()),
            systems,
            resampling,
            &PooledGrade,
            score,
        )
    }
}
