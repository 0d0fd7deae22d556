//! ERRANT: hypothesis edits compared with a reference's (errant_compare's numbers), the edits
//! typed from text by the native ERRANT on a chosen analysis of English, or given as M2.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use corpus_resampling::confidence_interval_by;
use gec_errant::{Analyser, Annotator, Input, ParallelOptions, ParallelSentence, RetypeOptions};
use gec_metrics::errant_compare::ErrantGroupSentence;
use gec_metrics::{CategoryTier, ErrantMode, ErrantOptions, ErrantScore, M2File, errant_evaluate};

use crate::report::{CategoryScore, Interval, Parts, Scored, Scores, SentenceScore};
use crate::statistic::{ErrantGroupStat, ErrantMacroStat, ErrantStat, with_parts};
use crate::{Error, Lines, MetricReport, Resampling, Signature, System, Warning};

/// Which analysis of English types the edits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrantAnalyser {
    /// spaCy's en_core_web_sm 3.8.0, run natively: ERRANT 3.0.2's own analyses, edits and types.
    #[default]
    Spacy,
    /// The EWT-trained tagger of `gecbias tag`: faster, but its edits and types are not
    /// ERRANT's.
    Ewt,
}

impl ErrantAnalyser {
    /// The analyser's name in signatures.
    pub fn signature_name(self) -> &'static str {
        match self {
            ErrantAnalyser::Spacy => "spacy-en_core_web_sm-3.8.0",
            ErrantAnalyser::Ewt => "ewt-tagger",
        }
    }
}

/// An annotator over whichever analyser was chosen.
pub type DynAnnotator = Annotator<Box<dyn Analyser + Send + Sync>>;

/// The annotator on `analyser` (built-in models and word list), loaded once per process.
pub fn annotator(analyser: ErrantAnalyser) -> Result<&'static DynAnnotator, Error> {
    static SPACY: OnceLock<DynAnnotator> = OnceLock::new();
    static EWT: OnceLock<DynAnnotator> = OnceLock::new();
    let (cell, load): (_, fn() -> Result<DynAnnotator, gec_errant::Error>) = match analyser {
        ErrantAnalyser::Spacy => (&SPACY, || {
            Ok(Annotator::english()?.map_analyser(|a| Box::new(a) as Box<_>))
        }),
        ErrantAnalyser::Ewt => (&EWT, || {
            Ok(Annotator::ewt()?.map_analyser(|a| Box::new(a) as Box<_>))
        }),
    };
    if let Some(loaded) = cell.get() {
        return Ok(loaded);
    }
    // Not `get_or_init` over a `Result`: a failure (a model variable naming a missing file) is
    // reported each time rather than kept; two threads loading at once keep the first.
    let loaded = load().map_err(|source| Error::Errant { source })?;
    Ok(cell.get_or_init(|| loaded))
}

/// The typed edits of each corrected version of each original line (ERRANT's
/// `errant_parallel`) by the annotator on `analyser`; a line longer than annotation takes
/// (`gec_errant::MAX_SENTENCE_TOKENS`, `MAX_PIECE_CHARS`) is refused as [`Error::TooLong`],
/// named by its lines' origin. The versions must have as many lines as the originals.
pub fn errant_parallel(
    originals: &Lines,
    corrections: &[&Lines],
    options: ParallelOptions,
    analyser: ErrantAnalyser,
) -> Result<Vec<ParallelSentence>, Error> {
    if let Some(c) = corrections
        .iter()
        .find(|c| c.lines.len() != originals.lines.len())
    {
        return Err(Error::LineCounts {
            file: c.origin.clone(),
            lines: c.lines.len(),
            other: originals.origin.clone(),
            expected: originals.lines.len(),
        });
    }
    let lines: Vec<Vec<String>> = corrections.iter().map(|c| c.lines.clone()).collect();
    gec_errant::annotate_parallel(annotator(analyser)?, &originals.lines, &lines, options).map_err(
        |e| match e {
            gec_errant::Error::TooLong {
                input,
                line,
                message,
            } => Error::TooLong {
                file: match input {
                    Input::Corrections(k) if k < corrections.len() => corrections[k].origin.clone(),
                    _ => originals.origin.clone(),
                },
                line,
                message,
            },
            source => Error::Errant { source },
        },
    )
}

/// An M2 file's edits re-typed by the annotator on `analyser`, as `errant_m2 -gold` re-types
/// them, and read.
pub fn retyped_gold(gold: &str, origin: &str, analyser: ErrantAnalyser) -> Result<M2File, Error> {
    let text = gec_errant::retype_m2(annotator(analyser)?, gold, origin, RetypeOptions::default())
        .map_err(|source| Error::Errant { source })?;
    Ok(M2File::parse(&text, origin)?)
}

