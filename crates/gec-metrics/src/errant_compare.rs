//! ERRANT's edit comparison (`errant_compare`, Bryant et al. 2017) of a hypothesis M2 file with a
//! reference M2 file: edits match by span (and correction, and type, as the mode says), each
//! sentence takes the hypothesis/reference annotator pair that maximises the running corpus F_β
//! (ties: more TP, then fewer FP, then fewer FN; F compared after rounding to 4 decimals, as
//! ERRANT does). Needs no parser: it compares edits already in M2 form.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::Error;
use crate::m2_file::{M2Edit, M2File};
use crate::text::{python_float, python_round4, python_split, python3_repr};

/// What counts as the same edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ErrantMode {
    /// Span and correction (`-cs`, the default).
    #[default]
    CorrectionSpans,
    /// Span, correction and error type (`-cse`).
    CorrectionSpansTypes,
    /// Span only (`-ds`).
    DetectionSpans,
    /// Each source token of a span separately; insertions count as the token to their right
    /// (`-dt`).
    DetectionTokens,
}

impl ErrantMode {
    /// The title `errant_compare` prints above its table.
    fn title(self) -> &'static str {
        match self {
            ErrantMode::CorrectionSpans => " Span-Based Correction ",
            ErrantMode::CorrectionSpansTypes => " Span-Based Correction + Classification ",
            ErrantMode::DetectionSpans => " Span-Based Detection ",
            ErrantMode::DetectionTokens => " Token-Based Detection ",
        }
    }

    fn is_detection(self) -> bool {
        matches!(
            self,
            ErrantMode::DetectionSpans | ErrantMode::DetectionTokens
        )
    }
}

/// Which edits of both files take part, and β: `errant_compare`'s options.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ErrantOptions {
    /// What counts as the same edit.
    pub mode: ErrantMode,
    /// β of F_β (0.5).
    pub beta: f64,
    /// Only edits of at most one token on each side: 0:1, 1:0, 1:1 (`-single`).
    pub single: bool,
    /// Only edits of two or more tokens on one side (`-multi`).
    pub multi: bool,
    /// Error types left out of the comparison (`-filt`).
    pub filter: Vec<String>,
}

impl Default for ErrantOptions {
    fn default() -> Self {
        ErrantOptions {
            mode: ErrantMode::CorrectionSpans,
            beta: 0.5,
            single: false,
            multi: false,
            filter: Vec::new(),
        }
    }
}

impl ErrantOptions {
    /// The default options with `mode`.
    pub fn with_mode(mode: ErrantMode) -> Self {
        ErrantOptions {
            mode,
            ..ErrantOptions::default()
        }
    }

    /// Whether `errant_compare` keeps `edit` (UNK only in detection; `-single`, `-multi`,
    /// `-filt`).
    fn keeps(&self, edit: &M2Edit) -> bool {
        let width = edit.end - edit.start;
        let corrected = python_split(&edit.correction).count();
        !(!self.mode.is_detection() && edit.category == "UNK"
            || self.single && (width >= 2 || corrected >= 2)
            || self.multi && width < 2 && corrected < 2
            || self.filter.contains(&edit.category))
    }
}

/// How finely `-cat` groups error types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CategoryTier {
    /// The operation: M, R, U (`-cat 1`).
    Operation,
    /// The main type without the operation: NOUN, VERB:SVA (`-cat 2`).
    Main,
    /// The whole type: R:NOUN (`-cat 3`).
    Full,
}

impl CategoryTier {
    /// The group a full type (`R:NOUN`) belongs to at this tier; `UNK` is its own group.
    pub fn group(self, category: &str) -> String {
        match self {
            _ if category == "UNK" => category.to_owned(),
            CategoryTier::Operation => category.chars().take(1).collect(),
            CategoryTier::Main => category.chars().skip(2).collect(),
            CategoryTier::Full => category.to_owned(),
        }
    }

