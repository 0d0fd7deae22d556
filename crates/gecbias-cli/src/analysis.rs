//! The papers' analyses as commands (what no other tool offers): how conservative a system is
//! (`conservatism`, LCB §3.2), how many valid corrections a sentence has (`unseen`, UnseenEst,
//! LCB §3.1 and Table 1), and what a perfect system scores with M references (`coverage`, LCB
//! §4). Each prints JSON.

use std::io::Write;

use conservatism::{ConservatismProfile, Procedure, Resources, WORD_CHANGE_BINS, compare_contents};
use coverage_sim::{AccuracySummary, Sampling, perfect_system};
use gecbias_plot::{Band, Line};
use serde_json::{Value, json};
use unseen_est::crowd::{Classes, Normalizer, estimate_batch};
use unseen_est::{Histogram, Params, TABLE_GAMMAS, TableStatistics, estimate};

use gecbias_engine::{conservatism_signature, unseen_signature};

use crate::{Error, Signature, input};

fn print(sink: &mut dyn Write, value: &Value) -> Result<(), Error> {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    crate::write_output(sink, format!("{text}\n").as_bytes())
}

/// How conservative systems are: WordChange, index diff and word order per sentence pair. Line i
/// of each output is compared with line i of the source (line counts are checked; `splits` counts
/// output lines in which Punkt finds more sentences than in their source line, `concatenations`
/// those with fewer); `--passages` follows the LCB paper instead (its Figure 2): each file read as
/// one passage, split into sentences by Punkt and sentences re-aligned across lines (`splits`: a
/// source sentence the output cut in two; `concatenations`: two the output joined — the paper's
/// figure labels them the other way round; pairs the alignment drifted into, over 1,000 words, are
/// listed as `unmeasured_pairs` with a warning).
#[derive(clap::Args)]
pub(crate) struct ConservatismArgs {
    /// The source, one sentence per line.
    source: String,
    /// System outputs, line-aligned with the source.
    #[arg(required = true)]
    systems: Vec<String>,
    /// The LCB paper's procedure (Figure 2): files read as passages, split by Punkt, sentences
    /// re-aligned, instead of line i against line i.
    #[arg(long)]
    passages: bool,
    /// A reference correction (line-aligned), profiled beside the systems.
    #[arg(long)]
    gold: Option<String>,
    /// Also draw the heat map of words changed per sentence (LCB Figure 2) into this file: .svg,
    /// .png (300 dpi at a 3.3 in column) or .pdf.
    #[arg(long, value_name = "FILE.svg|png|pdf", value_parser = figure_path)]
    plot: Option<String>,
}

/// A `--plot` file whose extension names a figure format, checked before any work is done.
pub(crate) fn figure_path(path: &str) -> Result<String, String> {
    gecbias_plot::Format::of_path(std::path::Path::new(path))
        .map(|_| path.to_owned())
        .map_err(|e| e.to_string())
}

/// Writes a figure to `path` as SVG, PNG or PDF, by its extension, naming the file when that
/// fails.
pub(crate) fn write_figure(
    path: &str,
    svg: Result<String, gecbias_plot::Error>,
) -> Result<(), Error> {
    let svg = svg.map_err(Error::at(&path))?;
    gecbias_plot::write(std::path::Path::new(path), &svg).map_err(Error::at(&path))
}

/// A heat-map column label: `3` for a single count, `6-10` for a range.
fn bin_label(&(lo, hi): &(usize, usize)) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}-{hi}")
    }
}

/// The profile as the JSON shows it: the paper's summary numbers and the heat-map row.
fn profile_json(name: &str, p: &ConservatismProfile) -> Value {
    let n = p.sentences.len();
    let histogram: Vec<Value> = WORD_CHANGE_BINS
        .iter()
        .zip(p.word_change_histogram())
        .map(|(&(lo, hi), count)| json!({"word_change": format!("{lo}-{hi}"), "sentences": count}))
        .collect();
    json!({
        "system": name,
        "sentences": n,
        "unchanged_share": p.unchanged_share(),
        "total_word_change": p.total_word_change(),
        "mean_word_change": p.mean_word_change(),
        "total_index_diff": p.total_index_diff(),
        "mean_spearman_rho": p.mean_rho(),
        "perfect_order": p.perfect_order(),
        "splits": p.splits(),
        "concatenations": p.concatenations(),
        "word_change_histogram": histogram,
        "word_change_above_30": p.above_thirty(),
        "unmeasured_pairs": p.unmeasured,
    })
}

