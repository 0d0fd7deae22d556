//! How USim responds to each kind of edit (USim paper §4.4, appendix `tab:MAEGE`), by MAEGE's
//! procedure (Choshen & Abend 2018): per annotator of a sentence, its edits applied one at a time
//! in a random order make a chain of sentences, from the source to the full correction; one
//! sentence of the chain, drawn uniformly, is taken as USim's source, and each edit is credited
//! with the change of USim(source, ·) between the sentence before it and the sentence after it.
//! The mean change per error type says which corrections USim sees as changing the meaning.

use std::collections::{BTreeMap, HashMap};

use gec_metrics::{M2Block, M2Edit};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;

use crate::{Error, Params, PreparedPassage, TextParser, empty_sentence_usim, usim};

/// MAEGE's filter: a sentence corrected by more than one annotator and without a `noop` line.
pub fn maege_sentence(block: &M2Block) -> bool {
    block.annotators().len() > 1 && !block.edits.iter().any(M2Edit::is_noop)
}

/// One annotator's edits of one sentence, applied in a random order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditChain {
    /// The sentences of the chain: the source, then the sentence after each edit.
    pub sentences: Vec<String>,
    /// The chain's sentence taken as USim's source.
    pub source: usize,
    /// The error type of the edit that produced each sentence after the first.
    pub types: Vec<String>,
}

/// One chain per (sentence, annotator) of `blocks`, in order; chain i shuffles its edits
/// (Fisher–Yates) and draws its source from `Pcg64::seed_from_u64(seed + i)`.
pub fn edit_chains(blocks: &[&M2Block], seed: u64) -> Vec<EditChain> {
    blocks
        .iter()
        .flat_map(|b| b.annotators().into_iter().map(move |a| (*b, a)))
        .enumerate()
        .map(|(i, (block, annotator))| {
            edit_chain(block, annotator, &mut Pcg64::seed_from_u64(seed + i as u64))
        })
        .collect()
}

fn edit_chain(block: &M2Block, annotator: u32, rng: &mut Pcg64) -> EditChain {
    let mut edits: Vec<&M2Edit> = block
        .edits
        .iter()
        .filter(|e| e.annotator == annotator)
        .collect();
    for i in (1..edits.len()).rev() {
        edits.swap(i, rng.random_range(0..=i));
    }
    let sentences: Vec<String> = (0..=edits.len())
        .map(|k| block.apply(edits[..k].iter().copied()))
        .collect();
    let source = rng.random_range(0..sentences.len());
    EditChain {
        sentences,
        source,
        types: edits.iter().map(|e| e.category.clone()).collect(),
    }
}

/// The USim changes credited to one error type.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TypeChange {
    /// Σ d over the type's edits.
    pub sum: f64,
    /// Σ d².
    pub squares: f64,
    /// How many edits.
    pub count: usize,
}

impl TypeChange {
    /// The mean change, Σ d / n (NaN without edits).
    pub fn mean(&self) -> f64 {
        self.sum / self.count as f64
    }

    /// 1.96 sample standard errors of the mean, 1.96 √((Σd² − n·d̄²) / (n − 1) / n); NaN with
    /// fewer than two edits.
    pub fn half_width(&self) -> f64 {
        let n = self.count as f64;
        if n > 1.0 {
            let mean = self.mean();
            1.96 * ((self.squares - n * mean * mean) / (n - 1.0) / n)
                .max(0.0)
                .sqrt()
        } else {
            f64::NAN
        }
    }
}

/// The USim changes of every chain's edits, per error type, each distinct sentence parsed once
/// by `text` (released parameters).
pub fn type_changes(
    text: &TextParser,
    chains: &[EditChain],
) -> Result<BTreeMap<String, TypeChange>, Error> {
    let mut distinct: Vec<&str> = chains
        .iter()
        .flat_map(|c| c.sentences.iter().map(String::as_str))
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    // A sentence without words (every token deleted) is not parsed: USim.py's empty-sentence
    // rule scores it.
    let parsed: HashMap<&str, PreparedPassage> = distinct
        .par_iter()
        .filter(|s| empty_sentence_usim(s, "a").is_none())
        .map(|s| Ok((*s, text.prepared("sentence", s)?)))
        .collect::<Result<_, Error>>()?;
    let score = |source: &str, output: &str| {
        empty_sentence_usim(source, output)
            .unwrap_or_else(|| usim(&parsed[source], &parsed[output], &Params::RELEASED).usim)
    };
    let changes: Vec<Vec<(&str, f64)>> = chains
        .par_iter()
        .map(|c| {
            let source = c.sentences[c.source].as_str();
            let scores: Vec<f64> = c.sentences.iter().map(|s| score(source, s)).collect();
            c.types
                .iter()
                .zip(scores.windows(2))
                .map(|(t, w)| (t.as_str(), w[1] - w[0]))
                .collect()
        })
        .collect();
    let mut sums: BTreeMap<String, TypeChange> = BTreeMap::new();
    for (t, d) in changes.iter().flatten() {
        let e = sums.entry((*t).to_owned()).or_default();
        e.sum += d;
        e.squares += d * d;
        e.count += 1;
    }
    Ok(sums)
}

#[cfg(test)]
mod tests {
    use gec_metrics::M2File;

    use super::*;

    #[test]
    fn each_chain_runs_from_the_source_to_its_annotators_correction() {
        let m2 = M2File::parse(
            "S a b c\nA 0 1|||R:X|||A|||REQUIRED|||-NONE-|||0\nA 2 3|||R:Y|||C|||REQUIRED|||-NONE-|||0\n\
             A 1 2|||R:Z|||B|||REQUIRED|||-NONE-|||1\n\nS d e\nA 0 1|||R:X|||D|||REQUIRED|||-NONE-|||0\n\n",
            "t.m2",
        )
        .unwrap();
        let blocks: Vec<&M2Block> = m2.blocks.iter().filter(|b| maege_sentence(b)).collect();
        assert_eq!(
            blocks.len(),
            1,
            "the one-annotator sentence is filtered out"
        );
        let chains = edit_chains(&blocks, 5);
        assert_eq!(chains, edit_chains(&blocks, 5), "seeded");
        assert_eq!(chains.len(), 2);
        assert_eq!(chains[0].sentences.first().unwrap(), "a b c");
        assert_eq!(chains[0].sentences.last().unwrap(), "A b C");
        assert_eq!(chains[1].sentences, ["a b c", "a B c"]);
        let mut types = chains[0].types.clone();
        types.sort();
        assert_eq!(types, ["R:X", "R:Y"]);
        assert!(chains.iter().all(|c| c.source < c.sentences.len()));
    }

    #[test]
    fn a_type_change_is_a_mean_with_its_standard_error() {
        let change = TypeChange {
            sum: 0.6,
            squares: 0.14,
            count: 3,
        };
        // d = 0.1, 0.2, 0.3: mean 0.2, sample SD 0.1, SE 0.1 / √3.
        assert!((change.mean() - 0.2).abs() < 1e-12);
        assert!((change.half_width() - 1.96 * 0.1 / 3f64.sqrt()).abs() < 1e-12);
        assert!(TypeChange { count: 1, ..change }.half_width().is_nan());
    }
}
