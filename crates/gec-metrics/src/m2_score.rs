//! The MaxMatch (M2) scorer (Dahlmeier & Ng 2012), identical to the official `m2scorer`: the
//! hypothesis' edits are the path through the edit lattice ([`crate::edit_lattice`]) that agrees
//! with the most gold edits, and per sentence the annotator is chosen who maximises the running
//! corpus F_β.
//!
//! Corpus scores from counts summed over sentences (c correct, e proposed, g gold edits):
//! P = c/e (1 when e = 0), R = c/g (1 when g = 0), F_β = (1 + β²)·P·R / (β²·P + R) (0 when the
//! denominator is 0). The choice of annotator: the one with the highest running F_β; ties go to
//! more correct edits, then to fewer e + β²·g.
//!
//! [`SentenceStats`] keeps every annotator's counts of every sentence, so a bootstrap
//! re-runs only the annotator choice on each resample ([`corpus_score`]), never the lattice.

use crate::Error;
use crate::edit_lattice::{Edit, FirstRowInsertions, GoldEdit, Lattice};
use crate::m2_file::M2File;
use crate::m2_trace::{MAX_TRACE_VERTICES, SentenceTrace, TooLarge, TraceError};
use crate::parallel::map_indices;
use crate::python_dict::dict_order;
use crate::text::{python_split, python_strip, python2_float};
use std::fmt::Write as _;

/// Options of the M2 scorer (the official defaults by [`Default`]; [`M2Options::LCB_AUTHORS`] for
/// the LCB paper's settings). Fields are public: set the ones to change on a default value.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct M2Options {
    /// β of F_β (0.5: precision weighs twice as much as recall).
    pub beta: f64,
    /// How many unchanged words one system edit may span (2).
    pub max_unchanged_words: u32,
    /// Drop system edits that only change case or spacing (`--ignore_whitespace_casing`, off;
    /// the LCB paper's experiments turn it on).
    pub ignore_whitespace_casing: bool,
    /// Where insertions before the first word are anchored (official HEAD by default).
    pub first_row_insertions: FirstRowInsertions,
    /// Refuse sentences whose lattice would have more arcs than this (2,000,000: a guard on
    /// memory and time, as the transitive closure grows with the square of the vertices). The 14
    /// CoNLL-2014 systems stay under 100,000 arcs and hypotheses that double or reverse their
    /// source (the first 300 sentences of BN.m2) under 500,000; a 999-token sentence replaced by
    /// 999 other tokens reaches the limit in about a second (at 20 million: 74 s and 1.5 GB).
    pub max_lattice_arcs: usize,
    /// Refuse a sentence pair whose source or hypothesis has more tokens than this, before any
    /// matrix is allocated (1,000: the Levenshtein matrices and the lattice grow with the product
    /// of the two lengths; the longest line of CoNLL-2014, its 14 systems, NUCLE and Bryant &
    /// Ng's references has 261 tokens, of JFLEG 80).
    pub max_sentence_tokens: usize,
}

impl M2Options {
    /// The official m2scorer's defaults: β = 0.5, two unchanged words, case and spacing edits
    /// scored, insertions before the first word anchored at position 0 (HEAD since 2016).
    pub const OFFICIAL: M2Options = M2Options {
        beta: 0.5,
        max_unchanged_words: 2,
        ignore_whitespace_casing: false,
        first_row_insertions: FirstRowInsertions::AtSentenceStart,
        max_lattice_arcs: 2_000_000,
        max_sentence_tokens: 1_000,
    };

    /// The scorer as the LCB paper's experiments ran it (Choshen & Abend 2018, Fig. 3 and §2.3):
    /// the authors' Release-3.2 copy ([`FirstRowInsertions::Release32`]) with
    /// `--ignore_whitespace_casing`; the other options official.
    pub const LCB_AUTHORS: M2Options = M2Options {
        ignore_whitespace_casing: true,
        first_row_insertions: FirstRowInsertions::Release32,
        ..M2Options::OFFICIAL
    };

    /// These options with β changed.
    pub const fn with_beta(self, beta: f64) -> Self {
        Self { beta, ..self }
    }
}

