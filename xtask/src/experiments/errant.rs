//! `errant`: the native ERRANT (crate `gec-errant`) beside ERRANT 3.0.2 itself, from the runs
//! `cargo xtask record errant` committed. Fidelity: the same aligner, merger and classifier on
//! spaCy's recorded analyses give ERRANT's M2 byte for byte (every merging strategy, `-lev`,
//! `errant_m2 -gold` and `-auto`). Native: on the built-in tagger, how many of ERRANT's edits
//! keep their span and their type, which types are confused, the per-type counts over the 14
//! CoNLL-2014 systems, and each system's F0.5 and rank.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use anyhow::{Context, bail};
use english_tagger::{Tagger, apply_lemma_edit};
use gec_errant::{
    Analyser, Annotator, Classifier, Error as ErrantError, ParallelOptions, RetypeOptions, Token,
    WordList, annotate_parallel, parallel_m2, retype_m2,
};
use gec_metrics::CategoryTier;
use gecbias_data::DataDir;
use indicatif::ProgressBar;
use serde::Serialize;

use super::{Experiment, Report, SYSTEMS};
use crate::record_errant::{
    EDIT_RUNS, EditRow, Job, Run, block_digest, blocks, data_lines, edit_rows, fnv, gunzip,
    inputs as run_inputs, recorded, recorded_edits, runs, system_scores,
};

pub(crate) const EXPERIMENT: Experiment = Experiment {
    id: "errant",
    title: "ERRANT natively: byte-identical to ERRANT 3.0.2 on spaCy's analyses, and on the built-in tagger",
    inputs,
    run,
    full: None,
};

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    Ok(run_inputs())
}

/// spaCy's analyses as committed: per sentence key, the fields without the words.
struct Recorded {
    rows: HashMap<u64, [Vec<String>; 5]>,
}

impl Recorded {
    fn load() -> anyhow::Result<Recorded> {
        let text = gunzip(&recorded("analyses.tsv.gz"))?;
        let defaults: HashMap<String, String> = text
            .lines()
            .find_map(|l| l.strip_prefix("# pos defaults\t"))
            .context("analyses.tsv.gz: no POS defaults")?
            .split(' ')
            .filter_map(|d| d.split_once('='))
            .map(|(t, p)| (t.to_owned(), p.to_owned()))
            .collect();
        let mut rows = HashMap::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() != 6 {
                bail!("analyses.tsv.gz: a row of {} fields", f.len());
            }
            let key = u64::from_str_radix(f[0], 16)?;
            let split = |s: &str| -> Vec<String> {
                if s.is_empty() {
                    Vec::new()
                } else {
                    s.split(' ').map(str::to_owned).collect()
                }
            };
            let tags = split(f[1]);
            let pos = tags
                .iter()
                .zip(split(f[2]))
                .map(|(t, p)| {
                    if p == "." {
                        defaults.get(t).cloned().unwrap_or_default()
                    } else {
                        p
                    }
                })
                .collect();
            rows.insert(key, [tags, pos, split(f[3]), split(f[4]), split(f[5])]);
        }
        Ok(Recorded { rows })
    }
}

impl Analyser for Recorded {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, ErrantError> {
        let missing = || ErrantError::NoAnalysis {
            sentence: words.join(" "),
        };
        let [tags, pos, deps, heads, lemmas] = self
            .rows
            .get(&fnv(&words.join("\u{1f}")))
            .ok_or_else(missing)?;
        if tags.len() != words.len() {
            return Err(missing());
        }
        (0..words.len())
            .map(|i| {
                let lemma = apply_lemma_edit(words[i], &lemmas[i]).ok_or_else(missing)?;
                // Only auxiliaries' heads are recorded; any other token is its own head here.
                let head = if heads[i] == "." {
                    i
                } else {
                    heads[i].parse().map_err(|_| missing())?
                };
                Ok(Token::new(
                    words[i], &lemma, &pos[i], &tags[i], &deps[i], head,
                ))
            })
            .collect()
    }
}

