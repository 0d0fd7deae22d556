//! CLEME (Ye et al., EMNLP 2023) and CLEME2.0 (Ye et al., ACL 2025) as THUKElab/CLEME computes
//! them: chunks, not edits.
//!
//! **Chunks.** The edits of the hypothesis and of every reference of a sentence are laid over its
//! source at once; overlapping or touching edit spans merge into one shared span. The source then
//! splits into the shared spans (corrected chunks; an insertion gives an empty one) and the text
//! between them (unchanged chunks), the same boundaries for every target. Each target's chunk is
//! its text over that span, *typed* when the target edits inside it.
//!
//! **Counts.** Hypothesis chunk against reference chunk at the same position: a typed chunk equal
//! to the reference's is a TP, otherwise an FP (necessary, FP_NE, where the reference corrects
//! the chunk; unnecessary, FP_UN, where it does not); an untyped chunk is an FN where it differs
//! from the reference's, a TN where it agrees. *Dependent*: against each reference on its own.
//! *Independent*: a typed chunk equal to any reference's chunk is a TP, an FP is necessary where
//! any reference corrects the chunk, an untyped chunk an FN only where every reference corrects
//! it; every reference gets the same counts.
//!
//! **Length weights.** A chunk of length L = max(source tokens, target tokens) weighs
//! w = α / (1 + (α − 1)·e^(b − L)) as a TP or FN and α / (1 + (α − 1)·e^(L − b)) as an FP, clipped
//! to [0.75, 1.25] (α = 2; b the mean length of the references' typed chunks over the corpus); a
//! TN weighs 1. CLEME's command builds its weighers with other constants per level and
//! assumption, but its `LengthWeigher` drops them, so these defaults are what it computes.
//!
//! **CLEME** ([`cleme_prf_corpus`], [`cleme_prf_sentence`]): P, R, F_β (β = 0.5) of the counts,
//! each rounded to 4 decimals as CLEME rounds them; at corpus level each sentence's reference
//! is the one that maximises the running corpus F (ties: more TP, fewer FP, fewer FN, more TN),
//! at sentence level the best (F, P, R, accuracy) per sentence, averaged.
//!
//! **CLEME2.0** ([`cleme2_corpus`], [`cleme2_sentence`]): hit = TP/NE, wrong = FP_NE/NE,
//! under = FN/NE (NE = TP + FP_NE + FN, the necessary chunks) and over = FP_UN/(TP + FP), and
//! their combination COM = f_hit·hit + f_wrong·(1 − wrong) + f_under·(1 − under) +
//! f_over·(1 − over) with [`HeuoFactors::CORPUS`] or [`HeuoFactors::SENTENCE`]. The paper's
//! similarity weigher needs BERTScore (a model) and is left out; the length weigher stands in.

use crate::text::{python_float, python_round4, python_split, python3_repr};
use reference_stats::numpy_mean;

use crate::{Error, M2Block, M2File};

/// One edit as CLEME reads it from M2: source tokens `start..end` become `correction`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClemeEdit {
    /// First source token replaced.
    pub start: usize,
    /// One past the last source token replaced (`start` for an insertion).
    pub end: usize,
    /// The tokens put in their place.
    pub correction: Vec<String>,
}

/// One sentence to score: its source tokens, the hypothesis's edits and each reference's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClemeSentence {
    /// The source tokens.
    pub source: Vec<String>,
    /// The hypothesis's edits, in order of their start, not overlapping.
    pub hypothesis: Vec<ClemeEdit>,
    /// Each reference's edits, in order of their start, not overlapping; at least one reference.
    pub references: Vec<Vec<ClemeEdit>>,
}

/// How hypothesis chunks meet several references' chunks (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClemeAssumption {
    /// Against each reference on its own; the best reference per sentence counts.
    Dependent,
    /// Against all references at once, chunk by chunk.
    Independent,
}

impl ClemeAssumption {
    /// The name CLEME's `--assumption` takes.
    pub fn name(self) -> &'static str {
        match self {
            ClemeAssumption::Dependent => "dependent",
            ClemeAssumption::Independent => "independent",
        }
    }
}

/// A sentence's chunk counts against one reference: plain (whole numbers) or length-weighted.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ClemeCounts {
    /// Typed hypothesis chunks equal to the reference's.
    pub tp: f64,
    /// Typed hypothesis chunks that differ.
    pub fp: f64,
    /// Untyped hypothesis chunks where the reference corrects.
    pub fn_: f64,
    /// Untyped hypothesis chunks the reference leaves alone too.
    pub tn: f64,
    /// The FPs where the reference corrects the chunk (wrong corrections).
    pub fp_ne: f64,
    /// The FPs where it does not (over-corrections).
    pub fp_un: f64,
}

impl ClemeCounts {
    fn add(&mut self, other: &ClemeCounts) {
        self.tp += other.tp;
        self.fp += other.fp;
        self.fn_ += other.fn_;
        self.tn += other.tn;
        self.fp_ne += other.fp_ne;
        self.fp_un += other.fp_un;
    }
}

/// One sentence's counts against each of its references (after CLEME drops empty references),
/// plain and length-weighted.
#[derive(Debug, Clone, PartialEq)]
pub struct ClemeSentenceCounts {
    /// Plain counts, one per reference.
    pub plain: Vec<ClemeCounts>,
    /// Length-weighted counts, one per reference.
    pub weighted: Vec<ClemeCounts>,
}

