//! Meta-evaluation against ratings: each metric's scores of rated outputs against the mean
//! human ratings, at system level (a system's corpus score against its mean rating) and at
//! segment level (each output's sentence score against its rating, pooled over systems), with
//! Pearson, Spearman (scipy's) and Kendall's τ-b, bootstrap intervals over segments, paired
//! comparisons between metrics and Williams' test.
//!
//! Each system is scored on the segments where it has a rated output, with those segments'
//! sources and references; an M2 gold, where a metric reads one, is the references typed by
//! the native ERRANT (`errant_parallel`). The human side is resampled, the metric side is the
//! fixed corpus's (as [`crate::MetaEval`] does with judgments).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use meta_eval::{BootstrapOptions, Correlation, RatingTable, williams_test};
use serde::Serialize;

use crate::meta_evaluation::{Estimate, MetaMetric, PairRow, pairs_of, row_name};
use crate::{
    ErrantAnalyser, Error, Lines, Metric, MetricInputs, MetricOptions, Need, Outputs, RatedOutputs,
    Resampling, Scorer, Signature, System, errant_parallel,
};

/// What a meta-evaluation against ratings computes.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct RatingMetaEvalOptions {
    /// The metrics, one row each (and one per β for M2, ERRANT and macro ERRANT).
    pub metrics: Vec<MetaMetric>,
    /// The rated aspect (`None`: the only one).
    pub aspect: Option<String>,
    /// β of the F_β metrics' rows.
    pub betas: Vec<f64>,
    /// 95 % percentile bootstrap intervals of every correlation.
    pub confidence: bool,
    /// Every pair of metric rows compared, at each level.
    pub paired: bool,
    /// Resamples of segments for `confidence` and `paired`.
    pub resamples: usize,
    /// The resampling's seed.
    pub seed: u64,
    /// Systems left out of the correlations (their ratings are read, not correlated).
    pub exclude: Vec<String>,
    /// The metrics' own options (β and macro averaging are set per row).
    pub metric: MetricOptions,
    /// Hybrid systems to add to the system level (Graham & Liu's super-sampling, as GMEG's
    /// Table 8): 0 for none.
    pub synthetic: usize,
    /// The systems hybrids mix (`None`: every correlated system).
    pub synthetic_pool: Option<Vec<String>>,
    /// Segment-level correlations too (their intervals resample every rated output, the
    /// costliest part); system level is always computed.
    pub segment_level: bool,
}

impl Default for RatingMetaEvalOptions {
    /// BLEU and chrF, β 0.5, no resampling (1,000 when asked for), seed
    /// [`crate::DEFAULT_SEED`].
    fn default() -> Self {
        RatingMetaEvalOptions {
            metrics: vec![
                MetaMetric::Metric(Metric::Bleu),
                MetaMetric::Metric(Metric::Chrf),
            ],
            aspect: None,
            betas: vec![0.5],
            confidence: false,
            paired: false,
            resamples: 1000,
            seed: crate::DEFAULT_SEED,
            exclude: Vec::new(),
            metric: MetricOptions::default(),
            synthetic: 0,
            synthetic_pool: None,
            segment_level: true,
        }
    }
}

/// Pearson's r, Spearman's ρ and Kendall's τ-b of one metric at one level; `None` where a side
/// is constant.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Correlations {
    /// Pearson's r.
    pub pearson: Option<Estimate>,
    /// Spearman's ρ (average ranks, as scipy).
    pub spearman: Option<Estimate>,
    /// Kendall's τ-b (as scipy).
    pub kendall: Option<Estimate>,
}

/// One metric row of a ratings meta-evaluation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatedMetricRow {
    /// The row's name (`M2 F0.5`, `chrF2`, …).
    pub metric: String,
    /// The metric's own signature.
    pub signature: String,
    /// Each correlated system's corpus score, in the order of the report's systems.
    pub scores: Vec<f64>,
    /// System level (`None` with fewer than 3 systems).
    pub system: Option<Correlations>,
    /// Segment level, over every rated output of the correlated systems (`None` unless
    /// [`RatingMetaEvalOptions::segment_level`]).
    pub segment: Option<Correlations>,
    /// The segments left out for this metric ([`RatedScores::dropped`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<String>,
}

