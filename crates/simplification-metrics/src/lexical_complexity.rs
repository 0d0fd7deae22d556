//! EASSE's "Lexical complexity score" (tseval's word-rank score): how rare an output's content
//! words are, on a word list gecbias may ship.

use std::collections::{HashMap, HashSet};

use bleu_chrf::python_str::python_split;
use gecbias_resources::{Located, Resource, locate};

use crate::Error;

/// Python's `string.punctuation`: a token that is a substring of it counts as punctuation.
const PUNCTUATION: &str = r##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##;

/// Word ranks (0 for the most frequent) and stop words.
#[derive(Debug, Clone)]
pub struct WordRanks {
    ranks: HashMap<String, usize>,
    stopwords: HashSet<String>,
}

impl WordRanks {
    /// The lists built into the program (`models/lexical-complexity-en/`: wordfreq 3.1.1's
    /// 50,000 most frequent English words, Snowball's English stop words), or the folder
    /// `$GECBIAS_LEXICAL_COMPLEXITY` names. EASSE reads tseval's English Wikipedia table (CC
    /// BY-NC, not distributed) and NLTK's stop words instead, so its values differ.
    pub fn english() -> Result<WordRanks, Error> {
        let resource = Resource::LexicalComplexity;
        let failed = |message: String| Error::Resource {
            what: resource.what(),
            message,
        };
        let located = locate(resource).map_err(|e| failed(e.to_string()))?;
        let file = |name: &str| -> Result<String, Error> {
            match &located {
                Located::Embedded(files) => {
                    Ok(String::from_utf8_lossy(files.get(name).unwrap_or_default()).into_owned())
                }
                Located::Path { path, .. } => std::fs::read_to_string(path.join(name))
                    .map_err(|e| failed(format!("{}: {e}", path.join(name).display()))),
            }
        };
        let ranks = WordRanks::from_lists(&file("words.txt")?, &file("stopwords.txt")?);
        if ranks.ranks.is_empty() {
            return Err(failed(format!("{located} holds no words")));
        }
        Ok(ranks)
    }

    /// Ranks from `words` (one per line, most frequent first: a word's rank is its line's
    /// index, the last line of a repeated word winning, as tseval's table reading does) and stop
    /// words from `stopwords` (one per line).
    pub fn from_lists(words: &str, stopwords: &str) -> WordRanks {
        let ranks = words
            .lines()
            .enumerate()
            .map(|(rank, w)| (w.trim().to_owned(), rank))
            .collect();
        let stopwords = stopwords.lines().map(|w| w.trim().to_owned()).collect();
        WordRanks { ranks, stopwords }
    }

    /// tseval's `get_wordrank_score` of a (normalised) sentence: the 0.75 quantile (numpy's
    /// linear one) of ln(1 + rank) over its listed words that are neither punctuation (a
    /// substring of Python's `string.punctuation`) nor stop words (lowercased); ln(1 + the
    /// list's size) when none are left.
    pub fn score(&self, sentence: &str) -> f64 {
        let logs: Vec<f64> = python_split(sentence)
            .filter(|w| !PUNCTUATION.contains(w))
            .filter(|w| !self.stopwords.contains(&w.to_lowercase()))
            .filter_map(|w| self.ranks.get(w))
            .map(|&rank| (1.0 + rank as f64).ln())
            .collect();
        if logs.is_empty() {
            (1.0 + self.ranks.len() as f64).ln()
        } else {
            reference_stats::numpy_quantile(&logs, 0.75)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_quartile_of_log_ranks_of_content_words() {
        let ranks = WordRanks::from_lists("the\ncat\nsat\nmat\n", "the\non\n");
        // "cat" (rank 1) and "mat" (rank 3); "on" and "the" are stop words, "." punctuation,
        // "zebra" unlisted: numpy.quantile([ln 2, ln 4], 0.75).
        let expected = 2f64.ln() + 0.75 * (4f64.ln() - 2f64.ln());
        let score = ranks.score("the cat on the mat zebra .");
        assert!((score - expected).abs() < 1e-15, "{score}");
        assert_eq!(ranks.score("the . zebra"), 5f64.ln());
    }

    #[test]
    fn the_built_in_lists_load() {
        let ranks = WordRanks::english().unwrap();
        assert_eq!(ranks.ranks.len(), 50_000);
        assert_eq!(ranks.ranks["the"], 0);
        assert!(ranks.stopwords.contains("the"));
    }
}