impl ClemeSentenceCounts {
    /// The plain or the weighted counts.
    pub fn get(&self, weighted: bool) -> &[ClemeCounts] {
        if weighted {
            &self.weighted
        } else {
            &self.plain
        }
    }
}

/// [`cleme_counts`] of an M2 hypothesis file against an M2 reference file ([`cleme_sentences`]);
/// a sentence CLEME cannot chunk is an error at its line in the hypothesis file.
pub fn cleme_m2_counts(
    reference: &M2File,
    hypothesis: &M2File,
    assumption: ClemeAssumption,
) -> Result<Vec<ClemeSentenceCounts>, Error> {
    let sentences = cleme_sentences(reference, hypothesis)?;
    cleme_counts(&sentences, assumption).map_err(|e| match e {
        Error::ClemeChunks { sentence } => Error::M2Syntax {
            file: hypothesis.file.clone(),
            line: hypothesis.blocks[sentence].line,
            message: e.to_string(),
        },
        other => other,
    })
}

/// The sentences of an M2 reference file and an M2 hypothesis file as CLEME's reader pairs them:
/// the same sources (as tokens) in the same order, one target in the hypothesis.
///
/// A sentence without edits has one target, its source. Annotator ids must start at 0 and go up
/// by one: CLEME's reader silently joins the edits of an annotator whose id skips a number to
/// the previous annotator's correction, so such files are an error here.
pub fn cleme_sentences(
    reference: &M2File,
    hypothesis: &M2File,
) -> Result<Vec<ClemeSentence>, Error> {
    hypothesis.check_sentences_of(reference)?;
    reference
        .blocks
        .iter()
        .zip(&hypothesis.blocks)
        .map(|(r, h)| {
            let at = |file: &str, line: usize, message: String| Error::M2Syntax {
                file: file.to_owned(),
                line,
                message,
            };
            let mut hyp = cleme_targets(h, &hypothesis.file)?;
            if hyp.len() != 1 {
                return Err(at(
                    &hypothesis.file,
                    h.line,
                    format!("{} targets: a hypothesis M2 has one annotator", hyp.len()),
                ));
            }
            Ok(ClemeSentence {
                source: h.tokens().into_iter().map(str::to_owned).collect(),
                hypothesis: hyp.remove(0),
                references: cleme_targets(r, &reference.file)?,
            })
        })
        .collect()
}

/// A block's targets as CLEME's M2 reader groups its edits (see [`cleme_sentences`]); `noop`
/// lines (`-1 -1`) open a target without editing. A target's edits, put in order, must not
/// overlap.
fn cleme_targets(block: &M2Block, file: &str) -> Result<Vec<Vec<ClemeEdit>>, Error> {
    let error = |line: usize, message: String| Error::M2Syntax {
        file: file.to_owned(),
        line,
        message,
    };
    let mut targets: Vec<Vec<(usize, ClemeEdit)>> = vec![Vec::new()];
    let mut annotator: Option<u32> = None;
    for e in &block.edits {
        match annotator {
            Some(a) if a == e.annotator => {}
            Some(a) if a + 1 == e.annotator => targets.push(Vec::new()),
            None if e.annotator == 0 => {}
            _ => {
                return Err(error(
                    e.line,
                    format!(
                        "annotator {} after {}: CLEME needs ids 0, 1, 2, … in order (its reader \
                         would join this annotator's edits to another's correction)",
                        e.annotator,
                        annotator.map_or("the sentence".to_owned(), |a| format!("annotator {a}"))
                    ),
                ));
            }
        }
        annotator = Some(e.annotator);
        let Some(span) = e.span() else {
            continue;
        };
        let mut correction: Vec<String> = python_split(&e.correction).map(str::to_owned).collect();
        if correction.first().is_some_and(|t| t == "-NONE-") {
            correction.clear();
        }
        let edit = ClemeEdit {
            start: span.start,
            end: span.end,
            correction,
        };
        targets
            .last_mut()
            .unwrap_or_else(|| unreachable!())
            .push((e.line, edit));
    }
    targets
        .into_iter()
        .map(|mut edits| {
            // CLEME orders the edits by their start when it chunks, but applies them in file
            // order to build the corrected text; in start order the two agree.
            edits.sort_by_key(|(_, e)| e.start);
            for pair in edits.windows(2) {
                let (line, e) = &pair[1];
                if e.start < pair[0].1.end {
                    return Err(error(
                        *line,
                        format!(
                            "edit {}..{} overlaps another edit of its annotator: CLEME needs \
                             one correction per span",
                            e.start, e.end
                        ),
                    ));
                }
            }
            Ok(edits.into_iter().map(|(_, e)| e).collect())
        })
        .collect()
}

/// One target's chunk: its tokens over the chunk's source span, typed when the target edits there.
struct Chunk {
    typed: bool,
    source_len: usize,
    tokens: Vec<String>,
}

impl Chunk {
    /// CLEME's chunk length: the longer of its source and target sides.
    fn len(&self) -> usize {
        self.source_len.max(self.tokens.len())
    }
}

/// A target with the edits that make it: `(source start, source end, target start, target end)`.
struct Target {
    tokens: Vec<String>,
    spans: Vec<(usize, usize, usize, usize)>,
}

