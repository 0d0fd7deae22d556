//! `cargo xtask record samsa-aligner`: what EASSE 0.2.4's monolingual word aligner
//! (`easse/aligner`, through `../shared/reference-tools/samsa_run.py`) aligns, given gecbias's
//! analyses, on every scene–sentence pair SAMSA aligns in QATS test (its 126 sources and
//! outputs) and in Simplicity-DA (600 outputs of 302 ASSET test sources): the scenes of the
//! native parser's passages (as `cargo xtask record samsa` parses them), the outputs
//! Moses-tokenised and split as CoreNLP splits them, every text analysed by
//! `ucca_samsa::Analyser`. To exercise the aligner's named-entity step, which the analyser's
//! `O` tags leave idle, the recording gives each proper noun an entity tag by its first letter
//! (A–H `PERSON`, I–P `ORGANIZATION`, others `LOCATION`) and each number `NUMBER`; the aligner
//! must agree on any analyses. Written to `crates/ucca-samsa/tests/recorded/aligner.jsonl.gz`:
//! the stop words, each distinct sentence's analysis, then each pair and its alignments. And,
//! with the analyser's own analyses (no entities), EASSE's `compute_samsa` and
//! `align_scenes_sentences` and the authors' `SAMSA_score.py` and `SAMSA_abl_score.py` of each
//! output (`xtask/recorded/samsa/scores-parsed.jsonl`, which `cargo xtask reproduce samsa`
//! holds gecbias's values to).

use std::collections::HashMap;
use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::Context;
use gecbias_data::datasets::EASSE_DATA;
use gecbias_data::testing::lf_lines;
use serde_json::{Value, json};
use simplification_metrics::{EasseTokenizer, Preprocessing};
use ucca_samsa::{Analyser, Sentence, output_sentences, scene_words};

use crate::workspace;

/// Where the recording goes.
pub(crate) const RECORDED: &str = "crates/ucca-samsa/tests/recorded/aligner.jsonl.gz";
const DA: &str = "metaeval_simplification/data/simplicity_DA.csv";
const QATS_OUTPUTS: &str = "test_sets/qats/qats.test.simp";
const ASSET_SOURCES: &str = "test_sets/asset/asset.test.orig";

/// The entity tag the recording gives a word of tag `pos`.
fn exercise_tag(word: &str, pos: &str) -> &'static str {
    match (pos, word.chars().next()) {
        ("NNP" | "NNPS", Some('A'..='H')) => "PERSON",
        ("NNP" | "NNPS", Some('I'..='P')) => "ORGANIZATION",
        ("NNP" | "NNPS", _) => "LOCATION",
        ("CD", _) => "NUMBER",
        _ => "O",
    }
}

/// The analysis with the recording's entity tags.
fn with_exercise_tags(s: &Sentence) -> Sentence {
    let mut s = s.clone();
    for t in &mut s.tokens {
        t.ner = exercise_tag(&t.word, &t.pos).to_owned();
    }
    s
}

/// The distinct analysed sentences, numbered in order of first use.
#[derive(Default)]
struct Table {
    index: HashMap<String, usize>,
    sentences: Vec<Sentence>,
}

impl Table {
    fn id(&mut self, analyser: &Analyser, words: &[&str]) -> usize {
        let key = words.join(" ");
        if let Some(&k) = self.index.get(&key) {
            return k;
        }
        self.sentences.push(analyser.analyse(words));
        self.index.insert(key, self.sentences.len() - 1);
        self.sentences.len() - 1
    }
}

/// Each output's source passage name and Moses-tokenised text: QATS's, then Simplicity-DA's.
fn outputs(data: &gecbias_data::DataDir) -> anyhow::Result<Vec<(String, String)>> {
    let moses = Preprocessing::new(false, EasseTokenizer::Moses);
    let easse = data.root().join(EASSE_DATA);
    let mut out: Vec<(String, String)> = lf_lines(&easse.join(QATS_OUTPUTS))
        .iter()
        .enumerate()
        .map(|(k, line)| (format!("qats-{:04}", k + 1), moses.apply(line)))
        .collect();
    let sources: HashMap<String, usize> = lf_lines(&easse.join(ASSET_SOURCES))
        .into_iter()
        .enumerate()
        .map(|(k, s)| (s, k))
        .collect();
    let mut reader = csv::Reader::from_path(data.root().join(DA)).context(DA)?;
    for row in reader.records() {
        let row = row?;
        let k = sources
            .get(&row[2])
            .with_context(|| format!("{DA}: a source not in ASSET test: {}", &row[2]))?;
        out.push((format!("asset-{:04}", k + 1), moses.apply(&row[3])));
    }
    Ok(out)
}

/// A CoreNLP JSON document of one sentence, as the reference reads it.
fn corenlp_document(s: &Sentence) -> Value {
    let mut offset = 0;
    let tokens: Vec<Value> = s
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let begin = offset;
            offset += t.word.chars().count() + 1;
            json!({"index": i + 1, "word": t.word, "originalText": t.word, "lemma": t.lemma, "pos": t.pos,
                   "ner": t.ner, "characterOffsetBegin": begin, "characterOffsetEnd": begin + t.word.chars().count()})
        })
        .collect();
    let gloss = |k: usize| {
        if k == 0 {
            "ROOT".to_owned()
        } else {
            s.tokens[k - 1].word.clone()
        }
    };
    let deps: Vec<Value> = s
        .dependencies
        .iter()
        .map(|d| {
            json!({"dep": d.relation, "governor": d.governor, "governorGloss": gloss(d.governor),
                        "dependent": d.dependent, "dependentGloss": gloss(d.dependent)})
        })
        .collect();
    json!({"sentences": [{"index": 0, "tokens": tokens, "basicDependencies": deps}]})
}

