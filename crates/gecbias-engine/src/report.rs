//! What a scorer returns: each system's score with the parts its metric has, its interval,
//! paired tests and rank, and its sentences' scores; computed from per-sentence items by a
//! corpus statistic, so that every resample recomputes the metric as its scorer would.

use std::collections::BTreeMap;

use corpus_resampling::{
    CorpusStatistic, IntervalMethod, PairedMethod, PairedTest, ScoreInterval,
    confidence_interval_by, holm_bonferroni, paired_test_by,
};
use serde::Serialize;

use crate::{Error, IntervalKind, Resampling, Signature};

/// A 95 % bootstrap interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Interval {
    /// The statistic the interval resamples, on the whole corpus.
    pub point: f64,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
    /// The coverage (0.95).
    pub level: f64,
    /// `bca`, `percentile`, or percentile where BCa is undefined (the text says so).
    pub method: String,
}

impl Interval {
    /// The interval `i` as reports show it, saying when BCa fell back to percentile (a constant
    /// jackknife, e.g. a system whose sentence scores are all equal).
    pub(crate) fn shown(resampling: &Resampling, i: ScoreInterval) -> Interval {
        let asked = resampling.confidence.map_or(IntervalKind::Bca, |b| b.kind);
        let method = match (asked, i.method) {
            (IntervalKind::Bca, IntervalMethod::Percentile) => {
                "percentile (BCa undefined: constant jackknife)"
            }
            (kind, _) => kind.name(),
        };
        Interval {
            point: i.point,
            low: i.low,
            high: i.high,
            level: i.level,
            method: method.to_owned(),
        }
    }
}

/// A paired test of a system against the baseline (the first system).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Test {
    /// The baseline's name.
    pub baseline: String,
    /// Score(system) − score(baseline) on the whole corpus.
    pub difference: f64,
    /// The two-sided p-value.
    pub p_value: f64,
    /// Resamples or trials drawn.
    pub trials: usize,
}

/// A system's place in the ranking of one metric's systems.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rank {
    /// 1 for the highest score.
    pub position: usize,
    /// 1 for the top significance cluster.
    pub cluster: usize,
    /// The systems it is significantly better than, after Holm's correction.
    pub better_than: Vec<String>,
    /// The test, its trials, the pairs corrected for and the family-wise level:
    /// `paired-ar:10000|holm:91|alpha:0.05|seed:12345`.
    pub test: String,
}

/// One error type's scores (ERRANT's per-type table).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryScore {
    /// The interval of the type's F_β, the annotator choice redone per resample.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<Interval>,
    /// F_β.
    pub f: f64,
    /// False negatives.
    #[serde(rename = "fn")]
    pub fn_: u64,
    /// False positives.
    pub fp: u64,
    /// Precision; `None` without any edit of the type (ERRANT prints 1.0, which reads as
    /// perfect).
    pub precision: Option<f64>,
    /// Recall.
    pub recall: f64,
    /// True positives.
    pub tp: u64,
}