/// System-level correlations with hybrid systems added (GMEG's protocol, §5.2 and Table 8).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SyntheticSystems {
    /// The real systems.
    pub systems: Vec<String>,
    /// The systems the hybrids mix.
    pub pool: Vec<String>,
    /// Hybrids added.
    pub hybrids: usize,
    /// The segments every real system has a rated output of, which all scores are taken over.
    pub segments: usize,
    /// One row per metric row: its scores of the real systems, and its Pearson and Spearman
    /// over real and hybrid systems as its system level (no intervals, no segment level). Every
    /// system, real or hybrid, is scored by the statistic the intervals resample (for GLEU:
    /// pooled over references rather than compute_gleu's draws).
    pub metrics: Vec<RatedMetricRow>,
}

/// Pairs of metric rows compared at each level.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct LevelPairs {
    /// System level.
    pub system: Vec<PairRow>,
    /// Segment level.
    pub segment: Vec<PairRow>,
}

/// A ratings meta-evaluation's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct RatingMetaEvalReport {
    /// The ratings' origin (file or dataset).
    pub dataset: String,
    /// The aspect correlated.
    pub aspect: String,
    /// The correlated systems.
    pub systems: Vec<String>,
    /// Their mean ratings.
    pub human: Vec<f64>,
    /// Segments.
    pub segments: usize,
    /// Rated outputs of the correlated systems.
    pub rated_outputs: usize,
    /// One row per metric (and β).
    pub metrics: Vec<RatedMetricRow>,
    /// With `paired`: every pair of rows at each level.
    pub paired: LevelPairs,
    /// With `synthetic`: system level over hybrid systems too.
    pub synthetic: Option<SyntheticSystems>,
    /// Every option that changes a number.
    pub signature: Signature,
}

/// A metric row's scores: corpus score per system, sentence score per rated output.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedScores {
    /// The row's name.
    pub metric: String,
    /// The metric's signature.
    pub signature: String,
    /// Corpus score per correlated system.
    pub system: Vec<f64>,
    /// `segment[s][g]`: the sentence score of system `s`'s rated output of segment `g`.
    pub segment: Vec<Vec<Option<f64>>>,
    /// The segments left out because the metric cannot score some system's output of them (an
    /// M2 edit lattice past its bound: a degenerate output repeating itself, say), for every
    /// system alike.
    pub dropped: Vec<String>,
}

/// Which outputs: the systems (indices into the ratings') and the segments.
type OutputsKey = (Vec<usize>, Vec<usize>);

/// A failed attempt at scoring, and the segment whose output it could not score, if that was
/// the cause.
type Attempt = (Box<Error>, Option<usize>);

/// A meta-evaluation against ratings, its inputs read.
#[derive(Debug)]
pub struct RatingMetaEval {
    ratings: RatedOutputs,
    options: RatingMetaEvalOptions,
    aspect: usize,
    /// Indices into `ratings.systems` of the correlated systems.
    kept: Vec<usize>,
    table: RatingTable,
    /// Each segment's gold M2 block (typed references), made when a metric reads a gold.
    gold: std::sync::OnceLock<Vec<String>>,
    /// Outputs scored so far, by (systems, segments): the metric rows share them, and with them
    /// the edits ERRANT types once.
    outputs: Mutex<HashMap<OutputsKey, Arc<Outputs>>>,
}

const KINDS: [(Correlation, &str); 3] = [
    (Correlation::Pearson, "pearson"),
    (Correlation::SpearmanAverageRanks, "spearman"),
    (Correlation::Kendall, "kendall"),
];