    /// Whether the full type `category` belongs to the group `name` at this tier
    /// (`group(category) == name`, without allocating).
    pub fn contains(self, name: &str, category: &str) -> bool {
        match self {
            _ if category == "UNK" || name == "UNK" => category == name,
            CategoryTier::Operation => category.get(..1) == Some(name),
            CategoryTier::Main => category.get(2..) == Some(name),
            CategoryTier::Full => category == name,
        }
    }
}

/// Corpus counts and scores of an ERRANT comparison.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct ErrantScore {
    /// True positives.
    pub tp: u64,
    /// False positives.
    pub fp: u64,
    /// False negatives.
    pub fn_: u64,
    /// P = TP / (TP + FP) (1 without FP).
    pub precision: f64,
    /// R = TP / (TP + FN) (1 without FN).
    pub recall: f64,
    /// F_β = (1 + β²)·P·R / (β²·P + R) (0 when P + R = 0).
    pub f_beta: f64,
}

impl ErrantScore {
    /// The scores of the counts TP, FP, FN.
    pub fn from_counts(tp: u64, fp: u64, fn_: u64, beta: f64) -> ErrantScore {
        let (precision, recall, f_beta) = scores(tp, fp, fn_, beta);
        ErrantScore {
            tp,
            fp,
            fn_,
            precision,
            recall,
            f_beta,
        }
    }
}

/// TP, FP, FN.
type Counts = [u64; 3];

/// One sentence of an ERRANT comparison: each hypothesis/reference annotator pair's TP, FP, FN,
/// in ERRANT's order — what the running choice needs to be redone on any sequence of sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrantSentence {
    pairs: Vec<Counts>,
    /// Per pair, the reference annotator (its M2 id).
    references: Vec<u32>,
    /// Per pair, TP, FP, FN per error type (the full type: `R:NOUN`).
    categories: Vec<Vec<(String, Counts)>>,
}

impl ErrantSentence {
    /// TP, FP, FN of each annotator pair.
    pub fn pairs(&self) -> &[[u64; 3]] {
        &self.pairs
    }

    /// The reference annotator (its id in the reference M2) of each annotator pair, in the
    /// pairs' order.
    pub fn pair_references(&self) -> &[u32] {
        &self.references
    }

    /// TP, FP, FN per error type of each annotator pair, in the pairs' order.
    pub fn pair_categories(&self) -> &[Vec<(String, [u64; 3])>] {
        &self.categories
    }
}

/// One sentence of an ERRANT comparison seen through one error type group: each annotator
/// pair's TP, FP, FN over all types (what the running choice reads) and over the group's types
/// alone (what is counted). Made once per group by [`ErrantSentence::group`], so that scoring
/// a resample costs one pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrantGroupSentence {
    sentence: ErrantSentence,
    group: Vec<Counts>,
}

impl ErrantSentence {
    /// This sentence seen through the group `name` at `tier` (`R`, `NOUN` or `R:NOUN`).
    pub fn group(&self, tier: CategoryTier, name: &str) -> ErrantGroupSentence {
        let group = self
            .categories
            .iter()
            .map(|cats| {
                let mut counts = [0u64; 3];
                for (category, c) in cats {
                    if tier.contains(name, category) {
                        for (g, x) in counts.iter_mut().zip(c) {
                            *g += x;
                        }
                    }
                }
                counts
            })
            .collect();
        ErrantGroupSentence {
            sentence: ErrantSentence {
                pairs: self.pairs.clone(),
                references: self.references.clone(),
                categories: Vec::new(),
            },
            group,
        }
    }
}

/// The corpus score of one error type group over `sentences` in this order: each sentence's
/// annotator pair chosen by the running F_β of all types, as ERRANT chooses it, then the
/// group's TP, FP, FN summed over the chosen pairs — the row of `-cat`'s table, on any
/// resample of the sentences.
pub fn errant_group_score<'s>(
    sentences: impl IntoIterator<Item = &'s ErrantGroupSentence>,
    beta: f64,
) -> ErrantScore {
    let sentences: Vec<&ErrantGroupSentence> = sentences.into_iter().collect();
    let mut chosen = Vec::with_capacity(sentences.len());
    running_choice(sentences.iter().map(|s| &s.sentence), beta, |k| {
        chosen.push(k)
    });
    let mut group = [0u64; 3];
    for (sentence, k) in sentences.iter().zip(chosen) {
        for (g, c) in group.iter_mut().zip(sentence.group[k]) {
            *g += c;
        }
    }
    ErrantScore::from_counts(group[0], group[1], group[2], beta)
}

