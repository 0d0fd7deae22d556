//! `errant`: the native ERRANT (crate `gec-errant`) beside ERRANT 3.0.2 itself, from the runs
//! `cargo xtask record errant` committed. Fidelity: the same aligner, merger and classifier on
//! spaCy's recorded analyses give ERRANT's M2 byte for byte (every merging strategy, `-lev`,
//! `errant_m2 -gold` and `-auto`). The default, spaCy's model run natively (crate `spacy-sm`):
//! its token analyses beside spaCy's, its M2 beside ERRANT's per run and per file. Both
//! analysers (the default and the EWT tagger): how many of ERRANT's edits keep their span and
//! their type, which types are confused, the per-type counts over the 14 CoNLL-2014 systems, and
//! each system's F0.5 and rank.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::Mutex;

use anyhow::{Context, bail};
use english_tagger::{Tagger, apply_lemma_edit};
use gec_errant::{
    Analyser, Annotator, Classifier, Error as ErrantError, SpacyAnalyser, Token, WordList,
};
use gec_metrics::CategoryTier;
use gecbias_data::DataDir;
use indicatif::ProgressBar;
use serde::Serialize;

use crate::harness::writer::{
    Align::{Left, Right},
    Table, fixed, signed,
};

use crate::harness::experiment::{Experiment, Report};
use crate::paper_inputs::conll14::SYSTEMS;
use crate::record::errant::ours;
use crate::record::errant::{
    EDIT_RUNS, EditRow, Job, analysis_key, block_digest, blocks, edit_rows, gunzip,
    inputs as run_inputs, recorded, recorded_edits, runs, system_scores,
};

pub(crate) const EXPERIMENT: Experiment = Experiment::new("errant", TITLE, inputs, run);
const TITLE: &str =
    "ERRANT natively: byte-identical to ERRANT 3.0.2, with spaCy's model run natively";

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
        let [tags, pos, deps, heads, lemmas] =
            self.rows.get(&analysis_key(words)).ok_or_else(missing)?;
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

/// The recorded analyses, handed to the annotator as they are, while each sentence's analysis
/// by spaCy's model run natively is compared with them field by field (once per sentence).
struct Tally<'a> {
    recorded: &'a Recorded,
    native: &'a SpacyAnalyser,
    seen: Mutex<(HashSet<u64>, TokenAgreement)>,
}

/// Tokens whose field is spaCy's, per field: tag, POS, lemma, label; heads of auxiliaries (the
/// only heads ERRANT reads, and the only ones recorded).
#[derive(Serialize, Default, Clone)]
struct TokenAgreement {
    sentences: usize,
    tokens: usize,
    tag: usize,
    pos: usize,
    lemma: usize,
    dep: usize,
    auxiliaries: usize,
    aux_head: usize,
}

impl Tally<'_> {
    /// Counts, once per sentence, the fields of `ours` that are `theirs`.
    fn compare(&self, key: u64, ours: &[Token], theirs: &[Token]) {
        let mut guard = self.seen.lock().expect("not poisoned");
        let (seen, tally) = &mut *guard;
        if !seen.insert(key) {
            return;
        }
        tally.sentences += 1;
        tally.tokens += theirs.len();
        for (o, t) in ours.iter().zip(theirs) {
            tally.tag += usize::from(o.tag == t.tag);
            tally.pos += usize::from(o.pos == t.pos);
            tally.lemma += usize::from(o.lemma == t.lemma);
            tally.dep += usize::from(o.dep == t.dep);
            if t.dep.starts_with("aux") {
                tally.auxiliaries += 1;
                tally.aux_head += usize::from(o.head == t.head);
            }
        }
    }
}

impl Analyser for Tally<'_> {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, ErrantError> {
        let theirs = self.recorded.analyse(words)?;
        self.compare(analysis_key(words), &self.native.analyse(words)?, &theirs);
        Ok(theirs)
    }
}

#[derive(Serialize)]
struct Fidelity {
    run: String,
    sentences: usize,
    identical: usize,
    file_identical: bool,
}

/// Per system (annotator) of a multi-system run: its sentences whose edits (noop included) are
/// ERRANT's, in order.
#[derive(Serialize)]
struct FileIdentity {
    run: String,
    system: String,
    sentences: usize,
    identical: usize,
}

#[derive(Serialize, Default)]
struct Agreement {
    run: String,
    analyser: String,
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
    ewt: usize,
}

