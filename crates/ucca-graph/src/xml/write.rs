//! Writes a passage as UCCA standard XML, indented like the human annotation files.

use std::fmt::Write as _;

use crate::passage::ElementMeta;
use crate::{Attributes, Node, Passage};

pub(super) fn write(p: &Passage) -> String {
    let mut w = Writer::default();
    let mut root = vec![("passageID", p.id.as_str())];
    root.extend(p.root_attributes.iter());
    w.open(0, "root", &root);
    w.meta(1, &p.root_element);
    for (layer, meta) in p.layers.iter().enumerate() {
        let id = layer.to_string();
        w.open(1, "layer", &[("layerID", &id)]);
        w.meta(2, meta);
        for node in p
            .nodes()
            .filter(|n| usize::from(n.id().layer().number()) == layer)
        {
            write_node(&mut w, p, node);
        }
        w.close(1, "layer");
    }
    w.close(0, "root");
    w.out
}

fn write_node(w: &mut Writer, p: &Passage, node: &Node) {
    let id = node.id().to_string();
    match node {
        Node::Terminal(t) => {
            let node_type = if t.punctuation { "Punctuation" } else { "Word" };
            w.open(2, "node", &[("ID", &id), ("type", node_type)]);
            let (paragraph, position) = (t.paragraph.to_string(), t.paragraph_position.to_string());
            let mut a = vec![
                ("paragraph", paragraph.as_str()),
                ("paragraph_position", position.as_str()),
                ("text", t.text.as_str()),
            ];
            a.extend(t.attributes.iter());
            w.empty(3, "attributes", &a);
            w.extras(3, &t.extras);
        }
        Node::Unit(u) => {
            w.open(2, "node", &[("ID", &id), ("type", u.kind.xml_type())]);
            let mut a = if u.implicit {
                vec![("implicit", "True")]
            } else {
                Vec::new()
            };
            a.extend(u.attributes.iter());
            w.empty(3, "attributes", &a);
            w.extras(3, &u.extras);
        }
    }
    for e in p.outgoing_in_file_order(node.id()) {
        let to = e.child.to_string();
        w.open(
            3,
            "edge",
            &[("toID", &to), ("type", e.edge.category.abbreviation())],
        );
        let mut a = if e.edge.remote {
            vec![("remote", "True")]
        } else {
            Vec::new()
        };
        a.extend(e.edge.attributes.iter());
        w.empty(4, "attributes", &a);
        w.extras(4, &e.edge.extras);
        for c in &e.edge.category_elements {
            let mut a = vec![("tag", c.category.abbreviation())];
            a.extend(c.attributes.iter());
            w.empty(4, "category", &a);
        }
        w.close(3, "edge");
    }
    w.close(2, "node");
}

#[derive(Default)]
struct Writer {
    out: String,
}

impl Writer {
    fn tag(&mut self, depth: usize, name: &str, attributes: &[(&str, &str)], end: &str) {
        self.out.extend(std::iter::repeat_n("  ", depth));
        self.out.push('<');
        self.out.push_str(name);
        for (k, v) in attributes {
            // Writing to a String cannot fail.
            let _ = write!(self.out, " {k}=\"{}\"", escape(v));
        }
        self.out.push_str(end);
        self.out.push('\n');
    }

    fn open(&mut self, depth: usize, name: &str, attributes: &[(&str, &str)]) {
        self.tag(depth, name, attributes, ">");
    }

    fn empty(&mut self, depth: usize, name: &str, attributes: &[(&str, &str)]) {
        self.tag(depth, name, attributes, " />");
    }

    fn close(&mut self, depth: usize, name: &str) {
        self.out.extend(std::iter::repeat_n("  ", depth));
        let _ = writeln!(self.out, "</{name}>");
    }

    fn extras(&mut self, depth: usize, extras: &[Attributes]) {
        for extra in extras {
            let a: Vec<(&str, &str)> = extra.iter().collect();
            self.empty(depth, "extra", &a);
        }
    }

    fn meta(&mut self, depth: usize, meta: &ElementMeta) {
        let a: Vec<(&str, &str)> = meta.attributes.iter().collect();
        self.empty(depth, "attributes", &a);
        self.extras(depth, &meta.extras);
    }
}

/// Escapes an attribute value. Tab, line feed and carriage return become character references
/// because a reader normalises literal ones to spaces (XML 1.0 §3.3.3).
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}
