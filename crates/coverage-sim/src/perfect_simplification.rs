//! The perfect simplification system of the LCB paper (§5, Fig. "lucky,max,sari_Ms_significance";
//! spec §9): what SARI, MAX-SARI and "lucky" SARI a system scores whose every output is itself a
//! valid simplification, drawn from the same crowd distribution as its M references.
//!
//! One simulated corpus of `corpus_size` sentences: per sentence pick a source from the pool,
//! draw M + 1 of its simplifications uniformly with replacement; the first M are the references,
//! the last the output. Scores, averaged over the corpus:
//! * SARI = `SARIsent(source, output, references)`;
//! * MAX-SARI = maxₖ `SARIsent(source, output, [referenceₖ])`;
//! * lucky = `SARIsent(source, reference₁, references)` (the output happens to be a reference).
//!
//! The authors' interval is the 2.5/97.5 percentile of many independent simulations.

use std::collections::{HashMap, HashSet};

use gec_metrics::map_indices;
use gec_metrics::sari_sentence;
use gec_metrics::turkcorpus::TurkCorpusRow;
use rand::RngExt;
use rand_pcg::Pcg64;
use unseen_est::crowd::{Answer, Normalizer};

use crate::Error;

/// One source sentence of the pool with every simplification of it.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolSentence {
    /// The source sentence.
    pub source: String,
    /// Its simplifications (crowd answers, TurkCorpus references), repeats kept.
    pub simplifications: Vec<String>,
}

/// How a simulated corpus picks its source sentences from the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolSampling {
    /// Every source sentence equally likely (the paper's description).
    Uniform,
    /// The authors' `randint(0, size − 1)`: uniform, but never the last source sentence.
    AllButLast,
}

/// SARI, MAX-SARI and lucky SARI of one simulated corpus (means over its sentences).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct PerfectSari {
    /// SARI of the output against all M references.
    pub sari: f64,
    /// The best single-reference SARI of the output.
    pub max_sari: f64,
    /// SARI of the first reference as output, against all M references.
    pub lucky: f64,
}

/// A pool with every single-reference SARI precomputed, so MAX-SARI costs M table lookups.
#[derive(Debug, Clone)]
pub struct SimplificationPool {
    sentences: Vec<PoolSentence>,
    /// Per sentence, `single[r * n + o]` = SARI(source, output o, [reference r]).
    single: Vec<Vec<f64>>,
}

impl SimplificationPool {
    /// Groups (source, simplification) pairs by source, in order of first appearance, and
    /// precomputes the single-reference SARI of every pair of simplifications of one source.
    pub fn new<S: Into<String>>(pairs: impl IntoIterator<Item = (S, S)>) -> Result<Self, Error> {
        let mut sentences: Vec<PoolSentence> = Vec::new();
        let mut index = HashMap::new();
        for (source, simplification) in pairs {
            let source = source.into();
            let k = *index.entry(source.clone()).or_insert_with(|| {
                sentences.push(PoolSentence {
                    source,
                    simplifications: Vec::new(),
                });
                sentences.len() - 1
            });
            sentences[k].simplifications.push(simplification.into());
        }
        if sentences.len() < 2 {
            return Err(Error::Simulation(format!(
                "the simplification pool needs at least 2 source sentences, got {}",
                sentences.len()
            )));
        }
        let single = map_indices(sentences.len(), |i| {
            let s = &sentences[i];
            let refs = &s.simplifications;
            refs.iter()
                .flat_map(|r| {
                    refs.iter()
                        .map(move |o| sari_sentence(&s.source, o, std::slice::from_ref(&&**r)))
                })
                .collect()
        });
        Ok(SimplificationPool { sentences, single })
    }

    /// The authors' pool (spec §9): the crowd simplifications with source and answer normalised
    /// as their `clean_data` did (punctuation removed, lower-cased: [`Normalizer::Current`]),
    /// then, for every TurkCorpus row whose normalised origin is a crowd sentence, the raw origin
    /// with its 8 raw references — a source of its own, since the raw origin is not the
    /// normalised string.
    pub fn authors(crowd: &[Answer], turkcorpus: &[TurkCorpusRow]) -> Result<Self, Error> {
        let normalise = |s: &str| Normalizer::Current.apply(s);
        let mut pairs: Vec<(String, String)> = crowd
            .iter()
            .map(|a| (normalise(&a.source), normalise(&a.answer)))
            .collect();
        let sources: HashSet<String> = pairs.iter().map(|p| p.0.clone()).collect();
        for row in turkcorpus {
            if sources.contains(&normalise(&row.origin)) {
                pairs.extend(
                    row.references
                        .iter()
                        .map(|r| (row.origin.clone(), r.clone())),
                );
            }
        }
        Self::new(pairs)
    }

    /// The source sentences with their simplifications.
    pub fn sentences(&self) -> &[PoolSentence] {
        &self.sentences
    }

    /// The number of (source, simplification) pairs.
    pub fn pairs(&self) -> usize {
        self.sentences.iter().map(|s| s.simplifications.len()).sum()
    }