#[derive(Serialize)]
struct SystemScore {
    system: String,
    errant_f05: f64,
    our_f05: f64,
    ewt_f05: f64,
    errant_rank: usize,
    our_rank: usize,
    ewt_rank: usize,
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

/// A sentence's edits for one annotator: (start, end, correction hash, type), in order.
type SentenceEdits = Vec<(i64, i64, String, String)>;

/// The edits of each (sentence, annotator), noop included.
fn by_sentence(rows: &[EditRow]) -> BTreeMap<(usize, String), SentenceEdits> {
    let mut out: BTreeMap<_, Vec<_>> = BTreeMap::new();
    for (b, a, s, e, c, t) in rows {
        out.entry((*b, a.clone()))
            .or_default()
            .push((*s, *e, c.clone(), t.clone()));
    }
    out
}

/// How many edits of `theirs` `mine` has with the same span, and with the same type too;
/// `confusion` gathers the types of same-span edits whose types differ.
fn agreement(
    run: &str,
    analyser: &str,
    theirs: &BTreeMap<Key, String>,
    mine: &BTreeMap<Key, String>,
    confusion: &mut BTreeMap<(String, String), usize>,
) -> Agreement {
    let mut a = Agreement {
        run: run.to_owned(),
        analyser: analyser.to_owned(),
        errant_edits: theirs.len(),
        our_edits: mine.len(),
        ..Agreement::default()
    };
    for (key, t) in theirs {
        if let Some(o) = mine.get(key) {
            a.same_span += 1;
            if o == t {
                a.same_span_and_type += 1;
            } else {
                *confusion.entry((t.clone(), o.clone())).or_default() += 1;
            }
        }
    }
    a
}

/// What comparing every recorded run with ours gathers.
#[derive(Default)]
struct Comparisons {
    /// Per run: our output with the recorded analyses, against ERRANT's.
    fidelity: Vec<Fidelity>,
    /// Per run: our output with spaCy's model run natively, against ERRANT's.
    default: Vec<Fidelity>,
    files: Vec<FileIdentity>,
    agreements: Vec<Agreement>,
    /// (run, analyser) → our M2 of the run.
    outputs_of: HashMap<(String, &'static str), String>,
    confusion: BTreeMap<(String, String), usize>,
    ewt_confusion: BTreeMap<(String, String), usize>,
    /// Per main type: ERRANT's, ours (spaCy) and the EWT tagger's edits over the 14 systems.
    counts: BTreeMap<String, (usize, usize, usize)>,
}

fn run(data: &DataDir, _inputs: &[String], bar: &ProgressBar) -> anyhow::Result<Report> {
    let words = WordList::english()?;
    let recorded_analyses = Recorded::load()?;
    let spacy = Annotator::english()?;
    let tally = Tally {
        recorded: &recorded_analyses,
        native: spacy.analyser(),
        seen: Mutex::default(),
    };
    let recorded_annotator = Annotator::new(tally, Classifier::new(words.clone()));
    let ewt = Annotator::new(Tagger::default_model()?, Classifier::new(words));
    let c = compare_runs(data, &recorded_annotator, &spacy, &ewt, bar)?;
    let tokens = recorded_annotator
        .analyser()
        .seen
        .lock()
        .expect("not poisoned")
        .1
        .clone();
    let their_counts = recorded_counts()?;
    let theirs: Vec<f64> = their_counts.iter().map(|f| f05(f[0], f[1], f[2])).collect();
    let scores_of = |analyser: &'static str| -> anyhow::Result<Vec<f64>> {
        let output = |run: &str| &c.outputs_of[&(run.to_owned(), analyser)];
        Ok(system_scores(
            output("conll14-systems"),
            output("official-2014.combined-gold"),
        )?
        .iter()
        .map(|s| s.f_beta)
        .collect())
    };
    let (mine, native) = (scores_of("spacy")?, scores_of("ewt")?);
    let (their_ranks, my_ranks, ewt_ranks) = (ranks(&theirs), ranks(&mine), ranks(&native));
    let systems: Vec<SystemScore> = SYSTEMS
        .iter()
        .enumerate()
        .map(|(k, (label, _))| SystemScore {
            system: (*label).to_owned(),
            errant_f05: theirs[k],
            our_f05: mine[k],
            ewt_f05: native[k],
            errant_rank: their_ranks[k],
            our_rank: my_ranks[k],
            ewt_rank: ewt_ranks[k],
        })
        .collect();
    let types: Vec<TypeCount> = c
        .counts
        .into_iter()
        .map(|(category, (errant, ours, ewt))| TypeCount {
            category,
            errant,
            ours,
            ewt,
        })
        .collect();
    let top = |confusion: BTreeMap<(String, String), usize>| {
        let mut top: Vec<((String, String), usize)> = confusion.into_iter().collect();
        top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        top.truncate(15);
        top
    };
    let (confusions, ewt_confusions) = (top(c.confusion), top(c.ewt_confusion));
    let mut markdown = markdown(&Tables {
        fidelity: &c.fidelity,
        default: &c.default,
        tokens: &tokens,
        files: &c.files,
        agreement: &c.agreements,
        types: &types,
        confusions: &confusions,
        ewt_confusions: &ewt_confusions,
        systems: &systems,
    });
    golden_section(&mut markdown, &their_counts, &mine)?;
    let pairs = |c: &[((String, String), usize)]| {
        c.iter()
            .map(|((e, o), n)| serde_json::json!({"errant": e, "ours": o, "edits": n}))
            .collect::<Vec<_>>()
    };
    Ok(Report {
        markdown,
        json: serde_json::json!({
            "fidelity": c.fidelity,
            "default_analyser": c.default,
            "token_agreement": tokens,
            "file_identity": c.files,
            "edit_agreement": c.agreements,
            "type_counts": types,
            "confusions": pairs(&confusions),
            "ewt_confusions": pairs(&ewt_confusions),
            "systems": systems,
        }),
        figures: Vec::new(),
    })
}

/// `outputs.tsv`'s rows: per run, the digest of ERRANT's whole output and of each sentence's.
fn expected_outputs(outputs: &str) -> HashMap<&str, (&str, Vec<&str>)> {
    outputs
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() == 3).then(|| (f[0], (f[1], f[2].split(',').collect())))
        })
        .collect()
}