impl RatingMetaEval {
    /// The meta-evaluation of `ratings` that `options` describe; an unknown aspect or excluded
    /// system is an error.
    pub fn new(ratings: RatedOutputs, options: RatingMetaEvalOptions) -> Result<Self, Error> {
        if options.confidence || options.paired {
            crate::check_resamples("segment resamples", options.resamples)?;
        }
        let aspect = ratings.aspect(options.aspect.as_deref())?;
        if let Some(unknown) = options
            .exclude
            .iter()
            .find(|e| !ratings.systems.contains(e))
        {
            return Err(Error::Ratings {
                file: ratings.origin.clone(),
                line: 1,
                column: 1,
                message: format!(
                    "--exclude {unknown}: no such system (the systems: {})",
                    ratings.systems.join(", ")
                ),
            });
        }
        let kept: Vec<usize> = (0..ratings.systems.len())
            .filter(|&s| !options.exclude.contains(&ratings.systems[s]))
            .collect();
        let table = RatingTable::new(
            kept.iter().map(|&s| ratings.systems[s].clone()).collect(),
            kept.iter()
                .map(|&s| ratings.ratings[aspect][s].clone())
                .collect(),
        )
        .map_err(|source| Error::MetaEval { source })?;
        Ok(RatingMetaEval {
            ratings,
            options,
            aspect,
            kept,
            table,
            gold: std::sync::OnceLock::new(),
            outputs: Mutex::new(HashMap::new()),
        })
    }

    /// The correlated systems' mean ratings on all segments and resamples of them.
    fn human(&self) -> meta_eval::HumanScores {
        let mut bootstrap = self.bootstrap();
        if !(self.options.confidence || self.options.paired) {
            bootstrap.resamples = 0;
        }
        self.table.system_scores(&bootstrap)
    }

    fn bootstrap(&self) -> BootstrapOptions {
        let mut bootstrap = BootstrapOptions::default();
        bootstrap.resamples = self.options.resamples;
        bootstrap.seed = self.options.seed;
        bootstrap
    }

    /// The segments where system `s` has a rated output with text.
    fn rated(&self, s: usize) -> Vec<usize> {
        (0..self.ratings.segments.len())
            .filter(|&g| {
                self.ratings.ratings[self.aspect][s][g].is_some()
                    && self.ratings.outputs[s][g].is_some()
            })
            .collect()
    }

    /// Every segment's gold block, the references typed by the native ERRANT.
    fn gold_blocks(&self) -> Result<&[String], Error> {
        if let Some(blocks) = self.gold.get() {
            return Ok(blocks);
        }
        let segments = &self.ratings.segments;
        let count = segments.first().map_or(0, |g| g.references.len());
        let source = Lines::new(
            format!("{} (sources)", self.ratings.origin),
            segments
                .iter()
                .map(|g| g.source.clone().unwrap_or_default())
                .collect(),
        );
        let references: Vec<Lines> = (0..count)
            .map(|k| {
                Lines::new(
                    format!("{} (reference {k})", self.ratings.origin),
                    segments
                        .iter()
                        .map(|g| g.references.get(k).cloned().unwrap_or_default())
                        .collect(),
                )
            })
            .collect();
        let refs: Vec<&Lines> = references.iter().collect();
        let sentences = errant_parallel(
            &source,
            &refs,
            gec_errant::ParallelOptions::default(),
            ErrantAnalyser::Spacy,
        )?;
        let blocks = sentences
            .iter()
            .map(|s| gec_errant::parallel_m2(std::slice::from_ref(s)))
            .collect();
        Ok(self.gold.get_or_init(|| blocks))
    }

    /// The inputs of system `s`'s scoring: its rated segments' sources, references and gold.
    fn inputs(&self, metric: Metric, segments: &[usize]) -> Result<MetricInputs, Error> {
        let origin = &self.ratings.origin;
        let reads = metric.spec().reads;
        let texts = segments
            .iter()
            .map(|&g| self.ratings.segments[g].source.clone())
            .collect::<Option<Vec<String>>>()
            .ok_or_else(|| Error::RatedInputs {
                origin: origin.clone(),
                metric: metric.name(),
                message: "the sources' text, which it does not carry".into(),
            })?;
        let counts: Vec<usize> = segments
            .iter()
            .map(|&g| self.ratings.segments[g].references.len())
            .collect();
        let count = counts.iter().copied().min().unwrap_or(0);
        if counts.iter().any(|&c| c != count) {
            return Err(Error::RatedInputs {
                origin: origin.clone(),
                metric: metric.name(),
                message: format!(
                    "as many references for every segment (it has between {count} and {})",
                    counts.iter().max().unwrap_or(&0)
                ),
            });
        }
        let references = if reads.references == Need::No {
            Vec::new()
        } else {
            (0..count)
                .map(|k| {
                    Lines::new(
                        format!("{origin} (reference {k})"),
                        segments
                            .iter()
                            .map(|&g| self.ratings.segments[g].references[k].clone())
                            .collect(),
                    )
                })
                .collect()
        };
        let gold = if reads.gold == Need::No || count == 0 {
            None
        } else {
            let blocks = self.gold_blocks()?;
            Some(Lines::new(
                format!("{origin} (references typed by ERRANT)"),
                segments
                    .iter()
                    .flat_map(|&g| blocks[g].lines().map(str::to_owned).chain([String::new()]))
                    .collect(),
            ))
        };
        Ok(MetricInputs {
            source: Some(Lines::new(format!("{origin} (sources)"), texts)),
            references,
            gold,
        })
    }