impl Default for M2Options {
    fn default() -> Self {
        Self::OFFICIAL
    }
}

/// One source sentence with every annotator's gold edits, as the scorer reads an M2 block:
/// `noop` lines give an annotator with no edits; a block without `A` lines has annotator 0 with
/// no edits.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GoldSentence {
    /// The source sentence.
    pub source: String,
    /// Annotator id and that annotator's edits (in file order), the annotators in the order
    /// m2scorer iterates them: a Python 2.7 dict keyed by id, filled in file order of first
    /// appearance and copied once (so `8` comes before `3`; m2scorer keeps the first annotator of
    /// a tie).
    pub annotators: Vec<(u32, Vec<GoldEdit>)>,
}

impl GoldSentence {
    /// The gold sentences of an M2 file.
    pub fn from_file(file: &M2File) -> Vec<GoldSentence> {
        file.blocks
            .iter()
            .map(|block| {
                let tokens = block.tokens();
                let mut annotators: Vec<(u32, Vec<GoldEdit>)> = Vec::new();
                for edit in &block.edits {
                    let at = match annotators.iter().position(|(id, _)| *id == edit.annotator) {
                        Some(at) => at,
                        None => {
                            annotators.push((edit.annotator, Vec::new()));
                            annotators.len() - 1
                        }
                    };
                    // The official scorer drops edits that reach outside the sentence (only a
                    // leniently read file has them).
                    // A reversed span (start after end) is kept, as the scorer keeps it: it
                    // matches nothing.
                    if edit.is_noop() {
                        continue;
                    }
                    let n = tokens.len();
                    let (Ok(start), Ok(end)) =
                        (usize::try_from(edit.start), usize::try_from(edit.end))
                    else {
                        continue;
                    };
                    if start > n || end > n {
                        continue;
                    }
                    let gold = GoldEdit {
                        start: start as u32,
                        end: end as u32,
                        original: tokens.get(start..end).unwrap_or_default().join(" "),
                        corrections: edit.corrections(),
                        written_none: edit.correction.split("||").map(|c| c == "-NONE-").collect(),
                    };
                    annotators[at].1.push(gold);
                }
                if annotators.is_empty() {
                    annotators.push((0, Vec::new()));
                }
                // load_annotation's dict of annotators, then `this_edits`, a dict filled in the
                // first one's order.
                let ids: Vec<i64> = annotators.iter().map(|(id, _)| i64::from(*id)).collect();
                let order = dict_order(&dict_order(&ids));
                annotators.sort_by_key(|(id, _)| order.iter().position(|&k| k == i64::from(*id)));
                GoldSentence {
                    source: block.source.clone(),
                    annotators,
                }
            })
            .collect()
    }
}

/// Edit counts of one sentence against one annotator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counts {
    /// System edits that match a gold edit.
    pub correct: u32,
    /// System edits.
    pub proposed: u32,
    /// Gold edits.
    pub gold: u32,
}

/// The sufficient statistics of one sentence: its counts against each annotator.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SentenceStats {
    /// Annotator id and counts, in the scorer's annotator order.
    pub annotators: Vec<(u32, Counts)>,
}

/// One annotator's view of one sentence, for the verbose report.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AnnotatorResult {
    /// The annotator id.
    pub annotator: u32,
    /// The system edits on the optimistic path for this annotator, left to right.
    pub edits: Vec<Edit>,
    /// The system edits counted as correct.
    pub correct: Vec<Edit>,
    /// The annotator's gold edits.
    pub gold: Vec<GoldEdit>,
}

