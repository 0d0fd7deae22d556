//! SAMSA (Sulem, Abend & Rappoport, NAACL 2018), the structural measure of text simplification
//! on UCCA: the source's scenes, the minimal centres of their main relations and participants,
//! and the score of an output whose sentences the scenes are aligned to — as EASSE 0.2.4's
//! `easse/samsa.py` computes them on the same passage, its shapes included (each function says
//! which), and the authors' `SAMSA_abl_score.py` without the splitting penalty.
//!
//! * [`scene_units`], [`scene_words`], [`unit_words`] — the scenes and their words;
//! * [`relation_minimal_centres`], [`participant_minimal_centres`] — what each scene's score
//!   checks, as words;
//! * [`scene_score`], [`samsa`], [`samsa_abl`] — the formula: a scene scores ½ · its main
//!   relation's minimal centre + ½ · the mean over its participants' (1 when all its words are
//!   aligned, 0 when not, 0.5 for an empty unit); SAMSA = (sentences / scenes²) · Σ, SAMSA_abl =
//!   (1 / scenes) · Σ, both 0 when the output has more sentences than the source has scenes.
//!
//! * [`snowball_english`] — the Snowball English stemmer as NLTK computes it, by which EASSE's
//!   word aligner matches words.
//!
//! The scene–sentence word alignment (EASSE's monolingual word aligner) is not in this crate yet:
//! the scores take each scene's aligned words.
//!
//! ```
//! use ucca_samsa::{relation_minimal_centres, samsa, samsa_abl, scene_score, scene_words};
//! use ucca_graph::{Category, PassageBuilder, UnitKind};
//!
//! // "Kim left ." — one scene: Kim (A), left (P).
//! let mut b = PassageBuilder::new("kim");
//! let words: Vec<_> = ["Kim", "left", "."].iter().map(|w| b.terminal(*w, *w == ".")).collect();
//! let root = "1.1".parse().unwrap();
//! let scene = b.unit(UnitKind::Foundational);
//! b.edge(root, scene, Category::ParallelScene, false);
//! for (k, label) in [(0, Category::Participant), (1, Category::Process)] {
//!     let unit = b.unit(UnitKind::Foundational);
//!     b.edge(scene, unit, label, false);
//!     b.edge(unit, words[k], Category::Terminal, false);
//! }
//! let stop = b.unit(UnitKind::Punctuation);
//! b.edge(root, stop, Category::Punctuation, false);
//! b.edge(stop, words[2], Category::Terminal, false);
//! let passage = b.build()?;
//!
//! assert_eq!(scene_words(&passage), [["Kim", "left"]]);
//! assert_eq!(relation_minimal_centres(&passage), [["left"]]);
//! let participants = ucca_samsa::participant_minimal_centres(&passage).unwrap();
//! assert_eq!(participants, [[["Kim"]]]);
//!
//! // An output sentence keeping "left" but not "Kim": ½ · 1 + ½ · 0.
//! let aligned = vec!["left".to_owned()];
//! let score = scene_score(&aligned, &["left".to_owned()], &participants[0]);
//! assert_eq!(score, 0.5);
//! assert_eq!((samsa(&[score], 1), samsa_abl(&[score], 1)), (0.5, 0.5));
//! // Two output sentences for one scene: 0.
//! assert_eq!(samsa(&[score], 2), 0.0);
//! # Ok::<(), ucca_graph::Error>(())
//! ```

mod error;
mod scenes;
mod score;
mod stemmer;

pub use error::Error;
pub use scenes::{
    participant_minimal_centres, relation_minimal_centres, scene_units, scene_words, unit_words,
};
pub use score::{samsa, samsa_abl, scene_score};
pub use stemmer::snowball_english;
