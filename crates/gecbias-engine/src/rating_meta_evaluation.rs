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
    /// Segment level, over every rated output of the correlated systems.
    pub segment: Correlations,
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
}

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
        let mut rows = Vec::new();
        for &metric in &self.options.metrics {
            let f_beta = matches!(
                metric,
                MetaMetric::Metric(Metric::M2 | Metric::Errant) | MetaMetric::ErrantMacro
            );
            let betas: &[f64] = if f_beta { &self.options.betas } else { &[0.5] };
            for &beta in betas {
                rows.push(self.score(metric, beta)?);
            }
        }
        Ok(rows)
    }

    fn score(&self, metric: MetaMetric, beta: f64) -> Result<RatedScores, Error> {
        let options = MetricOptions {
            beta,
            macro_average: metric == MetaMetric::ErrantMacro,
            ..self.options.metric.clone()
        };
        let segments = self.ratings.segments.len();
        let (mut system, mut segment) = (Vec::new(), Vec::new());
        let (mut name, mut signature) = (String::new(), String::new());
        for &s in &self.kept {
            let rated = self.rated(s);
            let mut sentence = vec![None; segments];
            if rated.is_empty() {
                return Err(Error::RatedInputs {
                    origin: self.ratings.origin.clone(),
                    metric: metric.metric().name(),
                    message: format!(
                        "the text of {}'s outputs, which it does not carry",
                        self.ratings.systems[s]
                    ),
                });
            }
            let inputs = self.inputs(metric.metric(), &rated)?;
            let output = rated
                .iter()
                .map(|&g| self.ratings.outputs[s][g].clone().unwrap_or_default())
                .collect();
            let outputs = Outputs::new(vec![System::new(self.ratings.systems[s].clone(), output)]);
            let report = Scorer::new(metric.metric(), &inputs, &options)?
                .report(&outputs, &Resampling::default())?;
            system.push(report.systems[0].score);
            for (&g, score) in rated.iter().zip(&report.sentences[0]) {
                sentence[g] = Some(score.score());
            }
            segment.push(sentence);
            name = row_name(metric, beta, report.name);
            signature = report.signature.to_string();
        }
        Ok(RatedScores {
            metric: name,
            signature,
            system,
            segment,
        })
    }

    /// The correlations of every metric row with the ratings at both levels, and with `paired`
    /// every pair of rows compared.
    pub fn report(&self) -> Result<RatingMetaEvalReport, Error> {
        self.report_of(self.metric_scores()?)
    }

    /// [`RatingMetaEval::report`] of rows scored elsewhere (stored scores, synthetic systems).
    pub fn report_of(&self, scored: Vec<RatedScores>) -> Result<RatingMetaEvalReport, Error> {
        let human = self.human();
        let bootstrap = self.bootstrap();
        let statistics = |source| Error::MetaEval { source };
        let system_level = self.kept.len() >= 3;
        let mut rows = Vec::new();
        for r in &scored {
            let system = if system_level {
                Some(self.system_correlations(&human, &r.system)?)
            } else {
                None
            };
            let mut segment = Correlations {
                pearson: None,
                spearman: None,
                kendall: None,
            };
            for (kind, _) in KINDS {
                let estimate = if self.options.confidence {
                    self.table
                        .segment_correlation(&r.segment, kind, 0.95, &bootstrap)
                        .ok()
                        .map(|c| Estimate {
                            estimate: c.estimate,
                            low: Some(c.low),
                            high: Some(c.high),
                        })
                } else {
                    let (h, m) = self.table.segment_pairs(&r.segment).map_err(statistics)?;
                    // Fewer than three rated outputs have no correlation.
                    if h.len() < 3 {
                        continue;
                    }
                    kind.of(&h, &m)
                        .map_err(statistics)?
                        .map(|estimate| Estimate {
                            estimate,
                            low: None,
                            high: None,
                        })
                };
                *slot(&mut segment, kind) = estimate;
            }
            rows.push(RatedMetricRow {
                metric: r.metric.clone(),
                signature: r.signature.clone(),
                scores: r.system.clone(),
                system,
                segment,
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
            signature: self.signature(),
        })
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
                    .map(|c| Estimate {
                        estimate: c.estimate,
                        low: Some(c.low),
                        high: Some(c.high),
                    })
            } else {
                kind.of(&human.observed, scores)
                    .map_err(|source| Error::MetaEval { source })?
                    .map(|estimate| Estimate {
                        estimate,
                        low: None,
                        high: None,
                    })
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
            s = s
                .with("unit", "segments")
                .with("n", o.resamples)
                .with("seed", o.seed);
        }
        s.with("version", crate::VERSION)
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
            let segment = row.segment.pearson.unwrap();
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
