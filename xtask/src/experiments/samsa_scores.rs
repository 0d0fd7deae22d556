//! The scores half of `cargo xtask reproduce samsa`: gecbias's SAMSA on the outputs SAMSA is
//! evaluated on, against EASSE's own code given the same passages and analyses (identity), and
//! against the values EASSE published with TUPA and CoreNLP (agreement).

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::Context;
use gecbias_data::DataDir;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use serde::Serialize;
use serde_json::Value;
use ucca_graph::Passage;
use ucca_samsa::{Analyser, WordAligner, align_scenes, output_sentences, passage_scores};

/// EASSE's and the authors' code on the same passages and analyses (`cargo xtask record
/// samsa-aligner`).
const RECORDED: &str = crate::record::samsa_aligner::SCORES;
pub(crate) const DA: &str = "metaeval_simplification/data/simplicity_DA.csv";
pub(crate) const DA_METRICS: &str =
    "metaeval_simplification/data/metrics_per_sentence/metrics_simplicity_DA.csv";

/// How gecbias's values compare with the reference code's on the same inputs.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Identity {
    outputs: usize,
    scene_alignments_equal: usize,
    samsa_equal: usize,
    /// Outputs on which EASSE's code raises (gecbias's defined score applies).
    reference_raises: usize,
    samsa_abl_equal_to_authors: usize,
    authors_raise: usize,
}

/// gecbias's scores of one output, × 100.
pub(crate) struct Scored {
    pub(crate) samsa: f64,
    pub(crate) samsa_abl: f64,
}

/// The recorded outputs: (source passage name, Moses-tokenised output), QATS's then
/// Simplicity-DA's.
pub(crate) type Outputs = Vec<(String, String)>;

/// Scores every recorded output and counts where it equals the reference.
pub(crate) fn identity(
    passages: &HashMap<String, Passage>,
) -> anyhow::Result<(Identity, Vec<Scored>, Outputs)> {
    let text = std::fs::read_to_string(crate::workspace::root().join(RECORDED))
        .with_context(|| format!("{RECORDED}: run `cargo xtask record samsa-aligner`"))?;
    let analyser = Analyser::builtin()?;
    let aligner = WordAligner::nltk_english();
    let mut counts = Identity::default();
    let mut scored = Vec::new();
    let mut outputs = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let record: Value = serde_json::from_str(line)?;
        let name = record["passage"].as_str().unwrap_or_default();
        let passage = passages
            .get(name)
            .with_context(|| format!("no passage {name}"))?;
        let scenes = analyser.scenes(passage);
        let tokens: Vec<&str> = record["output"]
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .collect();
        let sentences = analyser.sentences(&tokens);
        let ours = passage_scores(passage, &aligner, &scenes, &sentences)?;
        counts.outputs += 1;
        match record["easse"].as_f64() {
            Some(easse) => counts.samsa_equal += usize::from(easse == ours.samsa),
            None => counts.reference_raises += 1,
        }
        if scenes.len() >= sentences.len() {
            let aligned = align_scenes(
                &aligner,
                &scenes,
                &sentences,
                scenes.len() > sentences.len(),
            )?;
            counts.scene_alignments_equal +=
                usize::from(serde_json::json!(aligned) == record["scenes"]);
        } else {
            counts.scene_alignments_equal += usize::from(record["scenes"].is_array());
        }
        match record["authors_abl"].as_f64() {
            Some(abl) => counts.samsa_abl_equal_to_authors += usize::from(abl == ours.samsa_abl),
            None => counts.authors_raise += 1,
        }
        outputs.push((
            name.to_owned(),
            record["output"].as_str().unwrap_or_default().to_owned(),
        ));
        scored.push(Scored {
            samsa: 100.0 * ours.samsa,
            samsa_abl: 100.0 * ours.samsa_abl,
        });
    }
    Ok((counts, scored, outputs))
}

