//! gecbias's typed engine: every metric as one scorer over named systems, returning typed rows —
//! the corpus score and its parts, each sentence's score, bootstrap intervals, paired tests
//! against the first system, significance ranks and a sacrebleu-style [`Signature`] — from one
//! [`Resampling`] setting whose defaults live in one place ([`DEFAULT_SEED`]). The `gecbias`
//! command parses its arguments into these types and renders what they return; meta-evaluation
//! builds its scorers through [`Scorer`], as the command and Python do.
//!
//! * [`CATALOGUE`]: every metric declared once ([`Metric`], its name, aliases, inputs, levels
//!   and options), from which the command's and Python's metric names come;
//! * [`Scorer`]: any catalogue metric's scorer from its [`MetricInputs`] and one typed
//!   [`MetricOptions`], scoring [`Outputs`] (typed by ERRANT and read as M2 once for all
//!   metrics) — the one place the command and Python build scorers;
//! * [`M2Scorer`]: MaxMatch (m2scorer) against an M2 gold;
//! * [`ErrantScorer`]: errant_compare's numbers, hypotheses typed from text by the native ERRANT
//!   ([`ErrantScorer::report_text`], the gold re-typed too) or given as M2
//!   ([`ErrantScorer::report_edits`]);
//! * [`GleuScorer`]: compute_gleu's GLEU; [`SariScorer`]: SARI.py's mean sentence SARI, EASSE's
//!   corpus SARI ([`SariVariant`]) or one of its operations ([`SariOperation`]);
//! * [`GreenScorer`]: gec-metrics' GREEN (n-gram F_β against the source and the best reference);
//! * [`GotoScorer`]: gec-metrics' GoToScorer (chunks of the reference's corrections, weighted
//!   by difficulty from many systems' outputs), the edits typed by the native ERRANT;
//! * [`KoyamaGleuScorer`]: Koyama's GLEU (the `gleu` package, MultiGEC-2025's), in its corpus,
//!   best-reference and sentence-mean modes ([`KoyamaMode`]);
//! * [`ClemeScorer`]: CLEME's chunk F0.5 and CLEME2.0's hit-, wrong-, under- and
//!   over-correction (THUKElab/CLEME, length weights), against an M2 gold or text references,
//!   of hypothesis M2 files or text typed by the native ERRANT;
//! * [`TypedSystems`]: outputs typed once by the native ERRANT, scored by every metric that
//!   reads typed edits ([`ErrantScorer::report_typed`], [`ClemeScorer::report_typed`]);
//! * [`UsimScorer`]: mean USim(source, output) on the native UCCA parser's parses;
//! * sacreBLEU's BLEU and chrF/chrF++ (crate `bleu-chrf`) through [`Scorer`] alone
//!   ([`Metric::Bleu`], [`Metric::Chrf`]; options in [`MetricOptions`]), and EASSE's FKGL (crate
//!   `simplification-metrics`, [`Metric::Fkgl`]) and its means over lines: sentence BLEU, token
//!   F1, iBLEU, FKBLEU, D-SARI and the quality-estimation features;
//! * SAMSA and SAMSA_abl (crate `ucca-samsa`) through [`Scorer`] ([`Metric::Samsa`],
//!   [`Metric::SamsaAbl`]: Moses tokens, case kept), and [`samsa_lines`] for `easse evaluate`'s
//!   own normalisation;
//! * [`MetaEval`]: each metric's system scores against a human ranking (GJG15, SEEDA), with
//!   bootstrap intervals of the correlations and paired tests between metrics.
//!
//! Resampling draws sentences, the same indices for every system; M2 and ERRANT choose each
//! sentence's annotator by the running corpus F_β, so the choice is redone on every resample.
//!
//! Two systems scored by M2 with a 95 % interval and a paired randomisation test:
//!
//! ```
//! use gecbias_engine::{Bootstrap, M2Scorer, Resampling, System};
//! use gec_metrics::{M2File, M2Options};
//!
//! let gold = M2File::parse(
//!     "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n\
//!      S She like it .\nA 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0\n",
//!     "gold.m2",
//! )?;
//! let systems = [
//!     System::new("copy", vec!["He go to school .".into(), "She like it .".into()]),
//!     System::new("fixed", vec!["He goes to school .".into(), "She likes it .".into()]),
//! ];
//! let mut resampling = Resampling::default();
//! resampling.confidence = Some(Bootstrap::default());
//! resampling.paired_ar = Some(1000);
//! let report = M2Scorer::new(&gold, M2Options::OFFICIAL).report(&systems, &resampling)?;
//! let fixed = &report.systems[1];
//! assert_eq!((fixed.system.as_str(), fixed.score), ("fixed", 1.0));
//! assert_eq!(report.systems[0].score, 0.0);
//! assert!(fixed.paired_ar.as_ref().is_some_and(|t| t.difference == 1.0));
//! assert!(report.signature.to_string().ends_with("|ci:bca|bs:1000|paired-ar:1000|seed:12345"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Any metric of the catalogue by its name, its options in one value:
//!
//! ```
//! use gecbias_engine::{Lines, Metric, MetricInputs, MetricOptions, Outputs, Resampling, Scorer, System};
//!
//! let mut inputs = MetricInputs::default();
//! inputs.source = Some(Lines::new("src", vec!["He go to school .".into()]));
//! inputs.references = vec![Lines::new("ref", vec!["He goes to school .".into()])];
//! let gleu: Metric = "gleu".parse()?;
//! let scorer = Scorer::new(gleu, &inputs, &MetricOptions::default())?;
//! let outputs = Outputs::new(vec![
//!     System::new("copy", vec!["He go to school .".into()]),
//!     System::new("fixed", vec!["He goes to school .".into()]),
//! ]);
//! let report = scorer.report(&outputs, &Resampling::default())?;
//! assert!(report.systems[1].score > report.systems[0].score);
//! // A metric without an input it needs says which.
//! let m2 = Scorer::new(Metric::M2, &inputs, &MetricOptions::default());
//! assert_eq!(m2.err().map(|e| e.to_string()), Some("m2 needs an M2 gold".into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod analyses;
mod catalogue;
mod cleme;
mod easse_lines;
mod errant;
mod error;
mod fkgl;
mod gleu;
mod gotoscorer;
mod green;
mod koyama_gleu;
mod m2;
mod meta_evaluation;
mod parser_model;
mod rated_outputs;
mod rating_datasets;
mod rating_meta_evaluation;
mod report;
mod resampling;
mod sacrebleu;
mod samsa;
mod sari;
mod scorer;
mod signature;
mod statistic;
mod system;
mod tagging;
mod text_references;
mod usim;