impl Target {
    fn new(source: &[String], edits: &[ClemeEdit]) -> Self {
        let mut tokens: Vec<String> = Vec::with_capacity(source.len());
        let mut spans = Vec::with_capacity(edits.len());
        let mut at = 0;
        for e in edits {
            tokens.extend_from_slice(&source[at..e.start]);
            let t0 = tokens.len();
            tokens.extend_from_slice(&e.correction);
            spans.push((e.start, e.end, t0, tokens.len()));
            at = e.end;
        }
        tokens.extend_from_slice(&source[at..]);
        Self { tokens, spans }
    }

    /// CLEME's map from source positions to target positions, written in the order CLEME writes
    /// it (later writes win); positions strictly inside an edit stay unmapped.
    fn positions(&self, n: usize) -> Vec<Option<usize>> {
        let mut map = vec![None; n + 1];
        let (mut s, mut t) = (0, 0);
        for &(s0, s1, t0, t1) in &self.spans {
            map[s0] = Some(t0);
            map[s1] = Some(t1);
            while s < s0 {
                map[s] = Some(t);
                s += 1;
                t += 1;
            }
            s = s1;
            t = t1;
        }
        while s <= n {
            map[s] = Some(t);
            s += 1;
            t += 1;
        }
        map
    }

    /// Python's `tokens[begin:end]`.
    fn slice(&self, begin: usize, end: usize) -> Vec<String> {
        let end = end.min(self.tokens.len());
        if begin >= end {
            return Vec::new();
        }
        self.tokens[begin..end].to_vec()
    }
}

/// The chunk sequence of every target (the first the hypothesis), the same spans for each.
fn chunk_partition(source: &[String], targets: &[Target]) -> Option<Vec<Vec<Chunk>>> {
    let n = source.len();
    let mut edits: Vec<(usize, usize)> = targets
        .iter()
        .flat_map(|t| t.spans.iter().map(|&(s0, s1, _, _)| (s0, s1)))
        .collect();
    edits.sort_by_key(|e| e.0);
    let mut shared: Vec<(usize, usize)> = Vec::new();
    for (s0, s1) in edits {
        match shared.last_mut() {
            Some(last) if s0 <= last.1 => last.1 = last.1.max(s1),
            _ => shared.push((s0, s1)),
        }
    }
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let (mut s, mut k) = (0, 0);
    while s <= n {
        let Some(&current) = shared.get(k) else {
            if s != n {
                spans.push((s, n));
            }
            break;
        };
        if s == current.0 && current.0 == current.1 {
            spans.push(current);
            k += 1;
        } else if current.0 <= s && s < current.1 {
            spans.push(current);
            s = current.1;
            k += 1;
        } else if s < current.0 {
            spans.push((s, current.0));
            s = current.0;
        } else {
            return None;
        }
    }
    let containing =
        |s0: usize, s1: usize| shared.iter().copied().find(|&(a, b)| s0 >= a && s1 <= b);
    targets
        .iter()
        .map(|target| {
            let map = target.positions(n);
            let touched: Vec<(usize, usize)> = target
                .spans
                .iter()
                .filter_map(|&(s0, s1, _, _)| containing(s0, s1))
                .collect();
            spans
                .iter()
                .map(|&(c0, c1)| {
                    let typed = touched.contains(&(c0, c1));
                    let (begin, end) = if typed {
                        let begin = if c0 == 0 { 0 } else { map[c0 - 1]? + 1 };
                        (begin, map[c1]?)
                    } else {
                        let end = if c1 == 0 { 0 } else { map[c1 - 1]? + 1 };
                        (map[c0]?, end)
                    };
                    Some(Chunk {
                        typed,
                        source_len: c1 - c0,
                        tokens: target.slice(begin, end),
                    })
                })
                .collect()
        })
        .collect()
}

/// What a hypothesis chunk is against its reference chunk(s).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Tp,
    FpNecessary,
    FpUnnecessary,
    Fn,
    Tn,
}

/// The classes of the hypothesis's chunks against each reference.
fn classify(chunks: &[Vec<Chunk>], assumption: ClemeAssumption) -> Vec<Vec<Class>> {
    let (hyp, refs) = chunks.split_first().unwrap_or_else(|| unreachable!());
    let typed = |matched: bool, corrected: bool| match (matched, corrected) {
        (true, _) => Class::Tp,
        (false, true) => Class::FpNecessary,
        (false, false) => Class::FpUnnecessary,
    };
    match assumption {
        ClemeAssumption::Dependent => refs
            .iter()
            .map(|r| {
                hyp.iter()
                    .zip(r)
                    .map(|(h, c)| match (h.typed, h.tokens == c.tokens) {
                        (true, matched) => typed(matched, c.typed),
                        (false, true) => Class::Tn,
                        (false, false) => Class::Fn,
                    })
                    .collect()
            })
            .collect(),
        ClemeAssumption::Independent => {
            let classes: Vec<Class> = hyp
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    if h.typed {
                        let matched = refs.iter().any(|r| r[i].tokens == h.tokens);
                        typed(matched, refs.iter().any(|r| r[i].typed))
                    } else if refs.iter().all(|r| r[i].typed) {
                        Class::Fn
                    } else {
                        Class::Tn
                    }
                })
                .collect();
            vec![classes; refs.len()]
        }
    }
}