/// Systems' outputs typed against their source by the native ERRANT: each distinct sentence
/// analysed once, for all systems, and the edits kept as values that every metric reading typed
/// edits scores (ERRANT, its per-type and macro scores, CLEME, CLEME2.0), so that scoring several
/// of them analyses the text once.
#[derive(Debug, Clone)]
pub struct TypedSystems {
    analyser: ErrantAnalyser,
    /// Each system's name and its edits, as the M2 file `errant_parallel` writes.
    files: Vec<(String, M2File)>,
}

impl TypedSystems {
    /// Each system's outputs typed against `source` by the annotator on `analyser`; a line
    /// longer than annotation takes is [`Error::TooLong`], named by its file.
    pub fn new(
        source: &Lines,
        systems: &[System],
        analyser: ErrantAnalyser,
    ) -> Result<TypedSystems, Error> {
        let outputs: Vec<&Lines> = systems.iter().map(|s| &s.output).collect();
        let sentences = errant_parallel(source, &outputs, ParallelOptions::default(), analyser)?;
        let files = systems
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let file =
                    gec_errant::parallel_file(&sentences, k, source.lines.len(), &s.output.origin);
                (s.name.clone(), file)
            })
            .collect();
        Ok(TypedSystems { analyser, files })
    }

    /// The analyser that typed the edits.
    pub fn analyser(&self) -> ErrantAnalyser {
        self.analyser
    }

    /// Each system's name and its typed edits, in the systems' order.
    pub fn files(&self) -> &[(String, M2File)] {
        &self.files
    }
}

/// errant_compare's comparison of hypothesis edits with a reference M2 file: corpus P, R and
/// F_β, each sentence's annotator pair chosen by the running F_β (redone on every resample),
/// per-type scores where asked for.
#[derive(Debug, Clone)]
pub struct ErrantScorer {
    options: ErrantOptions,
    categories: Option<CategoryTier>,
    /// The corpus score, P and R macro-averaged over the `categories` groups.
    macro_average: bool,
}

/// Where the hypotheses' edits came from, for the signature.
enum Hypotheses {
    Text(ErrantAnalyser),
    M2,
}

/// The name of a mode in signatures: errant_compare's flag without its dash.
fn mode_name(mode: ErrantMode) -> &'static str {
    match mode {
        ErrantMode::CorrectionSpansTypes => "cse",
        ErrantMode::DetectionSpans => "ds",
        ErrantMode::DetectionTokens => "dt",
        _ => "cs",
    }
}

/// The number of `-cat` of a tier.
fn tier_number(tier: CategoryTier) -> u8 {
    match tier {
        CategoryTier::Operation => 1,
        CategoryTier::Main => 2,
        _ => 3,
    }
}

/// The first edit of `gold` whose type ERRANT never writes (NUCLE's `ArtOrDet`, say), with its
/// line: ERRANT's are `UNK`, `noop` and an operation `M`, `R` or `U` with a part of speech.
fn foreign_type(gold: &M2File) -> Option<(usize, &str)> {
    let errant = |c: &str| {
        matches!(c, "UNK" | "noop")
            || c.split_once(':').is_some_and(|(op, rest)| {
                matches!(op, "M" | "R" | "U")
                    && !rest.is_empty()
                    && rest.chars().all(|ch| ch.is_ascii_uppercase() || ch == ':')
            })
    };
    gold.blocks
        .iter()
        .flat_map(|b| &b.edits)
        .find(|e| !errant(&e.category))
        .map(|e| (e.line, e.category.as_str()))
}

impl ErrantScorer {
    /// A scorer comparing edits as `options` says (mode, β).
    pub fn new(options: ErrantOptions) -> ErrantScorer {
        ErrantScorer {
            options,
            categories: None,
            macro_average: false,
        }
    }

    /// The scorer whose corpus score, P and R are macro-averaged over the error type groups of
    /// `tier` (each group's F_β, P and R as `-cat` prints them, weighed equally: errant PR #52's
    /// `macro`), intervals and tests redoing the running choice on every resample; the per-type
    /// scores are reported too. TP, FP and FN stay the micro counts.
    #[must_use]
    pub fn with_macro_average(self, tier: CategoryTier) -> ErrantScorer {
        ErrantScorer {
            categories: Some(tier),
            macro_average: true,
            ..self
        }
    }

    /// The scorer with per-type scores grouped by `tier` (errant_compare's `-cat`).
    #[must_use]
    pub fn with_categories(self, tier: CategoryTier) -> ErrantScorer {
        ErrantScorer {
            categories: Some(tier),
            ..self
        }
    }

    /// Systems' output texts typed against `source` by the annotator on `analyser` (each
    /// distinct sentence analysed once, for all systems), compared with `gold`, which should be
    /// typed by the same analyser ([`retyped_gold`]).
    pub fn report_text(
        &self,
        source: &Lines,
        gold: &M2File,
        systems: &[System],
        analyser: ErrantAnalyser,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let typed = TypedSystems::new(source, systems, analyser)?;
        self.report_typed(gold, &typed, resampling)
    }

