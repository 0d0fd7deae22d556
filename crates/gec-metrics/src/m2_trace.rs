//! m2scorer's `--very_verbose` trace: the edit lattice (Dahlmeier & Ng 2012, §3) built and
//! printed as the official scorer builds and prints it — both Levenshtein matrices, their
//! backpointer dicts, the merged arcs, every step of the transitive closure, the removed no-change
//! arcs, the weighting against each annotator's gold edits and the weighted graph with its
//! optimistic path.
//!
//! [`crate::edit_lattice`] computes the same lattice and path fast, in a shape that has no dicts;
//! the trace has to print Python 2.7's dicts in their iteration order, which depends on each
//! dict's history of insertions, deletions and copies. So this module keeps the scorer's own data
//! shapes — lists of vertex tuples, dicts keyed by vertex and by arc (Python 2 dicts), numbers that
//! are ints until ε makes them floats — and follows its steps literally, for one sentence at a
//! time. It is a debugging report: its output grows with the cube of the lattice's vertices, as
//! the scorer's does, so sentences above [`MAX_TRACE_VERTICES`] are refused. A test checks that
//! its paths are the fast lattice's on random sentences.

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::{self, Write};

use crate::edit_lattice::{
    Edit, FirstRowInsertions, GoldEdit, InsertionSpan, Kind, python2_joined, walk_insertions,
};
use crate::python_dict::PyDict;
use crate::text::python_float;

/// The most lattice vertices a sentence may have for its trace (the trace prints about 3·V²
/// lines for the closure alone: 1,000 vertices make 3·10⁶ lines). The largest lattice of the 14
/// CoNLL-2014 systems against the NUCLE gold has 539 (NTHU; the others 228–354).
pub const MAX_TRACE_VERTICES: usize = 1_000;

const EPSILON: f64 = 0.001;

/// A cell (i, j) of the Levenshtein matrices: i source tokens and j hypothesis tokens consumed.
type Vertex = (i64, i64);
/// An arc (tail, head) of the lattice.
type Arc = (Vertex, Vertex);

/// The scorer's edit tuple (kind, start, end, original, correction, unchanged words).
#[derive(Clone, PartialEq)]
struct PyEdit {
    kind: Kind,
    edit: Edit,
    unchanged: u32,
}

impl PyEdit {
    fn new(kind: Kind, start: usize, end: usize, original: &str, correction: &str) -> Self {
        PyEdit {
            kind,
            edit: Edit {
                start: start as u32,
                end: end as u32,
                original: original.to_owned(),
                correction: correction.to_owned(),
            },
            unchanged: u32::from(kind == Kind::Unchanged),
        }
    }

    fn changes(&self) -> bool {
        self.kind != Kind::Unchanged
    }

    /// The scorer's `merge_edits`: an edit followed by the next one, as one edit. An insertion
    /// has no original of its own and a deletion no correction, so those sides take the other
    /// edit's alone.
    fn merge(&self, next: &PyEdit) -> PyEdit {
        let side = |first: &str, second: &str, empty: Kind| match (self.kind, next.kind) {
            (kind, _) if kind == empty => second.to_owned(),
            (_, kind) if kind == empty => first.to_owned(),
            _ => format!("{first} {second}"),
        };
        let (a, b) = (&self.edit, &next.edit);
        PyEdit {
            kind: self.kind.merge(next.kind),
            edit: Edit {
                start: a.start,
                end: b.end,
                original: side(&a.original, &b.original, Kind::Insertion),
                correction: side(&a.correction, &b.correction, Kind::Deletion),
            },
            unchanged: self.unchanged + next.unchanged,
        }
    }

    fn repr(&self) -> String {
        let e = &self.edit;
        format!(
            "('{}', {}, {}, {}, {}, {})",
            self.kind.python_name(),
            e.start,
            e.end,
            python2_joined(&e.original),
            python2_joined(&e.correction),
            self.unchanged
        )
    }
}

/// A Python number of the lattice's distances: an int until a float (ε, ∞) is added to it.
#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    fn value(self) -> f64 {
        match self {
            Number::Int(n) => n as f64,
            Number::Float(x) => x,
        }
    }

    fn plus(self, other: Number) -> Number {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => Number::Int(a + b),
            _ => Number::Float(self.value() + other.value()),
        }
    }

    fn repr(self) -> String {
        match self {
            Number::Int(n) => n.to_string(),
            Number::Float(x) => python_float(x),
        }
    }
}