/// Our M2 of one recorded run.
pub(crate) fn ours<A: Analyser>(
    annotator: &Annotator<A>,
    data: &DataDir,
    run: &Run,
) -> anyhow::Result<String> {
    Ok(match &run.job {
        Job::Parallel { orig, cors } => {
            let originals = data_lines(data, orig)?;
            let corrected = cors
                .iter()
                .map(|c| data_lines(data, c))
                .collect::<anyhow::Result<Vec<_>>>()?;
            let options = ParallelOptions::default().with_align(run.align);
            parallel_m2(&annotate_parallel(
                annotator, &originals, &corrected, options,
            )?)
        }
        Job::M2 { file, mode } => {
            let text = std::fs::read_to_string(data.root().join(file))?;
            let options = RetypeOptions::default()
                .with_mode(*mode)
                .with_align(run.align);
            retype_m2(annotator, &text, file, options)?
        }
    })
}

#[derive(Serialize)]
struct Fidelity {
    run: String,
    sentences: usize,
    identical: usize,
    file_identical: bool,
}

#[derive(Serialize, Default)]
struct Agreement {
    run: String,
    errant_edits: usize,
    our_edits: usize,
    same_span: usize,
    same_span_and_type: usize,
}

#[derive(Serialize)]
struct TypeCount {
    category: String,
    errant: usize,
    ours: usize,
}

#[derive(Serialize)]
struct SystemScore {
    system: String,
    errant_f05: f64,
    our_f05: f64,
    errant_rank: usize,
    our_rank: usize,
}

type Key = (usize, String, i64, i64, String);

fn keyed(rows: Vec<EditRow>) -> BTreeMap<Key, String> {
    rows.into_iter()
        .filter(|r| r.5 != "noop")
        .map(|(b, a, s, e, c, t)| ((b, a, s, e, c), t))
        .collect()
}

fn ranks(scores: &[f64]) -> Vec<usize> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|o| *o > s).count())
        .collect()
}

fn f05(tp: u64, fp: u64, fn_: u64) -> f64 {
    gec_metrics::ErrantScore::from_counts(tp, fp, fn_, 0.5).f_beta
}