/// CLEME's length weight of a chunk of `len` tokens (module docs); `reverse` for an FP.
fn length_weight(len: usize, bias: f64, reverse: bool, clip: (f64, f64)) -> f64 {
    const ALPHA: f64 = 2.0;
    let len = len as f64;
    let x = if reverse { len - bias } else { -len + bias };
    let w = ALPHA * (1.0 / (1.0 + (ALPHA - 1.0) * x.exp()));
    // numpy's clip: NaN stays NaN.
    if w < clip.0 {
        clip.0
    } else if w > clip.1 {
        clip.1
    } else {
        w
    }
}

/// The weight of a hypothesis chunk of `len` tokens in `class`.
fn class_weight(class: Class, len: usize, bias: f64) -> f64 {
    const EDIT: (f64, f64) = (0.75, 1.25);
    match class {
        Class::Tp | Class::Fn => length_weight(len, bias, false, EDIT),
        Class::FpNecessary | Class::FpUnnecessary => length_weight(len, bias, true, EDIT),
        Class::Tn => length_weight(len, bias, false, (1.0, 1.0)),
    }
}

/// Plain and weighted counts of one reference's classes, summed in chunk order as CLEME sums
/// them (one list per kind).
fn count(classes: &[Class], hyp: &[Chunk], bias: f64) -> (ClemeCounts, ClemeCounts) {
    let sum = |kinds: &[Class]| {
        let mut plain = 0.0;
        let mut weighted = 0.0;
        for (c, h) in classes.iter().zip(hyp) {
            if kinds.contains(c) {
                plain += 1.0;
                weighted += class_weight(*c, h.len(), bias);
            }
        }
        (plain, weighted)
    };
    let tp = sum(&[Class::Tp]);
    let fp = sum(&[Class::FpNecessary, Class::FpUnnecessary]);
    let fn_ = sum(&[Class::Fn]);
    let tn = sum(&[Class::Tn]);
    let fp_ne = sum(&[Class::FpNecessary]);
    let fp_un = sum(&[Class::FpUnnecessary]);
    let pick = |side: fn((f64, f64)) -> f64| ClemeCounts {
        tp: side(tp),
        fp: side(fp),
        fn_: side(fn_),
        tn: side(tn),
        fp_ne: side(fp_ne),
        fp_un: side(fp_un),
    };
    (pick(|p| p.0), pick(|p| p.1))
}

/// Every sentence's counts against each reference (module docs), plain and length-weighted, the
/// weights' bias b taken over the whole corpus. A sentence whose edits do not fit it (outside
/// the sentence, out of order, overlapping) is [`Error::ClemeChunks`].
///
/// ```
/// use gec_metrics::ClemeAssumption;
/// use gec_metrics::cleme::{ClemeEdit, ClemeSentence, cleme_counts};
///
/// let edit = |start, end, c: &str| ClemeEdit { start, end, correction: vec![c.to_owned()] };
/// let source: Vec<String> = "He go to school".split(' ').map(str::to_owned).collect();
/// let sentence = ClemeSentence {
///     source,
///     hypothesis: vec![edit(1, 2, "goes")],
///     references: vec![vec![edit(1, 2, "goes"), edit(3, 3, "every")]],
/// };
/// let counts = cleme_counts(&[sentence], ClemeAssumption::Dependent).unwrap();
/// // Chunks: He | go | to | (an empty one before "school") | school.
/// let c = counts[0].plain[0];
/// assert_eq!((c.tp, c.fp, c.fn_, c.tn), (1.0, 0.0, 1.0, 3.0));
/// ```
pub fn cleme_counts(
    sentences: &[ClemeSentence],
    assumption: ClemeAssumption,
) -> Result<Vec<ClemeSentenceCounts>, Error> {
    let chunked: Vec<Vec<Vec<Chunk>>> = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let error = Error::ClemeChunks { sentence: i };
            let n = s.source.len();
            let fits = |edits: &Vec<ClemeEdit>| {
                edits.iter().all(|e| e.start <= e.end && e.end <= n)
                    && edits.windows(2).all(|p| p[0].end <= p[1].start)
            };
            if !fits(&s.hypothesis) || !s.references.iter().all(fits) || s.references.is_empty() {
                return Err(error);
            }
            let mut references: Vec<Target> = s
                .references
                .iter()
                .map(|edits| Target::new(&s.source, edits))
                .collect();
            // CLEME drops references that delete the whole sentence (all of them but the first
            // when every one does).
            if references.iter().any(|r| !r.tokens.is_empty()) {
                references.retain(|r| !r.tokens.is_empty());
            } else {
                references.truncate(1);
            }
            let mut targets = vec![Target::new(&s.source, &s.hypothesis)];
            targets.extend(references);
            chunk_partition(&s.source, &targets).ok_or(error)
        })
        .collect::<Result<_, _>>()?;
    let lengths: Vec<usize> = chunked
        .iter()
        .flat_map(|targets| targets[1..].iter().flatten())
        .filter(|c| c.typed)
        .map(Chunk::len)
        .collect();
    let bias = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    Ok(chunked
        .iter()
        .map(|chunks| {
            let (plain, weighted) = classify(chunks, assumption)
                .iter()
                .map(|classes| count(classes, &chunks[0], bias))
                .unzip();
            ClemeSentenceCounts { plain, weighted }
        })
        .collect())
}

