//! A compact bracketed rendering of a passage for debugging.

use crate::{EdgeRef, Node, NodeId, Passage, Remote};

pub(crate) fn render(p: &Passage) -> String {
    let parts: Vec<String> = in_text_order(p, p.root())
        .into_iter()
        .map(|e| edge(p, &e))
        .collect();
    parts.join(" ")
}

/// The children of `id` in the order of the text: primary children by their first terminal,
/// then remote children and implicit units (which have no place in the text).
fn in_text_order(p: &Passage, id: NodeId) -> Vec<EdgeRef<'_>> {
    let mut children = p.children(id);
    children.sort_by_key(|e| match p.yield_of(e.child, Remote::Exclude).first() {
        Some(first) if !e.edge.remote => (false, first.number()),
        _ => (true, 0),
    });
    children
}

fn edge(p: &Passage, e: &EdgeRef<'_>) -> String {
    match p.node(e.child) {
        Some(Node::Terminal(t)) => t.text.clone(),
        Some(Node::Unit(u)) => {
            let inner = if e.edge.remote {
                format!("* {}", words(p, e.child))
            } else if u.implicit {
                " IMPLICIT".to_owned()
            } else {
                in_text_order(p, e.child)
                    .iter()
                    .map(|c| format!(" {}", edge(p, c)))
                    .collect()
            };
            format!("[{}{inner}]", e.edge.category)
        }
        None => String::new(),
    }
}

fn words(p: &Passage, id: NodeId) -> String {
    let texts: Vec<&str> = p
        .yield_of(id, Remote::Exclude)
        .into_iter()
        .filter_map(|t| p.terminal(t.number()))
        .map(|t| t.text.as_str())
        .collect();
    texts.join(" ")
}
