//! The rows of `score`: each system's score with its interval, paired tests and `--rank`'s clusters, and the signature's resampling part.

use super::*;

#[derive(Serialize)]
pub(super) struct Interval {
    /// The statistic the interval resamples, on the whole corpus.
    pub(super) point: f64,
    pub(super) low: f64,
    pub(super) high: f64,
    pub(super) level: f64,
    pub(super) method: String,
}

/// A system's place in `--rank`'s ranking of one metric.
#[derive(Serialize, Clone)]
pub(super) struct Rank {
    /// 1 for the highest score.
    pub(super) position: usize,
    /// 1 for the top significance cluster.
    pub(super) cluster: usize,
    /// The systems it is significantly better than, after Holm's correction.
    pub(super) better_than: Vec<String>,
    /// The test, its trials, the pairs corrected for and the family-wise level.
    pub(super) test: String,
}

#[derive(Serialize)]
pub(super) struct Test {
    pub(super) baseline: String,
    pub(super) difference: f64,
    pub(super) p_value: f64,
    pub(super) trials: usize,
}

/// One system's score for one metric: a row of the JSON output.
#[derive(Serialize)]
pub(super) struct SystemScore {
    pub(super) name: &'static str,
    pub(super) system: String,
    pub(super) score: f64,
    /// Metric-specific parts: M2's counts, P and R; USim's other direction.
    #[serde(flatten)]
    pub(super) parts: Value,
    pub(super) sentences: usize,
    pub(super) signature: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) confidence: Option<Interval>,
    /// M2, ERRANT: the interval of P, from the same resamples.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) precision_confidence: Option<Interval>,
    /// M2, ERRANT: the interval of R, from the same resamples.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) recall_confidence: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) paired_bs: Option<Test>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) paired_ar: Option<Test>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) rank: Option<Rank>,
}

/// A system scored by one metric, before resampling: the score, what the JSON shows beside it,
/// one item per sentence for the resampled statistic, and one JSON object per sentence.
pub(super) struct Scored<T> {
    pub(super) system: String,
    pub(super) score: f64,
    pub(super) parts: Value,
    pub(super) items: Vec<T>,
    pub(super) sentence_rows: Vec<Value>,
}

/// One metric over every system.
pub(super) struct Metric<T> {
    pub(super) name: &'static str,
    /// The signature without its resampling part.
    pub(super) signature: Signature,
    pub(super) systems: Vec<Scored<T>>,
}

/// The metric's signature with the resampling fields appended (none without resampling).
pub(super) fn resampling_signature(resampling: &Resampling, metric: &Signature) -> Signature {
    let mut s = metric.clone();
    if resampling.confidence {
        s = s
            .with("ci", value_name(resampling.ci_method))
            .with("bs", resampling.confidence_n);
    }
    if resampling.paired_bs {
        s = s.with("paired-bs", resampling.paired_bs_n);
    }
    if resampling.paired_ar {
        s = s.with("paired-ar", resampling.paired_ar_n);
    }
    if resampling.confidence || resampling.paired_bs || resampling.paired_ar {
        s = s.with("seed", resampling.seed);
    }
    s
}

pub(super) fn resamples(resampling: &Resampling) -> bool {
    resampling.confidence || resampling.paired_bs || resampling.paired_ar
}

pub(super) fn statistics_error(source: coverage_sim::Error) -> Error {
    Error::Resampling { source }
}

pub(super) fn library_error(source: gec_metrics::Error) -> Error {
    Error::Metrics { source }
}

pub(super) fn confidence(resampling: &Resampling) -> Confidence {
    let mut c = Confidence::default();
    c.resamples = resampling.confidence_n;
    c.seed = resampling.seed;
    c.method = match resampling.ci_method {
        CiMethod::Percentile => IntervalMethod::Percentile,
        CiMethod::Bca => IntervalMethod::Bca,
    };
    c
}

/// The interval as the JSON shows it, saying when BCa fell back to percentile (a constant
/// jackknife, e.g. a system whose sentence scores are all equal).
pub(super) fn interval(resampling: &Resampling, i: ScoreInterval) -> Interval {
    let method = match (resampling.ci_method, i.method) {
        (CiMethod::Bca, IntervalMethod::Percentile) => {
            "percentile (BCa undefined: constant jackknife)"
        }
        (CiMethod::Bca, _) => "bca",
        (CiMethod::Percentile, _) => "percentile",
    };
    Interval {
        point: i.point,
        low: i.low,
        high: i.high,
        level: i.level,
        method: method.to_owned(),
    }
}

pub(super) fn test(baseline: &str, t: PairedTest) -> Test {
    Test {
        baseline: baseline.to_owned(),
        difference: t.difference,
        p_value: t.p_value,
        trials: t.trials,
    }
}