    /// Each metric row's scores of the correlated systems: corpus and sentence scores.
    pub fn metric_scores(&self) -> Result<Vec<RatedScores>, Error> {
        self.rows()
            .into_iter()
            .map(|(metric, beta)| self.score(metric, beta))
            .collect()
    }

    fn score(&self, metric: MetaMetric, beta: f64) -> Result<RatedScores, Error> {
        let options = self.metric_options(metric, beta);
        let segments = self.ratings.segments.len();
        let (scored, dropped) = self.dropping_unscorable(|dropped| {
            // Systems rated on the same segments are scored together, on one set of outputs
            // that every row (and the synthetic systems) shares.
            let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            for (k, &s) in self.kept.iter().enumerate() {
                let rated: Vec<usize> = self
                    .rated(s)
                    .into_iter()
                    .filter(|g| !dropped.contains(g))
                    .collect();
                if rated.is_empty() {
                    let message = format!(
                        "the text of {}'s outputs, which it does not carry",
                        self.ratings.systems[s]
                    );
                    let origin = self.ratings.origin.clone();
                    let metric = metric.metric().name();
                    let error = Error::RatedInputs {
                        origin,
                        metric,
                        message,
                    };
                    return Err((Box::new(error), None));
                }
                match groups.iter_mut().find(|(_, segments)| *segments == rated) {
                    Some((members, _)) => members.push(k),
                    None => groups.push((vec![k], rated)),
                }
            }
            let mut system = vec![0.0; self.kept.len()];
            let mut segment = vec![Vec::new(); self.kept.len()];
            let (mut name, mut signature) = (String::new(), String::new());
            for (members, rated) in &groups {
                let systems: Vec<usize> = members.iter().map(|&k| self.kept[k]).collect();
                let outputs = self.outputs_on(&systems, rated);
                let report = self
                    .inputs(metric.metric(), rated)
                    .and_then(|inputs| Scorer::new(metric.metric(), &inputs, &options))
                    .and_then(|scorer| scorer.report(&outputs, &Resampling::default()))
                    .map_err(|e| {
                        let at = unscorable_sentence(&e).map(|i| rated[i]);
                        (Box::new(e), at)
                    })?;
                for (i, &k) in members.iter().enumerate() {
                    let mut sentence = vec![None; segments];
                    for (&g, score) in rated.iter().zip(&report.sentences[i]) {
                        sentence[g] = Some(score.score());
                    }
                    system[k] = report.systems[i].score;
                    segment[k] = sentence;
                }
                name = row_name(metric, beta, report.name);
                signature = report.signature.to_string();
            }
            Ok((name, signature, system, segment))
        })?;
        let (metric, signature, system, segment) = scored;
        Ok(RatedScores {
            metric,
            signature,
            system,
            segment,
            dropped: self.segment_ids(&dropped),
        })
    }

    /// Systems `systems`' outputs of `segments`, made once and shared by the metric rows.
    fn outputs_on(&self, systems: &[usize], segments: &[usize]) -> Arc<Outputs> {
        let key = (systems.to_vec(), segments.to_vec());
        let mut made = self
            .outputs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        made.entry(key)
            .or_insert_with(|| {
                Arc::new(Outputs::new(
                    systems
                        .iter()
                        .map(|&s| {
                            let lines = segments
                                .iter()
                                .map(|&g| self.ratings.outputs[s][g].clone().unwrap_or_default())
                                .collect();
                            System::new(self.ratings.systems[s].clone(), lines)
                        })
                        .collect(),
                ))
            })
            .clone()
    }