    /// One simulated corpus of `corpus_size` sentences with `m` references each.
    pub fn simulate(
        &self,
        m: usize,
        corpus_size: usize,
        sampling: PoolSampling,
        rng: &mut Pcg64,
    ) -> PerfectSari {
        let choices = match sampling {
            PoolSampling::Uniform => self.sentences.len(),
            PoolSampling::AllButLast => self.sentences.len() - 1,
        };
        let (mut sari, mut max_sari, mut lucky) = (0.0, 0.0, 0.0);
        let mut draw = Vec::with_capacity(m + 1);
        for _ in 0..corpus_size {
            let k = rng.random_range(0..choices);
            let s = &self.sentences[k];
            let n = s.simplifications.len();
            draw.clear();
            draw.extend((0..=m).map(|_| rng.random_range(0..n)));
            let (references, output) = draw.split_at(m);
            let texts: Vec<&str> = references
                .iter()
                .map(|&r| s.simplifications[r].as_str())
                .collect();
            sari += sari_sentence(&s.source, &s.simplifications[output[0]], &texts);
            max_sari += references
                .iter()
                .map(|&r| self.single[k][r * n + output[0]])
                .fold(f64::NEG_INFINITY, f64::max);
            lucky += sari_sentence(&s.source, texts[0], &texts);
        }
        let size = corpus_size as f64;
        PerfectSari {
            sari: sari / size,
            max_sari: max_sari / size,
            lucky: lucky / size,
        }
    }

    /// `runs` independent simulations with `m` references, simulation r drawing from the PCG-64
    /// stream (`seed`, m · 2³² + r) — the same results on any number of threads.
    pub fn simulate_runs(
        &self,
        m: usize,
        corpus_size: usize,
        runs: usize,
        sampling: PoolSampling,
        seed: u64,
    ) -> Result<Vec<PerfectSari>, Error> {
        if m == 0 || corpus_size == 0 {
            return Err(Error::Simulation(format!(
                "a perfect-simplification run needs M ≥ 1 and a non-empty corpus, got M = {m}, \
                 corpus size {corpus_size}"
            )));
        }
        Ok(map_indices(runs, |r| {
            let stream = ((m as u128) << 32) | r as u128;
            self.simulate(
                m,
                corpus_size,
                sampling,
                &mut Pcg64::new(u128::from(seed), stream),
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "About 95 species are currently accepted .";

    fn pool() -> SimplificationPool {
        let simplifications = [
            "About 95 species are currently known .",
            "About 95 species are now accepted .",
            "95 species are now accepted .",
        ];
        let mut pairs: Vec<(&str, &str)> = simplifications.iter().map(|s| (SOURCE, *s)).collect();
        pairs.push(("The cat sat .", "The cat sat ."));
        SimplificationPool::new(pairs).unwrap()
    }

    #[test]
    fn with_one_reference_max_sari_is_sari_and_lucky_is_one() {
        let runs = pool()
            .simulate_runs(1, 50, 4, PoolSampling::AllButLast, 3)
            .unwrap();
        // Lucky scores a reference against itself: between the lowest and highest such SARI.
        let p = pool();
        let own: Vec<f64> = p.sentences()[0]
            .simplifications
            .iter()
            .map(|x| sari_sentence(SOURCE, x, &[x.as_str()]))
            .collect();
        let (lo, hi) = (
            own.iter().copied().fold(1.0, f64::min),
            own.iter().copied().fold(0.0, f64::max),
        );
        for r in runs {
            assert!((r.sari - r.max_sari).abs() < 1e-12, "{r:?}");
            assert!(
                lo - 1e-12 <= r.lucky && r.lucky <= hi + 1e-12 && lo < hi,
                "{r:?}"
            );
        }
    }

    #[test]
    fn max_sari_bounds_and_determinism() {
        let p = pool();
        let a = p.simulate_runs(3, 40, 6, PoolSampling::Uniform, 9).unwrap();
        assert_eq!(
            a,
            p.simulate_runs(3, 40, 6, PoolSampling::Uniform, 9).unwrap()
        );
        for r in &a {
            assert!((0.0..=1.0).contains(&r.sari) && (0.0..=1.0 + 1e-12).contains(&r.max_sari));
        }
        // The precomputed single-reference table agrees with direct calls.
        let n = 3;
        for r in 0..n {
            for o in 0..n {
                let s = &p.sentences()[0].simplifications;
                let direct = sari_sentence(SOURCE, &s[o], &[s[r].as_str()]);
                assert_eq!(p.single[0][r * n + o], direct);
            }
        }
        assert_eq!(p.pairs(), 4);
    }

    #[test]
    fn all_but_last_never_picks_the_last_source() {
        // The first source's simplifications are all one sentence, so every draw scores the same;
        // the last source's differ.
        let p = SimplificationPool::new([
            (SOURCE, "95 species are now accepted ."),
            (SOURCE, "95 species are now accepted ."),
            ("The cat sat on the mat .", "The cat sat ."),
            ("The cat sat on the mat .", "A cat was on the mat ."),
        ])
        .unwrap();
        let quirk = p
            .simulate_runs(2, 100, 3, PoolSampling::AllButLast, 5)
            .unwrap();
        let x = "95 species are now accepted .";
        let expected = sari_sentence(SOURCE, x, &[x, x]);
        for r in &quirk {
            assert!((r.sari - expected).abs() < 1e-12 && (r.lucky - expected).abs() < 1e-12);
        }
        let uniform = p
            .simulate_runs(2, 100, 3, PoolSampling::Uniform, 5)
            .unwrap();
        assert!(
            uniform.iter().all(|r| (r.sari - expected).abs() > 1e-6),
            "{uniform:?}"
        );
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(SimplificationPool::new([("a", "b")]).is_err());
        assert!(
            pool()
                .simulate_runs(0, 10, 1, PoolSampling::Uniform, 0)
                .is_err()
        );
        assert!(
            pool()
                .simulate_runs(1, 0, 1, PoolSampling::Uniform, 0)
                .is_err()
        );
    }
}
