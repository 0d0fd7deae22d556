//! `en-tagger`: the committed English tagger on UD English-EWT dev and test (gold tokens), its
//! agreement with spaCy's `en_core_web_sm` 3.8 on the CoNLL-2014 and JFLEG dev sources (the
//! recordings of `cargo xtask record spacy`), and, with `--full`, an ablation of its feature
//! groups (one model trained per group left out).

use std::fmt::Write as _;

use anyhow::{Context, bail};
use english_tagger::{
    Accuracy, FeatureGroups, LabelledSentence, Tagger, TrainOptions, errant_class, evaluate,
};
use gecbias_data::DataDir;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::Table;
use crate::record::spacy::{TEXTS, recorded, sentences};
use crate::train_tagger::{EWT, MODEL, ewt};
use crate::workspace;

pub(crate) const EXPERIMENT: Experiment =
    Experiment::new("en-tagger", TITLE, inputs, run).with_full(run_full);
const TITLE: &str = "the English tagger on UD English-EWT dev/test and beside spaCy en_core_web_sm 3.8 on GEC sources";

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out: Vec<String> = EWT.iter().map(|s| (*s).to_owned()).collect();
    out.extend(TEXTS.iter().map(|t| t.1.to_owned()));
    Ok(out)
}

#[derive(Serialize)]
struct Part {
    part: &'static str,
    tokens: usize,
    xpos: f64,
    upos: f64,
    lemma: f64,
    spacy_lemma: f64,
    errant_labels: f64,
}

/// Tokens on which the tagger agrees with spaCy, per attribute.
#[derive(Serialize, Default, Clone, Copy)]
struct Counts {
    tokens: usize,
    tag: usize,
    pos: usize,
    /// On the eight classes ERRANT reads.
    dep: usize,
    /// Tokens whose coarse POS agrees (`pos`) and whose lemma is spaCy's.
    lemma: usize,
    /// Tokens whose coarse POS and Penn tag agree.
    pos_and_tag: usize,
    /// Of those, the ones whose lemma is spaCy's.
    lemma_given_tags: usize,
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts {
            tokens: self.tokens + o.tokens,
            tag: self.tag + o.tag,
            pos: self.pos + o.pos,
            dep: self.dep + o.dep,
            lemma: self.lemma + o.lemma,
            pos_and_tag: self.pos_and_tag + o.pos_and_tag,
            lemma_given_tags: self.lemma_given_tags + o.lemma_given_tags,
        }
    }
}

#[derive(Serialize)]
struct Agreement {
    text: &'static str,
    sentences: usize,
    counts: Counts,
    tag: f64,
    pos: f64,
    dep: f64,
    /// Of the tokens whose coarse POS agrees, the share with spaCy's lemma.
    lemma_given_pos: f64,
    /// Of the tokens whose coarse POS and Penn tag agree, the share with spaCy's lemma.
    lemma_given_tags: f64,
}

impl Agreement {
    fn new(text: &'static str, sentences: usize, counts: Counts) -> Self {
        let share = |n: usize, d: usize| if d == 0 { 0.0 } else { n as f64 / d as f64 };
        Agreement {
            text,
            sentences,
            counts,
            tag: share(counts.tag, counts.tokens),
            pos: share(counts.pos, counts.tokens),
            dep: share(counts.dep, counts.tokens),
            lemma_given_pos: share(counts.lemma, counts.pos),
            lemma_given_tags: share(counts.lemma_given_tags, counts.pos_and_tag),
        }
    }
}

#[derive(Serialize)]
struct Ablated {
    left_out: &'static str,
    dev: Part,
}

fn part(name: &'static str, a: &Accuracy) -> Part {
    Part {
        part: name,
        tokens: a.tokens,
        xpos: a.rate(a.xpos),
        upos: a.rate(a.upos),
        lemma: a.rate(a.lemma),
        spacy_lemma: a.rate(a.spacy_lemma),
        errant_labels: a.rate(a.errant_label),
    }
}