/// A warning on standard error where the passage alignment has most likely lost its way: most
/// of its decisions came from the fallback rules, or pairs were too long to measure.
fn drift_warning(name: &str, p: &ConservatismProfile) {
    let share = p.fallback_share();
    if share > 0.5 || !p.unmeasured.is_empty() {
        let words: usize = p.unmeasured.iter().map(|u| u.source_words).sum();
        eprintln!(
            "gecbias: warning: {name}: {:.0} % of the sentence alignment's decisions came from its \
             fallback rules and {} aligned pairs ({words} source words) were too long to measure: \
             the alignment has lost its way, as the reference procedure's does on such outputs; \
             line i against line i (without --passages) suits line-aligned outputs",
            100.0 * share,
            p.unmeasured.len(),
        );
    }
}

pub(crate) fn conservatism(args: &ConservatismArgs, sink: &mut dyn Write) -> Result<(), Error> {
    let resources = Resources::locate().map_err(Error::library)?;
    let procedure = if args.passages {
        Procedure::Passages
    } else {
        Procedure::Lines
    };
    let mut rows = Vec::new();
    let mut heat = Vec::new();
    let source = input::text(&args.source)?;
    for system in args.systems.iter().chain(&args.gold) {
        let output = input::text(system)?;
        let profile = compare_contents(
            (input::name(&args.source), source.as_bytes()),
            (input::name(system), output.as_bytes()),
            &resources,
            procedure,
        )
        .map_err(Error::library)?;
        if args.passages {
            drift_warning(input::name(system), &profile);
        }
        let mut row = profile_json(system, &profile);
        if Some(system) == args.gold.as_ref() {
            row["reference"] = json!(true);
        }
        rows.push(row);
        // Rows are labelled by file name: full paths would crowd the figure.
        let label = std::path::Path::new(input::name(system))
            .file_name()
            .map_or_else(|| system.clone(), |f| f.to_string_lossy().into_owned());
        heat.push((label, profile.word_change_histogram().to_vec()));
    }
    if let Some(path) = &args.plot {
        let columns: Vec<String> = WORD_CHANGE_BINS.iter().map(bin_label).collect();
        let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
        let title = "Words changed per sentence (values above 30 dropped)";
        write_figure(path, gecbias_plot::heat_map(title, &heat, &columns))?;
    }
    print(
        sink,
        &json!({
            "name": "Conservatism",
            "signature": conservatism_signature(procedure).to_string(),
            "source": args.source,
            "systems": rows,
        }),
    )
}

/// UnseenEst: how many valid corrections a sentence has, from crowd answers.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("inputs").required(true).args(["fingerprints", "answers"])))]
pub(crate) struct UnseenArgs {
    /// Fingerprint files (`count` lines: how many corrections were seen 1, 2, … times).
    fingerprints: Vec<String>,
    /// MTurk result CSVs of crowd corrections instead of fingerprints.
    #[arg(long, num_args = 1..)]
    answers: Vec<String>,
    /// With --answers: group answers by identical text or by the positions they change.
    #[arg(long, value_enum, default_value = "exact")]
    classes: ClassesArg,
}

/// How crowd answers fall into classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ClassesArg {
    /// Identical text.
    Exact,
    /// The same positions changed (Exact-Index-Match).
    Index,
}

/// How references are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SamplingArg {
    /// With replacement (the paper's main figure).
    With,
    /// Without replacement.
    Without,
}

fn histogram_json(name: &str, fingerprint: &unseen_est::Fingerprint, h: &Histogram) -> Value {
    let gammas: Vec<Value> = TABLE_GAMMAS
        .iter()
        .map(|&g| json!({"gamma": g, "variants": h.variants_above(g), "mass": h.mass_above(g)}))
        .collect();
    json!({
        "sentence": name,
        "answers": fingerprint.sample_size(),
        "distinct_answers": fingerprint.distinct(),
        "estimated_corrections": h.variants_above(0.0),
        "above": gammas,
    })
}

pub(crate) fn unseen(args: &UnseenArgs, sink: &mut dyn Write) -> Result<(), Error> {
    let params = Params::default();
    let failure = |e: unseen_est::Error| Error::library(e);
    let mut rows = Vec::new();
    let mut histograms = Vec::new();
    for path in &args.fingerprints {
        let fingerprint = unseen_est::Fingerprint::parse(&input::text(path)?, input::name(path))
            .map_err(failure)?;
        let h = estimate(&fingerprint, &params).map_err(failure)?;
        rows.push(histogram_json(path, &fingerprint, &h));
        histograms.push(h);
    }
    let classes = match args.classes {
        ClassesArg::Index => Classes::ExactIndexMatch,
        ClassesArg::Exact => Classes::Exact,
    };
    for path in &args.answers {
        input::text(path)?;
        for s in estimate_batch(path, Normalizer::Current, classes, &params).map_err(failure)? {
            rows.push(histogram_json(&s.name, &s.fingerprint, &s.histogram));
            histograms.push(s.histogram);
        }
    }
    let table = TableStatistics::of(&histograms);
    print(
        sink,
        &json!({
            "name": "UnseenEst",
            "signature": unseen_signature(classes).to_string(),
            "sentences": rows,
            "table1": {
                "sentences": table.files,
                "gammas": TABLE_GAMMAS,
                "mean_variants": table.variants,
                "mean_mass": table.mass,
            },
        }),
    )
}

