//! The queries of a passage on the hand-made fixture `kim_and_lee.xml`:
//! "Kim left early , and | Lee & co stayed ." — two scenes (1.2, 1.8) linked by "and" (LKG 1.12),
//! a remote A from scene 2 to "Kim", an implicit D in scene 2, two PNCT units.

use std::path::Path;

use ucca_graph::{Category, Layer, Node, NodeId, Passage, PassageBuilder, Remote, UnitKind};

fn fixture() -> Passage {
    Passage::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kim_and_lee.xml"))
        .unwrap()
}

fn id(s: &str) -> NodeId {
    s.parse().unwrap()
}

fn positions(ids: Vec<NodeId>) -> Vec<u32> {
    ids.into_iter().map(NodeId::number).collect()
}

#[test]
fn terminals_in_order_with_paragraphs() {
    let p = fixture();
    assert_eq!(p.id(), "kim-lee");
    assert_eq!(p.root_attributes().get("annotationID"), Some("7"));
    let texts: Vec<&str> = p.terminals().map(|t| t.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Kim", "left", "early", ",", "and", "Lee & co", "stayed", "."
        ]
    );
    let punct: Vec<u32> = p
        .terminals()
        .filter(|t| t.punctuation)
        .map(|t| t.position())
        .collect();
    assert_eq!(punct, [4, 8]);
    let lee = p.terminal(6).unwrap();
    assert_eq!((lee.paragraph, lee.paragraph_position), (2, 1));
    assert!(p.terminal(0).is_none() && p.terminal(9).is_none());
}

#[test]
fn units_edges_and_attributes() {
    let p = fixture();
    assert_eq!(p.units().count(), 13);
    assert_eq!(
        p.units()
            .filter(|u| u.kind == UnitKind::Punctuation)
            .count(),
        2
    );
    assert_eq!(p.units().filter(|u| u.kind == UnitKind::Linkage).count(), 1);
    assert_eq!(
        p.units()
            .filter(|u| u.implicit)
            .map(|u| u.id)
            .collect::<Vec<_>>(),
        [id("1.13")]
    );
    assert_eq!(p.graph().edge_count(), 23);
    assert_eq!(
        p.remote_edges()
            .map(|e| (e.parent, e.child))
            .collect::<Vec<_>>(),
        [(id("1.8"), id("1.3"))]
    );
    assert_eq!(p.primary_edges().count(), 22);
    let Some(Node::Unit(early)) = p.node(id("1.5")) else {
        panic!("1.5 is a unit")
    };
    assert_eq!(early.attributes.get("uncertain"), Some("True"));
    assert_eq!(early.extras[0].get("remarks"), Some("checked \"early\""));
}

#[test]
fn children_are_sorted_by_child_id_and_parents_by_parent_id() {
    let p = fixture();
    assert_eq!(p.root(), NodeId::new(Layer::Foundational, 1));
    let children: Vec<(String, Category)> = p
        .children(id("1.2"))
        .iter()
        .map(|e| (e.child.to_string(), e.edge.category))
        .collect();
    // The file lists P (1.4) before A (1.3); the library order is by child ID.
    assert_eq!(
        children,
        [
            ("1.3".to_owned(), Category::Participant),
            ("1.4".to_owned(), Category::Process),
            ("1.5".to_owned(), Category::Adverbial)
        ]
    );
    let parents: Vec<(String, bool)> = p
        .parents(id("1.3"))
        .iter()
        .map(|e| (e.parent.to_string(), e.edge.remote))
        .collect();
    assert_eq!(
        parents,
        [("1.2".to_owned(), false), ("1.8".to_owned(), true)]
    );
    let scene_parents: Vec<Category> = p
        .parents(id("1.8"))
        .iter()
        .map(|e| e.edge.category)
        .collect();
    assert_eq!(
        scene_parents,
        [Category::ParallelScene, Category::LinkArgument]
    );
    assert!(p.parents(p.root()).is_empty());
}

#[test]
fn yields_with_and_without_remote_edges() {
    let p = fixture();
    assert_eq!(positions(p.yield_of(id("1.2"), Remote::Exclude)), [1, 2, 3]);
    assert_eq!(positions(p.yield_of(id("1.8"), Remote::Exclude)), [6, 7]);
    assert_eq!(positions(p.yield_of(id("1.8"), Remote::Include)), [1, 6, 7]);
    assert_eq!(
        positions(p.yield_of(p.root(), Remote::Exclude)),
        [1, 2, 3, 4, 5, 6, 7, 8]
    );
    assert_eq!(positions(p.yield_of(id("1.6"), Remote::Exclude)), [4]);
    assert!(p.yield_of(id("1.13"), Remote::Include).is_empty());
    assert_eq!(positions(p.yield_of(id("0.7"), Remote::Exclude)), [7]);
    assert!(p.yield_of(id("1.99"), Remote::Exclude).is_empty());
}

