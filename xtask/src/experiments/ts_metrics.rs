//! `ts-metrics`: text simplification scored as EASSE scores it. Every system output of EASSE's
//! repository — the 21 TurkCorpus test systems on truecased text (tokenizers `13a` and `intl`,
//! lowercased or not) and against ASSET test's references, the tokenised lowercased outputs on
//! TurkCorpus's legacy test set, PWKP test — through `simplification_metrics::easse_evaluate`,
//! beside the values EASSE 0.2.4's `evaluate` gave (`cargo xtask record easse`): BLEU, sent_bleu,
//! SARI in its variants and by operation, FKGL, f1_token and the quality-estimation features. The
//! report fails on any value that differs at EASSE's 3 decimals or by more than 10⁻¹². Then the 21
//! systems on TurkCorpus and ASSET test with 95 % intervals of BLEU and SARI and SARI's
//! significance clusters, which EASSE does not give.

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use gecbias_data::DataDir;
use gecbias_data::datasets::{EASSE_DATA, EasseTestSet};
use gecbias_engine::{
    Bootstrap, Interval, Lines, Metric, MetricInputs, MetricOptions, MetricReport, Outputs,
    Ranking, Resampling, SariVariant, Scorer, System, SystemScore,
};
use indicatif::ProgressBar;
use serde_json::json;
use sha2::Digest;
use simplification_metrics::{
    EasseMetric, EasseTokenizer, EasseVariant, FkBleu, IBleu, Preprocessing, References,
    easse_evaluate,
};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table, bracket, fixed};
use crate::paper_inputs::easse_sets::{TestSet, easse_lines, study_sets, test_set};
use crate::workspace;

pub(crate) const EXPERIMENT: Experiment = Experiment::new("ts-metrics", TITLE, inputs, run);
const TITLE: &str = "Text simplification as EASSE scores it: every system output of EASSE's repository equal to EASSE 0.2.4 (BLEU, SARI and its variants, FKGL, f1_token, the quality-estimation features), with 95 % intervals and significance clusters";

/// EASSE's recorded `evaluate` values, relative to the workspace root.
const RECORDED: &str = "crates/simplification-metrics/tests/recorded/easse-evaluate.tsv";

/// The feature left out of the comparison: EASSE's word list is not distributed, and gecbias's
/// is another (docs/deliberate-differences.md). It is EASSE's last key, and gecbias's.
const LEXICAL_COMPLEXITY: &str = "quality_estimation/Lexical complexity score";

/// The test sets whose 21 systems get intervals and clusters.
const RANKED: [&str; 2] = ["turkcorpus_test", "asset_test"];

/// One recorded run: test set, system output (relative to EASSE's data folder), tokenizer,
/// lowercased; and EASSE's values, key by key in its order.
struct Run {
    test_set: String,
    output: String,
    tokenizer: String,
    lowercase: bool,
    expected: Vec<(String, f64)>,
}

impl Run {
    /// The system's name: the output's file name.
    fn system(&self) -> &str {
        self.output.rsplit('/').next().unwrap_or(&self.output)
    }

    fn expected(&self, key: &str) -> Option<f64> {
        self.expected
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| *v)
    }
}

