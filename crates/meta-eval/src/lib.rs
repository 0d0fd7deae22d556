//! How well a grammatical error correction metric agrees with people (meta-evaluation).
//!
//! * [`read_rankings`] — relative-ranking judgments as Appraise writes them (GJG15's
//!   `judgments.xml`, SEEDA's `judgments_*.xml`), one [`Ranking`] per judged sentence and judge;
//!   [`Ranking::comparisons`] — the pairwise [`Comparison`]s a ranking implies.
//! * [`expected_wins`] — the human system scores by Expected Wins, exactly as GJG15's `EW.pl`.
//! * [`pearson`], [`spearman`] — a metric's system scores against the human ones, Spearman as
//!   GJG15's `spearman.pl` computes it.
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

mod correlation;
mod error;
mod expected_wins;
mod judgments;

pub use correlation::{pearson, spearman};
pub use error::Error;
pub use expected_wins::{SystemScore, Ties, expected_wins};
pub use judgments::{Comparison, Outcome, Ranking, read_rankings};