impl SentenceStats {
    /// The same sentence for the running choice, fewer annotators where possible: when one
    /// annotator has at least as many correct and at most as many proposed and gold edits as
    /// every other, it wins whatever the running totals (F_β rises with c and falls with e and g,
    /// and so do the rounded values; on equal counts the first wins), so it alone is kept.
    /// [`corpus_score`] of decided statistics equals that of the originals; resampling, which
    /// repeats the choice hundreds of thousands of times, uses them.
    pub fn decided(&self) -> SentenceStats {
        let dominates = |a: &Counts, b: &Counts| {
            a.correct >= b.correct && a.proposed <= b.proposed && a.gold <= b.gold
        };
        let Some(&(_, first)) = self.annotators.first() else {
            return self.clone();
        };
        let mut best = (0, first);
        for (k, &(_, counts)) in self.annotators.iter().enumerate().skip(1) {
            if dominates(&counts, &best.1) && counts != best.1 {
                best = (k, counts);
            }
        }
        if self.annotators.iter().all(|(_, c)| dominates(&best.1, c)) {
            SentenceStats {
                annotators: vec![self.annotators[best.0]],
            }
        } else {
            self.clone()
        }
    }

    /// The statistics of one sentence's results against its annotators ([`score_sentence`]).
    pub fn of(results: &[AnnotatorResult]) -> SentenceStats {
        SentenceStats {
            annotators: results.iter().map(|r| (r.annotator, r.counts())).collect(),
        }
    }
}

impl AnnotatorResult {
    fn counts(&self) -> Counts {
        Counts {
            correct: self.correct.len() as u32,
            proposed: self.edits.len() as u32,
            gold: self.gold.len() as u32,
        }
    }
}

/// Corpus-level M2 result.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct M2Score {
    /// Correct edits summed over sentences (chosen annotators).
    pub correct: u64,
    /// Proposed edits summed over sentences.
    pub proposed: u64,
    /// Gold edits of the chosen annotators.
    pub gold: u64,
    /// P = correct / proposed (1 if nothing proposed).
    pub precision: f64,
    /// R = correct / gold (1 if no gold edit).
    pub recall: f64,
    /// F_β = (1 + β²)·P·R / (β²·P + R) (0 if P = R = 0).
    pub f_beta: f64,
}

/// The largest β of F_β the scorers take: 100. β² overflows above about 1.3·10¹⁵⁴ (F_β then
/// NaN), and loses R's digits long before (at 10¹⁵⁴, F is 0.1347 where R is 0.2152); at β = 100,
/// F_β = R·(1 + β²)P / (β²P + R) is already within R²/(10⁴·P) of recall, so a larger β says
/// nothing more than "recall".
pub const MAX_BETA: f64 = 100.0;

/// `beta` if it is a number in [0, [`MAX_BETA`]], else [`Error::InvalidParams`] (0 weighs
/// precision alone).
pub fn check_beta(beta: f64) -> Result<f64, Error> {
    if (0.0..=MAX_BETA).contains(&beta) {
        return Ok(beta);
    }
    Err(Error::InvalidParams(format!(
        "β = {beta}: F_β takes β from 0 to {MAX_BETA} (above, β² loses recall's digits and then \
         overflows)"
    )))
}

/// The system edits of `hypothesis` against every annotator of `gold` (sentence `index`, for
/// messages).
pub fn score_sentence(
    gold: &GoldSentence,
    hypothesis: &str,
    index: usize,
    options: &M2Options,
) -> Result<Vec<AnnotatorResult>, Error> {
    per_annotator(
        gold,
        hypothesis,
        index,
        options,
        |annotator, edits, gold_edits| {
            let mut correct = Vec::new();
            for_each_match(edits, gold_edits, |e| correct.push(e.clone()));
            AnnotatorResult {
                annotator,
                edits: edits.to_vec(),
                correct,
                gold: gold_edits.to_vec(),
            }
        },
    )
}

/// [`SentenceStats`] of `hypothesis` against every annotator of `gold`: [`score_sentence`]
/// reduced to counts without keeping the edits.
fn sentence_counts(
    gold: &GoldSentence,
    hypothesis: &str,
    index: usize,
    options: &M2Options,
) -> Result<SentenceStats, Error> {
    let annotators = per_annotator(
        gold,
        hypothesis,
        index,
        options,
        |annotator, edits, gold_edits| {
            let mut correct = 0;
            for_each_match(edits, gold_edits, |_| correct += 1);
            let counts = Counts {
                correct,
                proposed: edits.len() as u32,
                gold: gold_edits.len() as u32,
            };
            (annotator, counts)
        },
    )?;
    Ok(SentenceStats { annotators })
}

