//! `gecbias score`: system-level scores with sacrebleu's conventions — JSON by default (`-f text`,
//! `-f latex`), a signature recording every option that changes a number, `--confidence`
//! (bootstrap intervals over sentences), `--paired-bs` and `--paired-ar` against the first
//! system, seed 12345 (`--seed`, `$GECBIAS_SEED`); `--rank`: significance clusters from paired
//! approximate randomisation over every pair with Holm's correction; `--sentence-level` writes
//! JSON Lines, one object per system and sentence; `-i NAME=PATH` labels a system. The output's
//! shape is `docs/score-schema.json`.
//!
//! Metrics:
//! * `m2` — MaxMatch P/R/F_β against an M2 gold (`-r GOLD.m2`), m2scorer's numbers;
//! * `errant` — ERRANT's comparison with a reference M2 file (`--gold REF.m2`), errant_compare's
//!   numbers: of hypothesis texts typed on the fly by the native ERRANT (`-s SRC -i HYP…`; the
//!   gold re-typed as `errant_m2 -gold` does) or of hypothesis M2 files (`-i SYS.m2`, as
//!   `errant_parallel` writes them; the gold as given); `--cat 1|2|3` adds per-type P/R/F (with
//!   `--confidence`, the interval of each type's F_β, the running choice redone per resample);
//! * `gleu` — compute_gleu's corpus GLEU (its own reference draws) against `-s SRC -r REF…`;
//! * `sari` — SARI.py's sentence SARI averaged over sentences, against `-s SRC -r REF…`;
//! * `usim` — mean USim(source, output) over sentences, USim(output, source) beside it; no
//!   references.
//!
//! Resampling draws sentences, the same indices for every system. M2 and ERRANT choose each
//! sentence's annotator by the running corpus F_β, so the choice is redone on every resample, as
//! the scorer would choose on that corpus (`refsel:running`). GLEU's draws of one reference per
//! sentence are replaced under resampling by all references at once (`resample:pooled-refs`,
//! the expectation of the draws; the interval's own point value is reported beside it).

use std::fmt::Write as _;
use std::io::Write;

use coverage_sim::{
    Confidence, CorpusStatistic, IntervalMethod, Mean, PairedMethod, PairedTest, ScoreInterval,
    confidence_interval_by, holm_bonferroni, paired_test_by,
};
use gec_metrics::{
    CategoryTier, ErrantGroupSentence, ErrantMode, ErrantOptions, ErrantSentence, GLEU_ORDER,
    GleuCorpus, GleuOptions, GleuStats, M2File, M2Gold, M2Options, SentenceStats,
    chosen_annotators, corpus_score, corpus_score_pair, errant_corpus_score, errant_evaluate,
    errant_group_score, gleu, sari_score, sari_strip, score_from_counts,
};
use indicatif::ProgressBar;
use serde::Serialize;
use serde_json::{Value, json};

use crate::usim_command::{TextOptions, text_scores};
use crate::{Error, input, progress};

/// A metric of `score -m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MetricName {
    /// MaxMatch (m2scorer) against an M2 gold.
    M2,
    /// ERRANT's comparison with a reference M2 file.
    Errant,
    /// compute_gleu's corpus GLEU.
    Gleu,
    /// SARI.py's mean sentence SARI.
    Sari,
    /// Mean USim(source, output).
    Usim,
}

/// The output format of `score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// JSON (sacrebleu's default); JSON Lines with `--sentence-level`.
    Json,
    /// One line per system and metric; tab-separated rows with `--sentence-level`.
    Text,
    /// A booktabs table.
    Latex,
}

/// The bootstrap interval of `--confidence`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CiMethod {
    /// Bias-corrected and accelerated.
    Bca,
    /// Percentile.
    Percentile,
}

/// What ERRANT counts as the same edit (errant_compare's flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ErrantModeName {
    /// Correction spans (`-cs`).
    Cs,
    /// Correction spans with types (`-cse`).
    Cse,
    /// Detection spans (`-ds`).
    Ds,
    /// Detection tokens (`-dt`).
    Dt,
}

