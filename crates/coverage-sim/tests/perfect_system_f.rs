//! F0.5 of the authors' perfect system against M crowd references (LCB spec §4, lcb-goldens
//! G9): the point estimates on the committed files of commit 5e017f5, exactly to the five
//! decimals given, with the scorer options of the paper (`ignore_whitespace_casing`, the
//! authors' Release-3.2 copy).

use gec_metrics::m2_score::{GoldSentence, corpus_score, sentence_stats};
use gec_metrics::read_lines;
use gec_metrics::{M2File, M2Options};
use gecbias_data::testing::data_or_skip;

/// G9: (M, P, R, F0.5).
const G9: [(usize, f64, f64, f64); 10] = [
    (1, 0.38602, 0.20086, 0.32593),
    (2, 0.46046, 0.30097, 0.41633),
    (3, 0.51707, 0.36282, 0.47655),
    (4, 0.55855, 0.42534, 0.52563),
    (5, 0.56035, 0.46764, 0.53898),
    (6, 0.57701, 0.47613, 0.55355),
    (7, 0.57438, 0.47677, 0.55179),
    (8, 0.58060, 0.47498, 0.55588),
    (9, 0.59618, 0.52888, 0.58139),
    (10, 0.62623, 0.56863, 0.61379),
];

#[test]
fn perfect_system_point_estimates_match_g9() {
    let Some(data) = data_or_skip("LCB G9 perfect-system F0.5") else {
        return;
    };
    let options = M2Options::LCB_AUTHORS;
    for (m, p, r, f) in G9 {
        let dir = data.join("assess_learner_language/history/5e017f5/calculations_data");
        let gold = GoldSentence::from_file(
            &M2File::read_lenient(dir.join(format!("{m}_sgss.m2"))).unwrap(),
        );
        let output = read_lines(dir.join(format!("perfect_output_for_{m}_sgss.m2"))).unwrap();
        let stats = sentence_stats(&gold, &output, ("gold", "perfect"), &options).unwrap();
        let s = corpus_score(&stats, 0.5);
        let round = |x: f64| (x * 1e5).round() / 1e5;
        assert_eq!(
            (round(s.precision), round(s.recall), round(s.f_beta)),
            (p, r, f),
            "M = {m}"
        );
    }
}