/// `text`'s tokens (Python's `split()`), in a vector sized once rather than grown token by token:
/// a reallocation at every doubling, for every sentence of every system scored.
fn tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::with_capacity(text.len() / 4 + 1);
    tokens.extend(python_split(text));
    tokens
}

/// `result(annotator, system edits on its optimistic path, its gold edits)` for every annotator of
/// `gold`: the lattice built once, one path per distinct set of gold edits.
fn per_annotator<R>(
    gold: &GoldSentence,
    hypothesis: &str,
    index: usize,
    options: &M2Options,
    mut result: impl FnMut(u32, &[Edit], &[GoldEdit]) -> R,
) -> Result<Vec<R>, Error> {
    let check_length = |side, tokens| {
        if tokens > options.max_sentence_tokens {
            return Err(Error::SentenceTooLong {
                sentence: index,
                side,
                tokens,
                limit: options.max_sentence_tokens,
            });
        }
        Ok(())
    };
    // A line equal to its source splits into the same tokens: counting them is enough (most
    // lines of a conservative system are such, and splitting was a tenth of the scorer's time),
    // and a line of b bytes has at most ⌈b / 2⌉ tokens, so short lines need no count either.
    let (source, hypothesis) = if hypothesis == gold.source {
        if hypothesis.len().div_ceil(2) > options.max_sentence_tokens {
            check_length("gold source", python_split(hypothesis).count())?;
        }
        (Vec::new(), Vec::new())
    } else {
        let (source, hypothesis) = (tokens(&gold.source), tokens(hypothesis));
        check_length("gold source", source.len())?;
        check_length("hypothesis", hypothesis.len())?;
        (source, hypothesis)
    };
    if source == hypothesis {
        // An unchanged sentence: the only minimal-cost alignment is the diagonal, every arc of the
        // lattice leaves its token unchanged, and so every annotator's path proposes nothing.
        return Ok(gold
            .annotators
            .iter()
            .map(|(annotator, gold_edits)| result(*annotator, &[], gold_edits))
            .collect());
    }
    let lattice = Lattice::new(
        &source,
        &hypothesis,
        options.max_unchanged_words,
        options.first_row_insertions,
        options.max_lattice_arcs,
    )
    .ok_or(Error::LatticeTooLarge {
        sentence: index,
        limit: options.max_lattice_arcs,
    })?;
    // Annotators with the same gold edits (often several with none) share one path.
    let mut paths: Vec<(&[GoldEdit], Vec<Edit>)> = Vec::new();
    Ok(gold
        .annotators
        .iter()
        .map(|(annotator, gold_edits)| {
            let known = paths.iter().position(|(g, _)| *g == gold_edits.as_slice());
            let k = known.unwrap_or_else(|| {
                let mut path = lattice.best_edits(gold_edits);
                if options.ignore_whitespace_casing {
                    path.retain(|e| !equal_ignoring_whitespace_casing(&e.original, &e.correction));
                }
                paths.push((gold_edits, path));
                paths.len() - 1
            });
            result(*annotator, &paths[k].1, gold_edits)
        })
        .collect())
}

fn equal_ignoring_whitespace_casing(a: &str, b: &str) -> bool {
    let squeeze = |s: &str| s.replace(' ', "").to_lowercase();
    squeeze(a) == squeeze(b)
}

/// The official scorer's count of correct edits: each system edit, left to right, scans the gold
/// edits after the last match; every gold edit it matches there counts (so one system edit can
/// count twice against duplicated gold edits).
fn for_each_match(edits: &[Edit], gold: &[GoldEdit], mut on_match: impl FnMut(&Edit)) {
    let mut next = 0;
    for edit in edits {
        for (i, g) in gold.iter().enumerate().skip(next) {
            if edit.matches(g) {
                on_match(edit);
                next = i + 1;
            }
        }
    }
}