fn vertex_repr(v: &Vertex) -> String {
    format!("({}, {})", v.0, v.1)
}

fn arc_repr(a: &Arc) -> String {
    format!("({}, {})", vertex_repr(&a.0), vertex_repr(&a.1))
}

fn list_repr<T>(items: &[T], repr: impl Fn(&T) -> String) -> String {
    let items: Vec<String> = items.iter().map(repr).collect();
    format!("[{}]", items.join(", "))
}

type Backpointers = PyDict<Vertex, Vec<(Vertex, PyEdit)>>;

/// The scorer's `levenshtein_matrix`: the distance matrix (insertion and deletion cost 1,
/// substitution `substitution_cost`) and, per cell, every predecessor that attains its minimum
/// with the edit of that step (diagonal, then up, then left).
fn levenshtein(
    first: &[&str],
    second: &[&str],
    substitution_cost: i64,
    first_row: FirstRowInsertions,
) -> (Vec<Vec<i64>>, Backpointers) {
    let (n, m) = (first.len(), second.len());
    let mut distance = vec![vec![0i64; m + 1]; n + 1];
    let mut backpointers = PyDict::new();
    for i in 1..=n {
        distance[i][0] = i as i64;
        let edit = PyEdit::new(Kind::Deletion, i - 1, i, first[i - 1], "");
        backpointers.insert((i as i64, 0), vec![(((i - 1) as i64, 0), edit)]);
    }
    for j in 1..=m {
        distance[0][j] = j as i64;
        let at = match first_row {
            FirstRowInsertions::AtSentenceStart => 0,
            FirstRowInsertions::Release32 => j - 1,
        };
        let edit = PyEdit::new(Kind::Insertion, at, at, "", second[j - 1]);
        backpointers.insert((0, j as i64), vec![((0, (j - 1) as i64), edit)]);
    }
    for i in 1..=n {
        for j in 1..=m {
            let same = first[i - 1] == second[j - 1];
            let deletion = distance[i - 1][j] + 1;
            let insertion = distance[i][j - 1] + 1;
            let substitution = distance[i - 1][j - 1] + if same { 0 } else { substitution_cost };
            let best = substitution.min(deletion).min(insertion);
            distance[i][j] = best;
            let (i, j) = (i as i64, j as i64);
            let (source, hypothesis) = (first[i as usize - 1], second[j as usize - 1]);
            let mut steps = Vec::new();
            if substitution == best {
                let kind = if same {
                    Kind::Unchanged
                } else {
                    Kind::Substitution
                };
                let edit = PyEdit::new(kind, i as usize - 1, i as usize, source, hypothesis);
                steps.push(((i - 1, j - 1), edit));
            }
            if deletion == best {
                let edit = PyEdit::new(Kind::Deletion, i as usize - 1, i as usize, source, "");
                steps.push(((i - 1, j), edit));
            }
            if insertion == best {
                let edit = PyEdit::new(Kind::Insertion, i as usize, i as usize, "", hypothesis);
                steps.push(((i, j - 1), edit));
            }
            backpointers.insert((i, j), steps);
        }
    }
    (distance, backpointers)
}

/// Vertices, arc list, distance and edit of each arc: the scorer's graph.
struct Graph {
    vertices: Vec<Vertex>,
    arcs: Vec<Arc>,
    dist: PyDict<Arc, Number>,
    edits: PyDict<Arc, PyEdit>,
}

/// The scorer's `edit_graph`: a breadth-first walk back from the last cell along the
/// backpointers; the queue refuses a vertex it holds, a visited vertex is skipped when popped.
fn edit_graph(end: Vertex, backpointers: &Backpointers) -> Graph {
    let mut graph = Graph {
        vertices: Vec::new(),
        arcs: Vec::new(),
        dist: PyDict::new(),
        edits: PyDict::new(),
    };
    let mut visited = HashSet::new();
    let mut queue = VecDeque::from([end]);
    let mut queued = HashSet::from([end]);
    while let Some(v) = queue.pop_front() {
        queued.remove(&v);
        if !visited.insert(v) {
            continue;
        }
        graph.vertices.push(v);
        for (next, edit) in backpointers.get(&v).into_iter().flatten() {
            graph.arcs.push((*next, v));
            graph.dist.insert((*next, v), Number::Int(1));
            graph.edits.insert((*next, v), edit.clone());
            if queued.insert(*next) {
                queue.push_back(*next);
            }
        }
    }
    graph
}

