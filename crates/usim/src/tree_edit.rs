//! Ordered labelled tree edit distance (Zhang & Shasha 1989) and the draft's use of it on UCCA
//! graphs (spec §e.4): order both graphs top-down by their node alignment, drop the terminals
//! and pre-terminal units, and count the insertions, deletions and relabellings (cost 1 each)
//! that turn one tree into the other.

use std::collections::BTreeSet;

use ucca_graph::{Category, Layer, Node, NodeId, UnitKind};

use crate::node_similarity::NodeSimilarity;
use crate::params::Params;
use crate::prepared::PreparedPassage;

/// An ordered tree with string labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// The node's label.
    pub label: String,
    /// Its children, in order.
    pub children: Vec<Tree>,
}

impl Tree {
    /// A leaf.
    pub fn leaf(label: impl Into<String>) -> Tree {
        Tree {
            label: label.into(),
            children: Vec::new(),
        }
    }

    /// Number of nodes.
    pub fn size(&self) -> usize {
        1 + self.children.iter().map(Tree::size).sum::<usize>()
    }

    /// The tree without its leaves; `None` when the root itself is a leaf.
    pub fn without_leaves(&self) -> Option<Tree> {
        if self.children.is_empty() {
            return None;
        }
        Some(Tree {
            label: self.label.clone(),
            children: self
                .children
                .iter()
                .filter_map(Tree::without_leaves)
                .collect(),
        })
    }
}

/// Postorder labels and leftmost-leaf indices of a tree.
fn postorder(tree: &Tree, labels: &mut Vec<String>, leftmost: &mut Vec<usize>) -> usize {
    let mut first_leaf = None;
    for child in &tree.children {
        let l = postorder(child, labels, leftmost);
        first_leaf.get_or_insert(l);
    }
    let me = labels.len();
    labels.push(tree.label.clone());
    leftmost.push(first_leaf.unwrap_or(me));
    leftmost[me]
}

/// The Zhang–Shasha edit distance of two trees (`None` = the empty tree): insertion and deletion
/// cost 1, relabelling 1 unless the labels are equal.
pub fn tree_edit_distance(a: Option<&Tree>, b: Option<&Tree>) -> usize {
    let (Some(a), Some(b)) = (a, b) else {
        return a.or(b).map_or(0, Tree::size);
    };
    let (mut la, mut ma) = (Vec::new(), Vec::new());
    let (mut lb, mut mb) = (Vec::new(), Vec::new());
    postorder(a, &mut la, &mut ma);
    postorder(b, &mut lb, &mut mb);
    let keyroots = |leftmost: &[usize]| -> Vec<usize> {
        // A key root is the highest node with a given leftmost leaf.
        let mut last = vec![usize::MAX; leftmost.len()];
        for (i, &l) in leftmost.iter().enumerate() {
            last[l] = i;
        }
        let mut roots: Vec<usize> = last.into_iter().filter(|&i| i != usize::MAX).collect();
        roots.sort_unstable();
        roots
    };
    let (n, m) = (la.len(), lb.len());
    let mut tree = vec![vec![0usize; m]; n];
    for &i in &keyroots(&ma) {
        for &j in &keyroots(&mb) {
            let (li, lj) = (ma[i], mb[j]);
            let (rows, cols) = (i - li + 2, j - lj + 2);
            let mut forest = vec![vec![0usize; cols]; rows];
            for x in 1..rows {
                forest[x][0] = forest[x - 1][0] + 1;
            }
            for y in 1..cols {
                forest[0][y] = forest[0][y - 1] + 1;
            }
            for x in 1..rows {
                for y in 1..cols {
                    let (ni, nj) = (li + x - 1, lj + y - 1);
                    let delete = forest[x - 1][y] + 1;
                    let insert = forest[x][y - 1] + 1;
                    if ma[ni] == li && mb[nj] == lj {
                        let relabel = forest[x - 1][y - 1] + usize::from(la[ni] != lb[nj]);
                        forest[x][y] = delete.min(insert).min(relabel);
                        tree[ni][nj] = forest[x][y];
                    } else {
                        let (px, py) = (ma[ni] - li, mb[nj] - lj);
                        forest[x][y] = delete.min(insert).min(forest[px][py] + tree[ni][nj]);
                    }
                }
            }
        }
    }
    tree[n - 1][m - 1]
}

/// The reference's label of a tree node: the primary category of a unit, the Python type name for
/// the passage root and linkage nodes.
fn label(p: &PreparedPassage, id: Option<NodeId>) -> String {
    let Some(id) = id else {
        return "<class 'ucca.core.Passage'>".to_owned();
    };
    match p.passage.node(id) {
        Some(Node::Unit(u)) if u.kind == UnitKind::Linkage => "<class 'ucca.layer1.Linkage'>".to_owned(),
        _ => p
            .passage
            .parents(id)
            .iter()
            .find(|e| {
                !e.edge.remote
                    && matches!(p.passage.node(e.parent), Some(Node::Unit(u)) if u.kind == UnitKind::Foundational)
            })
            .map_or("None".to_owned(), |e| e.edge.category.abbreviation().to_owned()),
    }
}

struct Builder<'s, 'p> {
    similarity: &'s NodeSimilarity<'p>,
}

impl Builder<'_, '_> {
    fn unit(p: &PreparedPassage, id: NodeId) -> Option<usize> {
        p.units.binary_search_by_key(&id, |u| u.id).ok()
    }

