//! Where the sentences of an annotated passage end, and the passage cut into one passage per
//! sentence — the annotation-driven sentence breaking of the `ucca` library (`break2sentences`,
//! usim-spec §b.1) and its `split2sentences`, which made the sentence passages TUPA was trained
//! and evaluated on (ucca-parser spec §1).

use std::collections::{BTreeSet, HashMap};

use crate::{Category, Error, Node, NodeId, Passage, PassageBuilder, Remote, UnitKind};

/// Which terminals can end a sentence. The generations of the `ucca` library differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[non_exhaustive]
pub enum SentenceMarks {
    /// `ucca` 1.0.50 (USim as released): a terminal whose text **is** `.`, `?` or `!`; a mark
    /// followed only by punctuation up to the next mark is dropped.
    #[default]
    Standalone,
    /// The 2017 branch of the USim authors: a terminal whose text **ends** in `.`, `?` or `!`
    /// (`possible.`); no punctuation-only filter.
    LastCharacter,
    /// `ucca` ≥ 1.2 (1.2.3 made the ACL-2017 sentence split): as [`Standalone`](Self::Standalone),
    /// and a punctuation terminal right after a mark is a mark too — so marks run on through
    /// `. ” “` — unless it is an ASCII quote (`'`, `"`, `` ` ``) repeating the mark before it; a
    /// mark is dropped when the terminals from it up to the next mark are all punctuation, so a
    /// sentence keeps its closing quote or bracket.
    FollowingPunctuation,
}

/// What sentence breaking reads of one terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerminalView<'a> {
    /// The token as written.
    pub text: &'a str,
    /// A punctuation terminal.
    pub punctuation: bool,
    /// Its 1-based position in its paragraph (1 starts a paragraph).
    pub paragraph_position: u32,
}