fn recorded() -> anyhow::Result<Vec<Run>> {
    let text = std::fs::read_to_string(workspace::root().join(RECORDED))
        .with_context(|| format!("{RECORDED}: run `cargo xtask record easse`"))?;
    let mut runs: Vec<Run> = Vec::new();
    for row in text.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let [test_set, output, tokenizer, lowercase, key, value] = f[..] else {
            bail!("{RECORDED}: a row without six fields: {row}");
        };
        let value: f64 = value
            .parse()
            .with_context(|| format!("{RECORDED}: {row}"))?;
        let same = runs.last().is_some_and(|r| {
            (
                r.test_set.as_str(),
                r.output.as_str(),
                r.tokenizer.as_str(),
                r.lowercase,
            ) == (test_set, output, tokenizer, lowercase == "1")
        });
        if !same {
            runs.push(Run {
                test_set: test_set.to_owned(),
                output: output.to_owned(),
                tokenizer: tokenizer.to_owned(),
                lowercase: lowercase == "1",
                expected: Vec::new(),
            });
        }
        if let Some(run) = runs.last_mut() {
            run.expected.push((key.to_owned(), value));
        }
    }
    Ok(runs)
}

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let runs = recorded()?;
    let mut files: Vec<String> = Vec::new();
    let mut sets: Vec<&str> = runs.iter().map(|r| r.test_set.as_str()).collect();
    sets.dedup();
    for name in sets {
        let set = EasseTestSet::named(name).with_context(|| format!("test set {name}"))?;
        files.push(set.source);
        files.extend(set.references);
    }
    files.extend(runs.iter().map(|r| format!("{EASSE_DATA}/{}", r.output)));
    let tokens = std::fs::read_to_string(workspace::root().join(TOKENS))
        .with_context(|| format!("{TOKENS}: run `cargo xtask record moses`"))?;
    files.extend(
        (tokens.lines().filter(|l| !l.starts_with('#')))
            .filter_map(|row| row.split('\t').next())
            .map(|file| format!("{EASSE_DATA}/{file}")),
    );
    files.extend(["hsplit_test"].iter().flat_map(|name| {
        let set = EasseTestSet::named(name).into_iter();
        set.flat_map(|s| std::iter::once(s.source).chain(s.references))
    }));
    files.extend([STUDY_OUTPUTS.to_owned(), STUDY_METRICS.to_owned()]);
    files.sort();
    files.dedup();
    Ok(files)
}

/// The recorded digests of sacremoses' tokenizations (`cargo xtask record moses`).
const TOKENS: &str = "crates/simplification-metrics/tests/recorded/moses-penn-tokens.tsv";

/// Every recorded file and casing tokenized again, its digest against sacremoses'; the files and
/// lines checked. An error names the first that differs.
fn tokens_checked(data: &DataDir) -> anyhow::Result<(usize, usize)> {
    let recorded = std::fs::read_to_string(workspace::root().join(TOKENS))
        .with_context(|| format!("{TOKENS}: run `cargo xtask record moses`"))?;
    let (mut files, mut lines) = (0, 0);
    for row in recorded.lines().filter(|l| !l.starts_with('#')) {
        let [file, tokenizer, lowercase, count, digest] = row.split('\t').collect::<Vec<_>>()[..]
        else {
            bail!("{TOKENS}: a row without five fields: {row}");
        };
        let tokenizer = EasseTokenizer::named(tokenizer)
            .with_context(|| format!("{TOKENS}: tokenizer {tokenizer}"))?;
        let text = easse_lines(data, &format!("{EASSE_DATA}/{file}"))?;
        let mut hash = sha2::Sha256::new();
        for line in &text {
            let line = if lowercase == "1" {
                line.to_lowercase()
            } else {
                line.clone()
            };
            hash.update(tokenizer.tokenize(&line) + "\n");
        }
        let ours: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
        if ours != digest || text.len().to_string() != count {
            bail!(
                "{file}: {} tokens (lowercase {lowercase}) differ from sacremoses'",
                tokenizer.name()
            );
        }
        files += 1;
        lines += text.len();
    }
    Ok((files, lines))
}

/// The simplification meta-evaluation's Simplicity-DA outputs and its per-sentence metrics
/// (Alva-Manchego, Scarton & Specia 2021).
const STUDY_OUTPUTS: &str = "metaeval_simplification/data/simplicity_DA.csv";
const STUDY_METRICS: &str =
    "metaeval_simplification/data/metrics_per_sentence/metrics_simplicity_DA.csv";

/// A CSV file's rows, by column name.
fn csv_rows(data: &DataDir, file: &str) -> anyhow::Result<Vec<BTreeMap<String, String>>> {
    let mut reader = csv::Reader::from_path(data.join(file)).with_context(|| file.to_owned())?;
    let header: Vec<String> = reader.headers()?.iter().map(str::to_owned).collect();
    reader
        .records()
        .map(|r| {
            let r = r.with_context(|| file.to_owned())?;
            Ok(header
                .iter()
                .cloned()
                .zip(r.iter().map(str::to_owned))
                .collect())
        })
        .collect()
}

