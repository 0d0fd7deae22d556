//! The metrics of `score`: each system read and scored (M2, ERRANT, GLEU, SARI, USim), with the per-sentence items the resampling draws from and the references each metric reads.

use crate::errant_annotate::ErrantAnalyser;

use super::*;

pub(super) fn usim_metric(
    inputs: &Inputs,
    text: &TextOptions,
    quiet: bool,
) -> Result<Metric<f64>, Error> {
    let files = paths(inputs);
    let (per_system, parser) = text_scores(source(inputs, "usim")?, &files, text, quiet)?;
    let systems = per_system
        .iter()
        .zip(&inputs.input)
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
        signature: text.signature(Some(&parser)),
        systems,
    })
}

pub(super) fn is_m2(path: &str) -> bool {
    path.ends_with(".m2")
}

/// Whether `-r reference` is the M2 gold: only without `--gold`, and only by its `.m2` name.
pub(super) fn is_gold_reference(inputs: &Inputs, reference: &str) -> bool {
    inputs.gold.is_none() && is_m2(reference)
}

/// The text references: every `-r` file but the M2 gold (with `--gold`, every `-r` file, whatever
/// its name, so none is dropped for being called `*.m2`).
pub(super) fn text_references(inputs: &Inputs) -> Vec<&str> {
    inputs
        .references
        .iter()
        .map(String::as_str)
        .filter(|r| !is_gold_reference(inputs, r))
        .collect()
}

/// The text reference files' lines.
pub(super) fn reference_lines(inputs: &Inputs, metric: &str) -> Result<Vec<Vec<String>>, Error> {
    let references = text_references(inputs);
    if references.is_empty() {
        return Err(Error::Usage(format!(
            "-m {metric} needs reference files line-aligned with the source: -r REF…"
        )));
    }
    references.into_iter().map(input::lines).collect()
}

pub(super) fn sari_metric(inputs: &Inputs) -> Result<Metric<f64>, Error> {
    let source = source(inputs, "sari")?;
    let strip = |lines: Vec<String>| -> Vec<String> {
        lines.iter().map(|l| sari_strip(l).to_owned()).collect()
    };
    let sources = strip(input::lines(source)?);
    let references: Vec<Vec<String>> = reference_lines(inputs, "sari")?
        .into_iter()
        .map(strip)
        .collect();
    let systems = inputs
        .input
        .iter()
        .map(|output| {
            let names: Vec<&str> = [source, output.path.as_str()]
                .into_iter()
                .chain(text_references(inputs))
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
        signature: Signature::new("SARI")
            .with("refs", references.len())
            .with("impl", "sari.py")
            .with("version", version()),
        systems,
    })
}

pub(super) fn gleu_metric(
    inputs: &Inputs,
    settings: &MetricOptions,
    resampled: bool,
) -> Result<Metric<FlatGleu>, Error> {
    let source = source(inputs, "gleu")?;
    let references = reference_lines(inputs, "gleu")?;
    let names: Vec<&str> = std::iter::once(source)
        .chain(text_references(inputs))
        .map(input::name)
        .collect();
    let corpus =
        GleuCorpus::new(&input::lines(source)?, &references, &names).map_err(library_error)?;
    let mut options = GleuOptions::default();
    options.iterations = settings.gleu_iter as usize;
    let systems = inputs
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
    Ok(Metric {
        name: "GLEU",
        signature: Signature::gleu(references.len(), settings.gleu_iter as usize, resampled),
        systems,
    })
}

/// A sentence's pooled GLEU statistics as one flat array (hypothesis length, reference length,
/// numerators, denominators), which sums in a few vector instructions.
pub(super) type FlatGleu = [u64; 2 + 2 * GLEU_ORDER];

pub(super) fn flat(s: &GleuStats) -> FlatGleu {
    let mut out = [0; 2 + 2 * GLEU_ORDER];
    out[0] = s.hypothesis_length;
    out[1] = s.reference_length;
    out[2..2 + GLEU_ORDER].copy_from_slice(&s.numerators);
    out[2 + GLEU_ORDER..].copy_from_slice(&s.denominators);
    out
}