/// CLEME's P, R and F_β of counts, each rounded to 4 decimals (1 where nothing is proposed or
/// nothing is to find, F = 0 where P + R = 0).
fn prf(tp: f64, fp: f64, fn_: f64, beta: f64) -> (f64, f64, f64) {
    let p = if tp + fp != 0.0 { tp / (tp + fp) } else { 1.0 };
    let r = if tp + fn_ != 0.0 {
        tp / (tp + fn_)
    } else {
        1.0
    };
    let b2 = beta.powi(2);
    let f = if p + r != 0.0 {
        (1.0 + b2) * p * r / (b2 * p + r)
    } else {
        0.0
    };
    (python_round4(p), python_round4(r), python_round4(f))
}

/// (TP + TN) / all, rounded to 4 decimals.
fn accuracy(c: &ClemeCounts) -> f64 {
    let total = c.tp + c.fp + c.fn_ + c.tn;
    python_round4(if total != 0.0 {
        (c.tp + c.tn) / total
    } else {
        0.0
    })
}

/// Python's comparison of two lists of numbers, as CLEME breaks ties: the first difference decides.
fn greater(a: &[f64], b: &[f64]) -> bool {
    for (x, y) in a.iter().zip(b) {
        if x > y {
            return true;
        }
        if x < y {
            return false;
        }
    }
    false
}

/// CLEME's score: the counts it chose and P, R, F and accuracy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClemePrf {
    /// The chosen counts, summed.
    pub counts: ClemeCounts,
    /// Precision (corpus: rounded to 4 decimals; sentence: the mean of rounded ones).
    pub p: f64,
    /// Recall.
    pub r: f64,
    /// F_β.
    pub f: f64,
    /// Accuracy, (TP + TN) / all chunks.
    pub acc: f64,
}

/// CLEME at corpus level: each sentence's reference chosen by the running corpus F_β (ties:
/// more TP, fewer FP, fewer FN, more TN), then P, R, F_β of the summed counts.
///
/// ```
/// use gec_metrics::cleme::{ClemeCounts, cleme_prf_corpus};
///
/// let a = ClemeCounts { tp: 1.0, fp: 1.0, fn_: 0.0, tn: 3.0, ..Default::default() };
/// let b = ClemeCounts { tp: 0.0, fp: 2.0, fn_: 1.0, tn: 2.0, ..Default::default() };
/// let score = cleme_prf_corpus([&[a, b][..]], 0.5);
/// assert_eq!((score.p, score.r, score.f), (0.5, 1.0, 0.5556));
/// ```
pub fn cleme_prf_corpus<'a>(
    sentences: impl IntoIterator<Item = &'a [ClemeCounts]>,
    beta: f64,
) -> ClemePrf {
    let total = running_choice(sentences, |c| prf(c.tp, c.fp, c.fn_, beta).2);
    let (p, r, f) = prf(total.tp, total.fp, total.fn_, beta);
    ClemePrf {
        counts: total,
        p,
        r,
        f,
        acc: accuracy(&total),
    }
}

/// The summed counts of each sentence's reference chosen by the running corpus `score` of the
/// counts so far with it (ties: more TP, fewer FP, fewer FN, more TN), as CLEME chooses at
/// corpus level.
fn running_choice<'a>(
    sentences: impl IntoIterator<Item = &'a [ClemeCounts]>,
    score: impl Fn(&ClemeCounts) -> f64,
) -> ClemeCounts {
    let mut total = ClemeCounts::default();
    for refs in sentences {
        let mut best = ClemeCounts::default();
        let mut best_score = -1.0;
        for c in refs {
            let mut candidate = total;
            candidate.add(c);
            let s = score(&candidate);
            if greater(
                &[s, c.tp, -c.fp, -c.fn_, c.tn],
                &[best_score, best.tp, -best.fp, -best.fn_, best.tn],
            ) {
                best = *c;
                best_score = s;
            }
        }
        total.add(&best);
    }
    total
}

/// The best reference's rounded (F_0.5, P, R, accuracy) of one sentence, and its counts: CLEME's
/// sentence-level choice (always β = 0.5).
pub fn cleme_prf_best(refs: &[ClemeCounts]) -> ([f64; 4], ClemeCounts) {
    let mut best = [-1.0; 4];
    let mut counts = ClemeCounts::default();
    for c in refs {
        let (p, r, f) = prf(c.tp, c.fp, c.fn_, 0.5);
        let candidate = [f, p, r, accuracy(c)];
        if greater(&candidate, &best) {
            best = candidate;
            counts = *c;
        }
    }
    (best, counts)
}

/// CLEME at sentence level: each sentence's best reference ([`cleme_prf_best`]); P, R, F and
/// accuracy are the means (numpy's) of the sentences' rounded ones, the counts their sums.
pub fn cleme_prf_sentence<'a>(sentences: impl IntoIterator<Item = &'a [ClemeCounts]>) -> ClemePrf {
    let mut total = ClemeCounts::default();
    let mut columns: [Vec<f64>; 4] = Default::default();
    for refs in sentences {
        let (best, counts) = cleme_prf_best(refs);
        total.add(&counts);
        for (column, value) in columns.iter_mut().zip(best) {
            column.push(value);
        }
    }
    let [f, p, r, acc] = columns.map(|c| numpy_mean(&c));
    ClemePrf {
        counts: total,
        p,
        r,
        f,
        acc,
    }
}