/// gecbias's scores of the same outputs with another parser: each source parsed once.
pub(crate) fn scores_with(
    parser: ucca_parser::Parser,
    sources: &HashMap<String, String>,
    outputs: &Outputs,
) -> anyhow::Result<Vec<Scored>> {
    use rayon::prelude::*;
    let samsa = ucca_samsa::Samsa::new(parser)?;
    let names: std::collections::BTreeSet<&String> = outputs.iter().map(|o| &o.0).collect();
    let prepared: HashMap<&String, ucca_samsa::PreparedSource> = names
        .into_par_iter()
        .map(|name| {
            let text = sources
                .get(name)
                .with_context(|| format!("no source {name}"))?;
            Ok((
                name,
                samsa.prepare(&text.split_whitespace().collect::<Vec<_>>())?,
            ))
        })
        .collect::<anyhow::Result<_>>()?;
    outputs
        .par_iter()
        .map(|(name, output)| {
            let tokens: Vec<&str> = output.split_whitespace().collect();
            let s = samsa.score_prepared(&prepared[name], &tokens)?;
            Ok(Scored {
                samsa: 100.0 * s.samsa,
                samsa_abl: 100.0 * s.samsa_abl,
            })
        })
        .collect()
}

/// How often other sentence splitters split an output as CoreNLP's rule (gecbias's choice) does.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Splits {
    outputs: usize,
    /// Outputs the rule cuts into more than one sentence.
    several: usize,
    /// Outputs spaCy's parser (its trees' roots) cuts exactly as the rule does.
    spacy_equal: usize,
    /// Outputs NLTK's Punkt (on the tokens joined by spaces) cuts exactly as the rule does.
    punkt_equal: usize,
}

/// Each splitter's sentences of `tokens`, as their lengths in tokens.
fn split_lengths(
    model: &spacy_sm::Model,
    punkt: &PunktSentenceTokenizer,
    tokens: &[&str],
) -> [Vec<usize>; 3] {
    let rule = output_sentences(tokens).iter().map(Vec::len).collect();
    let heads = model.analyse(tokens).parse.heads;
    let root = |mut i: usize| {
        while heads[i] != i {
            i = heads[i];
        }
        i
    };
    let mut spacy: Vec<usize> = Vec::new();
    for i in 0..tokens.len() {
        match spacy.last_mut() {
            Some(n) if root(i) == root(i - 1) => *n += 1,
            _ => spacy.push(1),
        }
    }
    let joined = tokens.join(" ");
    let punkt = punkt
        .tokenize(&joined)
        .iter()
        .map(|s| s.split_whitespace().count())
        .collect();
    [rule, spacy, punkt]
}

/// The splitters compared on the recorded outputs.
pub(crate) fn split_agreement(outputs: &Outputs) -> anyhow::Result<Splits> {
    let model = spacy_sm::Model::builtin()?;
    let punkt = PunktSentenceTokenizer::new(PunktParameters::english()?);
    let mut s = Splits::default();
    for (_, text) in outputs {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let [rule, spacy, punkt] = split_lengths(&model, &punkt, &tokens);
        s.outputs += 1;
        s.several += usize::from(rule.len() > 1);
        s.spacy_equal += usize::from(spacy == rule);
        s.punkt_equal += usize::from(punkt == rule);
    }
    Ok(s)
}

/// EASSE's `tests/test_samsa.py`: six (source, output) pairs and the values it asserts.
const EASSE_TESTS: [(&str, &str, f64); 6] = [
    (
        "You are waiting for a train, this train will take you far away.",
        "You are waiting for a train. A train that will take you far away.",
        100.0,
    ),
    (
        "The river is indeed an ever-present part of the city's decor, and the official entrance \
         to Lisbon is a broad marble stair mounting from the water to the vast, arcaded Commerce \
         Square (Praca do Comercio).",
        "The river is indeed an ever-present part of the city's decor, and the entrance to Lisbon \
         is a broad marble stair mounting from the water to the covering, arcaded Commerce Square \
         (Praca do Comercio).",
        19.0,
    ),
    (
        "The second largest city of Russia and one of the world's major cities, St. Petersburg \
         has played a vital role in Russian history.",
        "The second largest city of Russia and one of the world's major cities, St Petersburg, \
         and has played a vital role in Russian history.",
        100.0,
    ),
    (
        "The incident followed the killing in August of five Egyptian security guards by Israeli \
         soldiers pursuing militants who had ambushed and killed eight Israelis along the \
         Israeli-Egyptian border.",
        "The incident followed the killing in August by Israeli soldiers. Israeli soldiers \
         pursued militants. Militants had ambushed and killed eight Israelis along the \
         Israeli-Egyptian border.",
        62.5,
    ),
    (
        "The injured man was able to drive his car to Cloverhill Prison where he got help. He is \
         being treated at Tallaght Hospital but his injuries are not thought to be \
         life-threatening.",
        "The injured man drive his car to Cloverhill Prison he got help.",
        14.0625,
    ),
    (
        "for example, king bhumibol was born on monday, so on his birthday throughout thailand \
         will be decorated with yellow color.",
        "for example, king bhumibol was born on monday, so on his birthday throughout thailand \
         will be decorated with yellow color.",
        50.0,
    ),
];

