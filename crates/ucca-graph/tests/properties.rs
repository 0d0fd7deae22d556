//! Property tests: random valid passages survive `write → read`; DAG F1 of a passage with itself
//! is 1 and DAG F1 is symmetric up to exchanging precision and recall, with and without the
//! evaluator's normalisation; sentence passages cover the terminals in order and round-trip.

use proptest::prelude::*;
use ucca_graph::{Category, Layer, NodeId, Passage, PassageBuilder, UnitKind, dag_f1};

const LABELS: [Category; 8] = [
    Category::ParallelScene,
    Category::Participant,
    Category::Process,
    Category::State,
    Category::Adverbial,
    Category::Center,
    Category::Elaborator,
    Category::Function,
];

/// Consumes `choices` as a stream of small random numbers.
struct Choices<'a>(std::slice::Iter<'a, u8>);

impl Choices<'_> {
    fn below(&mut self, n: usize) -> usize {
        self.0.next().map_or(0, |&c| usize::from(c) % n.max(1))
    }
}

/// A random valid passage over `tokens`: a primary tree built by recursively cutting the token
/// sequence into contiguous spans, punctuation tokens wrapped in PNCT units under `U` edges, plus
/// remote edges, implicit units and a linkage node, all drawn from `choices`.
fn passage(tokens: &[(String, bool, bool)], choices: &[u8]) -> Passage {
    let mut c = Choices(choices.iter());
    let mut b = PassageBuilder::new("random");
    let mut terminals = Vec::new();
    for (i, (text, punct, new_paragraph)) in tokens.iter().enumerate() {
        if *new_paragraph && i > 0 {
            b.paragraph_break();
        }
        terminals.push(b.terminal(text.clone(), *punct));
    }
    let root = NodeId::new(Layer::Foundational, 1);
    let mut units = Vec::new();
    let mut spans = vec![(root, 0, terminals.len())];
    while let Some((parent, start, end)) = spans.pop() {
        if end - start == 1 {
            let (t, punct) = (terminals[start], tokens[start].1);
            if punct {
                let u = b.unit(UnitKind::Punctuation);
                b.edge(parent, u, Category::Punctuation, false);
                b.edge(u, t, Category::Terminal, false);
            } else {
                b.edge(parent, t, Category::Terminal, false);
            }
            continue;
        }
        let mut cut = start;
        while cut < end {
            let len = 1 + c.below(end - cut);
            let child = if len == end - start {
                parent
            } else {
                let u = b.unit(UnitKind::Foundational);
                b.edge(parent, u, LABELS[c.below(LABELS.len())], false);
                units.push(u);
                u
            };
            spans.push((child, cut, cut + len));
            cut += len;
        }
    }
    for _ in 0..c.below(3) {
        if units.len() >= 2 {
            let (from, to) = (units[c.below(units.len())], units[c.below(units.len())]);
            b.edge(from, to, Category::Participant, true);
        }
    }
    if c.below(2) == 1 && !units.is_empty() {
        let implicit = b.implicit_unit();
        b.edge(
            units[c.below(units.len())],
            implicit,
            Category::Adverbial,
            false,
        );
    }
    if units.len() >= 3 && c.below(2) == 1 {
        let link = b.unit(UnitKind::Linkage);
        b.edge(link, units[0], Category::LinkRelation, false);
        b.edge(link, units[1], Category::LinkArgument, false);
        b.edge(link, units[2], Category::LinkArgument, false);
    }
    b.build().expect("the generator makes valid passages")
}

fn tokens() -> impl Strategy<Value = Vec<(String, bool, bool)>> {
    // Texts include XML metacharacters, whitespace that attribute normalisation would eat, and
    // non-ASCII.
    let text = prop::string::string_regex("[a-zA-Zé&<>\"' \t\n\r.,=-]{1,6}").unwrap();
    prop::collection::vec(
        (text, prop::bool::weighted(0.2), prop::bool::weighted(0.1)),
        1..25,
    )
}

proptest! {
    #[test]
    fn random_passages_round_trip(tokens in tokens(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        let p = passage(&tokens, &choices);
        let again = Passage::from_xml(p.to_xml().as_bytes()).unwrap();
        prop_assert_eq!(&again, &p);
        prop_assert_eq!(again.render(), p.render());
    }

    #[test]
    fn dag_f1_of_a_passage_with_itself_is_one(tokens in tokens(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        let p = passage(&tokens, &choices);
        let eval = dag_f1::ucca_eval(&p, &p).unwrap();
        prop_assert_eq!(eval.primary.f1(), 1.0);
        prop_assert_eq!(eval.remote.f1(), 1.0);
        prop_assert_eq!(eval.primary.matches, eval.primary.guessed);
        prop_assert_eq!(dag_f1::edge_multiset(&p, &p).unwrap().f1(), 1.0);
        let normalised = dag_f1::evaluate(&p, &p, dag_f1::Normalisation::Ucca2017).unwrap();
        prop_assert_eq!(normalised.primary.f1(), 1.0);
        prop_assert_eq!(normalised.remote.f1(), 1.0);
    }

    #[test]
    fn sentence_passages_cover_the_terminals_in_order(tokens in tokens(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        let p = passage(&tokens, &choices);
        let parts = p.sentences().unwrap();
        let texts: Vec<String> = parts.iter().flat_map(|s| s.terminals().map(|t| t.text.clone())).collect();
        let whole: Vec<String> = p.terminals().map(|t| t.text.clone()).collect();
        prop_assert_eq!(texts, whole);
        for part in &parts {
            prop_assert!(part.terminal_count() > 0);
            let again = Passage::from_xml(part.to_xml().as_bytes()).unwrap();
            prop_assert_eq!(&again, part);
        }
    }

    #[test]
    fn dag_f1_is_symmetric(
        tokens in tokens(),
        first in prop::collection::vec(any::<u8>(), 0..200),
        second in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        let (a, b) = (passage(&tokens, &first), passage(&tokens, &second));
        let (ab, ba) = (dag_f1::ucca_eval(&a, &b).unwrap(), dag_f1::ucca_eval(&b, &a).unwrap());
        prop_assert_eq!(ab.primary, ba.primary.swapped());
        prop_assert_eq!(ab.remote, ba.remote.swapped());
        prop_assert_eq!(ab.primary.f1(), ba.primary.f1());
        let normalised = |x: &Passage, y: &Passage| {
            dag_f1::evaluate(x, y, dag_f1::Normalisation::Ucca2017).unwrap()
        };
        let (nab, nba) = (normalised(&a, &b), normalised(&b, &a));
        prop_assert_eq!(nab.primary, nba.primary.swapped());
        prop_assert_eq!(nab.remote, nba.remote.swapped());
        let (ab, ba) = (dag_f1::edge_multiset(&a, &b).unwrap(), dag_f1::edge_multiset(&b, &a).unwrap());
        prop_assert_eq!(ab, ba.swapped());
        prop_assert!((0.0..=1.0).contains(&ab.f1()));
    }
}
