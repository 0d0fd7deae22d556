//! `gecbias score`: system-level scores with sacrebleu's conventions — JSON by default (`-f text`,
//! `-f latex`), a signature recording every option that changes a number, `--confidence`
//! (bootstrap intervals over sentences), `--paired-bs` and `--paired-ar` against the first
//! system, seed 12345 (`--seed`, `$GECBIAS_SEED`); `--rank`: significance clusters from paired
//! approximate randomisation over every pair with Holm's correction; `--sentence-level` writes
//! JSON Lines, one object per system and sentence; `-i NAME=PATH` labels a system. The output's
//! shape is `docs/score-schema.json`.
//!
//! Metrics:
//! * `m2` — MaxMatch P/R/F_β against an M2 gold (`--gold GOLD.m2`), m2scorer's numbers;
//! * `errant` — ERRANT's comparison with a reference M2 file (`--gold REF.m2`), errant_compare's
//!   numbers: of hypothesis texts typed on the fly by the native ERRANT (`-s SRC -i HYP…`; the
//!   gold re-typed as `errant_m2 -gold` does) or of hypothesis M2 files (`-i SYS.m2`, as
//!   `errant_parallel` writes them; the gold as given); `--cat 1|2|3` adds per-type P/R/F (with
//!   `--confidence`, the interval of each type's F_β, the running choice redone per resample);
//!   `--average macro` makes the score, P and R the mean over the types (errant PR #52);
//! * `gleu` — compute_gleu's corpus GLEU (its own reference draws) against `-s SRC -r REF…`;
//! * `sari` — SARI.py's sentence SARI averaged over sentences, against `-s SRC -r REF…`; with
//!   `--sari-variant easse` EASSE's corpus SARI, the number simplification papers publish
//!   (`easse-legacy`, `easse-paper`: its other variants), as a fraction;
//! * `green` — gec-metrics' GREEN: n-gram F_β (β = 2) of each output against its source and its
//!   best reference, against `-s SRC -r REF…` (`--green-n`, `--green-beta`, `--green-unit`);
//! * `gotoscorer` — gec-metrics' GoToScorer against one reference (`-r REF`, the first if more;
//!   `--goto-ref K`), the edits typed by the native ERRANT (`--analyser`), every chunk of weight
//!   1 or weighted by difficulty (`--goto-weights FILE`, from `gecbias gotoscorer-weights`);
//! * `koyama-gleu` — Koyama's GLEU (the `gleu` package, MultiGEC-2025's) against `-s SRC -r
//!   REF…`: `gleu -f` by default, `--koyama-mode best-reference` (`gleu -m`), `sentence-mean`
//!   (`mgleu`) or `sentence-mean-max` (`mgleu -m`); `--koyama-n`, `--koyama-unit`, `--koyama-iter`;
//! * `cleme`, `cleme2` — THUKElab/CLEME's chunk-level F0.5 (CLEME) and the combination of hit-,
//!   wrong-, under- and over-correction (CLEME2.0), against an M2 gold (`--gold REF.m2`) or text
//!   references typed by the native ERRANT (`-s SRC -r REF…`), of hypothesis texts typed the
//!   same way (`-s SRC`) or hypothesis M2 files; `--cleme-assumption`, `--cleme-weights`,
//!   `--cleme-level`. CLEME2.0's BERTScore similarity weigher needs a model and is left out
//!   (`bertscore:omitted` in the signature): its length weigher, CLEME's, stands in;
//! * `usim` — mean USim(source, output) over sentences, USim(output, source) beside it; no
//!   references;
//! * `bleu`, `chrf` — sacreBLEU 2.6.0's corpus BLEU and chrF/chrF++ against `-r REF…` (no source
//!   needed), as fractions: `--bleu-tokenize`, `--bleu-smooth`, `--bleu-smooth-value`,
//!   `--bleu-effective-order`, `--chrf-char-order`, `--chrf-word-order` (2: chrF++),
//!   `--chrf-beta`, `--chrf-whitespace`, `--chrf-eps-smoothing`, `--lowercase`; the signature
//!   carries sacreBLEU's fields;
//! * `fkgl` — EASSE's corpus FKGL of the outputs alone (a grade level, not a fraction; lower
//!   reads easier): lowercased, tokenized (`--fkgl-tokenize`, 13a), Punkt's sentences, EASSE's
//!   syllable rules; equal to EASSE 0.2.4 on every recorded file.
//!
//! Resampling draws sentences, the same indices for every system. M2 and ERRANT choose each
//! sentence's annotator by the running corpus F_β, so the choice is redone on every resample, as
//! the scorer would choose on that corpus (`refsel:running`). GLEU's draws of one reference per
//! sentence are replaced under resampling by all references at once (`resample:pooled-refs`,
//! the expectation of the draws; the interval's own point value is reported beside it).

use std::io::Write;

use gec_metrics::{CategoryTier, ErrantMode, GreenUnit, KoyamaUnit, M2Options};
use gecbias_engine::{
    Bootstrap, ClemeLevel, IntervalKind, KoyamaMode, Lines, MetricInputs, MetricReport, Outputs,
    Ranking, Scorer, System, Warning,
};
use simplification_metrics::{EasseTokenizer, EasseVariant};