/// The scorer's `merge_graph`: the union of the vertices, sorted; both arc lists, sorted
/// (repeats kept); copies of the first graph's dicts with the second's new keys added.
fn merge_graphs(first: Graph, second: Graph) -> Graph {
    let mut vertices = first.vertices;
    vertices.extend(second.vertices);
    vertices.sort_unstable();
    vertices.dedup();
    let mut arcs = first.arcs;
    arcs.extend(second.arcs);
    arcs.sort_unstable();
    let mut dist = first.dist.deep_copy();
    for (arc, d) in second.dist.iter() {
        if !dist.contains_key(arc) {
            dist.insert(*arc, *d);
        }
    }
    let mut edits = first.edits.deep_copy();
    for (arc, e) in second.edits.iter() {
        if !edits.contains_key(arc) {
            edits.insert(*arc, e.clone());
        }
    }
    Graph {
        vertices,
        arcs,
        dist,
        edits,
    }
}

/// One sentence's lattice as the scorer holds it after the transitive arcs, ready to be weighed
/// for each annotator.
pub(crate) struct SentenceTrace {
    graph: Graph,
}

/// One annotator's weights of the arcs (the scorer's `dist` after `set_weights`).
pub(crate) struct Weights(PyDict<Arc, Number>);

/// A lattice with more vertices than [`MAX_TRACE_VERTICES`].
pub(crate) struct TooLarge(pub(crate) usize);

/// Why a trace stopped.
pub(crate) enum TraceError {
    TooLarge(TooLarge),
    Write(io::Error),
}

impl From<io::Error> for TraceError {
    fn from(e: io::Error) -> Self {
        TraceError::Write(e)
    }
}

impl SentenceTrace {
    /// Builds the lattice of `source` and `hypothesis` (tokens) and writes what the scorer prints
    /// before its loop over annotators: matrices, backpointers, arcs, and the closure's trace.
    pub(crate) fn new(
        source: &[&str],
        hypothesis: &[&str],
        max_unchanged_words: u32,
        first_row: FirstRowInsertions,
        out: &mut dyn Write,
    ) -> Result<SentenceTrace, TraceError> {
        let end = (source.len() as i64, hypothesis.len() as i64);
        let (matrix1, backpointers1) = levenshtein(source, hypothesis, 1, first_row);
        let (matrix2, backpointers2) = levenshtein(source, hypothesis, 2, first_row);
        let graph = merge_graphs(
            edit_graph(end, &backpointers1),
            edit_graph(end, &backpointers2),
        );
        if graph.vertices.len() > MAX_TRACE_VERTICES {
            return Err(TraceError::TooLarge(TooLarge(graph.vertices.len())));
        }
        let matrix = |m: &Vec<Vec<i64>>| list_repr(m, |row| list_repr(row, i64::to_string));
        let backpointers = |b: &Backpointers| {
            b.repr(|v, steps| {
                let steps = list_repr(steps, |(w, e)| {
                    format!("({}, {})", vertex_repr(w), e.repr())
                });
                format!("{}: {steps}", vertex_repr(v))
            })
        };
        writeln!(out, "edit matrix 1: {}", matrix(&matrix1))?;
        writeln!(out, "edit matrix 2: {}", matrix(&matrix2))?;
        writeln!(out, "backpointers 1: {}", backpointers(&backpointers1))?;
        writeln!(out, "backpointers 2: {}", backpointers(&backpointers2))?;
        writeln!(
            out,
            "edits (w/o transitive arcs): {}",
            edits_repr(&graph.edits)
        )?;
        let mut trace = SentenceTrace { graph };
        trace.add_transitive_arcs(max_unchanged_words, out)?;
        Ok(trace)
    }