/// iBLEU and FKBLEU of the 600 Simplicity-DA outputs for each test set's sources against its
/// references (ASSET, TurkCorpus, HSplit, and ASSET's sources against all 22 references), Moses tokens, case kept, α = 0.9, each
/// against the meta-evaluation's stored value (within 10⁻¹² relative; a few differ in the last
/// bit); how many values. An error names the first that differs.
fn meta_evaluation_checked(data: &DataDir) -> anyhow::Result<usize> {
    let sets = study_sets(data)?;
    let outputs: BTreeMap<(String, String), String> = csv_rows(data, STUDY_OUTPUTS)?
        .into_iter()
        .map(|mut r| {
            let key = (r["sent_id"].clone(), r["sys_name"].clone());
            (key, r.remove("simp_sent").unwrap_or_default())
        })
        .collect();
    let preprocessing = Preprocessing::new(false, EasseTokenizer::Moses);
    let (ibleu, fkbleu) = (
        IBleu::new(0.9, preprocessing),
        FkBleu::new(0.9, preprocessing)?,
    );
    let mut values = 0;
    for row in csv_rows(data, STUDY_METRICS)? {
        let what = format!(
            "{} {} on {}",
            row["sys_name"], row["sent_id"], row["test_set"]
        );
        let (sources, refs) = sets
            .get(row["test_set"].as_str())
            .with_context(|| what.clone())?;
        let k = row["sent_id"].parse::<usize>()? - 1;
        let output = outputs
            .get(&(row["sent_id"].clone(), row["sys_name"].clone()))
            .with_context(|| what.clone())?;
        let refs: Vec<&str> = refs.iter().map(|r| r[k].as_str()).collect();
        for (name, ours) in [
            ("ibleu", ibleu.line(&sources[k], output, &refs)),
            ("fkbleu", fkbleu.line(&sources[k], output, &refs)),
        ] {
            let expected: f64 = row[name].parse()?;
            if (ours - expected).abs() > 1e-12 * expected.abs().max(1.0) {
                bail!("{name} of {what}: {ours} where the meta-evaluation has {expected}");
            }
            values += 1;
        }
    }
    Ok(values)
}

/// Python's `round(x, 3)`.
fn round3(x: f64) -> f64 {
    format!("{x:.3}").parse().unwrap_or(x)
}

/// Our values of `run`, key by key in EASSE's order.
fn ours(run: &Run, set: &TestSet, outputs: &[String]) -> anyhow::Result<Vec<(String, f64)>> {
    let tokenizer = EasseTokenizer::named(&run.tokenizer)
        .with_context(|| format!("a recorded tokenizer gecbias lacks: {}", run.tokenizer))?;
    let references = References::from_streams(&set.1)?;
    let evaluation = easse_evaluate(
        &set.0,
        outputs,
        &references,
        &EasseMetric::MODEL_FREE,
        Preprocessing::new(run.lowercase, tokenizer),
        true,
    )?;
    let mut ours = evaluation.flattened();
    let lexical = ours.pop().map(|(key, _)| key);
    if lexical.as_deref() != Some(LEXICAL_COMPLEXITY) {
        bail!("the values do not end with {LEXICAL_COMPLEXITY}, as EASSE's do");
    }
    Ok(ours)
}

/// Every value of `ours` against `run`'s, and the largest difference; an error names the first
/// value that differs.
fn compare(run: &Run, ours: &[(String, f64)]) -> anyhow::Result<f64> {
    let keys = |values: &[(String, f64)]| values.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
    if keys(ours) != keys(&run.expected) {
        bail!(
            "{} on {}: keys {:?}, EASSE's {:?}",
            run.output,
            run.test_set,
            keys(ours),
            keys(&run.expected)
        );
    }
    let mut largest = 0.0f64;
    for ((key, value), (_, expected)) in ours.iter().zip(&run.expected) {
        let difference = (value - expected).abs();
        if round3(*value) != round3(*expected) || difference > 1e-12 * expected.abs().max(1.0) {
            bail!(
                "{} on {} (tok {}, lowercase {}): {key} {value} where EASSE gave {expected}",
                run.output,
                run.test_set,
                run.tokenizer,
                run.lowercase
            );
        }
        largest = largest.max(difference);
    }
    Ok(largest)
}