use gecbias_engine::{CATALOGUE, Metric, Need, Reads, metric_options};

use crate::catalogue_args::{MetricArg, listed};
use crate::errant_annotate::AnalyserArg;
use crate::usim_command::TextOptions;
use crate::{Error, input, progress};

mod render;

pub(crate) use render::sentence_objects;

/// The output format of `score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// JSON (sacrebleu's default); JSON Lines with `--sentence-level`. Scores are fractions (0–1).
    Json,
    /// One line per system and metric; tab-separated rows with `--sentence-level`. Scores are
    /// fractions (0–1), as in JSON.
    Text,
    /// A booktabs table, scores ×100 as papers print them (a comment under the table says so).
    Latex,
}

/// The bootstrap interval of `--confidence`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CiMethod {
    /// Bias-corrected and accelerated.
    Bca,
    /// Percentile.
    Percentile,
}

/// What ERRANT counts as the same edit (errant_compare's flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ErrantModeName {
    /// Correction spans (`-cs`).
    Cs,
    /// Correction spans with types (`-cse`).
    Cse,
    /// Detection spans (`-ds`).
    Ds,
    /// Detection tokens (`-dt`).
    Dt,
}

fn metric_names(inputs: &Inputs) -> String {
    inputs
        .metric
        .iter()
        .map(|m| m.0.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The catalogue's metrics that read an input (`need` of what they read is not `No`), listed.
fn readers(need: impl Fn(&Reads) -> Need) -> (Vec<Metric>, String) {
    let metrics: Vec<Metric> = CATALOGUE
        .iter()
        .filter(|s| need(&s.reads) != Need::No)
        .map(|s| s.metric)
        .collect();
    let names: Vec<&str> = metrics.iter().map(|m| m.name()).collect();
    (metrics, listed(&names))
}

/// Score systems against an M2 gold (m2, errant), references (gleu, sari, green) or their
/// sources (usim).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    text: TextOptions,
    #[command(flatten)]
    options: MetricOptions,
    #[command(flatten)]
    resampling: Resampling,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "json")]
    format: Format,
    /// One line per system and sentence instead of system scores: JSON Lines, or with `-f text`
    /// tab-separated rows under a header.
    #[arg(long, conflicts_with_all = ["confidence", "paired_bs", "paired_ar", "rank"])]
    sentence_level: bool,
}

/// What is scored: the metrics, and the files they read.
#[derive(clap::Args)]
pub(crate) struct Inputs {
    /// The metrics, each scored for every system. Without `-m`, m2: the official metric of the
    /// CoNLL-2014 shared task, and the one the low-coverage bias is measured with (it needs
    /// `--gold`, the M2 gold); every other metric must be named.
    #[arg(long, short, num_args = 1.., value_enum, default_values_t = [MetricArg(Metric::M2)])]
    pub(crate) metric: Vec<MetricArg>,
    /// The source text, one sentence per line (gleu, sari, green, usim).
    #[arg(long, short)]
    pub(crate) source: Option<String>,
    /// The text references (gleu, sari, green, koyama-gleu, gotoscorer, bleu, chrf), each line-aligned with the source and the outputs.
    #[arg(long, short, num_args = 1..)]
    pub(crate) references: Vec<String>,
    /// A text-simplification test set of EASSE's by name (turkcorpus_test, asset_test, …) as the
    /// source and references, read from the data folder.
    #[arg(long, conflicts_with_all = ["source", "references"])]
    pub(crate) test_set: Option<String>,
    /// The data folder of --test-set (default: $GECBIAS_DATA, ./data, ../shared/data).
    #[arg(long, requires = "test_set")]
    pub(crate) data: Option<String>,
    /// The M2 gold of m2, errant, cleme and cleme2.
    #[arg(long)]
    pub(crate) gold: Option<String>,
    /// The systems' outputs, one sentence per line (for errant: hypothesis M2 files), each as
    /// `NAME=PATH` (labelled NAME in every output) or a path (labelled by itself); the first is the
    /// baseline of the paired tests; `-` reads standard input.
    #[arg(long, short, num_args = 1.., required = true, value_parser = input::labelled)]
    pub(crate) input: Vec<input::Labelled>,
}