/// The committed tagger with its labeller retrained on EWT train's words and gold tags with
/// spaCy's labels (recorded by `cargo xtask record spacy`), if they are recorded.
fn spacy_labelled(tagger: &Tagger, data: &DataDir) -> anyhow::Result<Option<Tagger>> {
    let path = crate::record::spacy::ewt_train_labels();
    let Ok(jsonl) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let train = ewt(data, 0)?;
    let mut sentences = Vec::new();
    for (line, gold) in jsonl.lines().zip(&train) {
        let v: serde_json::Value = serde_json::from_str(line)?;
        let labels: Vec<String> = v["dep"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|x| x.as_str().unwrap_or_default().to_owned())
            .collect();
        if labels.len() != gold.len() {
            bail!(
                "{}: a sentence of {} labels for {} words",
                path.display(),
                labels.len(),
                gold.len()
            );
        }
        sentences.push(LabelledSentence {
            words: gold.iter().map(|w| w.form.clone()).collect(),
            xpos: gold.iter().map(|w| w.xpos.clone()).collect(),
            labels,
        });
    }
    Ok(Some(
        tagger.relabelled(&sentences, &TrainOptions::default()),
    ))
}

fn spacy_agreement(tagger: &Tagger, data: &DataDir) -> anyhow::Result<Vec<Agreement>> {
    let mut out = Vec::new();
    for (name, file, source) in TEXTS {
        let sentences = sentences(data, file, source)?;
        let path = recorded(name);
        let table = std::fs::read_to_string(&path)
            .with_context(|| format!("{}: run `cargo xtask record spacy`", path.display()))?;
        let rows: Vec<&str> = table.lines().filter(|l| !l.starts_with('#')).collect();
        if rows.len() != sentences.len() {
            bail!(
                "{}: {} rows for {} sentences",
                path.display(),
                rows.len(),
                sentences.len()
            );
        }
        let mut c = Counts::default();
        for (words, row) in sentences.iter().zip(rows) {
            let columns: Vec<Vec<&str>> = row.split('\t').map(|c| c.split(' ').collect()).collect();
            if words.is_empty() {
                continue;
            }
            if columns.len() != 5 || columns.iter().any(|c| c.len() != words.len()) {
                bail!(
                    "{}: a row does not match its sentence's {} tokens",
                    path.display(),
                    words.len()
                );
            }
            for (i, ours) in tagger.tag(words).iter().enumerate() {
                c.tokens += 1;
                c.tag += usize::from(ours.xpos == columns[0][i]);
                let same_pos = ours.upos == columns[1][i];
                c.pos += usize::from(same_pos);
                c.dep += usize::from(errant_class(&ours.dep) == errant_class(columns[2][i]));
                if same_pos {
                    let theirs = english_tagger::apply_lemma_edit(&words[i], columns[3][i])
                        .with_context(|| {
                            format!("{}: lemma script {}", path.display(), columns[3][i])
                        })?;
                    c.lemma += usize::from(ours.lemma == theirs);
                    if ours.xpos == columns[0][i] {
                        c.pos_and_tag += 1;
                        c.lemma_given_tags += usize::from(ours.lemma == theirs);
                    }
                }
            }
        }
        out.push(Agreement::new(name, sentences.len(), c));
    }
    let both = out.iter().fold(Counts::default(), |sum, a| sum + a.counts);
    let sentences = out.iter().map(|a| a.sentences).sum();
    out.push(Agreement::new("both", sentences, both));
    Ok(out)
}

fn model() -> anyhow::Result<Tagger> {
    let path = workspace::root().join(MODEL);
    Tagger::load(&path).context("the committed model; train it with `cargo xtask train-tagger`")
}

