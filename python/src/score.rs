//! The typed engine's scorers as one Python class: a metric's inputs prepared once, systems
//! scored in memory, rows returned as Python dictionaries of the engine's fields.

use gec_metrics::{CategoryTier, ClemeAssumption, ErrantMode, GreenUnit, KoyamaUnit};
use gecbias_engine::Metric as CatalogueMetric;
use gecbias_engine::{
    Bootstrap, ClemeLevel, ErrantAnalyser, IntervalKind, KoyamaMode, Lines, MetricInputs,
    MetricOptions, Need, Outputs, Ranking, Resampling, SariVariant, System,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use simplification_metrics::{EasseTokenizer, EasseVariant};

use crate::{Input, engine_error};

/// The package's options as `Scorer(...)` names them, one typed value (the package fills in
/// every default); [`Options::engine`] turns the names into the engine's types.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Options {
    beta: f64,
    max_unchanged_words: u32,
    ignore_whitespace_casing: bool,
    errant_mode: String,
    analyser: String,
    cat: Option<u8>,
    average: String,
    iterations: usize,
    pretokenized: bool,
    sentences: bool,
    usim_params: String,
    parser_model: Option<String>,
    green_n: usize,
    green_beta: f64,
    green_unit: String,
    koyama_n: usize,
    koyama_unit: String,
    koyama_mode: String,
    koyama_iterations: usize,
    goto_weights: Option<String>,
    goto_ref: usize,
    cleme_assumption: String,
    cleme_weights: String,
    cleme_level: String,
    lowercase: bool,
    bleu_tokenize: String,
    bleu_smooth: String,
    bleu_smooth_value: Option<f64>,
    bleu_effective_order: bool,
    chrf_char_order: usize,
    chrf_word_order: usize,
    chrf_beta: f64,
    chrf_whitespace: bool,
    chrf_eps_smoothing: bool,
    fkgl_tokenize: String,
    sari_variant: String,
}

/// [`Options`]' keys: any other key is refused, by name.
const OPTION_KEYS: [&str; 36] = [
    "beta",
    "max_unchanged_words",
    "ignore_whitespace_casing",
    "errant_mode",
    "analyser",
    "cat",
    "average",
    "iterations",
    "pretokenized",
    "sentences",
    "usim_params",
    "parser_model",
    "green_n",
    "green_beta",
    "green_unit",
    "koyama_n",
    "koyama_unit",
    "koyama_mode",
    "koyama_iterations",
    "goto_weights",
    "goto_ref",
    "cleme_assumption",
    "cleme_weights",
    "cleme_level",
    "lowercase",
    "bleu_tokenize",
    "bleu_smooth",
    "bleu_smooth_value",
    "bleu_effective_order",
    "chrf_char_order",
    "chrf_word_order",
    "chrf_beta",
    "chrf_whitespace",
    "chrf_eps_smoothing",
    "fkgl_tokenize",
    "sari_variant",
];

/// The keys of `Scorer`'s options, in the order the package's stub declares them (its test
/// checks the two agree).
#[pyfunction]
pub(crate) fn option_names() -> Vec<&'static str> {
    OPTION_KEYS.to_vec()
}

/// The value named `value` among `choices`, or a `ValueError` naming `argument` and the choices.
fn choice<T: Copy>(value: &str, choices: &[(&str, T)], argument: &str) -> PyResult<T> {
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<String> = choices.iter().map(|(n, _)| format!("'{n}'")).collect();
            PyValueError::new_err(format!(
                "{argument}: one of {}, not {value:?}",
                names.join(", ")
            ))
        })
}

impl Options {
    /// The options of `options`, a dictionary whose keys are [`OPTION_KEYS`].
    fn read(options: &Bound<'_, PyDict>) -> PyResult<Options> {
        let unknown: Vec<String> = options
            .keys()
            .iter()
            .map(|k| k.str().map(|k| k.to_string()))
            .collect::<PyResult<Vec<_>>>()?
            .into_iter()
            .filter(|k| !OPTION_KEYS.contains(&k.as_str()))
            .collect();
        if !unknown.is_empty() {
            return Err(PyValueError::new_err(format!(
                "options: unknown {}; the options are {}",
                unknown.join(", "),
                OPTION_KEYS.join(", ")
            )));
        }
        options.extract()
    }

