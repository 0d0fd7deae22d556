//! A catalogue metric's scorer built from its name, its inputs and one typed options value: the
//! one place where "metric + options → scorer" is written, for the command, Python and every
//! other client. The systems' outputs are held in [`Outputs`], which types them with ERRANT and
//! reads them as hypothesis M2 at most once, whichever metrics ask.

use std::sync::{Arc, Mutex, OnceLock};

use bleu_chrf::{Bleu, BleuOptions, Chrf, ChrfOptions, Tokenizer};
use gec_metrics::{
    CategoryTier, ClemeAssumption, ErrantMode, ErrantOptions, GreenOptions, KoyamaOptions, M2File,
    M2Options,
};
use simplification_metrics::{EasseTokenizer, EasseVariant};

use crate::catalogue::{Metric, Need};
use crate::easse_lines::{LineMeanScorer, LineMetric};
use crate::fkgl::FkglScorer;
use crate::sacrebleu::SacreScorer;
use crate::samsa::{SamsaScorer, SamsaVariant};
use crate::{
    ClemeLevel, ClemeScorer, ClemeVariant, ErrantAnalyser, ErrantScorer, Error, GleuScorer,
    GotoScorer, GreenScorer, KoyamaGleuScorer, KoyamaMode, Lines, M2Scorer, MetricReport,
    Resampling, SariOperation, SariScorer, SariVariant, System, TypedSystems, UsimOptions,
    UsimScorer, Warning, retyped_gold,
};

/// What a metric scores the systems against; the catalogue's [`Reads`](crate::Reads) says
/// which of them each metric needs.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct MetricInputs {
    /// The M2 gold, as the lines of its file.
    pub gold: Option<Lines>,
    /// The source text, line-aligned with the outputs.
    pub source: Option<Lines>,
    /// Text references, each line-aligned with the outputs (and the source).
    pub references: Vec<Lines>,
}

/// Every catalogue metric's options in one value, each at its reference tool's default; a
/// metric reads those its [`MetricSpec::options`](crate::MetricSpec::options) names.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct MetricOptions {
    /// F_β's β for M2, ERRANT and GoToScorer (0.5).
    pub beta: f64,
    /// m2scorer's options (the official ones); their β is [`MetricOptions::beta`].
    pub m2: M2Options,
    /// ERRANT's scoring mode (`-cs`).
    pub errant_mode: ErrantMode,
    /// The analysis that types edits from text (spaCy's, ERRANT's own).
    pub analyser: ErrantAnalyser,
    /// ERRANT's per-type scores at this tier (`-cat N`), or none.
    pub categories: Option<CategoryTier>,
    /// ERRANT's P, R and F as the mean of the per-type ones at `categories` (the full tier when
    /// none), instead of summed counts.
    pub macro_average: bool,
    /// compute_gleu's sampling iterations (500).
    pub gleu_iterations: usize,
    /// GREEN's n, β and unit.
    pub green: GreenOptions,
    /// Koyama's GLEU's n and unit.
    pub koyama: KoyamaOptions,
    /// Koyama's GLEU's mode (`gleu -f`'s sampling by default).
    pub koyama_mode: KoyamaMode,
    /// GoToScorer's weights (the file they came from, then one weight per chunk of each
    /// sentence), or none: every chunk weighs 1.
    pub goto_weights: Option<(String, Vec<Vec<f64>>)>,
    /// The reference GoToScorer chunks, counted from 0.
    pub goto_reference: usize,
    /// CLEME's assumption about chunks (dependent).
    pub cleme_assumption: ClemeAssumption,
    /// Whether CLEME weighs chunks by length (yes).
    pub cleme_length_weights: bool,
    /// Whether CLEME averages over the corpus or over sentences.
    pub cleme_level: ClemeLevel,
    /// USim's parsing and version.
    pub usim: UsimOptions,
    /// sacreBLEU's BLEU settings (its defaults: 13a, exp smoothing, mixed case).
    pub bleu: BleuOptions,
    /// sacreBLEU's chrF settings (its defaults: chrF, n = 6 characters, β = 2).
    pub chrf: ChrfOptions,
    /// Which SARI: SARI.py's (the default) or one of EASSE's corpus SARIs.
    pub sari_variant: SariVariant,
    /// FKGL's tokenizer (EASSE's default, `13a`; EASSE's `moses` and `penn` too).
    pub fkgl_tokenizer: EasseTokenizer,
}

