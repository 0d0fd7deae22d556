//! The metric catalogue: every metric declared once — its name and aliases, a one-line summary,
//! what it reads, its levels and the options it reads — so that the command's `-m` values and
//! help, its refusal of options no chosen metric reads, meta-evaluation's metric names and the
//! Python package's dispatch all come from one table. A new metric is one row here and its
//! scorer.

use simplification_metrics::QualityFeature;

use crate::Error;

/// A metric of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Metric {
    /// MaxMatch (m2scorer) against an M2 gold.
    M2,
    /// ERRANT's comparison with a reference M2 file.
    Errant,
    /// compute_gleu's corpus GLEU.
    Gleu,
    /// SARI.py's mean sentence SARI.
    Sari,
    /// gec-metrics' GREEN.
    Green,
    /// Koyama's GLEU (the `gleu` package).
    KoyamaGleu,
    /// gec-metrics' GoToScorer.
    GoToScorer,
    /// THUKElab/CLEME's chunk-level F0.5.
    Cleme,
    /// CLEME2.0's combination of hit-, wrong-, under- and over-correction.
    Cleme2,
    /// Mean USim(source, output).
    Usim,
    /// sacreBLEU's corpus BLEU.
    Bleu,
    /// sacreBLEU's chrF (chrF++ with word n-grams).
    Chrf,
    /// EASSE's corpus FKGL.
    Fkgl,
    /// EASSE's mean sentence BLEU.
    SentBleu,
    /// EASSE's mean best token F1.
    F1Token,
    /// iBLEU (Sun & Zhou 2012), the simplification meta-evaluation's.
    IBleu,
    /// FKBLEU (Xu et al. 2016), the simplification meta-evaluation's.
    FkBleu,
    /// EASSE's corpus SARI's addition score (`sari_by_operation`).
    SariAdd,
    /// EASSE's corpus SARI's keep score.
    SariKeep,
    /// EASSE's corpus SARI's deletion score.
    SariDel,
    /// D-SARI (Sun et al. 2021) of each line as a document, averaged.
    DSari,
    /// EASSE's quality-estimation feature (`-q`), averaged over lines.
    Quality(simplification_metrics::QualityFeature),
    /// SAMSA (Sulem et al. 2018), EASSE's, averaged over lines.
    Samsa,
    /// SAMSA without its splitting penalty (the authors' SAMSA_abl), averaged over lines.
    SamsaAbl,
}

/// Whether a metric needs an input, may use it, or never reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Need {
    /// It cannot score without it.
    Required,
    /// It reads it where given (CLEME: an M2 gold or text references).
    Optional,
    /// It never reads it.
    No,
}

/// What a metric reads besides the systems' outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reads {
    /// An M2 gold.
    pub gold: Need,
    /// The source text, line-aligned with the outputs.
    pub source: Need,
    /// Text references, line-aligned with the outputs (and the source).
    pub references: Need,
    /// Whether the outputs may be hypothesis M2 files instead of text (without a source).
    pub hypothesis_m2: bool,
}

/// The levels a metric reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Level {
    /// One score per system over the corpus, with intervals, paired tests and ranks.
    Corpus,
    /// One score per system and sentence.
    Sentence,
}

/// One metric's declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct MetricSpec {
    /// The metric.
    pub metric: Metric,
    /// Its name (`-m NAME`, meta-evaluation rows, Python's `score(NAME, …)`).
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// One line of help.
    pub summary: &'static str,
    /// What it reads.
    pub reads: Reads,
    /// The levels it reports.
    pub levels: &'static [Level],
    /// The options it reads, by the command's flag without its dashes (`beta` for `--beta`).
    pub options: &'static [&'static str],
    /// The fields of its sentence scores ([`SentenceScore`](crate::SentenceScore)), the score
    /// first: the columns of `--sentence-level`'s table, one name for one quantity across metrics.
    pub sentence_fields: &'static [&'static str],
}

const BOTH: &[Level] = &[Level::Corpus, Level::Sentence];

/// The sentence fields of a metric with one number per sentence.
const SCORE_ONLY: &[&str] = &["score"];

/// CLEME's and CLEME2.0's options.
const CLEME_OPTIONS: &[&str] = &[
    "analyser",
    "cleme-assumption",
    "cleme-weights",
    "cleme-level",
];

const fn reads(gold: Need, source: Need, references: Need, hypothesis_m2: bool) -> Reads {
    Reads {
        gold,
        source,
        references,
        hypothesis_m2,
    }
}