    /// The engine's options.
    fn engine(self) -> PyResult<MetricOptions> {
        let unit = [("word", GreenUnit::Word), ("char", GreenUnit::Char)];
        let mut o = MetricOptions::default();
        o.beta = self.beta;
        o.m2.max_unchanged_words = self.max_unchanged_words;
        o.m2.ignore_whitespace_casing = self.ignore_whitespace_casing;
        o.errant_mode = choice(
            &self.errant_mode,
            &[
                ("cs", ErrantMode::CorrectionSpans),
                ("cse", ErrantMode::CorrectionSpansTypes),
                ("ds", ErrantMode::DetectionSpans),
                ("dt", ErrantMode::DetectionTokens),
            ],
            "errant_mode",
        )?;
        o.analyser = choice(
            &self.analyser,
            &[
                ("spacy", ErrantAnalyser::Spacy),
                ("ewt", ErrantAnalyser::Ewt),
            ],
            "analyser",
        )?;
        o.categories = self
            .cat
            .map(|tier| {
                choice(
                    &tier.to_string(),
                    &[
                        ("1", CategoryTier::Operation),
                        ("2", CategoryTier::Main),
                        ("3", CategoryTier::Full),
                    ],
                    "cat",
                )
            })
            .transpose()?;
        o.macro_average = choice(
            &self.average,
            &[("micro", false), ("macro", true)],
            "average",
        )?;
        o.gleu_iterations = self.iterations;
        o.green.n = self.green_n;
        o.green.beta = self.green_beta;
        o.green.unit = choice(&self.green_unit, &unit, "green_unit")?;
        o.koyama.n = self.koyama_n;
        o.koyama.unit = match choice(&self.koyama_unit, &unit, "koyama_unit")? {
            GreenUnit::Char => KoyamaUnit::Char,
            _ => KoyamaUnit::Word,
        };
        o.koyama_mode = choice(
            &self.koyama_mode,
            &[
                (
                    "sampled",
                    KoyamaMode::Sampled {
                        iterations: self.koyama_iterations,
                    },
                ),
                ("best-reference", KoyamaMode::BestReference),
                ("sentence-mean", KoyamaMode::SentenceMean { maximum: false }),
                (
                    "sentence-mean-max",
                    KoyamaMode::SentenceMean { maximum: true },
                ),
            ],
            "koyama_mode",
        )?;
        o.goto_reference = self.goto_ref;
        self.cleme(&mut o)?;
        self.sacrebleu(&mut o)?;
        if let Some(path) = self.goto_weights {
            let text = gec_metrics::read_text(&path).map_err(crate::metrics_error)?;
            let weights =
                gec_metrics::gotoscorer::read_goto_weights(&text, &path).map_err(engine_input)?;
            o.goto_weights = Some((path, weights));
        }
        o.usim.text =
            crate::analyses::text_options(self.pretokenized, self.sentences, self.parser_model);
        o.usim.version = crate::analyses::version(&self.usim_params)?;
        Ok(o)
    }

    /// BLEU's, chrF's and FKGL's options into `o`; a bad value is a `ValueError` naming its
    /// option.
    fn sacrebleu(&self, o: &mut MetricOptions) -> PyResult<()> {
        let tokenizers = bleu_chrf::Tokenizer::ALL.map(|t| (t.name(), t));
        o.bleu.tokenizer = choice(&self.bleu_tokenize, &tokenizers, "bleu_tokenize")?;
        o.fkgl_tokenizer = EasseTokenizer::named(&self.fkgl_tokenize).ok_or_else(|| {
            PyValueError::new_err(format!(
                "fkgl_tokenize {:?}: one of 13a, intl, char, none, moses, penn",
                self.fkgl_tokenize
            ))
        })?;
        o.sari_variant = choice(
            &self.sari_variant,
            &[
                ("sari.py", SariVariant::SariPy),
                ("easse", SariVariant::Easse(EasseVariant::Default)),
                ("easse-legacy", SariVariant::Easse(EasseVariant::Legacy)),
                (
                    "easse-paper",
                    SariVariant::Easse(EasseVariant::PaperVersion),
                ),
            ],
            "sari_variant",
        )?;
        let smooth = choice(
            &self.bleu_smooth,
            &[
                ("exp", "exp"),
                ("floor", "floor"),
                ("add-k", "add-k"),
                ("none", "none"),
            ],
            "bleu_smooth",
        )?;
        o.bleu.smoothing = bleu_chrf::Smoothing::named(smooth, self.bleu_smooth_value)
            .map_err(|e| PyValueError::new_err(format!("bleu_smooth_value: {e}")))?;
        o.bleu.effective_order = self.bleu_effective_order;
        o.bleu.lowercase = self.lowercase;
        o.chrf.char_order = self.chrf_char_order;
        o.chrf.word_order = self.chrf_word_order;
        o.chrf.beta = self.chrf_beta;
        o.chrf.lowercase = self.lowercase;
        o.chrf.whitespace = self.chrf_whitespace;
        o.chrf.eps_smoothing = self.chrf_eps_smoothing;
        bleu_chrf::Chrf::new(o.chrf)
            .map_err(|e| PyValueError::new_err(format!("chrf_char_order, chrf_word_order: {e}")))?;
        Ok(())
    }

    /// CLEME's options into `o`.
    fn cleme(&self, o: &mut MetricOptions) -> PyResult<()> {
        o.cleme_assumption = choice(
            &self.cleme_assumption,
            &[
                ("dependent", ClemeAssumption::Dependent),
                ("independent", ClemeAssumption::Independent),
            ],
            "cleme_assumption",
        )?;
        o.cleme_length_weights = choice(
            &self.cleme_weights,
            &[("length", true), ("none", false)],
            "cleme_weights",
        )?;
        o.cleme_level = choice(
            &self.cleme_level,
            &[
                ("corpus", ClemeLevel::Corpus),
                ("sentence", ClemeLevel::Sentence),
            ],
            "cleme_level",
        )?;
        Ok(())
    }
}