/// The corpus score of `sentences` in this order (a resample, say), each sentence's annotator
/// pair chosen by the running F_β as ERRANT chooses it.
pub fn errant_corpus_score<'s>(
    sentences: impl IntoIterator<Item = &'s ErrantSentence>,
    beta: f64,
) -> ErrantScore {
    let [tp, fp, fn_] = running_choice(sentences, beta, |_| {});
    ErrantScore::from_counts(tp, fp, fn_, beta)
}

/// ERRANT's running choice over `sentences` in order: tells `on_choice` each sentence's chosen
/// pair; the corpus TP, FP, FN.
fn running_choice<'s>(
    sentences: impl IntoIterator<Item = &'s ErrantSentence>,
    beta: f64,
    mut on_choice: impl FnMut(usize),
) -> Counts {
    let mut total = [0u64; 3];
    for sentence in sentences {
        let chosen = choose(&sentence.pairs, total, beta);
        on_choice(chosen);
        for (t, c) in total.iter_mut().zip(sentence.pairs[chosen]) {
            *t += c;
        }
    }
    total
}

/// A comparison of two M2 files: the corpus score, the counts per error type of the chosen
/// annotator pairs, and every sentence's pairs, so that the running choice can be redone on a
/// resample of the sentences ([`errant_corpus_score`]).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ErrantEvaluation {
    /// The corpus score.
    pub score: ErrantScore,
    /// β of F_β.
    pub beta: f64,
    /// TP, FP, FN per error type, in order of first appearance.
    pub categories: Vec<(String, [u64; 3])>,
    /// Every sentence's annotator pairs.
    pub sentences: Vec<ErrantSentence>,
}

impl ErrantEvaluation {
    /// The annotator pair (index into [`ErrantSentence::pairs`]) chosen for each sentence.
    pub fn chosen_pairs(&self) -> Vec<usize> {
        let mut chosen = Vec::with_capacity(self.sentences.len());
        running_choice(&self.sentences, self.beta, |k| chosen.push(k));
        chosen
    }

    /// The counts and scores per error type grouped at `tier`, sorted by name (`-cat`).
    pub fn category_scores(&self, tier: CategoryTier) -> Vec<(String, ErrantScore)> {
        let mut grouped: Vec<(String, Counts)> = Vec::new();
        for (category, counts) in &self.categories {
            add_category(&mut grouped, &tier.group(category), *counts);
        }
        grouped.sort_by(|a, b| a.0.cmp(&b.0));
        grouped
            .into_iter()
            .map(|(name, [tp, fp, fn_])| (name, ErrantScore::from_counts(tp, fp, fn_, self.beta)))
            .collect()
    }
}

impl ErrantEvaluation {
    /// The macro-averaged scores over the error type groups at `tier` ([`errant_macro_average`]
    /// of [`ErrantEvaluation::category_scores`]).
    pub fn macro_score(&self, tier: CategoryTier) -> ErrantMacroScore {
        errant_macro_average(&self.category_scores(tier))
    }
}

/// Macro-averaged ERRANT scores (errant PR #52's `macro` average, which ERRANT 3.0.2 lacks):
/// every error type group weighs the same, however many edits it has.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct ErrantMacroScore {
    /// The mean of the groups' P.
    pub precision: f64,
    /// The mean of the groups' R.
    pub recall: f64,
    /// The mean of the groups' F_β (not F_β of the mean P and R).
    pub f_beta: f64,
    /// The groups averaged: those with an edit in the hypothesis or the chosen reference.
    pub groups: usize,
}

