//! The scores sacrebleu 2.6.0 gave (`cargo xtask record sacrebleu`): corpus BLEU and chrF in every
//! configuration on the hand-written fixtures (with each sentence's score) and on EASSE's
//! TurkCorpus and ASSET test sets — the same `f64` to the last bit and the same signature. The
//! test run checks the fixtures' rows and every twentieth of the others; `cargo xtask slow-drop-in`
//! checks all 408 (25 s of CPU, outside the test run's budget).

use std::path::{Path, PathBuf};

use bleu_chrf::{Bleu, BleuOptions, Chrf, ChrfOptions, SentenceStatistics, Smoothing, Tokenizer};
use gecbias_data::testing::{in_sample, lf_lines};

const RECORDED: &str = include_str!("recorded/sacrebleu.tsv");

/// `key=value` pairs of a recorded configuration.
fn setting<'a>(config: &'a str, key: &str) -> &'a str {
    config
        .split(' ')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("{config}: no {key}"))
}

fn bleu(config: &str) -> Bleu {
    let mut options = BleuOptions::default();
    let tok = setting(config, "tok");
    options.tokenizer = Tokenizer::ALL
        .into_iter()
        .find(|t| t.name() == tok)
        .unwrap();
    let smooth = setting(config, "smooth");
    let (name, value) = match smooth.split_once('[') {
        Some((name, value)) => (name, Some(value.trim_end_matches(']').parse().unwrap())),
        None => (smooth, None),
    };
    options.smoothing = Smoothing::named(name, value).unwrap();
    options.lowercase = setting(config, "lc") == "1";
    options.effective_order = setting(config, "eff") == "1";
    Bleu::new(options)
}

fn chrf(config: &str) -> Chrf {
    let mut options = ChrfOptions::default();
    options.char_order = setting(config, "nc").parse().unwrap();
    options.word_order = setting(config, "nw").parse().unwrap();
    options.lowercase = setting(config, "lc") == "1";
    options.whitespace = setting(config, "space") == "1";
    options.eps_smoothing = setting(config, "eps") == "1";
    Chrf::new(options).unwrap()
}

/// The corpus score (or with `corpus` false each sentence's) of `metric` and its signature.
fn scored<M: SentenceStatistics>(
    metric: &M,
    corpus: bool,
    hyps: &[String],
    streams: &[Vec<String>],
) -> (Vec<f64>, String) {
    let stats = metric.corpus_stats(hyps, streams).unwrap();
    let scores = if corpus {
        vec![metric.points(&metric.total(&stats))]
    } else {
        stats.iter().map(|s| metric.points(s)).collect()
    };
    (scores, metric.signature(streams.len()))
}

/// The hypothesis and reference files of a recorded job.
fn job(corpus: &str, system: &str) -> Option<(PathBuf, Vec<PathBuf>)> {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    match corpus {
        "fixture" => Some((
            fixtures.join("hyp.txt"),
            vec![fixtures.join("ref0.txt"), fixtures.join("ref1.txt")],
        )),
        "fixture-short" => Some((
            fixtures.join("short-hyp.txt"),
            vec![fixtures.join("short-ref.txt")],
        )),
        _ => {
            let data = gecbias_data::testing::data_or_skip("sacreBLEU on EASSE's test sets")?;
            // A data folder without EASSE's repository skips these rows, unless data is required.
            let easse = data.root().join("easse/easse/resources/data");
            gecbias_data::testing::or_skip(std::fs::metadata(&easse), "EASSE's test sets")?;
            let refs: Vec<PathBuf> = match corpus {
                "turkcorpus_test" => (0..8)
                    .map(|k| {
                        easse.join(format!("test_sets/turkcorpus/test.truecase.detok.simp.{k}"))
                    })
                    .collect(),
                "asset_test" => (0..10)
                    .map(|k| easse.join(format!("test_sets/asset/asset.test.simp.{k}")))
                    .collect(),
                other => panic!("unknown corpus {other}"),
            };
            Some((
                easse.join("system_outputs/turkcorpus/test").join(system),
                refs,
            ))
        }
    }
}

#[test]
fn the_recorded_scores_and_signatures_are_sacrebleus() {
    let checked = check();
    assert!(checked >= 60, "{checked}");
}

/// Checks the recorded rows of the fixtures and a sample of the others (all with
/// `GECBIAS_WHOLE_TABLES=1`); how many.
fn check() -> usize {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (index, row) in RECORDED.lines().skip(2).enumerate() {
        let [corpus, system, metric, config, expected, signature] =
            row.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("bad row {row}");
        };
        if !corpus.starts_with("fixture") && !in_sample(index, 20) {
            continue;
        }
        let Some((hyp, refs)) = job(corpus, system) else {
            continue;
        };
        let hyps = lf_lines(&hyp);
        let streams: Vec<Vec<String>> = refs.iter().map(|r| lf_lines(r)).collect();
        let (scores, ours) = match metric {
            "bleu" => scored(&bleu(config), true, &hyps, &streams),
            "bleu-sentences" => scored(&bleu(config), false, &hyps, &streams),
            "chrf" => scored(&chrf(config), true, &hyps, &streams),
            _ => scored(&chrf(config), false, &hyps, &streams),
        };
        let expected: Vec<f64> = expected.split(' ').map(|x| x.parse().unwrap()).collect();
        if scores != expected || ours != signature {
            wrong.push(format!(
                "{corpus} {system} {metric} [{config}]: {scores:?} {ours} vs {expected:?} {signature}"
            ));
        }
        checked += 1;
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    checked
}