fn check_counts<G>(golds: &[G], hypotheses: &[String], names: (&str, &str)) -> Result<(), Error> {
    if golds.len() != hypotheses.len() {
        return Err(Error::CountMismatch {
            file: names.1.to_owned(),
            found: hypotheses.len(),
            expected_from: names.0.to_owned(),
            expected: golds.len(),
        });
    }
    Ok(())
}

/// Every sentence's result against every annotator (in parallel over sentences). `names` = (gold
/// file, system file) for messages: a sentence the scorer refuses is named by the system file's
/// line.
pub fn score_sentences(
    golds: &[GoldSentence],
    hypotheses: &[String],
    names: (&str, &str),
    options: &M2Options,
) -> Result<Vec<Vec<AnnotatorResult>>, Error> {
    check_beta(options.beta)?;
    check_counts(golds, hypotheses, names)?;
    map_indices(golds.len(), |i| {
        score_sentence(&golds[i], &hypotheses[i], i, options).map_err(|e| e.at_line(names.1, i + 1))
    })
    .into_iter()
    .collect()
}

/// The sufficient statistics of every sentence (see [`SentenceStats`]).
pub fn sentence_stats<G: std::borrow::Borrow<GoldSentence> + Sync>(
    golds: &[G],
    hypotheses: &[String],
    names: (&str, &str),
    options: &M2Options,
) -> Result<Vec<SentenceStats>, Error> {
    check_beta(options.beta)?;
    check_counts(golds, hypotheses, names)?;
    map_indices(golds.len(), |i| {
        sentence_counts(golds[i].borrow(), &hypotheses[i], i, options)
            .map_err(|e| e.at_line(names.1, i + 1))
    })
    .into_iter()
    .collect()
}

/// The running totals of the official scorer's annotator choice.
#[derive(Clone, Copy, Default)]
struct Running {
    correct: f64,
    proposed: f64,
    gold: f64,
}

impl Running {
    /// The annotator chosen for `sentence` after these totals: the highest F_β of the totals
    /// with its counts; ties: more correct, then fewer proposed + β²·gold, then the first.
    #[inline(always)]
    fn choose(&self, sentence: &SentenceStats, squared: f64) -> usize {
        let mut chosen = 0;
        let (mut best_f, mut best_correct) = (-1.0f64, -1.0f64);
        let (mut best_proposed, mut best_gold) = (f64::INFINITY, f64::INFINITY);
        for (index, (_, counts)) in sentence.annotators.iter().enumerate() {
            let c = self.correct + f64::from(counts.correct);
            let e = self.proposed + f64::from(counts.proposed);
            let g = self.gold + f64::from(counts.gold);
            let denominator = squared * g + e;
            let f = if denominator == 0.0 {
                if c == 0.0 { 1.0 } else { 0.0 }
            } else {
                (1.0 + squared) * c / denominator
            };
            // Non-short-circuit operators and selects instead of branches: which annotator
            // wins is data, and mispredicted branches cost more than the arithmetic.
            let tie = best_f == f;
            let better = (best_f < f)
                | (tie & (best_correct < c))
                | (tie
                    & (best_correct == c)
                    & (best_proposed + squared * best_gold > e + squared * g));
            chosen = if better { index } else { chosen };
            best_f = if better { f } else { best_f };
            best_correct = if better { c } else { best_correct };
            best_proposed = if better { e } else { best_proposed };
            best_gold = if better { g } else { best_gold };
        }
        chosen
    }

    fn add(&mut self, sentence: &SentenceStats, chosen: usize) {
        if let Some((_, counts)) = sentence.annotators.get(chosen) {
            self.correct += f64::from(counts.correct);
            self.proposed += f64::from(counts.proposed);
            self.gold += f64::from(counts.gold);
        }
    }

    fn score(&self, beta: f64) -> M2Score {
        score_from_counts(self.correct, self.proposed, self.gold, beta)
    }
}

/// The running choice of annotators over `sentences` in order: tells `on_choice` each sentence's
/// chosen annotator (index) and the running totals before it; returns the final totals.
fn choose_annotators<'s>(
    sentences: impl IntoIterator<Item = &'s SentenceStats>,
    beta: f64,
    mut on_choice: impl FnMut(usize, (f64, f64, f64)),
) -> (f64, f64, f64) {
    let squared = beta * beta;
    let mut running = Running::default();
    for sentence in sentences {
        let chosen = running.choose(sentence, squared);
        on_choice(chosen, (running.correct, running.proposed, running.gold));
        running.add(sentence, chosen);
    }
    (running.correct, running.proposed, running.gold)
}