/// The mean P, R and F_β of per-group scores, each group's as `-cat` prints it (P = 1 without
/// FP, R = 1 without FN); 1, 1, 1 without any group, as ERRANT scores a corpus without edits.
/// Summed in the order given (`-cat`'s, by name).
pub fn errant_macro_average(groups: &[(String, ErrantScore)]) -> ErrantMacroScore {
    if groups.is_empty() {
        return ErrantMacroScore {
            precision: 1.0,
            recall: 1.0,
            f_beta: 1.0,
            groups: 0,
        };
    }
    let n = groups.len() as f64;
    let mean = |part: fn(&ErrantScore) -> f64| groups.iter().map(|(_, s)| part(s)).sum::<f64>() / n;
    ErrantMacroScore {
        precision: mean(|s| s.precision),
        recall: mean(|s| s.recall),
        f_beta: mean(|s| s.f_beta),
        groups: groups.len(),
    }
}

/// The macro-averaged scores of `sentences` in this order (a resample, say): each sentence's
/// annotator pair chosen by the running F_β of all types, as ERRANT chooses it, then the chosen
/// pairs' counts grouped at `tier` and averaged ([`errant_macro_average`]).
pub fn errant_macro_score<'s>(
    sentences: impl IntoIterator<Item = &'s ErrantSentence>,
    tier: CategoryTier,
    beta: f64,
) -> ErrantMacroScore {
    let sentences: Vec<&ErrantSentence> = sentences.into_iter().collect();
    let mut chosen = Vec::with_capacity(sentences.len());
    running_choice(sentences.iter().copied(), beta, |k| chosen.push(k));
    let mut grouped: Vec<(String, Counts)> = Vec::new();
    for (sentence, k) in sentences.iter().zip(chosen) {
        for (category, counts) in &sentence.categories[k] {
            add_category(&mut grouped, &tier.group(category), *counts);
        }
    }
    grouped.sort_by(|a, b| a.0.cmp(&b.0));
    let scores: Vec<(String, ErrantScore)> = grouped
        .into_iter()
        .map(|(name, [tp, fp, fn_])| (name, ErrantScore::from_counts(tp, fp, fn_, beta)))
        .collect();
    errant_macro_average(&scores)
}

fn add_category(categories: &mut Vec<(String, Counts)>, name: &str, counts: Counts) {
    match categories.iter_mut().find(|(c, _)| c == name) {
        Some((_, total)) => {
            for (t, c) in total.iter_mut().zip(counts) {
                *t += c;
            }
        }
        None => categories.push((name.to_owned(), counts)),
    }
}

/// An edit as the mode compares it: (start, end, type, correction), the parts the mode ignores
/// left empty.
type Key = (i64, i64, String, String);

/// One annotator's edits of one sentence: keys in order of first appearance with the error types
/// of the edits that share them (Python's insertion-ordered dict).
#[derive(Default)]
struct Edits {
    keys: Vec<(Key, Vec<String>)>,
    index: HashMap<Key, usize>,
}

impl Edits {
    fn add(&mut self, key: Key, category: &str) {
        match self.index.get(&key) {
            Some(&i) => self.keys[i].1.push(category.to_owned()),
            None => {
                self.index.insert(key.clone(), self.keys.len());
                self.keys.push((key, vec![category.to_owned()]));
            }
        }
    }

    fn get(&self, key: &Key) -> Option<&Vec<String>> {
        self.index.get(key).map(|&i| &self.keys[i].1)
    }
}

type Coders = Vec<(u32, Edits)>;