fn run(data: &DataDir, _inputs: &[String], bar: &ProgressBar) -> anyhow::Result<Report> {
    let words = WordList::english()?;
    let recorded_annotator = Annotator::new(Recorded::load()?, Classifier::new(words.clone()));
    let native = Annotator::new(Tagger::default_model()?, Classifier::new(words));
    let outputs = std::fs::read_to_string(recorded("outputs.tsv"))
        .context("xtask/recorded/errant/outputs.tsv: run `cargo xtask record errant`")?;
    let expected: HashMap<&str, (&str, Vec<&str>)> = outputs
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() == 3).then(|| (f[0], (f[1], f[2].split(',').collect())))
        })
        .collect();
    let mut errant_rows = recorded_edits()?;
    let mut fidelity = Vec::new();
    let mut agreement = Vec::new();
    let mut native_outputs: HashMap<String, String> = HashMap::new();
    let mut confusion: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for run in runs() {
        let (sha, digests) = expected
            .get(run.name.as_str())
            .with_context(|| format!("outputs.tsv has no run {}", run.name))?;
        let text = ours(&recorded_annotator, data, &run)?;
        let ours_blocks: Vec<String> = blocks(&text).into_iter().map(block_digest).collect();
        fidelity.push(Fidelity {
            run: run.name.clone(),
            sentences: digests.len(),
            identical: digests
                .iter()
                .zip(&ours_blocks)
                .filter(|(a, b)| *a == *b)
                .count(),
            file_identical: gecbias_data::sha256_base64(text.as_bytes()) == *sha,
        });
        if EDIT_RUNS.contains(&run.name.as_str()) {
            let native_text = ours(&native, data, &run)?;
            let theirs = keyed(errant_rows.remove(run.name.as_str()).unwrap_or_default());
            let mine = keyed(edit_rows(&native_text));
            let mut a = Agreement {
                run: run.name.clone(),
                errant_edits: theirs.len(),
                our_edits: mine.len(),
                ..Agreement::default()
            };
            for (key, t) in &theirs {
                if let Some(o) = mine.get(key) {
                    a.same_span += 1;
                    if o == t {
                        a.same_span_and_type += 1;
                    } else if run.name == "conll14-systems" {
                        *confusion.entry((t.clone(), o.clone())).or_default() += 1;
                    }
                }
            }
            if run.name == "conll14-systems" {
                for t in theirs.values() {
                    counts.entry(CategoryTier::Main.group(t)).or_default().0 += 1;
                }
                for t in mine.values() {
                    counts.entry(CategoryTier::Main.group(t)).or_default().1 += 1;
                }
            }
            agreement.push(a);
            native_outputs.insert(run.name.clone(), native_text);
        }
        bar.inc(1);
    }
    // Each system's F0.5 against the gold re-typed the same way (ours: both by the native
    // annotator; ERRANT's: both by ERRANT, recorded).
    let errant_scores = std::fs::read_to_string(recorded("scores.tsv"))?;
    let their_counts: Vec<Vec<u64>> = errant_scores
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split('\t')
                .skip(1)
                .filter_map(|x| x.parse().ok())
                .collect()
        })
        .collect();
    if their_counts.iter().any(|c| c.len() != 3) {
        bail!("scores.tsv: a row without TP, FP and FN");
    }
    let theirs: Vec<f64> = their_counts.iter().map(|f| f05(f[0], f[1], f[2])).collect();
    let mine: Vec<f64> = system_scores(
        &native_outputs["conll14-systems"],
        &native_outputs["official-2014.combined-gold"],
    )?
    .iter()
    .map(|s| s.f_beta)
    .collect();
    if theirs.len() != SYSTEMS.len() {
        bail!("scores.tsv holds {} systems", theirs.len());
    }
    let (their_ranks, my_ranks) = (ranks(&theirs), ranks(&mine));
    let systems: Vec<SystemScore> = SYSTEMS
        .iter()
        .enumerate()
        .map(|(k, (label, _))| SystemScore {
            system: (*label).to_owned(),
            errant_f05: theirs[k],
            our_f05: mine[k],
            errant_rank: their_ranks[k],
            our_rank: my_ranks[k],
        })
        .collect();
    let types: Vec<TypeCount> = counts
        .into_iter()
        .map(|(category, (errant, ours))| TypeCount {
            category,
            errant,
            ours,
        })
        .collect();
    let mut confusions: Vec<((String, String), usize)> = confusion.into_iter().collect();
    confusions.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    confusions.truncate(15);
    let mut markdown = markdown(&fidelity, &agreement, &types, &confusions, &systems);
    // The specs' goldens (metric-goldens, ERRANT on these systems against the re-typed gold):
    // the recording must give the same counts.
    markdown.push_str(
        "\nAgainst the specs' goldens (`errant_conll14_results.tsv`: ERRANT's counts against `errant_m2 -gold`):\n\n\
         | system | golden TP FP FN | recorded ERRANT 3.0.2 | equal | ours F0.5 |\n|---|---|---|---|---:|\n",
    );
    for row in gecbias_data::spec_goldens::rows("errant_conll14_results.tsv")? {
        if row.len() < 5 || !row[1].starts_with("errant_m2 -gold") {
            continue;
        }
        let k = SYSTEMS
            .iter()
            .position(|(label, _)| *label == row[0])
            .with_context(|| format!("golden system {}", row[0]))?;
        let golden: Vec<u64> = row[2..5]
            .iter()
            .map(|x| x.parse())
            .collect::<Result<_, _>>()?;
        let _ = writeln!(
            markdown,
            "| {} | {} | {} | {} | {:.4} |",
            row[0],
            row[2..5].join(" "),
            their_counts[k]
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            if golden == their_counts[k] {
                "yes"
            } else {
                "**no**"
            },
            mine[k]
        );
    }
    Ok(Report {
        markdown,
        json: serde_json::json!({
            "fidelity": fidelity,
            "native_agreement": agreement,
            "type_counts": types,
            "confusions": confusions.iter().map(|((e, o), n)| serde_json::json!({"errant": e, "ours": o, "edits": n})).collect::<Vec<_>>(),
            "systems": systems,
        }),
        figures: Vec::new(),
    })
}

fn pct(n: usize, d: usize) -> String {
    if d == 0 {
        return "–".into();
    }
    format!("{:.2} %", 100.0 * n as f64 / d as f64)
}