/// What is resampled: (bootstrap (resamples, method), paired bootstrap resamples, paired
/// randomisation trials, ranking (trials, α), seed).
type ResamplingArgs = (
    Option<(usize, String)>,
    Option<usize>,
    Option<usize>,
    Option<(usize, f64)>,
    u64,
);

fn lines((origin, lines): Input) -> Lines {
    Lines::new(origin, lines)
}

fn resampling((confidence, paired_bs, paired_ar, rank, seed): ResamplingArgs) -> Resampling {
    let mut r = Resampling::default();
    r.confidence = confidence.map(|(resamples, method)| {
        let mut b = Bootstrap::default();
        b.resamples = resamples;
        b.kind = if method == "percentile" {
            IntervalKind::Percentile
        } else {
            IntervalKind::Bca
        };
        b
    });
    r.paired_bs = paired_bs;
    r.paired_ar = paired_ar;
    r.rank = rank.map(|(trials, alpha)| {
        let mut k = Ranking::default();
        k.trials = trials;
        k.alpha = alpha;
        k
    });
    r.seed = seed;
    r
}

fn engine_input(e: gec_metrics::Error) -> PyErr {
    engine_error(e.into())
}

/// One metric's scorer from the typed engine, its gold, source and references read and prepared
/// once (sacrebleu's metric objects), to score any number of system sets.
#[pyclass(frozen, module = "gecbias._native")]
pub(crate) struct Scorer {
    scorer: std::sync::Arc<gecbias_engine::Scorer>,
}

/// The engine's scorer of `metric` against what the package read; an input the catalogue says
/// the metric needs and is not given is a `ValueError` naming the argument.
fn prepare(
    metric: &str,
    source: Option<Input>,
    references: Vec<Input>,
    gold: Option<Input>,
    options: Options,
) -> PyResult<gecbias_engine::Scorer> {
    let metric: CatalogueMetric = metric
        .parse()
        .map_err(|e: gecbias_engine::Error| PyValueError::new_err(format!("metric: {e}")))?;
    let reads = metric.spec().reads;
    let name = metric.name();
    let needs = |what: &str| PyValueError::new_err(format!("score('{name}') needs {what}"));
    if reads.gold == Need::Required && gold.is_none() {
        return Err(needs("gold (an M2 file)"));
    }
    if reads.source == Need::Required && source.is_none() {
        return Err(needs("source (line-aligned text)"));
    }
    if reads.references == Need::Required && references.is_empty() {
        return Err(needs("references line-aligned with the outputs"));
    }
    let mut inputs = MetricInputs::default();
    inputs.gold = gold.map(lines);
    inputs.source = source.map(lines);
    inputs.references = references.into_iter().map(lines).collect();
    if metric == CatalogueMetric::GoToScorer && options.goto_ref >= inputs.references.len() {
        return Err(PyValueError::new_err(format!(
            "goto_ref: {}, but there are {} references",
            options.goto_ref,
            inputs.references.len()
        )));
    }
    gecbias_engine::Scorer::new(metric, &inputs, &options.engine()?).map_err(engine_error)
}

#[pymethods]
impl Scorer {
    /// The scorer of `metric` (`m2`, `errant`, `gleu`, `sari`, `green`, `koyama-gleu`,
    /// `gotoscorer`, `cleme`, `cleme2`, `usim`) against `source`,
    /// `references` and `gold` ((origin, lines) each), with `options` as the package passes them;
    /// prepared without holding the GIL (a parser or an analyser loaded, a gold re-typed).
    #[new]
    #[pyo3(signature = (metric, source, references, gold, options))]
    fn new(
        py: Python<'_>,
        metric: String,
        source: Option<Input>,
        references: Vec<Input>,
        gold: Option<Input>,
        options: &Bound<'_, PyDict>,
    ) -> PyResult<Scorer> {
        let options = Options::read(options)?;
        let scorer = py.detach(|| prepare(&metric, source, references, gold, options))?;
        Ok(Scorer {
            scorer: std::sync::Arc::new(scorer),
        })
    }

    /// Every system's row ((name, origin, lines) each, the first the baseline of the paired
    /// tests), as a dictionary of the engine's fields, computed without holding the GIL.
    fn report<'py>(
        &self,
        py: Python<'py>,
        systems: Vec<(String, String, Vec<String>)>,
        resampling_args: ResamplingArgs,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let settings = resampling(resampling_args);
        let systems: Vec<System> = systems
            .into_iter()
            .map(|(name, origin, l)| System::named(name, Lines::new(origin, l)))
            .collect();
        let scorer = std::sync::Arc::clone(&self.scorer);
        let report = crate::interruptible(py, move || {
            scorer
                .report(&Outputs::new(systems), &settings)
                .map_err(engine_error)
        })??;
        report
            .systems
            .iter()
            .map(|r| crate::to_python::to_python(py, r))
            .collect()
    }
}