/// Every recorded run redone by our annotators (the recorded analyses, spaCy's model natively,
/// the EWT tagger), compared with ERRANT's output file by file, sentence by sentence and edit by
/// edit.
fn compare_runs(
    data: &DataDir,
    recorded_annotator: &Annotator<Tally<'_>>,
    spacy: &Annotator<SpacyAnalyser>,
    ewt: &Annotator<Tagger>,
    bar: &ProgressBar,
) -> anyhow::Result<Comparisons> {
    let outputs = std::fs::read_to_string(recorded("outputs.tsv"))
        .context("xtask/recorded/errant/outputs.tsv: run `cargo xtask record errant`")?;
    let expected = expected_outputs(&outputs);
    let mut errant_rows = recorded_edits()?;
    let mut c = Comparisons::default();
    let identity = |text: &str, digests: &[&str], sha: &str| Fidelity {
        run: String::new(),
        sentences: digests.len(),
        identical: digests
            .iter()
            .zip(blocks(text).into_iter().map(block_digest))
            .filter(|(a, b)| **a == b.as_str())
            .count(),
        file_identical: gecbias_data::sha256_base64(text.as_bytes()) == sha,
    };
    for run in runs() {
        let (sha, digests) = expected
            .get(run.name.as_str())
            .with_context(|| format!("outputs.tsv has no run {}", run.name))?;
        // spaCy's analyses of raw text are not among the recorded ones (`record errant`).
        if !matches!(run.job, Job::Parallel { tok: true, .. }) {
            let text = ours(recorded_annotator, data, &run)?;
            c.fidelity.push(Fidelity {
                run: run.name.clone(),
                ..identity(&text, digests, sha)
            });
        }
        let spacy_text = ours(spacy, data, &run)?;
        c.default.push(Fidelity {
            run: run.name.clone(),
            ..identity(&spacy_text, digests, sha)
        });
        if EDIT_RUNS.contains(&run.name.as_str()) {
            let ewt_text = ours(ewt, data, &run)?;
            let rows = errant_rows.remove(run.name.as_str()).unwrap_or_default();
            if let Job::Parallel { cors, .. } = &run.job {
                let (theirs, mine) = (by_sentence(&rows), by_sentence(&edit_rows(&spacy_text)?));
                c.files.extend(file_identities(
                    &run.name,
                    cors,
                    digests.len(),
                    &theirs,
                    &mine,
                ));
            }
            let theirs = keyed(rows);
            let mine = keyed(edit_rows(&spacy_text)?);
            let native = keyed(edit_rows(&ewt_text)?);
            let conll = run.name == "conll14-systems";
            let mut ignored = BTreeMap::new();
            c.agreements.push(agreement(
                &run.name,
                "spaCy's model, natively (default)",
                &theirs,
                &mine,
                if conll {
                    &mut c.confusion
                } else {
                    &mut ignored
                },
            ));
            c.agreements.push(agreement(
                &run.name,
                "EWT tagger (--analyser ewt)",
                &theirs,
                &native,
                if conll {
                    &mut c.ewt_confusion
                } else {
                    &mut ignored
                },
            ));
            if conll {
                for (column, edits) in [(0, &theirs), (1, &mine), (2, &native)] {
                    for t in edits.values() {
                        let n = c.counts.entry(CategoryTier::Main.group(t)).or_default();
                        match column {
                            0 => n.0 += 1,
                            1 => n.1 += 1,
                            _ => n.2 += 1,
                        }
                    }
                }
            }
            c.outputs_of.insert((run.name.clone(), "spacy"), spacy_text);
            c.outputs_of.insert((run.name.clone(), "ewt"), ewt_text);
        }
        bar.inc(1);
    }
    Ok(c)
}