    fn segment_ids(&self, segments: &BTreeSet<usize>) -> Vec<String> {
        segments
            .iter()
            .map(|&g| self.ratings.segments[g].id.clone())
            .collect()
    }

    /// `attempt` with no segment dropped, then again without each segment whose output a metric
    /// cannot score (`attempt` fails naming it: an M2 edit lattice past its bound, a sentence
    /// past a length limit), until it succeeds: what it gives and the segments dropped. Any
    /// other failure is returned.
    fn dropping_unscorable<T>(
        &self,
        mut attempt: impl FnMut(&BTreeSet<usize>) -> Result<T, Attempt>,
    ) -> Result<(T, BTreeSet<usize>), Error> {
        let mut dropped = BTreeSet::new();
        loop {
            match attempt(&dropped) {
                Ok(value) => return Ok((value, dropped)),
                Err((_, Some(segment))) if dropped.insert(segment) => {}
                Err((error, _)) => return Err(*error),
            }
        }
    }

    /// The correlations of every metric row with the ratings at both levels, and with `paired`
    /// every pair of rows compared.
    pub fn report(&self) -> Result<RatingMetaEvalReport, Error> {
        let mut report = self.report_of(self.metric_scores()?)?;
        if self.options.synthetic > 0 {
            report.synthetic = Some(self.synthetic()?);
        }
        Ok(report)
    }

    /// System level over the real systems and `synthetic` hybrids of the pool: every system
    /// scored on the segments all real systems have rated outputs of, each metric once with
    /// the hybrids (each real system also as a hybrid of itself, so all points come from one
    /// statistic), the human score of each the mean rating of the outputs it takes.
    pub fn synthetic(&self) -> Result<SyntheticSystems, Error> {
        let systems: Vec<String> = self.table.systems().to_vec();
        let pool: Vec<usize> = match &self.options.synthetic_pool {
            None => (0..systems.len()).collect(),
            Some(names) => names
                .iter()
                .map(|n| {
                    systems
                        .iter()
                        .position(|s| s == n)
                        .ok_or_else(|| Error::Ratings {
                            file: self.ratings.origin.clone(),
                            line: 1,
                            column: 1,
                            message: format!("synthetic pool: no correlated system {n}"),
                        })
                })
                .collect::<Result<_, _>>()?,
        };
        let rated: Vec<Vec<usize>> = self.kept.iter().map(|&s| self.rated(s)).collect();
        let common: Vec<usize> = (0..self.ratings.segments.len())
            .filter(|g| rated.iter().all(|r| r.binary_search(g).is_ok()))
            .collect();
        let mut plan: Vec<Vec<usize>> = (0..systems.len()).map(|s| vec![s; common.len()]).collect();
        plan.extend(meta_eval::hybrid_systems(
            &pool,
            common.len(),
            self.options.synthetic,
            self.options.seed,
        ));
        let mut rows = Vec::new();
        for (metric, beta) in self.rows() {
            let options = self.metric_options(metric, beta);
            let ((report, kept), dropped) = self.dropping_unscorable(|dropped| {
                let kept: Vec<usize> = (0..common.len())
                    .filter(|&i| !dropped.contains(&common[i]))
                    .collect();
                let segments: Vec<usize> = kept.iter().map(|&i| common[i]).collect();
                let outputs = self.outputs_on(&self.kept, &segments);
                let resampling = Resampling {
                    hybrids: plan
                        .iter()
                        .map(|hybrid| kept.iter().map(|&i| hybrid[i]).collect())
                        .collect(),
                    ..Resampling::default()
                };
                self.inputs(metric.metric(), &segments)
                    .and_then(|inputs| Scorer::new(metric.metric(), &inputs, &options))
                    .and_then(|scorer| scorer.report(&outputs, &resampling))
                    .map(|report| (report, kept.clone()))
                    .map_err(|e| {
                        let at = unscorable_sentence(&e).map(|k| segments[k]);
                        (Box::new(e), at)
                    })
            })?;
            let human: Vec<f64> = plan
                .iter()
                .map(|hybrid| {
                    let sum: f64 = kept
                        .iter()
                        .map(|&i| {
                            let s = self.kept[hybrid[i]];
                            self.ratings.ratings[self.aspect][s][common[i]].unwrap_or(0.0)
                        })
                        .sum();
                    sum / kept.len().max(1) as f64
                })
                .collect();
            let of = |kind: Correlation| {
                kind.of(&human, &report.hybrids)
                    .ok()
                    .flatten()
                    .map(Estimate::point)
            };
            rows.push(RatedMetricRow {
                metric: row_name(metric, beta, report.name),
                signature: report.signature.to_string(),
                scores: report.hybrids[..self.kept.len()].to_vec(),
                system: Some(Correlations {
                    pearson: of(Correlation::Pearson),
                    spearman: of(Correlation::SpearmanAverageRanks),
                    kendall: of(Correlation::Kendall),
                }),
                segment: None,
                dropped: self.segment_ids(&dropped),
            });
        }
        Ok(SyntheticSystems {
            pool: pool.iter().map(|&s| systems[s].clone()).collect(),
            systems,
            hybrids: self.options.synthetic,
            segments: common.len(),
            metrics: rows,
        })
    }

