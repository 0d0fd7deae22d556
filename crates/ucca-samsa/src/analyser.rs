//! gecbias's stand-in for EASSE's CoreNLP server: spaCy's `en_core_web_sm` (crate `spacy-sm`,
//! run natively) analyses pretokenised words, and the analysis is put in the shape the aligner
//! reads from CoreNLP (`tokenize.whitespace`, `english_SD` basic dependencies).
//!
//! The mapping, decided here (`docs/deliberate-differences.md` says what it changes):
//! * **tags** are spaCy's Penn tags, those CoreNLP's tag set lacks mapped to its nearest
//!   (`HYPH`, `NFP` → `:`, `ADD` → `NN`, `XX` → `FW`, `AFX` → `JJ`, `_SP` → `:`);
//! * **lemmas** are spaCy's (its attribute ruler's, else its rule lemmatiser's);
//! * **entities**: none (`O`) — `en_core_web_sm`'s entity recogniser is not run natively yet,
//!   so the aligner's named-entity step adds nothing; identical names still align through the
//!   later steps;
//! * **dependencies**: spaCy's tree with its labels renamed to the Stanford basic ones CoreNLP
//!   3.9's `english_SD` gives (`compound` → `nn`, `relcl` → `rcmod`, `acl` → `vmod`, `nummod`
//!   → `num`, `dative` → `iobj`, `case` → `possessive`, `intj` → `discourse`, `nmod` → `nn`,
//!   `agent` → `prep` so that collapsing makes `prep_by`, `oprd` and `meta` → `dep`, `ROOT` →
//!   `root` under governor 0), listed root first and then by dependent. The trees themselves
//!   differ where the two schemes do (spaCy heads a copular clause by the verb, Stanford by the
//!   predicate): those are not rewritten.

use english_tagger::Lemmatizer;
use spacy_sm::Model;

use ucca_graph::Passage;

use crate::{Dependency, Error, Sentence, Token, output_sentences, scene_words};

/// spaCy's analyses in CoreNLP's shape.
#[derive(Debug, Clone)]
pub struct Analyser {
    model: Model,
    lemmatiser: Lemmatizer,
}

impl Analyser {
    /// The models built into this program (or named by `$GECBIAS_SPACY_MODEL` and
    /// `$GECBIAS_TAGGER_MODEL`, whose lemma tables are read).
    pub fn builtin() -> Result<Analyser, Error> {
        let model = Model::builtin()?;
        let lemmatiser = Lemmatizer::default_model()?;
        Ok(Analyser { model, lemmatiser })
    }

    /// The analyses of a passage's scenes, in [`scene_words`] order (what EASSE sends CoreNLP:
    /// each scene's words as one sentence).
    pub fn scenes(&self, passage: &Passage) -> Vec<Sentence> {
        let words = scene_words(passage);
        words
            .iter()
            .map(|w| self.analyse(&w.iter().map(String::as_str).collect::<Vec<_>>()))
            .collect()
    }

    /// The analyses of an output's sentences, split as CoreNLP splits whitespace tokens
    /// ([`output_sentences`]).
    pub fn sentences(&self, output: &[&str]) -> Vec<Sentence> {
        output_sentences(output)
            .iter()
            .map(|s| self.analyse(s))
            .collect()
    }

    /// The analysis of one pretokenised sentence (no words: no tokens).
    pub fn analyse(&self, words: &[&str]) -> Sentence {
        if words.is_empty() {
            return Sentence::default();
        }
        let analysis = self.model.analyse(words);
        let pos: Vec<&str> = analysis.pos.iter().map(String::as_str).collect();
        let tags: Vec<&str> = analysis.tags.iter().map(String::as_str).collect();
        let lemmas = self.lemmatiser.lemmatize(words, &pos, &tags);
        let tokens = words
            .iter()
            .enumerate()
            .map(|(i, word)| Token {
                word: (*word).to_owned(),
                lemma: analysis.ruler_lemmas[i]
                    .clone()
                    .unwrap_or_else(|| lemmas[i].clone()),
                pos: corenlp_tag(tags[i]).to_owned(),
                ner: "O".to_owned(),
            })
            .collect();
        let parse = &analysis.parse;
        let mut dependencies: Vec<Dependency> = (0..words.len())
            .map(|i| {
                let root = parse.heads[i] == i;
                Dependency {
                    relation: stanford_relation(&parse.labels[i], root).to_owned(),
                    governor: if root { 0 } else { parse.heads[i] + 1 },
                    dependent: i + 1,
                }
            })
            .collect();
        dependencies.sort_by_key(|d| (d.governor != 0, d.dependent));
        Sentence {
            tokens,
            dependencies,
        }
    }
}

/// CoreNLP's tag for a spaCy tag.
fn corenlp_tag(tag: &str) -> &str {
    match tag {
        "HYPH" | "NFP" | "_SP" => ":",
        "ADD" => "NN",
        "XX" => "FW",
        "AFX" => "JJ",
        other => other,
    }
}

/// The Stanford basic relation for a spaCy label.
fn stanford_relation(label: &str, root: bool) -> &str {
    if root {
        return "root";
    }
    match label {
        "compound" | "nmod" => "nn",
        "relcl" => "rcmod",
        "acl" => "vmod",
        "nummod" => "num",
        "dative" => "iobj",
        "case" => "possessive",
        "intj" => "discourse",
        "agent" => "prep",
        "oprd" | "meta" | "ROOT" => "dep",
        other => other,
    }
}
