//! The analyses the word aligner reads, in the shape of Stanford CoreNLP's JSON (EASSE asks a
//! CoreNLP server for them), and the dependency views the aligner takes of them.

use crate::Error;

/// One word of an analysed sentence, as CoreNLP's JSON gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The word (`originalText`).
    pub word: String,
    /// Its lemma (`lemma`).
    pub lemma: String,
    /// Its Penn Treebank tag (`pos`).
    pub pos: String,
    /// Its named-entity tag (`ner`: `PERSON`, `ORGANIZATION`, `LOCATION`, …; `O` for none).
    pub ner: String,
}

/// One basic (uncollapsed) Stanford dependency: `relation(governor, dependent)`, word numbers
/// from 1, the governor 0 for the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dependency {
    /// The relation (`dep`: `nsubj`, `prep`, `pobj`, `root`, …).
    pub relation: String,
    /// The governor's word number (`governor`), 0 for `ROOT`.
    pub governor: usize,
    /// The dependent's word number (`dependent`).
    pub dependent: usize,
}

/// One analysed sentence: its words and its basic dependencies in CoreNLP's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sentence {
    /// The words, in order.
    pub tokens: Vec<Token>,
    /// The basic dependencies (`basicDependencies`), in the order CoreNLP lists them.
    pub dependencies: Vec<Dependency>,
}

impl Sentence {
    /// Checks what the aligner needs of a sentence: at least one word, no empty word or tag, and
    /// dependencies that name words of the sentence. (The reference also raises on a word with
    /// a `{`, which its dependency strings use as a separator; this port has no such strings.)
    pub fn check(&self) -> Result<(), Error> {
        let fail = |message: String| Err(Error::Analysis { message });
        if self.tokens.is_empty() {
            return fail("a sentence without words".into());
        }
        if let Some(t) = self
            .tokens
            .iter()
            .find(|t| t.word.is_empty() || t.pos.is_empty())
        {
            return fail(format!("the word {:?} or its tag is empty", t.word));
        }
        let n = self.tokens.len();
        match self
            .dependencies
            .iter()
            .find(|d| d.governor > n || d.dependent > n || d.dependent == 0)
        {
            Some(d) => fail(format!(
                "the dependency {}({}, {}) names a word outside the sentence of {n} words",
                d.relation, d.governor, d.dependent
            )),
            None => Ok(()),
        }
    }

    /// A word's text as a dependency names it: the word, or `ROOT` for 0.
    pub(crate) fn gloss(&self, index: usize) -> &str {
        if index == 0 {
            "ROOT"
        } else {
            &self.tokens[index - 1].word
        }
    }
}

/// A collapsed dependency as the aligner reads it: `prep` joined with its object into
/// `prep_<word>`, `conj` into `conj_<cc word>` (without a `cc`, dropped), `cc` and `pobj` dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Arc {
    pub(crate) relation: String,
    pub(crate) governor: usize,
    pub(crate) dependent: usize,
}

/// EASSE's `_collapse_dependencies`. Its look-ups return a position in the list and test it for
/// truth, so a match at position 0 counts as none: kept, since it decides the relation.
pub(crate) fn collapse(sentence: &Sentence) -> Vec<Arc> {
    let deps = &sentence.dependencies;
    let position =
        |found: &dyn Fn(&Dependency) -> bool| deps.iter().position(found).filter(|&p| p != 0);
    let mut arcs = Vec::with_capacity(deps.len());
    for d in deps {
        let mut relation = d.relation.to_lowercase();
        let mut dependent = d.dependent;
        match relation.as_str() {
            "prep" => {
                if let Some(p) = position(&|x: &Dependency| x.governor == d.dependent) {
                    relation = format!("prep_{}", sentence.gloss(d.dependent));
                    dependent = deps[p].dependent;
                }
            }
            "conj" => {
                let cc = |x: &Dependency| {
                    x.relation == "cc" && (x.governor == d.dependent || x.governor == d.governor)
                };
                match position(&cc) {
                    Some(p) => relation = format!("conj_{}", sentence.gloss(deps[p].dependent)),
                    None => continue,
                }
            }
            "cc" | "pobj" => continue,
            _ => {}
        }
        arcs.push(Arc {
            relation,
            governor: d.governor,
            dependent,
        });
    }
    arcs
}

/// A word's neighbour through a collapsed dependency: its word number and the relation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Neighbour {
    pub(crate) index: usize,
    pub(crate) relation: String,
}

/// EASSE's `findParents` (`parents`) and `findChildren`: the arcs whose dependent (governor) is
/// the word. A word that is no arc's dependent — a preposition folded into `prep_<word>` — gets
/// the first collapsed arc at or after the next dependent's first arc whose relation contains
/// `_` and the word.
pub(crate) fn neighbours(arcs: &[Arc], index: usize, word: &str, parents: bool) -> Vec<Neighbour> {
    let other = |a: &Arc| if parents { a.governor } else { a.dependent };
    let neighbour = |a: &Arc| Neighbour {
        index: other(a),
        relation: a.relation.clone(),
    };
    if arcs.iter().any(|a| a.dependent == index) {
        let own = |a: &&Arc| {
            if parents {
                a.dependent == index
            } else {
                a.governor == index
            }
        };
        return arcs.iter().filter(own).map(neighbour).collect();
    }
    let Some(next) = arcs
        .iter()
        .map(|a| a.dependent)
        .filter(|&d| d > index)
        .min()
    else {
        return Vec::new();
    };
    let start = arcs
        .iter()
        .position(|a| a.dependent == next)
        .unwrap_or(arcs.len());
    arcs[start..]
        .iter()
        .find(|a| a.relation.contains('_') && a.relation.contains(word))
        .map(neighbour)
        .into_iter()
        .collect()
}