    /// Systems typed once ([`TypedSystems`]) compared with `gold`, which should be typed by the
    /// same analyser ([`retyped_gold`]).
    pub fn report_typed(
        &self,
        gold: &M2File,
        typed: &TypedSystems,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        self.report(
            gold,
            typed.files(),
            Hypotheses::Text(typed.analyser()),
            resampling,
        )
    }

    /// Systems' hypothesis M2 files (as `errant_parallel` writes them, with their names)
    /// compared with `gold` as given.
    pub fn report_edits(
        &self,
        gold: &M2File,
        hypotheses: &[(String, M2File)],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        self.report(gold, hypotheses, Hypotheses::M2, resampling)
    }

    fn report(
        &self,
        reference: &M2File,
        hypotheses: &[(String, M2File)],
        kind: Hypotheses,
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        resampling.check()?;
        let warnings = match self.categories.and(foreign_type(reference)) {
            Some((line, category)) => vec![Warning::ForeignType {
                file: reference.file.clone(),
                line,
                category: category.to_owned(),
            }],
            None => Vec::new(),
        };
        let beta = self.options.beta;
        let systems = hypotheses
            .iter()
            .map(|(name, hypothesis)| {
                let evaluation = errant_evaluate(hypothesis, reference, &self.options)?;
                let sentences = evaluation
                    .sentences
                    .iter()
                    .zip(evaluation.chosen_pairs())
                    .map(|(s, k)| {
                        let [tp, fp, fn_] = s.pairs()[k];
                        SentenceScore::Errant {
                            annotator: s.pair_references()[k],
                            fn_,
                            fp,
                            score: ErrantScore::from_counts(tp, fp, fn_, beta).f_beta,
                            tp,
                        }
                    })
                    .collect();
                let categories = self
                    .categories
                    .map(|tier| {
                        evaluation
                            .category_scores(tier)
                            .into_iter()
                            .map(|(type_name, c)| {
                                let confidence = match resampling.bootstrap() {
                                    Some(bootstrap) => {
                                        let items: Vec<ErrantGroupSentence> = evaluation
                                            .sentences
                                            .iter()
                                            .map(|s| s.group(tier, &type_name))
                                            .collect();
                                        let i = confidence_interval_by(
                                            &items,
                                            &ErrantGroupStat(beta),
                                            &bootstrap,
                                        )?;
                                        Some(Interval::shown(resampling, i))
                                    }
                                    None => None,
                                };
                                let score = CategoryScore {
                                    confidence,
                                    f: c.f_beta,
                                    fn_: c.fn_,
                                    fp: c.fp,
                                    precision: (c.tp + c.fp > 0).then_some(c.precision),
                                    recall: c.recall,
                                    tp: c.tp,
                                };
                                Ok((type_name, score))
                            })
                            .collect::<Result<BTreeMap<_, _>, Error>>()
                    })
                    .transpose()?;
                let s = evaluation.score;
                let (f_beta, precision, recall) = match self.categories {
                    Some(tier) if self.macro_average => {
                        let m = evaluation.macro_score(tier);
                        (m.f_beta, m.precision, m.recall)
                    }
                    _ => (s.f_beta, s.precision, s.recall),
                };
                Ok(Scored {
                    system: name.clone(),
                    score: f_beta,
                    parts: Parts::Errant {
                        categories,
                        fn_: s.fn_,
                        fp: s.fp,
                        precision,
                        recall,
                        tp: s.tp,
                    },
                    items: evaluation.sentences,
                    sentences,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let annotators = reference
            .blocks
            .iter()
            .map(|b| b.annotators().len())
            .max()
            .unwrap_or(0);
        let mut signature = Signature::new("ERRANT")
            .with("refs", annotators)
            .with("mode", mode_name(self.options.mode))
            .with("beta", beta);
        signature = match kind {
            Hypotheses::Text(analyser) => signature
                .with("hyp", "text")
                .with("typed", format!("gecbias-errant-{}", gec_errant::VERSION))
                .with("analyser", analyser.signature_name()),
            Hypotheses::M2 => signature.with("hyp", "m2"),
        };
        if let Some(tier) = self.categories {
            signature = signature.with("cat", tier_number(tier));
        }
        if self.macro_average {
            signature = signature.with("average", "macro");
        }
        let signature = signature
            .with("refsel", "running")
            .with("version", crate::VERSION);
        let scores = Scores {
            name: "ERRANT",
            signature,
            systems,
        };
        let mut report = match self.categories {
            Some(tier) if self.macro_average => {
                let (f, precision_recall) = with_parts(|part| ErrantMacroStat { beta, tier, part });
                scores.report(resampling, &f, Some(&precision_recall))?
            }
            _ => {
                let (f, precision_recall) = with_parts(|part| ErrantStat(beta, part));
                scores.report(resampling, &f, Some(&precision_recall))?
            }
        };
        report.warnings = warnings;
        Ok(report)
    }
}
