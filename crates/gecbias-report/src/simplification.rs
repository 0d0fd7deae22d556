//! The simplification report's numbers, the sections of EASSE's `easse report` for several
//! systems: the test set's statistics, each system against the references (the values of
//! `gecbias easse evaluate`, SAMSA included), the scores by source length, the compression and
//! Levenshtein distributions, and every sentence's features for the samples.

use bleu_chrf::python_str::{python_split, python_strip};
use gecbias_engine::{ErrantAnalyser, Lines, Outputs, samsa_lines};
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use simplification_metrics::{
    EasseMetric, EasseTokenizer, EasseVariant, Preprocessing, QualityEstimation, References,
    easse_corpus_sari, easse_evaluate,
};

use crate::edits::{MarkedEdit, typed_edits};
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
    /// `edits[system][sentence]`: each output's edits against its source, typed by ERRANT.
    pub(crate) edits: Vec<Vec<Vec<MarkedEdit>>>,
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

/// A row of the score table, its columns' names, and its lines' SAMSA.
type ScoredRow = (ScoreRow, Vec<String>, Option<Vec<f64>>);

/// A test set's lines stripped as EASSE strips them, and how every score of the page reads it.
struct Corpus<'a> {
    inputs: &'a SimplificationInputs,
    sources: Vec<String>,
    streams: Vec<Vec<String>>,
    references: References,
    /// The pair features on the raw text, as EASSE's report computes them with tseval.
    raw: QualityEstimation,
}

/// Lines stripped as EASSE's `read_lines` strips them.
fn stripped(lines: &[String]) -> Vec<String> {
    lines.iter().map(|l| python_strip(l).to_owned()).collect()
}

