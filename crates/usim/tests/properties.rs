//! Invariants of USim and the tree edit distance on random inputs, and errors on bad input.

use proptest::prelude::*;
use ucca_graph::{Category, Passage, PassageBuilder, UnitKind};
use usim::{Error, Params, Positions, PreparedPassage, Tree, tree_edit_distance, usim};

/// A sentence: its words, and whether its second unit is a participant (else an adverbial).
type Sentence = (Vec<&'static str>, bool);

fn sentences() -> impl Strategy<Value = Vec<Sentence>> {
    let word = prop::sample::select(vec!["a", "b", "c", "dog", "cat", "sat"]);
    prop::collection::vec((prop::collection::vec(word, 2..6), any::<bool>()), 1..4)
}

/// A passage of one scene per sentence: `[H [P w₁] [A|D [E w₂] [C w₃ …]] [U .]]`; `relabel`
/// replaces every category by T, `paragraphs` puts each sentence in its own paragraph.
fn passage(sentences: &[Sentence], relabel: bool, paragraphs: bool) -> PreparedPassage {
    let mut b = PassageBuilder::new("p");
    let root = ucca_graph::NodeId::new(ucca_graph::Layer::Foundational, 1);
    let cat = |c: Category| if relabel { Category::Time } else { c };
    for (k, (words, participant)) in sentences.iter().enumerate() {
        if paragraphs && k > 0 {
            b.paragraph_break();
        }
        let ids: Vec<_> = words.iter().map(|w| b.terminal(*w, false)).collect();
        let stop = b.terminal(".", true);
        let scene = b.unit(UnitKind::Foundational);
        b.edge(root, scene, cat(Category::ParallelScene), false);
        let process = b.unit(UnitKind::Foundational);
        b.edge(scene, process, cat(Category::Process), false);
        b.edge(process, ids[0], Category::Terminal, false);
        let second = b.unit(UnitKind::Foundational);
        let role = if *participant {
            Category::Participant
        } else {
            Category::Adverbial
        };
        b.edge(scene, second, cat(role), false);
        let elaborator = b.unit(UnitKind::Foundational);
        b.edge(second, elaborator, cat(Category::Elaborator), false);
        b.edge(elaborator, ids[1], Category::Terminal, false);
        if ids.len() > 2 {
            let center = b.unit(UnitKind::Foundational);
            b.edge(second, center, cat(Category::Center), false);
            for &t in &ids[2..] {
                b.edge(center, t, Category::Terminal, false);
            }
        }
        let punctuation = b.unit(UnitKind::Punctuation);
        b.edge(scene, punctuation, Category::Punctuation, false);
        b.edge(punctuation, stop, Category::Terminal, false);
    }
    PreparedPassage::new(&b.build().unwrap()).unwrap()
}

/// A random ordered tree with up to `size` nodes and labels a–c.
fn tree(size: u32) -> impl Strategy<Value = Tree> {
    let leaf = prop::sample::select(vec!["a", "b", "c"]).prop_map(Tree::leaf);
    leaf.prop_recursive(3, size, 3, |inner| {
        (
            prop::sample::select(vec!["a", "b", "c"]),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(label, children)| Tree {
                label: label.to_owned(),
                children,
            })
    })
}

/// The forest edit distance by its recursive definition (no dynamic programming), the oracle:
/// compare the rightmost roots — delete one, insert one, or match them.
fn forest_distance(a: &[Tree], b: &[Tree]) -> usize {
    let size = |f: &[Tree]| f.iter().map(Tree::size).sum::<usize>();
    match (a.split_last(), b.split_last()) {
        (None, _) => size(b),
        (_, None) => size(a),
        (Some((x, ra)), Some((y, rb))) => {
            let without = |rest: &[Tree], t: &Tree| -> Vec<Tree> {
                rest.iter()
                    .cloned()
                    .chain(t.children.iter().cloned())
                    .collect()
            };
            let delete = forest_distance(&without(ra, x), b) + 1;
            let insert = forest_distance(a, &without(rb, y)) + 1;
            let matched = forest_distance(ra, rb)
                + forest_distance(&x.children, &y.children)
                + usize::from(x.label != y.label);
            delete.min(insert).min(matched)
        }
    }
}

proptest! {
    #[test]
    fn a_passage_is_fully_similar_to_itself(s in sentences()) {
        let p = passage(&s, false, false);
        for params in [Params::RELEASED, Params::BRANCH_2017] {
            prop_assert_eq!(usim(&p, &p, &params).usim, 1.0);
        }
    }

    #[test]
    fn usim_is_a_proportion(a in sentences(), b in sentences()) {
        let (p, q) = (passage(&a, false, false), passage(&b, false, false));
        for params in [Params::RELEASED, Params::BRANCH_2017] {
            let s = usim(&p, &q, &params);
            prop_assert!((0.0..=1.0).contains(&s.usim), "{:?}", s);
            prop_assert!(s.matched_first <= s.units_first && s.matched_second <= s.units_second);
        }
    }

    #[test]
    fn incompatible_labels_give_zero(s in sentences()) {
        let (p, q) = (passage(&s, false, false), passage(&s, true, false));
        prop_assert_eq!(usim(&p, &q, &Params::RELEASED).usim, 0.0);
    }

    #[test]
    fn fixed_positions_ignore_paragraphs(a in prop::collection::vec(sentences(), 2)) {
        // Two passages with the same number of sentences, compared whole and split into
        // paragraphs at their sentence ends.
        let n = a[0].len().min(a[1].len());
        let (x, y) = (&a[0][..n], &a[1][..n]);
        let fixed = Params { positions: Positions::Fixed, ..Params::RELEASED };
        let whole = usim(&passage(x, false, false), &passage(y, false, false), &fixed);
        let split = usim(&passage(x, false, true), &passage(y, false, true), &fixed);
        prop_assert_eq!(whole, split);
    }

    #[test]
    fn zhang_shasha_equals_the_recursive_definition(a in tree(6), b in tree(6)) {
        let expected = forest_distance(std::slice::from_ref(&a), std::slice::from_ref(&b));
        prop_assert_eq!(tree_edit_distance(Some(&a), Some(&b)), expected);
    }

    #[test]
    fn tree_edit_distance_is_a_metric(a in tree(8), b in tree(8), c in tree(8)) {
        let d = |x: &Tree, y: &Tree| tree_edit_distance(Some(x), Some(y));
        prop_assert_eq!(d(&a, &a), 0);
        prop_assert_eq!(d(&a, &b), d(&b, &a));
        prop_assert!(d(&a, &c) <= d(&a, &b) + d(&b, &c));
        prop_assert!(d(&a, &b) >= a.size().abs_diff(b.size()));
        prop_assert_eq!(tree_edit_distance(Some(&a), None), a.size());
    }
}

#[test]
fn bad_passages_are_typed_errors() {
    let empty = PassageBuilder::new("empty").build().unwrap();
    assert!(matches!(
        PreparedPassage::new(&empty),
        Err(Error::Empty { .. })
    ));
    let mut unlabelled = PassageBuilder::new("text");
    unlabelled.terminal("just", false);
    unlabelled.terminal("words", false);
    let unlabelled = unlabelled.build().unwrap();
    assert!(matches!(
        PreparedPassage::new(&unlabelled),
        Err(Error::NoFoundationalLayer { .. })
    ));
    let no_text = br#"<root passageID="x"><attributes/><layer layerID="0"><attributes/>
        <node ID="0.1" type="Word"><attributes paragraph="1" paragraph_position="1"/></node></layer>
        <layer layerID="1"><attributes/><node ID="1.1" type="FN"><attributes/></node></layer></root>"#;
    let err = Passage::from_xml(no_text).map_err(Error::from).unwrap_err();
    assert!(err.to_string().contains("text"), "{err}");
}

/// Found by fuzzing: a unit that is both a primary and a remote child of the same parent is
/// listed twice among the children but ordered once; the aligned edit distance must not index
/// past the ordered list.
#[test]
fn a_child_reached_twice_is_ordered_once() {
    let mut b = PassageBuilder::new("twice");
    let root = ucca_graph::NodeId::new(ucca_graph::Layer::Foundational, 1);
    let words: Vec<_> = ["I", "went", "home"]
        .iter()
        .map(|w| b.terminal(*w, false))
        .collect();
    let scene = b.unit(UnitKind::Foundational);
    b.edge(root, scene, Category::ParallelScene, false);
    let agent = b.unit(UnitKind::Foundational);
    b.edge(scene, agent, Category::Participant, false);
    b.edge(scene, agent, Category::Participant, true);
    b.edge(agent, words[0], Category::Terminal, false);
    let process = b.unit(UnitKind::Foundational);
    b.edge(scene, process, Category::Process, false);
    b.edge(process, words[1], Category::Terminal, false);
    b.edge(process, words[2], Category::Terminal, false);
    let p = PreparedPassage::new(&b.build().unwrap()).unwrap();
    assert_eq!(usim::aligned_edit_distance(&p, &p, &Params::RELEASED), 0);
    assert_eq!(usim(&p, &p, &Params::RELEASED).usim, 1.0);
}