/// Per corrected file of a parallel run: its sentences whose edits are ERRANT's.
fn file_identities(
    run: &str,
    cors: &[String],
    sentences: usize,
    theirs: &BTreeMap<(usize, String), SentenceEdits>,
    mine: &BTreeMap<(usize, String), SentenceEdits>,
) -> Vec<FileIdentity> {
    cors.iter()
        .enumerate()
        .map(|(k, file)| {
            let system = if run.starts_with("conll14-systems") {
                SYSTEMS[k].0.to_owned()
            } else {
                file.rsplit('/').next().unwrap_or(file).to_owned()
            };
            let identical = (0..sentences)
                .filter(|&b| {
                    let key = (b, k.to_string());
                    theirs.get(&key) == mine.get(&key)
                })
                .count();
            FileIdentity {
                run: run.to_owned(),
                system,
                sentences,
                identical,
            }
        })
        .collect()
}

/// ERRANT's recorded TP, FP, FN of each system against the gold re-typed by ERRANT.
fn recorded_counts() -> anyhow::Result<Vec<Vec<u64>>> {
    let errant_scores = std::fs::read_to_string(recorded("scores.tsv"))?;
    let counts: Vec<Vec<u64>> = errant_scores
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split('\t')
                .skip(1)
                .filter_map(|x| x.parse().ok())
                .collect()
        })
        .collect();
    if counts.iter().any(|c| c.len() != 3) {
        bail!("scores.tsv: a row without TP, FP and FN");
    }
    if counts.len() != SYSTEMS.len() {
        bail!("scores.tsv holds {} systems", counts.len());
    }
    Ok(counts)
}

/// The specs' goldens (metric-goldens, ERRANT on these systems against the re-typed gold): the
/// recording must give the same counts.
fn golden_section(md: &mut String, their_counts: &[Vec<u64>], mine: &[f64]) -> anyhow::Result<()> {
    md.push_str(
        "\nAgainst the specs' goldens (`errant_conll14_results.tsv`: ERRANT's counts against `errant_m2 -gold`):\n\n\
",
    );
    let mut table = Table::new(&[
        ("system", Left),
        ("golden TP FP FN", Left),
        ("recorded ERRANT 3.0.2", Left),
        ("equal", Left),
        ("ours F0.5", Right),
    ]);
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
        table.row([
            row[0].clone(),
            row[2..5].join(" "),
            their_counts[k]
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            yes_or_no(golden == their_counts[k]).to_owned(),
            fixed(mine[k], 4),
        ]);
    }
    md.push_str(&table.markdown());
    Ok(())
}

fn pct(n: usize, d: usize) -> String {
    if d == 0 {
        return "–".into();
    }
    format!("{:.2} %", 100.0 * n as f64 / d as f64)
}

/// Everything the report's tables show.
struct Tables<'a> {
    fidelity: &'a [Fidelity],
    default: &'a [Fidelity],
    tokens: &'a TokenAgreement,
    files: &'a [FileIdentity],
    agreement: &'a [Agreement],
    types: &'a [TypeCount],
    confusions: &'a [((String, String), usize)],
    ewt_confusions: &'a [((String, String), usize)],
    systems: &'a [SystemScore],
}