/// CLEME2.0's weights of its four aspects in COM; they sum to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct HeuoFactors {
    /// Weight of hit-correction.
    pub hit: f64,
    /// Weight of 1 − wrong-correction.
    pub wrong: f64,
    /// Weight of 1 − under-correction.
    pub under: f64,
    /// Weight of 1 − over-correction.
    pub over: f64,
}

impl HeuoFactors {
    /// CLEME2.0's corpus-level factors (0.45, 0.35, 0.15, 0.05).
    pub const CORPUS: HeuoFactors = HeuoFactors {
        hit: 0.45,
        wrong: 0.35,
        under: 0.15,
        over: 0.05,
    };
    /// CLEME2.0's sentence-level factors (0.35, 0.25, 0.20, 0.20).
    pub const SENTENCE: HeuoFactors = HeuoFactors {
        hit: 0.35,
        wrong: 0.25,
        under: 0.20,
        over: 0.20,
    };
}

/// CLEME2.0's aspects of counts (module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Heuo {
    /// The counts they come from (summed over the chosen references).
    pub counts: ClemeCounts,
    /// COM, the weighted combination.
    pub com: f64,
    /// Hit-correction, TP / NE.
    pub hit: f64,
    /// Wrong-correction, FP_NE / NE.
    pub wrong: f64,
    /// Under-correction, FN / NE.
    pub under: f64,
    /// Over-correction, FP_UN / (TP + FP).
    pub over: f64,
}

impl Heuo {
    /// The aspects of `counts` (0 where a denominator is 0), combined with `factors`.
    pub fn of(counts: ClemeCounts, factors: HeuoFactors) -> Self {
        let c = counts;
        let ne = c.tp + c.fp_ne + c.fn_;
        let fp = c.fp_ne + c.fp_un;
        let ratio = |x: f64, d: f64| if d != 0.0 { x / d } else { 0.0 };
        let (hit, wrong, under) = (ratio(c.tp, ne), ratio(c.fp_ne, ne), ratio(c.fn_, ne));
        let over = ratio(c.fp_un, c.tp + fp);
        let com = factors.hit * hit
            + factors.wrong * (1.0 - wrong)
            + factors.under * (1.0 - under)
            + factors.over * (1.0 - over);
        Self {
            counts,
            com,
            hit,
            wrong,
            under,
            over,
        }
    }

    /// NE, the necessary chunks: TP + FP_NE + FN.
    pub fn necessary(&self) -> f64 {
        self.counts.tp + self.counts.fp_ne + self.counts.fn_
    }
}

/// CLEME2.0 at corpus level: each sentence's reference chosen by the running corpus COM (ties:
/// more TP, fewer FP, fewer FN, more TN), then the aspects of the summed counts.
pub fn cleme2_corpus<'a>(
    sentences: impl IntoIterator<Item = &'a [ClemeCounts]>,
    factors: HeuoFactors,
) -> Heuo {
    let total = running_choice(sentences, |c| Heuo::of(*c, factors).com);
    Heuo::of(total, factors)
}

/// One sentence's best reference for CLEME2.0 (highest COM; ties: more hit, less wrong, under,
/// over), with its aspects.
pub fn cleme2_best(refs: &[ClemeCounts], factors: HeuoFactors) -> Heuo {
    let mut best = Heuo {
        counts: ClemeCounts::default(),
        com: -1.0,
        hit: -1.0,
        wrong: -1.0,
        under: -1.0,
        over: -1.0,
    };
    for c in refs {
        let h = Heuo::of(*c, factors);
        if greater(
            &[h.com, h.hit, -h.wrong, -h.under, -h.over],
            &[best.com, best.hit, -best.wrong, -best.under, -best.over],
        ) {
            best = h;
        }
    }
    best
}

/// CLEME2.0 at sentence level: each sentence's best reference ([`cleme2_best`]); the aspects are
/// the means (numpy's) of the sentences', the counts their sums.
pub fn cleme2_sentence<'a>(
    sentences: impl IntoIterator<Item = &'a [ClemeCounts]>,
    factors: HeuoFactors,
) -> Heuo {
    let mut total = ClemeCounts::default();
    let mut columns: [Vec<f64>; 5] = Default::default();
    for refs in sentences {
        let h = cleme2_best(refs, factors);
        total.add(&h.counts);
        for (column, value) in columns
            .iter_mut()
            .zip([h.com, h.hit, h.wrong, h.under, h.over])
        {
            column.push(value);
        }
    }
    let [com, hit, wrong, under, over] = columns.map(|c| numpy_mean(&c));
    Heuo {
        counts: total,
        com,
        hit,
        wrong,
        under,
        over,
    }
}

