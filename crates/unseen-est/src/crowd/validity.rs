//! Validity of rare corrections (LCB §2.1, appendix "Validity"): three crowd workers judged
//! whether each correction of the first experiment is a valid correction of its source; the
//! judgements are joined with the number of workers who produced that correction and averaged
//! per frequency.

use std::collections::{BTreeMap, HashMap};

use super::{Answer, Normalizer, turk_rows};
use crate::Error;

/// One validity judgement: a worker's Yes or No on a (source, correction) pair.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Judgement {
    /// `Input.Original`: the learner's sentence.
    pub source: String,
    /// `Input.Correction`: the crowd correction judged (as the authors normalised it).
    pub correction: String,
    /// `Answer.Q1Answer` is `Yes`.
    pub valid: bool,
    /// The judgement's line in its file (1-based; labels errors and unmatched rows).
    pub line: usize,
}

/// Reads the confirmation batch (an MTurk result CSV with `Input.Original`, `Input.Correction`
/// and `Answer.Q1Answer` ∈ {Yes, No}), dropping rejected assignments; `name` labels errors.
pub fn read_judgements(bytes: &[u8], name: &str) -> Result<Vec<Judgement>, Error> {
    turk_rows(
        bytes,
        name,
        &["Input.Original", "Input.Correction", "Answer.Q1Answer"],
        false,
        |row| {
            let valid = match row.field(2)? {
                "Yes" => true,
                "No" => false,
                other => {
                    return Err(row.syntax(format!("Answer.Q1Answer is {other:?}, not Yes or No")));
                }
            };
            Ok(Judgement {
                source: row.field(0)?.to_owned(),
                correction: row.field(1)?.to_owned(),
                valid,
                line: row.line,
            })
        },
    )
}

/// The judgements of the corrections that `frequency` workers produced.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct FrequencyValidity {
    /// How many workers of the correction experiment produced the correction.
    pub frequency: usize,
    /// Judgements of such corrections.
    pub judgements: usize,
    /// Of them, judged valid.
    pub valid: usize,
}

impl FrequencyValidity {
    /// The share judged valid, valid / judgements.
    pub fn rate(&self) -> f64 {
        self.valid as f64 / self.judgements as f64
    }

    /// Wilson's score interval of the rate at normal quantile `z` (1.96 for 95 %):
    /// (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n).
    pub fn wilson(&self, z: f64) -> (f64, f64) {
        wilson(self.valid, self.judgements, z)
    }
}

/// Wilson's score interval of `successes` out of `n` at normal quantile `z` (see
/// [`FrequencyValidity::wilson`]); (0, 1) when n = 0.
pub fn wilson(successes: usize, n: usize, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z2 / n;
    (
        ((centre - half) / scale).max(0.0),
        ((centre + half) / scale).min(1.0),
    )
}

/// Validity per correction frequency: each judgement's (source, correction) normalised with
/// `normalizer` and looked up among the crowd `answers` (normalised alike) to find how many
/// workers produced it. Returns the table in increasing frequency and the judgements whose pair
/// no answer produced.
pub fn validity_by_frequency<'j>(
    answers: &[Answer],
    judgements: &'j [Judgement],
    normalizer: Normalizer,
) -> (Vec<FrequencyValidity>, Vec<&'j Judgement>) {
    let mut counts: HashMap<(String, String), usize> = HashMap::new();
    for a in answers {
        *counts
            .entry((normalizer.apply(&a.source), normalizer.apply(&a.answer)))
            .or_default() += 1;
    }
    let mut table: BTreeMap<usize, FrequencyValidity> = BTreeMap::new();
    let mut unmatched = Vec::new();
    for j in judgements {
        let key = (normalizer.apply(&j.source), normalizer.apply(&j.correction));
        let Some(&frequency) = counts.get(&key) else {
            unmatched.push(j);
            continue;
        };
        let row = table.entry(frequency).or_insert(FrequencyValidity {
            frequency,
            judgements: 0,
            valid: 0,
        });
        row.judgements += 1;
        row.valid += usize::from(j.valid);
    }
    (table.into_values().collect(), unmatched)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "AssignmentStatus,Input.Original,Input.Correction,Answer.Q1Answer\n\
        Submitted,I has a cat .,I have a cat,Yes\n\
        Submitted,I has a cat .,I have a cat,No\n\
        Rejected,I has a cat .,I have a cat,No\n\
        Submitted,I has a cat .,I had a cat,Yes\n\
        Submitted,I has a cat .,We has cats,No\n";

    fn answer(source: &str, answer: &str) -> Answer {
        Answer {
            source: source.into(),
            answer: answer.into(),
            worker: None,
        }
    }

    #[test]
    fn joins_judgements_with_frequencies() {
        let judgements = read_judgements(CSV.as_bytes(), "c.csv").unwrap();
        assert_eq!(judgements.len(), 4);
        assert_eq!(judgements[2].line, 5);
        let answers = [
            answer("I has a cat .", "I have a cat."),
            answer("I has a cat .", "I have a cat !"),
            answer("I has a cat .", "I had a cat ."),
        ];
        let (table, unmatched) =
            validity_by_frequency(&answers, &judgements, Normalizer::CurrentKeepCase);
        assert_eq!(
            table,
            [
                FrequencyValidity {
                    frequency: 1,
                    judgements: 1,
                    valid: 1
                },
                FrequencyValidity {
                    frequency: 2,
                    judgements: 2,
                    valid: 1
                },
            ]
        );
        assert_eq!(unmatched.len(), 1);
        assert_eq!(unmatched[0].correction, "We has cats");
        assert!((table[1].rate() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn wilson_interval() {
        // 78 of 100 at 95 %: (0.68929, 0.84999) by the closed form.
        let (low, high) = wilson(78, 100, 1.96);
        assert!((low - 0.68929).abs() < 1e-4, "{low}");
        assert!((high - 0.84999).abs() < 1e-4, "{high}");
        assert_eq!(wilson(0, 0, 1.96), (0.0, 1.0));
        let (low, high) = wilson(10, 10, 1.96);
        assert!(low > 0.72 && high == 1.0);
    }

    #[test]
    fn bad_answer_names_the_line() {
        let csv = "AssignmentStatus,Input.Original,Input.Correction,Answer.Q1Answer\nSubmitted,a,b,Maybe\n";
        let e = read_judgements(csv.as_bytes(), "c.csv")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("c.csv") && e.contains('2') && e.contains("Maybe"),
            "{e}"
        );
    }
}