fn process(edits: &[M2Edit], options: &ErrantOptions) -> Coders {
    let noop = M2Edit {
        line: 0,
        start: -1,
        end: -1,
        category: "noop".into(),
        correction: "-NONE-".into(),
        annotator: 0,
    };
    let edits = if edits.is_empty() {
        std::slice::from_ref(&noop)
    } else {
        edits
    };
    let mut coders: Coders = Vec::new();
    for edit in edits {
        let position = match coders.iter().position(|(c, _)| *c == edit.annotator) {
            Some(p) => p,
            None => {
                coders.push((edit.annotator, Edits::default()));
                coders.len() - 1
            }
        };
        if !options.keeps(edit) {
            continue;
        }
        let dict = &mut coders[position].1;
        let category = edit.category.as_str();
        let (start, end) = (edit.start, edit.end);
        let span = |s: i64, e: i64| (s, e, String::new(), String::new());
        match options.mode {
            ErrantMode::DetectionTokens if start == -1 => dict.add(span(start, start), category),
            ErrantMode::DetectionTokens if start == end && start >= 0 => {
                dict.add(span(start, start + 1), category)
            }
            ErrantMode::DetectionTokens => {
                for token in start..end {
                    dict.add(span(token, token + 1), category);
                }
            }
            ErrantMode::DetectionSpans => dict.add(span(start, end), category),
            ErrantMode::CorrectionSpansTypes => dict.add(
                (start, end, edit.category.clone(), edit.correction.clone()),
                category,
            ),
            ErrantMode::CorrectionSpans => dict.add(
                (start, end, String::new(), edit.correction.clone()),
                category,
            ),
        }
    }
    coders
}

/// TP, FP, FN of one annotator pair, and the same per error type (in order of first appearance).
fn compare(hyp: &Edits, reference: &Edits) -> (Counts, Vec<(String, Counts)>) {
    let mut counts = [0u64; 3];
    let mut categories = Vec::new();
    let mut count = |slot: usize, category: &str| {
        counts[slot] += 1;
        let mut one = [0; 3];
        one[slot] = 1;
        add_category(&mut categories, category, one);
    };
    for (edit, cats) in &hyp.keys {
        if cats[0] == "noop" {
            continue;
        }
        match reference.get(edit) {
            Some(ref_cats) => ref_cats.iter().for_each(|c| count(0, c)),
            None => cats.iter().for_each(|c| count(1, c)),
        }
    }
    for (edit, cats) in &reference.keys {
        if cats[0] != "noop" && hyp.get(edit).is_none() {
            cats.iter().for_each(|c| count(2, c));
        }
    }
    (counts, categories)
}

/// ERRANT's P, R, F_β (unrounded).
fn scores(tp: u64, fp: u64, fn_: u64, beta: f64) -> (f64, f64, f64) {
    let p = if fp > 0 {
        tp as f64 / (tp + fp) as f64
    } else {
        1.0
    };
    let r = if fn_ > 0 {
        tp as f64 / (tp + fn_) as f64
    } else {
        1.0
    };
    let b2 = beta.powi(2);
    let f = if p + r > 0.0 {
        (1.0 + b2) * p * r / (b2 * p + r)
    } else {
        0.0
    };
    (p, r, f)
}

/// ERRANT's rounded P, R, F_β.
fn rounded_scores(counts: Counts, beta: f64) -> (f64, f64, f64) {
    let (p, r, f) = scores(counts[0], counts[1], counts[2], beta);
    (python_round4(p), python_round4(r), python_round4(f))
}

/// The annotator pair ERRANT keeps for a sentence, given the corpus counts so far: the highest
/// rounded F_β of the running totals, then more TP, fewer FP, fewer FN; the first on ties.
fn choose(candidates: &[Counts], total: Counts, beta: f64) -> usize {
    let mut best = 0;
    let mut best_counts = [0u64; 3];
    let mut best_f = -1.0;
    if candidates.len() == 1 {
        return 0;
    }
    for (k, c) in candidates.iter().enumerate() {
        let (tp, fp, fn_) = (c[0] + total[0], c[1] + total[1], c[2] + total[2]);
        let f = python_round4(scores(tp, fp, fn_, beta).2);
        let better = f > best_f
            || (f == best_f && c[0] > best_counts[0])
            || (f == best_f && c[0] == best_counts[0] && c[1] < best_counts[1])
            || (f == best_f
                && c[0] == best_counts[0]
                && c[1] == best_counts[1]
                && c[2] < best_counts[2]);
        if better {
            best = k;
            best_counts = *c;
            best_f = f;
        }
    }
    best
}