/// tabulate's `fancy_grid` of left-aligned cells, as CLEME prints its tables: a column is as wide
/// as its widest cell, and at least two wider than its header (tabulate's minimum padding).
fn fancy_grid(header: &[&str], rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|j| {
            rows.iter()
                .map(|row| row[j].chars().count())
                .chain([header[j].chars().count() + 2])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let rule = |left: &str, fill: &str, mid: &str, right: &str| {
        let parts: Vec<String> = widths.iter().map(|w| fill.repeat(w + 2)).collect();
        format!("{left}{}{right}", parts.join(mid))
    };
    let line = |row: &[&str]| {
        let parts: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!(" {c:<w$} "))
            .collect();
        format!("│{}│", parts.join("│"))
    };
    let mut lines = vec![
        rule("╒", "═", "╤", "╕"),
        line(header),
        rule("╞", "═", "╪", "╡"),
    ];
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            lines.push(rule("├", "─", "┼", "┤"));
        }
        lines.push(line(&row.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    lines.push(rule("╘", "═", "╧", "╛"));
    lines.join("\n")
}

/// The four rows CLEME prints: corpus and sentence level, plain and weighted.
const ROWS: [&str; 4] = [
    "corpus_unweighted",
    "corpus_weighted",
    "sentence_unweighted",
    "sentence_weighted",
];

/// A named value of a score: a table column or a field of its Python representation.
type Column<'a, S> = (&'a str, fn(&S) -> f64);

