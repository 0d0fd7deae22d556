//! Hand-made malformed files (`fixtures/malformed/`, each a one-line change of
//! `fixtures/kim_and_lee.xml`): every one must give its specific error, naming the file and a byte
//! offset, and never panic.

use std::path::Path;

use ucca_graph::{Category, Error, Passage};

fn read(name: &str) -> Error {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/malformed")
        .join(name);
    let err = Passage::read(&path).expect_err(name);
    let message = err.to_string();
    assert!(
        message.contains(name),
        "{name}: message does not name the file: {message}"
    );
    assert!(
        message.contains(", byte "),
        "{name}: message has no byte offset: {message}"
    );
    err
}

#[test]
fn the_unmodified_fixture_is_valid() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kim_and_lee.xml");
    Passage::read(&path).unwrap();
}

#[test]
fn xml_syntax_errors() {
    assert!(matches!(read("truncated.xml"), Error::Xml { .. }));
    let Error::Xml { message, .. } = read("mismatched_end_tag.xml") else {
        panic!("mismatched_end_tag")
    };
    assert!(message.contains("layr"), "{message}");
    assert!(
        matches!(read("stray_text.xml"), Error::UnexpectedText { text, .. } if text == "stray words")
    );
    assert!(
        matches!(read("wrong_root_element.xml"), Error::UnexpectedElement { element, .. } if element == "passage")
    );
    assert!(
        matches!(read("nested_node.xml"), Error::UnexpectedElement { element, .. } if element == "node")
    );
}

#[test]
fn non_utf8_points_at_the_first_bad_byte() {
    let Error::NonUtf8 { at } = read("non_utf8.xml") else {
        panic!("non_utf8")
    };
    let bytes = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/malformed/non_utf8.xml"),
    )
    .unwrap();
    assert_eq!(bytes[at.offset.unwrap() as usize], 0xff);
}

#[test]
fn format_errors() {
    assert!(matches!(
        read("missing_attributes_child.xml"),
        Error::MissingAttributesElement {
            element: "node",
            ..
        }
    ));
    assert!(matches!(
        read("missing_id.xml"),
        Error::MissingAttribute {
            element: "node",
            attribute: "ID",
            ..
        }
    ));
    assert!(
        matches!(read("invalid_id.xml"), Error::InvalidId { id, layer: 1, .. } if id == "1.four")
    );
    assert!(matches!(read("unknown_layer.xml"), Error::UnknownLayer { layer, .. } if layer == "2"));
    assert!(matches!(
        read("duplicate_layer.xml"),
        Error::DuplicateLayer { layer: 0, .. }
    ));
    assert!(
        matches!(read("unknown_node_type.xml"), Error::UnknownNodeType { node_type, layer: 1, .. } if node_type == "Scene")
    );
    assert!(
        matches!(read("unknown_category.xml"), Error::UnknownCategory { category, .. } if category == "Adverbial")
    );
    assert!(matches!(
        read("non_numeric_position.xml"),
        Error::InvalidAttribute { attribute, value, .. } if attribute == "paragraph_position" && value == "three"
    ));
    assert!(matches!(
        read("invalid_remote_flag.xml"),
        Error::InvalidAttribute { attribute, value, .. } if attribute == "remote" && value == "yes"
    ));
}

#[test]
fn graph_errors() {
    assert!(
        matches!(read("duplicate_id.xml"), Error::DuplicateId { id, .. } if id.to_string() == "1.9")
    );
    assert!(matches!(read("dangling_edge.xml"), Error::DanglingEdge { to, .. } if to == "1.14"));
    let Error::Cycle { node, .. } = read("primary_cycle.xml") else {
        panic!("primary_cycle")
    };
    assert!(
        ["1.8", "1.9"].contains(&node.to_string().as_str()),
        "{node}"
    );
    assert!(matches!(
        read("terminal_edge_to_unit.xml"),
        Error::EdgeLayerMismatch { category: Category::Terminal, to, .. } if to.to_string() == "1.10"
    ));
    assert!(matches!(
        read("missing_root_unit.xml"),
        Error::MissingRoot { .. }
    ));
    assert!(
        matches!(read("terminal_gap.xml"), Error::TerminalOrder { id, .. } if id.to_string() == "0.9")
    );
    assert!(
        matches!(read("paragraph_position_gap.xml"), Error::TerminalOrder { id, .. } if id.to_string() == "0.6")
    );
}

#[test]
fn empty_and_garbage_input() {
    for bytes in [
        &b""[..],
        b"   ",
        b"<",
        b"<root",
        b"\xef\xbb\xbf",
        b"<root passageID='x'/>",
        b"<?xml version='1.0'?>",
    ] {
        let err = Passage::from_xml(bytes).expect_err("not a passage");
        assert!(err.to_string().starts_with("<memory>"), "{err}");
    }
    assert!(matches!(
        Passage::from_xml(b"<root passageID='x'><attributes/></root>").unwrap_err(),
        Error::MissingLayer { layer: 0, .. }
    ));
}