/// Every metric, in the order help and reports list them.
pub const CATALOGUE: [MetricSpec; 30] = [
    MetricSpec {
        metric: Metric::M2,
        name: "m2",
        aliases: &["maxmatch"],
        summary: "MaxMatch (m2scorer) against an M2 gold",
        reads: reads(Need::Required, Need::No, Need::No, false),
        levels: BOTH,
        options: &[
            "beta",
            "max-unchanged-words",
            "ignore-whitespace-casing",
            "max-tokens",
        ],
        sentence_fields: &["score", "annotator", "correct", "proposed", "gold"],
    },
    MetricSpec {
        metric: Metric::Errant,
        name: "errant",
        aliases: &[],
        summary: "ERRANT's comparison with a reference M2 file",
        reads: reads(Need::Required, Need::Optional, Need::No, true),
        levels: BOTH,
        options: &["beta", "errant-mode", "analyser", "cat", "average"],
        sentence_fields: &["score", "annotator", "tp", "fp", "fn"],
    },
    MetricSpec {
        metric: Metric::Gleu,
        name: "gleu",
        aliases: &[],
        summary: "compute_gleu's corpus GLEU",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &["gleu-iter"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Sari,
        // EASSE's name, which SARI's papers and users know it by: one spelling for both.
        name: simplification_metrics::EasseMetric::Sari.name(),
        aliases: &[],
        summary: "SARI.py's mean sentence SARI, or with --sari-variant easse EASSE's corpus SARI \
                  (what text-simplification papers publish)",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &["sari-variant"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Green,
        name: "green",
        aliases: &[],
        summary: "gec-metrics' GREEN: n-gram F_β against the source and the best reference",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &["green-n", "green-beta", "green-unit"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::KoyamaGleu,
        name: "koyama-gleu",
        aliases: &[],
        summary: "Koyama's GLEU (the gleu package, MultiGEC-2025's), `gleu -f` by default",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &["koyama-mode", "koyama-n", "koyama-unit", "koyama-iter"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::GoToScorer,
        name: "gotoscorer",
        aliases: &[],
        summary: "gec-metrics' GoToScorer: chunks of one reference's corrections, weighted by \
                  difficulty",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &["beta", "analyser", "goto-weights", "goto-ref"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Cleme,
        name: "cleme",
        aliases: &[],
        summary: "THUKElab/CLEME's chunk-level F0.5 (length weights, dependent assumption by \
                  default)",
        reads: reads(Need::Optional, Need::Optional, Need::Optional, true),
        levels: BOTH,
        options: CLEME_OPTIONS,
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Cleme2,
        name: "cleme2",
        aliases: &[],
        summary: "CLEME2.0: hit-, wrong-, under- and over-correction combined (the length \
                  weigher; the BERTScore similarity weigher needs a model and is left out)",
        reads: reads(Need::Optional, Need::Optional, Need::Optional, true),
        levels: BOTH,
        options: CLEME_OPTIONS,
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Usim,
        name: "usim",
        aliases: &[],
        summary: "Mean USim(source, output)",
        reads: reads(Need::No, Need::Required, Need::No, false),
        levels: BOTH,
        options: &["pretokenized", "sentences", "parser-model", "params"],
        sentence_fields: &["score", "output_to_source"],
    },
    MetricSpec {
        metric: Metric::Bleu,
        name: "bleu",
        aliases: &[],
        summary: "sacreBLEU 2.6.0's corpus BLEU (sentences: BLEU with effective order)",
        reads: reads(Need::No, Need::No, Need::Required, false),
        levels: BOTH,
        options: &[
            "bleu-tokenize",
            "bleu-smooth",
            "bleu-smooth-value",
            "bleu-effective-order",
            "lowercase",
        ],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Chrf,
        name: "chrf",
        aliases: &[],
        summary: "sacreBLEU 2.6.0's chrF (chrF++ with --chrf-word-order 2)",
        reads: reads(Need::No, Need::No, Need::Required, false),
        levels: BOTH,
        options: &[
            "chrf-char-order",
            "chrf-word-order",
            "chrf-beta",
            "chrf-whitespace",
            "chrf-eps-smoothing",
            "lowercase",
        ],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::Fkgl,
        name: "fkgl",
        aliases: &[],
        summary: "EASSE's corpus FKGL, the Flesch–Kincaid grade level of the outputs (lower reads \
                  easier; a grade, not a fraction)",
        reads: reads(Need::No, Need::No, Need::No, false),
        levels: BOTH,
        options: &["fkgl-tokenize"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::SentBleu,
        name: simplification_metrics::EasseMetric::SentBleu.name(),
        aliases: &[],
        summary: "EASSE's mean sentence BLEU (floor smoothing, effective order; lowercased 13a tokens)",
        reads: reads(Need::No, Need::No, Need::Required, false),
        levels: BOTH,
        options: &[],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::F1Token,
        name: simplification_metrics::EasseMetric::F1Token.name(),
        aliases: &[],
        summary: "EASSE's mean best token F1 against a line's references (lowercased 13a tokens)",
        reads: reads(Need::No, Need::No, Need::Required, false),
        levels: BOTH,
        options: &[],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::IBleu,
        name: "ibleu",
        aliases: &[],
        summary: "iBLEU, 0.9 BLEU(output, references) - 0.1 BLEU(output, source), mean over lines \
                  as the simplification meta-evaluation computes it (Moses tokens, case kept)",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &[],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::FkBleu,
        name: "fkbleu",
        aliases: &[],
        summary: "FKBLEU, iBLEU x sigmoid(FKGL(output) - FKGL(source)), mean over lines as the \
                  simplification meta-evaluation computes it",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &[],
        sentence_fields: SCORE_ONLY,
    },
    sari_operation(
        Metric::SariAdd,
        "sari_add",
        "EASSE's corpus SARI's addition score (its sari_by_operation)",
    ),
    sari_operation(
        Metric::SariKeep,
        "sari_keep",
        "EASSE's corpus SARI's keep score (its sari_by_operation)",
    ),
    sari_operation(
        Metric::SariDel,
        "sari_del",
        "EASSE's corpus SARI's deletion score (its sari_by_operation)",
    ),
    MetricSpec {
        metric: Metric::DSari,
        name: "dsari",
        aliases: &[],
        summary: "D-SARI (Sun et al. 2021) of each line as a document, mean over lines, as its \
                  authors' D_SARI.py computes it",
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &[],
        sentence_fields: SCORE_ONLY,
    },
    quality(
        QualityFeature::CompressionRatio,
        "EASSE's compression ratio: characters of the output / of its source",
    ),
    quality(
        QualityFeature::SentenceSplits,
        "EASSE's sentence splits: Punkt sentences of the output / of its source",
    ),
    quality(
        QualityFeature::LevenshteinSimilarity,
        "EASSE's Levenshtein similarity of the output to its source (Levenshtein.ratio)",
    ),
    quality(
        QualityFeature::ExactCopies,
        "EASSE's exact copies: the share of outputs identical to their source",
    ),
    quality(
        QualityFeature::AdditionsProportion,
        "EASSE's additions proportion: output words not in the source / the longer NIST word count",
    ),
    quality(
        QualityFeature::DeletionsProportion,
        "EASSE's deletions proportion: source words not in the output / the longer NIST word count",
    ),
    quality(
        QualityFeature::LexicalComplexity,
        "EASSE's lexical complexity score of the output (gecbias's shippable word list, so not EASSE's values)",
    ),
    MetricSpec {
        metric: Metric::Samsa,
        name: "samsa",
        aliases: &[],
        summary: "SAMSA (Sulem et al. 2018): the source's UCCA scenes kept in the output's \
                  sentences, penalised for too few splits, as EASSE computes it (native parser, \
                  spaCy for CoreNLP)",
        reads: reads(Need::No, Need::Required, Need::No, false),
        levels: BOTH,
        options: &["parser-model"],
        sentence_fields: SCORE_ONLY,
    },
    MetricSpec {
        metric: Metric::SamsaAbl,
        name: "samsa_abl",
        aliases: &["samsa-abl"],
        summary: "SAMSA without its splitting penalty (the authors' SAMSA_abl): the mean scene score",
        reads: reads(Need::No, Need::Required, Need::No, false),
        levels: BOTH,
        options: &["parser-model"],
        sentence_fields: SCORE_ONLY,
    },
];

/// The declaration of one of EASSE's SARI operation scores (`sari_by_operation`), in the
/// EASSE variant `--sari-variant` names (its default for SARI.py's, which has none).
const fn sari_operation(metric: Metric, name: &'static str, summary: &'static str) -> MetricSpec {
    MetricSpec {
        metric,
        name,
        aliases: &[],
        summary,
        reads: reads(Need::No, Need::Required, Need::Required, false),
        levels: BOTH,
        options: &["sari-variant"],
        sentence_fields: SCORE_ONLY,
    }
}

/// A quality-estimation feature's declaration: the source and the outputs, no references.
const fn quality(feature: QualityFeature, summary: &'static str) -> MetricSpec {
    MetricSpec {
        metric: Metric::Quality(feature),
        name: feature.name(),
        aliases: &[],
        summary,
        reads: reads(Need::No, Need::Required, Need::No, false),
        levels: BOTH,
        options: &[],
        sentence_fields: SCORE_ONLY,
    }
}

impl Metric {
    /// Every metric, in the catalogue's order.
    pub fn all() -> impl Iterator<Item = Metric> {
        CATALOGUE.iter().map(|s| s.metric)
    }

    /// The metric's declaration.
    pub fn spec(self) -> &'static MetricSpec {
        CATALOGUE
            .iter()
            .find(|s| s.metric == self)
            .unwrap_or(&CATALOGUE[0])
    }

    /// The metric's name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The metric named `name` or one of its aliases.
    pub fn from_name(name: &str) -> Option<Metric> {
        CATALOGUE
            .iter()
            .find(|s| s.name == name || s.aliases.contains(&name))
            .map(|s| s.metric)
    }
}

impl std::str::FromStr for Metric {
    type Err = Error;

    /// The metric of a name or alias of the catalogue; an unknown name is
    /// [`Error::UnknownMetric`], which lists the known ones.
    fn from_str(name: &str) -> Result<Metric, Error> {
        Metric::from_name(name).ok_or_else(|| Error::UnknownMetric {
            name: name.to_owned(),
            known: metric_names().join(", "),
        })
    }
}

impl std::fmt::Display for Metric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The sentence fields of `metrics`, each once, in the order they first appear (the score first).
pub fn sentence_fields(metrics: &[Metric]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for field in metrics.iter().flat_map(|m| m.spec().sentence_fields) {
        if !out.contains(field) {
            out.push(field);
        }
    }
    out
}

/// Every metric's name, in the catalogue's order.
pub fn metric_names() -> Vec<&'static str> {
    CATALOGUE.iter().map(|s| s.name).collect()
}

/// Every option some metric reads (flags without dashes), each with the metrics that read it,
/// in the order of first appearance.
pub fn metric_options() -> Vec<(&'static str, Vec<Metric>)> {
    let mut out: Vec<(&'static str, Vec<Metric>)> = Vec::new();
    for spec in &CATALOGUE {
        for &option in spec.options {
            match out.iter_mut().find(|(o, _)| *o == option) {
                Some((_, readers)) => readers.push(spec.metric),
                None => out.push((option, vec![spec.metric])),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each metric's declared sentence fields are the keys of the sentence scores its scorer
    /// writes (the `SentenceScore` variant each scorer builds), the score first.
    #[test]
    fn sentence_fields_are_the_sentence_scores_keys() {
        use crate::SentenceScore;
        let keys = |row: SentenceScore| {
            let mut keys: Vec<String> = match serde_json::to_value(row) {
                Ok(serde_json::Value::Object(o)) => o.keys().cloned().collect(),
                other => panic!("not an object: {other:?}"),
            };
            keys.sort();
            keys
        };
        for spec in &CATALOGUE {
            let row = match spec.metric {
                Metric::M2 => SentenceScore::M2 {
                    annotator: 0,
                    correct: 0,
                    gold: 0,
                    proposed: 0,
                    score: 0.0,
                },
                Metric::Errant => SentenceScore::Errant {
                    annotator: 0,
                    fn_: 0,
                    fp: 0,
                    score: 0.0,
                    tp: 0,
                },
                Metric::Usim => SentenceScore::Usim {
                    output_to_source: 0.0,
                    score: 0.0,
                },
                _ => SentenceScore::Score { score: 0.0 },
            };
            let mut declared: Vec<String> =
                spec.sentence_fields.iter().map(|f| f.to_string()).collect();
            assert_eq!(declared[0], "score", "{}", spec.name);
            declared.sort();
            assert_eq!(declared, keys(row), "{}", spec.name);
        }
        assert_eq!(
            sentence_fields(&[Metric::Sari, Metric::Errant, Metric::M2]),
            [
                "score",
                "annotator",
                "tp",
                "fp",
                "fn",
                "correct",
                "proposed",
                "gold"
            ]
        );
    }

    #[test]
    fn every_metric_is_declared_once_under_its_own_name() {
        for (k, spec) in CATALOGUE.iter().enumerate() {
            assert_eq!(spec.metric.spec(), spec);
            assert_eq!(Metric::from_name(spec.name), Some(spec.metric));
            assert!(
                CATALOGUE[..k]
                    .iter()
                    .all(|s| s.metric != spec.metric && s.name != spec.name)
            );
        }
        assert_eq!(Metric::from_name("maxmatch"), Some(Metric::M2));
        let unknown = "meteor".parse::<Metric>().unwrap_err().to_string();
        assert!(unknown.contains("m2, errant, gleu, sari"), "{unknown}");
        let beta = metric_options().into_iter().find(|(o, _)| *o == "beta");
        assert_eq!(
            beta.map(|(_, m)| m),
            Some(vec![Metric::M2, Metric::Errant, Metric::GoToScorer])
        );
    }
}