/// [`corpus_score`] of two sequences of the same length at once (two systems of a paired test):
/// the same numbers, about twice as fast, as the two running choices interleave.
pub fn corpus_score_pair<'s>(
    first: impl IntoIterator<Item = &'s SentenceStats>,
    second: impl IntoIterator<Item = &'s SentenceStats>,
    beta: f64,
) -> (M2Score, M2Score) {
    let squared = beta * beta;
    let (mut a, mut b) = (Running::default(), Running::default());
    for (x, y) in first.into_iter().zip(second) {
        let (kx, ky) = (a.choose(x, squared), b.choose(y, squared));
        a.add(x, kx);
        b.add(y, ky);
    }
    (a.score(beta), b.score(beta))
}

/// The annotator (index into [`SentenceStats::annotators`]) the official scorer chooses for each
/// of `sentences` in order: the one maximising the running corpus F_β (ties: more correct, then
/// fewer proposed + β²·gold).
pub fn chosen_annotators<'s>(
    sentences: impl IntoIterator<Item = &'s SentenceStats>,
    beta: f64,
) -> Vec<usize> {
    let mut chosen = Vec::new();
    choose_annotators(sentences, beta, |k, _| chosen.push(k));
    chosen
}

/// Corpus P, R and F_β of `sentences` (any order or resample of the corpus), choosing each
/// sentence's annotator by the running corpus F_β as the official scorer does.
pub fn corpus_score<'s>(
    sentences: impl IntoIterator<Item = &'s SentenceStats>,
    beta: f64,
) -> M2Score {
    let (correct, proposed, gold) = choose_annotators(sentences, beta, |_, _| {});
    score_from_counts(correct, proposed, gold, beta)
}

/// P, R and F_β from summed counts with the official scorer's conventions and arithmetic.
pub fn score_from_counts(correct: f64, proposed: f64, gold: f64, beta: f64) -> M2Score {
    let precision = if proposed == 0.0 {
        1.0
    } else {
        correct / proposed
    };
    let recall = if gold == 0.0 { 1.0 } else { correct / gold };
    let denominator = beta * beta * precision + recall;
    let f_beta = if denominator == 0.0 {
        0.0
    } else {
        (1.0 + beta * beta) * precision * recall / denominator
    };
    M2Score {
        correct: correct as u64,
        proposed: proposed as u64,
        gold: gold as u64,
        precision,
        recall,
        f_beta,
    }
}

/// The mark m2scorer's verbose report puts before a correct deletion or insertion that touches
/// a system edit of the other kind (a deletion next to an insertion: a split substitution): `!`
/// when that neighbour (shrunk) matches a gold edit, else `&` for a deletion and `*` for an
/// insertion; none otherwise.
fn adjacency_mark(e: &Edit, path: &[Edit], gold: &[GoldEdit]) -> Option<char> {
    let insertion = e.start == e.end;
    let deletion = !insertion && e.correction.trim().is_empty();
    let neighbours: Vec<Edit> = path
        .iter()
        .filter(|x| x.start == e.end || x.end == e.start)
        .map(Edit::shrunk)
        .filter(|x| {
            if insertion {
                x.start < x.end && x.correction.is_empty()
            } else {
                x.start == x.end
            }
        })
        .collect();
    if neighbours.is_empty() || !(insertion || deletion) {
        return None;
    }
    let adjacent_match = neighbours.iter().any(|x| gold.iter().any(|g| x.matches(g)));
    Some(match (adjacent_match, insertion) {
        (true, _) => '!',
        (false, false) => '&',
        (false, true) => '*',
    })
}