/// An edit key as `errant_compare -v` prints it: the mode's tuple plus the first error type.
fn show_key(key: &Key, category: &str, mode: ErrantMode) -> String {
    let (start, end, kind, correction) = key;
    let category = python3_repr(category);
    match mode {
        ErrantMode::DetectionSpans | ErrantMode::DetectionTokens => {
            format!("({start}, {end}, {category})")
        }
        ErrantMode::CorrectionSpans => {
            format!("({start}, {end}, {}, {category})", python3_repr(correction))
        }
        ErrantMode::CorrectionSpansTypes => format!(
            "({start}, {end}, {}, {}, {category})",
            python3_repr(kind),
            python3_repr(correction)
        ),
    }
}

/// The sorted edits of one annotator as the verbose report lists them (none for a `noop`).
fn show_edits(edits: &Edits, mode: ErrantMode) -> String {
    let mut keys: Vec<&(Key, Vec<String>)> = edits.keys.iter().collect();
    keys.sort_by(|a, b| a.0.cmp(&b.0));
    if keys.first().is_none_or(|k| k.0.0 == -1) {
        return "[]".into();
    }
    let shown: Vec<String> = keys
        .iter()
        .map(|(key, cats)| show_key(key, &cats[0], mode))
        .collect();
    format!("[{}]", shown.join(", "))
}

/// `print(a, b, c)` of Python 3 floats.
fn floats(values: (f64, f64, f64)) -> String {
    format!(
        "{} {} {}",
        python_float(values.0),
        python_float(values.1),
        python_float(values.2)
    )
}

/// A table as `errant_compare -v` prints a sentence's error types: right-aligned columns three
/// wider than their widest cell.
fn write_table(out: &mut String, rows: &[Vec<String>]) {
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0) + 3)
        .collect();
    for row in rows {
        for (cell, width) in row.iter().zip(&widths) {
            let _ = write!(out, "{cell:>width$}");
        }
        out.push('\n');
    }
}

