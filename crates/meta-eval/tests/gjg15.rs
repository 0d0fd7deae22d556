//! GJG15's human ranking of the CoNLL-2014 systems (their Table 3) from their judgments, against
//! the output of their own `EW.pl` on the same file (`tests/recorded/`).

use gecbias_data::testing::data_or_skip;
use meta_eval::{
    BootstrapOptions, Correlation, Ties, Unit, bootstrap_expected_wins, expected_wins, pearson,
    read_rankings, spearman,
};

#[test]
fn expected_wins_of_the_gjg15_judgments_equal_ew_pl() {
    let Some(data) = data_or_skip("GJG15 judgments") else {
        return;
    };
    let path = data.root().join("gjg15/data/judgments.xml");
    let text = std::fs::read_to_string(&path).unwrap();
    let rankings = read_rankings(&text, &path.display().to_string()).unwrap();
    assert_eq!(rankings.len(), 2319, "the ranking items of the paper");
    let comparisons: Vec<_> = rankings
        .iter()
        .filter(|r| r.user != "admin")
        .flat_map(|r| r.comparisons())
        .collect();
    assert_eq!(comparisons.len(), 109_098, "EW.pl's `Judgements:`");
    let ties = comparisons
        .iter()
        .filter(|c| c.outcome == meta_eval::Outcome::Tie)
        .count();
    assert_eq!(ties, 59_117, "EW.pl's `Ties:`");
    let ours: Vec<String> = expected_wins(&comparisons, Ties::Ignored)
        .iter()
        .map(|s| format!("{} {:.4}", s.system, s.score))
        .collect();
    let recorded = include_str!("recorded/gjg15-ew.txt");
    let theirs: Vec<String> = recorded
        .lines()
        .filter(|l| !l.starts_with("++"))
        .map(|l| l.split(" (").next().unwrap().to_owned())
        .collect();
    assert_eq!(ours, theirs);
}

#[test]
fn bad_judgments_name_the_file_and_line() {
    let missing_rank = "<r>\n<ranking-item id=\"1\" src-id=\"2\" user=\"u\">\n<translation system=\"A\"/>\n</ranking-item>\n</r>";
    let err = read_rankings(missing_rank, "j.xml")
        .unwrap_err()
        .to_string();
    assert_eq!(err, "j.xml:3: translation without `rank`");
    let bad_rank = "<ranking-item id=\"1\" src-id=\"2\" user=\"u\"><translation rank=\"x\" system=\"A\"/></ranking-item>";
    let err = read_rankings(bad_rank, "j.xml").unwrap_err().to_string();
    assert_eq!(err, "j.xml:1: translation rank \"x\" is not a whole number");
    let no_user = "<ranking-item id=\"1\" src-id=\"2\"></ranking-item>";
    let err = read_rankings(no_user, "j.xml").unwrap_err().to_string();
    assert_eq!(err, "j.xml:1: ranking-item without `user`");
    let unclosed = "<a>\n<ranking-item id=\"1\" src-id=\"2\" user=\"u\">\n";
    assert!(
        read_rankings(unclosed, "j.xml")
            .unwrap_err()
            .to_string()
            .starts_with("j.xml:")
    );
}

/// A system's stored M2 precision and recall.
type StoredM2 = (String, f64, f64);

/// GJG15's rankings (admin's left out) and their stored M2 precision and recall per system
/// (`data/metrics/scores.m2`).
fn judgments_and_stored_m2() -> Option<(Vec<meta_eval::Ranking>, Vec<StoredM2>)> {
    let data = data_or_skip("GJG15 judgments")?;
    let root = data.root().join("gjg15/data");
    let text = std::fs::read_to_string(root.join("judgments.xml")).unwrap();
    let rankings = read_rankings(&text, "judgments.xml")
        .unwrap()
        .into_iter()
        .filter(|r| r.user != "admin")
        .collect();
    let stored = std::fs::read_to_string(root.join("metrics/scores.m2")).unwrap();
    let rows = stored
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].to_owned(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect();
    Some((rankings, rows))
}

/// F_β from P and R as their `spearman.m2graph.pl` computes it (0 when P or R is 0).
fn f_beta(p: f64, r: f64, beta: f64) -> f64 {
    if p == 0.0 || r == 0.0 {
        0.0
    } else {
        (1.0 + beta * beta) * p * r / (beta * beta * p + r)
    }
}

#[test]
fn table_5_spearman_of_the_m2_rows_from_their_stored_scores() {
    let Some((rankings, rows)) = judgments_and_stored_m2() else {
        return;
    };
    let systems: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let mut options = BootstrapOptions::default();
    options.resamples = 20;
    let human = bootstrap_expected_wins(&rankings, &systems, &options).unwrap();
    // Their Table 5: Spearman's ρ at β = 1, 0.5, 0.25, 0.18; Pearson's r on the exact EW is ours
    // (theirs, 0.610 0.627 0.680 0.701, uses bootstrap means of EW: `reproduce meta-eval-gjg15`).
    for (beta, rho, r) in [
        (1.0, 0.648, 0.608),
        (0.5, 0.692, 0.625),
        (0.25, 0.720, 0.679),
        (0.18, 0.758, 0.699),
    ] {
        let f: Vec<f64> = rows.iter().map(|(_, p, r)| f_beta(*p, *r, beta)).collect();
        let ours_rho = spearman(&human.observed, &f).unwrap();
        let ours_r = pearson(&human.observed, &f).unwrap().unwrap();
        assert_eq!(format!("{ours_rho:.3}"), format!("{rho:.3}"), "β {beta}");
        assert_eq!(format!("{ours_r:.3}"), format!("{r:.3}"), "β {beta}");
        let interval = human.correlation(&f, Correlation::Spearman, 0.9).unwrap();
        assert!(interval.low <= interval.high && interval.resamples == 20);
    }
}

#[test]
fn resampling_is_seeded_and_its_units_differ() {
    let Some((rankings, rows)) = judgments_and_stored_m2() else {
        return;
    };
    let systems: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let mut options = BootstrapOptions::default();
    options.resamples = 8;
    let a = bootstrap_expected_wins(&rankings, &systems, &options).unwrap();
    let b = bootstrap_expected_wins(&rankings, &systems, &options).unwrap();
    assert_eq!(a.resampled, b.resampled);
    options.unit = Unit::Sentences;
    let c = bootstrap_expected_wins(&rankings, &systems, &options).unwrap();
    assert_eq!(
        a.observed, c.observed,
        "the unit changes resamples, not the estimate"
    );
    assert_ne!(a.resampled, c.resampled);
    options.seed = 7;
    let d = bootstrap_expected_wins(&rankings, &systems, &options).unwrap();
    assert_ne!(c.resampled, d.resampled);
    let unknown = bootstrap_expected_wins(&rankings, &["XYZ".to_owned()], &options).unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "system \"XYZ\" is in no ranking of the judgments"
    );
}