    /// The scorer's `transitive_arcs`: for pivot k, tail i and head j (vertex order), an arc
    /// i → j through k that is shorter than the current one and keeps at most
    /// `max_unchanged_words` unchanged words is appended; then the transitive no-change arcs are
    /// removed while iterating over the same list (so the arc after each removed one is skipped).
    fn add_transitive_arcs(
        &mut self,
        max_unchanged_words: u32,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let Graph {
            vertices,
            arcs,
            dist,
            edits,
        } = &mut self.graph;
        let distance = |dist: &PyDict<Arc, Number>, arc: &Arc| {
            dist.get(arc)
                .copied()
                .unwrap_or(Number::Float(f64::INFINITY))
        };
        writeln!(out, "-- Add transitive arcs --")?;
        for vk in vertices.iter() {
            writeln!(out, "v _k : {}", vertex_repr(vk))?;
            for vi in vertices.iter() {
                writeln!(out, "v _i : {}", vertex_repr(vi))?;
                let Some(eik) = edits.get(&(*vi, *vk)).cloned() else {
                    continue;
                };
                for vj in vertices.iter() {
                    writeln!(out, "v _j : {}", vertex_repr(vj))?;
                    let Some(ekj) = edits.get(&(*vk, *vj)) else {
                        continue;
                    };
                    let through = distance(dist, &(*vi, *vk)).plus(distance(dist, &(*vk, *vj)));
                    if through.value() < distance(dist, &(*vi, *vj)).value() {
                        let eij = eik.merge(ekj);
                        if eij.unchanged <= max_unchanged_words {
                            writeln!(out, " add new arcs v_i -> v_j: {}", eij.repr())?;
                            arcs.push((*vi, *vj));
                            dist.insert((*vi, *vj), through);
                            edits.insert((*vi, *vj), eij);
                        }
                    }
                }
            }
        }
        writeln!(out, "-- Remove transitive noop arcs --")?;
        let mut at = 0;
        while at < arcs.len() {
            let arc = arcs[at];
            let transitive_noop = edits
                .get(&arc)
                .is_some_and(|e| !e.changes() && distance(dist, &arc).value() > 1.0);
            if transitive_noop {
                writeln!(out, " remove noop arc v_i -> vj: {}", arc_repr(&arc))?;
                if let Some(first) = arcs.iter().position(|a| *a == arc) {
                    arcs.remove(first);
                }
                dist.insert(arc, Number::Float(f64::INFINITY));
                edits.remove(&arc);
            }
            at += 1;
        }
        Ok(())
    }

    /// The scorer's `set_weights` for one annotator's `gold` edits, writing its trace: a copy of
    /// the distances where an arc matching a gold edit weighs −|E| and every other changing arc
    /// gains ε per occurrence in the list (insertion spans by a walk from both ends that consumes
    /// gold edits from the end it matched on and penalises the arcs it jumps over).
    pub(crate) fn weigh(&self, gold: &[GoldEdit], out: &mut dyn Write) -> io::Result<Weights> {
        let Graph {
            arcs, dist, edits, ..
        } = &self.graph;
        let golds: Vec<String> = gold.iter().map(GoldEdit::python_repr).collect();
        writeln!(
            out,
            "set weights of edges() gold edits : [{}]",
            golds.join(", ")
        )?;
        let mut weight = dist.deep_copy();
        let matched = Number::Int(-(arcs.len() as i64));
        let mut by_span: HashMap<(u32, u32), Vec<Arc>> = HashMap::new();
        let mut gold_by_span: HashMap<(u32, u32), Vec<(usize, &GoldEdit)>> = HashMap::new();
        for arc in arcs {
            let e = &edits.get(arc).expect("every listed arc has an edit");
            let span = (e.edit.start, e.edit.end);
            by_span.entry(span).or_default().push(*arc);
            gold_by_span.entry(span).or_default();
        }
        for (k, g) in gold.iter().enumerate() {
            gold_by_span
                .entry((g.start, g.end))
                .or_default()
                .push((k, g));
        }
        let mut spans: Vec<(u32, u32)> = by_span.keys().copied().collect();
        spans.sort_unstable();
        for span in spans {
            let span_arcs = by_span.get_mut(&span).expect("a listed span");
            span_arcs.sort_unstable();
            let span_arcs = &*span_arcs;
            let span_golds = &gold_by_span[&span];
            if span.0 != span.1 {
                for arc in span_arcs {
                    let e = edits.get(arc).expect("every listed arc has an edit");
                    show_arc(out, arc, e)?;
                    match span_golds.iter().find(|(_, g)| e.edit.matches(g)) {
                        Some(&(g, _)) => {
                            show_match(out, &mut weight, arc, matched, &golds[g])?;
                        }
                        None if e.changes() => add_epsilon(&mut weight, arc),
                        None => {}
                    }
                }
                continue;
            }
            walk_insertions(&mut TracedSpan {
                arcs: span_arcs,
                golds: span_golds,
                gold_reprs: &golds,
                edits,
                weight: &mut weight,
                matched,
                out: &mut *out,
            })?;
        }
        Ok(Weights(weight))
    }

