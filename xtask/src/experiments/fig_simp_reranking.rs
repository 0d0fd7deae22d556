//! `fig-simp-reranking`: the LCB paper's Appendix "simp-rerank" — how many TurkCorpus sentences an
//! oracle reranker of a simplification k-best list leaves unchanged as it is given M = 1…8
//! references (lcb-pipeline §10, lcb-goldens G13). Two parts: the authors' stored reranked outputs
//! measured with WordChange (exactly G13), and our own seeded reranks of the NTS 12-best, which
//! the stored outputs pin down (which strings are scored, in which order, how ties fall).

use std::fmt::Write as _;

use anyhow::{Context, bail, ensure};
use conservatism::{SentencePair, compare_aligned_lines, passage_text};
use coverage_sim::reranking::{
    KBestSentence, SariObjective, TieRule, explains_choice, rerank_with_drawn_references,
};
use gec_metrics::turkcorpus::{TurkCorpusRow, parse_organized};
use gecbias_data::DataDir;
use gecbias_data::datasets::{
    CONLL_PARAGRAPHS, NTS_KBEST, NTS_KBEST_AUTHORS_ORDER, NTS_KBEST_PREFIX, TURKCORPUS,
};
use indicatif::ProgressBar;
use mono_align::WordEquivalence;
use rayon::prelude::*;
use serde::Serialize;

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::{Align, Table};
use crate::linguistic;
use gecbias_plot::{Band, Line, bands};

pub(crate) const EXPERIMENT: Experiment = Experiment::new("fig-simp-reranking", TITLE, inputs, run);
const TITLE: &str =
    "sentences an oracle reranker of NTS's 12-best leaves unchanged vs M (LCB appendix)";

/// A stored rerank series: (label, file infix, G13 unchanged counts for M = 1…8).
type Series = (&'static str, &'static str, [usize; 8]);

/// lcb-goldens G13: sentences with WordChange 0 in the authors' stored reranks.
const G13: [Series; 4] = [
    (
        "MAX-SARI, NTS",
        "max_nisioi",
        [50, 32, 21, 24, 29, 27, 27, 29],
    ),
    ("SARI, NTS", "nisioi", [50, 35, 30, 31, 34, 34, 37, 30]),
    (
        "MAX-SARI, Moses",
        "max_moses",
        [62, 46, 37, 56, 50, 42, 49, 52],
    ),
    ("SARI, Moses", "moses", [62, 68, 70, 76, 74, 72, 75, 77]),
];
/// lcb-goldens G13: total WordChange of the MAX-SARI NTS reranks for M = 1…8, and of the gold.
const G13_MAX_NTS_TOTAL: [usize; 8] = [698, 738, 704, 699, 734, 724, 719, 712];
const G13_GOLD: (usize, usize) = (30, 1288);
const SEEDS: u64 = 20;
const TSV: &str = "test.8turkers.organized.tsv";

fn stored(infix: &str, suffix: &str) -> String {
    format!("{CONLL_PARAGRAPHS}/simplification_rank_results_{infix}{suffix}")
}

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    let mut out = vec![format!("{TURKCORPUS}/{TSV}")];
    out.extend((1..=12).map(|h| format!("{NTS_KBEST}/{NTS_KBEST_PREFIX}{h}")));
    for (_, infix, _) in G13 {
        out.push(stored(infix, "_origin"));
        out.push(stored(infix, "_gold"));
        out.extend((1..=8).map(|m| stored(infix, &format!("{m}refs"))));
    }
    Ok(out)
}

/// The lines of a UTF-8 text file of the data directory, with its expected line count checked.
fn read_lines(data: &DataDir, rel: &str, expected: usize) -> anyhow::Result<Vec<String>> {
    let bytes = std::fs::read(data.join(rel)).with_context(|| format!("reading {rel}"))?;
    let lines: Vec<String> = passage_text(rel, &bytes)?
        .lines()
        .map(str::to_owned)
        .collect();
    ensure!(
        lines.len() == expected,
        "{rel}: {} lines, expected {expected}",
        lines.len()
    );
    Ok(lines)
}