/// CLEME's scorer output for its four scores ([`ROWS`], each named `{prefix}_{row}`): the table
/// of `columns` (4 decimals), the sample count, and each score as Python prints its result
/// object, `'name': {class}(field=value, …)`.
fn printed<S>(
    samples: usize,
    (prefix, class): (&str, &str),
    columns: &[Column<'_, S>],
    fields: &[Column<'_, S>],
    scores: &[S; 4],
) -> String {
    let names: Vec<String> = ROWS.iter().map(|r| format!("{prefix}_{r}")).collect();
    let header: Vec<&str> = std::iter::once("metric")
        .chain(columns.iter().map(|c| c.0))
        .collect();
    let rows: Vec<Vec<String>> = names
        .iter()
        .zip(scores)
        .map(|(name, s)| {
            std::iter::once(name.clone())
                .chain(columns.iter().map(|(_, get)| format!("{:.4}", get(s))))
                .collect()
        })
        .collect();
    let reprs: Vec<String> = names
        .iter()
        .zip(scores)
        .map(|(name, s)| {
            let values: Vec<String> = fields
                .iter()
                .map(|(field, get)| format!("{field}={}", python_float(get(s))))
                .collect();
            format!("{}: {class}({})", python3_repr(name), values.join(", "))
        })
        .collect();
    format!(
        "\n{}\nnum_sample: {samples}\n\nnum_sample={samples} scores={{{}}}\n",
        fancy_grid(&header, &rows),
        reprs.join(", ")
    )
}

/// What CLEME's command prints after its `Args:` line for CLEME: the table of the four scores and
/// their Python representation, from every sentence's counts.
pub fn cleme_report(counts: &[ClemeSentenceCounts]) -> String {
    let side = |weighted: bool| counts.iter().map(move |c| c.get(weighted));
    let scores = [
        cleme_prf_corpus(side(false), 0.5),
        cleme_prf_corpus(side(true), 0.5),
        cleme_prf_sentence(side(false)),
        cleme_prf_sentence(side(true)),
    ];
    let columns: [Column<'_, ClemePrf>; 8] = [
        ("F", |s| s.f),
        ("P", |s| s.p),
        ("R", |s| s.r),
        ("ACC", |s| s.acc),
        ("TP", |s| s.counts.tp),
        ("FP", |s| s.counts.fp),
        ("FN", |s| s.counts.fn_),
        ("TN", |s| s.counts.tn),
    ];
    let fields: [Column<'_, ClemePrf>; 8] = [
        ("tp", |s| s.counts.tp),
        ("fp", |s| s.counts.fp),
        ("fn", |s| s.counts.fn_),
        ("tn", |s| s.counts.tn),
        ("p", |s| s.p),
        ("r", |s| s.r),
        ("f", |s| s.f),
        ("acc", |s| s.acc),
    ];
    printed(
        counts.len(),
        ("prf", "EditScorerResult"),
        &columns,
        &fields,
        &scores,
    )
}

/// What CLEME's command prints after its `Args:` line for CLEME2.0 (length weigher): the table
/// of the four HEUO scores and their Python representation.
pub fn cleme2_report(counts: &[ClemeSentenceCounts], factors: HeuoFactors) -> String {
    let side = |weighted: bool| counts.iter().map(move |c| c.get(weighted));
    let scores = [
        cleme2_corpus(side(false), factors),
        cleme2_corpus(side(true), factors),
        cleme2_sentence(side(false), factors),
        cleme2_sentence(side(true), factors),
    ];
    let columns: [Column<'_, Heuo>; 12] = [
        ("COM", |h| h.com),
        ("HIT", |h| h.hit),
        ("ERR", |h| h.wrong),
        ("UND", |h| h.under),
        ("OVE", |h| h.over),
        ("TP", |h| h.counts.tp),
        ("FP", |h| h.counts.fp),
        ("FN", |h| h.counts.fn_),
        ("TN", |h| h.counts.tn),
        ("FP_NE", |h| h.counts.fp_ne),
        ("FP_UN", |h| h.counts.fp_un),
        ("NE", Heuo::necessary),
    ];
    // CLEME's result objects call FP_UN "unnecessary" too.
    let fields: [Column<'_, Heuo>; 13] = [
        ("tp", |h| h.counts.tp),
        ("fp", |h| h.counts.fp),
        ("fn", |h| h.counts.fn_),
        ("tn", |h| h.counts.tn),
        ("fp_ne", |h| h.counts.fp_ne),
        ("fp_un", |h| h.counts.fp_un),
        ("necessary", Heuo::necessary),
        ("unnecessary", |h| h.counts.fp_un),
        ("com", |h| h.com),
        ("hit", |h| h.hit),
        ("err", |h| h.wrong),
        ("und", |h| h.under),
        ("ove", |h| h.over),
    ];
    printed(
        counts.len(),
        ("heuo", "HEUOEditScorerResult"),
        &columns,
        &fields,
        &scores,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentences(reference: &str, hypothesis: &str) -> Result<Vec<ClemeSentence>, Error> {
        cleme_sentences(
            &M2File::parse(reference, "ref.m2")?,
            &M2File::parse(hypothesis, "hyp.m2")?,
        )
    }

    const SOURCE: &str = "S He go to school every days .\n";

    #[test]
    fn annotators_and_order() {
        let reference = format!(
            "{SOURCE}A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\n\
             A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\
             A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n"
        );
        let s = sentences(&reference, SOURCE).unwrap();
        assert_eq!(s[0].hypothesis, []);
        assert_eq!(s[0].references.len(), 2);
        assert_eq!(
            s[0].references[0]
                .iter()
                .map(|e| e.start)
                .collect::<Vec<_>>(),
            [1, 5]
        );
        assert_eq!(s[0].references[1], []);
    }

    #[test]
    fn malformed_inputs_name_file_and_line() {
        let skip = format!("{SOURCE}A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||1\n");
        let e = sentences(&skip, SOURCE).unwrap_err().to_string();
        assert!(
            e.starts_with("ref.m2:2: annotator 1 after the sentence"),
            "{e}"
        );
        let overlap = format!(
            "{SOURCE}A 1 3|||R:OTHER|||goes|||REQUIRED|||-NONE-|||0\n\
             A 2 4|||R:OTHER|||at|||REQUIRED|||-NONE-|||0\n"
        );
        let e = sentences(&overlap, SOURCE).unwrap_err().to_string();
        assert!(e.starts_with("ref.m2:3: edit 2..4 overlaps"), "{e}");
        let two = format!(
            "{SOURCE}A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\
             A 1 2|||R:VERB|||went|||REQUIRED|||-NONE-|||1\n"
        );
        let e = sentences(SOURCE, &two).unwrap_err().to_string();
        assert!(e.starts_with("hyp.m2:1: 2 targets"), "{e}");
        let other = "S She go to school every days .\n";
        let e = sentences(SOURCE, other).unwrap_err().to_string();
        assert!(
            e.starts_with("hyp.m2:1: source differs from ref.m2's"),
            "{e}"
        );
        let e = sentences(SOURCE, &format!("{SOURCE}\n{SOURCE}"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("hyp.m2:3: has 2 sentences but ref.m2 has 1"),
            "{e}"
        );
        let e = sentences(&format!("{SOURCE}\n{SOURCE}"), SOURCE)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("hyp.m2:2: has 1 sentences but ref.m2 has 2"),
            "{e}"
        );
    }

    /// Sentences built by hand whose edits do not fit are an error, never a panic.
    #[test]
    fn edits_that_do_not_fit_are_refused() {
        let edit = |start, end| ClemeEdit {
            start,
            end,
            correction: vec!["x".to_owned()],
        };
        let sentence = |hypothesis: Vec<ClemeEdit>| ClemeSentence {
            source: vec!["a".to_owned(), "b".to_owned()],
            hypothesis,
            references: vec![vec![edit(0, 1)]],
        };
        for bad in [
            vec![edit(1, 3)],
            vec![edit(2, 1)],
            vec![edit(1, 2), edit(0, 1)],
        ] {
            let e = cleme_counts(&[sentence(bad)], ClemeAssumption::Dependent).unwrap_err();
            assert!(matches!(e, Error::ClemeChunks { sentence: 0 }), "{e}");
        }
        assert!(cleme_counts(&[sentence(vec![edit(2, 2)])], ClemeAssumption::Dependent).is_ok());
    }

    /// Chunks of two references and a hypothesis, counted under both assumptions.
    #[test]
    fn dependent_and_independent_counts() {
        let reference = format!(
            "{SOURCE}A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\
             A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\n\
             A 1 2|||R:VERB|||went|||REQUIRED|||-NONE-|||1\n"
        );
        let hypothesis = format!(
            "{SOURCE}A 1 2|||R:VERB|||went|||REQUIRED|||-NONE-|||0\n\
             A 3 4|||R:NOUN|||college|||REQUIRED|||-NONE-|||0\n"
        );
        let s = sentences(&reference, &hypothesis).unwrap();
        let plain = |a| {
            cleme_counts(&s, a).unwrap()[0]
                .plain
                .iter()
                .map(|c| (c.tp, c.fp, c.fn_, c.tn, c.fp_ne, c.fp_un))
                .collect::<Vec<_>>()
        };
        // Chunks: He | go | to | school | every | days | .
        assert_eq!(
            plain(ClemeAssumption::Dependent),
            [
                (0.0, 2.0, 1.0, 4.0, 1.0, 1.0),
                (1.0, 1.0, 0.0, 5.0, 0.0, 1.0)
            ]
        );
        // "days" is corrected by one reference only: not an FN when independent.
        assert_eq!(
            plain(ClemeAssumption::Independent),
            vec![(1.0, 1.0, 0.0, 5.0, 0.0, 1.0); 2]
        );
    }
}
