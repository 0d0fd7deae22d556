//! The simplification report's numbers, the sections of EASSE's `easse report` for several
//! systems: the test set's statistics, each system against the references (the values of
//! `gecbias easse evaluate`, SAMSA included), the scores by source length, the compression and
//! Levenshtein distributions, and every sentence's features for the samples.

use bleu_chrf::python_str::{python_split, python_strip};
use gecbias_engine::{Lines, Outputs, samsa_lines};
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use simplification_metrics::{
    EasseMetric, EasseTokenizer, EasseVariant, Preprocessing, QualityEstimation, References,
    easse_corpus_sari, easse_evaluate,
};

use crate::{Error, Provenance};

/// What a simplification report reads: the test set's name, its source and references, how the
/// metrics normalise text (EASSE's default: lowercased, 13a), and whether SAMSA is computed (it
/// parses every source with the UCCA parser).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct SimplificationInputs {
    /// The test set's name, shown in the page.
    pub test_set: String,
    /// The source sentences.
    pub source: Lines,
    /// The references, each line-aligned with the source.
    pub references: Vec<Lines>,
    /// EASSE's normalisation.
    pub preprocessing: Preprocessing,
    /// Whether to compute SAMSA.
    pub samsa: bool,
}

impl SimplificationInputs {
    /// A test set with EASSE's default normalisation and SAMSA.
    pub fn new(test_set: impl Into<String>, source: Lines, references: Vec<Lines>) -> Self {
        SimplificationInputs {
            test_set: test_set.into(),
            source,
            references,
            preprocessing: Preprocessing::default(),
            samsa: true,
        }
    }
}

/// The test set's statistics, as `easse report`'s first table.
#[derive(Debug, Clone, PartialEq)]
pub struct TestSetStats {
    /// Source sentences.
    pub samples: usize,
    /// References per source.
    pub references: usize,
    /// Mean whitespace-separated words per source.
    pub words_per_source: f64,
    /// Mean words per reference.
    pub words_per_reference: f64,
    /// Shares of (source, reference) pairs by Punkt's sentence counts: 1-to-1, 1-to-N, N-to-N,
    /// N-to-1.
    pub alignments: [f64; 4],
}

/// What a row of the score table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RowKind {
    /// A system given.
    System,
    /// EASSE's baselines: the source itself, and its first 80 % of words.
    Baseline,
    /// The first reference scored against the others (EASSE's `Reference*`).
    Reference,
}

/// One row of a score table: a name, and the values under the table's columns.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreRow {
    /// The row's name.
    pub name: String,
    /// What the row is.
    pub kind: RowKind,
    /// One value per column.
    pub values: Vec<f64>,
}

/// One length bin of a system: `[low; high)` characters of the source, and its scores.
#[derive(Debug, Clone, PartialEq)]
pub struct LengthBin {
    /// The label, `length=[LOW;HIGH]` as EASSE writes it.
    pub label: String,
    /// Sentences in the bin.
    pub sentences: usize,
    /// The scores under [`SimplificationReport::bin_columns`].
    pub values: Vec<f64>,
}

/// One line's features as the samples sort them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LineFeatures {
    pub(crate) sari: f64,
    pub(crate) compression: f64,
    pub(crate) levenshtein: f64,
    pub(crate) splits: f64,
    pub(crate) samsa: Option<f64>,
}

/// Everything the simplification page shows.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct SimplificationReport {
    /// The test set's name.
    pub test_set: String,
    /// Its statistics.
    pub stats: TestSetStats,
    /// The score table's columns: `easse evaluate`'s keys in its order.
    pub columns: Vec<String>,
    /// Each system, the two baselines and the reference row.
    pub rows: Vec<ScoreRow>,
    /// The columns of the length bins (EASSE's report: BLEU, SARI, FKGL and the features).
    pub bin_columns: Vec<String>,
    /// Each system's five bins of equal population.
    pub by_length: Vec<(String, Vec<LengthBin>)>,
    /// Each system's compression ratios and Levenshtein similarities to its source, and the
    /// first reference's, line by line (the histograms).
    pub distributions: Vec<(String, [Vec<f64>; 2])>,
    /// The first reference's compression ratios and Levenshtein similarities.
    pub reference_distribution: [Vec<f64>; 2],
    pub(crate) sources: Vec<String>,
    pub(crate) references: Vec<Vec<String>>,
    pub(crate) outputs: Vec<Vec<String>>,
    pub(crate) features: Vec<Vec<LineFeatures>>,
    /// What the numbers were computed with.
    pub provenance: Provenance,
}