/// One of EASSE's test sentences: its value, gecbias's with each parser, and the source's
/// scenes and the output's sentences as gecbias finds them.
#[derive(Debug, Serialize)]
pub(crate) struct TestSentence {
    easse: f64,
    bilstm: f64,
    perceptron: f64,
    scenes_bilstm: usize,
    scenes_perceptron: usize,
    sentences: usize,
}

/// EASSE's six test sentences with both parsers.
pub(crate) fn test_sentences() -> anyhow::Result<Vec<TestSentence>> {
    use ucca_parser::{BuiltinModel, Parser};
    let moses = simplification_metrics::Preprocessing::new(
        false,
        simplification_metrics::EasseTokenizer::Moses,
    );
    let bilstm = ucca_samsa::Samsa::new(Parser::builtin(BuiltinModel::Bilstm)?)?;
    let perceptron = ucca_samsa::Samsa::new(Parser::builtin(BuiltinModel::Perceptron)?)?;
    let mut out = Vec::new();
    for (source, output, easse) in EASSE_TESTS {
        let (source, output) = (moses.apply(source), moses.apply(output));
        let source: Vec<&str> = source.split_whitespace().collect();
        let output: Vec<&str> = output.split_whitespace().collect();
        let (b, p) = (bilstm.prepare(&source)?, perceptron.prepare(&source)?);
        out.push(TestSentence {
            easse,
            bilstm: 100.0 * bilstm.score_prepared(&b, &output)?.samsa,
            perceptron: 100.0 * perceptron.score_prepared(&p, &output)?.samsa,
            scenes_bilstm: b.scenes(),
            scenes_perceptron: p.scenes(),
            sentences: output_sentences(&output).len(),
        });
    }
    Ok(out)
}

/// Agreement with EASSE's published values.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Agreement {
    qats_corpus: f64,
    qats_corpus_easse: f64,
    qats_corpus_abl: f64,
    da_outputs: usize,
    da_pearson: f64,
    da_equal_share: f64,
    /// (system, gecbias's mean, EASSE's mean), by EASSE's mean, best first.
    da_systems: Vec<(String, f64, f64)>,
    da_ranking_identical: bool,
}