/// A sentence as the recording keeps it.
pub(crate) fn compact(s: &Sentence) -> Value {
    let field = |f: &dyn Fn(&ucca_samsa::Token) -> &str| s.tokens.iter().map(f).collect::<Vec<_>>();
    let deps: Vec<Value> = s
        .dependencies
        .iter()
        .map(|d| json!([d.relation, d.governor, d.dependent]))
        .collect();
    json!({"w": field(&|t| &t.word), "l": field(&|t| &t.lemma), "t": field(&|t| &t.pos), "n": field(&|t| &t.ner), "d": deps})
}

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let root = workspace::root();
    let passages: HashMap<String, ucca_graph::Passage> =
        crate::experiments::samsa::parsed_sources(&data)?
            .into_iter()
            .collect();
    let analyser = Analyser::builtin()?;
    let mut table = Table::default();
    let mut pairs = Vec::new();
    let work = root.join("target/samsa-aligner");
    std::fs::create_dir_all(work.join("passages"))?;
    let mut jobs = Vec::new();
    let mut texts = Vec::new();
    for (name, output) in outputs(&data)? {
        let passage = passages
            .get(&name)
            .with_context(|| format!("no passage {name}"))?;
        let xml = work.join("passages").join(format!("{name}.xml"));
        std::fs::write(&xml, passage.to_xml())?;
        let tokens: Vec<&str> = output.split_whitespace().collect();
        let sentences: Vec<usize> = output_sentences(&tokens)
            .iter()
            .map(|s| table.id(&analyser, s))
            .collect();
        let mut scenes = Vec::new();
        for scene in scene_words(passage) {
            let words: Vec<&str> = scene.iter().map(String::as_str).collect();
            let a = table.id(&analyser, &words);
            scenes.push(a);
            pairs.extend(sentences.iter().map(|&b| [a, b]));
        }
        jobs.push(json!({"xml": xml, "scenes": scenes, "sentences": sentences}));
        texts.push((name, output.clone()));
    }
    pairs.sort_unstable();
    pairs.dedup();
    // The pairs with the exercising entity tags; the scores with the analyser's own analyses.
    let tagged: Vec<Sentence> = table.sentences.iter().map(with_exercise_tags).collect();
    let printed = reference(&root, &work, "pairs", &tagged, &json!(pairs), &json!([]))?;
    let (stopwords, results) = printed
        .split_once('\n')
        .context("the recorder printed nothing")?;
    let (results, _) = results
        .split_once("outputs\n")
        .context("the recorder stopped")?;
    let printed = reference(
        &root,
        &work,
        "outputs",
        &table.sentences,
        &json!([]),
        &json!(jobs),
    )?;
    let (_, scores) = printed
        .split_once("outputs\n")
        .context("the recorder printed no scores")?;
    write_scores(&root, &texts, scores)?;
    let mut file = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    writeln!(
        file,
        "# EASSE 0.2.4's word aligner given gecbias's analyses (cargo xtask record samsa-aligner): the stop words, {} sentences, {} pairs.",
        table.sentences.len(),
        pairs.len()
    )?;
    writeln!(file, "{stopwords}")?;
    for s in &tagged {
        writeln!(file, "{}", compact(s))?;
    }
    file.write_all(results.as_bytes())?;
    std::fs::write(root.join(RECORDED), file.finish()?)?;
    println!(
        "wrote {RECORDED}: {} sentences, {} pairs",
        table.sentences.len(),
        pairs.len()
    );
    Ok(())
}

/// What the reference recorder prints for these documents, pairs and outputs.
fn reference(
    root: &Path,
    work: &Path,
    name: &str,
    sentences: &[Sentence],
    pairs: &Value,
    outputs: &Value,
) -> anyhow::Result<String> {
    let task = work.join(format!("{name}.json"));
    let documents: Vec<Value> = sentences.iter().map(corenlp_document).collect();
    let task_json = json!({"documents": documents, "pairs": pairs, "outputs": outputs});
    std::fs::write(&task, serde_json::to_string(&task_json)?)?;
    let script = super::metric_zoo::script(
        "samsa_aligner_record.py",
        include_str!("reference_tools/samsa_aligner_record.py"),
    )?;
    let mut command = Command::new(super::samsa::samsa_python()?);
    command
        .arg("-B")
        .arg(&script)
        .arg(&task)
        .env("SAMSA_RUN_DIR", root.join("../shared/reference-tools"));
    super::metric_zoo::stdout_of(command, &script)
}

/// Where EASSE's and the authors' scores of the same outputs go.
pub(crate) const SCORES: &str = "xtask/recorded/samsa/scores-parsed.jsonl";

/// One JSON line per output: its source passage, its Moses-tokenised text and what the
/// reference computed.
fn write_scores(root: &Path, texts: &[(String, String)], printed: &str) -> anyhow::Result<()> {
    let mut rows = String::new();
    let lines: Vec<&str> = printed.lines().collect();
    anyhow::ensure!(
        lines.len() == texts.len(),
        "{} scores for {} outputs",
        lines.len(),
        texts.len()
    );
    for ((name, text), line) in texts.iter().zip(lines) {
        let mut record: serde_json::Map<String, Value> = serde_json::from_str(line)?;
        record.insert("passage".into(), json!(name));
        record.insert("output".into(), json!(text));
        rows.push_str(&serde_json::to_string(&record)?);
        rows.push('\n');
    }
    let header = "# EASSE 0.2.4's compute_samsa and align_scenes_sentences, and the authors' SAMSA_score.py and SAMSA_abl_score.py, given gecbias's passages and analyses (cargo xtask record samsa-aligner): QATS test's 126 outputs, then Simplicity-DA's 600.\n";
    super::write_recorded(root, SCORES, header, &rows, "outputs")
}