/// What a metric reports beside its score (fields in name order).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Parts {
    /// M2: the counts of the chosen annotators, P and R.
    M2 {
        /// Correct system edits.
        correct: u64,
        /// Gold edits.
        gold: u64,
        /// Precision.
        precision: f64,
        /// System edits.
        proposed: u64,
        /// Recall.
        recall: f64,
    },
    /// ERRANT: the counts, P and R, and per-type scores where asked for.
    Errant {
        /// Per-type scores, by type name.
        #[serde(skip_serializing_if = "Option::is_none")]
        categories: Option<BTreeMap<String, CategoryScore>>,
        /// False negatives.
        #[serde(rename = "fn")]
        fn_: u64,
        /// False positives.
        fp: u64,
        /// Precision.
        precision: f64,
        /// Recall.
        recall: f64,
        /// True positives.
        tp: u64,
    },
    /// CLEME: the chosen references' chunk counts (length-weighted unless the signature says
    /// `weights:none`), P, R and accuracy.
    Cleme {
        /// (TP + TN) / all chunks.
        accuracy: f64,
        /// Untyped output chunks the reference corrects.
        #[serde(rename = "fn")]
        fn_: f64,
        /// Typed output chunks unlike the reference's.
        fp: f64,
        /// Precision.
        precision: f64,
        /// Recall.
        recall: f64,
        /// Chunks both leave alone.
        tn: f64,
        /// Typed output chunks equal to the reference's.
        tp: f64,
    },
    /// CLEME2.0: hit-, wrong-, under- and over-correction (the score is their combination COM)
    /// and the chunk counts they come from.
    Cleme2 {
        /// Missed corrections.
        #[serde(rename = "fn")]
        fn_: f64,
        /// Wrong corrections: FPs where the reference corrects.
        fp_ne: f64,
        /// Over-corrections: FPs where the reference does not.
        fp_un: f64,
        /// Hit-correction, TP / (TP + FP_NE + FN).
        hit: f64,
        /// Over-correction, FP_UN / (TP + FP).
        over: f64,
        /// Chunks both leave alone.
        tn: f64,
        /// Hits.
        tp: f64,
        /// Under-correction, FN / (TP + FP_NE + FN).
        under: f64,
        /// Wrong-correction, FP_NE / (TP + FP_NE + FN).
        wrong: f64,
    },
    /// GLEU: the standard deviation of the score over compute_gleu's reference draws.
    Gleu {
        /// Standard deviation over draws.
        std_over_draws: f64,
    },
    /// GREEN: the corpus P and R (geometric means over the n-gram orders).
    Green {
        /// Precision.
        precision: f64,
        /// Recall.
        recall: f64,
    },
    /// GoToScorer: the corpus P and R of the weighted chunk counts.
    GoToScorer {
        /// Precision.
        precision: f64,
        /// Recall.
        recall: f64,
    },
    /// Koyama's GLEU: nothing beside the score (the mode is in the signature).
    KoyamaGleu {},
    /// SARI: nothing beside the score.
    Sari {},
    /// A mean over lines (`sent_bleu`, `f1_token`, iBLEU, FKBLEU): nothing beside the score.
    LineMean {},
    /// BLEU: sacreBLEU's brevity penalty, lengths and n-gram precisions (fractions, n = 1…4).
    Bleu {
        /// The brevity penalty.
        brevity_penalty: f64,
        /// The outputs' tokens.
        hyp_len: u64,
        /// Each order's (smoothed) precision.
        precisions: Vec<f64>,
        /// The closest references' tokens.
        ref_len: u64,
    },
    /// chrF, chrF++: nothing beside the score.
    Chrf {},
    /// FKGL: the counts it is computed from.
    Fkgl {
        /// Punkt's sentences.
        fkgl_sentences: u64,
        /// Syllables (EASSE's count).
        syllables: i64,
        /// Words.
        words: u64,
    },
    /// USim: the other direction's mean.
    Usim {
        /// Mean USim(output, source).
        output_to_source: f64,
    },
}

/// One sentence's score, and what it was computed from (fields in name order).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum SentenceScore {
    /// M2: the chosen annotator and its counts; the score is the sentence's F_β.
    M2 {
        /// The annotator chosen by the running corpus F_β.
        annotator: u32,
        /// Correct system edits.
        correct: u32,
        /// Gold edits.
        gold: u32,
        /// System edits.
        proposed: u32,
        /// F_β of these counts.
        score: f64,
    },
    /// ERRANT: the chosen annotator pair's reference annotator and counts; the score is their
    /// F_β.
    Errant {
        /// The reference annotator of the pair chosen by the running corpus F_β.
        annotator: u32,
        /// False negatives.
        #[serde(rename = "fn")]
        fn_: u64,
        /// False positives.
        fp: u64,
        /// F_β of these counts.
        score: f64,
        /// True positives.
        tp: u64,
    },
    /// A metric with one number per sentence (GLEU's sentence GLEU, SARI).
    Score {
        /// The sentence's score.
        score: f64,
    },
    /// USim in both directions; the score is USim(source, output).
    Usim {
        /// USim(output, source).
        output_to_source: f64,
        /// USim(source, output).
        score: f64,
    },
}

impl SentenceScore {
    /// The sentence's score.
    pub fn score(&self) -> f64 {
        match self {
            SentenceScore::M2 { score, .. }
            | SentenceScore::Errant { score, .. }
            | SentenceScore::Score { score }
            | SentenceScore::Usim { score, .. } => *score,
        }
    }
}

/// One system's score for one metric, with what the resampling asked for.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SystemScore {
    /// The metric's name (`M2`, `ERRANT`, `GLEU`, `SARI`, `USim`).
    pub name: &'static str,
    /// The system's name.
    pub system: String,
    /// The corpus score.
    pub score: f64,
    /// What the metric reports beside it.
    #[serde(flatten)]
    pub parts: Parts,
    /// Sentences scored.
    pub sentences: usize,
    /// Every option that changes the number, resampling included.
    pub signature: Signature,
    /// The interval of the score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<Interval>,
    /// M2, ERRANT: the interval of P, from the same resamples.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision_confidence: Option<Interval>,
    /// M2, ERRANT: the interval of R, from the same resamples.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recall_confidence: Option<Interval>,
    /// The paired bootstrap test against the first system (none for the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired_bs: Option<Test>,
    /// The paired approximate randomisation test against the first system.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired_ar: Option<Test>,
    /// The system's significance rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
}