/// `yes`, or a bold `no` that a reader cannot miss.
fn yes_or_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "**no**" }
}

fn identity_table(md: &mut String, rows: &[Fidelity]) {
    let mut table = Table::new(&[
        ("run", Left),
        ("sentences", Right),
        ("identical", Right),
        ("byte-identical file", Left),
    ]);
    for f in rows {
        table.row([
            f.run.to_string(),
            f.sentences.to_string(),
            pct(f.identical, f.sentences),
            yes_or_no(f.file_identical).to_owned(),
        ]);
    }
    md.push_str(&table.markdown());
}

fn confusion_table(md: &mut String, confusions: &[((String, String), usize)]) {
    if confusions.is_empty() {
        md.push_str("None: every edit with ERRANT's span has ERRANT's type.\n");
        return;
    }
    let mut table = Table::new(&[("ERRANT", Left), ("ours", Left), ("edits", Right)]);
    for ((e, o), n) in confusions {
        table.row([e.clone(), o.clone(), n.to_string()]);
    }
    md.push_str(&table.markdown());
}

/// Each run's edits beside ERRANT's, by analyser.
fn agreement_table(agreement: &[Agreement]) -> String {
    let mut table = Table::new(&[
        ("run", Left),
        ("analyser", Left),
        ("ERRANT's edits", Right),
        ("ours", Right),
        ("same span", Right),
        ("same span and type", Right),
    ]);
    for a in agreement {
        table.row([
            a.run.to_string(),
            a.analyser.to_string(),
            a.errant_edits.to_string(),
            a.our_edits.to_string(),
            pct(a.same_span, a.errant_edits),
            pct(a.same_span_and_type, a.errant_edits),
        ]);
    }
    table.markdown()
}

/// Edits per type: ERRANT's count, ours and the EWT tagger's.
fn types_table(types: &[TypeCount]) -> String {
    let mut table = Table::new(&[
        ("type", Left),
        ("ERRANT", Right),
        ("ours", Right),
        ("difference", Right),
        ("within 1 %", Left),
        ("EWT tagger", Right),
    ]);
    for c in types {
        let diff = c.ours as f64 / c.errant.max(1) as f64 - 1.0;
        let verdict = if c.errant < 20 {
            "(< 20)"
        } else if diff.abs() <= 0.01 {
            "yes"
        } else {
            "**no**"
        };
        table.row([
            c.category.to_string(),
            c.errant.to_string(),
            c.ours.to_string(),
            format!("{} %", signed(100.0 * diff, 1)),
            verdict.to_owned(),
            c.ewt.to_string(),
        ]);
    }
    table.markdown()
}