    /// Every metric row: (metric, β), one per β for the F_β metrics.
    fn rows(&self) -> Vec<(MetaMetric, f64)> {
        let mut rows = Vec::new();
        for &metric in &self.options.metrics {
            let f_beta = matches!(
                metric,
                MetaMetric::Metric(Metric::M2 | Metric::Errant) | MetaMetric::ErrantMacro
            );
            let betas: &[f64] = if f_beta { &self.options.betas } else { &[0.5] };
            rows.extend(betas.iter().map(|&beta| (metric, beta)));
        }
        rows
    }

    fn metric_options(&self, metric: MetaMetric, beta: f64) -> MetricOptions {
        MetricOptions {
            beta,
            macro_average: metric == MetaMetric::ErrantMacro,
            ..self.options.metric.clone()
        }
    }

    /// [`RatingMetaEval::report`] of rows scored elsewhere (stored scores, synthetic systems).
    pub fn report_of(&self, scored: Vec<RatedScores>) -> Result<RatingMetaEvalReport, Error> {
        let human = self.human();
        let bootstrap = self.bootstrap();
        let system_level = self.kept.len() >= 3;
        let mut rows = Vec::new();
        for r in &scored {
            let system = if system_level {
                Some(self.system_correlations(&human, &r.system)?)
            } else {
                None
            };
            let segment = if self.options.segment_level {
                Some(self.segment_correlations(&r.segment, &bootstrap)?)
            } else {
                None
            };
            rows.push(RatedMetricRow {
                metric: r.metric.clone(),
                signature: r.signature.clone(),
                scores: r.system.clone(),
                system,
                segment,
                dropped: r.dropped.clone(),
            });
        }
        let paired = if self.options.paired && scored.len() > 1 {
            self.pairs(&scored, &human, system_level)?
        } else {
            LevelPairs::default()
        };
        Ok(RatingMetaEvalReport {
            dataset: self.ratings.origin.clone(),
            aspect: self.ratings.aspects[self.aspect].clone(),
            systems: self.table.systems().to_vec(),
            human: human.observed.clone(),
            segments: self.ratings.segments.len(),
            rated_outputs: self
                .table
                .scores()
                .iter()
                .map(|row| row.iter().flatten().count())
                .sum(),
            metrics: rows,
            paired,
            synthetic: None,
            signature: self.signature(),
        })
    }

    fn segment_correlations(
        &self,
        scores: &meta_eval::SegmentScores,
        bootstrap: &BootstrapOptions,
    ) -> Result<Correlations, Error> {
        let statistics = |source| Error::MetaEval { source };
        let mut out = Correlations {
            pearson: None,
            spearman: None,
            kendall: None,
        };
        let (h, m) = self.table.segment_pairs(scores).map_err(statistics)?;
        // Fewer than three rated outputs have no correlation.
        if h.len() < 3 {
            return Ok(out);
        }
        for (kind, _) in KINDS {
            *slot(&mut out, kind) = if self.options.confidence {
                self.table
                    .segment_correlation(scores, kind, 0.95, bootstrap)
                    .ok()
                    .map(Estimate::from)
            } else {
                kind.of(&h, &m).map_err(statistics)?.map(Estimate::point)
            };
        }
        Ok(out)
    }