/// GLEU of the pooled statistics of a sequence of sentences.
pub(super) struct PooledGleu;

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
pub(super) enum Part {
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
pub(super) struct M2Stat(pub(super) f64, pub(super) Part);

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
pub(super) struct ErrantGroupStat(pub(super) f64);

impl CorpusStatistic<ErrantGroupSentence> for ErrantGroupStat {
    fn of<'a, I: Iterator<Item = &'a ErrantGroupSentence>>(&self, items: I) -> f64 {
        errant_group_score(items, self.0).f_beta
    }
}

/// ERRANT's corpus P, R or F_β, the annotator pairs chosen by the running F_β over the
/// sequence.
pub(super) struct ErrantStat(pub(super) f64, pub(super) Part);

impl CorpusStatistic<ErrantSentence> for ErrantStat {
    fn of<'a, I: Iterator<Item = &'a ErrantSentence>>(&self, items: I) -> f64 {
        let s = errant_corpus_score(items, self.0);
        self.1.of((s.precision, s.recall, s.f_beta))
    }
}

pub(super) fn m2_options(settings: &MetricOptions) -> M2Options {
    let mut options = M2Options::OFFICIAL.with_beta(settings.beta);
    options.max_unchanged_words = settings.max_unchanged_words;
    options.ignore_whitespace_casing = settings.ignore_whitespace_casing;
    options.max_sentence_tokens = settings.max_tokens;
    options
}

/// Refuses references that no chosen metric reads, rather than dropping them: an M2 file when
/// neither m2 nor errant is chosen, text references when neither gleu nor sari is.
pub(super) fn unread_references(inputs: &Inputs) -> Result<(), Error> {
    let chosen = |names: [MetricName; 2]| inputs.metric.iter().any(|m| names.contains(m));
    let (reads_m2, reads_text) = (
        chosen([MetricName::M2, MetricName::Errant]),
        chosen([MetricName::Gleu, MetricName::Sari]),
    );
    if let Some(gold) = &inputs.gold
        && !reads_m2
    {
        return Err(Error::Usage(format!(
            "--gold {gold}: an M2 gold, read by -m m2 and -m errant, but -m {} reads none",
            metric_names(inputs)
        )));
    }
    for reference in &inputs.references {
        let (read, what) = if is_gold_reference(inputs, reference) {
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
                metric_names(inputs)
            )));
        }
    }
    Ok(())
}

pub(super) fn one_gold<'a>(inputs: &'a Inputs, metric: &str) -> Result<&'a str, Error> {
    if let Some(gold) = &inputs.gold {
        return Ok(gold);
    }
    let golds: Vec<&str> = inputs
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

