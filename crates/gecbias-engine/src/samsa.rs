//! SAMSA and SAMSA_abl (crate `ucca-samsa`): each source Moses-tokenised (case kept, as EASSE
//! normalises it) and parsed once by the UCCA parser the options name, its scenes analysed once;
//! each output split into sentences and aligned scene by scene. Scores are fractions (EASSE's /
//! 100); the corpus score is the mean of the lines' scores, which resampling means again.

use std::sync::{Arc, Mutex};

use corpus_resampling::Mean;
use rayon::prelude::*;
use simplification_metrics::{EasseTokenizer, Preprocessing, check_line_length};
use ucca_samsa::{PreparedSource, Samsa};

use crate::text_references::{SystemScore, report_each};
use crate::{Error, Lines, MetricReport, ParserModel, Resampling, Signature, System, parser};

/// SAMSA with the splitting penalty, or SAMSA_abl without it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SamsaVariant {
    Samsa,
    Abl,
}

/// The pipeline with its parser loaded and a source prepared (parsed, its scenes analysed).
struct Pipeline {
    samsa: Samsa,
    parser_name: String,
    model: Option<ParserModel>,
    source: Lines,
    preprocessing: Preprocessing,
    prepared: Vec<PreparedSource>,
}

/// The last pipeline prepared: `samsa` and `samsa_abl` asked for together (as `gecbias samsa`
/// asks) share it instead of loading the models and parsing the source twice.
static LAST: Mutex<Option<Arc<Pipeline>>> = Mutex::new(None);

/// SAMSA's scorer: which score, and the pipeline.
pub(crate) struct SamsaScorer {
    variant: SamsaVariant,
    pipeline: Arc<Pipeline>,
}

impl std::fmt::Debug for SamsaScorer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SamsaScorer")
            .field("variant", &self.variant)
            .finish_non_exhaustive()
    }
}

/// SAMSA's normalisation in the catalogue: Moses tokens, case kept (as EASSE's tests and its
/// published values run it).
fn moses() -> Preprocessing {
    Preprocessing::new(false, EasseTokenizer::Moses)
}

/// SAMSA and SAMSA_abl of each output line against its source line, as EASSE's
/// `get_samsa_sentence_scores` computes them (fractions; EASSE's are × 100), both texts
/// normalised by `preprocessing` first (`easse evaluate` passes its `-tok` and `-lc`), the
/// sources parsed by the parser `model` names.
pub fn samsa_lines(
    source: &Lines,
    output: &Lines,
    preprocessing: Preprocessing,
    model: Option<&ParserModel>,
) -> Result<Vec<ucca_samsa::Scores>, Error> {
    SamsaScorer::new(SamsaVariant::Samsa, source, model, preprocessing)?.lines(output)
}

/// A failure of SAMSA's pipeline on line `line` of `file`.
fn at(file: &str, line: usize) -> impl Fn(ucca_samsa::Error) -> Error + '_ {
    move |source| Error::Samsa {
        file: file.to_owned(),
        line,
        source: Box::new(source),
    }
}

impl SamsaScorer {
    /// The catalogue's scorer of `variant`: Moses tokens, case kept.
    pub(crate) fn catalogue(
        variant: SamsaVariant,
        source: &Lines,
        model: Option<&ParserModel>,
    ) -> Result<SamsaScorer, Error> {
        SamsaScorer::new(variant, source, model, moses())
    }

    /// The scorer of `variant` with the parser `model` names, `source` normalised by
    /// `preprocessing` and parsed line by line (or the last such pipeline).
    fn new(
        variant: SamsaVariant,
        source: &Lines,
        model: Option<&ParserModel>,
        preprocessing: Preprocessing,
    ) -> Result<SamsaScorer, Error> {
        let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
        let same = |p: &&Arc<Pipeline>| {
            p.model.as_ref() == model && p.preprocessing == preprocessing && p.source == *source
        };
        let pipeline = match last.as_ref().filter(same) {
            Some(p) => Arc::clone(p),
            None => {
                let p = Arc::new(Pipeline::new(source, model, preprocessing)?);
                *last = Some(Arc::clone(&p));
                p
            }
        };
        Ok(SamsaScorer { variant, pipeline })
    }
}

impl Pipeline {
    fn new(
        source: &Lines,
        model: Option<&ParserModel>,
        preprocessing: Preprocessing,
    ) -> Result<Pipeline, Error> {
        let (parser, parser_name) = parser(model)?;
        let samsa = Samsa::new(parser).map_err(|e| Error::SamsaModels {
            source: Box::new(e),
        })?;
        for (i, line) in source.lines.iter().enumerate() {
            check_line_length(&source.origin, i + 1, line)?;
        }
        let prepared = source
            .lines
            .par_iter()
            .enumerate()
            .map(|(i, line)| {
                let text = preprocessing.apply(line);
                samsa
                    .prepare(&text.split_whitespace().collect::<Vec<_>>())
                    .map_err(at(&source.origin, i + 1))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Pipeline {
            samsa,
            parser_name,
            model: model.cloned(),
            source: source.clone(),
            preprocessing,
            prepared,
        })
    }
}

impl SamsaScorer {
    fn name(&self) -> &'static str {
        match self.variant {
            SamsaVariant::Samsa => "SAMSA",
            SamsaVariant::Abl => "SAMSA_abl",
        }
    }

    /// `SAMSA|tok:moses|case:mixed|parser:…|analyser:spacy-sm|split:corenlp|impl:easse-0.2.4|version:…`.
    pub(crate) fn signature(&self) -> Signature {
        let case = if self.pipeline.preprocessing.lowercase {
            "lc"
        } else {
            "mixed"
        };
        Signature::new(self.name())
            .with("tok", self.pipeline.preprocessing.tokenizer.name())
            .with("case", case)
            .with("parser", &self.pipeline.parser_name)
            .with("analyser", "spacy-sm")
            .with("split", "corenlp")
            .implemented_by("easse-0.2.4")
    }

    /// Both scores of each line of `output` (as long as the source: else an error naming both).
    fn lines(&self, output: &Lines) -> Result<Vec<ucca_samsa::Scores>, Error> {
        let p = &*self.pipeline;
        // SAMSA reads no references: the source stands in for the line count check.
        let origin = p.source.origin.as_str();
        let names = [origin, output.origin.as_str(), origin];
        let source = [p.source.lines.clone()];
        gec_metrics::text::aligned(self.name(), &p.source.lines, &output.lines, &source, &names)?;
        for (i, line) in output.lines.iter().enumerate() {
            check_line_length(&output.origin, i + 1, line)?;
        }
        p.prepared
            .par_iter()
            .zip(&output.lines)
            .enumerate()
            .map(|(i, (prepared, line))| {
                let text = p.preprocessing.apply(line);
                let tokens: Vec<&str> = text.split_whitespace().collect();
                p.samsa
                    .score_prepared(prepared, &tokens)
                    .map_err(at(&output.origin, i + 1))
            })
            .collect()
    }

    /// Each system's mean, its lines' scores and what `resampling` asks for.
    pub(crate) fn report(
        &self,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let score = |system: &System| -> Result<SystemScore<f64>, Error> {
            let sentences: Vec<f64> = self
                .lines(&system.output)?
                .iter()
                .map(|s| match self.variant {
                    SamsaVariant::Samsa => s.samsa,
                    SamsaVariant::Abl => s.samsa_abl,
                })
                .collect();
            Ok(SystemScore::line_mean(sentences))
        };
        report_each(
            (self.name(), self.signature()),
            systems,
            resampling,
            &Mean,
            score,
        )
    }
}