    fn system_correlations(
        &self,
        human: &meta_eval::HumanScores,
        scores: &[f64],
    ) -> Result<Correlations, Error> {
        let mut out = Correlations {
            pearson: None,
            spearman: None,
            kendall: None,
        };
        for (kind, _) in KINDS {
            let estimate = if self.options.confidence {
                human
                    .correlation(scores, kind, 0.95)
                    .ok()
                    .map(Estimate::from)
            } else {
                kind.of(&human.observed, scores)
                    .map_err(|source| Error::MetaEval { source })?
                    .map(Estimate::point)
            };
            *slot(&mut out, kind) = estimate;
        }
        Ok(out)
    }

    fn pairs(
        &self,
        scored: &[RatedScores],
        human: &meta_eval::HumanScores,
        system_level: bool,
    ) -> Result<LevelPairs, Error> {
        let names: Vec<String> = scored.iter().map(|r| r.metric.clone()).collect();
        let bootstrap = self.bootstrap();
        let statistics = |source| Error::MetaEval { source };
        let system = if system_level {
            pairs_of(
                &names,
                &KINDS,
                |a, b, kind| {
                    human
                        .compare(&scored[a].system, &scored[b].system, kind, 0.95)
                        .map_err(statistics)
                },
                |a, b| williams(&human.observed, &scored[a].system, &scored[b].system),
            )?
        } else {
            Vec::new()
        };
        if !self.options.segment_level {
            return Ok(LevelPairs {
                system,
                segment: Vec::new(),
            });
        }
        let segment = pairs_of(
            &names,
            &KINDS,
            |a, b, kind| {
                self.table
                    .segment_compare(
                        &scored[a].segment,
                        &scored[b].segment,
                        kind,
                        0.95,
                        &bootstrap,
                    )
                    .map_err(statistics)
            },
            |a, b| {
                let (h, x) = self
                    .table
                    .segment_pairs(&scored[a].segment)
                    .map_err(statistics)?;
                let (_, y) = self
                    .table
                    .segment_pairs(&scored[b].segment)
                    .map_err(statistics)?;
                if x.len() != y.len() {
                    return Ok(None);
                }
                williams(&h, &x, &y)
            },
        )?;
        Ok(LevelPairs { system, segment })
    }

    fn signature(&self) -> Signature {
        let o = &self.options;
        let mut s = Signature::new("meta-eval")
            .with("dataset", self.ratings.origin.as_str())
            .with("aspect", self.ratings.aspects[self.aspect].as_str())
            .with("systems", self.kept.len())
            .with(
                "excluded",
                if o.exclude.is_empty() {
                    "none".to_owned()
                } else {
                    o.exclude.join(",")
                },
            )
            .with("human", "mean");
        if o.confidence || o.paired {
            s = s.with("unit", "segments").with("n", o.resamples);
        }
        if o.synthetic > 0 {
            s = s.with("synthetic", o.synthetic);
        }
        if o.confidence || o.paired || o.synthetic > 0 {
            s = s.with("seed", o.seed);
        }
        s.with("version", crate::VERSION)
    }
}

/// The sentence (0-based, of the lines scored) a metric's error says it cannot score.
fn unscorable_sentence(error: &Error) -> Option<usize> {
    use gec_metrics::Error as Metrics;
    let Error::Metrics { source } = error else {
        return None;
    };
    let source = match source {
        Metrics::AtLine { line, .. } => return line.checked_sub(1),
        other => other,
    };
    match source {
        Metrics::LatticeTooLarge { sentence, .. } | Metrics::SentenceTooLong { sentence, .. } => {
            Some(*sentence)
        }
        _ => None,
    }
}

fn slot(c: &mut Correlations, kind: Correlation) -> &mut Option<Estimate> {
    match kind {
        Correlation::Pearson => &mut c.pearson,
        Correlation::Kendall => &mut c.kendall,
        _ => &mut c.spearman,
    }
}

