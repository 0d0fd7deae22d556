//! ERRANT's dependency labels from UD trees. ERRANT reads spaCy's English labels (ClearNLP
//! style), while UD English-EWT is annotated with UD v2 labels; this documented mapping turns
//! each EWT token's UD relation (with its word, tags and head) into the spaCy label of the same
//! construction, for the labels ERRANT reads and the ones it tests for auxiliaries:
//!
//! | spaCy | from UD |
//! |---|---|
//! | `punct` | `punct` |
//! | `det` | `det` on DT/WDT (not possessive, not predeterminer) |
//! | `predet` | `det:predet` |
//! | `poss` | `nmod:poss`, `det` on PRP$/WP$ |
//! | `amod` | `amod` |
//! | `acomp` | an adjective heading a copula, or an adjectival `xcomp` |
//! | `advmod` | `advmod`, but *not*/*n't*/*never* |
//! | `neg` | `advmod` on *not*, *n't*, *nt*, *never* |
//! | `prep` | `case` but the possessive `'s`; `mark` on a preposition before a gerund |
//! | `case` | `case` on the possessive (POS) |
//! | `prt` | `compound:prt` |
//! | `aux` | `aux`; `mark` on infinitival *to* (TO) |
//! | `auxpass` | `aux:pass` |
//! | `mark` | other `mark` |
//! | `nsubj` | `nsubj`, `nsubj:outer` |
//! | `nsubjpass` | `nsubj:pass` |
//! | `dobj` | `obj` |
//! | `pobj` | `obl`, `nmod` and their subtypes (not `nmod:poss`) with a prepositional `case` child |
//! | `dep` | everything else ("other": ERRANT reads none of them) |

/// Subordinators that stay `mark` even before a gerund.
const SUBORDINATORS: &[&str] = &[
    "that", "if", "whether", "because", "while", "although", "though", "since", "unless", "as",
    "once", "whereas", "when",
];

/// The labels the tagger predicts, in class order.
pub(crate) const LABELS: &[&str] = &[
    "dep",
    "punct",
    "det",
    "predet",
    "poss",
    "amod",
    "acomp",
    "advmod",
    "neg",
    "prep",
    "case",
    "prt",
    "aux",
    "auxpass",
    "mark",
    "nsubj",
    "nsubjpass",
    "dobj",
    "pobj",
];

/// One token of a UD tree, as the mapping reads it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UdToken<'a> {
    pub(crate) form: &'a str,
    pub(crate) xpos: &'a str,
    pub(crate) upos: &'a str,
    /// 1-based head; 0 for the root.
    pub(crate) head: usize,
    pub(crate) deprel: &'a str,
}

impl<'a> From<&'a crate::conllu::Word> for UdToken<'a> {
    fn from(w: &'a crate::conllu::Word) -> Self {
        UdToken {
            form: &w.form,
            xpos: &w.xpos,
            upos: &w.upos,
            head: w.head,
            deprel: &w.deprel,
        }
    }
}

/// The spaCy-style label of every token of a UD sentence.
pub(crate) fn spacy_labels(tokens: &[UdToken<'_>]) -> Vec<&'static str> {
    let has_child = |i: usize, relation: &dyn Fn(&UdToken<'_>) -> bool| {
        tokens.iter().any(|t| t.head == i && relation(t))
    };
    let has_cop: Vec<bool> = (1..=tokens.len())
        .map(|i| has_child(i, &|t| t.deprel == "cop"))
        .collect();
    let has_preposition: Vec<bool> = (1..=tokens.len())
        .map(|i| has_child(i, &|t| t.deprel == "case" && t.xpos != "POS"))
        .collect();
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let lower = t.form.to_lowercase();
            let head = t.head.checked_sub(1).and_then(|h| tokens.get(h));
            match t.deprel {
                "punct" => "punct",
                "det:predet" => "predet",
                "nmod:poss" => "poss",
                "det" if matches!(t.xpos, "PRP$" | "WP$") => "poss",
                "det" => "det",
                "amod" => "amod",
                "compound:prt" => "prt",
                "aux" => "aux",
                "aux:pass" => "auxpass",
                "advmod" if matches!(lower.as_str(), "not" | "n't" | "nt" | "n’t" | "never") => {
                    "neg"
                }
                "advmod" => "advmod",
                "case" if t.xpos == "POS" => "case",
                "case" => "prep",
                "mark" if t.xpos == "TO" => "aux",
                "mark"
                    if t.xpos == "IN"
                        && head.is_some_and(|h| h.xpos == "VBG")
                        && !SUBORDINATORS.contains(&lower.as_str()) =>
                {
                    "prep"
                }
                "mark" => "mark",
                "nsubj" | "nsubj:outer" => "nsubj",
                "nsubj:pass" => "nsubjpass",
                "obj" => "dobj",
                r if (r.starts_with("obl") || (r.starts_with("nmod") && r != "nmod:poss"))
                    && has_preposition[i] =>
                {
                    "pobj"
                }
                "xcomp" if t.upos == "ADJ" => "acomp",
                _ if t.upos == "ADJ" && has_cop[i] => "acomp",
                _ => "dep",
            }
        })
        .collect()
}