/// SARI's and BLEU's reports on the 21 systems: 95 % BCa intervals and, for SARI, significance
/// clusters (paired approximate randomisation, Holm's correction).
fn resampled(
    name: &str,
    set: &TestSet,
    systems: Vec<System>,
) -> anyhow::Result<(MetricReport, MetricReport)> {
    let test = EasseTestSet::named(name).with_context(|| format!("test set {name}"))?;
    let mut inputs = MetricInputs::default();
    inputs.source = Some(Lines::new(test.source.clone(), set.0.clone()));
    inputs.references = test
        .references
        .iter()
        .zip(&set.1)
        .map(|(file, lines)| Lines::new(file.clone(), lines.clone()))
        .collect();
    let mut options = MetricOptions::default();
    options.sari_variant = SariVariant::Easse(EasseVariant::Default);
    options.bleu.lowercase = true;
    let outputs = Outputs::new(systems);
    let mut confidence = Resampling::default();
    confidence.confidence = Some(Bootstrap::default());
    let mut ranked = confidence.clone();
    ranked.rank = Some(Ranking::default());
    let sari = Scorer::new(Metric::Sari, &inputs, &options)?.report(&outputs, &ranked)?;
    let bleu = Scorer::new(Metric::Bleu, &inputs, &options)?.report(&outputs, &confidence)?;
    Ok((sari, bleu))
}

/// The ranked systems' table (best SARI first) and their JSON rows.
fn ranked_table(sari: &MetricReport, bleu: &MetricReport) -> (String, Vec<serde_json::Value>) {
    let mut rows: Vec<(usize, &SystemScore)> = sari.systems.iter().enumerate().collect();
    rows.sort_by(|a, b| b.1.score.total_cmp(&a.1.score));
    let mut t = Table::figures("system", &["SARI", "95 % CI", "cluster", "BLEU", "95 % CI"]);
    let mut systems_json = Vec::new();
    for (k, s) in rows {
        let b = &bleu.systems[k];
        let ci = |i: &Option<Interval>| {
            i.as_ref()
                .map_or(String::new(), |i| bracket(100.0 * i.low, 100.0 * i.high, 2))
        };
        t.row([
            s.system.clone(),
            fixed(100.0 * s.score, 3),
            ci(&s.confidence),
            s.rank
                .as_ref()
                .map_or(String::new(), |r| r.cluster.to_string()),
            fixed(100.0 * b.score, 3),
            ci(&b.confidence),
        ]);
        let interval = |i: &Option<Interval>| i.as_ref().map(|i| [i.low, i.high]);
        systems_json.push(json!({
            "system": s.system,
            "sari": s.score,
            "sari_interval": interval(&s.confidence),
            "cluster": s.rank.as_ref().map(|r| r.cluster),
            "bleu": b.score,
            "bleu_interval": interval(&b.confidence),
        }));
    }
    (t.markdown(), systems_json)
}

