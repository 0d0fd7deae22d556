//! A compact bracketed rendering of a passage for debugging.

use crate::{Category, Node, NodeId, Passage};

pub(crate) fn render(p: &Passage) -> String {
    let mut out = String::new();
    let mut first = true;
    for e in p.children(p.root()) {
        if !std::mem::take(&mut first) {
            out.push(' ');
        }
        unit(p, e.child, e.edge.category, e.edge.remote, &mut out);
    }
    out
}

fn unit(p: &Passage, id: NodeId, category: Category, remote: bool, out: &mut String) {
    match p.node(id) {
        Some(Node::Terminal(t)) => out.push_str(&t.text),
        Some(Node::Unit(u)) => {
            out.push('[');
            out.push_str(category.abbreviation());
            if remote {
                out.push_str("* ");
                out.push_str(&p.yield_of(id, crate::Remote::Exclude).iter().filter_map(|t| p.node(*t).and_then(Node::as_terminal)).map(|t| t.text.as_str()).collect::<Vec<_>>().join(" "));
            } else if u.implicit {
                out.push_str(" IMPLICIT");
            } else {
                for e in p.children(id) {
                    out.push(' ');
                    if e.edge.category == Category::Terminal {
                        unit(p, e.child, e.edge.category, false, out);
                    } else {
                        unit(p, e.child, e.edge.category, e.edge.remote, out);
                    }
                }
            }
            out.push(']');
        }
        None => {}
    }
}