/// EASSE's `to_words` count: whitespace-separated words.
fn count_words(text: &str) -> usize {
    python_split(text).count()
}

/// EASSE's `evaluate` metrics of the report: BLEU, SARI and its operations, FKGL.
const REPORT_METRICS: [EasseMetric; 4] = [
    EasseMetric::Bleu,
    EasseMetric::Sari,
    EasseMetric::SariByOperation,
    EasseMetric::Fkgl,
];

/// The scores of one set of outputs, under `easse evaluate`'s keys, SAMSA where given.
fn scores(
    sources: &[String],
    outputs: &[String],
    references: &References,
    preprocessing: Preprocessing,
    samsa: Option<f64>,
) -> Result<Vec<(String, f64)>, Error> {
    let evaluation = easse_evaluate(
        sources,
        outputs,
        references,
        &REPORT_METRICS,
        preprocessing,
        true,
    )?;
    let evaluation = match samsa {
        Some(s) => evaluation.with_samsa(s),
        None => evaluation,
    };
    Ok(evaluation.flattened())
}

/// EASSE's truncate baseline: the first 80 % of a sentence's words and a full stop.
fn truncate(sentence: &str) -> String {
    let words: Vec<&str> = python_split(sentence).collect();
    format!("{}.", words[..words.len() * 8 / 10].join(" "))
}