fn measure(
    data: &DataDir,
    progress: &ProgressBar,
) -> anyhow::Result<(Tagger, Vec<Part>, Vec<Agreement>)> {
    let tagger = model()?;
    let dev = ewt(data, 1)?;
    let test = ewt(data, 2)?;
    let parts = vec![
        part("EWT dev", &evaluate(&tagger, &dev)),
        part("EWT test", &evaluate(&tagger, &test)),
    ];
    progress.inc(3);
    let agreement = spacy_agreement(&tagger, data)?;
    progress.inc(TEXTS.len() as u64);
    let card = std::fs::read_to_string(
        workspace::root()
            .join(MODEL)
            .with_file_name("MODEL_CARD.md"),
    )
    .context("reading the model card")?;
    let line = format!(
        "| EWT test | {:.2} % | {:.2} % | {:.2} % |",
        100.0 * parts[1].xpos,
        100.0 * parts[1].upos,
        100.0 * parts[1].lemma
    );
    if !card.contains(&line) {
        bail!("MODEL_CARD.md does not state the test scores the model has: `{line}`");
    }
    Ok((tagger, parts, agreement))
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let (tagger, parts, agreement) = measure(data, progress)?;
    Ok(Report {
        markdown: markdown(&tagger, &parts, &agreement, None),
        json: serde_json::json!({ "ewt": parts, "spacy_agreement": agreement }),
        figures: Vec::new(),
    })
}

/// The ablated groups: each run leaves one out.
const ABLATION: [&str; 7] = [
    "affixes",
    "shape",
    "case",
    "clusters",
    "lexicons",
    "wide_context",
    "lookahead",
];