    /// The scorer's `best_edit_seq_bf`: Bellman–Ford relaxation over the arc list in list order
    /// (stopping at the first pass that changes nothing, which the scorer's fixed V − 1 passes
    /// cannot tell apart), then the changing edits of the path back from the last vertex, last
    /// first.
    pub(crate) fn best_path(&self, Weights(weight): &Weights) -> Vec<Edit> {
        let Graph {
            vertices,
            arcs,
            edits,
            ..
        } = &self.graph;
        let index: HashMap<Vertex, usize> =
            vertices.iter().enumerate().map(|(k, v)| (*v, k)).collect();
        let mut distance = vec![f64::INFINITY; vertices.len()];
        let mut predecessor: Vec<Option<Vertex>> = vec![None; vertices.len()];
        if let Some(&start) = index.get(&(0, 0)) {
            distance[start] = 0.0;
        }
        for _ in 1..vertices.len() {
            let mut changed = false;
            for arc in arcs {
                let (from, to) = (index[&arc.0], index[&arc.1]);
                let w = weight.get(arc).map_or(f64::INFINITY, |w| w.value());
                if distance[from] + w < distance[to] {
                    distance[to] = distance[from] + w;
                    predecessor[to] = Some(arc.0);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut path = Vec::new();
        let Some(mut at) = vertices.last().copied() else {
            return path;
        };
        while let Some(from) = predecessor[index[&at]] {
            let e = edits.get(&(from, at)).expect("a path arc has an edit");
            if e.changes() {
                path.push(e.edit.clone());
            }
            at = from;
        }
        path
    }

    /// What the scorer prints after an annotator's weighting: the graph, its edits, the weights
    /// and the optimistic path (last edit first).
    pub(crate) fn write_graph(&self, weights: &Weights, out: &mut dyn Write) -> io::Result<()> {
        let Graph {
            vertices,
            arcs,
            edits,
            ..
        } = &self.graph;
        let path = self.best_path(weights);
        let Weights(weight) = weights;
        writeln!(out, "Graph(V,E) = ")?;
        writeln!(out, "V = {}", list_repr(vertices, vertex_repr))?;
        writeln!(out, "E = {}", list_repr(arcs, arc_repr))?;
        writeln!(out, "edits (with transitive arcs): {}", edits_repr(edits))?;
        writeln!(
            out,
            "dist() = {}",
            weight.repr(|a, w| format!("{}: {}", arc_repr(a), w.repr()))
        )?;
        writeln!(
            out,
            "viterbi path = {}",
            list_repr(&path, Edit::python_repr)
        )
    }
}

/// The trace of the weighting looking at an arc.
fn show_arc(out: &mut dyn Write, arc: &Arc, e: &PyEdit) -> io::Result<()> {
    writeln!(out, "set weights of edge {}", arc_repr(arc))?;
    writeln!(out, "edit  = {}", e.repr())
}

/// An arc matched gold edit `gold` (its repr): it weighs `matched` (−|E|).
fn show_match(
    out: &mut dyn Write,
    weight: &mut PyDict<Arc, Number>,
    arc: &Arc,
    matched: Number,
    gold: &str,
) -> io::Result<()> {
    weight.insert(*arc, matched);
    writeln!(out, "matched gold edit : {gold}")?;
    writeln!(out, "set weight to : {}", matched.repr())
}

fn add_epsilon(weight: &mut PyDict<Arc, Number>, arc: &Arc) {
    if let Some(w) = weight.get_mut(arc) {
        *w = w.plus(Number::Float(EPSILON));
    }
}

/// An insertion span of the traced lattice, for [`walk_insertions`].
struct TracedSpan<'t> {
    arcs: &'t [Arc],
    /// The span's gold edits with their positions in the annotator's list.
    golds: &'t [(usize, &'t GoldEdit)],
    /// Every gold edit's repr, by position.
    gold_reprs: &'t [String],
    edits: &'t PyDict<Arc, PyEdit>,
    weight: &'t mut PyDict<Arc, Number>,
    matched: Number,
    out: &'t mut dyn Write,
}

