//! A streaming reader of UCCA standard XML built on quick-xml events.
//!
//! Every element is checked against the grammar of the format (which elements may stand where,
//! the one `<attributes>` child of `root`/`layer`/`node`/`edge`, required attributes), and the
//! graph-level invariants are left to [`PassageBuilder`], which the programmatic API shares.

use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;

use crate::passage::ElementMeta;
use crate::{
    Attributes, Category, CategoryElement, Edge, Error, Layer, Location, Node, NodeId, Passage,
    PassageBuilder, Terminal, Unit, UnitKind,
};

pub(super) fn parse(bytes: &[u8], origin: &str) -> Result<Passage, Error> {
    let text = std::str::from_utf8(bytes).map_err(|e| Error::NonUtf8 {
        at: Location {
            file: origin.to_owned(),
            offset: Some(e.valid_up_to() as u64),
        },
    })?;
    let mut reader = Reader::from_str(text);
    reader.config_mut().trim_text(true);
    let mut parser = Parser { reader, origin };
    parser.document()
}

/// An element start as read: its tag, attributes (unescaped, normalised) and whether it is empty.
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    empty: bool,
    offset: u64,
}

impl Element {
    fn take(&mut self, key: &str) -> Option<String> {
        let i = self.attributes.iter().position(|(k, _)| k == key)?;
        Some(self.attributes.remove(i).1)
    }
}

/// What one of `root`, `layer`, `node`, `edge` contains besides its own children.
#[derive(Default)]
struct Body {
    attributes: Option<Attributes>,
    extras: Vec<Attributes>,
}

struct Parser<'a> {
    reader: Reader<&'a [u8]>,
    origin: &'a str,
}

enum Item {
    Start(Element),
    End,
}

impl<'a> Parser<'a> {
    fn at(&self, offset: u64) -> Location {
        Location {
            file: self.origin.to_owned(),
            offset: Some(offset),
        }
    }

    /// The next element start or end, skipping the XML declaration, comments, processing
    /// instructions and a document type declaration.
    fn next(&mut self) -> Result<Option<Item>, Error> {
        loop {
            let offset = self.reader.buffer_position();
            let event = self.reader.read_event().map_err(|e| Error::Xml {
                at: self.at(self.reader.error_position()),
                message: e.to_string(),
            })?;
            return Ok(Some(match event {
                Event::Start(s) => Item::Start(self.element(&s, false, offset)?),
                Event::Empty(s) => Item::Start(self.element(&s, true, offset)?),
                Event::End(_) => Item::End,
                Event::Eof => return Ok(None),
                Event::Decl(_) | Event::Comment(_) | Event::PI(_) | Event::DocType(_) => continue,
                Event::Text(t) => return Err(self.text_error(offset, &t)),
                Event::CData(t) => return Err(self.text_error(offset, &t)),
                Event::GeneralRef(r) => {
                    return Err(self.text_error(offset, &format!("&{};", &*r)));
                }
            }));
        }
    }

    fn text_error(&self, offset: u64, text: &str) -> Error {
        Error::UnexpectedText {
            at: self.at(offset),
            text: text.trim().chars().take(40).collect(),
        }
    }