fn markdown(
    fidelity: &[Fidelity],
    agreement: &[Agreement],
    types: &[TypeCount],
    confusions: &[((String, String), usize)],
    systems: &[SystemScore],
) -> String {
    let mut md = String::from(
        "ERRANT 3.0.2 on spaCy 3.8 with `en_core_web_sm` 3.8.0 was run unchanged by `cargo xtask record errant` \
         (its M2 and spaCy's analysis of every sentence it parsed are committed, without the data's words, under \
         `xtask/recorded/errant/`). Speed is measured by `cargo xtask bench errant`, not here.\n\n\
         ## Fidelity: the algorithm on spaCy's analyses\n\n\
         The crate's aligner, merger and classifier, given spaCy's recorded analyses instead of the built-in tagger's: \
         sentence blocks identical to ERRANT's, and whether the whole file is byte-identical (SHA-256).\n\n\
         | run | sentences | identical | byte-identical file |\n|---|---:|---:|---|\n",
    );
    for f in fidelity {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            f.run,
            f.sentences,
            pct(f.identical, f.sentences),
            if f.file_identical { "yes" } else { "**no**" }
        );
    }
    md.push_str(
        "\n## Native: on the built-in tagger\n\n\
         The same text typed by `gecbias errant-parallel` / `errant-m2` (the `english-tagger` model: no Python, no spaCy) \
         beside ERRANT's edits. An edit keeps its span when ERRANT has an edit with the same sentence, annotator, original \
         span and correction; target ≥ 98 % of ERRANT's edits, and ≥ 95 % (stretch 97 %) with the type too.\n\n\
         | run | ERRANT's edits | ours | same span | same span and type |\n|---|---:|---:|---:|---:|\n",
    );
    for a in agreement {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            a.run,
            a.errant_edits,
            a.our_edits,
            pct(a.same_span, a.errant_edits),
            pct(a.same_span_and_type, a.errant_edits)
        );
    }
    md.push_str(
        "\n### Edits per type over the 14 CoNLL-2014 systems\n\n\
         Category without its operation (ERRANT's `-cat 2`); target: within 5 % of ERRANT's count for every type with ≥ 50 edits.\n\n\
         | type | ERRANT | ours | difference | within 5 % |\n|---|---:|---:|---:|---|\n",
    );
    for t in types {
        let diff = t.ours as f64 / t.errant.max(1) as f64 - 1.0;
        let verdict = if t.errant < 50 {
            "(< 50)"
        } else if diff.abs() <= 0.05 {
            "yes"
        } else {
            "**no**"
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:+.1} % | {verdict} |",
            t.category,
            t.errant,
            t.ours,
            100.0 * diff
        );
    }
    md.push_str(
        "\n### The most frequent type confusions (CoNLL-2014 systems, same span)\n\n| ERRANT | ours | edits |\n|---|---|---:|\n",
    );
    for ((e, o), n) in confusions {
        let _ = writeln!(md, "| {e} | {o} | {n} |");
    }
    md.push_str(
        "\n### F0.5 of the 14 CoNLL-2014 systems\n\n\
         Hypotheses typed from text, the gold (`official-2014.combined.m2`) re-typed with `-gold`, scored by errant_compare's \
         default (correction spans); ERRANT's column is ERRANT on spaCy throughout, ours the native annotator throughout. \
         Target: within 0.005, the ranking identical.\n\n\
         | system | ERRANT F0.5 | ours | difference | ERRANT rank | our rank |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for s in systems {
        let _ = writeln!(
            md,
            "| {} | {:.4} | {:.4} | {:+.4} | {} | {} |",
            s.system,
            s.errant_f05,
            s.our_f05,
            s.our_f05 - s.errant_f05,
            s.errant_rank,
            s.our_rank
        );
    }
    let worst = systems
        .iter()
        .map(|s| (s.our_f05 - s.errant_f05).abs())
        .fold(0.0, f64::max);
    let same_ranking = systems.iter().all(|s| s.errant_rank == s.our_rank);
    let _ = writeln!(
        md,
        "\nLargest difference {worst:.4}; ranking {}.",
        if same_ranking {
            "identical"
        } else {
            "**different**"
        }
    );
    md
}
