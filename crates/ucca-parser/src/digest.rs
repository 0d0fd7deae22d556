//! What a model was trained with, as digests loading checks: the feature templates and the
//! vocabulary (both carried in the header) and the label set (computed from the header's actions,
//! for messages).
//!
//! A feature's key is the hash of its template's number — the order of its call in
//! [`extract`] — and its values, so weights trained by one version of the templates score
//! nonsense under another without any error. The templates' digest is therefore taken from their
//! behaviour: the keys [`extract`] gives on a fixed probe (a sentence of varied tokens over a
//! small fixed lexicon, walked through a fixed sequence of legal transitions that creates units,
//! labeled and remote edges and swaps). Any change to a template, to their order, to a token's
//! properties, to the lexicon's lookup or to the hashing changes it.

use std::collections::HashMap;

use mono_align::morphy::WordClass;

use crate::features::{
    FeatureSet, SLOTS, Sentence, SlotHead, TAGGER_INPUTS, TOKEN_INPUTS, extract, fnv1a, structure,
};
use crate::lexicon::{LexEntry, Lexicon};
use crate::{Action, ActionKind, State, Token};

/// The probe sentence: capitals, acronyms, hyphens, digits, separators and sentence-final
/// punctuation.
const PROBE: [&str; 16] = [
    "The", "U.S.", "e-mail", "of", "1999", ",", "John", "gave", "Mary", "a", "BOOK", "--",
    "quickly", "(", "ok", ".",
];

/// Transitions walked on the probe at most.
const PROBE_STEPS: usize = 400;

fn hex(digest: u64) -> String {
    format!("{digest:016x}")
}

/// The probe's lexicon: clusters, tags and WordNet classes for some words, in either case.
fn probe_lexicon() -> Lexicon {
    let entry = |cluster: Option<u32>, tag: Option<u8>, pos: u8, file: Option<u8>| LexEntry {
        cluster,
        tag,
        wordnet: WordClass {
            parts_of_speech: pos,
            lexicographer_file: file,
        },
    };
    let entries: HashMap<String, LexEntry> = [
        ("the", entry(Some(0b1011_0110_1101), Some(0), 0, None)),
        ("john", entry(Some(0xF_FFFF), Some(1), 1, Some(18))),
        ("gave", entry(Some(0x1234), Some(2), 2, Some(40))),
        ("Mary", entry(None, Some(1), 1, Some(18))),
        ("book", entry(Some(77), None, 3, Some(6))),
        (",", entry(Some(3), Some(3), 0, None)),
    ]
    .into_iter()
    .map(|(w, e)| (w.to_owned(), e))
    .collect();
    let tags = ["DT", "NNP", "VBD", ","].map(str::to_owned).to_vec();
    Lexicon { entries, tags }
}

/// Walks the probe sentence through a fixed sequence of legal transitions (strides through the
/// legal kinds of action and the legal labels, so both vary), showing `visit` every state
/// before it moves on, and returns the last state.
fn walk_probe(tokens: &[Token], mut visit: impl FnMut(&State)) -> State {
    let punctuation: Vec<bool> = tokens.iter().map(|t| t.punctuation).collect();
    let mut state = State::new(&punctuation);
    let mut legal = Vec::new();
    for step in 0..PROBE_STEPS {
        visit(&state);
        if state.finished {
            break;
        }
        legal.clear();
        legal
            .extend(Action::all().filter(|&a| {
                (a != Action::Finish || state.buffer.is_empty()) && state.is_legal(a)
            }));
        let kinds: Vec<ActionKind> = ActionKind::ALL
            .into_iter()
            .filter(|&k| legal.iter().any(|a| a.kind() == k))
            .collect();
        let Some(&kind) = kinds.get(step * 5 % kinds.len().max(1)) else {
            break;
        };
        let of_kind: Vec<Action> = legal.iter().copied().filter(|a| a.kind() == kind).collect();
        state.apply(of_kind[step * 37 % of_kind.len()]);
    }
    state
}

fn probe_tokens() -> Vec<Token> {
    PROBE.iter().map(|t| Token::new(*t)).collect()
}