pub(super) fn m2_metric(
    inputs: &Inputs,
    settings: &MetricOptions,
) -> Result<Metric<SentenceStats>, Error> {
    let gold_path = one_gold(inputs, "m2")?;
    let gold = M2Gold::from_file(&input::m2(gold_path, false)?);
    let options = m2_options(settings);
    let systems = inputs
        .input
        .iter()
        .map(|output| {
            let lines = input::lines(&output.path)?;
            let system = gold
                .score_lines(&lines, input::name(&output.path), &options)
                .map_err(library_error)?;
            let chosen = chosen_annotators(&system.sentences, settings.beta);
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
                        settings.beta,
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
    Ok(Metric {
        name: "M2",
        signature: Signature::m2(gold.annotators(), &options),
        systems,
    })
}

/// ERRANT's category grouping of `--cat`.
pub(super) fn category_tier(settings: &MetricOptions) -> Option<CategoryTier> {
    settings.cat.map(|c| match c {
        1 => CategoryTier::Operation,
        2 => CategoryTier::Main,
        _ => CategoryTier::Full,
    })
}

/// A hypothesis that is not M2 is most likely plain text given without `-s`: the message says so.
fn text_hint(error: Error, path: &str) -> Error {
    match error {
        Error::Metrics {
            source: source @ gec_metrics::Error::M2Syntax { line: 1, .. },
        } => Error::Input(format!(
            "{source} (-m errant without -s reads hypothesis M2 files; for plain-text \
             hypotheses, give the source with -s SOURCE and they are typed by ERRANT's rules, as \
             errant_parallel would type {path})"
        )),
        other => other,
    }
}

/// The hypothesis and gold M2 files of `-m errant`: hypothesis texts typed by the native ERRANT
/// against `-s` (the gold re-typed by it too), or hypothesis M2 files as given.
pub(super) fn errant_files(
    inputs: &Inputs,
    analyser: ErrantAnalyser,
) -> Result<(Vec<M2File>, M2File, &'static str), Error> {
    let gold_path = one_gold(inputs, "errant")?;
    let Some(source) = &inputs.source else {
        let hyps = inputs
            .input
            .iter()
            .map(|h| input::m2(&h.path, true).map_err(|e| text_hint(e, &h.path)))
            .collect::<Result<Vec<_>, Error>>()?;
        return Ok((hyps, input::m2(gold_path, true)?, "m2"));
    };
    let annotator = crate::errant_annotate::annotator(analyser)?;
    let systems = paths(inputs);
    let (originals, corrected) = crate::errant_annotate::read_parallel(source, &systems)?;
    let gold_text = input::text(gold_path)?;
    let gold_m2 = gec_errant::retype_m2(
        annotator,
        &gold_text,
        input::name(gold_path),
        gec_errant::RetypeOptions::default(),
    )
    .map_err(|e| Error::input(e.to_string()))?;
    let gold = M2File::parse(&gold_m2, input::name(gold_path)).map_err(library_error)?;
    // Every system at once, so each distinct sentence is analysed once, not once per system.
    let sentences = crate::errant_annotate::errant_parallel_files(
        (source, &originals),
        (&systems, &corrected),
        false,
        gec_errant::AlignOptions::default(),
        analyser,
    )?;
    let mut hyps = Vec::with_capacity(inputs.input.len());
    for (k, path) in systems.iter().enumerate() {
        // A blank source line stays a sentence (with no edits), so the blocks stay aligned with
        // the gold's.
        let mut m2 = String::new();
        let mut typed = sentences.iter().peekable();
        for line in 0..originals.len() {
            match typed.next_if(|s| s.line == line) {
                Some(s) => m2.push_str(&gec_errant::parallel_m2(&[gec_errant::ParallelSentence {
                    corrections: vec![s.corrections[k].clone()],
                    ..s.clone()
                }])),
                None => m2.push_str("S \n\n"),
            }
        }
        hyps.push(M2File::parse(&m2, input::name(path)).map_err(library_error)?);
    }
    Ok((hyps, gold, "text"))
}

/// The first edit of `gold` whose type ERRANT never writes (NUCLE's `ArtOrDet`, say), with its
/// line: ERRANT's are `UNK`, `noop` and an operation `M`, `R` or `U` with a part of speech.
fn foreign_type(gold: &M2File) -> Option<(usize, &str)> {
    let errant = |c: &str| {
        matches!(c, "UNK" | "noop")
            || c.split_once(':').is_some_and(|(op, rest)| {
                matches!(op, "M" | "R" | "U")
                    && !rest.is_empty()
                    && rest.chars().all(|ch| ch.is_ascii_uppercase() || ch == ':')
            })
    };
    gold.blocks
        .iter()
        .flat_map(|b| &b.edits)
        .find(|e| !errant(&e.category))
        .map(|e| (e.line, e.category.as_str()))
}

pub(super) fn errant_metric(
    inputs: &Inputs,
    settings: &MetricOptions,
    resampling: &Resampling,
) -> Result<Metric<ErrantSentence>, Error> {
    let (hyps, reference, hyp_kind) = errant_files(inputs, settings.analyser)?;
    if settings.cat.is_some()
        && let Some((line, category)) = foreign_type(&reference)
    {
        eprintln!(
            "gecbias: warning: {}:{line}: error type {category:?} is not one of ERRANT's: the \
             per-type scores group the gold's own categories, which ERRANT's never match; give \
             -s SOURCE to re-type the gold and the hypotheses with ERRANT's rules",
            reference.file
        );
    }
    let mut options = ErrantOptions::with_mode(match settings.errant_mode {
        ErrantModeName::Cse => ErrantMode::CorrectionSpansTypes,
        ErrantModeName::Ds => ErrantMode::DetectionSpans,
        ErrantModeName::Dt => ErrantMode::DetectionTokens,
        ErrantModeName::Cs => ErrantMode::CorrectionSpans,
    });
    options.beta = settings.beta;
    let systems = inputs
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
                    let local = gec_metrics::ErrantScore::from_counts(tp, fp, fn_, settings.beta);
                    json!({"score": local.f_beta, "tp": tp, "fp": fp, "fn": fn_})
                })
                .collect();
            let s = evaluation.score;
            let mut parts = json!({"precision": s.precision, "recall": s.recall,
                                   "tp": s.tp, "fp": s.fp, "fn": s.fn_});
            if let (Some(tier), Value::Object(o)) = (category_tier(settings), &mut parts) {
                let mut table = serde_json::Map::new();
                for (name, c) in evaluation.category_scores(tier) {
                    // No edit of the type, no precision: ERRANT's 1.0 there reads as perfect.
                    let precision = (c.tp + c.fp > 0).then_some(c.precision);
                    let mut row = json!({"precision": precision, "recall": c.recall,
                                         "f": c.f_beta, "tp": c.tp, "fp": c.fp, "fn": c.fn_});
                    if resampling.confidence
                        && let Value::Object(r) = &mut row
                    {
                        let items: Vec<ErrantGroupSentence> = evaluation
                            .sentences
                            .iter()
                            .map(|s| s.group(tier, &name))
                            .collect();
                        let i = confidence_interval_by(
                            &items,
                            &ErrantGroupStat(settings.beta),
                            &confidence(resampling),
                        )
                        .map_err(statistics_error)?;
                        r.insert(
                            "confidence".into(),
                            serde_json::to_value(interval(resampling, i)).unwrap_or_default(),
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
    let mut signature = Signature::new("ERRANT")
        .with("refs", annotators)
        .with("mode", value_name(settings.errant_mode))
        .with("beta", settings.beta)
        .with("hyp", hyp_kind);
    if hyp_kind == "text" {
        signature = signature
            .with("typed", format!("gecbias-errant-{}", gec_errant::VERSION))
            .with("analyser", settings.analyser.signature_name());
    }
    if let Some(c) = settings.cat {
        signature = signature.with("cat", c);
    }
    Ok(Metric {
        name: "ERRANT",
        signature: signature
            .with("refsel", "running")
            .with("version", version()),
        systems,
    })
}