/// The metrics' own options (each in its signature).
#[derive(clap::Args)]
pub(crate) struct MetricOptions {
    /// M2, ERRANT, GoToScorer: β of F_β.
    #[arg(long, default_value_t = 0.5, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    beta: f64,
    /// M2: unchanged words one system edit may span.
    #[arg(long, default_value_t = 2)]
    max_unchanged_words: u32,
    /// M2: drop system edits that only change case or spacing.
    #[arg(long)]
    ignore_whitespace_casing: bool,
    /// M2: the longest sentence (source or output, in tokens) scored; a longer one is refused
    /// with its line, not scored for minutes.
    #[arg(long, value_name = "N", default_value_t = M2Options::OFFICIAL.max_sentence_tokens)]
    max_tokens: usize,
    /// ERRANT: what counts as the same edit (errant_compare's -cs, -cse, -ds, -dt).
    #[arg(long, value_enum, default_value = "cs")]
    errant_mode: ErrantModeName,
    /// ERRANT from text (`-s`): the analysis of English that types the edits.
    #[arg(long, value_enum, default_value = "spacy")]
    analyser: AnalyserArg,
    /// ERRANT: P/R/F per error type: 1 operation (R), 2 main type (NOUN), 3 both (R:NOUN).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    cat: Option<u8>,
    /// ERRANT: the corpus F, P and R over all edits (micro, errant_compare's) or the mean of each
    /// error type's (macro, errant PR #52: every type weighs the same), types grouped by `--cat`
    /// (3 unless given); TP, FP and FN stay the micro counts.
    #[arg(long, value_enum, default_value = "micro")]
    average: Average,
    /// GLEU: rounds of reference draws (compute_gleu's --iter).
    #[arg(long, default_value_t = 500, value_parser = crate::numbers::iterations, allow_hyphen_values = true)]
    gleu_iter: usize,
    /// GREEN: the highest n-gram order.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=gec_metrics::green::MAX_GREEN_ORDER as u64))]
    green_n: u64,
    /// GREEN: β of F_β (gec-metrics' default, 2, weighs recall).
    #[arg(long, default_value_t = 2.0, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    green_beta: f64,
    /// GREEN: n-grams of words (split at spaces) or of characters.
    #[arg(long, value_enum, default_value = "word")]
    green_unit: GreenUnitName,
    /// BLEU: sacreBLEU's tokenizer.
    #[arg(long, value_enum, default_value = "13a")]
    bleu_tokenize: BleuTokenizeName,
    /// BLEU: the smoothing of zero n-gram matches (sacreBLEU's default, exp; floor and add-k take
    /// --bleu-smooth-value, 0.1 and 1 unless given).
    #[arg(long, value_enum, default_value = "exp")]
    bleu_smooth: BleuSmoothName,
    /// BLEU: floor's or add-k's value (a number ≥ 0).
    #[arg(long, allow_hyphen_values = true)]
    bleu_smooth_value: Option<f64>,
    /// BLEU: average the log precisions over the orders up to the highest with n-grams only
    /// (sacreBLEU's effective order; sentence scores always use it).
    #[arg(long)]
    bleu_effective_order: bool,
    /// BLEU, chrF: lowercase outputs and references first.
    #[arg(long)]
    lowercase: bool,
    /// chrF: the highest character n-gram order.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(0..=bleu_chrf::MAX_CHAR_ORDER as u64))]
    chrf_char_order: u64,
    /// chrF: the highest word n-gram order (2: chrF++).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=bleu_chrf::MAX_WORD_ORDER as u64))]
    chrf_word_order: u64,
    /// chrF: β (recall β times as important as precision).
    #[arg(long, default_value_t = 2.0, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    chrf_beta: f64,
    /// chrF: count whitespace in the character n-grams.
    #[arg(long)]
    chrf_whitespace: bool,
    /// chrF: average the orders' F scores, a zero count as ε (chrF++.py's; sacreBLEU's --chrf-eps-smoothing).
    #[arg(long)]
    chrf_eps_smoothing: bool,
    /// SARI: SARI.py's mean sentence SARI (the LCB paper's), or EASSE's corpus SARI, the number
    /// text-simplification papers publish (`easse`; `easse-legacy`: EASSE's `legacy=True`, the
    /// Java implementation's tokenisation; `easse-paper`: Xu et al.'s averaging). The operation
    /// scores (sari_add, sari_keep, sari_del) are EASSE's in its variant named here (`easse`
    /// unless one is).
    #[arg(long, value_enum, default_value = "sari.py")]
    sari_variant: SariVariantName,
    /// FKGL: the tokenizer applied (after lowercasing) before Punkt's sentences and the words:
    /// sacreBLEU's, or EASSE's moses (sacremoses 0.2.0) or penn (sacremoses 0.0.53).
    #[arg(long, value_enum, default_value = "13a")]
    fkgl_tokenize: FkglTokenizeName,
    /// GoToScorer: the chunk weights (as `gecbias gotoscorer-weights` or gec-metrics'
    /// `gecmetrics-gen-gotoscorer-weight` writes them); every chunk 1 without.
    #[arg(long)]
    goto_weights: Option<String>,
    /// GoToScorer: which `-r` reference it scores against (0-based; gec-metrics' `ref_id`).
    #[arg(long, default_value_t = 0)]
    goto_ref: usize,
    /// Koyama's GLEU: the corpus score: the mean over rounds of the package's fixed reference
    /// draws (`gleu -f`), each sentence's best reference (`gleu -m`), or the mean of the sentence
    /// scores (`mgleu`, `mgleu -m`).
    #[arg(long, value_enum, default_value = "sampled")]
    koyama_mode: KoyamaModeName,
    /// Koyama's GLEU: the highest n-gram order (`-n`).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=gec_metrics::koyama_gleu::MAX_KOYAMA_ORDER as u64))]
    koyama_n: u64,
    /// Koyama's GLEU: n-grams of words (`str.split()`) or of characters (`-t`).
    #[arg(long, value_enum, default_value = "word")]
    koyama_unit: GreenUnitName,
    /// Koyama's GLEU: rounds of reference draws in the sampled mode (`-i`).
    #[arg(long, default_value_t = 500, value_parser = crate::numbers::iterations, allow_hyphen_values = true)]
    koyama_iter: usize,
    /// CLEME, CLEME2.0: output chunks against each reference on its own (dependent) or against
    /// all references at once (independent).
    #[arg(long, value_enum, default_value = "dependent")]
    cleme_assumption: crate::cleme::Assumption,
    /// CLEME, CLEME2.0: chunks weighted by their length (CLEME's weigher) or all 1. CLEME2.0's
    /// BERTScore similarity weigher needs a model and is not offered.
    #[arg(long, value_enum, default_value = "length")]
    cleme_weights: ClemeWeightsName,
    /// CLEME, CLEME2.0: the corpus score from summed counts (corpus) or the mean of the
    /// sentences' scores (sentence; CLEME2.0's sentence factors).
    #[arg(long, value_enum, default_value = "corpus")]
    cleme_level: ClemeLevelName,
}