impl Default for MetricOptions {
    fn default() -> MetricOptions {
        MetricOptions {
            beta: 0.5,
            m2: M2Options::OFFICIAL,
            errant_mode: ErrantMode::CorrectionSpans,
            analyser: ErrantAnalyser::Spacy,
            categories: None,
            macro_average: false,
            gleu_iterations: 500,
            green: GreenOptions::default(),
            koyama: KoyamaOptions::default(),
            koyama_mode: KoyamaMode::default(),
            goto_weights: None,
            goto_reference: 0,
            cleme_assumption: ClemeAssumption::Dependent,
            cleme_length_weights: true,
            cleme_level: ClemeLevel::Corpus,
            usim: UsimOptions::default(),
            bleu: BleuOptions::default(),
            chrf: ChrfOptions::default(),
            sari_variant: SariVariant::SariPy,
            fkgl_tokenizer: EasseTokenizer::Sacre(Tokenizer::Thirteen),
        }
    }
}

/// The systems' outputs, with what metrics derive from them computed once: their edits typed
/// by ERRANT against a source, and their reading as hypothesis M2 files.
#[derive(Debug)]
pub struct Outputs {
    systems: Vec<System>,
    typed: Mutex<Vec<(ErrantAnalyser, Lines, Arc<TypedSystems>)>>,
    m2: OnceLock<Vec<(String, M2File)>>,
}

impl Outputs {
    /// The outputs of `systems`, the first the baseline of the paired tests.
    pub fn new(systems: Vec<System>) -> Outputs {
        Outputs {
            systems,
            typed: Mutex::new(Vec::new()),
            m2: OnceLock::new(),
        }
    }

    /// The systems as text.
    pub fn systems(&self) -> &[System] {
        &self.systems
    }

    /// The outputs typed against `source` by `analyser`, typed on first use.
    pub fn typed(
        &self,
        source: &Lines,
        analyser: ErrantAnalyser,
    ) -> Result<Arc<TypedSystems>, Error> {
        let mut typed = self.typed.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, t)) = typed.iter().find(|(a, s, _)| *a == analyser && s == source) {
            return Ok(Arc::clone(t));
        }
        let t = Arc::new(TypedSystems::new(source, &self.systems, analyser)?);
        typed.push((analyser, source.clone(), Arc::clone(&t)));
        Ok(t)
    }

    /// The outputs read as hypothesis M2 files (leniently, as ERRANT reads them), on first
    /// use.
    pub fn hypothesis_m2(&self) -> Result<&[(String, M2File)], Error> {
        if let Some(files) = self.m2.get() {
            return Ok(files);
        }
        let files = self
            .systems
            .iter()
            .map(|s| {
                let text: String = s.output.lines.iter().map(|l| format!("{l}\n")).collect();
                Ok((
                    s.name.clone(),
                    M2File::parse_lenient(&text, &s.output.origin)?,
                ))
            })
            .collect::<Result<Vec<_>, gec_metrics::Error>>()?;
        Ok(self.m2.get_or_init(|| files))
    }
}

/// Where a metric that reads edits takes the systems' edits from.
#[derive(Debug)]
enum Edits {
    /// Typed from text against the source by the analyser.
    Typed(Lines, ErrantAnalyser),
    /// Read from hypothesis M2 files.
    M2,
}

enum Prepared {
    M2(M2Scorer),
    Errant {
        scorer: ErrantScorer,
        gold: M2File,
        edits: Edits,
    },
    Gleu(GleuScorer),
    Sari(SariScorer),
    Green(GreenScorer),
    KoyamaGleu(KoyamaGleuScorer),
    GoToScorer(GotoScorer),
    Cleme {
        scorer: ClemeScorer,
        edits: Edits,
    },
    Usim {
        scorer: Box<UsimScorer>,
        source: Lines,
    },
    Bleu(SacreScorer<Bleu>),
    Chrf(SacreScorer<Chrf>),
    Fkgl(FkglScorer),
    LineMean(LineMeanScorer),
    Samsa(Box<SamsaScorer>),
}