/// The TurkCorpus test rows whose origin is one of its own 8 references (the authors' filter).
fn kept_rows(data: &DataDir) -> anyhow::Result<Vec<(usize, TurkCorpusRow)>> {
    let rel = format!("{TURKCORPUS}/{TSV}");
    let bytes = std::fs::read(data.join(&rel)).with_context(|| format!("reading {rel}"))?;
    let rows = parse_organized(&bytes, &rel)?;
    ensure!(
        rows.len() == 359,
        "{rel}: {} rows, expected 359",
        rows.len()
    );
    Ok(rows
        .into_iter()
        .enumerate()
        .filter(|(_, r)| r.origin_is_a_reference())
        .collect())
}

#[derive(Serialize)]
struct StoredSeries {
    name: &'static str,
    unchanged: Vec<usize>,
    total_word_change: Vec<usize>,
}

#[derive(Serialize)]
struct Seeded {
    objective: &'static str,
    /// Per M: unchanged counts of the 20 seeds.
    unchanged: Vec<Vec<usize>>,
}

/// A stored output as the authors measured it. The Moses reranks carry Moses' XML escapes and the
/// gold (turker 0) Penn-Treebank bracket tokens; G13 is reproduced exactly, every row, when
/// `&apos;` and `&quot;` are unescaped and `-lrb-`/`-rrb-` dropped (unescaping `&amp;` as well
/// changes one Moses count, mapping the brackets to `(`/`)` changes the gold's). The NTS outputs
/// and the origins contain none of these.
fn as_measured(output: &str) -> String {
    output
        .replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("-lrb-", "")
        .replace("-rrb-", "")
}

/// WordChange of each stored output line against its origin line (`name` labels errors).
fn word_changes(
    origin: &[String],
    (name, outputs): (&str, &[String]),
    same: &WordEquivalence,
) -> anyhow::Result<Vec<usize>> {
    let measured: Vec<String> = outputs.iter().map(|o| as_measured(o)).collect();
    let profile = compare_aligned_lines(("origin", origin), (name, &measured), same)?;
    Ok(profile.sentences.iter().map(|s| s.word_change).collect())
}