/// `--cleme-weights`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ClemeWeightsName {
    /// CLEME's length weigher.
    Length,
    /// Every chunk 1.
    None,
}

/// `--cleme-level`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ClemeLevelName {
    /// Summed counts, each sentence's reference chosen by the running score.
    Corpus,
    /// The mean of the sentences' scores.
    Sentence,
}

/// `--average`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Average {
    /// Over all edits (errant_compare's).
    Micro,
    /// The mean over error types.
    Macro,
}

/// `--koyama-mode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum KoyamaModeName {
    /// `gleu -f`: the mean over rounds of the fixed reference draws.
    Sampled,
    /// `gleu -m`: each sentence's best reference.
    BestReference,
    /// `mgleu`: the mean of the sentence scores (each the mean over references).
    SentenceMean,
    /// `mgleu -m`: the mean of the sentences' best-reference scores.
    SentenceMeanMax,
}

/// sacreBLEU's tokenizers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum BleuTokenizeName {
    /// mteval-v13a's (sacreBLEU's default).
    #[value(name = "13a")]
    Thirteen,
    /// mteval-v14's international tokenization.
    Intl,
    /// Every character a token.
    Char,
    /// The text as it is.
    None,
}

impl From<BleuTokenizeName> for bleu_chrf::Tokenizer {
    fn from(name: BleuTokenizeName) -> bleu_chrf::Tokenizer {
        match name {
            BleuTokenizeName::Thirteen => bleu_chrf::Tokenizer::Thirteen,
            BleuTokenizeName::Intl => bleu_chrf::Tokenizer::Intl,
            BleuTokenizeName::Char => bleu_chrf::Tokenizer::Char,
            BleuTokenizeName::None => bleu_chrf::Tokenizer::None,
        }
    }
}

/// FKGL's tokenizers: sacreBLEU's and EASSE's two of sacremoses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FkglTokenizeName {
    /// One of sacreBLEU's.
    Sacre(BleuTokenizeName),
    /// Moses' (sacremoses 0.2.0).
    Moses,
    /// The Penn Treebank's (sacremoses 0.0.53).
    Penn,
}

impl clap::ValueEnum for FkglTokenizeName {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            FkglTokenizeName::Sacre(BleuTokenizeName::Thirteen),
            FkglTokenizeName::Sacre(BleuTokenizeName::Intl),
            FkglTokenizeName::Sacre(BleuTokenizeName::Char),
            FkglTokenizeName::Sacre(BleuTokenizeName::None),
            FkglTokenizeName::Moses,
            FkglTokenizeName::Penn,
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            FkglTokenizeName::Sacre(name) => name.to_possible_value(),
            FkglTokenizeName::Moses => Some(clap::builder::PossibleValue::new("moses")),
            FkglTokenizeName::Penn => Some(clap::builder::PossibleValue::new("penn")),
        }
    }
}

/// SARI's variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SariVariantName {
    /// SARI.py's sentence SARI averaged over sentences.
    #[value(name = "sari.py")]
    SariPy,
    /// EASSE's corpus SARI.
    Easse,
    /// EASSE's `legacy=True`.
    EasseLegacy,
    /// EASSE's `use_paper_version=True`.
    EassePaper,
}

/// sacreBLEU's smoothing methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum BleuSmoothName {
    /// mteval's: the k-th zero precision 1 / (2ᵏ · total).
    Exp,
    /// A zero match count becomes --bleu-smooth-value.
    Floor,
    /// --bleu-smooth-value added to the matches and totals of every order above 1.
    AddK,
    /// None: a zero precision makes BLEU 0.
    None,
}

/// What GREEN's and Koyama's GLEU's n-grams are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GreenUnitName {
    /// Words: the line split at single spaces (GREEN), at runs of whitespace (Koyama's GLEU).
    Word,
    /// Characters.
    Char,
}

