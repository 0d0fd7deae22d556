//! The linguistic resources the experiments read: NLTK's Punkt English parameters and WordNet
//! 3.0's nouns as the programs carry them (`models/`, built in by `gecbias-resources`), and, for
//! training the parser only, WordNet 3.0's four parts of speech from Debian's `wordnet-base` and
//! the Brown clusters and Brill lexicon that `scripts/fetch-parser-lexicons.sh` fetches into
//! `target/linguistic-data/` (never committed).

use std::path::Path;
use std::process::Command;

use anyhow::{Context, bail};
use mono_align::WordEquivalence;
use mono_align::morphy::{DEFAULT_DIR, NounLemmatizer, WordNet};
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};

use crate::workspace;

/// Runs `scripts/<script>` unless `made` exists already (the fetch scripts are idempotent).
fn fetch(script: &str, made: &Path) -> anyhow::Result<()> {
    if made.exists() {
        return Ok(());
    }
    let script = workspace::root().join("scripts").join(script);
    let status = Command::new("bash")
        .arg(&script)
        .status()
        .with_context(|| format!("running {}", script.display()))?;
    if !status.success() {
        bail!(
            "{} failed; it needs python3 and the PyPI registry",
            script.display()
        );
    }
    Ok(())
}

/// The Punkt English tokenizer (the committed parameters, built in).
pub(crate) fn punkt() -> anyhow::Result<PunktSentenceTokenizer> {
    Ok(PunktSentenceTokenizer::new(PunktParameters::english()?))
}

/// The Brown clusters and Brill's lexicon as `word<TAB>value` text, fetched first if missing
/// (`scripts/fetch-parser-lexicons.sh`).
pub(crate) fn parser_lexicons() -> anyhow::Result<(String, String)> {
    let dir = workspace::root().join("target/linguistic-data");
    let (clusters, brill) = (
        dir.join("brown-clusters.tsv"),
        dir.join("brill-lexicon.tsv"),
    );
    fetch("fetch-parser-lexicons.sh", &brill)?;
    let read =
        |p: &Path| std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()));
    Ok((read(&clusters)?, read(&brill)?))
}

/// WordNet 3.0's four parts of speech.
pub(crate) fn wordnet() -> anyhow::Result<WordNet> {
    WordNet::from_dir(DEFAULT_DIR).context("WordNet 3.0 is missing: apt-get install wordnet-base")
}

/// "Approximately the same word" over WordNet's nouns (the committed lists, built in).
pub(crate) fn word_equivalence() -> anyhow::Result<WordEquivalence> {
    Ok(WordEquivalence::new(NounLemmatizer::english()?))
}