/// The name a value enum is written with on the command line (and in signatures).
fn value_name(value: impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

fn metric_names(args: &Args) -> String {
    args.metric
        .iter()
        .map(|m| value_name(*m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Score systems against an M2 gold (m2, errant), references (gleu, sari) or their sources (usim).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The metrics, each scored for every system.
    #[arg(long, short, num_args = 1.., value_enum, default_value = "usim")]
    metric: Vec<MetricName>,
    /// The source text, one sentence per line (gleu, sari, usim).
    #[arg(long, short)]
    source: Option<String>,
    /// The references: reference files line-aligned with the source (gleu, sari) and, without
    /// `--gold`, an M2 gold named `*.m2` (m2, errant); one call can give both.
    #[arg(long, short, num_args = 1..)]
    references: Vec<String>,
    /// The M2 gold of m2 and errant, whatever its name; every `-r` file is then a text reference.
    #[arg(long)]
    gold: Option<String>,
    /// The systems' outputs, one sentence per line (for errant: hypothesis M2 files), each as
    /// `NAME=PATH` (labelled NAME in every output) or a path (labelled by itself); the first is the
    /// baseline of the paired tests; `-` reads standard input.
    #[arg(long, short, num_args = 1.., required = true, value_parser = input::labelled)]
    input: Vec<input::Labelled>,
    #[command(flatten)]
    text: TextOptions,
    /// M2, ERRANT: β of F_β.
    #[arg(long, default_value_t = 0.5, value_parser = crate::numbers::beta, allow_hyphen_values = true)]
    beta: f64,
    /// M2: unchanged words one system edit may span.
    #[arg(long, default_value_t = 2)]
    max_unchanged_words: u32,
    /// M2: drop system edits that only change case or spacing.
    #[arg(long)]
    ignore_whitespace_casing: bool,
    /// ERRANT: what counts as the same edit (errant_compare's -cs, -cse, -ds, -dt).
    #[arg(long, value_enum, default_value = "cs")]
    errant_mode: ErrantModeName,
    /// ERRANT: P/R/F per error type: 1 operation (R), 2 main type (NOUN), 3 both (R:NOUN).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    cat: Option<u8>,
    /// GLEU: rounds of reference draws (compute_gleu's --iter).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
    gleu_iter: u64,
    /// A 95 % bootstrap confidence interval of each system's score.
    #[arg(long)]
    confidence: bool,
    /// Resamples for `--confidence`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
    confidence_n: usize,
    /// The interval: bias-corrected and accelerated, or percentile.
    #[arg(long, value_enum, default_value = "bca")]
    ci_method: CiMethod,
    /// Paired bootstrap test of each system against the first.
    #[arg(long)]
    paired_bs: bool,
    /// Resamples for `--paired-bs`.
    #[arg(long, default_value_t = 1000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
    paired_bs_n: usize,
    /// Paired approximate randomisation test of each system against the first.
    #[arg(long)]
    paired_ar: bool,
    /// Trials for `--paired-ar`.
    #[arg(long, default_value_t = 10_000, value_parser = crate::numbers::count, allow_hyphen_values = true)]
    paired_ar_n: usize,
    /// The seed of every resampling.
    #[arg(long, env = gecbias_data::SEED_ENV, default_value_t = 12345)]
    seed: u64,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "json")]
    format: Format,
    /// Rank each metric's systems into significance clusters: every pair compared by paired
    /// approximate randomisation (`--paired-ar-n` trials, seeded), Holm–Bonferroni over the pairs
    /// at `--rank-alpha`; a cluster ends where every system above is significantly better than
    /// every system below (text and LaTeX list systems in rank order).
    #[arg(long)]
    rank: bool,
    /// The family-wise error rate of `--rank`.
    #[arg(long, default_value_t = 0.05, value_parser = crate::numbers::level)]
    rank_alpha: f64,
    /// One line per system and sentence instead of system scores: JSON Lines, or with `-f text`
    /// tab-separated rows under a header.
    #[arg(long, conflicts_with_all = ["confidence", "paired_bs", "paired_ar", "rank"])]
    sentence_level: bool,
}

#[derive(Serialize)]
struct Interval {
    /// The statistic the interval resamples, on the whole corpus.
    point: f64,
    low: f64,
    high: f64,
    level: f64,
    method: String,
}

/// A system's place in `--rank`'s ranking of one metric.
#[derive(Serialize, Clone)]
struct Rank {
    /// 1 for the highest score.
    position: usize,
    /// 1 for the top significance cluster.
    cluster: usize,
    /// The systems it is significantly better than, after Holm's correction.
    better_than: Vec<String>,
    /// The test, its trials, the pairs corrected for and the family-wise level.
    test: String,
}

#[derive(Serialize)]
struct Test {
    baseline: String,
    difference: f64,
    p_value: f64,
    trials: usize,
}

/// One system's score for one metric: a row of the JSON output.
#[derive(Serialize)]
struct SystemScore {
    name: &'static str,
    system: String,
    score: f64,
    /// Metric-specific parts: M2's counts, P and R; USim's other direction.
    #[serde(flatten)]
    parts: Value,
    sentences: usize,
    signature: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<Interval>,
    /// M2, ERRANT: the interval of P, from the same resamples.
    #[serde(skip_serializing_if = "Option::is_none")]
    precision_confidence: Option<Interval>,
    /// M2, ERRANT: the interval of R, from the same resamples.
    #[serde(skip_serializing_if = "Option::is_none")]
    recall_confidence: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired_bs: Option<Test>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired_ar: Option<Test>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<Rank>,
}

/// A system scored by one metric, before resampling: the score, what the JSON shows beside it,
/// one item per sentence for the resampled statistic, and one JSON object per sentence.
struct Scored<T> {
    system: String,
    score: f64,
    parts: Value,
    items: Vec<T>,
    sentence_rows: Vec<Value>,
}

/// One metric over every system.
struct Metric<T> {
    name: &'static str,
    /// The signature without its resampling part.
    signature: String,
    systems: Vec<Scored<T>>,
}

/// The resampling part of a signature (empty without resampling).
fn resampling_signature(args: &Args) -> String {
    let mut s = String::new();
    if args.confidence {
        s.push_str(&format!(
            "|ci:{}|bs:{}",
            value_name(args.ci_method),
            args.confidence_n
        ));
    }
    if args.paired_bs {
        s.push_str(&format!("|paired-bs:{}", args.paired_bs_n));
    }
    if args.paired_ar {
        s.push_str(&format!("|paired-ar:{}", args.paired_ar_n));
    }
    if args.confidence || args.paired_bs || args.paired_ar {
        s.push_str(&format!("|seed:{}", args.seed));
    }
    s
}

fn resamples(args: &Args) -> bool {
    args.confidence || args.paired_bs || args.paired_ar
}

fn statistics_error(source: coverage_sim::Error) -> Error {
    Error::Resampling { source }
}

fn library_error(source: gec_metrics::Error) -> Error {
    Error::Metrics { source }
}

fn confidence(args: &Args) -> Confidence {
    let mut c = Confidence::default();
    c.resamples = args.confidence_n;
    c.seed = args.seed;
    c.method = match args.ci_method {
        CiMethod::Percentile => IntervalMethod::Percentile,
        CiMethod::Bca => IntervalMethod::Bca,
    };
    c
}

/// The interval as the JSON shows it, saying when BCa fell back to percentile (a constant
/// jackknife, e.g. a system whose sentence scores are all equal).
fn interval(args: &Args, i: ScoreInterval) -> Interval {
    let method = match (args.ci_method, i.method) {
        (CiMethod::Bca, IntervalMethod::Percentile) => {
            "percentile (BCa undefined: constant jackknife)"
        }
        (CiMethod::Bca, _) => "bca",
        (CiMethod::Percentile, _) => "percentile",
    };
    Interval {
        point: i.point,
        low: i.low,
        high: i.high,
        level: i.level,
        method: method.to_owned(),
    }
}

fn test(baseline: &str, t: PairedTest) -> Test {
    Test {
        baseline: baseline.to_owned(),
        difference: t.difference,
        p_value: t.p_value,
        trials: t.trials,
    }
}

/// The rows of one metric: each system's score with the interval and paired tests `args` asks
/// for, all computed by `statistic` over a sequence of per-sentence items; where the metric has
/// them (M2, ERRANT), the intervals of P and R too, from the same resamples (same seed).
fn rows<T, S>(
    args: &Args,
    metric: Metric<T>,
    statistic: &S,
    precision_recall: Option<&[S; 2]>,
    bar: &ProgressBar,
) -> Result<Vec<SystemScore>, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    let signature = format!("{}{}", metric.signature, resampling_signature(args));
    let Some(baseline) = metric.systems.first() else {
        return Ok(Vec::new());
    };
    let paired = |system: &Scored<T>, wanted: bool, method: PairedMethod| {
        if !wanted || std::ptr::eq(system, baseline) {
            return Ok(None);
        }
        let t = paired_test_by(&system.items, &baseline.items, statistic, method, args.seed)
            .map_err(statistics_error)?;
        Ok::<_, Error>(Some(test(&baseline.system, t)))
    };
    metric
        .systems
        .iter()
        .map(|system| {
            let interval_of = |statistic: &S| -> Result<Option<Interval>, Error> {
                if !args.confidence {
                    return Ok(None);
                }
                let i = confidence_interval_by(&system.items, statistic, &confidence(args))
                    .map_err(statistics_error)?;
                Ok(Some(interval(args, i)))
            };
            let confidence = interval_of(statistic)?;
            let (precision_confidence, recall_confidence) = match precision_recall {
                Some([p, r]) => (interval_of(p)?, interval_of(r)?),
                None => (None, None),
            };
            let row = SystemScore {
                name: metric.name,
                system: system.system.clone(),
                score: system.score,
                parts: system.parts.clone(),
                sentences: system.items.len(),
                signature: signature.clone(),
                confidence,
                precision_confidence,
                recall_confidence,
                paired_bs: paired(
                    system,
                    args.paired_bs,
                    PairedMethod::Bootstrap {
                        resamples: args.paired_bs_n,
                    },
                )?,
                paired_ar: paired(
                    system,
                    args.paired_ar,
                    PairedMethod::Randomization {
                        trials: args.paired_ar_n,
                    },
                )?,
                rank: None,
            };
            bar.inc(1);
            Ok(row)
        })
        .collect::<Result<Vec<_>, Error>>()
        .and_then(|mut rows| {
            if args.rank {
                for (row, rank) in rows.iter_mut().zip(ranks(args, &metric, statistic)?) {
                    row.rank = Some(rank);
                }
            }
            Ok(rows)
        })
}