/// What a perfect system scores with M references.
#[derive(clap::Args)]
pub(crate) struct CoverageArgs {
    /// Estimated correction histograms (UnseenEst's `*_output_hist.txt`), one per sentence.
    #[arg(required = true)]
    histograms: Vec<String>,
    /// Histograms of the Exact-Index-Match classes, for the second curve.
    #[arg(long, num_args = 1..)]
    index: Vec<String>,
    /// The largest number of references.
    #[arg(long, default_value_t = 20, value_parser = crate::numbers::references, allow_hyphen_values = true)]
    max_refs: usize,
    /// References drawn with replacement (the paper's main figure) or without.
    #[arg(long, value_enum, default_value = "with")]
    sampling: SamplingArg,
    /// Also draw the accuracy curves with their 95 % bands (LCB Figure 3) into this file: .svg,
    /// .png (300 dpi at a 3.3 in column) or .pdf.
    #[arg(long, value_name = "FILE.svg|png|pdf", value_parser = figure_path)]
    plot: Option<String>,
}

fn read_histograms(paths: &[String]) -> Result<Vec<Histogram>, Error> {
    paths
        .iter()
        .map(|p| Histogram::parse(&input::text(p)?, input::name(p)).map_err(Error::library))
        .collect()
}

/// Expected accuracy of a perfect system for M = 1 … `max_refs`.
fn curve(
    histograms: &[Histogram],
    max_refs: usize,
    sampling: Sampling,
) -> Result<Vec<AccuracySummary>, Error> {
    (1..=max_refs)
        .map(|m| {
            Ok(perfect_system(histograms, m, sampling)
                .map_err(Error::library)?
                .summary())
        })
        .collect()
}

fn curve_json(curve: &[AccuracySummary]) -> Value {
    (1..)
        .zip(curve)
        .map(|(m, s)| {
            json!({"references": m, "accuracy": s.accuracy, "bias": s.bias,
                   "low": s.low, "high": s.high, "sd": s.sd})
        })
        .collect()
}

fn band(name: &str, curve: &[AccuracySummary], colour: usize, line: Line) -> Band {
    Band {
        name: name.to_owned(),
        points: (1..)
            .zip(curve)
            .map(|(m, s)| (f64::from(m), s.accuracy, s.low, s.high))
            .collect(),
        colour,
        line,
    }
}

pub(crate) fn coverage(args: &CoverageArgs, sink: &mut dyn Write) -> Result<(), Error> {
    let (sampling, sampling_name) = match args.sampling {
        SamplingArg::Without => (Sampling::WithoutReplacement, "without"),
        SamplingArg::With => (Sampling::WithReplacement, "with"),
    };
    let exact = curve(&read_histograms(&args.histograms)?, args.max_refs, sampling)?;
    let index = if args.index.is_empty() {
        None
    } else {
        Some(curve(
            &read_histograms(&args.index)?,
            args.max_refs,
            sampling,
        )?)
    };
    if let Some(path) = &args.plot {
        let mut bands = vec![band("exact", &exact, 0, Line::Bold)];
        bands.extend(
            index
                .as_deref()
                .map(|c| band("Exact-Index-Match", c, 1, Line::Bold)),
        );
        let title = format!(
            "Perfect-system accuracy vs M, {} sentences (95 % bands)",
            args.histograms.len()
        );
        let x_range = (1.0, args.max_refs.max(2) as f64);
        let svg = gecbias_plot::bands(&title, "M (references)", "accuracy", x_range, &bands);
        write_figure(path, svg)?;
    }
    let mut out = json!({
        "name": "PerfectSystemAccuracy",
        "signature": Signature::new("Coverage").with("sampling", sampling_name).with("band", "poisson-binomial-95").with("version", env!("CARGO_PKG_VERSION")).to_string(),
        "sentences": args.histograms.len(),
        "exact": curve_json(&exact),
    });
    if let Some(index) = &index {
        out["exact_index_match"] = curve_json(index);
    }
    print(sink, &out)
}