fn run_full(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let (tagger, parts, agreement) = measure(data, progress)?;
    let dev = ewt(data, 1)?;
    let ablation = ABLATION
        .par_iter()
        .map(|&left_out| {
            let mut groups = FeatureGroups::ALL;
            match left_out {
                "affixes" => groups.affixes = false,
                "shape" => groups.shape = false,
                "case" => groups.case = false,
                "clusters" => groups.clusters = false,
                "lexicons" => groups.lexicons = false,
                "wide_context" => groups.wide_context = false,
                _ => groups.lookahead = false,
            }
            let mut options = TrainOptions::default();
            options.groups = groups;
            let model = crate::train_tagger::train(data, &options)?;
            Ok(Ablated {
                left_out,
                dev: part("EWT dev", &evaluate(&model, &dev)),
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let relabelled = match spacy_labelled(&tagger, data)? {
        Some(t) => Some(spacy_agreement(&t, data)?),
        None => None,
    };
    let mut md = markdown(&tagger, &parts, &agreement, Some(&ablation));
    match &relabelled {
        Some(rows) => {
            let _ = writeln!(
                md,
                "\n## Labels learned from spaCy's own labels\n\nThe labeller retrained on EWT train's words and gold tags \
                 with spaCy `en_core_web_sm`'s labels of them (instead of the UD mapping), agreement with spaCy on the \
                 eight classes ERRANT reads:\n"
            );
            let mut table = Table::figures(
                "text",
                &[
                    "tokens",
                    "dep_ (mapping, committed)",
                    "dep_ (spaCy-labelled training)",
                ],
            );
            for (ours, theirs) in agreement.iter().zip(rows) {
                table.row([
                    ours.text.to_string(),
                    ours.counts.tokens.to_string(),
                    pct(ours.dep),
                    pct(theirs.dep),
                ]);
            }
            md.push_str(&table.markdown());
        }
        None => {
            let _ = writeln!(
                md,
                "\nThe labeller trained on spaCy's labels is compared once `cargo xtask record spacy` has recorded them."
            );
        }
    }
    Ok(Report {
        markdown: md,
        json: serde_json::json!({ "ewt": parts, "spacy_agreement": agreement, "ablation": ablation, "spacy_labelled": relabelled.map(|r| serde_json::to_value(r).unwrap_or_default()) }),
        figures: Vec::new(),
    })
}

fn pct(x: f64) -> String {
    format!("{:.2} %", 100.0 * x)
}

/// The tagger's agreement with spaCy on each GEC text.
fn agreement_table(agreement: &[Agreement]) -> String {
    let mut table = Table::figures(
        "text",
        &[
            "sentences",
            "tokens",
            "tag_",
            "pos_",
            "dep_ (ERRANT classes)",
            "lemma_ where pos_ agrees",
            "lemma_ where pos_ and tag_ agree",
        ],
    );
    for a in agreement {
        table.row([
            a.text.to_string(),
            a.sentences.to_string(),
            a.counts.tokens.to_string(),
            pct(a.tag),
            pct(a.pos),
            pct(a.dep),
            format!("{} ({} tokens)", pct(a.lemma_given_pos), a.counts.pos),
            format!(
                "{} ({} tokens)",
                pct(a.lemma_given_tags),
                a.counts.pos_and_tag
            ),
        ]);
    }
    table.markdown()
}

fn markdown(
    tagger: &Tagger,
    parts: &[Part],
    agreement: &[Agreement],
    ablation: Option<&[Ablated]>,
) -> String {
    let info = tagger.info();
    let mut md = String::new();
    let _ = writeln!(
        md,
        "The committed model `{MODEL}` (an averaged perceptron over (Penn tag, UPOS) pairs with a beam of {}, \
         trained with early update by `cargo xtask train-tagger` for {} epochs with seed {} on `{}`, digest `{}`), \
         tagging gold tokens. \"spaCy lemma\" is spaCy's English rule lemmatiser on the predicted tags (what ERRANT \
         reads); \"UD lemma\" adds EWT's conventions where training showed they differ (what `gecbias tag` writes). \
         Labels are the spaCy labels ERRANT reads, \
         learned from EWT's UD trees through the documented mapping (crate `english-tagger`, module `deprel`); \
         \"ERRANT labels\" scores the eight classes ERRANT distinguishes (`acomp amod advmod det prep prt punct`, \
         other) against the mapped gold trees.\n",
        info.get("beam").unwrap_or("?"),
        info.get("epochs").unwrap_or("?"),
        info.get("seed").unwrap_or("?"),
        info.get("training-data").unwrap_or("?"),
        info.get("training-digest").unwrap_or("?"),
    );
    let mut table = Table::figures(
        "set",
        &[
            "tokens",
            "XPOS",
            "UPOS",
            "UD lemma",
            "spaCy lemma",
            "ERRANT labels",
        ],
    );
    for p in parts {
        table.row([
            p.part.to_string(),
            p.tokens.to_string(),
            pct(p.xpos),
            pct(p.upos),
            pct(p.lemma),
            pct(p.spacy_lemma),
            pct(p.errant_labels),
        ]);
    }
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\nTargets (issue 27): test XPOS ≥ 95.5 %, UPOS ≥ 96.0 %, lemma ≥ 97 % (the UD lemma). Anchors: UDPipe 1.2 XPOS 93.9 %, \
         UPOS 94.4 %; spaCy trf XPOS 96.4 %, UPOS 96.9 %. For scale: spaCy's own `en_core_web_sm` 3.8 on the same \
         gold tokens scores XPOS 92.64 %, UPOS 92.84 %, lemma 94.35 % on EWT test, and spaCy's lemmatiser given EWT's \
         *gold* tags reaches 96.77 %: EWT's lemma conventions (`an` → `a`, `these` → `this`, `better` → `good`, \
         proper adjectives keeping their capital) differ from spaCy's tables.\n\n\
         ## Agreement with spaCy `en_core_web_sm` 3.8 on GEC text\n\n\
         Tokens as given; spaCy's analyses recorded by `cargo xtask record spacy` (`xtask/recorded/spacy/`). `dep` \
         counts agreement on the eight classes ERRANT reads; the lemma columns are the shares of identical lemmas among \
         the tokens whose coarse POS (and Penn tag) agree: spaCy's lemmatiser reads the morphology the tag implies.\n"
    );
    md.push_str(&agreement_table(agreement));
    let _ = writeln!(
        md,
        "\nTargets (issue 27): `tag_` ≥ 96 %, `dep_` on ERRANT's labels ≥ 95 %. Speed: `cargo xtask bench tagger`. The feature \
         ablation and the labeller trained on spaCy's own labels: `cargo xtask reproduce en-tagger --full` (and the \
         model card).\n"
    );
    if let Some(ablation) = ablation {
        let _ = writeln!(
            md,
            "## Ablation on dev\n\nOne model per feature group left out, trained like the committed one.\n"
        );
        let mut table = Table::figures("left out", &["XPOS", "UPOS"]);
        table.row([
            "nothing (the committed model)".to_owned(),
            pct(parts[0].xpos),
            pct(parts[0].upos),
        ]);
        for a in ablation {
            table.row([a.left_out.to_owned(), pct(a.dev.xpos), pct(a.dev.upos)]);
        }
        md.push_str(&table.markdown());
    }
    md
}
