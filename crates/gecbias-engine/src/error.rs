//! The engine's one error type.

/// Why a scorer could not score: the library's own error kept as the source, the file (and
/// line, where there is one) named.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A metric refused its input: gec-metrics' error names the file and line.
    #[error("{source}")]
    Metrics {
        /// The metric's error.
        #[source]
        source: gec_metrics::Error,
    },
    /// FKGL could not load its sentence splitter.
    #[error("{source}")]
    Simplification {
        /// The metric's error.
        #[from]
        source: simplification_metrics::Error,
    },
    /// BLEU or chrF refused its options or input.
    #[error("{source}")]
    BleuChrf {
        /// The metric's error.
        #[from]
        source: bleu_chrf::Error,
    },
    /// A count (resamples, trials, iterations) outside the range in which it means something and
    /// finishes.
    #[error("{option}: {count} is outside {min}–{max}: {why}")]
    Count {
        /// What is counted, as the library calls it.
        option: &'static str,
        /// The count given.
        count: u128,
        /// The fewest accepted.
        min: u128,
        /// The most accepted.
        max: u128,
        /// Why the bound is where it is.
        why: &'static str,
    },
    /// Resampling failed.
    #[error("resampling: {source}")]
    Resampling {
        /// The resampling library's error.
        #[source]
        source: corpus_resampling::Error,
    },
    /// ERRANT could not type the edits: its analyser failed to load, or an M2 file to re-type is
    /// malformed (the message names it).
    #[error("{source}")]
    Errant {
        /// ERRANT's error.
        #[source]
        source: gec_errant::Error,
    },
    /// A line is longer than ERRANT's annotation takes (`gec_errant::MAX_SENTENCE_TOKENS`,
    /// `MAX_PIECE_CHARS`).
    #[error("{file}:{line}: {message}")]
    TooLong {
        /// The input holding it.
        file: String,
        /// Its 1-based line.
        line: usize,
        /// What is too long, and the limit.
        message: String,
    },
    /// USim could not score a sentence pair: the output's file and line, and the source's.
    #[error("{file}:{line} (source {source_file}:{line}): {source}")]
    Usim {
        /// The output's file.
        file: String,
        /// The 1-based line, the same in both files.
        line: usize,
        /// The source's file.
        source_file: String,
        /// USim's error, naming which passage is at fault.
        #[source]
        source: Box<usim::Error>,
    },
    /// USim could not score the systems at all (line counts).
    #[error("{source}")]
    UsimSystems {
        /// USim's error.
        #[source]
        source: Box<usim::Error>,
    },
    /// SAMSA's models (spaCy's, the lemmatiser) could not be loaded.
    #[error("SAMSA's analyser: {source}")]
    SamsaModels {
        /// SAMSA's error.
        #[source]
        source: Box<ucca_samsa::Error>,
    },
    /// SAMSA's pipeline failed on a line.
    #[error("{file}:{line}: {source}")]
    Samsa {
        /// The text's origin.
        file: String,
        /// The 1-based line.
        line: usize,
        /// SAMSA's error.
        #[source]
        source: Box<ucca_samsa::Error>,
    },
    /// A line could not be parsed into a UCCA passage.
    #[error("{file}:{line}: {source}")]
    Parse {
        /// The text's origin.
        file: String,
        /// The 1-based line.
        line: usize,
        /// The parser's error.
        #[source]
        source: Box<usim::Error>,
    },
    /// A UCCA XML file could not be read (the message names it).
    #[error("{source}")]
    Graph {
        /// The graph library's error.
        #[source]
        source: ucca_graph::Error,
    },
    /// A UCCA passage could not be prepared for USim.
    #[error("{file}: {source}")]
    Passage {
        /// The passage's file.
        file: String,
        /// The error reading or preparing it.
        #[source]
        source: Box<usim::Error>,
    },
    /// UCCA passages named by a folder or a list file could not be found or paired.
    #[error("{file}: {message}")]
    Passages {
        /// The folder, list file (and line) or output.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A folder could not be read.
    #[error("{file}: {source}")]
    Io {
        /// The folder.
        file: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The English tagger's model could not be loaded.
    #[error("{source}")]
    Tagger {
        /// The tagger's error, naming the model it tried.
        #[source]
        source: english_tagger::Error,
    },
    /// A line too long to tag ([`crate::MAX_LINE_TOKENS`]).
    #[error(
        "{place}: {tokens} tokens; gecbias tag takes at most {} per line: split the line into \
         sentences",
        crate::MAX_LINE_TOKENS
    )]
    TooManyTokens {
        /// `FILE:LINE`.
        place: String,
        /// Its tokens.
        tokens: usize,
    },
    /// The UCCA parser's model could not be loaded.
    #[error("{source}")]
    Parser {
        /// The parser's error, naming the file tried.
        #[source]
        source: ucca_parser::Error,
    },
    /// Punkt's English parameters could not be loaded.
    #[error("sentence splitting needs NLTK's Punkt parameters: {source}")]
    Punkt {
        /// The resource's error.
        #[source]
        source: mono_align::Error,
    },
    /// The judgments could not be read, or a statistic of the meta-evaluation failed.
    #[error("{source}")]
    MetaEval {
        /// meta-eval's error.
        #[source]
        source: meta_eval::Error,
    },
    /// The judgments and the sentence scores do not fit together.
    #[error("{file}: {source}")]
    Judgments {
        /// The judgments file.
        file: String,
        /// meta-eval's error.
        #[source]
        source: meta_eval::Error,
    },
    /// A hybrid system that does not fit the systems scored.
    #[error(
        "hybrid {hybrid}: {sentences} sentences taken from systems, where each of the {systems} systems has {expected} (and a hybrid names systems by their index)"
    )]
    Hybrid {
        /// The hybrid's index.
        hybrid: usize,
        /// Its length.
        sentences: usize,
        /// The systems' sentences.
        expected: usize,
        /// The systems scored.
        systems: usize,
    },
    /// A ratings file that does not parse, or a row that contradicts another.
    #[error("{file}:{line}:{column}: {message}")]
    Ratings {
        /// The file (or dataset).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (a CSV field's position, a JSON key's character).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Rated outputs that cannot give a metric what it reads (text withheld, uneven references).
    #[error("{origin}: {metric} needs {message}")]
    RatedInputs {
        /// The ratings.
        origin: String,
        /// The metric's name.
        metric: &'static str,
        /// What it needs that the ratings lack.
        message: String,
    },
    /// An aspect the ratings do not have, or none named where they have several.
    #[error("{origin}: {} (its aspects: {})", asked.as_ref().map_or("--aspect names which aspect".to_owned(), |a| format!("no aspect {a:?}")), known.join(", "))]
    Aspect {
        /// The ratings.
        origin: String,
        /// The aspect asked for.
        asked: Option<String>,
        /// The aspects rated.
        known: Vec<String>,
    },
    /// A judged system has no output file.
    #[error(
        "{judgments}: ranking-item id=\"{item}\" ranks system {system:?}, which has no output in {folder}"
    )]
    NoOutput {
        /// The judgments file.
        judgments: String,
        /// The ranking item that ranks it.
        item: String,
        /// The system.
        system: String,
        /// Where its output was looked for.
        folder: String,
    },
    /// A system to leave out that no ranking judges (a misspelt name, most likely).
    #[error("{system}: no ranking of {judgments} judges it")]
    Unjudged {
        /// The system named.
        system: String,
        /// The judgments file.
        judgments: String,
    },
    /// Intervals and paired tests re-derive the human scores on every resample of the
    /// judgments, which TrueSkill would need all its runs for.
    #[error(
        "intervals and paired tests re-derive the human scores on each resample of the \
         judgments: use Expected Wins (TrueSkill would need its runs on each)"
    )]
    TrueSkillResampled,
    /// A judged sentence (a line of the judged source) is not among the gold's sentences, in
    /// order.
    #[error("{file}:{line}: no sentence of {gold} after its sentence {after} reads {text:?}")]
    UnjudgedSentence {
        /// The judged source.
        file: String,
        /// Its 1-based line.
        line: usize,
        /// The gold.
        gold: String,
        /// The gold sentence after which it was looked for.
        after: usize,
        /// The line.
        text: String,
    },
    /// Two inputs that must be line-aligned are not: `file` has `lines` lines where `other` has
    /// `expected`.
    #[error("{file}:{}: has {lines} lines but {other} has {expected}", lines.min(expected) + 1)]
    LineCounts {
        /// The file out of step.
        file: String,
        /// Its lines.
        lines: usize,
        /// The file it should match.
        other: String,
        /// That file's lines.
        expected: usize,
    },
    /// A significance ranking over `pairs` pairs at family-wise level `alpha` cannot reject
    /// anything with fewer than `needed` trials (no p-value falls below 1/(trials + 1)).
    #[error("a ranking over {pairs} pairs at α = {alpha} needs at least {needed} trials")]
    TooFewTrials {
        /// Pairs of systems compared.
        pairs: usize,
        /// The family-wise error rate.
        alpha: f64,
        /// The fewest trials that can reject.
        needed: usize,
    },
    /// GoToScorer weights that do not fit the reference: another number than its chunks.
    #[error(
        "{file}: sentence {sentence} has {weights} weights but its reference has {chunks} chunks \
         (weights made from another source or reference?)"
    )]
    GotoWeights {
        /// The weights' file.
        file: String,
        /// The 1-based sentence.
        sentence: usize,
        /// Its weights.
        weights: usize,
        /// The reference's chunks.
        chunks: usize,
    },
    /// A metric name that meta-evaluation does not know.
    #[error("no meta-evaluation metric {name:?}: one of {}", crate::MetaMetric::names().join(", "))]
    UnknownMetaMetric {
        /// The name given.
        name: String,
    },
    /// A metric name the catalogue does not know.
    #[error("no metric {name:?}: one of {known}")]
    UnknownMetric {
        /// The name given.
        name: String,
        /// The catalogue's names.
        known: String,
    },
    /// A metric without an input it needs, or given an input twice.
    #[error("{metric} needs {message}")]
    Inputs {
        /// The metric's name.
        metric: &'static str,
        /// What it needs.
        message: &'static str,
    },
    /// GoToScorer asked to chunk a reference that is not there.
    #[error(
        "GoToScorer's reference {reference}: there are {references} references, counted from 0"
    )]
    GotoReference {
        /// The reference asked for.
        reference: usize,
        /// How many there are.
        references: usize,
    },
}

impl From<gec_metrics::Error> for Error {
    fn from(source: gec_metrics::Error) -> Error {
        Error::Metrics { source }
    }
}

impl From<corpus_resampling::Error> for Error {
    fn from(source: corpus_resampling::Error) -> Error {
        Error::Resampling { source }
    }
}