/// One catalogue metric's scorer, its gold, source and references read and prepared once (a
/// gold parsed or re-typed, a parser loaded), to score any number of [`Outputs`].
pub struct Scorer {
    metric: Metric,
    prepared: Prepared,
    warnings: Vec<Warning>,
}

fn text(lines: &Lines) -> String {
    lines.lines.iter().map(|l| format!("{l}\n")).collect()
}

fn missing(metric: Metric, what: &'static str) -> Error {
    Error::Inputs {
        metric: metric.name(),
        message: what,
    }
}

fn required<'a, T>(
    metric: Metric,
    value: Option<&'a T>,
    what: &'static str,
) -> Result<&'a T, Error> {
    value.ok_or_else(|| missing(metric, what))
}

impl Scorer {
    /// The scorer of `metric` against `inputs`, with the options of `options` it reads. An input
    /// the metric needs and lacks is [`Error::Inputs`].
    pub fn new(
        metric: Metric,
        inputs: &MetricInputs,
        options: &MetricOptions,
    ) -> Result<Scorer, Error> {
        let reads = metric.spec().reads;
        let gold = match reads.gold {
            Need::Required => Some(required(metric, inputs.gold.as_ref(), "an M2 gold")?),
            _ => inputs.gold.as_ref(),
        };
        let source = match reads.source {
            Need::Required => Some(required(metric, inputs.source.as_ref(), "the source")?),
            _ => inputs.source.as_ref(),
        };
        if reads.references == Need::Required && inputs.references.is_empty() {
            return Err(missing(
                metric,
                "text references line-aligned with the outputs",
            ));
        }
        let source_text = || required(metric, source, "the source");
        let references = &inputs.references;
        let mut warnings = Vec::new();
        let prepared = match metric {
            Metric::M2 => {
                let gold = required(metric, gold, "an M2 gold")?;
                let m2 = options.m2.with_beta(options.beta);
                Prepared::M2(M2Scorer::new(
                    &M2File::parse(&text(gold), &gold.origin)?,
                    m2,
                ))
            }
            Metric::Errant => {
                let gold = required(metric, gold, "an M2 gold")?;
                errant(gold, source, options, &mut warnings)?
            }
            Metric::Cleme | Metric::Cleme2 => cleme(metric, gold, source, inputs, options)?,
            Metric::Gleu => Prepared::Gleu(GleuScorer::new(
                source_text()?,
                references,
                options.gleu_iterations,
            )?),
            Metric::Sari => Prepared::Sari(SariScorer::of_variant(
                source_text()?,
                references,
                options.sari_variant,
            )),
            Metric::SariAdd | Metric::SariKeep | Metric::SariDel => {
                sari_operation(metric, source_text()?, references, options)
            }
            Metric::Green => {
                Prepared::Green(GreenScorer::new(source_text()?, references, options.green))
            }
            Metric::KoyamaGleu => Prepared::KoyamaGleu(KoyamaGleuScorer::new(
                source_text()?,
                references,
                options.koyama,
                options.koyama_mode,
            )),
            Metric::GoToScorer => goto_scorer(source_text()?, references, options)?,
            Metric::Usim => Prepared::Usim {
                scorer: Box::new(UsimScorer::new(options.usim.clone())?),
                source: source_text()?.clone(),
            },
            Metric::Bleu => Prepared::Bleu(SacreScorer::new(references, Bleu::new(options.bleu))),
            Metric::Chrf => Prepared::Chrf(SacreScorer::new(references, Chrf::new(options.chrf)?)),
            Metric::Fkgl => Prepared::Fkgl(FkglScorer::new(options.fkgl_tokenizer)?),
            Metric::SentBleu
            | Metric::F1Token
            | Metric::IBleu
            | Metric::FkBleu
            | Metric::DSari
            | Metric::Quality(_) => line_mean(metric, source, references)?,
            Metric::Samsa | Metric::SamsaAbl => {
                let variant = match metric {
                    Metric::Samsa => SamsaVariant::Samsa,
                    _ => SamsaVariant::Abl,
                };
                let model = options.usim.text.parser.as_ref();
                Prepared::Samsa(Box::new(SamsaScorer::catalogue(
                    variant,
                    source_text()?,
                    model,
                )?))
            }
        };
        Ok(Scorer {
            metric,
            prepared,
            warnings,
        })
    }