/// What is resampled, how often, with which seed: intervals, paired tests, ranks.
#[derive(clap::Args)]
struct Resampling {
    /// A 95 % bootstrap confidence interval of each system's score.
    #[arg(long)]
    confidence: bool,
    /// Resamples for `--confidence`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::resamples, allow_hyphen_values = true)]
    confidence_n: usize,
    /// The interval: bias-corrected and accelerated, or percentile.
    #[arg(long, value_enum, default_value = "bca")]
    ci_method: CiMethod,
    /// Paired bootstrap test of each system against the first.
    #[arg(long)]
    paired_bs: bool,
    /// Resamples for `--paired-bs`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::resamples, allow_hyphen_values = true)]
    paired_bs_n: usize,
    /// Paired approximate randomisation test of each system against the first.
    #[arg(long)]
    paired_ar: bool,
    /// Trials for `--paired-ar`.
    #[arg(long, default_value_t = 10_000, value_parser = crate::numbers::resamples, allow_hyphen_values = true)]
    paired_ar_n: usize,
    /// The seed of every resampling.
    #[arg(long, env = gecbias_data::SEED_ENV, default_value_t = gecbias_engine::DEFAULT_SEED)]
    seed: u64,
    /// Rank each metric's systems into significance clusters: every pair compared by paired
    /// approximate randomisation (`--paired-ar-n` trials, seeded), Holm–Bonferroni over the pairs
    /// at `--rank-alpha`; a cluster ends where every system above is significantly better than
    /// every system below (text and LaTeX list systems in rank order).
    #[arg(long)]
    rank: bool,
    /// The family-wise error rate of `--rank`.
    #[arg(long, default_value_t = 0.05, value_parser = crate::numbers::level)]
    rank_alpha: f64,
}

impl Resampling {
    /// The engine's resampling settings these flags describe.
    fn settings(&self) -> gecbias_engine::Resampling {
        let mut settings = gecbias_engine::Resampling::default();
        settings.seed = self.seed;
        settings.confidence = self.confidence.then(|| {
            let mut b = Bootstrap::default();
            b.resamples = self.confidence_n;
            b.kind = match self.ci_method {
                CiMethod::Bca => IntervalKind::Bca,
                CiMethod::Percentile => IntervalKind::Percentile,
            };
            b
        });
        settings.paired_bs = self.paired_bs.then_some(self.paired_bs_n);
        settings.paired_ar = self.paired_ar.then_some(self.paired_ar_n);
        settings.rank = self.rank.then(|| {
            let mut r = Ranking::default();
            r.trials = self.paired_ar_n;
            r.alpha = self.rank_alpha;
            r
        });
        settings
    }
}

impl MetricOptions {
    /// The engine's options these flags describe (USim's from `text`, GoToScorer's weights read
    /// from their file).
    pub(crate) fn engine(
        &self,
        text: &TextOptions,
    ) -> Result<gecbias_engine::MetricOptions, Error> {
        let mut o = gecbias_engine::MetricOptions::default();
        o.beta = self.beta;
        o.m2.max_unchanged_words = self.max_unchanged_words;
        o.m2.ignore_whitespace_casing = self.ignore_whitespace_casing;
        o.m2.max_sentence_tokens = self.max_tokens;
        o.errant_mode = match self.errant_mode {
            ErrantModeName::Cse => ErrantMode::CorrectionSpansTypes,
            ErrantModeName::Ds => ErrantMode::DetectionSpans,
            ErrantModeName::Dt => ErrantMode::DetectionTokens,
            ErrantModeName::Cs => ErrantMode::CorrectionSpans,
        };
        o.analyser = self.analyser.into();
        o.categories = match self.cat {
            Some(1) => Some(CategoryTier::Operation),
            Some(2) => Some(CategoryTier::Main),
            Some(_) => Some(CategoryTier::Full),
            None => None,
        };
        o.macro_average = self.average == Average::Macro;
        o.gleu_iterations = self.gleu_iter;
        o.green.n = self.green_n as usize;
        o.green.beta = self.green_beta;
        o.green.unit = match self.green_unit {
            GreenUnitName::Word => GreenUnit::Word,
            GreenUnitName::Char => GreenUnit::Char,
        };
        o.koyama.n = self.koyama_n as usize;
        o.koyama.unit = match self.koyama_unit {
            GreenUnitName::Word => KoyamaUnit::Word,
            GreenUnitName::Char => KoyamaUnit::Char,
        };
        o.koyama_mode = match self.koyama_mode {
            KoyamaModeName::Sampled => KoyamaMode::Sampled {
                iterations: self.koyama_iter,
            },
            KoyamaModeName::BestReference => KoyamaMode::BestReference,
            KoyamaModeName::SentenceMean => KoyamaMode::SentenceMean { maximum: false },
            KoyamaModeName::SentenceMeanMax => KoyamaMode::SentenceMean { maximum: true },
        };
        o.goto_reference = self.goto_ref;
        if let Some(path) = &self.goto_weights {
            let weights =
                gec_metrics::gotoscorer::read_goto_weights(&input::text(path)?, input::name(path))
                    .map_err(Error::library)?;
            o.goto_weights = Some((input::name(path).to_owned(), weights));
        }
        o.cleme_assumption = self.cleme_assumption.into();
        o.cleme_length_weights = self.cleme_weights == ClemeWeightsName::Length;
        o.cleme_level = match self.cleme_level {
            ClemeLevelName::Corpus => ClemeLevel::Corpus,
            ClemeLevelName::Sentence => ClemeLevel::Sentence,
        };
        o.usim = text.usim_options();
        o.bleu.tokenizer = self.bleu_tokenize.into();
        o.fkgl_tokenizer = match self.fkgl_tokenize {
            FkglTokenizeName::Sacre(name) => EasseTokenizer::Sacre(name.into()),
            FkglTokenizeName::Moses => EasseTokenizer::Moses,
            FkglTokenizeName::Penn => EasseTokenizer::Penn,
        };
        o.sari_variant = match self.sari_variant {
            SariVariantName::SariPy => gecbias_engine::SariVariant::SariPy,
            SariVariantName::Easse => gecbias_engine::SariVariant::Easse(EasseVariant::Default),
            SariVariantName::EasseLegacy => {
                gecbias_engine::SariVariant::Easse(EasseVariant::Legacy)
            }
            SariVariantName::EassePaper => {
                gecbias_engine::SariVariant::Easse(EasseVariant::PaperVersion)
            }
        };
        let smooth = match self.bleu_smooth {
            BleuSmoothName::Exp => "exp",
            BleuSmoothName::Floor => "floor",
            BleuSmoothName::AddK => "add-k",
            BleuSmoothName::None => "none",
        };
        o.bleu.smoothing = bleu_chrf::Smoothing::named(smooth, self.bleu_smooth_value)
            .map_err(|e| Error::Usage(format!("--bleu-smooth-value: {e}")))?;
        o.bleu.effective_order = self.bleu_effective_order;
        o.bleu.lowercase = self.lowercase;
        if self.chrf_char_order + self.chrf_word_order == 0 {
            return Err(Error::Usage(
                "--chrf-char-order and --chrf-word-order: chrF needs one above 0".into(),
            ));
        }
        o.chrf.char_order = self.chrf_char_order as usize;
        o.chrf.word_order = self.chrf_word_order as usize;
        o.chrf.beta = self.chrf_beta;
        o.chrf.lowercase = self.lowercase;
        o.chrf.whitespace = self.chrf_whitespace;
        o.chrf.eps_smoothing = self.chrf_eps_smoothing;
        Ok(o)
    }
}