/// How many stored choices our oracle makes for at least one draw of `m` references.
fn reproduced(
    sentences: &[KBestSentence<'_>],
    stored: &[String],
    m: usize,
    objective: SariObjective,
    ties: TieRule,
) -> usize {
    sentences
        .par_iter()
        .zip(stored)
        .filter(|(s, chosen)| explains_choice(s, chosen, m, objective, ties))
        .count()
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let same = linguistic::word_equivalence()?;
    let kept = kept_rows(data)?;
    ensure!(
        kept.len() == 233,
        "{TSV}: {} rows have their origin among the references, the authors' filter gives 233",
        kept.len()
    );
    let hypothesis_files: Vec<Vec<String>> = (1..=12)
        .map(|h| read_lines(data, &format!("{NTS_KBEST}/{NTS_KBEST_PREFIX}{h}"), 359))
        .collect::<anyhow::Result<_>>()?;
    progress.inc(13);

    let Stored {
        gold,
        series: stored_series,
        outputs: stored_outputs,
    } = stored_reranks(data, &kept, &same, progress)?;

    let sentences: Vec<KBestSentence<'_>> = kept
        .iter()
        .map(|(row, r)| KBestSentence {
            source: &r.origin,
            references: r.references.iter().map(String::as_str).collect(),
            hypotheses: NTS_KBEST_AUTHORS_ORDER
                .iter()
                .map(|&h| hypothesis_files[h - 1][*row].as_str())
                .collect(),
        })
        .collect();

    // Which oracle the stored NTS reranks are: every choice reproduced for some reference draw.
    let mut checks = Vec::new();
    // G13 lists the NTS series first: MAX-SARI, then SARI.
    for (objective, label, outputs) in [
        (SariObjective::MaxSari, "MAX-SARI", &stored_outputs[0]),
        (SariObjective::Sari, "SARI", &stored_outputs[1]),
    ] {
        let ms: Vec<usize> = match objective {
            SariObjective::MaxSari => (1..=8).collect(),
            SariObjective::Sari => vec![1, 2, 3],
        };
        for m in ms {
            let n = reproduced(&sentences, &outputs[m - 1], m, objective, TieRule::Later);
            ensure!(
                n == 233,
                "{label}, M = {m}: only {n} of 233 stored choices are reproduced"
            );
            checks.push((label, m, n));
        }
    }
    let with_source_rule = reproduced(
        &sentences,
        &stored_outputs[0][0],
        1,
        SariObjective::MaxSari,
        TieRule::LaterUnlessSource,
    );

    let seeded = seeded_reranks(&sentences, &same)?;

    let mut md = String::new();
    let _ = writeln!(
        md,
        "Oracle reranking of a simplification k-best list (lcb-pipeline §10): per TurkCorpus test sentence whose \
         origin is one of its 8 references (233 of 359), pick the hypothesis with the highest SARI (or MAX-SARI) \
         against M references drawn with replacement, and count the sentences left unchanged (WordChange 0 against \
         the origin, line by line).\n\n\
         ## The authors' stored reranks\n"
    );
    let mut columns = vec![("series", Align::Left)];
    columns.extend(M_COLUMNS.map(|c| (c, Align::Right)));
    columns.push(("G13", Align::Left));
    let mut table = Table::new(&columns);
    let same = || std::iter::once("same".to_owned());
    for s in &stored_series {
        let cells = s.unchanged.iter().map(usize::to_string);
        table.row(
            std::iter::once(s.name.to_string())
                .chain(cells)
                .chain(same()),
        );
    }
    let cells = stored_series[0]
        .total_word_change
        .iter()
        .map(usize::to_string);
    table.row(
        std::iter::once("total WordChange, MAX-SARI NTS".to_owned())
            .chain(cells)
            .chain(same()),
    );
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\n\
         The gold (turker 0) leaves {} sentences unchanged, total WordChange {} (G13: {}, {}). Every number equals \
         G13: the paper's \"50 with M = 1 … 29 with M = 8\" for NTS with MAX-SARI.",
        gold.0, gold.1, G13_GOLD.0, G13_GOLD.1
    );
    let checked: Vec<String> = checks
        .iter()
        .map(|(label, m, n)| format!("{label} M = {m}: {n}/233"))
        .collect();
    let _ = writeln!(
        md,
        "\n## What the authors' reranker did\n\n\
         The stored NTS reranks pin the protocol down. Each stored choice is our oracle's choice for at least one \
         draw of M of the 8 references ({}) when the oracle scores the TSV's raw origin, raw references and the \
         hypothesis lines as they are, visits the hypothesis files in the order the authors' directory listing gave \
         (`_h{}`) and lets a later tie always win. With the reference code's exception for a held source sentence \
         only {with_source_rule}/233 choices at M = 1 are reproducible (two sentences whose source and a case variant \
         of it tie), so that exception did not act in the authors' run.",
        checked.join(", "),
        NTS_KBEST_AUTHORS_ORDER.map(|h| h.to_string()).join(", _h")
    );
    seeded_section(&mut md, &seeded);

    let svg = figure(&seeded, sentences.len())?;
    Ok(Report {
        markdown: md,
        json: serde_json::json!({
            "stored": stored_series,
            "gold": { "unchanged": gold.0, "total_word_change": gold.1 },
            "reproduced_choices": checks.iter().map(|(l, m, n)| serde_json::json!({"objective": l, "m": m, "of_233": n})).collect::<Vec<_>>(),
            "reproduced_with_source_rule_m1": with_source_rule,
            "seeded": seeded,
        }),
        figures: vec![("unchanged", svg)],
    })
}

/// The columns of the numbers of references.
const M_COLUMNS: [&str; 8] = ["M = 1", "2", "3", "4", "5", "6", "7", "8"];

