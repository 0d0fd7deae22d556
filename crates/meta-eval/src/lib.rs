//! How well a grammatical error correction metric agrees with people (meta-evaluation).
//!
//! * [`read_rankings`] — relative-ranking judgments as Appraise writes them (GJG15's
//!   `judgments.xml`, SEEDA's `judgments_*.xml`), one [`Ranking`] per judged sentence and judge;
//!   [`Ranking::comparisons`] — the pairwise [`Comparison`]s a ranking implies.
//! * [`expected_wins`] — the human system scores by Expected Wins, exactly as GJG15's `EW.pl`.
//! * [`trueskill`] — the human system scores by TrueSkill as WMT's `wmt-trueskill` computes
//!   them (seeded runs, mean μ); [`TrueSkillEnv::rate`] — one game's update.
//! * [`pearson`], [`spearman`] — a metric's system scores against the human ones, Spearman as
//!   GJG15's `spearman.pl` computes it; [`spearman_average_ranks`] as scipy (and SEEDA) do;
//!   [`kendall`], scipy's τ-b.
//! * [`RatingTable`] — direct ratings of outputs (GMEG, TMU-GFM, Simplicity-DA, a user's own) as
//!   the human side: system means with segment resamples ([`RatingTable::system_scores`]),
//!   segment-level correlations and comparisons with intervals.
//! * [`bootstrap_expected_wins`] — the human scores on bootstrap resamples of the judgments
//!   (a [`Unit`] per draw: ranking items, judged sentences or single comparisons), seeded;
//!   [`HumanScores::correlation`] — a correlation with its percentile interval,
//!   [`HumanScores::compare`] — two metrics' correlations on the same resamples.
//! * [`sentence_agreement`] — sentence level, as SEEDA's `corr_sentence.py`: how often a
//!   metric's sentence scores order two systems as a judge ranked them (accuracy, Kendall's τ).
//! * [`direct_assessment_correlations`] — segment level against direct-assessment scores, as
//!   Alva-Manchego et al. (2021) meta-evaluate simplification metrics: Pearson's r, scipy's
//!   p-value and the Williams-test winners; [`quality_halves`] — their low and high halves.
//! * [`hybrid_systems`] — Graham & Liu's hybrid super-sampling: synthetic systems that take each
//!   sentence from one of two real ones, for system-level correlations over more points (GMEG).
//! * [`williams_test`] — Williams' test of two dependent correlations (human–a against human–b,
//!   given a–b), as WMT compares metrics.
//!
//! Two judges' rankings of three systems, and the human order they give:
//!
//! ```
//! use meta_eval::{Ties, expected_wins, read_rankings};
//!
//! let xml = r#"<appraise-results>
//!   <ranking-item id="0" src-id="1" user="a">
//!     <translation rank="1" system="AMU"/>
//!     <translation rank="2" system="CAMB INPUT"/>
//!   </ranking-item>
//!   <ranking-item id="1" src-id="2" user="b">
//!     <translation rank="1" system="CAMB"/>
//!     <translation rank="3" system="INPUT"/>
//!     <translation rank="2" system="AMU"/>
//!   </ranking-item>
//! </appraise-results>"#;
//! let rankings = read_rankings(xml, "judgments.xml")?;
//! let comparisons: Vec<_> = rankings.iter().flat_map(|r| r.comparisons()).collect();
//! let human = expected_wins(&comparisons, Ties::Ignored);
//! let order: Vec<&str> = human.iter().map(|s| s.system.as_str()).collect();
//! assert_eq!(order, ["AMU", "CAMB"]); // INPUT never won: EW.pl gives it no score
//! assert_eq!(human[0].score, 0.75);   // AMU: ½ against CAMB, 1 against INPUT
//! # Ok::<(), meta_eval::Error>(())
//! ```
//!
//! A metric's scores of the same systems against the human ones:
//!
//! ```
//! let human = [0.628, 0.566, 0.561, 0.300];
//! let m2 = [0.3510, 0.2655, 0.3703, 0.0716];
//! // Ranks 1 2 3 4 against 2 3 1 4: ρ = 1 − 6 · 6 / (4 · 15) = 0.4.
//! assert!((meta_eval::spearman(&human, &m2)? - 0.4).abs() < 1e-12);
//! let r = meta_eval::pearson(&human, &m2)?.expect("neither side is constant");
//! assert!((r - 0.9413).abs() < 1e-4);
//! # Ok::<(), meta_eval::Error>(())
//! ```
//!
//! How sure that correlation is: the human scores re-derived on resamples of the rankings, and
//! two metrics compared on the same resamples.
//!
//! ```
//! use meta_eval::{BootstrapOptions, Correlation, bootstrap_expected_wins, read_rankings};
//!
//! let item = |id: u32, order: [&str; 3]| {
//!     format!(r#"<ranking-item id="{id}" src-id="{id}" user="u">
//!         <translation rank="1" system="{}"/><translation rank="2" system="{}"/>
//!         <translation rank="3" system="{}"/></ranking-item>"#, order[0], order[1], order[2])
//! };
//! let xml: String = (0..30)
//!     .map(|i| item(i, if i % 3 == 0 { ["B", "A", "C"] } else { ["A", "B", "C"] }))
//!     .collect();
//! let rankings = read_rankings(&xml, "j.xml")?;
//! let systems = ["A", "B", "C"].map(String::from);
//! let mut options = BootstrapOptions::default(); // 1,000 ranking-item resamples, seed 12345
//! options.resamples = 200;
//! let human = bootstrap_expected_wins(&rankings, &systems, &options)?;
//! let metric = [0.40, 0.35, 0.10];
//! let rho = human.correlation(&metric, Correlation::Spearman, 0.95)?;
//! assert_eq!(rho.estimate, 1.0);
//! assert!(rho.low <= rho.high && rho.high <= 1.0);
//! let reversed = [0.10, 0.35, 0.40];
//! let d = human.compare(&metric, &reversed, Correlation::Pearson, 0.95)?;
//! assert!(d.difference > 1.5 && d.p_value < 0.01);
//! // Williams' test of r(human, a) = 0.9 against r(human, b) = 0.5, given r(a, b) = 0.6.
//! let w = meta_eval::williams_test(0.9, 0.5, 0.6, 12)?;
//! assert!(w.t > 0.0 && w.p_one_sided < 0.05);
//! # Ok::<(), meta_eval::Error>(())
//! ```

mod agreement;
mod bootstrap;
mod correlation;
mod direct_assessment;
mod error;
mod expected_wins;
mod hybrids;
mod judgments;
mod ratings;
mod trueskill;
mod williams;

pub use agreement::{SentenceAgreement, sentence_agreement};
pub use bootstrap::{
    BootstrapOptions, Correlation, CorrelationDifference, CorrelationInterval, HumanScores, Unit,
    bootstrap_expected_wins,
};
pub use correlation::{kendall, pearson, spearman, spearman_average_ranks};
pub use direct_assessment::{
    DaCorrelation, DaOptions, direct_assessment_correlations, quality_halves,
};
pub use error::Error;
pub use expected_wins::{SystemScore, Ties, expected_wins};
pub use hybrids::hybrid_systems;
pub use judgments::{Comparison, Outcome, Ranking, read_rankings};
pub use ratings::{RatingTable, SegmentScores};
pub use trueskill::{Game, Rating, TrueSkillEnv, TrueSkillOptions, TrueSkillScore, trueskill};
pub use williams::{WilliamsTest, williams_test};