pub(crate) fn source(inputs: &Inputs, metric: &str) -> Result<Lines, Error> {
    if let Some(name) = &inputs.test_set {
        return input::named_lines(&input::easse_test_set(name, inputs.data.as_deref())?.0);
    }
    let path = inputs
        .source
        .as_deref()
        .ok_or_else(|| Error::Usage(format!("-m {metric} needs the source: -s SOURCE")))?;
    input::named_lines(path)
}

/// The text references (`-r`, or those of `--test-set`), at least one.
fn references(inputs: &Inputs, metric: &str) -> Result<Vec<Lines>, Error> {
    if let Some(name) = &inputs.test_set {
        let (_, files) = input::easse_test_set(name, inputs.data.as_deref())?;
        return files.iter().map(|r| input::named_lines(r)).collect();
    }
    if inputs.references.is_empty() {
        return Err(Error::Usage(format!(
            "-m {metric} needs reference files line-aligned with the outputs: -r REF…"
        )));
    }
    inputs
        .references
        .iter()
        .map(|r| input::named_lines(r))
        .collect()
}

/// The M2 gold of `--gold`.
fn gold<'a>(inputs: &'a Inputs, metric: &str) -> Result<&'a str, Error> {
    inputs.gold.as_deref().ok_or_else(|| {
        let hint = if inputs.references.iter().any(|r| r.ends_with(".m2")) {
            " (every -r file is a text reference)"
        } else {
            ""
        };
        Error::Usage(format!(
            "-m {metric} needs the M2 gold: --gold GOLD.m2{hint}"
        ))
    })
}

/// Refuses inputs that no chosen metric reads, rather than dropping them: `--gold` when no chosen
/// metric reads an M2 gold, `-r` when none reads text references (the catalogue says which do).
fn unread_inputs(inputs: &Inputs) -> Result<(), Error> {
    let chosen = |metrics: &[Metric]| inputs.metric.iter().any(|m| metrics.contains(&m.0));
    let (gold_readers, gold_names) = readers(|r| r.gold);
    if let Some(gold) = &inputs.gold
        && !chosen(&gold_readers)
    {
        return Err(Error::Usage(format!(
            "--gold {gold}: an M2 gold, read by -m {gold_names}, but -m {} reads none",
            metric_names(inputs)
        )));
    }
    let (reference_readers, reference_names) = readers(|r| r.references);
    if let Some(reference) = inputs.references.first()
        && !chosen(&reference_readers)
    {
        let hint = if inputs.gold.is_none() && reference.ends_with(".m2") {
            "; an M2 gold is given with --gold"
        } else {
            ""
        };
        return Err(Error::Usage(format!(
            "-r {reference}: a text reference, read by -m {reference_names}, but -m {} reads none{hint}",
            metric_names(inputs)
        )));
    }
    let (test_set_readers, test_set_names) = readers(|r| {
        if r.source == Need::No {
            r.references
        } else {
            r.source
        }
    });
    if let Some(test_set) = &inputs.test_set
        && !chosen(&test_set_readers)
    {
        return Err(Error::Usage(format!(
            "--test-set {test_set}: a source and its references, read by -m {test_set_names}, but \
             -m {} reads neither",
            metric_names(inputs)
        )));
    }
    Ok(())
}