/// The ranked test sets' sections, appended to `md`: intervals and clusters of their systems;
/// their JSON.
fn ranked_sections(
    sets: &BTreeMap<&str, TestSet>,
    mut outputs_of: BTreeMap<&str, Vec<System>>,
    md: &mut String,
) -> anyhow::Result<Vec<serde_json::Value>> {
    let mut ranked_json = Vec::new();
    for name in RANKED {
        let (Some(systems), Some(set)) = (outputs_of.remove(name), sets.get(name)) else {
            continue;
        };
        let count = systems.len();
        let (sari, bleu) = resampled(name, set, systems)?;
        md.push_str(&format!(
            "\n**{name}**: EASSE's corpus SARI and BLEU (lowercased `13a`) of the {} systems, best SARI \
             first, with 95 % BCa intervals (1,000 resamples of sentences) and SARI's significance \
             clusters (paired approximate randomisation, 10,000 trials, Holm over every pair, \
             α = 0.05).\n\n",
            count
        ));
        let (table, systems_json) = ranked_table(&sari, &bleu);
        md.push_str(&table);
        ranked_json.push(json!({
            "test_set": name,
            "sari_signature": sari.signature.to_string(),
            "bleu_signature": bleu.signature.to_string(),
            "systems": systems_json,
        }));
    }
    Ok(ranked_json)
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let runs = recorded()?;
    let mut sets: BTreeMap<&str, TestSet> = BTreeMap::new();
    for run in &runs {
        if !sets.contains_key(run.test_set.as_str()) {
            sets.insert(&run.test_set, test_set(data, &run.test_set)?);
        }
    }
    let mut md = String::new();
    let (mut values, mut largest) = (0usize, 0.0f64);
    let mut table = Table::new(&[
        ("test set", Align::Left),
        ("system", Align::Left),
        ("tok", Align::Left),
        ("lc", Align::Left),
        ("BLEU", Align::Right),
        ("SARI", Align::Right),
        ("SARI legacy", Align::Right),
        ("FKGL", Align::Right),
        ("f1_token", Align::Right),
        ("values equal to EASSE's", Align::Right),
    ]);
    let mut outputs_of: BTreeMap<&str, Vec<System>> = BTreeMap::new();
    for run in &runs {
        let set = &sets[run.test_set.as_str()];
        let outputs = easse_lines(data, &format!("{EASSE_DATA}/{}", run.output))?;
        let ours = ours(run, set, &outputs)?;
        largest = largest.max(compare(run, &ours)?);
        values += ours.len();
        let shown = |key: &str| run.expected(key).map_or(String::new(), |v| fixed(v, 3));
        table.row([
            run.test_set.clone(),
            run.system().to_owned(),
            run.tokenizer.clone(),
            if run.lowercase { "yes" } else { "no" }.to_owned(),
            shown("bleu"),
            shown("sari"),
            shown("sari_legacy"),
            shown("fkgl"),
            shown("f1_token"),
            format!("{}/{}", ours.len(), run.expected.len()),
        ]);
        if run.tokenizer == "13a"
            && run.lowercase
            && !run.output.contains("/tok.low/")
            && let Some(name) = RANKED.iter().find(|s| **s == run.test_set)
        {
            outputs_of
                .entry(name)
                .or_default()
                .push(System::new(run.system(), outputs));
        }
        progress.inc(1);
    }
    md.push_str(&format!(
        "{} runs of EASSE's `evaluate` ({values} values): every value equal to EASSE 0.2.4's at its \
         3 decimals, the largest difference {largest:.1e}; the lexical-complexity feature, which \
         reads another word list (docs/deliberate-differences.md), left out.\n\n",
        runs.len()
    ));
    md.push_str(&table.markdown());
    let ranked_json = ranked_sections(&sets, outputs_of, &mut md)?;
    let (files, lines) = tokens_checked(data)?;
    md.push_str(&format!(
        "\nMoses' and the Penn Treebank's tokens (`-tok moses`: sacremoses 0.2.0; `-tok penn`: \
         0.0.53): every line of {files} files and casings ({lines} lines) of EASSE's test sets and \
         system outputs identical to sacremoses'.\n"
    ));
    let study = meta_evaluation_checked(data)?;
    md.push_str(&format!(
        "\niBLEU and FKBLEU (α = 0.9, Moses tokens, case kept) of the 600 Simplicity-DA outputs \
         against ASSET's, TurkCorpus's and HSplit's references and all 22: {study} values, each \
         the simplification meta-evaluation's (Alva-Manchego, Scarton & Specia 2021, \
         `metrics_simplicity_DA.csv`) within 10⁻¹² relative.\n"
    ));
    let json = json!({
        "meta_evaluation_values": study,
        "runs": runs.len(),
        "values": values,
        "largest_difference": largest,
        "ranked": ranked_json,
        "token_files": files,
        "token_lines": lines,
    });
    Ok(Report {
        markdown: md,
        json,
        figures: Vec::new(),
    })
}