/// The sentence end positions (1-based, ascending, the last terminal always among them) of a
/// passage of `terminals` whose top scenes span `scenes` (first and last terminal position of each
/// top scene with a non-empty yield):
///
/// 1. a mark is kept when it ends a top scene, or follows one and starts none;
/// 2. every paragraph end and the last terminal are ends;
/// 3. (not for [`SentenceMarks::LastCharacter`]) an end followed only by punctuation up to the
///    next end is dropped.
pub fn sentence_ends_of(
    terminals: &[TerminalView<'_>],
    scenes: &[(u32, u32)],
    marks: SentenceMarks,
) -> Vec<u32> {
    let n = terminals.len() as u32;
    if n == 0 {
        return Vec::new();
    }
    let at = |x: u32| &terminals[x as usize - 1];
    let ends: BTreeSet<u32> = scenes.iter().map(|&(_, end)| end).collect();
    let starts: BTreeSet<u32> = scenes.iter().map(|&(start, _)| start).collect();
    let is_mark = |text: &str| match marks {
        SentenceMarks::Standalone | SentenceMarks::FollowingPunctuation => {
            matches!(text, "." | "?" | "!")
        }
        SentenceMarks::LastCharacter => text.ends_with(['.', '?', '!']),
    };
    let closes = |x: u32| {
        is_mark(at(x).text)
            && (ends.contains(&x) || (ends.contains(&(x - 1)) && !starts.contains(&x)))
    };
    let mut out: Vec<u32> = Vec::new();
    for x in 1..=n {
        // `ucca` ≥ 1.2 reads the terminals in order: punctuation right after a mark is a mark
        // too (so the marks run on through `. ” “`), unless it is an ASCII quote repeating the
        // mark before it.
        let follows = marks == SentenceMarks::FollowingPunctuation
            && out.last() == Some(&(x - 1))
            && at(x).punctuation
            && !(matches!(at(x).text, "'" | "\"" | "`") && at(x).text == at(x - 1).text);
        if closes(x) || follows {
            out.push(x);
        }
    }
    out.extend(
        (2..=n)
            .filter(|&x| at(x).paragraph_position == 1)
            .map(|x| x - 1),
    );
    out.push(n);
    out.sort_unstable();
    out.dedup();
    let only_punctuation = |from: u32, to: u32| (from..=to).all(|x| at(x).punctuation);
    let filtered = match marks {
        SentenceMarks::LastCharacter => return out,
        SentenceMarks::Standalone => |w: &[u32]| (w[0] + 1, w[1]),
        SentenceMarks::FollowingPunctuation => |w: &[u32]| (w[0], w[1] - 1),
    };
    if out.len() > 1 {
        let last = out[out.len() - 1];
        let mut kept: Vec<u32> = out
            .windows(2)
            .filter(|w| {
                let (from, to) = filtered(w);
                !only_punctuation(from, to)
            })
            .map(|w| w[0])
            .collect();
        kept.push(last);
        out = kept;
    }
    out
}

impl Passage {
    /// The primary parent of a unit (the first incoming primary edge from an FN unit, by parent
    /// ID) and that edge's category — the library's `fparent` and `ftag`.
    pub fn primary_parent(&self, id: NodeId) -> Option<(NodeId, Category)> {
        self.parents(id)
            .into_iter()
            .find(|e| {
                !e.edge.remote
                    && matches!(self.node(e.parent), Some(Node::Unit(u)) if u.kind == UnitKind::Foundational)
            })
            .map(|e| (e.parent, e.edge.category))
    }

    /// Whether a unit is a scene: it has an outgoing `P` or `S` edge, remote or not.
    pub fn is_scene(&self, id: NodeId) -> bool {
        self.children(id)
            .iter()
            .any(|e| matches!(e.edge.category, Category::Process | Category::State))
    }

    /// The top scenes in ID order: FN scenes with no scene among their primary ancestors below
    /// the layer-1 root (usim-spec §a.4).
    pub fn top_scenes(&self) -> Vec<NodeId> {
        let root = self.root();
        self.units()
            .filter(|u| u.kind == UnitKind::Foundational && u.id != root && self.is_scene(u.id))
            .filter(|u| {
                let mut seen = BTreeSet::from([u.id]);
                let mut at = self.primary_parent(u.id);
                while let Some((parent, _)) = at {
                    if parent == root || !seen.insert(parent) {
                        return true;
                    }
                    if self.is_scene(parent) {
                        return false;
                    }
                    at = self.primary_parent(parent);
                }
                true
            })
            .map(|u| u.id)
            .collect()
    }

    /// The sentence end positions of the passage ([`sentence_ends_of`] on its terminals and top
    /// scenes).
    pub fn sentence_ends(&self, marks: SentenceMarks) -> Vec<u32> {
        let terminals: Vec<TerminalView<'_>> = self
            .terminals()
            .map(|t| TerminalView {
                text: &t.text,
                punctuation: t.punctuation,
                paragraph_position: t.paragraph_position,
            })
            .collect();
        let scenes: Vec<(u32, u32)> = self
            .top_scenes()
            .into_iter()
            .filter_map(|s| {
                let y = self.yield_of(s, Remote::Exclude);
                Some((y.first()?.number(), y.last()?.number()))
            })
            .collect();
        sentence_ends_of(&terminals, &scenes, marks)
    }

    /// The passage cut at the sentence ends of `ucca` ≥ 1.2 into one passage per sentence — the
    /// library's `split2sentences`, which made the ACL-2017 training data (ucca-parser spec §1).
    /// Sentence k (from 1) is passage `<id>_<k>`; see [`Passage::slice`].
    pub fn sentences(&self) -> Result<Vec<Passage>, Error> {
        let yields = self.unit_yields();
        let mut start = 1;
        let mut out = Vec::new();
        for (k, end) in self
            .sentence_ends(SentenceMarks::FollowingPunctuation)
            .into_iter()
            .enumerate()
        {
            out.push(self.slice_with(start, end, format!("{}_{}", self.id, k + 1), &yields)?);
            start = end + 1;
        }
        Ok(out)
    }

    /// The part of the passage over terminal positions `first ..= last`, as a passage of its own
    /// named `id`: those terminals (renumbered from 1, paragraph breaks kept), every unit whose
    /// primary yield meets them, the implicit units under kept units, and every edge between kept
    /// nodes, with its categories and attributes. Units keep their relative order, the root
    /// stays `1.1`.
    pub fn slice(&self, first: u32, last: u32, id: String) -> Result<Passage, Error> {
        self.slice_with(first, last, id, &self.unit_yields())
    }

    /// The primary yield (terminal positions, ascending) of every unit.
    fn unit_yields(&self) -> HashMap<NodeId, Vec<u32>> {
        self.units()
            .map(|u| {
                let positions = self.yield_of(u.id, Remote::Exclude);
                (u.id, positions.into_iter().map(NodeId::number).collect())
            })
            .collect()
    }

    fn slice_with(
        &self,
        first: u32,
        last: u32,
        id: String,
        yields: &HashMap<NodeId, Vec<u32>>,
    ) -> Result<Passage, Error> {
        let range = first..=last;
        let mut b = PassageBuilder::new(id);
        let mut map = std::collections::BTreeMap::new();
        let mut paragraph = None;
        for t in self.terminals().filter(|t| range.contains(&t.position())) {
            if paragraph.is_some_and(|p| p != t.paragraph) {
                b.paragraph_break();
            }
            paragraph = Some(t.paragraph);
            let new = b.terminal(t.text.clone(), t.punctuation);
            b.set_details(t.attributes.clone(), t.extras.clone());
            map.insert(t.id, new);
        }
        let meets = |u: NodeId| {
            yields.get(&u).is_some_and(|y| {
                let i = y.partition_point(|&t| t < first);
                y.get(i).is_some_and(|&t| t <= last)
            })
        };
        let root = self.root();
        let mut kept: BTreeSet<NodeId> = self
            .units()
            .filter(|u| u.id == root || (!u.implicit && meets(u.id)))
            .map(|u| u.id)
            .collect();
        let implicit: Vec<NodeId> = self
            .units()
            .filter(|u| u.implicit)
            .filter(|u| {
                self.primary_parent(u.id)
                    .is_some_and(|(p, _)| kept.contains(&p))
            })
            .map(|u| u.id)
            .collect();
        kept.extend(implicit);
        map.insert(root, root);
        for u in self.units().filter(|u| u.id != root) {
            if kept.contains(&u.id) {
                map.insert(u.id, b.copy_of(u));
            }
        }
        for u in self.units() {
            let Some(&from) = map.get(&u.id) else {
                continue;
            };
            for e in self.outgoing_in_file_order(u.id) {
                if let Some(&to) = map.get(&e.child) {
                    b.add_edge(from, to, e.edge.clone());
                }
            }
        }
        b.build()
    }

    /// Passages joined into one named `id`, in order: their terminals one after another in one
    /// paragraph (as TUPA's parses of NUCLE paragraphs have them), their units renumbered, each
    /// part's root children under the one root — the inverse of [`Passage::sentences`] up to node
    /// numbering and paragraph breaks. An empty list gives a passage with no terminals.
    pub fn join(id: &str, parts: &[Passage]) -> Result<Passage, Error> {
        let mut b = PassageBuilder::new(id);
        let mut edges = Vec::new();
        for part in parts {
            let mut map = HashMap::new();
            map.insert(part.root(), NodeId::new(crate::Layer::Foundational, 1));
            for t in part.terminals() {
                map.insert(t.id, b.terminal(t.text.clone(), t.punctuation));
                b.set_details(t.attributes.clone(), t.extras.clone());
            }
            for u in part.units().filter(|u| u.id != part.root()) {
                map.insert(u.id, b.copy_of(u));
            }
            for e in part.edges() {
                edges.push((map[&e.parent], map[&e.child], e.edge.clone()));
            }
        }
        for (from, to, edge) in edges {
            b.add_edge(from, to, edge);
        }
        b.build()
    }
}