/// What a scorer reports though nothing failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Warning {
    /// ERRANT's per-type scores asked of a gold whose types are not ERRANT's (NUCLE's
    /// `ArtOrDet`, say): they group the gold's own categories, which ERRANT's never match.
    #[error(
        "{file}:{line}: error type {category:?} is not one of ERRANT's: the per-type scores \
         group the gold's own categories, which ERRANT's never match"
    )]
    ForeignType {
        /// The gold.
        file: String,
        /// The first such edit's line.
        line: usize,
        /// Its type.
        category: String,
    },
    /// An M2 gold with an edit span outside its sentence (or reversed), kept as ERRANT keeps
    /// it: the strict reading's message.
    #[error("{message}; kept, as the reference tool keeps it (`score` refuses it)")]
    LenientGold {
        /// Why the strict reading refuses it.
        message: String,
    },
}

/// One metric over every system: its rows in the systems' order and their sentence scores.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct MetricReport {
    /// The metric's name.
    pub name: &'static str,
    /// The signature, resampling fields included.
    pub signature: Signature,
    /// One row per system.
    pub systems: Vec<SystemScore>,
    /// Per system (in the same order), one score per sentence.
    pub sentences: Vec<Vec<SentenceScore>>,
    /// What the caller should know though nothing failed.
    pub warnings: Vec<Warning>,
    /// The score of each of [`Resampling::hybrids`](crate::Resampling::hybrids): the corpus
    /// statistic over the sentences each takes from its systems (empty without hybrids).
    pub hybrids: Vec<f64>,
}

impl MetricReport {
    /// This report with the test set it scored named in its signatures
    /// ([`Signature::with_test_set`]).
    #[must_use]
    pub fn with_test_set(mut self, name: &str) -> MetricReport {
        self.signature = self.signature.with_test_set(name);
        for row in &mut self.systems {
            row.signature = row.signature.clone().with_test_set(name);
        }
        self
    }
}

/// A system scored by one metric, before resampling: the score, what is shown beside it, one
/// item per sentence for the resampled statistic, and one score per sentence.
pub(crate) struct Scored<T> {
    pub(crate) system: String,
    pub(crate) score: f64,
    pub(crate) parts: Parts,
    pub(crate) items: Vec<T>,
    pub(crate) sentences: Vec<SentenceScore>,
}

/// One metric over every system, before resampling.
pub(crate) struct Scores<T> {
    pub(crate) name: &'static str,
    /// The signature without its resampling part.
    pub(crate) signature: Signature,
    pub(crate) systems: Vec<Scored<T>>,
}

impl<T: Sync> Scores<T> {
    /// The report: each system's row with the interval and paired tests `resampling` asks for,
    /// all computed by `statistic` over the per-sentence items; where the metric has them (M2,
    /// ERRANT), the intervals of P and R too, from the same resamples (same seed).
    pub(crate) fn report<S: CorpusStatistic<T>>(
        self,
        resampling: &Resampling,
        statistic: &S,
        precision_recall: Option<&[S; 2]>,
    ) -> Result<MetricReport, Error> {
        resampling.check()?;
        let signature = resampling.signature(&self.signature);
        let mut rows = Vec::with_capacity(self.systems.len());
        if let Some(baseline) = self.systems.first() {
            let paired = |system: &Scored<T>, method: Option<PairedMethod>| {
                let Some(method) = method else {
                    return Ok(None);
                };
                if std::ptr::eq(system, baseline) {
                    return Ok(None);
                }
                let t = paired_test_by(
                    &system.items,
                    &baseline.items,
                    statistic,
                    method,
                    resampling.seed,
                )?;
                Ok::<_, Error>(Some(test(&baseline.system, t)))
            };
            for system in &self.systems {
                let interval_of = |statistic: &S| -> Result<Option<Interval>, Error> {
                    let Some(bootstrap) = resampling.bootstrap() else {
                        return Ok(None);
                    };
                    let i = confidence_interval_by(&system.items, statistic, &bootstrap)?;
                    Ok(Some(Interval::shown(resampling, i)))
                };
                let (precision_confidence, recall_confidence) = match precision_recall {
                    Some([p, r]) => (interval_of(p)?, interval_of(r)?),
                    None => (None, None),
                };
                rows.push(SystemScore {
                    name: self.name,
                    system: system.system.clone(),
                    score: system.score,
                    parts: system.parts.clone(),
                    sentences: system.items.len(),
                    signature: signature.clone(),
                    confidence: interval_of(statistic)?,
                    precision_confidence,
                    recall_confidence,
                    paired_bs: paired(
                        system,
                        resampling
                            .paired_bs
                            .map(|resamples| PairedMethod::Bootstrap { resamples }),
                    )?,
                    paired_ar: paired(
                        system,
                        resampling
                            .paired_ar
                            .map(|trials| PairedMethod::Randomization { trials }),
                    )?,
                    rank: None,
                });
            }
            if let Some(ranking) = resampling.rank {
                for (row, rank) in
                    rows.iter_mut()
                        .zip(self.ranks(ranking, resampling.seed, statistic)?)
                {
                    row.rank = Some(rank);
                }
            }
        }
        let hybrids = self.hybrids(&resampling.hybrids, statistic)?;
        Ok(MetricReport {
            name: self.name,
            signature,
            systems: rows,
            sentences: self.systems.into_iter().map(|s| s.sentences).collect(),
            warnings: Vec::new(),
            hybrids,
        })
    }