    fn children(p: &PreparedPassage, id: NodeId) -> Vec<NodeId> {
        p.passage.children(id).iter().map(|e| e.child).collect()
    }

    /// A node with all its children recursively (`path` guards against remote edges that lead
    /// back up, where the reference would recurse forever).
    fn plain(p: &PreparedPassage, id: NodeId, path: &mut Vec<NodeId>) -> Tree {
        if path.contains(&id) {
            return Tree::leaf(label(p, Some(id)));
        }
        path.push(id);
        let children = Self::children(p, id)
            .into_iter()
            .map(|c| Self::plain(p, c, path))
            .collect();
        path.pop();
        Tree {
            label: label(p, Some(id)),
            children,
        }
    }

    /// Orders `first` and `second` by their node alignment (matched pairs first) and builds the
    /// child lists of both trees.
    fn ordered(
        &self,
        first: &[NodeId],
        second: &[NodeId],
        path: &mut Vec<(NodeId, NodeId)>,
    ) -> (Vec<Tree>, Vec<Tree>) {
        let (p1, p2) = (self.similarity.first, self.similarity.second);
        let units = |p: &PreparedPassage, ids: &[NodeId]| -> Vec<usize> {
            ids.iter().filter_map(|&id| Self::unit(p, id)).collect()
        };
        let matches = self
            .similarity
            .align_nodes(&units(p1, first), &units(p2, second));
        let (mut o1, mut o2): (Vec<NodeId>, Vec<NodeId>) = (Vec::new(), Vec::new());
        for &t in first {
            if let Some(partner) = Self::unit(p1, t).and_then(|u| matches.get(u)) {
                let partner = p2.units[partner].id;
                if !o2.contains(&partner) {
                    o1.push(t);
                    o2.push(partner);
                }
            }
        }
        let rest = |order: &mut Vec<NodeId>, all: &[NodeId]| {
            let placed: BTreeSet<NodeId> = order.iter().copied().collect();
            order.extend(all.iter().filter(|t| !placed.contains(t)));
        };
        rest(&mut o1, first);
        rest(&mut o2, second);
        let k = first.len().min(second.len());
        let (mut c1, mut c2) = (Vec::new(), Vec::new());
        // A child reached by a primary and a remote edge is listed twice but placed once, so the
        // ordered lists can be shorter than k; pairs stop at the shorter one (the reference
        // would index past its end).
        for (&a, &b) in o1.iter().zip(&o2).take(k) {
            let (a, b) = self.expand(a, b, path);
            c1.push(a);
            c2.push(b);
        }
        // The reference appends the surplus from the original lists, not the reordered ones.
        c1.extend(
            first[k..]
                .iter()
                .map(|&id| Self::plain(p1, id, &mut Vec::new())),
        );
        c2.extend(
            second[k..]
                .iter()
                .map(|&id| Self::plain(p2, id, &mut Vec::new())),
        );
        (c1, c2)
    }

    fn expand(&self, u: NodeId, v: NodeId, path: &mut Vec<(NodeId, NodeId)>) -> (Tree, Tree) {
        let (p1, p2) = (self.similarity.first, self.similarity.second);
        let (l1, l2) = (label(p1, Some(u)), label(p2, Some(v)));
        if path.contains(&(u, v)) {
            return (Tree::leaf(l1), Tree::leaf(l2));
        }
        path.push((u, v));
        let (c1, c2) = self.ordered(&Self::children(p1, u), &Self::children(p2, v), path);
        path.pop();
        (
            Tree {
                label: l1,
                children: c1,
            },
            Tree {
                label: l2,
                children: c2,
            },
        )
    }
}

/// The top scenes and top linkages of a passage (linkage nodes all of whose `LA` targets are top
/// scenes), as node IDs.
fn tops(p: &PreparedPassage) -> Vec<NodeId> {
    let scenes: Vec<NodeId> = p.top_scenes().iter().map(|&u| p.units[u].id).collect();
    let linkages = p
        .passage
        .units()
        .filter(|u| u.kind == UnitKind::Linkage)
        .filter(|u| {
            p.passage
                .children(u.id)
                .iter()
                .filter(|e| e.edge.category == Category::LinkArgument)
                .all(|e| scenes.contains(&e.child))
        });
    let mut out = scenes.clone();
    out.extend(
        linkages
            .map(|u| u.id)
            .filter(|id| id.layer() == Layer::Foundational),
    );
    out
}

/// The draft's `aligned_edit_distance`: the two passages as trees ordered top-down by the node
/// alignment, terminals and pre-terminal units pruned, compared by [`tree_edit_distance`].
pub fn aligned_edit_distance(p1: &PreparedPassage, p2: &PreparedPassage, params: &Params) -> usize {
    let similarity = NodeSimilarity::new(p1, p2, params);
    let builder = Builder {
        similarity: &similarity,
    };
    let (c1, c2) = builder.ordered(&tops(p1), &tops(p2), &mut Vec::new());
    let root = |children| Tree {
        label: label(p1, None),
        children,
    };
    let (t1, t2) = (root(c1), root(c2));
    let prune = |t: &Tree| t.without_leaves().and_then(|t| t.without_leaves());
    tree_edit_distance(prune(&t1).as_ref(), prune(&t2).as_ref())
}