    /// The metric scored.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Whether the systems' outputs are read as hypothesis M2 files (a metric that reads edits,
    /// given no source).
    pub fn reads_hypothesis_m2(&self) -> bool {
        matches!(
            self.prepared,
            Prepared::Errant {
                edits: Edits::M2,
                ..
            } | Prepared::Cleme {
                edits: Edits::M2,
                ..
            }
        )
    }

    /// Every system's row, what `resampling` asks for, and the warnings of preparing the
    /// inputs.
    pub fn report(
        &self,
        outputs: &Outputs,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let systems = outputs.systems();
        let mut report = match &self.prepared {
            Prepared::M2(s) => s.report(systems, resampling),
            Prepared::Errant {
                scorer,
                gold,
                edits: Edits::Typed(source, analyser),
            } => scorer.report_typed(gold, &*outputs.typed(source, *analyser)?, resampling),
            Prepared::Errant {
                scorer,
                gold,
                edits: Edits::M2,
            } => scorer.report_edits(gold, outputs.hypothesis_m2()?, resampling),
            Prepared::Cleme {
                scorer,
                edits: Edits::Typed(source, analyser),
            } => scorer.report_typed(&*outputs.typed(source, *analyser)?, resampling),
            Prepared::Cleme {
                scorer,
                edits: Edits::M2,
            } => scorer.report_edits(outputs.hypothesis_m2()?, resampling),
            Prepared::Gleu(s) => s.report(systems, resampling),
            Prepared::Sari(s) => s.report(systems, resampling),
            Prepared::Green(s) => s.report(systems, resampling),
            Prepared::KoyamaGleu(s) => s.report(systems, resampling),
            Prepared::GoToScorer(s) => s.report(systems, resampling),
            Prepared::Usim { scorer, source } => scorer.report(source, systems, resampling),
            Prepared::Bleu(s) => s.report(systems, resampling),
            Prepared::Chrf(s) => s.report(systems, resampling),
            Prepared::Fkgl(s) => s.report(systems, resampling),
            Prepared::LineMean(s) => s.report(systems, resampling),
            Prepared::Samsa(s) => s.report(systems, resampling),
        }?;
        report.warnings.splice(0..0, self.warnings.iter().cloned());
        Ok(report)
    }
}

/// One of EASSE's SARI operation scores in the EASSE variant the options name (its default
/// where they name SARI.py's, which has no operation scores).
fn sari_operation(
    metric: Metric,
    source: &Lines,
    references: &[Lines],
    options: &MetricOptions,
) -> Prepared {
    let operation = match metric {
        Metric::SariAdd => SariOperation::Add,
        Metric::SariKeep => SariOperation::Keep,
        _ => SariOperation::Delete,
    };
    let variant = match options.sari_variant {
        SariVariant::Easse(variant) => variant,
        SariVariant::SariPy => EasseVariant::Default,
    };
    Prepared::Sari(SariScorer::of_operation(
        source, references, variant, operation,
    ))
}