/// The rows of one metric: each system's score with the interval and paired tests `resampling`
/// asks for, all computed by `statistic` over a sequence of per-sentence items; where the metric
/// has them (M2, ERRANT), the intervals of P and R too, from the same resamples (same seed).
pub(super) fn rows<T, S>(
    resampling: &Resampling,
    metric: Metric<T>,
    statistic: &S,
    precision_recall: Option<&[S; 2]>,
    bar: &ProgressBar,
) -> Result<Vec<SystemScore>, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    let signature = resampling_signature(resampling, &metric.signature).to_string();
    let Some(baseline) = metric.systems.first() else {
        return Ok(Vec::new());
    };
    let paired = |system: &Scored<T>, wanted: bool, method: PairedMethod| {
        if !wanted || std::ptr::eq(system, baseline) {
            return Ok(None);
        }
        let t = paired_test_by(
            &system.items,
            &baseline.items,
            statistic,
            method,
            resampling.seed,
        )
        .map_err(statistics_error)?;
        Ok::<_, Error>(Some(test(&baseline.system, t)))
    };
    metric
        .systems
        .iter()
        .map(|system| {
            let interval_of = |statistic: &S| -> Result<Option<Interval>, Error> {
                if !resampling.confidence {
                    return Ok(None);
                }
                let i = confidence_interval_by(&system.items, statistic, &confidence(resampling))
                    .map_err(statistics_error)?;
                Ok(Some(interval(resampling, i)))
            };
            let confidence = interval_of(statistic)?;
            let (precision_confidence, recall_confidence) = match precision_recall {
                Some([p, r]) => (interval_of(p)?, interval_of(r)?),
                None => (None, None),
            };
            let row = SystemScore {
                name: metric.name,
                system: system.system.clone(),
                score: system.score,
                parts: system.parts.clone(),
                sentences: system.items.len(),
                signature: signature.clone(),
                confidence,
                precision_confidence,
                recall_confidence,
                paired_bs: paired(
                    system,
                    resampling.paired_bs,
                    PairedMethod::Bootstrap {
                        resamples: resampling.paired_bs_n,
                    },
                )?,
                paired_ar: paired(
                    system,
                    resampling.paired_ar,
                    PairedMethod::Randomization {
                        trials: resampling.paired_ar_n,
                    },
                )?,
                rank: None,
            };
            bar.inc(1);
            Ok(row)
        })
        .collect::<Result<Vec<_>, Error>>()
        .and_then(|mut rows| {
            if resampling.rank {
                for (row, rank) in rows.iter_mut().zip(ranks(resampling, &metric, statistic)?) {
                    row.rank = Some(rank);
                }
            }
            Ok(rows)
        })
}

/// `--rank`: every pair of systems compared by paired approximate randomisation, the p-values
/// corrected by Holm's method, and significance clusters cut where the order separates
/// completely. Returned in the systems' input order.
pub(super) fn ranks<T, S>(
    resampling: &Resampling,
    metric: &Metric<T>,
    statistic: &S,
) -> Result<Vec<Rank>, Error>
where
    T: Sync,
    S: CorpusStatistic<T>,
{
    let n = metric.systems.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    // With R trials no p-value falls below 1/(R + 1): Holm over m pairs then rejects nothing
    // unless m/(R + 1) < α, and a ranking without any break would only say that.
    if !pairs.is_empty()
        && pairs.len() as f64 / (resampling.paired_ar_n as f64 + 1.0) >= resampling.rank_alpha
    {
        return Err(Error::Usage(format!(
            "--rank over {} pairs at α = {} needs --paired-ar-n of at least {}",
            pairs.len(),
            resampling.rank_alpha,
            (pairs.len() as f64 / resampling.rank_alpha).ceil() as usize
        )));
    }
    let method = PairedMethod::Randomization {
        trials: resampling.paired_ar_n,
    };
    let systems = &metric.systems;
    let tests = pairs
        .iter()
        .map(|&(i, j)| {
            paired_test_by(
                &systems[i].items,
                &systems[j].items,
                statistic,
                method,
                resampling.seed,
            )
            .map_err(statistics_error)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let adjusted = holm_bonferroni(&tests.iter().map(|t| t.p_value).collect::<Vec<_>>());
    // better[i][j]: system i significantly better than system j.
    let mut better = vec![vec![false; n]; n];
    for ((&(i, j), t), p) in pairs.iter().zip(&tests).zip(&adjusted) {
        if *p < resampling.rank_alpha {
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
        "paired-ar:{}|holm:{}|alpha:{}|seed:{}",
        resampling.paired_ar_n,
        pairs.len(),
        resampling.rank_alpha,
        resampling.seed
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