impl TracedSpan<'_> {
    fn edit(&self, arc: usize) -> &PyEdit {
        self.edits
            .get(&self.arcs[arc])
            .expect("every listed arc has an edit")
    }
}

impl InsertionSpan for TracedSpan<'_> {
    type Error = io::Error;

    fn arcs(&self) -> usize {
        self.arcs.len()
    }

    fn golds(&self) -> usize {
        self.golds.len()
    }

    fn joined(&self, before: usize, after: usize) -> bool {
        self.arcs[before].1 == self.arcs[after].0
    }

    fn changes(&self, arc: usize) -> bool {
        self.edit(arc).changes()
    }

    fn matches(&self, arc: usize, gold: usize) -> bool {
        self.edit(arc).edit.matches(self.golds[gold].1)
    }

    fn visit(&mut self, arc: usize) -> io::Result<()> {
        let edit = self
            .edits
            .get(&self.arcs[arc])
            .expect("every listed arc has an edit");
        show_arc(self.out, &self.arcs[arc], edit)
    }

    fn matched(&mut self, arc: usize, gold: usize) -> io::Result<()> {
        let gold = &self.gold_reprs[self.golds[gold].0];
        show_match(self.out, self.weight, &self.arcs[arc], self.matched, gold)
    }

    fn penalise(&mut self, arc: usize) {
        add_epsilon(self.weight, &self.arcs[arc]);
    }
}

fn edits_repr(edits: &PyDict<Arc, PyEdit>) -> String {
    edits.repr(|a, e| format!("{}: {}", arc_repr(a), e.repr()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit_lattice::Lattice;
    use proptest::prelude::*;

    fn path(source: &[&str], hypothesis: &[&str], gold: &[GoldEdit]) -> Vec<Edit> {
        let trace = SentenceTrace::new(
            source,
            hypothesis,
            2,
            FirstRowInsertions::AtSentenceStart,
            &mut io::sink(),
        )
        .unwrap_or_else(|_| panic!("a small lattice"));
        let weight = trace.weigh(gold, &mut io::sink()).unwrap();
        let mut path = trace.best_path(&weight);
        path.reverse();
        path
    }

    proptest! {
        /// The literal construction and the fast lattice find the same optimistic path, whatever
        /// the sentences and gold edits (a small vocabulary makes ties and repeated tokens).
        #[test]
        fn the_traced_path_is_the_fast_lattices(
            source in prop::collection::vec(0u8..4, 0..9),
            hypothesis in prop::collection::vec(0u8..4, 0..9),
            spans in prop::collection::vec((0u32..10, 0u32..3, prop::collection::vec(0u8..4, 0..3)), 0..4),
        ) {
            let words = ["a", "b", "c", "d"];
            let source: Vec<&str> = source.iter().map(|&t| words[usize::from(t)]).collect();
            let hypothesis: Vec<&str> = hypothesis.iter().map(|&t| words[usize::from(t)]).collect();
            let gold: Vec<GoldEdit> = spans
                .iter()
                .filter(|(start, length, _)| (*start + *length) as usize <= source.len())
                .map(|(start, length, correction)| GoldEdit {
                    start: *start,
                    end: start + length,
                    original: source[*start as usize..(start + length) as usize].join(" "),
                    corrections: vec![correction
                        .iter()
                        .map(|&t| words[usize::from(t)])
                        .collect::<Vec<_>>()
                        .join(" ")],
                    written_none: vec![false],
                })
                .collect();
            let lattice = Lattice::new(&source, &hypothesis, 2, FirstRowInsertions::AtSentenceStart, 1 << 20)
                .expect("a small lattice");
            prop_assert_eq!(path(&source, &hypothesis, &gold), lattice.best_edits(&gold));
        }
    }
}