/// Our seeded reranks beside the authors' single run.
fn seeded_section(md: &mut String, seeded: &[Seeded]) {
    let _ = writeln!(
        md,
        "\n## Our reranks, {SEEDS} seeds\n\n\
         The same oracle with seeded reference draws (PCG-64, stream = M): sentences left unchanged, mean [min, max] \
         over the seeds, beside the authors' single unseeded run.\n"
    );
    let mut columns = vec!["objective"];
    columns.extend(M_COLUMNS);
    let mut table = Table::text(&columns);
    for (s, (_, _, authors)) in seeded.iter().zip(&G13) {
        let cells: Vec<String> = s
            .unchanged
            .iter()
            .map(|runs| {
                let mean = runs.iter().sum::<usize>() as f64 / runs.len() as f64;
                let (lo, hi) = (runs.iter().min(), runs.iter().max());
                format!("{mean:.1} [{}, {}]", lo.unwrap_or(&0), hi.unwrap_or(&0))
            })
            .collect();
        table.row(std::iter::once(format!("{} (ours)", s.objective)).chain(cells));
        table.row(
            std::iter::once(format!("{} (authors)", s.objective))
                .chain(authors.iter().map(usize::to_string)),
        );
    }
    md.push_str(&table.markdown());
    let _ = writeln!(
        md,
        "\nWith more references the oracle leaves fewer sentences unchanged, most steeply from M = 1 to 3 — the \
         low-coverage bias: with few references, the reranker prefers the conservative hypothesis. The Moses 100-best \
         list is not in the public data, so the Moses rows are measured from the stored reranks only."
    );
}