/// EASSE's equally populated bins of source lengths (characters): the limits are the lengths at
/// every `n / bins`-th sorted position, and one past the longest.
fn length_bins(sources: &[String], bins: usize) -> Vec<(usize, usize)> {
    let mut lengths: Vec<usize> = sources.iter().map(|s| s.chars().count()).collect();
    lengths.sort_unstable();
    let per_bin = lengths.len() / bins;
    let mut limits: Vec<usize> = (0..bins).map(|i| lengths[i * per_bin]).collect();
    limits.push(lengths[lengths.len() - 1] + 1);
    limits.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Python's `round(x, 2)` as the report's tables show it.
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl SimplificationReport {
    /// The report of `outputs` on the test set of `inputs`. Lines are stripped as EASSE's
    /// `read_lines` strips them; the score table's values are `gecbias easse evaluate`'s.
    pub fn build(
        inputs: &SimplificationInputs,
        outputs: &Outputs,
        seed: u64,
    ) -> Result<SimplificationReport, Error> {
        let strip = |lines: &[String]| -> Vec<String> {
            lines.iter().map(|l| python_strip(l).to_owned()).collect()
        };
        let sources = strip(&inputs.source.lines);
        let reference_streams: Vec<Vec<String>> =
            inputs.references.iter().map(|r| strip(&r.lines)).collect();
        if reference_streams.is_empty() {
            return Err(Error::Inputs(format!(
                "{}: a simplification report needs references",
                inputs.test_set
            )));
        }
        let references = References::from_streams(&reference_streams)?;
        let system_outputs: Vec<Vec<String>> = outputs
            .systems()
            .iter()
            .map(|s| strip(&s.output.lines))
            .collect();
        let preprocessing = inputs.preprocessing;
        let samsa_of = |output: &[String], origin: &str| -> Result<Option<Vec<f64>>, Error> {
            if !inputs.samsa {
                return Ok(None);
            }
            let source = Lines::new(inputs.source.origin.clone(), sources.clone());
            let output = Lines::new(origin, output.to_vec());
            let lines = samsa_lines(&source, &output, preprocessing, None)?;
            Ok(Some(lines.iter().map(|s| 100.0 * s.samsa).collect()))
        };
        let mean = reference_stats::numpy_mean;
        let mut rows = Vec::new();
        let mut columns = Vec::new();
        let mut samsa_lines_of = Vec::new();
        for (system, output) in outputs.systems().iter().zip(&system_outputs) {
            let samsa = samsa_of(output, &system.output.origin)?;
            let row = scores(
                &sources,
                output,
                &references,
                preprocessing,
                samsa.as_deref().map(mean),
            )?;
            columns = row.iter().map(|(k, _)| k.clone()).collect();
            rows.push(ScoreRow {
                name: system.name.clone(),
                kind: RowKind::System,
                values: row.into_iter().map(|(_, v)| v).collect(),
            });
            samsa_lines_of.push(samsa);
        }
        let truncated: Vec<String> = sources.iter().map(|s| truncate(s)).collect();
        for (name, output) in [
            ("Identity baseline", &sources),
            ("Truncate baseline", &truncated),
        ] {
            let samsa = samsa_of(output, name)?;
            let row = scores(
                &sources,
                output,
                &references,
                preprocessing,
                samsa.as_deref().map(mean),
            )?;
            rows.push(ScoreRow {
                name: name.to_owned(),
                kind: RowKind::Baseline,
                values: row.into_iter().map(|(_, v)| v).collect(),
            });
        }
        if reference_streams.len() > 1 {
            let others: Vec<Vec<String>> = std::iter::once(reference_streams[1].clone())
                .chain(reference_streams[1..].iter().cloned())
                .collect();
            let others = References::from_streams(&others)?;
            let first = &reference_streams[0];
            let samsa = samsa_of(first, &inputs.references[0].origin)?;
            let row = scores(
                &sources,
                first,
                &others,
                preprocessing,
                samsa.as_deref().map(mean),
            )?;
            rows.push(ScoreRow {
                name: "Reference*".to_owned(),
                kind: RowKind::Reference,
                values: row.into_iter().map(|(_, v)| v).collect(),
            });
        }
        let raw = QualityEstimation::new(Preprocessing::new(
            false,
            EasseTokenizer::Sacre(bleu_chrf::Tokenizer::None),
        ))?;
        let pair = |s: &String, o: &String| {
            let f = raw.pair(s, o);
            [
                f.compression_ratio,
                f.levenshtein_similarity,
                f.sentence_splits,
            ]
        };
        let distribution = |output: &[String]| -> [Vec<f64>; 2] {
            let pairs: Vec<[f64; 3]> = sources
                .iter()
                .zip(output)
                .map(|(s, o)| pair(s, o))
                .collect();
            [
                pairs.iter().map(|p| p[0]).collect(),
                pairs.iter().map(|p| p[1]).collect(),
            ]
        };
        let mut features = Vec::new();
        let mut distributions = Vec::new();
        let mut by_length = Vec::new();
        let bins = length_bins(&sources, 5);
        let mut bin_columns = Vec::new();
        for ((system, output), samsa) in outputs
            .systems()
            .iter()
            .zip(&system_outputs)
            .zip(&samsa_lines_of)
        {
            let lines = (0..sources.len())
                .map(|i| {
                    let [compression, levenshtein, splits] = pair(&sources[i], &output[i]);
                    let line_references = References::per_line(vec![
                        references.of(i).into_iter().map(str::to_owned).collect(),
                    ]);
                    let sari = easse_corpus_sari(
                        &sources[i..=i],
                        &output[i..=i],
                        &line_references,
                        EasseVariant::Default,
                        preprocessing,
                    )?
                    .sari;
                    Ok(LineFeatures {
                        sari,
                        compression,
                        levenshtein,
                        splits,
                        samsa: samsa.as_ref().map(|s| s[i]),
                    })
                })
                .collect::<Result<Vec<_>, Error>>()?;
            features.push(lines);
            distributions.push((system.name.clone(), distribution(output)));
            let mut system_bins = Vec::new();
            for &(low, high) in &bins {
                let at: Vec<usize> = (0..sources.len())
                    .filter(|&i| (low..high).contains(&sources[i].chars().count()))
                    .collect();
                let pick =
                    |lines: &[String]| at.iter().map(|&i| lines[i].clone()).collect::<Vec<_>>();
                let bin_references = References::from_streams(
                    &reference_streams
                        .iter()
                        .map(|r| pick(r))
                        .collect::<Vec<_>>(),
                )?;
                let row = if at.is_empty() {
                    Vec::new()
                } else {
                    scores(
                        &pick(&sources),
                        &pick(output),
                        &bin_references,
                        preprocessing,
                        None,
                    )?
                };
                if !row.is_empty() {
                    bin_columns = row.iter().map(|(k, _)| k.clone()).collect();
                }
                system_bins.push(LengthBin {
                    label: format!("length=[{low};{high}]"),
                    sentences: at.len(),
                    values: row.into_iter().map(|(_, v)| round2(v)).collect(),
                });
            }
            by_length.push((system.name.clone(), system_bins));
        }
        let stats = test_set_stats(&sources, &reference_streams)?;
        let mut provenance = Provenance::default();
        provenance.notes.push(format!(
            "Scores as `gecbias easse evaluate -t {} -m bleu,sari,sari_by_operation,fkgl{} -q` \
             prints them (tokenizer {}, {}); the length bins round to 2 decimals as EASSE's \
             report does; samples drawn with seed {seed}.",
            inputs.test_set,
            if inputs.samsa { ",samsa" } else { "" },
            preprocessing.tokenizer.name(),
            if preprocessing.lowercase {
                "lowercased"
            } else {
                "case kept"
            },
        ));
        Ok(SimplificationReport {
            test_set: inputs.test_set.clone(),
            stats,
            columns,
            rows,
            bin_columns,
            by_length,
            distributions,
            reference_distribution: distribution(&reference_streams[0]),
            sources,
            references: (0..reference_streams[0].len())
                .map(|i| reference_streams.iter().map(|r| r[i].clone()).collect())
                .collect(),
            outputs: system_outputs,
            features,
            provenance,
        })
    }
}

/// `easse report`'s test-set table: counts, mean words, and the alignment shares from Punkt's
/// sentence counts (at least 1 per text).
fn test_set_stats(sources: &[String], references: &[Vec<String>]) -> Result<TestSetStats, Error> {
    let punkt = PunktSentenceTokenizer::new(PunktParameters::english()?);
    let sentences = |t: &str| punkt.tokenize(t).len().max(1);
    let source_counts: Vec<usize> = sources.iter().map(|s| sentences(s)).collect();
    let mut alignments = [0usize; 4];
    let mut pairs = 0usize;
    let mut reference_words = 0usize;
    for stream in references {
        for (i, r) in stream.iter().enumerate() {
            reference_words += count_words(r);
            let (one_source, one_reference) = (source_counts[i] == 1, sentences(r) == 1);
            let slot = match (one_source, one_reference) {
                (true, true) => 0,
                (true, false) => 1,
                (false, false) => 2,
                (false, true) => 3,
            };
            alignments[slot] += 1;
            pairs += 1;
        }
    }
    let share = |c: usize| c as f64 / pairs.max(1) as f64;
    Ok(TestSetStats {
        samples: sources.len(),
        references: references.len(),
        words_per_source: sources.iter().map(|s| count_words(s)).sum::<usize>() as f64
            / sources.len().max(1) as f64,
        words_per_reference: reference_words as f64 / pairs.max(1) as f64,
        alignments: alignments.map(share),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_and_baselines_follow_easse() {
        let sources: Vec<String> = (1..=10).map(|n| "x".repeat(n)).collect();
        assert_eq!(
            length_bins(&sources, 5),
            [(1, 3), (3, 5), (5, 7), (7, 9), (9, 11)]
        );
        assert_eq!(truncate("one two three four five ."), "one two three four.");
        assert_eq!(round2(12.345_6), 12.35);
    }
}