/// Williams' test of two metrics' Pearson correlations with `human`, given their own; `None`
/// with fewer than 4 items or an undefined correlation.
fn williams(human: &[f64], a: &[f64], b: &[f64]) -> Result<Option<meta_eval::WilliamsTest>, Error> {
    let statistics = |source| Error::MetaEval { source };
    if human.len() < 4 {
        return Ok(None);
    }
    let r = |x: &[f64], y: &[f64]| meta_eval::pearson(x, y).map_err(statistics);
    let (Some(ra), Some(rb), Some(rab)) = (r(human, a)?, r(human, b)?, r(a, b)?) else {
        return Ok(None);
    };
    Ok(Some(
        williams_test(ra, rb, rab, human.len()).map_err(statistics)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rated_outputs::Rating;

    /// Four systems over six segments: the further an output is from the reference, the lower
    /// its rating.
    fn ratings() -> RatedOutputs {
        let references = [
            "the cat sat on the mat .",
            "he goes to school every day .",
            "she likes green apples .",
            "we went home after the film .",
            "they have lived here for years .",
            "it rained all night long .",
        ];
        let damage = |text: &str, k: usize| {
            let words: Vec<&str> = text.split(' ').collect();
            words
                .iter()
                .enumerate()
                .map(|(i, w)| if i < k { "x" } else { w })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut rows = Vec::new();
        for (s, system) in ["best", "good", "fair", "poor"].iter().enumerate() {
            for (g, reference) in references.iter().enumerate() {
                let k = s + (g % 2);
                rows.push(Rating {
                    system: (*system).into(),
                    segment: g.to_string(),
                    source: Some(damage(reference, 2)),
                    output: Some(damage(reference, k)),
                    references: vec![(*reference).into()],
                    score: 100.0 - 20.0 * k as f64,
                    aspect: "fluency".into(),
                    rater: None,
                    line: rows.len() + 1,
                });
            }
        }
        RatedOutputs::from_ratings("test", rows, None).unwrap()
    }

    #[test]
    fn metrics_that_follow_the_ratings_correlate_at_both_levels() {
        let options = RatingMetaEvalOptions {
            confidence: true,
            paired: true,
            resamples: 200,
            ..RatingMetaEvalOptions::default()
        };
        let report = RatingMetaEval::new(ratings(), options)
            .unwrap()
            .report()
            .unwrap();
        assert_eq!(report.systems, ["best", "good", "fair", "poor"]);
        assert_eq!((report.segments, report.rated_outputs), (6, 24));
        assert_eq!(report.human, [90.0, 70.0, 50.0, 30.0]);
        for row in &report.metrics {
            let system = row.system.unwrap();
            assert_eq!(system.spearman.unwrap().estimate, 1.0, "{}", row.metric);
            assert_eq!(system.kendall.unwrap().estimate, 1.0, "{}", row.metric);
            let segment = row.segment.unwrap().pearson.unwrap();
            assert!(segment.estimate > 0.8, "{}: {segment:?}", row.metric);
            assert!(segment.low.unwrap() <= segment.estimate);
        }
        // BLEU against chrF, three correlations at each level.
        assert_eq!(report.paired.system.len(), 3);
        assert_eq!(report.paired.segment.len(), 3);
        assert!(report.signature.to_string().contains("aspect:fluency"));
    }

    #[test]
    fn asking_for_what_the_ratings_lack_is_an_error() {
        let options = RatingMetaEvalOptions {
            aspect: Some("meaning".into()),
            ..RatingMetaEvalOptions::default()
        };
        let err = RatingMetaEval::new(ratings(), options).unwrap_err();
        assert_eq!(
            err.to_string(),
            "test: no aspect \"meaning\" (its aspects: fluency)"
        );
        let options = RatingMetaEvalOptions {
            exclude: vec!["nobody".into()],
            ..RatingMetaEvalOptions::default()
        };
        let err = RatingMetaEval::new(ratings(), options).unwrap_err();
        assert!(
            err.to_string().contains("--exclude nobody: no such system"),
            "{err}"
        );
    }
}
