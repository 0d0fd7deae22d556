//! `cargo xtask train-parser`: trains the UCCA parser on the Wiki training split (ACL-2017),
//! chooses the epoch on dev, and writes the model file (by default the committed
//! `models/ucca-wiki-v1.2/model.bin`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use gecbias_data::datasets::UccaSplit;
use gecbias_data::{DataDir, Manifest};
use indicatif::{ProgressBar, ProgressStyle};
use mono_align::morphy::WordNet;
use ucca_graph::Passage;
use ucca_parser::{EpochReport, FeatureSet, Lexicon, LexiconSources, Progress, TrainedClassifier};

use crate::linguistic;
use crate::workspace;

/// What the model header says it was trained on.
pub(crate) const TRAINING_DATA: &str =
    "UCCA English Wikipedia corpus v1.2, ACL-2017 training split (passages 1-300 by numeric ID)";

/// The sentence passages of one part of the UCCA corpora.
pub(crate) fn sentences(data: &DataDir, split: UccaSplit) -> anyhow::Result<Vec<Passage>> {
    let mut out = Vec::new();
    for file in split.files(data)? {
        let passage = Passage::read(data.join(&file))?;
        out.extend(passage.sentences()?);
    }
    Ok(out)
}

/// The word-level resources the parser's lexicon is built from: Brown clusters and Brill's
/// lexicon as text, and WordNet.
pub(crate) struct Resources {
    clusters: String,
    brill: String,
    wordnet: WordNet,
}

impl Resources {
    /// Reads them (fetching the lexicons first if they are missing).
    pub(crate) fn load() -> anyhow::Result<Resources> {
        let (clusters, brill) = linguistic::parser_lexicons()?;
        Ok(Resources {
            clusters,
            brill,
            wordnet: linguistic::wordnet()?,
        })
    }

    /// The lexicon of the training words with the resources `set` uses.
    pub(crate) fn lexicon(&self, train: &[Passage], set: FeatureSet) -> anyhow::Result<Lexicon> {
        let words = train
            .iter()
            .flat_map(|p| p.terminals().map(|t| t.text.as_str()));
        let sources = LexiconSources::new(
            set.clusters.then_some(self.clusters.as_str()),
            set.brill.then_some(self.brill.as_str()),
            set.wordnet.then_some(&self.wordnet),
        );
        Ok(Lexicon::build(words, sources)?)
    }
}

/// A digest of the training files.
pub(crate) fn digest(data: &DataDir) -> anyhow::Result<String> {
    let files = UccaSplit::WikiTrain.files(data)?;
    Ok(Manifest::of_files(data, files.iter().map(String::as_str))?.digest())
}

struct Bar {
    bar: ProgressBar,
    start: Instant,
    transitions: usize,
    epochs: usize,
}

impl Progress for Bar {
    fn sentence(&mut self, transitions: usize) {
        self.transitions += transitions;
        self.bar.inc(1);
        let rate = self.transitions as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!("{rate:.0} transitions/s"));
    }

    fn epoch(&mut self, r: &EpochReport) {
        let line = format!(
            "epoch {}/{}: {} transitions, {} errors, dev primary LF {:.4}, remote LF {:.4} ({:.0} s)",
            r.epoch,
            self.epochs,
            r.transitions,
            r.errors,
            r.dev.primary.f1(),
            r.dev.remote.f1(),
            self.start.elapsed().as_secs_f64()
        );
        self.bar.println(&line);
        if self.bar.is_hidden() {
            eprintln!("{line}");
        }
        self.bar.reset();
        self.bar.set_prefix(format!("epoch {}", r.epoch + 1));
    }
}

/// What `train-parser` trains, and how.
pub(crate) enum Training {
    /// The averaged perceptron.
    Perceptron(ucca_parser::TrainOptions),
    /// The BiLSTM classifier.
    Neural(ucca_parser::NeuralTrainOptions),
}

