//! SEEDA's system-level meta-evaluation (`utils/corr_system.py`): our Pearson and scipy-style
//! Spearman on the same inputs as its recorded outputs (`tests/recorded/seeda-corr-system.tsv`:
//! gecbias's M2, ERRANT and GLEU of the 15 systems on the judged subset, correlated by the script
//! with SEEDA's stored human scores for each system set); and Expected Wins from SEEDA's
//! judgments against its stored scores.

use gecbias_data::testing::data_or_skip;
use meta_eval::{
    Comparison, Ties, TrueSkillOptions, expected_wins, pearson, read_rankings,
    spearman_average_ranks, trueskill,
};

/// The 0-based indices `corr_system.py` deletes for a system set (alphabetical order: 4 GPT-3.5,
/// 5 INPUT, 8 REF-F).
fn deleted(systems: &str) -> &'static [usize] {
    match systems {
        "base" => &[4, 5, 8],
        "+INPUT" => &[4, 8],
        "+REF-F_GPT-3.5" => &[5],
        _ => &[],
    }
}

#[test]
fn system_correlations_equal_corr_system_py() {
    let Some(data) = data_or_skip("SEEDA") else {
        return;
    };
    let recorded = include_str!("recorded/seeda-corr-system.tsv");
    let mut checked = 0;
    for line in recorded.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (human_file, systems, metric) = (f[0], f[1], f[2]);
        let path = data
            .root()
            .join(format!("seeda/scores/human/{human_file}.txt"));
        let human: Vec<f64> = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| l.trim().parse().unwrap())
            .collect();
        let scores: Vec<f64> = f[3].split(',').map(|s| s.parse().unwrap()).collect();
        assert_eq!((human.len(), scores.len()), (15, 15));
        let keep = |v: &[f64]| -> Vec<f64> {
            v.iter()
                .enumerate()
                .filter(|(i, _)| !deleted(systems).contains(i))
                .map(|(_, x)| *x)
                .collect()
        };
        let (h, m) = (keep(&human), keep(&scores));
        let r = pearson(&h, &m).unwrap().unwrap();
        let rho = spearman_average_ranks(&h, &m).unwrap().unwrap();
        let (theirs_r, theirs_rho): (f64, f64) = (f[4].parse().unwrap(), f[5].parse().unwrap());
        assert!(
            (r - theirs_r).abs() < 1e-12,
            "{human_file} {systems} {metric}: r {r} vs {theirs_r}"
        );
        assert!(
            (rho - theirs_rho).abs() < 1e-12,
            "{human_file} {systems} {metric}: ρ {rho} vs {theirs_rho}"
        );
        checked += 1;
    }
    assert_eq!(
        checked, 48,
        "3 metrics × 4 human score files × 4 system sets"
    );
}

/// The pairwise comparisons of SEEDA's sentence or edit judgments, and its stored `method`
/// (EW or TS) scores in its alphabetical system order.
fn judged(
    data: &gecbias_data::DataDir,
    granularity: &str,
    method: &str,
) -> (Vec<Comparison>, Vec<f64>) {
    let path = data
        .root()
        .join(format!("seeda/data/judgments_{granularity}.xml"));
    let rankings = read_rankings(&std::fs::read_to_string(&path).unwrap(), "j.xml").unwrap();
    assert_eq!(rankings.len(), 600, "200 items by each of 3 judges");
    let stored = std::fs::read_to_string(
        data.root()
            .join(format!("seeda/scores/human/{method}_{granularity}.txt")),
    )
    .unwrap()
    .lines()
    .map(|l| l.trim().parse().unwrap())
    .collect();
    (
        rankings.iter().flat_map(|r| r.comparisons()).collect(),
        stored,
    )
}

#[test]
fn expected_wins_of_the_seeda_judgments_against_their_stored_scores() {
    let Some(data) = data_or_skip("SEEDA") else {
        return;
    };
    for granularity in ["sent", "edit"] {
        let (comparisons, stored) = judged(&data, granularity, "EW");
        let mut ours = expected_wins(&comparisons, Ties::Ignored);
        ours.sort_by(|a, b| a.system.cmp(&b.system));
        assert_eq!(ours.len(), 15);
        // Their scores come from GJG15's pipeline (means over unseeded bootstrap resamples),
        // printed with 3 decimals: the exact EW lies within 0.0015 of each and rounds to it for
        // 13 of 15 systems (sentences) and 10 of 15 (edits).
        let mut equal = 0;
        for (s, theirs) in ours.iter().zip(&stored) {
            assert!(
                (s.score - theirs).abs() < 0.0015,
                "{granularity} {}: {} vs {theirs}",
                s.system,
                s.score
            );
            equal += usize::from(format!("{:.3}", s.score) == format!("{theirs:.3}"));
        }
        let expected = if granularity == "sent" { 13 } else { 10 };
        assert_eq!(equal, expected, "{granularity}: equal at 3 decimals");
    }
}

#[test]
fn trueskill_of_the_seeda_judgments_against_their_stored_scores() {
    let Some(data) = data_or_skip("SEEDA") else {
        return;
    };
    for granularity in ["sent", "edit"] {
        let (comparisons, stored) = judged(&data, granularity, "TS");
        let mut options = TrueSkillOptions::default();
        options.runs = 50;
        let mut ours = trueskill(&comparisons, &options).unwrap();
        assert_eq!(ours, trueskill(&comparisons, &options).unwrap(), "seeded");
        ours.sort_by(|a, b| a.system.cmp(&b.system));
        // Theirs: TS.py's unseeded runs; ours: 50 seeded runs of the same procedure.
        let worst = ours
            .iter()
            .zip(&stored)
            .map(|(s, t)| (s.mu - t).abs())
            .fold(0.0, f64::max);
        assert!(worst < 0.01, "{granularity}: {worst}");
        // The order is theirs but for neighbours a few thousandths apart (200 runs: ρ = 1).
        let mu: Vec<f64> = ours.iter().map(|s| s.mu).collect();
        let rho = spearman_average_ranks(&mu, &stored).unwrap().unwrap();
        assert!(rho > 0.99, "{granularity}: ρ {rho}");
    }
}