pub use analyses::{conservatism_signature, unseen_signature};
pub use catalogue::{
    CATALOGUE, Level, Metric, MetricSpec, Need, Reads, metric_names, metric_options,
    sentence_fields,
};
pub use cleme::{ClemeLevel, ClemeScorer, ClemeVariant};
pub use errant::{
    DynAnnotator, ErrantAnalyser, ErrantScorer, TypedSystems, annotator, errant_parallel,
    retyped_gold,
};
pub use error::Error;
pub use gleu::GleuScorer;
pub use gotoscorer::GotoScorer;
pub use green::GreenScorer;
pub use koyama_gleu::{KoyamaGleuScorer, KoyamaMode};
pub use m2::M2Scorer;
pub use meta_eval::Unit;
pub use meta_evaluation::{
    Dataset, Difference, Estimate, Granularity, HumanMethod, HumanSide, MetaEval, MetaEvalOptions,
    MetaEvalReport, MetaMetric, MetricRow, PairRow, Sentence, WithReferences,
};
pub use parser_model::{ParserModel, parser};
pub use rated_outputs::{DEFAULT_ASPECT, RatedOutputs, Rating, Segment};
pub use rating_datasets::RatingDataset;
pub use rating_meta_evaluation::{
    Correlations, LevelPairs, RatedMetricRow, RatedScores, RatingMetaEval, RatingMetaEvalOptions,
    RatingMetaEvalReport, SyntheticSystems,
};
pub use report::{
    CategoryScore, Interval, MetricReport, Parts, Rank, SentenceScore, SystemScore, Test, Warning,
};
pub use resampling::{
    Bootstrap, DEFAULT_SEED, IntervalKind, MAX_RESAMPLES, MIN_RESAMPLES, Ranking, Resampling,
    check_resamples,
};
pub use samsa::samsa_lines;
pub use sari::{SariOperation, SariScorer, SariVariant};
pub use scorer::{MetricInputs, MetricOptions, Outputs, Scorer};
pub use signature::Signature;
pub use system::{Lines, System};
pub use tagging::{MAX_LINE_TOKENS, tag_line};
pub use usim::{TextOptions, TextParsing, UsimOptions, UsimScorer, UsimVersion, usim_passages};

/// This crate's version, in every signature.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