/// The comparison, sentence by sentence; with `verbose`, `errant_compare -v`'s report of every
/// annotator pair is written to it.
fn evaluate(
    hyp: &M2File,
    reference: &M2File,
    options: &ErrantOptions,
    mut verbose: Option<&mut String>,
) -> Result<ErrantEvaluation, Error> {
    crate::check_beta(options.beta)?;
    if hyp.blocks.len() != reference.blocks.len() {
        return Err(Error::CountMismatch {
            file: hyp.file.clone(),
            found: hyp.blocks.len(),
            expected_from: reference.file.clone(),
            expected: reference.blocks.len(),
        });
    }
    let beta = options.beta;
    let beta_shown = python_float(beta);
    let dashes = "-".repeat(40);
    let mut total = [0u64; 3];
    let mut categories: Vec<(String, Counts)> = Vec::new();
    let mut sentences = Vec::with_capacity(hyp.blocks.len());
    for (sentence, (h, r)) in hyp.blocks.iter().zip(&reference.blocks).enumerate() {
        let (h, r) = (process(&h.edits, options), process(&r.edits, options));
        if let Some(out) = verbose.as_deref_mut() {
            let _ = writeln!(
                out,
                "{dashes}\nOriginal sentence {sentence}: {}",
                hyp.blocks[sentence].source
            );
        }
        let mut pairs = Vec::with_capacity(h.len() * r.len());
        let mut pair_categories = Vec::with_capacity(h.len() * r.len());
        for (hyp_id, hyp_edits) in &h {
            for (ref_id, ref_edits) in &r {
                let (c, cats) = compare(hyp_edits, ref_edits);
                let global = [c[0] + total[0], c[1] + total[1], c[2] + total[2]];
                let global_scores = rounded_scores(global, beta);
                if let Some(out) = verbose.as_deref_mut() {
                    let _ = writeln!(
                        out,
                        "{dashes}\nSENTENCE {sentence} - HYP {hyp_id} - REF {ref_id}\n\
                         HYPOTHESIS EDITS : {}\nREFERENCE EDITS  : {}\n\
                         Local TP/FP/FN   : {} {} {}\nLocal P/R/F{beta_shown}  : {}\n\
                         Global TP/FP/FN  : {} {} {}\nGlobal P/R/F{beta_shown}  : {}",
                        show_edits(hyp_edits, options.mode),
                        show_edits(ref_edits, options.mode),
                        c[0],
                        c[1],
                        c[2],
                        floats(rounded_scores(c, beta)),
                        global[0],
                        global[1],
                        global[2],
                        floats(global_scores),
                    );
                }
                pairs.push(c);
                pair_categories.push((*hyp_id, *ref_id, cats));
            }
        }
        let best = choose(&pairs, total, beta);
        let (hyp_id, ref_id, chosen) = &pair_categories[best];
        if let Some(out) = verbose.as_deref_mut() {
            let _ = writeln!(
                out,
                "{dashes}\n^^ HYP {hyp_id}, REF {ref_id} chosen for sentence {sentence}\nLocal results:"
            );
            let mut rows = vec![["Category", "TP", "FP", "FN"].map(String::from).to_vec()];
            rows.extend(chosen.iter().map(|(c, [tp, fp, fn_])| {
                vec![c.clone(), tp.to_string(), fp.to_string(), fn_.to_string()]
            }));
            write_table(out, &rows);
        }
        for (t, c) in total.iter_mut().zip(pairs[best]) {
            *t += c;
        }
        for (name, counts) in chosen {
            add_category(&mut categories, name, *counts);
        }
        let references = pair_categories.iter().map(|(_, r, _)| *r).collect();
        let categories_of_pairs = pair_categories.into_iter().map(|(_, _, c)| c).collect();
        sentences.push(ErrantSentence {
            pairs,
            references,
            categories: categories_of_pairs,
        });
    }
    Ok(ErrantEvaluation {
        score: ErrantScore::from_counts(total[0], total[1], total[2], beta),
        beta,
        categories,
        sentences,
    })
}

/// Compares a hypothesis M2 file with a reference M2 file as `errant_compare` does with
/// `options`: the corpus score, per-type counts and what resampling needs. Unlike
/// `errant_compare`, which pairs sentences by position whatever they are, the hypothesis must
/// have the reference's sentences ([`M2File::check_sentences_of`]).
pub fn errant_evaluate(
    hyp: &M2File,
    reference: &M2File,
    options: &ErrantOptions,
) -> Result<ErrantEvaluation, Error> {
    hyp.check_sentences_of(reference)?;
    evaluate(hyp, reference, options, None)
}

/// Compares a hypothesis M2 file with a reference M2 file sentence by sentence (the corpus score
/// of [`errant_evaluate`] with the default options but `mode` and `beta`; the hypothesis must
/// have the reference's sentences).
pub fn errant_compare(
    hyp: &M2File,
    reference: &M2File,
    mode: ErrantMode,
    beta: f64,
) -> Result<ErrantScore, Error> {
    let mut options = ErrantOptions::with_mode(mode);
    options.beta = beta;
    Ok(errant_evaluate(hyp, reference, &options)?.score)
}

/// P, R and F_β of `s` as `errant_compare` prints them: rounded to 4 decimals, Python floats.
fn shown(s: &ErrantScore, beta: f64) -> [String; 3] {
    let (p, r, f) = rounded_scores([s.tp, s.fp, s.fn_], beta);
    [p, r, f].map(python_float)
}

