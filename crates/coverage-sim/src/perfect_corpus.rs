//! A perfect system's corpus with M crowd references (LCB spec §4.1–4.2): the CoNLL-2014 test
//! sentences, each one with gold edits replaced by a crowd-corrected sentence whose references are
//! M random crowd corrections and whose output is one more — a "perfect" output, valid but
//! independent of the references.

use rand::RngExt;
use rand_pcg::Pcg64;
use serde::Serialize;
use unseen_est::crowd::Answer;

use crate::Error;
use crate::crowd_references::{correction_edits, m2_lines};
use gec_metrics::GleuCorpus;
use gec_metrics::M2File;

/// How the crowd sentence that replaces a CoNLL sentence is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum SentenceSampling {
    /// Every crowd source sentence equally likely, as the paper describes (the default).
    #[default]
    Uniform,
    /// The authors' code: a row drawn uniformly among all rows but the last, so a sentence is
    /// chosen with probability proportional to its number of answers.
    ProportionalToAnswers,
}

/// The simulated corpus: an M2 gold file (text) and the perfect output, one line per sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerfectCorpus {
    /// The M2 text: kept blocks verbatim, replaced ones with the raw crowd source and M references.
    pub m2: String,
    /// The perfect output of every sentence.
    pub outputs: Vec<String>,
    /// How many blocks were kept (they have no gold edit).
    pub kept: usize,
    /// The source of every sentence (the raw crowd source where replaced).
    pub sources: Vec<String>,
    /// The M references of every sentence as text — the raw crowd corrections, or M copies of
    /// the source where kept — as the authors gave them to GLEU (`{M}_sgss.pkl`, spec §4.3).
    pub references: Vec<Vec<String>>,
}

impl PerfectCorpus {
    /// The gold file parsed as the official scorer reads it.
    pub fn gold(&self) -> Result<M2File, Error> {
        M2File::parse_lenient(&self.m2, "<simulated>").map_err(|e| Error::Simulation(e.to_string()))
    }

    /// The corpus as GLEU scores it: the sources with their M reference texts.
    pub fn gleu(&self) -> Result<GleuCorpus, Error> {
        let m = self.references.first().map_or(0, Vec::len);
        let by_reference: Vec<Vec<String>> = (0..m)
            .map(|k| self.references.iter().map(|r| r[k].clone()).collect())
            .collect();
        let names: Vec<String> = std::iter::once("simulated sources".to_owned())
            .chain((0..m).map(|k| format!("simulated reference {k}")))
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        GleuCorpus::new(&self.sources, &by_reference, &names)
            .map_err(|e| Error::Simulation(e.to_string()))
    }

    /// The sentence GLEU of every perfect output (smoothed, mean over its M references) as the
    /// authors averaged it: printed with `'%f'`, i.e. rounded to 6 decimals (spec §4.7). Their
    /// mean is the figure's "mean sentence GLEU".
    pub fn sentence_gleu(&self, gleu: &GleuCorpus) -> Vec<f64> {
        self.outputs
            .iter()
            .enumerate()
            .map(|(i, o)| {
                // Formatting rounds the exact binary value, as Python's `'%f'` does; scaling by
                // 10⁶ first would not. A formatted f64 always parses back.
                let score = gleu.sentence_gleu(i, o);
                format!("{score:.6}").parse().unwrap_or(score)
            })
            .collect()
    }
}

/// Simulates the corpus over `skeleton` (the blocks of `official-2014.combined.m2`) with `m`
/// references per replaced sentence, from the raw crowd `rows`, seeded.
pub fn simulate_perfect_corpus(
    skeleton: &M2File,
    rows: &[Answer],
    m: usize,
    sampling: SentenceSampling,
    seed: u64,
) -> Result<PerfectCorpus, Error> {
    if rows.len() < 2 || m == 0 {
        return Err(Error::Simulation(format!(
            "need at least 2 crowd rows and 1 reference (got {} rows, M = {m})",
            rows.len()
        )));
    }
    let mut sources: Vec<&str> = Vec::new();
    for r in rows {
        if !sources.contains(&r.source.as_str()) {
            sources.push(&r.source);
        }
    }
    let answers_of = |s: &str| -> Vec<&str> {
        rows.iter()
            .filter(|r| r.source == s)
            .map(|r| r.answer.as_str())
            .collect()
    };
    let by_source: Vec<Vec<&str>> = sources.iter().map(|s| answers_of(s)).collect();
    let mut rng = Pcg64::new(u128::from(seed), m as u128);
    let (mut m2, mut outputs, mut kept) = (String::new(), Vec::new(), 0);
    let (mut corpus_sources, mut references) = (Vec::new(), Vec::new());
    for block in &skeleton.blocks {
        if block.edits.is_empty() {
            kept += 1;
            m2 += &format!("S {}\n\n", block.source);
            outputs.push(block.source.clone());
            corpus_sources.push(block.source.clone());
            references.push(vec![block.source.clone(); m]);
            continue;
        }
        let chosen = match sampling {
            SentenceSampling::Uniform => rng.random_range(0..sources.len()),
            SentenceSampling::ProportionalToAnswers => {
                let row = &rows[rng.random_range(0..rows.len() - 1)];
                sources.iter().position(|s| *s == row.source).unwrap_or(0)
            }
        };
        let (source, answers) = (sources[chosen], &by_source[chosen]);
        m2 += &format!("S {source}\n");
        corpus_sources.push(source.to_owned());
        let mut drawn = Vec::with_capacity(m);
        for k in 0..m {
            let reference = answers[rng.random_range(0..answers.len())];
            drawn.push(reference.to_owned());
            for line in m2_lines(&correction_edits(source, reference), k) {
                m2 += &line;
                m2.push('\n');
            }
        }
        m2.push('\n');
        references.push(drawn);
        let perfect = answers[rng.random_range(0..answers.len())];
        outputs.push(perfect.lines().last().unwrap_or("").trim().to_owned());
    }
    Ok(PerfectCorpus {
        m2,
        outputs,
        kept,
        sources: corpus_sources,
        references,
    })
}