/// QATS's corpus score (EASSE's test: 36.94996509406232) and Simplicity-DA's per-output values.
pub(crate) fn agreement(data: &DataDir, scored: &[Scored]) -> anyhow::Result<Agreement> {
    let (qats, da) = scored.split_at(126);
    let mut a = Agreement {
        qats_corpus: qats.iter().map(|s| s.samsa).sum::<f64>() / qats.len() as f64,
        qats_corpus_easse: 36.94996509406232,
        qats_corpus_abl: qats.iter().map(|s| s.samsa_abl).sum::<f64>() / qats.len() as f64,
        ..Agreement::default()
    };
    let published = published_da(data)?;
    anyhow::ensure!(
        published.len() == da.len(),
        "{} published values for {} outputs",
        published.len(),
        da.len()
    );
    let ours: Vec<f64> = da.iter().map(|s| s.samsa).collect();
    let theirs: Vec<f64> = published.iter().map(|p| p.1).collect();
    a.da_outputs = ours.len();
    a.da_pearson = meta_eval::pearson(&theirs, &ours)?.unwrap_or(f64::NAN);
    let equal = ours
        .iter()
        .zip(&theirs)
        .filter(|(x, y)| (*x - *y).abs() < 1e-9)
        .count();
    a.da_equal_share = equal as f64 / ours.len() as f64;
    let mut systems: HashMap<&str, (f64, f64, usize)> = HashMap::new();
    for ((system, easse), ours) in published.iter().zip(&ours) {
        let e = systems.entry(system.as_str()).or_default();
        *e = (e.0 + ours, e.1 + easse, e.2 + 1);
    }
    let mut rows: Vec<(String, f64, f64)> = systems
        .into_iter()
        .map(|(s, (o, e, n))| (s.to_owned(), o / n as f64, e / n as f64))
        .collect();
    rows.sort_by(|x, y| y.2.total_cmp(&x.2));
    let mut by_ours: Vec<&String> = rows.iter().map(|r| &r.0).collect();
    by_ours.sort_by(|x, y| {
        let m = |s: &String| rows.iter().find(|r| &r.0 == s).map_or(0.0, |r| r.1);
        m(y).total_cmp(&m(x))
    });
    a.da_ranking_identical = by_ours.iter().zip(&rows).all(|(s, r)| **s == r.0);
    a.da_systems = rows;
    Ok(a)
}

/// Simplicity-DA's outputs in file order: (system, EASSE's SAMSA as published).
fn published_da(data: &DataDir) -> anyhow::Result<Vec<(String, f64)>> {
    let mut metrics = HashMap::new();
    let mut reader = csv::Reader::from_path(data.root().join(DA_METRICS)).context(DA_METRICS)?;
    let samsa = reader
        .headers()?
        .iter()
        .position(|h| h == "samsa")
        .context("no samsa column")?;
    for row in reader.records() {
        let row = row?;
        metrics.insert(
            (row[0].to_owned(), row[1].to_owned()),
            row[samsa].parse::<f64>()?,
        );
    }
    let mut out = Vec::new();
    for row in csv::Reader::from_path(data.root().join(DA))
        .context(DA)?
        .records()
    {
        let row = row?;
        let key = (row[0].to_owned(), row[1].to_owned());
        let value = metrics
            .get(&key)
            .with_context(|| format!("{DA_METRICS}: no {key:?}"))?;
        out.push((key.1, *value));
    }
    Ok(out)
}