/// Our reranks: WordChange of every hypothesis once, then [`SEEDS`] seeded reference draws per M
/// for each objective; how many sentences each rerank leaves unchanged.
fn seeded_reranks(
    sentences: &[KBestSentence<'_>],
    same: &WordEquivalence,
) -> anyhow::Result<Vec<Seeded>> {
    let hypothesis_wc: Vec<Vec<usize>> = sentences
        .par_iter()
        .map(|s| {
            s.hypotheses
                .iter()
                .map(|h| SentencePair::new(s.source, h).word_change(same))
                .collect()
        })
        .collect();
    let mut seeded = Vec::new();
    for (objective, label) in [
        (SariObjective::MaxSari, "MAX-SARI"),
        (SariObjective::Sari, "SARI"),
    ] {
        let unchanged = (1..=8)
            .map(|m| {
                (0..SEEDS)
                    .into_par_iter()
                    .map(|seed| {
                        let picks = rerank_with_drawn_references(
                            sentences,
                            m,
                            objective,
                            TieRule::Later,
                            seed,
                        )?;
                        Ok(picks
                            .iter()
                            .zip(&hypothesis_wc)
                            .filter(|(k, wc)| wc[**k] == 0)
                            .count())
                    })
                    .collect::<Result<Vec<usize>, coverage_sim::Error>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        seeded.push(Seeded {
            objective: label,
            unchanged,
        });
    }
    Ok(seeded)
}

/// The authors' stored reranks: their WordChange against the shared origin file, checked
/// against G13.
struct Stored {
    /// The gold's (unchanged sentences, total WordChange).
    gold: (usize, usize),
    /// Each stored series' counts.
    series: Vec<StoredSeries>,
    /// Each stored series' outputs for M = 1…8.
    outputs: Vec<Vec<Vec<String>>>,
}

/// Reads and measures the authors' four stored rerank series (and their gold), failing where
/// a count differs from G13.
fn stored_reranks(
    data: &DataDir,
    kept: &[(usize, TurkCorpusRow)],
    same: &WordEquivalence,
    progress: &ProgressBar,
) -> anyhow::Result<Stored> {
    // The four series were written with the same origin and gold files; measure against one.
    let origin = read_lines(data, &stored("max_nisioi", "_origin"), 233)?;
    let ours: Vec<&str> = kept.iter().map(|(_, r)| r.origin.as_str()).collect();
    ensure!(
        origin == ours,
        "{}: differs from the filtered origins of {TSV}",
        stored("max_nisioi", "_origin")
    );
    let gold_text = read_lines(data, &stored("max_nisioi", "_gold"), 233)?;
    for (_, infix, _) in G13 {
        for (suffix, expected) in [("_origin", &origin), ("_gold", &gold_text)] {
            let rel = stored(infix, suffix);
            ensure!(
                read_lines(data, &rel, 233)? == *expected,
                "{rel}: differs from the MAX-SARI NTS series' file"
            );
        }
    }
    let unchanged = |wc: &[usize]| wc.iter().filter(|&&w| w == 0).count();
    let gold_wc = word_changes(&origin, ("gold", &gold_text), same)?;
    let gold = (unchanged(&gold_wc), gold_wc.iter().sum::<usize>());

    let mut stored_series = Vec::new();
    let mut stored_outputs: Vec<Vec<Vec<String>>> = Vec::new();
    let mut mismatches = Vec::new();
    for (name, infix, expected) in G13 {
        let outputs: Vec<Vec<String>> = (1..=8)
            .map(|m| read_lines(data, &stored(infix, &format!("{m}refs")), 233))
            .collect::<anyhow::Result<_>>()?;
        let wc: Vec<Vec<usize>> = outputs
            .par_iter()
            .enumerate()
            .map(|(k, out)| {
                word_changes(
                    &origin,
                    (&stored(infix, &format!("{}refs", k + 1)), out),
                    same,
                )
            })
            .collect::<anyhow::Result<_>>()?;
        let series = StoredSeries {
            name,
            unchanged: wc.iter().map(|w| unchanged(w)).collect(),
            total_word_change: wc.iter().map(|w| w.iter().sum()).collect(),
        };
        progress.inc(10);
        if series.unchanged != expected {
            mismatches.push(format!("{name}: {:?}", series.unchanged));
        }
        stored_series.push(series);
        stored_outputs.push(outputs);
    }
    if stored_series[0].total_word_change != G13_MAX_NTS_TOTAL {
        mismatches.push(format!(
            "{} total WordChange: {:?}",
            stored_series[0].name, stored_series[0].total_word_change
        ));
    }
    if gold != G13_GOLD {
        mismatches.push(format!("gold: {gold:?}"));
    }
    if !mismatches.is_empty() {
        bail!(
            "WordChange of the stored reranks differs from G13: {}",
            mismatches.join("; ")
        );
    }
    Ok(Stored {
        gold,
        series: stored_series,
        outputs: stored_outputs,
    })
}

/// The figure: the share of sentences the oracle rerank leaves unchanged against M, our seeded
/// reranks (mean and range over seeds) beside the authors' stored ones.
fn figure(seeded: &[Seeded], sentences: usize) -> anyhow::Result<String> {
    let fraction = |x: f64| x / sentences as f64;
    let mut series: Vec<Band> = Vec::new();
    for (k, (s, (name, _, authors))) in seeded.iter().zip(&G13).enumerate() {
        series.push(Band {
            name: format!("{} (ours, {SEEDS} seeds)", s.objective),
            points: s
                .unchanged
                .iter()
                .enumerate()
                .map(|(i, runs)| {
                    let mean = runs.iter().sum::<usize>() as f64 / runs.len() as f64;
                    let lo = runs.iter().min().copied().unwrap_or(0) as f64;
                    let hi = runs.iter().max().copied().unwrap_or(0) as f64;
                    ((i + 1) as f64, fraction(mean), fraction(lo), fraction(hi))
                })
                .collect(),
            colour: k,
            line: Line::Bold,
        });
        series.push(Band {
            name: format!("{name} (authors)"),
            points: authors
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let y = fraction(c as f64);
                    ((i + 1) as f64, y, y, y)
                })
                .collect(),
            colour: k,
            line: Line::Authors,
        });
    }
    Ok(bands(
        "Sentences the oracle rerank leaves unchanged (NTS 12-best)",
        "M (references)",
        "fraction unchanged",
        (1.0, 8.0),
        &series,
    )?)
}