/// Each resampling option and the switches that use it.
const RESAMPLING_OPTIONS: &[(&str, &[&str])] = &[
    ("confidence_n", &["confidence"]),
    ("ci_method", &["confidence"]),
    ("paired_bs_n", &["paired_bs"]),
    ("paired_ar_n", &["paired_ar", "rank"]),
    ("rank_alpha", &["rank"]),
    ("seed", &["confidence", "paired_bs", "paired_ar", "rank"]),
];

/// The flag of clap's argument id.
fn flag(id: &str) -> String {
    format!("--{}", id.replace('_', "-"))
}

/// Refuses an option given on the command line that none of the chosen metrics reads (`-m cleme
/// --beta 2` would keep β 0.5 without a word), or a resampling option without the switch that
/// uses it; the message names the option and what reads it.
pub(crate) fn check_unread_options(matches: &clap::ArgMatches) -> Result<(), String> {
    let given = |id: &str| {
        matches!(
            matches.try_get_raw(id),
            Ok(Some(_)) if matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
        )
    };
    let chosen: Vec<Metric> = matches
        .get_many::<MetricArg>("metric")
        .map(|m| m.map(|m| m.0).collect())
        .unwrap_or_default();
    let names = |metrics: &[Metric]| {
        metrics
            .iter()
            .map(|m| m.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    // The catalogue names each option by its flag; clap's id is the field's name.
    for (option, readers) in metric_options() {
        let id = option.replace('-', "_");
        if given(&id) && !readers.iter().any(|m| chosen.contains(m)) {
            return Err(format!(
                "--{option} is read by -m {} only, and -m {} reads none of them: it would change \
                 nothing",
                names(&readers),
                names(&chosen)
            ));
        }
    }
    for (id, switches) in RESAMPLING_OPTIONS {
        if given(id) && !switches.iter().any(|s| matches.get_flag(s)) {
            let switches: Vec<String> = switches.iter().map(|s| flag(s)).collect();
            return Err(format!(
                "{} is used by {} only, and none is given: it would change nothing",
                flag(id),
                switches.join(", ")
            ));
        }
    }
    Ok(())
}

/// A hypothesis that is not M2 is most likely plain text given without `-s`: the message says so.
fn text_hint(error: Error) -> Error {
    match error {
        Error::Metrics {
            source: source @ gec_metrics::Error::M2Syntax { line: 1, .. },
        } => {
            let path = match &source {
                gec_metrics::Error::M2Syntax { file, .. } => file.clone(),
                _ => String::new(),
            };
            Error::Input(format!(
                "{source} (-m errant without -s reads hypothesis M2 files; for plain-text \
                 hypotheses, give the source with -s SOURCE and they are typed by ERRANT's rules, \
                 as errant_parallel would type {path})"
            ))
        }
        other => other,
    }
}

/// What `metric` reads of the command line's inputs, each read once for it; an input it needs
/// and lacks is a usage error naming the flag.
fn metric_inputs(inputs: &Inputs, metric: Metric) -> Result<MetricInputs, Error> {
    let (reads, name) = (metric.spec().reads, metric.name());
    let mut read = MetricInputs::default();
    read.gold = match reads.gold {
        Need::Required => Some(input::named_lines(gold(inputs, name)?)?),
        _ => inputs.gold.as_deref().map(input::named_lines).transpose()?,
    };
    read.source = match reads.source {
        Need::Required => Some(source(inputs, name)?),
        _ => inputs
            .source
            .as_deref()
            .map(input::named_lines)
            .transpose()?,
    };
    read.references = match reads.references {
        Need::Required => references(inputs, name)?,
        _ => inputs
            .references
            .iter()
            .map(|r| input::named_lines(r))
            .collect::<Result<_, _>>()?,
    };
    // CLEME's references come from an M2 gold or from text references, never both.
    if reads.gold == Need::Optional && reads.references == Need::Optional {
        match (&read.gold, read.references.is_empty()) {
            (Some(_), false) => {
                return Err(Error::Usage(format!(
                    "-m {name} takes its references once: an M2 gold (--gold) or text references (-r)"
                )));
            }
            (None, true) => {
                return Err(Error::Usage(format!(
                    "-m {name} needs references: an M2 gold (--gold REF.m2) or text references \
                     with their source (-s SRC -r REF…)"
                )));
            }
            (None, false) if read.source.is_none() => {
                source(inputs, name)?;
            }
            _ => {}
        }
    }
    Ok(read)
}

/// One metric's scorer, its inputs read and prepared (before the systems' outputs are read, so
/// that a bad gold or source is named first).
fn prepare(args: &Args, metric: Metric) -> Result<Scorer, Error> {
    let options = args.options.engine(&args.text)?;
    let inputs = metric_inputs(&args.inputs, metric)?;
    if metric == Metric::GoToScorer && options.goto_reference >= inputs.references.len() {
        return Err(Error::Usage(format!(
            "--goto-ref {}: there are {} references (-r), counted from 0",
            options.goto_reference,
            inputs.references.len()
        )));
    }
    Ok(Scorer::new(metric, &inputs, &options)?)
}

/// One metric's report over the systems' outputs (read and typed once for all metrics), its
/// warnings on standard error.
fn report(
    scorer: &Scorer,
    outputs: &Outputs,
    resampling: &gecbias_engine::Resampling,
) -> Result<MetricReport, Error> {
    if scorer.reads_hypothesis_m2() {
        // Read here, once for every metric, so that a file that is not M2 gets the hint.
        outputs.hypothesis_m2().map_err(|e| text_hint(e.into()))?;
    }
    let report = scorer.report(outputs, resampling)?;
    for warning in &report.warnings {
        match warning {
            Warning::ForeignType { .. } => eprintln!(
                "gecbias: warning: {warning}; give -s SOURCE to re-type the gold and the \
                 hypotheses with ERRANT's rules"
            ),
            other => eprintln!("gecbias: warning: {other}"),
        }
    }
    Ok(report)
}

/// Refuses a label given to two systems: paired tests and ranks could not say which is which.
pub(crate) fn check_labels(inputs: &Inputs) -> Result<(), Error> {
    let mut labels = std::collections::HashSet::new();
    if let Some(twice) = inputs.input.iter().find(|i| !labels.insert(&i.label)) {
        return Err(Error::Usage(format!(
            "-i: the label {:?} is given twice; every system needs its own (NAME=PATH), or \
             paired tests and ranks could not say which is which",
            twice.label
        )));
    }
    Ok(())
}

pub(crate) fn run(args: &Args, quiet: bool, sink: &mut dyn Write) -> Result<(), Error> {
    let reads_m2 = |m: &&MetricArg| m.0.spec().reads.hypothesis_m2;
    if args.inputs.source.is_none()
        && let Some(reads_m2) = args.inputs.metric.iter().find(reads_m2)
        && args
            .inputs
            .metric
            .iter()
            .any(|m| !m.0.spec().reads.hypothesis_m2)
    {
        return Err(Error::Usage(format!(
            "-m {} without -s reads hypothesis M2 files; score it in a call of its own, or give -s SOURCE to type the hypotheses from text",
            reads_m2.0.name()
        )));
    }
    unread_inputs(&args.inputs)?;
    check_labels(&args.inputs)?;
    if args.sentence_level && args.format == Format::Latex {
        return Err(Error::Usage(
            "--sentence-level writes JSON Lines (-f json) or tab-separated rows (-f text), not LaTeX"
                .into(),
        ));
    }
    let resampling = args.resampling.settings();
    // Resampling is what takes seconds: a bar over (metric, system) while it runs.
    let bar = if resampling.resamples() {
        progress(args.inputs.metric.len() * args.inputs.input.len(), quiet)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let scorers = args
        .inputs
        .metric
        .iter()
        .map(|m| prepare(args, m.0))
        .collect::<Result<Vec<_>, Error>>()?;
    let systems = args
        .inputs
        .input
        .iter()
        .map(|i| Ok(System::named(i.label.clone(), input::named_lines(&i.path)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let outputs = Outputs::new(systems);
    let mut reports = Vec::with_capacity(args.inputs.metric.len());
    for scorer in &scorers {
        let report = report(scorer, &outputs, &resampling)?;
        let reads = scorer.metric().spec().reads;
        let reads_test_set = reads.source != Need::No || reads.references != Need::No;
        reports.push(match &args.inputs.test_set {
            Some(name) if reads_test_set => report.with_test_set(name),
            _ => report,
        });
        bar.inc(args.inputs.input.len() as u64);
    }
    bar.finish_and_clear();
    let text = if args.sentence_level {
        let metrics: Vec<Metric> = args.inputs.metric.iter().map(|m| m.0).collect();
        render::sentence_lines(&reports, &metrics, args.format == Format::Text)
    } else {
        let in_rank_order = resampling.rank.is_some() && args.format != Format::Json;
        let rows: Vec<_> = reports
            .into_iter()
            .flat_map(|r| {
                let mut systems = r.systems;
                if in_rank_order {
                    // Each metric's systems in rank order (JSON keeps the input order and says
                    // the rank); metrics keep their order.
                    systems.sort_by_key(|s| s.rank.as_ref().map(|k| k.position));
                }
                systems
            })
            .collect();
        match args.format {
            Format::Json => serde_json::to_string_pretty(&rows).unwrap_or_default() + "\n",
            Format::Latex => render::latex(&rows),
            Format::Text => render::plain(&rows),
        }
    };
    crate::write_output(sink, text.as_bytes())
}