/// What a classifier reads of a sentence.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Inputs<'a> {
    /// The perceptron's sparse features.
    Sparse,
    /// The neural classifier's token inputs and state structure, with the tagger's analyses
    /// where it reads them, and the words' characters where it encodes them.
    Neural {
        tagger: Option<&'a english_tagger::Tagger>,
        characters: bool,
    },
}

/// The digest of the feature templates of `set` (for a neural classifier, of its inputs):
/// FNV-1a 64, as 16 hexadecimal digits, of every key [`extract`] gives on the probe, state by
/// state — or of every token's input values ([`Sentence::token_inputs`], so also of what the
/// tagger says of the probe) and every state's slot heads and structural keys ([`structure`]).
pub(crate) fn templates(set: FeatureSet, inputs: Inputs<'_>) -> String {
    let tokens = probe_tokens();
    let (neural, tagger, characters) = match inputs {
        Inputs::Sparse => (false, None, false),
        Inputs::Neural { tagger, characters } => (true, tagger, characters),
    };
    let sentence = Sentence::new(&tokens, &probe_lexicon(), tagger);
    let mut keys = Vec::new();
    let mut bytes = Vec::new();
    if neural {
        // What the network reads: the tagger's inputs only where it reads them.
        let read = TOKEN_INPUTS - if tagger.is_some() { 0 } else { TAGGER_INPUTS };
        for i in 0..sentence.len() {
            let values = sentence.token_inputs(i);
            bytes.extend(values[..read].iter().flat_map(|v| v.to_le_bytes()));
        }
        if characters {
            let mut rows = Vec::new();
            for word in sentence.words() {
                crate::characters::rows(word, &mut rows);
            }
            bytes.extend(rows.iter().flat_map(|&r| (r as u64).to_le_bytes()));
        }
    }
    let mut heads = [SlotHead::Empty; SLOTS];
    walk_probe(&tokens, |state| {
        if neural {
            structure(state, &sentence, &mut heads, &mut keys);
            bytes.extend(format!("{heads:?}").bytes());
        } else {
            extract(state, &sentence, set, &mut keys);
        }
        bytes.extend((keys.len() as u64).to_le_bytes());
        bytes.extend(keys.iter().flat_map(|k| k.to_le_bytes()));
    });
    hex(fnv1a(&bytes))
}

/// The digest of a label set (the actions, each `Action::to_string`, in classifier order):
/// FNV-1a 64 of the names joined by newlines.
pub(crate) fn labels(actions: &[String]) -> String {
    hex(fnv1a(actions.join("\n").as_bytes()))
}

/// The digest of a vocabulary: FNV-1a 64 of the lexicon's bytes in the model file.
pub(crate) fn vocabulary(lexicon_bytes: &[u8]) -> String {
    hex(fnv1a(lexicon_bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The probe reaches the parts of the templates the digest must cover.
    #[test]
    fn probe_walk_builds_units_edges_and_swaps() {
        let state = walk_probe(&probe_tokens(), |_| {});
        let kinds: std::collections::HashSet<_> = state.actions.iter().map(|a| a.kind()).collect();
        assert!(state.created_units() >= 3, "{:?}", state.actions);
        assert!(state.edges.iter().any(|e| e.remote), "{:?}", state.actions);
        assert_eq!(kinds.len(), 7, "{kinds:?} {:?}", state.actions);
        assert!(state.finished);
    }

    #[test]
    fn digests_tell_feature_sets_apart_and_repeat() {
        let all = templates(FeatureSet::ALL, Inputs::Sparse);
        assert_eq!(all, templates(FeatureSet::ALL, Inputs::Sparse));
        assert_ne!(all, templates(FeatureSet::ORTHOGRAPHY, Inputs::Sparse));
        let neural = |characters| {
            templates(
                FeatureSet::ALL,
                Inputs::Neural {
                    tagger: None,
                    characters,
                },
            )
        };
        assert_eq!(neural(false), neural(false));
        assert_ne!(neural(false), all);
        assert_ne!(neural(true), neural(false));
        let no_brill = FeatureSet {
            brill: false,
            ..FeatureSet::ALL
        };
        assert_ne!(all, templates(no_brill, Inputs::Sparse));
        assert_eq!(all.len(), 16);
    }
}