    /// The statistic of each hybrid: sentence i's item from system `hybrid[i]`.
    fn hybrids<S: CorpusStatistic<T>>(
        &self,
        hybrids: &[Vec<usize>],
        statistic: &S,
    ) -> Result<Vec<f64>, Error> {
        let sentences = self.systems.first().map_or(0, |s| s.items.len());
        hybrids
            .iter()
            .enumerate()
            .map(|(h, hybrid)| {
                let fits = hybrid.len() == sentences
                    && hybrid.iter().all(|&s| s < self.systems.len())
                    && self.systems.iter().all(|s| s.items.len() == sentences);
                if !fits {
                    return Err(Error::Hybrid {
                        hybrid: h,
                        sentences: hybrid.len(),
                        expected: sentences,
                        systems: self.systems.len(),
                    });
                }
                Ok(statistic.of(hybrid
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| &self.systems[s].items[i])))
            })
            .collect()
    }

    /// Every pair of systems compared by paired approximate randomisation, the p-values
    /// corrected by Holm's method, and significance clusters cut where the order separates
    /// completely. Returned in the systems' input order.
    fn ranks<S: CorpusStatistic<T>>(
        &self,
        ranking: crate::Ranking,
        seed: u64,
        statistic: &S,
    ) -> Result<Vec<Rank>, Error> {
        let n = self.systems.len();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        // With R trials no p-value falls below 1/(R + 1): Holm over m pairs then rejects
        // nothing unless m/(R + 1) < α, and a ranking without any break would only say that.
        if !pairs.is_empty() && pairs.len() as f64 / (ranking.trials as f64 + 1.0) >= ranking.alpha
        {
            return Err(Error::TooFewTrials {
                pairs: pairs.len(),
                alpha: ranking.alpha,
                needed: (pairs.len() as f64 / ranking.alpha).ceil() as usize,
            });
        }
        let method = PairedMethod::Randomization {
            trials: ranking.trials,
        };
        let systems = &self.systems;
        let tests = pairs
            .iter()
            .map(|&(i, j)| {
                paired_test_by(
                    &systems[i].items,
                    &systems[j].items,
                    statistic,
                    method,
                    seed,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let adjusted = holm_bonferroni(&tests.iter().map(|t| t.p_value).collect::<Vec<_>>());
        // better[i][j]: system i significantly better than system j.
        let mut better = vec![vec![false; n]; n];
        for ((&(i, j), t), p) in pairs.iter().zip(&tests).zip(&adjusted) {
            if *p < ranking.alpha {
                if t.difference > 0.0 {
                    better[i][j] = true;
                } else if t.difference < 0.0 {
                    better[j][i] = true;
                }
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| systems[b].score.total_cmp(&systems[a].score));
        let mut cluster_of = vec![0; n];
        let mut cluster = 1;
        for (k, &i) in order.iter().enumerate() {
            let separated = k > 0
                && order[..k]
                    .iter()
                    .all(|&above| order[k..].iter().all(|&below| better[above][below]));
            if separated {
                cluster += 1;
            }
            cluster_of[i] = cluster;
        }
        let test = format!(
            "paired-ar:{}|holm:{}|alpha:{}|seed:{seed}",
            ranking.trials,
            pairs.len(),
            ranking.alpha,
        );
        Ok((0..n)
            .map(|i| Rank {
                position: 1 + order.iter().position(|&o| o == i).unwrap_or(0),
                cluster: cluster_of[i],
                better_than: order
                    .iter()
                    .filter(|&&j| better[i][j])
                    .map(|&j| systems[j].system.clone())
                    .collect(),
                test: test.clone(),
            })
            .collect())
    }
}

fn test(baseline: &str, t: PairedTest) -> Test {
    Test {
        baseline: baseline.to_owned(),
        difference: t.difference,
        p_value: t.p_value,
        trials: t.trials,
    }
}