impl Training {
    fn features(&self) -> FeatureSet {
        match self {
            Training::Perceptron(o) => o.features,
            Training::Neural(o) => o.features,
        }
    }

    fn epochs(&self) -> usize {
        match self {
            Training::Perceptron(o) => o.epochs,
            Training::Neural(o) => o.epochs,
        }
    }
}

/// Trains and writes the model to `out`.
pub(crate) fn run(
    training: &Training,
    out: &Path,
    limit: Option<usize>,
    data: Option<&Path>,
) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let mut train = sentences(&data, UccaSplit::WikiTrain)?;
    if let Some(n) = limit {
        train.truncate(n);
    }
    let dev = sentences(&data, UccaSplit::WikiDev)?;
    let features = training.features();
    let lexicon = Resources::load()?.lexicon(&train, features)?;
    eprintln!(
        "training on {} sentences ({} dev), features {}, {} lexicon entries",
        train.len(),
        dev.len(),
        features.name(),
        lexicon.len()
    );
    if let Training::Neural(o) = training {
        eprintln!("BiLSTM classifier: {:?}", o.network);
    }
    let bar = ProgressBar::new(train.len() as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} sentences, {msg} {eta}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix("epoch 1");
    let mut progress = Bar {
        bar,
        start: Instant::now(),
        transitions: 0,
        epochs: training.epochs(),
    };
    let digest = digest(&data)?;
    let described = (TRAINING_DATA, digest.as_str());
    let (model, report) = match training {
        Training::Perceptron(o) => {
            ucca_parser::train(&train, &dev, lexicon, o, described, &mut progress)?
        }
        Training::Neural(o) => {
            ucca_parser::train_neural(&train, &dev, lexicon, o, described, &mut progress)?
        }
    };
    progress.bar.finish_and_clear();
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    model.write(out)?;
    let size = match &model.classifier {
        TrainedClassifier::Perceptron(w) => {
            format!(
                "{} features, {} weights",
                w.feature_count(),
                w.weight_count()
            )
        }
        TrainedClassifier::Neural(n) => match n.first() {
            Some(network) => format!("network {:?}", network.shape()),
            None => String::new(),
        },
        _ => String::new(),
    };
    eprintln!(
        "kept epoch {} (dev primary LF {:.4}, remote {:.4}): {size}, {} bytes → {}, in {:.0} s",
        report.best_epoch,
        model.header.dev.primary.f1(),
        model.header.dev.remote.f1(),
        std::fs::metadata(out).map(|m| m.len()).unwrap_or(0),
        out.display(),
        progress.start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `cargo xtask ensemble-parser`: makes one model of trained neural models
/// ([`ucca_parser::ensemble`]), scores it on dev and writes it to `out`.
pub(crate) fn ensemble(members: &[PathBuf], out: &Path, data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let dev = sentences(&data, UccaSplit::WikiDev)?;
    let models = members
        .iter()
        .map(ucca_parser::Model::read)
        .collect::<Result<Vec<_>, _>>()?;
    for (path, model) in members.iter().zip(&models) {
        eprintln!(
            "member {}: seed {}, epoch {} of {}, dev primary LF {:.4}",
            path.display(),
            model.header.seed,
            model.header.best_epoch,
            model.header.epochs,
            model.header.dev.primary.f1()
        );
    }
    let model = ucca_parser::ensemble(models, &dev)?;
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    model.write(out)?;
    eprintln!(
        "ensemble of {}: dev primary LF {:.4}, remote {:.4}; {} bytes → {}",
        model.header.ensemble.len(),
        model.header.dev.primary.f1(),
        model.header.dev.remote.f1(),
        std::fs::metadata(out).map(|m| m.len()).unwrap_or(0),
        out.display()
    );
    Ok(())
}

/// Which classifier `train-parser` trains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ClassifierKind {
    /// The averaged perceptron over sparse features.
    Perceptron,
    /// The BiLSTM token encoder with an MLP over the state.
    Bilstm,
}