/// A simplification metric that is a mean over lines.
fn line_mean(
    metric: Metric,
    source: Option<&Lines>,
    references: &[Lines],
) -> Result<Prepared, Error> {
    let line_metric = match metric {
        Metric::SentBleu => LineMetric::SentBleu,
        Metric::F1Token => LineMetric::F1Token,
        Metric::IBleu => LineMetric::IBleu,
        Metric::FkBleu => LineMetric::FkBleu,
        Metric::Quality(feature) => LineMetric::Quality(feature),
        _ => LineMetric::DSari,
    };
    // sent_bleu and f1_token read no source: the first reference stands in for the line
    // alignment.
    let aligned = match (metric.spec().reads.source, references.first()) {
        (Need::No, Some(first)) => first,
        _ => required(metric, source, "the source")?,
    };
    Ok(Prepared::LineMean(LineMeanScorer::new(
        line_metric,
        aligned,
        references,
    )?))
}

/// ERRANT: hypotheses typed from text against the source with the gold re-typed alike, or
/// hypothesis M2 files against the gold as given (read leniently, as ERRANT reads it).
fn errant(
    gold: &Lines,
    source: Option<&Lines>,
    options: &MetricOptions,
    warnings: &mut Vec<Warning>,
) -> Result<Prepared, Error> {
    let mut errant = ErrantOptions::with_mode(options.errant_mode);
    errant.beta = options.beta;
    let scorer = ErrantScorer::new(errant);
    let scorer = match (options.macro_average, options.categories) {
        (true, tier) => scorer.with_macro_average(tier.unwrap_or(CategoryTier::Full)),
        (false, Some(tier)) => scorer.with_categories(tier),
        (false, None) => scorer,
    };
    let text = text(gold);
    Ok(match source {
        Some(source) => Prepared::Errant {
            scorer,
            gold: retyped_gold(&text, &gold.origin, options.analyser)?,
            edits: Edits::Typed(source.clone(), options.analyser),
        },
        None => {
            let file = M2File::parse_lenient(&text, &gold.origin)?;
            // What the lenient reading accepts and the strict one refuses is a span out of place.
            if let Err(e) = M2File::parse(&text, &gold.origin) {
                warnings.push(Warning::LenientGold {
                    message: e.to_string(),
                });
            }
            Prepared::Errant {
                scorer,
                gold: file,
                edits: Edits::M2,
            }
        }
    })
}

/// CLEME and CLEME2.0: the references from an M2 gold or typed from text references, once.
fn cleme(
    metric: Metric,
    gold: Option<&Lines>,
    source: Option<&Lines>,
    inputs: &MetricInputs,
    options: &MetricOptions,
) -> Result<Prepared, Error> {
    let variant = match metric {
        Metric::Cleme2 => ClemeVariant::Cleme2,
        _ => ClemeVariant::Cleme,
    };
    let scorer = match (gold, inputs.references.is_empty()) {
        (Some(gold), true) => ClemeScorer::new(&M2File::parse(&text(gold), &gold.origin)?, variant),
        (None, false) => {
            let source = required(metric, source, "the source of its text references")?;
            ClemeScorer::from_references(source, &inputs.references, variant, options.analyser)?
        }
        (Some(_), false) => {
            return Err(missing(
                metric,
                "its references once: an M2 gold or text references",
            ));
        }
        (None, true) => {
            return Err(missing(
                metric,
                "references: an M2 gold, or text references with their source",
            ));
        }
    };
    let scorer = scorer
        .with_assumption(options.cleme_assumption)
        .with_length_weights(options.cleme_length_weights)
        .with_level(options.cleme_level);
    let edits = match source {
        Some(source) => Edits::Typed(source.clone(), options.analyser),
        None => Edits::M2,
    };
    Ok(Prepared::Cleme { scorer, edits })
}

/// GoToScorer: the chunks of one reference's corrections, weighted where weights are given.
fn goto_scorer(
    source: &Lines,
    references: &[Lines],
    options: &MetricOptions,
) -> Result<Prepared, Error> {
    let reference = references
        .get(options.goto_reference)
        .ok_or(Error::GotoReference {
            reference: options.goto_reference,
            references: references.len(),
        })?;
    let mut scorer = GotoScorer::new(source, reference, options.analyser).with_beta(options.beta);
    if let Some((origin, weights)) = &options.goto_weights {
        scorer = scorer.with_weights(origin, weights.clone());
    }
    Ok(Prepared::GoToScorer(scorer))
}