/// The scorer's verbose report (`-v`): per sentence and annotator the source, hypothesis, system
/// edits, gold edits, correct edits and running counts, then the chosen annotator; the totals at
/// the end. `results` are [`score_sentences`] of `golds` and `hypotheses`; slices of different
/// lengths are an error.
pub fn verbose_report(
    golds: &[GoldSentence],
    hypotheses: &[String],
    results: &[Vec<AnnotatorResult>],
    beta: f64,
) -> Result<String, Error> {
    let mut out = Vec::new();
    write_report(golds, hypotheses, results, beta, None, true, &mut out)?;
    Ok(String::from_utf8(out).expect("the report is written from strings"))
}

/// m2scorer's `--very_verbose` report, written to `out` as it goes (it runs to hundreds of
/// megabytes for a corpus): per sentence the lattice as the scorer builds it — both Levenshtein
/// matrices and backpointers, the arcs, every step of the transitive closure, the removed
/// no-change arcs — and per annotator the weighting against the gold edits, the weighted graph
/// and the optimistic path; interleaved with the `-v` report when `verbose` (m2scorer prints that
/// only with `-v` too). `options` must be those `results` were scored with (the lattice is built
/// again with them). A sentence whose lattice has more than
/// [`MAX_TRACE_VERTICES`] vertices is an error (the trace grows with
/// their cube; named by `names.1`'s line, `names` being (gold file, system file)), as is a failed
/// write.
pub fn very_verbose_report(
    golds: &[GoldSentence],
    hypotheses: &[String],
    results: &[Vec<AnnotatorResult>],
    names: (&str, &str),
    options: &M2Options,
    verbose: bool,
    out: &mut dyn std::io::Write,
) -> Result<(), Error> {
    write_report(
        golds,
        hypotheses,
        results,
        options.beta,
        Some((options, names.1)),
        verbose,
        out,
    )
}

