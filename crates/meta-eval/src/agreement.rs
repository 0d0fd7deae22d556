//! Sentence-level meta-evaluation as SEEDA's `utils/corr_sentence.py` computes it: for every pair
//! of systems a judge ranked apart on a sentence, does the metric's sentence score order them the
//! same way?

use crate::Error;
use crate::judgments::Ranking;

/// How often a metric's sentence scores order two systems as a judge did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SentenceAgreement {
    /// Pairs the metric orders as the judge did.
    pub agree: usize,
    /// Pairs it orders the other way.
    pub disagree: usize,
    /// agree / (agree + disagree).
    pub accuracy: f64,
    /// Kendall's τ-like (agree − disagree) / (agree + disagree).
    pub kendall: f64,
}

/// The agreement of sentence scores with the rankings, over every pair of `systems` a ranking
/// puts in different ranks (ties by the judge are left out, systems outside `systems` too).
/// `scores[k][i]` is system k's score of sentence i (higher is better), and `sentence` maps a
/// ranking to its sentence index, `None` for a ranking of no scored sentence (an error naming
/// the ranking item). As in `corr_system.py`, equal metric scores count as the later system of
/// the pair (in `systems` order) scoring higher, so they agree with the judge only when the judge
/// preferred that system; SEEDA lists its systems alphabetically.
pub fn sentence_agreement(
    rankings: &[Ranking],
    systems: &[String],
    scores: &[Vec<f64>],
    sentence: impl Fn(&Ranking) -> Option<usize>,
) -> Result<SentenceAgreement, Error> {
    if scores.len() != systems.len() {
        return Err(Error::Scores(format!(
            "{} systems but sentence scores of {}",
            systems.len(),
            scores.len()
        )));
    }
    let (mut agree, mut disagree) = (0, 0);
    for ranking in rankings {
        let index = sentence(ranking).ok_or_else(|| {
            Error::Scores(format!(
                "ranking-item id=\"{}\" judges sentence {}, which has no metric score",
                ranking.id, ranking.source_id
            ))
        })?;
        let ranked: Vec<(usize, u32)> = ranking
            .ranks
            .iter()
            .flat_map(|(rank, names)| names.iter().map(move |n| (n, *rank)))
            .filter_map(|(n, rank)| systems.iter().position(|s| s == n).map(|k| (k, rank)))
            .collect();
        for (x, &(a, rank_a)) in ranked.iter().enumerate() {
            for &(b, rank_b) in &ranked[x + 1..] {
                if rank_a == rank_b {
                    continue;
                }
                let (first, second, first_better) = if a < b {
                    (a, b, rank_a < rank_b)
                } else {
                    (b, a, rank_b < rank_a)
                };
                let score = |k: usize| {
                    scores[k].get(index).copied().ok_or_else(|| {
                        Error::Scores(format!("{} has no score for sentence {index}", systems[k]))
                    })
                };
                if (score(first)? > score(second)?) == first_better {
                    agree += 1;
                } else {
                    disagree += 1;
                }
            }
        }
    }
    let total = (agree + disagree).max(1) as f64;
    Ok(SentenceAgreement {
        agree,
        disagree,
        accuracy: agree as f64 / total,
        kendall: reference_stats::kendall_from_counts(agree, disagree),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_rankings;

    #[test]
    fn pairs_ranked_apart_count_and_metric_ties_favour_the_later_system() {
        let xml = r#"<ranking-item id="1" src-id="1" user="u">
            <translation rank="1" system="A"/><translation rank="2" system="B C"/>
            <translation rank="3" system="D"/></ranking-item>"#;
        let rankings = read_rankings(xml, "j.xml").unwrap();
        let systems = ["A", "B", "C"].map(String::from);
        // A > B and A > C by the judge (B = C is a tie, left out; D is not scored).
        let agreeing = [vec![0.9], vec![0.5], vec![0.5]];
        let a = sentence_agreement(&rankings, &systems, &agreeing, |_| Some(0)).unwrap();
        assert_eq!(
            (a.agree, a.disagree, a.accuracy, a.kendall),
            (2, 0, 1.0, 1.0)
        );
        // A ties B: the later system (B) counts as better, against the judge.
        let tied = [vec![0.5], vec![0.5], vec![0.1]];
        let t = sentence_agreement(&rankings, &systems, &tied, |_| Some(0)).unwrap();
        assert_eq!((t.agree, t.disagree, t.kendall), (1, 1, 0.0));
        let missing = sentence_agreement(&rankings, &systems, &agreeing, |_| None).unwrap_err();
        assert!(missing.to_string().contains("ranking-item id=\"1\""));
    }
}
