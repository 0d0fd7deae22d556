//! SAMSA of an output end to end (EASSE's `compute_samsa` and `align_scenes_sentences`): the
//! source's scenes each aligned to the output sentence sharing most aligned words with it, then
//! the formula.

use ucca_graph::Passage;
use ucca_parser::Parser;

use crate::scenes::participant_centres_cut;
use crate::{
    Analyser, Error, Sentence, WordAligner, participant_minimal_centres, relation_minimal_centres,
    samsa, samsa_abl, scene_score,
};

/// SAMSA and SAMSA_abl of one output, as fractions (EASSE reports them × 100).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Scores {
    /// SAMSA: (sentences / scenes²) · Σ scene scores; 0 when the output has more sentences than
    /// the source has scenes.
    pub samsa: f64,
    /// SAMSA_abl: (1 / scenes) · Σ scene scores, with the same 0.
    pub samsa_abl: f64,
}

/// The words of each scene aligned to one output sentence (EASSE's `align_scenes_sentences`):
/// for each scene in turn, the sentence with the most aligned word pairs (the first on ties),
/// among the sentences no earlier scene took unless `allow_multiple`; a scene aligned to
/// nothing takes no sentence. Each entry is the scene's word pairs, (scene word, sentence word).
/// A scene without words aligns to nothing, and so does a pair on which the reference aligner
/// raises (where EASSE stops with an exception).
pub fn align_scenes(
    aligner: &WordAligner,
    scenes: &[Sentence],
    sentences: &[Sentence],
    allow_multiple: bool,
) -> Result<Vec<Vec<(String, String)>>, Error> {
    let mut taken = Vec::new();
    let mut out = Vec::with_capacity(scenes.len());
    for scene in scenes {
        let mut best: (Vec<(String, String)>, usize) = (Vec::new(), 0);
        for (k, sentence) in sentences.iter().enumerate() {
            if (!allow_multiple && taken.contains(&k)) || scene.tokens.is_empty() {
                continue;
            }
            let words = match aligner.aligned_words(scene, sentence) {
                Err(Error::AlignerCrash { .. }) => Vec::new(),
                other => other?,
            };
            if words.len() > best.0.len() {
                best = (words, k);
            }
        }
        if !best.0.is_empty() {
            taken.push(best.1);
        }
        out.push(best.0);
    }
    Ok(out)
}

/// SAMSA of an output given the source's passage, the analyses of its scenes (in
/// [`scene_words`](crate::scene_words) order) and of the output's sentences. Where the reference's participant code
/// raises `IndexError`, the participants' minimal centres are taken without its re-join; a
/// source without scenes scores 0 (EASSE divides by zero).
pub fn passage_scores(
    passage: &Passage,
    aligner: &WordAligner,
    scenes: &[Sentence],
    sentences: &[Sentence],
) -> Result<Scores, Error> {
    let n = sentences.len();
    if scenes.is_empty() || scenes.len() < n {
        return Ok(Scores {
            samsa: 0.0,
            samsa_abl: 0.0,
        });
    }
    let aligned = align_scenes(aligner, scenes, sentences, scenes.len() > n)?;
    let relations = relation_minimal_centres(passage);
    let participants =
        participant_minimal_centres(passage).unwrap_or_else(|_| participant_centres_cut(passage));
    let scores: Vec<f64> = aligned
        .iter()
        .enumerate()
        .map(|(k, pairs)| {
            let words: Vec<String> = pairs.iter().map(|(w, _)| w.clone()).collect();
            let relation = relations.get(k).map_or(&[][..], Vec::as_slice);
            let participant = participants.get(k).map_or(&[][..], Vec::as_slice);
            scene_score(&words, relation, participant)
        })
        .collect();
    Ok(Scores {
        samsa: samsa(&scores, n),
        samsa_abl: samsa_abl(&scores, n),
    })
}

/// The whole pipeline: the UCCA parser for sources, spaCy's analyses in CoreNLP's shape
/// ([`Analyser`]), CoreNLP's sentence split of outputs ([`output_sentences`](crate::output_sentences)) and the word
/// aligner with NLTK's English stop words.
#[derive(Debug, Clone)]
pub struct Samsa {
    parser: Parser,
    analyser: Analyser,
    aligner: WordAligner,
}

impl Samsa {
    /// The pipeline on `parser` with the analyser built into the program.
    pub fn new(parser: Parser) -> Result<Samsa, Error> {
        Ok(Samsa {
            parser,
            analyser: Analyser::builtin()?,
            aligner: WordAligner::nltk_english(),
        })
    }

    /// The parser.
    pub fn parser(&self) -> &Parser {
        &self.parser
    }

    /// A source given as tokens, parsed and its scenes analysed, to score any number of its
    /// outputs (no tokens: no scenes).
    pub fn prepare(&self, source: &[&str]) -> Result<PreparedSource, Error> {
        if source.is_empty() {
            return Ok(PreparedSource {
                passage: None,
                scenes: Vec::new(),
            });
        }
        let passage = self.parser.parse(source)?;
        let scenes = self.analyser.scenes(&passage);
        Ok(PreparedSource {
            passage: Some(passage),
            scenes,
        })
    }

    /// SAMSA of one output given as tokens against its prepared source.
    pub fn score_prepared(
        &self,
        source: &PreparedSource,
        output: &[&str],
    ) -> Result<Scores, Error> {
        let Some(passage) = &source.passage else {
            return Ok(Scores {
                samsa: 0.0,
                samsa_abl: 0.0,
            });
        };
        let sentences = self.analyser.sentences(output);
        passage_scores(passage, &self.aligner, &source.scenes, &sentences)
    }

    /// SAMSA of one output given as tokens, against its source given as tokens (EASSE's
    /// `get_samsa_sentence_scores` tokenises both with Moses first).
    pub fn score(&self, source: &[&str], output: &[&str]) -> Result<Scores, Error> {
        self.score_prepared(&self.prepare(source)?, output)
    }
}

/// A source as SAMSA reads it: its passage and its scenes' analyses.
#[derive(Debug, Clone)]
pub struct PreparedSource {
    passage: Option<Passage>,
    scenes: Vec<Sentence>,
}

impl PreparedSource {
    /// How many scenes the source has.
    pub fn scenes(&self) -> usize {
        self.scenes.len()
    }
}