#[test]
fn topological_order_puts_parents_first() {
    let p = fixture();
    let order = p.topological_order();
    assert_eq!(order.len(), p.graph().node_count());
    let rank = |n: NodeId| order.iter().position(|&m| m == n).unwrap();
    for e in p.primary_edges() {
        assert!(
            rank(e.parent) < rank(e.child),
            "{} before {}",
            e.parent,
            e.child
        );
    }
}

#[test]
fn render_shows_the_primary_tree() {
    assert_eq!(
        fixture().render(),
        "[H [A Kim] [P left] [D early]] [U ,] [L and] [H [A Lee & co] [P stayed] [A* Kim] [D IMPLICIT]] [U .]"
    );
}

#[test]
fn writing_and_reading_gives_the_same_passage() {
    let p = fixture();
    let xml = p.to_xml();
    assert_eq!(Passage::from_xml(xml.as_bytes()).unwrap(), p);
    // Writing is deterministic: the rewritten file rewrites to itself.
    assert_eq!(Passage::from_xml(xml.as_bytes()).unwrap().to_xml(), xml);
    assert!(xml.contains(r#"text="Lee &amp; co""#));
}

#[test]
fn builder_makes_the_same_checks_as_the_reader() {
    let mut b = PassageBuilder::new("built");
    let he = b.terminal("He", false);
    b.paragraph_break();
    let ran = b.terminal("ran", false);
    let scene = b.unit(UnitKind::Foundational);
    let (a, pr) = (
        b.unit(UnitKind::Foundational),
        b.unit(UnitKind::Foundational),
    );
    b.edge(
        NodeId::new(Layer::Foundational, 1),
        scene,
        Category::ParallelScene,
        false,
    );
    b.edge(scene, a, Category::Participant, false);
    b.edge(scene, pr, Category::Process, false);
    b.edge(a, he, Category::Terminal, false);
    b.edge(pr, ran, Category::Terminal, false);
    let ok = b.clone().build().unwrap();
    assert_eq!(ok.render(), "[H [A He] [P ran]]");
    assert_eq!(ok.terminal(2).unwrap().paragraph, 2);

    let mut cyclic = b.clone();
    cyclic.edge(a, scene, Category::Elaborator, false);
    let err = cyclic.build().unwrap_err();
    assert!(matches!(err, ucca_graph::Error::Cycle { .. }), "{err}");
    assert!(err.to_string().starts_with("<builder>"), "{err}");

    let mut remote_back_edge = b.clone();
    remote_back_edge.edge(a, scene, Category::Participant, true);
    assert!(
        remote_back_edge.build().is_ok(),
        "a remote edge may point to an ancestor"
    );

    let mut wrong = b;
    wrong.edge(scene, he, Category::Participant, false);
    assert!(matches!(
        wrong.build().unwrap_err(),
        ucca_graph::Error::EdgeLayerMismatch { .. }
    ));
}

/// A passage with one multi-category edge (`<category>` children, as UCCA ≥ 1.2 writes them).
const MULTI_CATEGORY: &str = r#"<root passageID="m"><attributes/>
<layer layerID="0"><attributes/>
<node ID="0.1" type="Word"><attributes paragraph="1" paragraph_position="1" text="often"/></node>
</layer>
<layer layerID="1"><attributes/>
<node ID="1.1" type="FN"><attributes/>
<edge toID="1.2" type="A"><attributes/><category tag="A" slot="1"/><category tag="D"/></edge></node>
<node ID="1.2" type="FN"><attributes/><edge toID="0.1" type="Terminal"><attributes/></edge></node>
</layer></root>"#;

#[test]
fn multi_category_edges_keep_every_label() {
    let p = Passage::from_xml(MULTI_CATEGORY.as_bytes()).unwrap();
    let edge = p.children(p.root())[0].edge;
    assert_eq!(
        edge.categories(),
        [Category::Participant, Category::Adverbial]
    );
    assert_eq!(edge.category_elements[0].attributes.get("slot"), Some("1"));
    assert_eq!(Passage::from_xml(p.to_xml().as_bytes()).unwrap(), p);

    // DAG F1 matches label sets: {A, D} against D is a match.
    let only_d = MULTI_CATEGORY.replace(
        r#"type="A"><attributes/><category tag="A" slot="1"/><category tag="D"/>"#,
        r#"type="D"><attributes/>"#,
    );
    let q = Passage::from_xml(only_d.as_bytes()).unwrap();
    assert_eq!(
        ucca_graph::dag_f1::ucca_eval(&p, &q).unwrap().primary.f1(),
        1.0
    );
    assert_eq!(
        ucca_graph::dag_f1::edge_multiset(&p, &q).unwrap().matches,
        0
    );
}

#[test]
fn a_byte_order_mark_and_an_xml_declaration_are_accepted() {
    let with_bom =
        format!("\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- c -->\n{MULTI_CATEGORY}");
    let p = Passage::from_xml(with_bom.as_bytes()).unwrap();
    assert_eq!(p.terminal_count(), 1);
}