/// What `errant_compare` prints, byte for byte: with `verbose` every sentence's annotator pairs
/// and the chosen one (`-v`), with `categories` the per-type table (`-cat`), then the corpus
/// table `TP FP FN Prec Rec F0.5` with P, R, F rounded to 4 decimals.
pub fn errant_report(
    hyp: &M2File,
    reference: &M2File,
    options: &ErrantOptions,
    verbose: bool,
    categories: Option<CategoryTier>,
) -> Result<String, Error> {
    let mut out = String::new();
    let evaluation = evaluate(hyp, reference, options, verbose.then_some(&mut out))?;
    let title = options.mode.title();
    let beta = python_float(options.beta);
    if let Some(tier) = categories {
        let _ = writeln!(out, "\n{title:=^66}");
        let _ = writeln!(
            out,
            "{:<14} {:<8} {:<8} {:<8} {:<8} {:<8} F{beta}",
            "Category", "TP", "FP", "FN", "P", "R"
        );
        for (name, s) in evaluation.category_scores(tier) {
            let [p, r, f] = shown(&s, options.beta);
            let _ = writeln!(
                out,
                "{name:<14} {:<8} {:<8} {:<8} {p:<8} {r:<8} {f}",
                s.tp, s.fp, s.fn_
            );
        }
    }
    let s = evaluation.score;
    let [p, r, f] = shown(&s, options.beta);
    let _ = writeln!(
        out,
        "\n{title:=^46}\nTP\tFP\tFN\tPrec\tRec\tF{beta}\n{}\t{}\t{}\t{p}\t{r}\t{f}\n{}\n",
        s.tp,
        s.fp,
        s.fn_,
        "=".repeat(46)
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The macro average weighs each type once, equals the evaluation's on the sentences in
    /// order, and is 1 without edits.
    #[test]
    fn macro_average_weighs_each_type_once() {
        let hyp = M2File::parse(
            "S a b c d\nA 0 1|||R:NOUN|||x|||REQUIRED|||-NONE-|||0\nA 1 2|||R:VERB|||y|||REQUIRED|||-NONE-|||0\n\n\
             S e f\nA 0 1|||R:NOUN|||z|||REQUIRED|||-NONE-|||0\n",
            "hyp.m2",
        )
        .unwrap();
        let gold = M2File::parse(
            "S a b c d\nA 0 1|||R:NOUN|||x|||REQUIRED|||-NONE-|||0\nA 2 3|||M:DET|||the|||REQUIRED|||-NONE-|||0\n\n\
             S e f\nA 0 1|||R:NOUN|||z|||REQUIRED|||-NONE-|||0\n",
            "gold.m2",
        )
        .unwrap();
        let evaluation = errant_evaluate(&hyp, &gold, &ErrantOptions::default()).unwrap();
        // R:NOUN 2/0/0 (F 1), R:VERB 0/1/0 (P 0, R 1, F 0), M:DET 0/0/1 (P 1, R 0, F 0).
        let m = evaluation.macro_score(CategoryTier::Full);
        assert_eq!(m.groups, 3);
        assert_eq!(
            (m.precision, m.recall, m.f_beta),
            (2.0 / 3.0, 2.0 / 3.0, 1.0 / 3.0)
        );
        assert_eq!(
            errant_macro_score(&evaluation.sentences, CategoryTier::Full, 0.5),
            m
        );
        // By operation: R 2/1/0, M 0/0/1.
        let ops = errant_macro_score(&evaluation.sentences, CategoryTier::Operation, 0.5);
        assert_eq!(ops.groups, 2);
        assert_eq!(ops.recall, 0.5);
        assert_eq!(errant_macro_average(&[]).f_beta, 1.0);
    }

    /// The fast path of `python_round4` gives Python's `round(x, 4)` (the decimal expansion's
    /// rounding) on every score ERRANT's choice can meet: P, R and F of counts up to 300.
    #[test]
    fn round4_is_pythons_round() {
        for tp in 0..300u64 {
            for other in (0..300u64).step_by(7) {
                let (p, r, f) = scores(tp, other, 299 - other, 0.5);
                for x in [p, r, f, tp as f64 / 299.0] {
                    assert_eq!(
                        python_round4(x),
                        format!("{x:.4}").parse::<f64>().unwrap(),
                        "{x}"
                    );
                }
            }
        }
    }
}
