//! GJG15's human ranking of the CoNLL-2014 systems (their Table 3) from their judgments, against
//! the output of their own `EW.pl` on the same file (`tests/recorded/`).

use gecbias_data::testing::data_or_skip;
use meta_eval::{Ties, expected_wins, read_rankings};

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