/// The report's section.
pub(crate) fn markdown(
    identity: &Identity,
    (bilstm, perceptron): (&Agreement, &Agreement),
    (tests, splits): (&[TestSentence], &Splits),
) -> String {
    let i = identity;
    let mut md = format!(
        "\n### Scores against EASSE's code on the same passages and analyses\n\n\
         QATS test's 126 outputs and Simplicity-DA's 600, the outputs split as CoreNLP splits \
         them, every text analysed by spaCy in CoreNLP's shape; EASSE's `compute_samsa` and \
         `align_scenes_sentences` and the authors' `SAMSA_abl_score.py` given the same passages \
         and analyses (`cargo xtask record samsa-aligner`). The word aligner itself is held to \
         EASSE's on the 1,850 scene–sentence pairs of these outputs by the crate's tests. The \
         authors' code raises `NameError` where a scene aligns to no sentence before any has \
         (its loop reuses the previous scene's match, EASSE's takes none; gecbias follows EASSE: \
         the other SAMSA_abl differences).\n\n\
         | outputs | scene–sentence alignments equal | SAMSA equal (of those EASSE scores) | EASSE raises | SAMSA_abl equal to the authors' | the authors' code raises |\n\
         |---|---|---|---|---|---|\n| {} | {} | {} of {} | {} | {} of {} | {} |\n",
        i.outputs,
        i.scene_alignments_equal,
        i.samsa_equal,
        i.outputs - i.reference_raises,
        i.reference_raises,
        i.samsa_abl_equal_to_authors,
        i.outputs - i.authors_raise,
        i.authors_raise,
    );
    md.push_str(
        "\n### Agreement with EASSE's published values (TUPA and CoreNLP)\n\n\
         EASSE's values come from TUPA's parses and CoreNLP's analyses; gecbias's from its own \
         parser and spaCy. Where the two differ, the parses differ: the scene counts below say so \
         for EASSE's test sentences.\n\n\
         | measure | EASSE | gecbias, BiLSTM | gecbias, perceptron |\n|---|---|---|---|\n",
    );
    let (b, p) = (bilstm, perceptron);
    let yes = |x: bool| if x { "yes" } else { "no" }.to_owned();
    let three = |x: f64| format!("{x:.3}");
    let dash = || "—".to_owned();
    let pearson = format!(
        "Simplicity-DA, {} outputs: Pearson r with EASSE's values",
        b.da_outputs
    );
    #[rustfmt::skip]
    let rows = [
        ("QATS corpus SAMSA (test_corpus_samsa)".to_owned(), three(b.qats_corpus_easse), three(b.qats_corpus), three(p.qats_corpus)),
        ("QATS corpus SAMSA_abl".to_owned(), dash(), three(b.qats_corpus_abl), three(p.qats_corpus_abl)),
        (pearson, dash(), three(b.da_pearson), three(p.da_pearson)),
        ("Simplicity-DA: share of values equal to EASSE's".to_owned(), dash(), three(b.da_equal_share), three(p.da_equal_share)),
        ("Simplicity-DA: the 6 systems ranked as EASSE ranks them".to_owned(), dash(), yes(b.da_ranking_identical), yes(p.da_ranking_identical)),
    ];
    for (measure, easse, ours, perceptron) in rows {
        let _ = writeln!(md, "| {measure} | {easse} | {ours} | {perceptron} |");
    }
    md.push_str("\n| system (Simplicity-DA) | EASSE's mean | gecbias, BiLSTM | gecbias, perceptron |\n|---|---|---|---|\n");
    for ((system, ours, easse), (_, theirs, _)) in b.da_systems.iter().zip(&p.da_systems) {
        let _ = writeln!(md, "| {system} | {easse:.2} | {ours:.2} | {theirs:.2} |");
    }
    md.push_str(&tests_markdown(tests));
    let _ = writeln!(
        md,
        "\nSplitting outputs into sentences: gecbias applies CoreNLP's own rule (the one EASSE's \
         server applies to whitespace tokens), so its splits are EASSE's by construction. The two \
         splitters the project also runs would not be: of the {} outputs above ({} of them cut \
         into several sentences), spaCy's parser (its trees) splits {} exactly as CoreNLP does, \
         and NLTK's Punkt {}.",
        splits.outputs, splits.several, splits.spacy_equal, splits.punkt_equal
    );
    md
}

/// The report's table of EASSE's test sentences.
fn tests_markdown(tests: &[TestSentence]) -> String {
    let mut md = String::from(
        "\nEASSE's `tests/test_samsa.py`, sentence by sentence (Moses tokens, case kept): \
         EASSE's asserted value, gecbias's, and the source's scenes as each parser finds them.\n\n\
         | sentence | EASSE | BiLSTM | perceptron | output sentences | scenes, BiLSTM | scenes, perceptron |\n|---|---|---|---|---|---|---|\n",
    );
    for (k, t) in tests.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {} | {} | {:.4} | {:.4} | {} | {} | {} |",
            k + 1,
            t.easse,
            t.bilstm,
            t.perceptron,
            t.sentences,
            t.scenes_bilstm,
            t.scenes_perceptron
        );
    }
    let equal = |f: fn(&TestSentence) -> f64| {
        tests
            .iter()
            .filter(|t| (f(t) - t.easse).abs() < 1e-9)
            .count()
    };
    let _ = writeln!(
        md,
        "\nEqual to EASSE's: {} of 6 with the BiLSTM, {} of 6 with the perceptron. SAMSA is \
         (sentences / scenes²) · Σ scene scores, so a parse with other scenes gives another \
         value: EASSE's 19.0 for sentence 2 is 4.75 / 5² (TUPA: five scenes), where the BiLSTM \
         finds three.",
        equal(|t| t.bilstm),
        equal(|t| t.perceptron)
    );
    md
}