/// `--rank`: every pair of systems compared by paired approximate randomisation, the p-values
/// corrected by Holm's method, and significance clusters cut where the order separates
/// completely. Returned in the systems' input order.
fn ranks<T, S>(args: &Args, metric: &Metric<T>, statistic: &S) -> Result<Vec<Rank>, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    let n = metric.systems.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    // With R trials no p-value falls below 1/(R + 1): Holm over m pairs then rejects nothing
    // unless m/(R + 1) < α, and a ranking without any break would only say that.
    if !pairs.is_empty() && pairs.len() as f64 / (args.paired_ar_n as f64 + 1.0) >= args.rank_alpha
    {
        return Err(Error::Usage(format!(
            "--rank over {} pairs at α = {} needs --paired-ar-n of at least {}",
            pairs.len(),
            args.rank_alpha,
            (pairs.len() as f64 / args.rank_alpha).ceil() as usize
        )));
    }
    let method = PairedMethod::Randomization {
        trials: args.paired_ar_n,
    };
    let systems = &metric.systems;
    let tests = pairs
        .iter()
        .map(|&(i, j)| {
            paired_test_by(
                &systems[i].items,
                &systems[j].items,
                statistic,
                method,
                args.seed,
            )
            .map_err(statistics_error)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let adjusted = holm_bonferroni(&tests.iter().map(|t| t.p_value).collect::<Vec<_>>());
    // better[i][j]: system i significantly better than system j.
    let mut better = vec![vec![false; n]; n];
    for ((&(i, j), t), p) in pairs.iter().zip(&tests).zip(&adjusted) {
        if *p < args.rank_alpha {
            if t.difference > 0.0 {
                better[i][j] = true;
            } else if t.difference < 0.0 {
                better[j][i] = true;
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| systems[b].score.total_cmp(&systems[a].score));
    let mut cluster_of = vec![0; n];
    let mut cluster = 1;
    for (k, &i) in order.iter().enumerate() {
        let separated = k > 0
            && order[..k]
                .iter()
                .all(|&above| order[k..].iter().all(|&below| better[above][below]));
        if separated {
            cluster += 1;
        }
        cluster_of[i] = cluster;
    }
    let test = format!(
        "paired-ar:{}|holm:{}|alpha:{}|seed:{}",
        args.paired_ar_n,
        pairs.len(),
        args.rank_alpha,
        args.seed
    );
    Ok((0..n)
        .map(|i| Rank {
            position: 1 + order.iter().position(|&o| o == i).unwrap_or(0),
            cluster: cluster_of[i],
            better_than: order
                .iter()
                .filter(|&&j| better[i][j])
                .map(|&j| systems[j].system.clone())
                .collect(),
            test: test.clone(),
        })
        .collect())
}

fn source<'a>(args: &'a Args, metric: &str) -> Result<&'a str, Error> {
    args.source
        .as_deref()
        .ok_or_else(|| Error::Usage(format!("-m {metric} needs the source: -s SOURCE")))
}

/// The systems' files, in the order given.
fn paths(args: &Args) -> Vec<String> {
    args.input.iter().map(|i| i.path.clone()).collect()
}

fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

fn usim_metric(args: &Args, quiet: bool) -> Result<Metric<f64>, Error> {
    let files = paths(args);
    let per_system = text_scores(source(args, "usim")?, &files, &args.text, quiet)?;
    let systems = per_system
        .iter()
        .zip(&args.input)
        .map(|((_, scores), system)| {
            let n = scores.len().max(1) as f64;
            Scored {
                system: system.label.clone(),
                score: scores.iter().map(|x| x.source_to_output).sum::<f64>() / n,
                parts: json!({
                    "output_to_source": scores.iter().map(|x| x.output_to_source).sum::<f64>() / n
                }),
                items: scores.iter().map(|x| x.source_to_output).collect(),
                sentence_rows: scores
                    .iter()
                    .map(|x| json!({"score": x.source_to_output, "output_to_source": x.output_to_source}))
                    .collect(),
            }
        })
        .collect();
    Ok(Metric {
        name: "USim",
        signature: args.text.signature(false),
        systems,
    })
}

fn is_m2(path: &str) -> bool {
    path.ends_with(".m2")
}

/// Whether `-r reference` is the M2 gold: only without `--gold`, and only by its `.m2` name.
fn is_gold_reference(args: &Args, reference: &str) -> bool {
    args.gold.is_none() && is_m2(reference)
}

/// The text references: every `-r` file but the M2 gold (with `--gold`, every `-r` file, whatever
/// its name, so none is dropped for being called `*.m2`).
fn text_references(args: &Args) -> Vec<&str> {
    args.references
        .iter()
        .map(String::as_str)
        .filter(|r| !is_gold_reference(args, r))
        .collect()
}

/// The text reference files' lines.
fn reference_lines(args: &Args, metric: &str) -> Result<Vec<Vec<String>>, Error> {
    let references = text_references(args);
    if references.is_empty() {
        return Err(Error::Usage(format!(
            "-m {metric} needs reference files line-aligned with the source: -r REF…"
        )));
    }
    references.into_iter().map(input::lines).collect()
}

fn sari_metric(args: &Args) -> Result<Metric<f64>, Error> {
    let source = source(args, "sari")?;
    let strip = |lines: Vec<String>| -> Vec<String> {
        lines.iter().map(|l| sari_strip(l).to_owned()).collect()
    };
    let sources = strip(input::lines(source)?);
    let references: Vec<Vec<String>> = reference_lines(args, "sari")?
        .into_iter()
        .map(strip)
        .collect();
    let systems = args
        .input
        .iter()
        .map(|output| {
            let names: Vec<&str> = [source, output.path.as_str()]
                .into_iter()
                .chain(text_references(args))
                .map(input::name)
                .collect();
            let outputs = strip(input::lines(&output.path)?);
            let score =
                sari_score(&sources, &outputs, &references, &names).map_err(library_error)?;
            Ok(Scored {
                system: output.label.clone(),
                score: score.mean,
                parts: json!({}),
                sentence_rows: score
                    .sentences
                    .iter()
                    .map(|s| json!({ "score": s }))
                    .collect(),
                items: score.sentences,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Metric {
        name: "SARI",
        signature: format!(
            "SARI|refs:{}|impl:sari.py|version:{}",
            references.len(),
            version()
        ),
        systems,
    })
}

fn gleu_metric(args: &Args) -> Result<Metric<FlatGleu>, Error> {
    let source = source(args, "gleu")?;
    let references = reference_lines(args, "gleu")?;
    let names: Vec<&str> = std::iter::once(source)
        .chain(text_references(args))
        .map(input::name)
        .collect();
    let corpus =
        GleuCorpus::new(&input::lines(source)?, &references, &names).map_err(library_error)?;
    let mut options = GleuOptions::default();
    options.iterations = args.gleu_iter as usize;
    let systems = args
        .input
        .iter()
        .map(|output| {
            let hypotheses = input::lines(&output.path)?;
            let score = corpus
                .score_lines(&hypotheses, input::name(&output.path), &options)
                .map_err(library_error)?;
            Ok(Scored {
                system: output.label.clone(),
                score: score.mean,
                parts: json!({ "std_over_draws": score.std }),
                items: hypotheses
                    .iter()
                    .enumerate()
                    .map(|(i, h)| flat(&corpus.pooled_stats(i, h)))
                    .collect(),
                sentence_rows: hypotheses
                    .iter()
                    .enumerate()
                    .map(|(i, h)| json!({ "score": corpus.sentence_gleu(i, h) }))
                    .collect(),
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let draws = if references.len() == 1 {
        1
    } else {
        args.gleu_iter
    };
    let resampled = if resamples(args) {
        "|resample:pooled-refs"
    } else {
        ""
    };
    Ok(Metric {
        name: "GLEU",
        signature: format!(
            "GLEU|refs:{}|iter:{draws}|draws:python2{resampled}|version:{}",
            references.len(),
            version()
        ),
        systems,
    })
}

/// A sentence's pooled GLEU statistics as one flat array (hypothesis length, reference length,
/// numerators, denominators), which sums in a few vector instructions.
type FlatGleu = [u64; 2 + 2 * GLEU_ORDER];

fn flat(s: &GleuStats) -> FlatGleu {
    let mut out = [0; 2 + 2 * GLEU_ORDER];
    out[0] = s.hypothesis_length;
    out[1] = s.reference_length;
    out[2..2 + GLEU_ORDER].copy_from_slice(&s.numerators);
    out[2 + GLEU_ORDER..].copy_from_slice(&s.denominators);
    out
}

/// GLEU of the pooled statistics of a sequence of sentences.
struct PooledGleu;

impl CorpusStatistic<FlatGleu> for PooledGleu {
    fn of<'a, I: Iterator<Item = &'a FlatGleu>>(&self, items: I) -> f64 {
        let mut sum = [0u64; 2 + 2 * GLEU_ORDER];
        for s in items {
            for (t, x) in sum.iter_mut().zip(s) {
                *t += x;
            }
        }
        let total = GleuStats {
            hypothesis_length: sum[0],
            reference_length: sum[1],
            numerators: std::array::from_fn(|n| sum[2 + n]),
            denominators: std::array::from_fn(|n| sum[2 + GLEU_ORDER + n]),
        };
        gleu(&total, false)
    }
}

/// Which of P, R and F_β an M2 or ERRANT statistic reports.
#[derive(Clone, Copy)]
enum Part {
    F,
    Precision,
    Recall,
}

impl Part {
    fn of(self, (p, r, f): (f64, f64, f64)) -> f64 {
        match self {
            Part::F => f,
            Part::Precision => p,
            Part::Recall => r,
        }
    }
}

/// M2's corpus P, R or F_β (the `Part`), the annotators chosen by the running F_β (β the
/// `f64`) over the sequence, as m2scorer chooses them.
struct M2Stat(f64, Part);

impl CorpusStatistic<SentenceStats> for M2Stat {
    fn of<'a, I: Iterator<Item = &'a SentenceStats>>(&self, items: I) -> f64 {
        let s = corpus_score(items, self.0);
        self.1.of((s.precision, s.recall, s.f_beta))
    }

    fn of_pair<'a, I: Iterator<Item = &'a SentenceStats>>(&self, a: I, b: I) -> (f64, f64) {
        let (a, b) = corpus_score_pair(a, b, self.0);
        (
            self.1.of((a.precision, a.recall, a.f_beta)),
            self.1.of((b.precision, b.recall, b.f_beta)),
        )
    }
}

/// One error type group's corpus F_β (`--cat` with `--confidence`; β the `f64`), the
/// annotator pairs chosen by the running F_β of all types over the sequence.
struct ErrantGroupStat(f64);

impl CorpusStatistic<ErrantGroupSentence> for ErrantGroupStat {
    fn of<'a, I: Iterator<Item = &'a ErrantGroupSentence>>(&self, items: I) -> f64 {
        errant_group_score(items, self.0).f_beta
    }
}

/// ERRANT's corpus P, R or F_β, the annotator pairs chosen by the running F_β over the
/// sequence.
struct ErrantStat(f64, Part);

impl CorpusStatistic<ErrantSentence> for ErrantStat {
    fn of<'a, I: Iterator<Item = &'a ErrantSentence>>(&self, items: I) -> f64 {
        let s = errant_corpus_score(items, self.0);
        self.1.of((s.precision, s.recall, s.f_beta))
    }
}

fn m2_options(args: &Args) -> M2Options {
    let mut options = M2Options::OFFICIAL.with_beta(args.beta);
    options.max_unchanged_words = args.max_unchanged_words;
    options.ignore_whitespace_casing = args.ignore_whitespace_casing;
    options
}

/// Refuses references that no chosen metric reads, rather than dropping them: an M2 file when
/// neither m2 nor errant is chosen, text references when neither gleu nor sari is.
fn unread_references(args: &Args) -> Result<(), Error> {
    let chosen = |names: [MetricName; 2]| args.metric.iter().any(|m| names.contains(m));
    let (reads_m2, reads_text) = (
        chosen([MetricName::M2, MetricName::Errant]),
        chosen([MetricName::Gleu, MetricName::Sari]),
    );
    if let Some(gold) = &args.gold
        && !reads_m2
    {
        return Err(Error::Usage(format!(
            "--gold {gold}: an M2 gold, read by -m m2 and -m errant, but -m {} reads none",
            metric_names(args)
        )));
    }
    for reference in &args.references {
        let (read, what) = if is_gold_reference(args, reference) {
            (
                reads_m2,
                "an M2 gold (named *.m2), read by -m m2 and -m errant",
            )
        } else {
            (
                reads_text,
                "a text reference (with --gold, every -r file is one), read by -m gleu and -m sari",
            )
        };
        if !read {
            return Err(Error::Usage(format!(
                "-r {reference}: {what}, but -m {} reads no such file",
                metric_names(args)
            )));
        }
    }
    Ok(())
}

fn one_gold<'a>(args: &'a Args, metric: &str) -> Result<&'a str, Error> {
    if let Some(gold) = &args.gold {
        return Ok(gold);
    }
    let golds: Vec<&str> = args
        .references
        .iter()
        .map(String::as_str)
        .filter(|r| is_m2(r))
        .collect();
    match golds.as_slice() {
        [gold] => Ok(gold),
        _ => Err(Error::Usage(format!(
            "-m {metric} needs exactly one M2 gold: --gold GOLD.m2 (or -r GOLD.m2)"
        ))),
    }
}

fn m2_metric(args: &Args) -> Result<Metric<SentenceStats>, Error> {
    let gold_path = one_gold(args, "m2")?;
    let gold = M2Gold::from_file(&input::m2(gold_path, false)?);
    let options = m2_options(args);
    let systems = args
        .input
        .iter()
        .map(|output| {
            let lines = input::lines(&output.path)?;
            let system = gold
                .score_lines(&lines, input::name(&output.path), &options)
                .map_err(library_error)?;
            let chosen = chosen_annotators(&system.sentences, args.beta);
            let sentence_rows = system
                .sentences
                .iter()
                .zip(chosen)
                .map(|(s, k)| {
                    let (annotator, c) = s.annotators[k];
                    let local = score_from_counts(
                        f64::from(c.correct),
                        f64::from(c.proposed),
                        f64::from(c.gold),
                        args.beta,
                    );
                    json!({"score": local.f_beta, "annotator": annotator, "correct": c.correct,
                           "proposed": c.proposed, "gold": c.gold})
                })
                .collect();
            let s = system.score;
            Ok(Scored {
                system: output.label.clone(),
                score: s.f_beta,
                parts: json!({"precision": s.precision, "recall": s.recall,
                              "correct": s.correct, "proposed": s.proposed, "gold": s.gold}),
                items: system
                    .sentences
                    .iter()
                    .map(SentenceStats::decided)
                    .collect(),
                sentence_rows,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let annotators = gold
        .sentences()
        .iter()
        .map(|s| s.annotators.len())
        .max()
        .unwrap_or(0);
    let case = if args.ignore_whitespace_casing {
        "insensitive"
    } else {
        "sensitive"
    };
    Ok(Metric {
        name: "M2",
        signature: format!(
            "M2|refs:{annotators}|beta:{}|muw:{}|case:{case}|refsel:running|version:{}",
            args.beta,
            args.max_unchanged_words,
            version()
        ),
        systems,
    })
}

/// ERRANT's category grouping of `--cat`.
fn category_tier(args: &Args) -> Option<CategoryTier> {
    args.cat.map(|c| match c {
        1 => CategoryTier::Operation,
        2 => CategoryTier::Main,
        _ => CategoryTier::Full,
    })
}

/// The hypothesis and gold M2 files of `-m errant`: hypothesis texts typed by the native ERRANT
/// against `-s` (the gold re-typed by it too), or hypothesis M2 files as given.
fn errant_files(args: &Args) -> Result<(Vec<M2File>, M2File, &'static str), Error> {
    let gold_path = one_gold(args, "errant")?;
    let Some(source) = &args.source else {
        let hyps = args
            .input
            .iter()
            .map(|h| input::m2(&h.path, true))
            .collect::<Result<Vec<_>, Error>>()?;
        return Ok((hyps, input::m2(gold_path, true)?, "m2"));
    };
    let annotator = crate::errant_annotate::annotator()?;
    let (originals, corrected) = crate::errant_annotate::read_parallel(source, &paths(args))?;
    let gold_text = input::text(gold_path)?;
    let gold_m2 = gec_errant::retype_m2(
        annotator,
        &gold_text,
        input::name(gold_path),
        gec_errant::RetypeOptions::default(),
    )
    .map_err(|e| Error::input(e.to_string()))?;
    let gold = M2File::parse(&gold_m2, input::name(gold_path)).map_err(library_error)?;
    let mut hyps = Vec::with_capacity(args.input.len());
    for (path, lines) in paths(args).iter().zip(corrected) {
        let sentences = crate::errant_annotate::errant_parallel_lines(
            &originals,
            std::slice::from_ref(&lines),
            false,
            gec_errant::AlignOptions::default(),
        )?;
        // A blank source line stays a sentence (with no edits), so the blocks stay aligned with
        // the gold's.
        let mut m2 = String::new();
        let mut typed = sentences.iter().peekable();
        for line in 0..originals.len() {
            match typed.next_if(|s| s.line == line) {
                Some(s) => m2.push_str(&gec_errant::parallel_m2(std::slice::from_ref(s))),
                None => m2.push_str("S \n\n"),
            }
        }
        hyps.push(M2File::parse(&m2, input::name(path)).map_err(library_error)?);
    }
    Ok((hyps, gold, "text"))
}

fn errant_metric(args: &Args) -> Result<Metric<ErrantSentence>, Error> {
    let (hyps, reference, hyp_kind) = errant_files(args)?;
    let mut options = ErrantOptions::with_mode(match args.errant_mode {
        ErrantModeName::Cse => ErrantMode::CorrectionSpansTypes,
        ErrantModeName::Ds => ErrantMode::DetectionSpans,
        ErrantModeName::Dt => ErrantMode::DetectionTokens,
        ErrantModeName::Cs => ErrantMode::CorrectionSpans,
    });
    options.beta = args.beta;
    let systems = args
        .input
        .iter()
        .zip(&hyps)
        .map(|(output, hyp)| {
            let evaluation = errant_evaluate(hyp, &reference, &options).map_err(library_error)?;
            let sentence_rows = evaluation
                .sentences
                .iter()
                .zip(evaluation.chosen_pairs())
                .map(|(s, k)| {
                    let [tp, fp, fn_] = s.pairs()[k];
                    let local = gec_metrics::ErrantScore::from_counts(tp, fp, fn_, args.beta);
                    json!({"score": local.f_beta, "tp": tp, "fp": fp, "fn": fn_})
                })
                .collect();
            let s = evaluation.score;
            let mut parts = json!({"precision": s.precision, "recall": s.recall,
                                   "tp": s.tp, "fp": s.fp, "fn": s.fn_});
            if let (Some(tier), Value::Object(o)) = (category_tier(args), &mut parts) {
                let mut table = serde_json::Map::new();
                for (name, c) in evaluation.category_scores(tier) {
                    let mut row = json!({"precision": c.precision, "recall": c.recall,
                                         "f": c.f_beta, "tp": c.tp, "fp": c.fp, "fn": c.fn_});
                    if args.confidence
                        && let Value::Object(r) = &mut row
                    {
                        let items: Vec<ErrantGroupSentence> = evaluation
                            .sentences
                            .iter()
                            .map(|s| s.group(tier, &name))
                            .collect();
                        let i = confidence_interval_by(
                            &items,
                            &ErrantGroupStat(args.beta),
                            &confidence(args),
                        )
                        .map_err(statistics_error)?;
                        r.insert(
                            "confidence".into(),
                            serde_json::to_value(interval(args, i)).unwrap_or_default(),
                        );
                    }
                    table.insert(name, row);
                }
                o.insert("categories".into(), Value::Object(table));
            }
            Ok(Scored {
                system: output.label.clone(),
                score: s.f_beta,
                parts,
                items: evaluation.sentences,
                sentence_rows,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let annotators = reference
        .blocks
        .iter()
        .map(|b| b.annotators().len())
        .max()
        .unwrap_or(0);
    let cat = args.cat.map(|c| format!("|cat:{c}")).unwrap_or_default();
    let typing = if hyp_kind == "text" {
        format!("|hyp:text|typed:gecbias-errant-{}", gec_errant::VERSION)
    } else {
        "|hyp:m2".to_owned()
    };
    Ok(Metric {
        name: "ERRANT",
        signature: format!(
            "ERRANT|refs:{annotators}|mode:{}|beta:{}{typing}{cat}|refsel:running|version:{}",
            value_name(args.errant_mode),
            args.beta,
            version()
        ),
        systems,
    })
}

/// The per-sentence objects of one metric (`--sentence-level`).
/// `--sentence-level`: one line per system and sentence — a JSON object (JSON Lines), or with
/// `-f text` a tab-separated row under a header naming the metric's columns.
fn sentence_lines<T>(metric: &Metric<T>, tsv: bool, out: &mut String) {
    let columns: Vec<String> = metric
        .systems
        .iter()
        .flat_map(|s| s.sentence_rows.first())
        .next()
        .and_then(Value::as_object)
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    if tsv {
        let _ = writeln!(out, "name\tsystem\tline\t{}", columns.join("\t"));
    }
    for system in &metric.systems {
        for (i, row) in system.sentence_rows.iter().enumerate() {
            if tsv {
                let cells: Vec<String> = columns
                    .iter()
                    .map(|c| match row.get(c) {
                        Some(Value::String(text)) => text.clone(),
                        Some(value) => value.to_string(),
                        None => String::new(),
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "{}\t{}\t{}\t{}",
                    metric.name,
                    system.system,
                    i + 1,
                    cells.join("\t")
                );
                continue;
            }
            let mut object = json!({"name": metric.name, "system": system.system, "line": i + 1});
            if let (Value::Object(o), Value::Object(r)) = (&mut object, row) {
                o.extend(r.clone());
            }
            let _ = writeln!(out, "{object}");
        }
    }
}

/// Scores one metric: its rows, or with `--sentence-level` its sentence lines.
fn metric_rows<T, S>(
    args: &Args,
    metric: Metric<T>,
    statistic: &S,
    precision_recall: Option<[S; 2]>,
    sentences: &mut String,
    bar: &ProgressBar,
) -> Result<Vec<SystemScore>, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    if args.sentence_level {
        sentence_lines(&metric, args.format == Format::Text, sentences);
        return Ok(Vec::new());
    }
    rows(args, metric, statistic, precision_recall.as_ref(), bar)
}

pub(crate) fn run(args: &Args, quiet: bool, sink: &mut dyn Write) -> Result<(), Error> {
    let errant = args.metric.contains(&MetricName::Errant);
    if errant && args.metric.len() > 1 && args.source.is_none() {
        return Err(Error::Usage(
            "-m errant without -s reads hypothesis M2 files; score it in a call of its own, or give -s SOURCE to type the hypotheses from text".into(),
        ));
    }
    if args.cat.is_some() && !errant {
        return Err(Error::Usage(
            "--cat gives ERRANT's per-type scores: add -m errant".into(),
        ));
    }
    unread_references(args)?;
    if args.sentence_level && args.format == Format::Latex {
        return Err(Error::Usage(
            "--sentence-level writes JSON Lines (-f json) or tab-separated rows (-f text), not LaTeX"
                .into(),
        ));
    }
    let mut rows = Vec::new();
    let mut sentences = String::new();
    // Resampling is what takes seconds: a bar over (metric, system) while it runs.
    let bar = if resamples(args) {
        progress(args.metric.len() * args.input.len(), quiet)
    } else {
        ProgressBar::hidden()
    };
    for metric in &args.metric {
        let (s, b) = (&mut sentences, &bar);
        rows.extend(match metric {
            MetricName::M2 => {
                let stat = |part| M2Stat(args.beta, part);
                let parts = Some([stat(Part::Precision), stat(Part::Recall)]);
                metric_rows(args, m2_metric(args)?, &stat(Part::F), parts, s, b)?
            }
            MetricName::Errant => {
                let stat = |part| ErrantStat(args.beta, part);
                let parts = Some([stat(Part::Precision), stat(Part::Recall)]);
                metric_rows(args, errant_metric(args)?, &stat(Part::F), parts, s, b)?
            }
            MetricName::Gleu => metric_rows(args, gleu_metric(args)?, &PooledGleu, None, s, b)?,
            MetricName::Sari => metric_rows(args, sari_metric(args)?, &Mean, None, s, b)?,
            MetricName::Usim => metric_rows(args, usim_metric(args, quiet)?, &Mean, None, s, b)?,
        });
    }
    bar.finish_and_clear();
    if args.rank && args.format != Format::Json {
        // Each metric's systems in rank order (JSON keeps the input order and says the rank).
        let metric_of = |r: &SystemScore| {
            args.metric
                .iter()
                .position(|m| value_name(*m).eq_ignore_ascii_case(r.name))
        };
        rows.sort_by_key(|r| (metric_of(r), r.rank.as_ref().map(|k| k.position)));
    }
    let text = if args.sentence_level {
        sentences
    } else {
        match args.format {
            Format::Json => serde_json::to_string_pretty(&rows).unwrap_or_default() + "\n",
            Format::Latex => latex(&rows),
            Format::Text => plain(&rows),
        }
    };
    crate::write_output(sink, text.as_bytes())
}

/// One line per system and metric: the score, its interval and p-values, and the signature.
fn plain(rows: &[SystemScore]) -> String {
    let mut out = String::new();
    for r in rows {
        if let Some(rank) = &r.rank {
            let _ = write!(out, "#{} (cluster {}) ", rank.position, rank.cluster);
        }
        let _ = write!(out, "{} {} = {:.4}", r.system, r.name, r.score);
        if let Some(c) = &r.confidence {
            let _ = write!(
                out,
                " ({:.0}% CI {:.4}–{:.4})",
                c.level * 100.0,
                c.low,
                c.high
            );
        }
        for (label, c) in [("P", &r.precision_confidence), ("R", &r.recall_confidence)] {
            if let Some(c) = c {
                let _ = write!(
                    out,
                    " {label} = {:.4} ({:.4}–{:.4})",
                    c.point, c.low, c.high
                );
            }
        }
        for (name, t) in [("bs", &r.paired_bs), ("ar", &r.paired_ar)] {
            if let Some(t) = t {
                let _ = write!(out, " p({name})={:.4}", t.p_value);
            }
        }
        let _ = writeln!(out, " {}", r.signature);
        if let Some(Value::Object(categories)) = r.parts.get("categories") {
            for (name, c) in categories {
                let number = |k: &str| c.get(k).and_then(Value::as_f64).unwrap_or(f64::NAN);
                let _ = write!(
                    out,
                    "  {name:<14} P = {:.4} R = {:.4} F = {:.4} (TP {} FP {} FN {})",
                    number("precision"),
                    number("recall"),
                    number("f"),
                    number("tp"),
                    number("fp"),
                    number("fn")
                );
                if let Some(i) = c.get("confidence") {
                    let bound = |k: &str| i.get(k).and_then(Value::as_f64).unwrap_or(f64::NAN);
                    let _ = write!(out, " F CI {:.4}–{:.4}", bound("low"), bound("high"));
                }
                out.push('\n');
            }
        }
    }
    out
}

/// A LaTeX table (booktabs): a row per system, a column per metric, scores ×100 with the
/// interval, † where a paired test finds the system different from the baseline at p < 0.05;
/// the signatures as comments.
fn latex(rows: &[SystemScore]) -> String {
    let mut metrics: Vec<&str> = Vec::new();
    let mut systems: Vec<&str> = Vec::new();
    for r in rows {
        if !metrics.contains(&r.name) {
            metrics.push(r.name);
        }
        if !systems.contains(&r.system.as_str()) {
            systems.push(&r.system);
        }
    }
    let escape = |s: &str| {
        s.chars().fold(String::new(), |mut out, c| {
            if matches!(c, '_' | '&' | '%' | '$' | '#' | '{' | '}') {
                out.push('\\');
            }
            out.push(c);
            out
        })
    };
    let mut out = format!(
        "\\begin{{tabular}}{{l{}}}\n\\toprule\nSystem",
        "r".repeat(metrics.len())
    );
    for m in &metrics {
        let _ = write!(out, " & {m}");
    }
    out.push_str(" \\\\\n\\midrule\n");
    // With --rank, the first metric's clusters are separated by rules.
    let cluster = |system: &str| {
        rows.iter()
            .find(|r| r.name == metrics[0] && r.system == system)
            .and_then(|r| r.rank.as_ref())
            .map(|k| k.cluster)
    };
    for (k, system) in systems.iter().enumerate() {
        if k > 0 && cluster(system).is_some() && cluster(system) != cluster(systems[k - 1]) {
            out.push_str("\\midrule\n");
        }
        out.push_str(&escape(system));
        for m in &metrics {
            let cell = rows.iter().find(|r| r.name == *m && r.system == *system);
            let _ = match cell {
                Some(r) => {
                    let mut cell = format!("{:.2}", 100.0 * r.score);
                    if let Some(c) = &r.confidence {
                        let _ = write!(cell, " [{:.2}, {:.2}]", 100.0 * c.low, 100.0 * c.high);
                    }
                    let significant = [&r.paired_bs, &r.paired_ar]
                        .into_iter()
                        .flatten()
                        .any(|t| t.p_value < 0.05);
                    if significant {
                        cell.push_str("$^\\dagger$");
                    }
                    write!(out, " & {cell}")
                }
                None => write!(out, " & --"),
            };
        }
        out.push_str(" \\\\\n");
    }
    out.push_str("\\bottomrule\n\\end{tabular}\n");
    let mut signatures: Vec<&str> = rows.iter().map(|r| r.signature.as_str()).collect();
    signatures.dedup();
    for s in signatures {
        let _ = writeln!(out, "% {s}");
    }
    out
}
