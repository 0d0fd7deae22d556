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
//! * [`Sentence`] ([`Token`], [`Dependency`]) — an analysed sentence in the shape the aligner
//!   reads from CoreNLP; [`Analyser`] — spaCy's `en_core_web_sm`, run natively, in that shape;
//! * [`output_sentences`] — an output's sentences as CoreNLP splits whitespace tokens;
//! * [`WordAligner`] — EASSE's monolingual word aligner (Sultan et al. 2014) with PPDB unloaded,
//!   as EASSE runs it; [`snowball_english`] — the Snowball English stemmer as NLTK computes it, by
//!   which it matches words;
//! * [`align_scenes`], [`passage_scores`] ([`Scores`]) — each scene's sentence and the scores,
//!   given the passage and the analyses; [`Samsa`] ([`PreparedSource`]) — the whole pipeline on
//!   tokens: parse, analyse, split, align, score.
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
//!
//! The word aligner on two analysed sentences (word numbers from 1):
//!
//! ```
//! use ucca_samsa::{Dependency, Sentence, Token, WordAligner};
//!
//! let sentence = |words: &[(&str, &str, &str)], deps: &[(&str, usize, usize)]| Sentence {
//!     tokens: words
//!         .iter()
//!         .map(|(w, l, t)| Token { word: w.to_string(), lemma: l.to_string(), pos: t.to_string(), ner: "O".into() })
//!         .collect(),
//!     dependencies: deps
//!         .iter()
//!         .map(|(r, g, d)| Dependency { relation: r.to_string(), governor: *g, dependent: *d })
//!         .collect(),
//! };
//! let scene = sentence(&[("Kim", "Kim", "NNP"), ("left", "leave", "VBD")], &[("root", 0, 2), ("nsubj", 2, 1)]);
//! let output = sentence(
//!     &[("Kim", "Kim", "NNP"), ("has", "have", "VBZ"), ("left", "leave", "VBN"), (".", ".", ".")],
//!     &[("root", 0, 3), ("nsubj", 3, 1), ("aux", 3, 2), ("punct", 3, 4)],
//! );
//! let aligner = WordAligner::nltk_english();
//! // The main verbs first (their subjects related), then the subjects by the verbs.
//! assert_eq!(aligner.align(&scene, &output)?, [(2, 3), (1, 1)]);
//! # Ok::<(), ucca_samsa::Error>(())
//! ```

mod aligner;
mod analyser;
mod analysis;
mod entities;
mod error;
mod pos_alignment;
mod scenes;
mod score;
mod scoring;
mod sentences;
mod stemmer;
mod word_match;

pub use aligner::WordAligner;
pub use analyser::Analyser;
pub use analysis::{Dependency, Sentence, Token};
pub use error::Error;
pub use scenes::{
    participant_minimal_centres, relation_minimal_centres, scene_units, scene_words, unit_words,
};
pub use score::{samsa, samsa_abl, scene_score};
pub use scoring::{PreparedSource, Samsa, Scores, align_scenes, passage_scores};
pub use sentences::output_sentences;
pub use stemmer::snowball_english;