fn markdown(t: &Tables<'_>) -> String {
    let mut md = String::from(
        "ERRANT 3.0.2 on spaCy 3.8 with `en_core_web_sm` 3.8.0 was run unchanged by `cargo xtask record errant` \
         (its M2 and spaCy's analysis of every sentence it parsed are committed, without the data's words, under \
         `xtask/recorded/errant/`). Speed is measured by `cargo xtask bench errant`, not here.\n\n\
         ## Fidelity: the algorithm on spaCy's analyses\n\n\
         The crate's aligner, merger and classifier, given spaCy's recorded analyses of pretokenised text (those of raw \
         text, `-tok`, are checked by `crates/spacy-sm/tests/tokenizer.rs` against `cargo xtask record spacy`): \
         sentence blocks identical to ERRANT's, and whether the whole file is byte-identical (SHA-256).\n\n",
    );
    identity_table(&mut md, t.fidelity);
    let k = t.tokens;
    let _ = write!(
        md,
        "\n## The default: spaCy's model run natively\n\n\
         `gecbias errant-parallel`, `errant-m2`, `score -m errant -s` and Python analyse with `en_core_web_sm` 3.8.0 \
         itself (crate `spacy-sm`, the weights converted by `cargo xtask import-spacy-model`), lemmatised by spaCy's rule \
         lemmatiser.\n\n\
         ### Token analyses\n\n\
         Every distinct sentence ERRANT parsed in the runs below ({} sentences, {} tokens: the CoNLL-2014 and JFLEG dev \
         sources, the 14 systems' outputs, the gold corrections, the JFLEG references, pretokenised), analysed natively \
         beside spaCy's recorded analysis. Target ≥ 99.9 % per field.\n\n",
        k.sentences, k.tokens,
    );
    let mut fields = Table::new(&[("field", Left), ("identical", Right)]);
    for (field, same) in [
        ("tag", k.tag),
        ("POS", k.pos),
        ("lemma", k.lemma),
        ("label", k.dep),
    ] {
        fields.row([field.to_owned(), pct(same, k.tokens)]);
    }
    fields.row([
        format!(
            "head (the {} auxiliaries: the heads ERRANT reads)",
            k.auxiliaries
        ),
        pct(k.aux_head, k.auxiliaries),
    ]);
    md.push_str(&fields.markdown());
    md.push_str(
        "\n### M2 identical to ERRANT's\n\n\
         Sentence blocks identical to ERRANT's (targets ≥ 99.8 %) and the whole file byte for byte.\n\n",
    );
    identity_table(&mut md, t.default);
    md.push_str(
        "\nPer file: the sentences whose edits (or `noop`) for that system or reference are ERRANT's, in order \
         (target ≥ 99.8 % per file).\n\n",
    );
    let mut table = Table::new(&[
        ("run", Left),
        ("file", Left),
        ("sentences", Right),
        ("identical", Right),
    ]);
    for f in t.files {
        table.row([
            f.run.to_string(),
            f.system.to_string(),
            f.sentences.to_string(),
            pct(f.identical, f.sentences),
        ]);
    }
    md.push_str(&table.markdown());
    md.push_str(
        "\n### Edits beside ERRANT's, by analyser\n\n\
         An edit keeps its span when ERRANT has an edit with the same sentence, annotator, original span and \
         correction. `--analyser ewt` runs the EWT-trained tagger of `gecbias tag` instead of spaCy's model.\n\n\
",
    );
    md.push_str(&agreement_table(t.agreement));
    md.push_str(
        "\n### Edits per type over the 14 CoNLL-2014 systems\n\n\
         Category without its operation (ERRANT's `-cat 2`); target for the default: within 1 % of ERRANT's count for every \
         type with ≥ 20 edits.\n\n\
",
    );
    md.push_str(&types_table(t.types));
    md.push_str("\n### Type confusions (CoNLL-2014 systems, same span), the default\n\n");
    confusion_table(&mut md, t.confusions);
    md.push_str("\n### Type confusions with the EWT tagger, the most frequent\n\n");
    confusion_table(&mut md, t.ewt_confusions);
    systems_section(&mut md, t.systems);
    md
}

/// The F0.5 of the 14 systems by ERRANT, by the native annotator and with the EWT tagger, and
/// their rankings.
fn systems_section(md: &mut String, systems: &[SystemScore]) {
    md.push_str(
        "\n### F0.5 of the 14 CoNLL-2014 systems\n\n\
         Hypotheses typed from text, the gold (`official-2014.combined.m2`) re-typed with `-gold`, scored by errant_compare's \
         default (correction spans); ERRANT's column is ERRANT on spaCy throughout, ours the native annotator throughout. \
         Target: equal to 4 decimals.\n\n\
",
    );
    let mut table = Table::new(&[
        ("system", Left),
        ("ERRANT F0.5", Right),
        ("ours", Right),
        ("equal to 4 decimals", Left),
        ("EWT tagger", Right),
        ("ERRANT rank", Right),
        ("our rank", Right),
        ("EWT rank", Right),
    ]);
    for s in systems {
        let (errant, ours) = (fixed(s.errant_f05, 4), fixed(s.our_f05, 4));
        table.row([
            s.system.to_string(),
            errant.clone(),
            ours.clone(),
            yes_or_no(ours == errant).to_owned(),
            fixed(s.ewt_f05, 4),
            s.errant_rank.to_string(),
            s.our_rank.to_string(),
            s.ewt_rank.to_string(),
        ]);
    }
    md.push_str(&table.markdown());
    let worst = |f: fn(&SystemScore) -> f64| {
        systems
            .iter()
            .map(|s| (f(s) - s.errant_f05).abs())
            .fold(0.0, f64::max)
    };
    let _ = writeln!(
        md,
        "\nLargest difference {:.4} (EWT tagger: {:.4}); ranking {} (EWT tagger: {}).",
        worst(|s| s.our_f05),
        worst(|s| s.ewt_f05),
        if systems.iter().all(|s| s.errant_rank == s.our_rank) {
            "identical"
        } else {
            "**different**"
        },
        if systems.iter().all(|s| s.errant_rank == s.ewt_rank) {
            "identical"
        } else {
            "different"
        }
    );
}
