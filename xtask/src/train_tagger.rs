//! `cargo xtask train-tagger`: the English tagger from UD English-EWT train, Brown clusters and
//! spaCy's lemma tables (both fetched by `scripts/fetch-parser-lexicons.sh`), scored on EWT dev
//! and written with its training-data digest. Single-threaded and seeded: the same inputs give
//! the same bytes.

use std::path::Path;

use anyhow::Context;
use english_tagger::{LemmaTables, ModelInfo, Tagger, TrainOptions, Word, evaluate, read_conllu};
use gecbias_data::{DataDir, Manifest};

use crate::workspace;

/// The EWT files, relative to the data directory.
pub(crate) const EWT: [&str; 3] = [
    "ud_english_ewt/en_ewt-ud-train.conllu",
    "ud_english_ewt/en_ewt-ud-dev.conllu",
    "ud_english_ewt/en_ewt-ud-test.conllu",
];

/// Where the committed model lives, relative to the workspace root.
pub(crate) const MODEL: &str = "models/english-tagger-ewt/model.bin";

/// The sentences of one EWT file (0 train, 1 dev, 2 test).
pub(crate) fn ewt(data: &DataDir, part: usize) -> anyhow::Result<Vec<Vec<Word>>> {
    let path = data.root().join(EWT[part]);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(read_conllu(&text, &path.display().to_string())?)
}

/// The digest of the training inputs from the data directory (EWT train).
pub(crate) fn digest(data: &DataDir) -> anyhow::Result<String> {
    Ok(Manifest::of_files(data, [EWT[0]])?.digest())
}

/// The lexical resources of training: Brown clusters (most frequent word first), Brill's
/// lexicon and spaCy's lemma tables.
pub(crate) struct Resources {
    clusters: Vec<(String, u32)>,
    brill: Vec<(String, String)>,
    tables: LemmaTables,
}

/// Reads the [`Resources`] (fetched first if missing).
pub(crate) fn resources() -> anyhow::Result<Resources> {
    let (clusters, brill) = crate::linguistic::parser_lexicons()?;
    let brill = brill
        .lines()
        .filter_map(|l| {
            let (w, tags) = l.split_once('\t')?;
            Some((w.to_owned(), tags.to_owned()))
        })
        .collect();
    let clusters = clusters
        .lines()
        .filter_map(|l| {
            let (w, c) = l.split_once('\t')?;
            Some((w.to_owned(), c.parse().ok()?))
        })
        .collect();
    let dir = workspace::root().join("target/linguistic-data");
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
    };
    let mut tables = LemmaTables::default();
    for line in read("lemma-rules.tsv")?.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        group(&mut tables.rules, f[0]).push((f[1].to_owned(), f[2].to_owned()));
    }
    for line in read("lemma-index.tsv")?.lines() {
        let (pos, word) = line.split_once('\t').context("lemma-index.tsv")?;
        group(&mut tables.index, pos).push(word.to_owned());
    }
    for line in read("lemma-exc.tsv")?.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let lemmas = f[2..].iter().map(|s| (*s).to_owned()).collect();
        group(&mut tables.exceptions, f[0]).push((f[1].to_owned(), lemmas));
    }
    Ok(Resources {
        clusters,
        brill,
        tables,
    })
}

/// The entries of `pos` in a per-POS table, added at the end when new (the file's order).
fn group<'a, T>(table: &'a mut Vec<(String, Vec<T>)>, pos: &str) -> &'a mut Vec<T> {
    let i = match table.iter().position(|(p, _)| p == pos) {
        Some(i) => i,
        None => {
            table.push((pos.to_owned(), Vec::new()));
            table.len() - 1
        }
    };
    &mut table[i].1
}

/// Trains with `options` and returns the model, its dev accuracy recorded in its info.
pub(crate) fn train(data: &DataDir, options: &TrainOptions) -> anyhow::Result<Tagger> {
    let train = ewt(data, 0)?;
    let dev = ewt(data, 1)?;
    let r = resources()?;
    let info = ModelInfo {
        lines: vec![
            ("training-data".into(), EWT[0].into()),
            ("training-digest".into(), digest(data)?),
            ("epochs".into(), options.epochs.to_string()),
            ("seed".into(), options.seed.to_string()),
            ("beam".into(), options.beam.to_string()),
            ("min-weight".into(), options.min_weight.to_string()),
        ],
    };
    let mut tagger = english_tagger::train(
        &train,
        &r.clusters,
        &r.brill,
        r.tables,
        options,
        info.clone(),
    );
    let a = evaluate(&tagger, &dev);
    let mut info = info;
    info.lines
        .push(("dev-xpos".into(), format!("{:.4}", a.rate(a.xpos))));
    info.lines
        .push(("dev-upos".into(), format!("{:.4}", a.rate(a.upos))));
    tagger = tagger.with_info(info);
    Ok(tagger)
}

/// `cargo xtask train-tagger`.
pub(crate) fn run(options: &TrainOptions, out: &Path, data: Option<&Path>) -> anyhow::Result<()> {
    let data = workspace::data_dir(data)?;
    let start = std::time::Instant::now();
    let tagger = train(&data, options)?;
    let test = ewt(&data, 2)?;
    let dev = ewt(&data, 1)?;
    for (name, gold) in [("dev", &dev), ("test", &test)] {
        let a = evaluate(&tagger, gold);
        println!(
            "{name}: {} tokens, XPOS {:.4}, UPOS {:.4}, lemma {:.4}, ERRANT labels {:.4}",
            a.tokens,
            a.rate(a.xpos),
            a.rate(a.upos),
            a.rate(a.lemma),
            a.rate(a.errant_label)
        );
    }
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    tagger.save(out)?;
    println!(
        "wrote {} ({} bytes) in {:.0} s",
        out.display(),
        std::fs::metadata(out)?.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