    fn element(&self, start: &BytesStart<'_>, empty: bool, offset: u64) -> Result<Element, Error> {
        let name = start.name().as_ref().to_owned();
        let mut attributes = Vec::new();
        for attribute in start.attributes() {
            let xml = |message: String| Error::Xml {
                at: self.at(offset),
                message,
            };
            let attribute = attribute.map_err(|e| xml(e.to_string()))?;
            let key = attribute.key.as_ref().to_owned();
            let value = attribute
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| xml(format!("attribute `{key}`: {e}")))?
                .into_owned();
            attributes.push((key, value));
        }
        Ok(Element {
            name,
            attributes,
            empty,
            offset,
        })
    }

    fn unexpected(&self, e: &Element, context: &'static str) -> Error {
        Error::UnexpectedElement {
            at: self.at(e.offset),
            element: e.name.clone(),
            context,
        }
    }

    fn required(
        &self,
        e: &mut Element,
        element: &'static str,
        attribute: &'static str,
    ) -> Result<String, Error> {
        e.take(attribute).ok_or_else(|| Error::MissingAttribute {
            at: self.at(e.offset),
            element,
            attribute,
        })
    }

    /// Rejects attributes left over after the known ones were taken from an element whose
    /// attributes the format fixes (`layer`, `node`, `edge`, `category` keeps the rest).
    fn no_more_attributes(&self, e: &Element) -> Result<(), Error> {
        match e.attributes.first() {
            Some((key, value)) => Err(Error::InvalidAttribute {
                at: self.at(e.offset),
                attribute: key.clone(),
                value: value.clone(),
                expected: "an attribute of this element in the UCCA standard format",
            }),
            None => Ok(()),
        }
    }

    /// Reads an element that must have no children (`attributes`, `extra`, `category`).
    fn leaf(&mut self, e: Element) -> Result<Attributes, Error> {
        if !e.empty {
            match self.next()? {
                Some(Item::End) => {}
                Some(Item::Start(child)) => {
                    return Err(self.unexpected(&child, "inside an element that holds no elements"));
                }
                None => return Err(self.eof()),
            }
        }
        let mut out = Attributes::default();
        for (k, v) in e.attributes {
            out.push(k, v);
        }
        Ok(out)
    }

    fn eof(&self) -> Error {
        Error::Xml {
            at: self.at(self.reader.buffer_position()),
            message: "unexpected end of input".into(),
        }
    }

    /// Reads the children of `parent` (unless it is empty): `attributes` and `extra` into the
    /// returned body, anything else through `child`.
    fn body(
        &mut self,
        parent: &Element,
        element: &'static str,
        mut child: impl FnMut(&mut Self, Element) -> Result<(), Error>,
    ) -> Result<Body, Error> {
        let mut body = Body::default();
        if !parent.empty {
            loop {
                match self.next()? {
                    None => return Err(self.eof()),
                    Some(Item::End) => break,
                    Some(Item::Start(e)) if e.name == "attributes" => {
                        if body.attributes.is_some() {
                            return Err(self.unexpected(&e, "(a second <attributes> child)"));
                        }
                        body.attributes = Some(self.leaf(e)?);
                    }
                    Some(Item::Start(e)) if e.name == "extra" => body.extras.push(self.leaf(e)?),
                    Some(Item::Start(e)) => child(self, e)?,
                }
            }
        }
        if body.attributes.is_none() {
            return Err(Error::MissingAttributesElement {
                at: self.at(parent.offset),
                element,
            });
        }
        Ok(body)
    }

    fn document(&mut self) -> Result<Passage, Error> {
        let mut root = match self.next()? {
            Some(Item::Start(e)) if e.name == "root" => e,
            Some(Item::Start(e)) => return Err(self.unexpected(&e, "where <root> was expected")),
            Some(Item::End) | None => return Err(self.eof()),
        };
        let id = self.required(&mut root, "root", "passageID")?;
        let mut builder = PassageBuilder::empty(id, self.origin.to_owned());
        for (k, v) in std::mem::take(&mut root.attributes) {
            builder.root_attributes.push(k, v);
        }
        let mut seen: [Option<u64>; 2] = [None, None];
        let body = self.body(&root, "root", |p, e| {
            if e.name != "layer" {
                return Err(p.unexpected(&e, "inside <root>"));
            }
            p.layer(e, &mut builder, &mut seen)
        })?;
        builder.root_element = meta(body);
        match self.next()? {
            None => {}
            Some(Item::Start(e)) => return Err(self.unexpected(&e, "after </root>")),
            Some(Item::End) => return Err(self.eof()),
        }
        for (layer, offset) in seen.iter().enumerate() {
            if offset.is_none() {
                return Err(Error::MissingLayer {
                    at: self.at(root.offset),
                    layer: layer as u8,
                });
            }
        }
        builder.build_at(seen[1])
    }

    fn layer(
        &mut self,
        mut e: Element,
        builder: &mut PassageBuilder,
        seen: &mut [Option<u64>; 2],
    ) -> Result<(), Error> {
        let layer_id = self.required(&mut e, "layer", "layerID")?;
        let layer = match layer_id.as_str() {
            "0" => Layer::Terminals,
            "1" => Layer::Foundational,
            _ => {
                return Err(Error::UnknownLayer {
                    at: self.at(e.offset),
                    layer: layer_id,
                });
            }
        };
        self.no_more_attributes(&e)?;
        let n = layer.number() as usize;
        if seen[n].replace(e.offset).is_some() {
            return Err(Error::DuplicateLayer {
                at: self.at(e.offset),
                layer: layer.number(),
            });
        }
        let body = self.body(&e, "layer", |p, child| {
            if child.name != "node" {
                return Err(p.unexpected(&child, "inside <layer>"));
            }
            p.node(child, layer, builder)
        })?;
        builder.layers[n] = meta(body);
        Ok(())
    }

    fn node(
        &mut self,
        mut e: Element,
        layer: Layer,
        builder: &mut PassageBuilder,
    ) -> Result<(), Error> {
        let raw_id = self.required(&mut e, "node", "ID")?;
        let node_type = self.required(&mut e, "node", "type")?;
        self.no_more_attributes(&e)?;
        let id = raw_id
            .parse::<NodeId>()
            .ok()
            .filter(|id| id.layer() == layer)
            .ok_or_else(|| Error::InvalidId {
                at: self.at(e.offset),
                id: raw_id,
                layer: layer.number(),
            })?;
        let bad_type = |p: &Self| Error::UnknownNodeType {
            at: p.at(e.offset),
            node_type: node_type.clone(),
            layer: layer.number(),
        };
        let kind = match layer {
            Layer::Terminals => match node_type.as_str() {
                "Word" => None,
                "Punctuation" => None,
                _ => return Err(bad_type(self)),
            },
            Layer::Foundational => {
                Some(UnitKind::from_xml_type(&node_type).ok_or_else(|| bad_type(self))?)
            }
        };
        let mut edges = Vec::new();
        let body = self.body(&e, "node", |p, child| {
            if child.name != "edge" || layer == Layer::Terminals {
                return Err(p.unexpected(&child, "inside <node>"));
            }
            let offset = child.offset;
            let (to, edge) = p.edge(child)?;
            edges.push((to, edge, offset));
            Ok(())
        })?;
        let offset = e.offset;
        let mut attributes = body.attributes.unwrap_or_default();
        let node = match kind {
            None => Node::Terminal(Terminal {
                id,
                text: self.take_attribute(&mut attributes, offset, "text")?,
                punctuation: node_type == "Punctuation",
                paragraph: self.take_number(&mut attributes, offset, "paragraph")?,
                paragraph_position: self.take_number(
                    &mut attributes,
                    offset,
                    "paragraph_position",
                )?,
                attributes,
                extras: body.extras,
            }),
            Some(kind) => Node::Unit(Unit {
                id,
                kind,
                implicit: self.take_flag(&mut attributes, offset, "implicit")?,
                attributes,
                extras: body.extras,
            }),
        };
        builder.push_node(node, offset);
        for (to, edge, offset) in edges {
            builder.push_edge(id, to, edge, offset);
        }
        Ok(())
    }

    fn edge(&mut self, mut e: Element) -> Result<(String, Edge), Error> {
        let to = self.required(&mut e, "edge", "toID")?;
        let category = self.required(&mut e, "edge", "type")?;
        self.no_more_attributes(&e)?;
        let category = self.category(&category, e.offset)?;
        let mut category_elements = Vec::new();
        let body = self.body(&e, "edge", |p, mut child| {
            if child.name != "category" {
                return Err(p.unexpected(&child, "inside <edge>"));
            }
            let tag = p.required(&mut child, "category", "tag")?;
            let category = p.category(&tag, child.offset)?;
            let attributes = p.leaf(child)?;
            category_elements.push(CategoryElement {
                category,
                attributes,
            });
            Ok(())
        })?;
        let mut attributes = body.attributes.unwrap_or_default();
        let remote = self.take_flag(&mut attributes, e.offset, "remote")?;
        Ok((
            to,
            Edge {
                category,
                remote,
                category_elements,
                attributes,
                extras: body.extras,
            },
        ))
    }

    fn category(&self, tag: &str, offset: u64) -> Result<Category, Error> {
        Category::from_abbreviation(tag).ok_or_else(|| Error::UnknownCategory {
            at: self.at(offset),
            category: tag.to_owned(),
        })
    }

    fn take_attribute(
        &self,
        attributes: &mut Attributes,
        offset: u64,
        name: &'static str,
    ) -> Result<String, Error> {
        attributes
            .take(name)
            .ok_or_else(|| Error::MissingAttribute {
                at: self.at(offset),
                element: "attributes",
                attribute: name,
            })
    }

    fn take_number(
        &self,
        attributes: &mut Attributes,
        offset: u64,
        name: &'static str,
    ) -> Result<u32, Error> {
        let value = self.take_attribute(attributes, offset, name)?;
        match value.parse::<u32>() {
            Ok(n) if n >= 1 && value.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(Error::InvalidAttribute {
                at: self.at(offset),
                attribute: name.to_owned(),
                value,
                expected: "a positive integer",
            }),
        }
    }

    /// A boolean attribute as the UCCA library writes it: `True` or `False`; absent is false.
    fn take_flag(
        &self,
        attributes: &mut Attributes,
        offset: u64,
        name: &'static str,
    ) -> Result<bool, Error> {
        match attributes.take(name).as_deref() {
            None | Some("False") => Ok(false),
            Some("True") => Ok(true),
            Some(other) => Err(Error::InvalidAttribute {
                at: self.at(offset),
                attribute: name.to_owned(),
                value: other.to_owned(),
                expected: "True or False",
            }),
        }
    }
}

fn meta(body: Body) -> ElementMeta {
    ElementMeta {
        attributes: body.attributes.unwrap_or_default(),
        extras: body.extras,
    }
}