/// The reports of [`verbose_report`] and [`very_verbose_report`]: the lattice trace where
/// `trace` gives its options (and the system file, for messages), the `-v` report where
/// `verbose`.
fn write_report(
    golds: &[GoldSentence],
    hypotheses: &[String],
    results: &[Vec<AnnotatorResult>],
    beta: f64,
    trace: Option<(&M2Options, &str)>,
    verbose: bool,
    out: &mut dyn std::io::Write,
) -> Result<(), Error> {
    check_counts(golds, hypotheses, ("the gold", "the hypotheses"))?;
    if results.len() != golds.len() {
        return Err(Error::CountMismatch {
            file: "the results".into(),
            found: results.len(),
            expected_from: "the gold".into(),
            expected: golds.len(),
        });
    }
    let written = |source: std::io::Error| Error::Write { source };
    let stats: Vec<SentenceStats> = results.iter().map(|r| SentenceStats::of(r)).collect();
    let mut choices = Vec::with_capacity(stats.len());
    let (correct, proposed, gold) = choose_annotators(&stats, beta, |chosen, before| {
        choices.push((chosen, before))
    });
    // m2scorer prints the path's edits shrunk to their changed tokens, the matched ones as they are.
    let show = |edits: &[Edit], shrink: bool| {
        edits
            .iter()
            .map(|e| {
                if shrink {
                    e.shrunk().python_repr()
                } else {
                    e.python_repr()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (index, ((annotators, &(chosen, (c0, e0, g0))), (gold, hypothesis))) in results
        .iter()
        .zip(&choices)
        .zip(golds.iter().zip(hypotheses))
        .enumerate()
    {
        let lattice = match trace {
            Some((options, system)) => {
                let source: Vec<&str> = python_split(&gold.source).collect();
                let hypothesis: Vec<&str> = python_split(hypothesis).collect();
                let built = SentenceTrace::new(
                    &source,
                    &hypothesis,
                    options.max_unchanged_words,
                    options.first_row_insertions,
                    out,
                );
                match built {
                    Ok(lattice) => Some(lattice),
                    Err(TraceError::Write(e)) => return Err(written(e)),
                    Err(TraceError::TooLarge(TooLarge(vertices))) => {
                        return Err(Error::TraceTooLarge {
                            sentence: index,
                            vertices,
                            limit: MAX_TRACE_VERTICES,
                        }
                        .at_line(system, index + 1));
                    }
                }
            }
            None => None,
        };
        let mut text = String::new();
        for a in annotators {
            let weight = match &lattice {
                Some(lattice) => Some(lattice.weigh(&a.gold, out).map_err(written)?),
                None => None,
            };
            if verbose {
                writeln!(out, ">> Annotator: {}", a.annotator).map_err(written)?;
            }
            if let (Some(lattice), Some(weight)) = (&lattice, &weight) {
                lattice.write_graph(weight, out).map_err(written)?;
            }
            if !verbose {
                continue;
            }
            let counts = a.counts();
            let (c, e, g) = (
                c0 + f64::from(counts.correct),
                e0 + f64::from(counts.proposed),
                g0 + f64::from(counts.gold),
            );
            let local = score_from_counts(c, e, g, beta);
            let gold_shown: Vec<String> = a.gold.iter().map(GoldEdit::python_repr).collect();
            text.clear();
            for e in &a.correct {
                if let Some(mark) = adjacency_mark(e, &a.edits, &a.gold) {
                    let _ = writeln!(text, "{mark} {}", e.python_repr());
                }
            }
            let _ = writeln!(text, "SOURCE        : {}", gold.source);
            let _ = writeln!(text, "HYPOTHESIS    : {}", python_strip(hypothesis));
            let _ = writeln!(text, "EDIT SEQ      : [{}]", show(&a.edits, true));
            let _ = writeln!(text, "GOLD EDITS    : [{}]", gold_shown.join(", "));
            let _ = writeln!(text, "CORRECT EDITS : [{}]", show(&a.correct, false));
            let _ = writeln!(text, "# correct     : {c}");
            let _ = writeln!(text, "# proposed    : {e}");
            let _ = writeln!(text, "# gold        : {g}");
            write_scores(
                &mut text,
                &local,
                beta,
                ["precision     : ", "recall        : ", "f_", "         : "],
            );
            let _ = writeln!(text, "-------------------------------------------");
            out.write_all(text.as_bytes()).map_err(written)?;
        }
        if verbose {
            let chosen = annotators.get(chosen).map_or(0, |a| a.annotator);
            writeln!(
                out,
                ">> Chosen Annotator for line {} : {chosen}\n",
                index + 1
            )
            .map_err(written)?;
        }
    }
    if verbose {
        let total = score_from_counts(correct, proposed, gold, beta);
        let mut text = String::new();
        let _ = writeln!(text, "CORRECT EDITS  : {correct}");
        let _ = writeln!(text, "PROPOSED EDITS : {proposed}");
        let _ = writeln!(text, "GOLD EDITS     : {gold}");
        write_scores(&mut text, &total, beta, ["P = ", "R = ", "F_", " = "]);
        out.write_all(text.as_bytes()).map_err(written)?;
    }
    Ok(())
}

/// The official scorer's summary, the three lines it always prints last:
/// `Precision   : 0.4162`, `Recall      : 0.2140`, `F_0.5       : 0.3501` (four decimals; β
/// with one decimal, `%.1f`, as m2scorer labels it: `--beta 0.25` prints `F_0.2`).
pub fn summary_report(score: &M2Score, beta: f64) -> String {
    format!(
        "Precision   : {:.4}\nRecall      : {:.4}\nF_{beta:.1}       : {:.4}\n",
        score.precision, score.recall, score.f_beta
    )
}

/// The P, R and F_β lines of the verbose report, numbers as Python 2 prints them and β with one
/// decimal (`%.1f`, C's round-half-even on the binary value, which Rust's `{:.1}` also does);
/// `labels` are the P and R labels and the text before and after β in the F label.
fn write_scores(out: &mut String, score: &M2Score, beta: f64, labels: [&str; 4]) {
    use std::fmt::Write;
    let [p, r, f_before, f_after] = labels;
    let _ = writeln!(out, "{p}{}", python2_float(score.precision));
    let _ = writeln!(out, "{r}{}", python2_float(score.recall));
    let _ = writeln!(
        out,
        "{f_before}{beta:.1}{f_after}{}",
        python2_float(score.f_beta)
    );
}