impl<'a> Corpus<'a> {
    fn new(inputs: &'a SimplificationInputs) -> Result<Corpus<'a>, Error> {
        let streams: Vec<Vec<String>> = inputs
            .references
            .iter()
            .map(|r| stripped(&r.lines))
            .collect();
        if streams.is_empty() {
            return Err(Error::Inputs(format!(
                "{}: a simplification report needs references",
                inputs.test_set
            )));
        }
        Ok(Corpus {
            inputs,
            sources: stripped(&inputs.source.lines),
            references: References::from_streams(&streams)?,
            streams,
            raw: QualityEstimation::new(Preprocessing::new(
                false,
                EasseTokenizer::Sacre(bleu_chrf::Tokenizer::None),
            ))?,
        })
    }

    /// Each line's SAMSA × 100 (EASSE's scale), when asked for.
    fn samsa(&self, output: &[String], origin: &str) -> Result<Option<Vec<f64>>, Error> {
        if !self.inputs.samsa {
            return Ok(None);
        }
        let source = Lines::new(self.inputs.source.origin.clone(), self.sources.clone());
        let output = Lines::new(origin, output.to_vec());
        let lines = samsa_lines(&source, &output, self.inputs.preprocessing, None)?;
        Ok(Some(lines.iter().map(|s| 100.0 * s.samsa).collect()))
    }

    /// One row of the score table, its columns' names, and the lines' SAMSA.
    fn row(
        &self,
        (name, kind): (&str, RowKind),
        output: &[String],
        references: &References,
    ) -> Result<ScoredRow, Error> {
        let samsa = self.samsa(output, name)?;
        let mean = samsa.as_deref().map(reference_stats::numpy_mean);
        let scored = scores(
            &self.sources,
            output,
            references,
            self.inputs.preprocessing,
            mean,
        )?;
        let row = ScoreRow {
            name: name.to_owned(),
            kind,
            values: scored.iter().map(|(_, v)| *v).collect(),
        };
        Ok((row, scored.into_iter().map(|(k, _)| k).collect(), samsa))
    }

    /// Compression ratio, Levenshtein similarity and sentence splits of one pair.
    fn pair(&self, source: &str, output: &str) -> [f64; 3] {
        let f = self.raw.pair(source, output);
        [
            f.compression_ratio,
            f.levenshtein_similarity,
            f.sentence_splits,
        ]
    }

    /// Compression ratios and Levenshtein similarities of `output`'s lines.
    fn distribution(&self, output: &[String]) -> [Vec<f64>; 2] {
        let pairs: Vec<[f64; 3]> = (self.sources.iter().zip(output))
            .map(|(s, o)| self.pair(s, o))
            .collect();
        [
            pairs.iter().map(|p| p[0]).collect(),
            pairs.iter().map(|p| p[1]).collect(),
        ]
    }

    /// Each line's features: its own SARI (EASSE's corpus SARI of the one line), the pair
    /// features and SAMSA.
    fn line_features(
        &self,
        output: &[String],
        samsa: Option<&Vec<f64>>,
    ) -> Result<Vec<LineFeatures>, Error> {
        (0..self.sources.len())
            .map(|i| {
                let [compression, levenshtein, splits] = self.pair(&self.sources[i], &output[i]);
                let line_references = References::per_line(vec![
                    self.references
                        .of(i)
                        .into_iter()
                        .map(str::to_owned)
                        .collect(),
                ]);
                let sari = easse_corpus_sari(
                    &self.sources[i..=i],
                    &output[i..=i],
                    &line_references,
                    EasseVariant::Default,
                    self.inputs.preprocessing,
                )?
                .sari;
                Ok(LineFeatures {
                    sari,
                    compression,
                    levenshtein,
                    splits,
                    samsa: samsa.map(|s| s[i]),
                })
            })
            .collect()
    }

    /// `output`'s scores in each length bin (rounded to 2 decimals), and their columns.
    fn length_bins(
        &self,
        output: &[String],
        bins: &[(usize, usize)],
    ) -> Result<(Vec<LengthBin>, Vec<String>), Error> {
        let mut columns = Vec::new();
        let mut out = Vec::new();
        for &(low, high) in bins {
            let at: Vec<usize> = (0..self.sources.len())
                .filter(|&i| (low..high).contains(&self.sources[i].chars().count()))
                .collect();
            let pick = |lines: &[String]| at.iter().map(|&i| lines[i].clone()).collect::<Vec<_>>();
            let row = if at.is_empty() {
                Vec::new()
            } else {
                let references = References::from_streams(
                    &self.streams.iter().map(|r| pick(r)).collect::<Vec<_>>(),
                )?;
                scores(
                    &pick(&self.sources),
                    &pick(output),
                    &references,
                    self.inputs.preprocessing,
                    None,
                )?
            };
            if !row.is_empty() {
                columns = row.iter().map(|(k, _)| k.clone()).collect();
            }
            out.push(LengthBin {
                label: format!("length=[{low};{high}]"),
                sentences: at.len(),
                values: row.into_iter().map(|(_, v)| round2(v)).collect(),
            });
        }
        Ok((out, columns))
    }
}

impl SimplificationReport {
    /// The report of `outputs` on the test set of `inputs`. Lines are stripped as EASSE's
    /// `read_lines` strips them; the score table's values are `gecbias easse evaluate`'s.
    pub fn build(
        inputs: &SimplificationInputs,
        outputs: &Outputs,
        seed: u64,
    ) -> Result<SimplificationReport, Error> {
        let corpus = Corpus::new(inputs)?;
        let system_outputs: Vec<Vec<String>> = outputs
            .systems()
            .iter()
            .map(|s| stripped(&s.output.lines))
            .collect();
        let (mut rows, mut columns, mut samsa_of_lines) = (Vec::new(), Vec::new(), Vec::new());
        for (system, output) in outputs.systems().iter().zip(&system_outputs) {
            let (row, names, samsa) =
                corpus.row((&system.name, RowKind::System), output, &corpus.references)?;
            columns = names;
            rows.push(row);
            samsa_of_lines.push(samsa);
        }
        let truncated: Vec<String> = corpus.sources.iter().map(|s| truncate(s)).collect();
        for (name, output) in [
            ("Identity baseline", &corpus.sources),
            ("Truncate baseline", &truncated),
        ] {
            rows.push(
                corpus
                    .row((name, RowKind::Baseline), output, &corpus.references)?
                    .0,
            );
        }
        if corpus.streams.len() > 1 {
            // EASSE's reference row: the first reference against the others, the second twice.
            let others: Vec<Vec<String>> = std::iter::once(corpus.streams[1].clone())
                .chain(corpus.streams[1..].iter().cloned())
                .collect();
            let others = References::from_streams(&others)?;
            let first = &corpus.streams[0];
            rows.push(
                corpus
                    .row(("Reference*", RowKind::Reference), first, &others)?
                    .0,
            );
        }
        let bins = length_bins(&corpus.sources, 5);
        let (mut features, mut distributions, mut by_length) = (Vec::new(), Vec::new(), Vec::new());
        let mut bin_columns = Vec::new();
        for ((system, output), samsa) in outputs
            .systems()
            .iter()
            .zip(&system_outputs)
            .zip(&samsa_of_lines)
        {
            features.push(corpus.line_features(output, samsa.as_ref())?);
            distributions.push((system.name.clone(), corpus.distribution(output)));
            let (system_bins, names) = corpus.length_bins(output, &bins)?;
            bin_columns = names;
            by_length.push((system.name.clone(), system_bins));
        }
        let typed = outputs.typed(&inputs.source, ErrantAnalyser::default())?;
        let edits = typed
            .files()
            .iter()
            .map(|(_, file)| file.blocks.iter().map(typed_edits).collect())
            .collect();
        let preprocessing = inputs.preprocessing;
        let mut provenance = Provenance::default();
        provenance.notes.push(format!(
            "Scores as `gecbias easse evaluate -t {} -m {}{} -q` \
             prints them (tokenizer {}, {}); the length bins round to 2 decimals as EASSE's \
             report does; samples drawn with seed {seed}; the outputs' edits typed by ERRANT \
             (spaCy's en_core_web_sm 3.8.0, run natively) against their sources.",
            inputs.test_set,
            REPORT_METRICS.map(EasseMetric::name).join(","),
            if inputs.samsa {
                format!(",{}", EasseMetric::Samsa.name())
            } else {
                String::new()
            },
            preprocessing.tokenizer.name(),
            if preprocessing.lowercase {
                "lowercased"
            } else {
                "case kept"
            },
        ));
        Ok(SimplificationReport {
            test_set: inputs.test_set.clone(),
            stats: test_set_stats(&corpus.sources, &corpus.streams)?,
            columns,
            rows,
            bin_columns,
            by_length,
            distributions,
            reference_distribution: corpus.distribution(&corpus.streams[0]),
            references: (0..corpus.sources.len())
                .map(|i| corpus.streams.iter().map(|r| r[i].clone()).collect())
                .collect(),
            sources: corpus.sources,
            outputs: system_outputs,
            features,
            edits,
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
