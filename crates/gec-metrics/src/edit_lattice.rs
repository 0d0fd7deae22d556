//! The M2 scorer's edit lattice (Dahlmeier & Ng 2012, §3) and its optimistic path: every way of
//! explaining a hypothesis as edits of its source, and the sequence of edits that matches the most
//! gold edits.
//!
//! The construction follows the official scorer step by step, because each step's quirks change
//! counts on real data:
//! 1. two Levenshtein matrices over tokens (substitution cost 1 and 2); every minimal-cost
//!    backpointer reachable from the end is an arc; the arc lists of both are concatenated and
//!    sorted, so arcs on both appear twice;
//! 2. transitive arcs, Floyd–Warshall style (`k`, then `i`, then `j` in vertex order), where a
//!    shorter path merges its edits if they keep at most `max_unchanged_words` unchanged words;
//!    an improved arc is appended again;
//! 3. transitive no-change arcs are removed by a loop that skips the element after each removal;
//! 4. weights: an arc matching a gold edit weighs −|E|, every other changing arc gains ε = 0.001
//!    once per occurrence (insertions by a two-ended walk over the arcs of one span);
//! 5. the shortest path by the official scorer's Bellman–Ford relaxation order (passes over the
//!    arc list in list order), stopping after the first pass that changes nothing. Each pass is
//!    O(V + E), and as the base arcs come first in topological order few passes are needed: 2–4
//!    for 99.8 % of the CoNLL-2014 (sentence, annotator) lattices of all 14 systems, never more
//!    than 8 (counted over both gold files). A single pass over the DAG in topological order
//!    finds the same distances but not always the same path: where two paths' costs differ only
//!    by floating-point rounding, Bellman–Ford can settle a vertex from a predecessor whose
//!    distance is not yet final, and on the authors' crowd references (LCB G9, M = 5, 6, 7) that
//!    changed the counts.
//!
//! Cost. With n source and m hypothesis tokens the lattice has V ≤ (n + 1)(m + 1) vertices and
//! at most 3V base arcs; the closure visits each (tail, pivot, head) triple once, with at most 3
//! heads per pivot, so it appends at most 3V² elements to E and takes O(V²) = O(n²m²) time and
//! memory (`M2Options::max_lattice_arcs` bounds the memory: above it the sentence is an error,
//! not an exhausted machine). A relaxation pass is O(E) and a pass that changes nothing ends the
//! search, so one annotator costs O(p·E) for p passes: V − 1 in Bellman–Ford's worst case, 2–8 on
//! all data seen, so O(n³m³) at worst and O(n²m²) in practice. Annotators with the same gold edits
//! share one search, the weights without gold edits are computed once per lattice, and an
//! annotator's gold edits re-weigh only the elements of their spans. Where the official scorer
//! takes minutes (hypotheses that double or reverse their source), this takes milliseconds per
//! sentence.

use crate::ngrams::FastMap;
use crate::text::python2_repr;

/// What an arc of the lattice does to the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Insertion,
    Deletion,
    Substitution,
    Unchanged,
}

impl Kind {
    /// The kind of an edit followed by the next one, as one edit.
    pub(crate) fn merge(self, next: Kind) -> Kind {
        match (self, next) {
            (Kind::Unchanged, Kind::Unchanged) => Kind::Unchanged,
            (Kind::Insertion, Kind::Insertion) => Kind::Insertion,
            (Kind::Deletion, Kind::Deletion) => Kind::Deletion,
            _ => Kind::Substitution,
        }
    }

    /// The official scorer's name of the kind.
    pub(crate) fn python_name(self) -> &'static str {
        match self {
            Kind::Insertion => "ins",
            Kind::Deletion => "del",
            Kind::Substitution => "sub",
            Kind::Unchanged => "noop",
        }
    }
}

/// Where the official scorer anchors insertions before the first source token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FirstRowInsertions {
    /// At source position 0, as the official scorer since commit d12eea2 (2016-04-29) does.
    #[default]
    AtSentenceStart,
    /// At position j − 1 for the j-th inserted token, as Release 3.2 (and the authors' Python 3
    /// copy, used for the LCB paper's figures) does: an insertion before the first word then
    /// matches no gold edit and can turn into a spurious deletion.
    Release32,
}

#[derive(Debug, Clone, Copy)]
struct Arc {
    from: u32,
    to: u32,
    kind: Kind,
    start: u32,
    end: u32,
    unchanged: u32,
    dist: u32,
}

type PairMap = FastMap<u64, u32>;

fn key(from: u32, to: u32) -> u64 {
    (u64::from(from) << 32) | u64::from(to)
}

/// A gold edit as the scorer compares it: span, original tokens joined by spaces, and the accepted
/// corrections.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GoldEdit {
    /// First source token.
    pub start: u32,
    /// One past the last source token.
    pub end: u32,
    /// The source tokens of the span joined by single spaces.
    pub original: String,
    /// The accepted corrections (any one of them matches).
    pub corrections: Vec<String>,
    /// For each correction, whether the file wrote it `-NONE-` (an empty correction either way;
    /// m2scorer's reports print that one as the byte string `''`, an empty field as `u''`).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub written_none: Vec<bool>,
}

impl GoldEdit {
    /// `repr` of the scorer's gold tuple, as its reports print it:
    /// `(1, 2, u'b', [u'c', ''])`.
    pub(crate) fn python_repr(&self) -> String {
        let corrections: Vec<String> = self
            .corrections
            .iter()
            .zip(self.written_none.iter().chain(std::iter::repeat(&false)))
            .map(|(c, &none)| python2_repr(c, !none))
            .collect();
        format!(
            "({}, {}, {}, [{}])",
            self.start,
            self.end,
            python2_joined(&self.original),
            corrections.join(", ")
        )
    }
}

/// `repr` of tokens joined by spaces in the scorer: a unicode string (`u'a b'`), but the byte
/// string `''` where nothing was joined.
pub(crate) fn python2_joined(s: &str) -> String {
    python2_repr(s, !s.is_empty())
}

/// An edit the hypothesis makes: span of source tokens and its replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Edit {
    /// First source token.
    pub start: u32,
    /// One past the last source token.
    pub end: u32,
    /// The source tokens of the span joined by single spaces.
    pub original: String,
    /// The hypothesis tokens replacing them, joined by single spaces.
    pub correction: String,
}

impl Edit {
    /// `repr` of the scorer's edit tuple, as its reports print it: `(1, 2, u'b', '')`.
    pub(crate) fn python_repr(&self) -> String {
        format!(
            "({}, {}, {}, {})",
            self.start,
            self.end,
            python2_joined(&self.original),
            python2_joined(&self.correction)
        )
    }

    /// Whether `gold` accepts this edit: same span, same original, correction among its
    /// alternatives.
    pub fn matches(&self, gold: &GoldEdit) -> bool {
        self.start == gold.start
            && self.end == gold.end
            && self.original == gold.original
            && gold.corrections.contains(&self.correction)
    }
}

impl Edit {
    /// The edit without the tokens its original and correction share at the start and at the
    /// end (a common prefix first, then a common suffix of what is left), its span moved to
    /// match: how m2scorer's verbose report shows an edit of the optimistic path.
    pub fn shrunk(&self) -> Edit {
        let original: Vec<&str> = self.original.split_whitespace().collect();
        let correction: Vec<&str> = self.correction.split_whitespace().collect();
        let shorter = original.len().min(correction.len());
        let prefix = original
            .iter()
            .zip(&correction)
            .take_while(|(a, b)| a == b)
            .count();
        let suffix = original
            .iter()
            .rev()
            .zip(correction.iter().rev())
            .take(shorter - prefix)
            .take_while(|(a, b)| a == b)
            .count();
        Edit {
            start: self.start + prefix as u32,
            end: self.end - suffix as u32,
            original: original[prefix..original.len() - suffix].join(" "),
            correction: correction[prefix..correction.len() - suffix].join(" "),
        }
    }
}

/// The lattice of one source/hypothesis pair, with transitive arcs, ready to be weighted for any
/// annotator.
pub(crate) struct Lattice<'a> {
    source: &'a [&'a str],
    hypothesis: &'a [&'a str],
    /// Grid coordinates (i, j) of each vertex, in sorted (topological) order.
    vertices: Vec<(u32, u32)>,
    arcs: Vec<Arc>,
    /// The scorer's arc list E: indices into `arcs`, duplicates included, in list order.
    order: Vec<u32>,
    /// (from, to) of each element of `order`.
    steps: Vec<(u32, u32)>,
    /// (start, end) of each element of `order`.
    step_spans: Vec<(u32, u32)>,
    /// The weight of each element of `order` for an annotator without gold edits.
    base_weight: Vec<f64>,
    /// The rest of this thread's buffers: the path search's, and where the vectors above go
    /// back when the lattice is dropped.
    spare: std::cell::RefCell<Buffers>,
}

/// The vectors lattices are built and searched in, kept per thread from one lattice to the next:
/// an ordinary sentence's lattice is small, and allocating its twenty-odd vectors afresh (several
/// above the allocator's fast sizes) took a seventh of the scorer's time.
#[derive(Default)]
struct Buffers {
    /// [`Grid`]'s backpointers, its four rolling rows, the cells reached and the base arcs.
    from: Vec<u8>,
    rows: [Vec<u32>; 4],
    reachable: Vec<u8>,
    cells: Vec<usize>,
    base: Vec<(usize, usize, u8)>,
    /// The vertex of each grid cell.
    vertex_of: Vec<u32>,
    /// [`ArcList`]'s vectors and [`ArcIndex`]'s dense table (every entry empty).
    arcs: Vec<Arc>,
    order: Vec<u32>,
    out_base: Vec<(u32, u32)>,
    tails: Vec<(u32, u32)>,
    dense: Vec<u32>,
    /// [`remove_transitive_unchanged`]'s.
    kept: Vec<u32>,
    first_position: Vec<u32>,
    removed: Vec<bool>,
    /// The lattice's own.
    arc_weight: Vec<f64>,
    vertices: Vec<(u32, u32)>,
    steps: Vec<(u32, u32)>,
    step_spans: Vec<(u32, u32)>,
    base_weight: Vec<f64>,
    /// [`Lattice::best_edits`]'s.
    weight: Vec<f64>,
    distance: Vec<f64>,
    predecessor: Vec<Option<u32>>,
}

thread_local! {
    static BUFFERS: std::cell::Cell<Buffers> = std::cell::Cell::new(Buffers::default());
}

/// The most memory a thread keeps between lattices (the dense table's 16 MiB and more): the
/// buffers of a sentence near `M2Options::max_lattice_arcs` are freed, not kept.
const KEPT_BYTES: usize = 64 << 20;

impl Buffers {
    /// The memory of the vectors that grow with the arcs (the rest grow with the grid).
    fn bytes(&self) -> usize {
        fn of<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        of(&self.arcs)
            + of(&self.order)
            + of(&self.kept)
            + of(&self.steps)
            + of(&self.step_spans)
            + of(&self.base_weight)
            + of(&self.arc_weight)
            + of(&self.weight)
            + of(&self.dense)
            + of(&self.from)
            + of(&self.vertex_of)
    }
}

/// `buffer` as `len` copies of `value`, in its memory.
fn refill<T: Clone>(buffer: &mut Vec<T>, len: usize, value: T) -> &mut Vec<T> {
    buffer.clear();
    buffer.resize(len, value);
    buffer
}

impl Drop for Lattice<'_> {
    /// Gives the buffers back to the thread for its next lattice.
    fn drop(&mut self) {
        let mut buffers = std::mem::take(self.spare.get_mut());
        buffers.vertices = std::mem::take(&mut self.vertices);
        buffers.arcs = std::mem::take(&mut self.arcs);
        buffers.order = std::mem::take(&mut self.order);
        buffers.steps = std::mem::take(&mut self.steps);
        buffers.step_spans = std::mem::take(&mut self.step_spans);
        buffers.base_weight = std::mem::take(&mut self.base_weight);
        if buffers.bytes() <= KEPT_BYTES {
            // A thread being torn down keeps nothing.
            let _ = BUFFERS.try_with(|cell| cell.set(buffers));
        }
    }
}

const EPSILON: f64 = 0.001;

/// The two token sequences and their (n + 1) × (m + 1) edit-distance grid, cells numbered row
/// by row, of which only a diagonal band is computed.
///
/// Ukkonen's band: reaching a cell (i, j) costs at least |i − j| and going on from it to the end
/// (n, m) at least |(n − m) − (i − j)| (each unmatched token costs 1), so every cell on a path of
/// total cost D lies on a diagonal d = i − j with |d| + |Δ − d| ≤ D, Δ = n − m: from
/// min(0, Δ) − ⌊(D − |Δ|)/2⌋ to max(0, Δ) + ⌊(D − |Δ|)/2⌋, about D diagonals (bounding |i − j|
/// alone takes 2D + 1). With a band for a D at least both matrices' distances, every cell on an
/// optimal path is computed exactly, and so is each of its predecessors that attains its minimum
/// (that predecessor is on an optimal path too); any other predecessor costs more inside the band
/// and is infinite outside it (every value computed is the cost of a real path). The backpointers
/// of the cells the end reaches are therefore those of the full matrices, and nothing else is
/// read.
struct Grid<'a> {
    source: &'a [&'a str],
    hypothesis: &'a [&'a str],
    /// The cost D the band is drawn for (n + m: the whole grid).
    band: usize,
}

/// A cost no path inside the band reaches.
const OUTSIDE: u32 = u32::MAX / 4;

impl<'a> Grid<'a> {
    fn new(source: &'a [&'a str], hypothesis: &'a [&'a str]) -> Grid<'a> {
        Grid {
            source,
            hypothesis,
            band: source.len() + hypothesis.len(),
        }
    }

    /// Whether source token i − 1 equals hypothesis token j − 1.
    fn same(&self, i: usize, j: usize) -> bool {
        self.source[i - 1] == self.hypothesis[j - 1]
    }

    fn width(&self) -> usize {
        self.hypothesis.len() + 1
    }

    fn cell(&self, i: usize, j: usize) -> usize {
        i * self.width() + j
    }

    fn coordinates(&self, cell: usize) -> (u32, u32) {
        ((cell / self.width()) as u32, (cell % self.width()) as u32)
    }

    /// The columns of row i inside the band: its diagonals i − j from min(0, Δ) − s to
    /// max(0, Δ) + s, s = ⌊(D − |Δ|)/2⌋. Both ends move one column per row, as the rolling rows
    /// of [`Grid::banded_backpointers`] need.
    fn columns(&self, i: usize) -> std::ops::RangeInclusive<usize> {
        let (n, m) = (self.source.len() as isize, self.hypothesis.len() as isize);
        let delta = n - m;
        let slack = (self.band as isize - delta.abs()).max(0) / 2;
        let (lowest, highest) = (delta.min(0) - slack, delta.max(0) + slack);
        let i = i as isize;
        (i - highest).max(0) as usize..=(i - lowest).min(m) as usize
    }

    /// The backpointer sets of both Levenshtein matrices: bits 0–2 for substitution cost 1,
    /// bits 3–5 for substitution cost 2; within each, bit 0 diagonal, bit 1 up (deletion), bit 2
    /// left (insertion). The band is first drawn for D = |n − m| + 4 and, if either distance it
    /// finds exceeds that, redrawn for the larger distance found (an upper bound of both true
    /// distances) for a second, final pass.
    fn backpointers(&mut self, buffers: &mut Buffers) {
        let (n, m) = (self.source.len(), self.hypothesis.len());
        self.band = (n.abs_diff(m) + 4).min(n + m);
        loop {
            let distance = self.banded_backpointers(buffers);
            if distance as usize <= self.band {
                return;
            }
            self.band = distance as usize;
        }
    }

    /// One pass of [`Grid::backpointers`] over the current band, with two rolling rows of costs
    /// per matrix: the backpointers (into `buffers.from`) and the larger of the two distances at
    /// (n, m) as the band sees them.
    fn banded_backpointers(&self, buffers: &mut Buffers) -> u32 {
        let (n, m) = (self.source.len(), self.hypothesis.len());
        let width = self.width();
        let from = refill(&mut buffers.from, (n + 1) * width, 0);
        let [p0, p1, c0, c1] = &mut buffers.rows;
        for row in [&mut *p0, &mut *p1] {
            row.clear();
            row.extend(0..=m as u32);
        }
        refill(c0, width, OUTSIDE);
        refill(c1, width, OUTSIDE);
        let (mut previous, mut current) = ([p0, p1], [c0, c1]);
        for bits in &mut from[1..width] {
            *bits = 4 | (4 << 3);
        }
        for i in 1..=n {
            let columns = self.columns(i);
            let (low, high) = (*columns.start(), *columns.end());
            if low == 0 {
                from[i * width] = 2 | (2 << 3);
            }
            for row in current.iter_mut() {
                // Column 0 costs i; the cell left of a band that starts later is outside it, and
                // so is the one right of its end, which the next row reads as "up".
                row[low.max(1) - 1] = if low <= 1 { i as u32 } else { OUTSIDE };
                if high < m {
                    row[high + 1] = OUTSIDE;
                }
            }
            for j in low.max(1)..=high {
                let same = self.same(i, j);
                let mut bits = 0u8;
                for (k, substitution_cost) in [1u32, 2].into_iter().enumerate() {
                    let diagonal = previous[k][j - 1] + if same { 0 } else { substitution_cost };
                    let up = previous[k][j] + 1;
                    let left = current[k][j - 1] + 1;
                    let best = diagonal.min(up).min(left);
                    current[k][j] = best;
                    bits |= (u8::from(diagonal == best)
                        | (u8::from(up == best) << 1)
                        | (u8::from(left == best) << 2))
                        << (3 * k);
                }
                from[i * width + j] = bits;
            }
            std::mem::swap(&mut previous, &mut current);
        }
        previous[0][m].max(previous[1][m])
    }

    /// Step 1: the base arcs (tail cell, head cell, direction bit) of both matrices (substitution
    /// cost 1, then 2) reachable backwards from the end, sorted, and the cells any reaches, in
    /// order (into `buffers.base` and `buffers.cells`).
    fn base_arcs(&mut self, buffers: &mut Buffers) {
        self.backpointers(buffers);
        self.walk_back(buffers);
    }

    /// [`Grid::base_arcs`] from given backpointers, over the current band: reachability marked
    /// backwards from the end, then the arcs read forwards, tail by tail, so that they come out
    /// sorted (an arc both matrices have, twice) without a sort.
    fn walk_back(&self, buffers: &mut Buffers) {
        let (n, m) = (self.source.len(), self.hypothesis.len());
        let cell = |i: usize, j: usize| self.cell(i, j);
        let Buffers {
            from,
            reachable,
            cells,
            base,
            ..
        } = buffers;
        // Bit k: reachable in matrix k.
        let reachable = refill(reachable, (n + 1) * self.width(), 0u8);
        reachable[cell(n, m)] = 3;
        cells.clear();
        for i in (0..=n).rev() {
            for j in self.columns(i).rev() {
                let here = cell(i, j);
                let reached = reachable[here];
                if reached == 0 {
                    continue;
                }
                cells.push(here);
                for k in 0..2 {
                    if reached & (1 << k) == 0 {
                        continue;
                    }
                    let bits = from[here] >> (3 * k);
                    if bits & 1 != 0 {
                        reachable[cell(i - 1, j - 1)] |= 1 << k;
                    }
                    if bits & 2 != 0 {
                        reachable[cell(i - 1, j)] |= 1 << k;
                    }
                    if bits & 4 != 0 {
                        reachable[cell(i, j - 1)] |= 1 << k;
                    }
                }
            }
        }
        cells.reverse();
        // The arcs into `head` by direction `bit`, once per matrix that reaches `head` and
        // points back that way. From a tail (i, j) the heads (i, j + 1), (i + 1, j) and
        // (i + 1, j + 1) are in cell order, so tails in order give the sorted list.
        base.clear();
        let mut arcs_into = |tail: usize, head: usize, bit: u8| {
            for k in 0..2 {
                if reachable[head] & (1 << k) != 0 && (from[head] >> (3 * k)) & bit != 0 {
                    base.push((tail, head, bit));
                }
            }
        };
        for &tail in cells.iter() {
            let (i, j) = self.coordinates(tail);
            let (i, j) = (i as usize, j as usize);
            if j < m {
                arcs_into(tail, cell(i, j + 1), 4);
            }
            if i < n {
                arcs_into(tail, cell(i + 1, j), 2);
                if j < m {
                    arcs_into(tail, cell(i + 1, j + 1), 1);
                }
            }
        }
    }
}

/// Where the arc (from, to) is in the arc list, and which arcs enter a vertex: a V × V table
/// (column per head, so a vertex's tails are one contiguous scan, in order) while that stays under
/// 16 MiB — lookups are most of the closure's work — a hash map and per-vertex lists above.
enum ArcIndex {
    Dense {
        width: usize,
        ids: Vec<u32>,
    },
    Sparse {
        map: PairMap,
        tails: Vec<Vec<(u32, u32)>>,
    },
}

/// Vertex count up to which [`ArcIndex`] is a table (2048² × 4 bytes = 16 MiB).
const DENSE_VERTICES: usize = 2048;

impl ArcIndex {
    /// An empty index; a table is made in `table`, whose entries are all empty (see `recycle`).
    fn new(vertices: usize, table: Vec<u32>) -> ArcIndex {
        if vertices <= DENSE_VERTICES {
            let mut ids = table;
            // The table only grows, so that a smaller lattice after a larger one fills nothing;
            // emptying the entries the arcs used (`recycle`), not the whole V² table, saves
            // clearing tens of kilobytes per ordinary sentence.
            if ids.len() < vertices * vertices {
                ids.resize(vertices * vertices, u32::MAX);
            }
            ArcIndex::Dense {
                width: vertices,
                ids,
            }
        } else {
            ArcIndex::Sparse {
                map: PairMap::default(),
                tails: vec![Vec::new(); vertices],
            }
        }
    }

    fn get(&self, from: u32, to: u32) -> Option<u32> {
        match self {
            ArcIndex::Dense { width, ids } => {
                let id = ids[to as usize * width + from as usize];
                (id != u32::MAX).then_some(id)
            }
            ArcIndex::Sparse { map, .. } => map.get(&key(from, to)).copied(),
        }
    }

    fn insert(&mut self, from: u32, to: u32, id: u32) {
        match self {
            ArcIndex::Dense { width, ids } => ids[to as usize * *width + from as usize] = id,
            ArcIndex::Sparse { map, tails } => {
                map.insert(key(from, to), id);
                tails[to as usize].push((from, id));
            }
        }
    }

    /// A dense table's memory for the next lattice, emptied (`arcs` are every arc inserted);
    /// nothing for a sparse index.
    fn recycle(self, arcs: &[Arc]) -> Vec<u32> {
        match self {
            ArcIndex::Dense { width, mut ids } => {
                for arc in arcs {
                    ids[arc.to as usize * width + arc.from as usize] = u32::MAX;
                }
                ids
            }
            ArcIndex::Sparse { .. } => Vec::new(),
        }
    }

    /// Replaces `out` with (tail, arc) of every arc into `head` so far, by tail. Tails precede
    /// their head in vertex order, so the table's column is scanned up to `head` only.
    fn tails(&mut self, head: usize, out: &mut Vec<(u32, u32)>) {
        out.clear();
        match self {
            ArcIndex::Dense { width, ids } => out.extend(
                ids[head * *width..head * *width + head]
                    .iter()
                    .enumerate()
                    .filter(|(_, id)| **id != u32::MAX)
                    .map(|(tail, id)| (tail as u32, *id)),
            ),
            ArcIndex::Sparse { tails, .. } => {
                out.append(&mut tails[head]);
                out.sort_unstable();
            }
        }
    }
}

/// The arcs under construction: each distinct (from, to) once, the scorer's list E of arc
/// indices with its repeats, and each vertex's base arcs out (with arc ids: the closure walks
/// them without lookups).
struct ArcList {
    arcs: Vec<Arc>,
    index: ArcIndex,
    order: Vec<u32>,
    /// Per vertex: the ids of its base arcs, first and one past the last. Base arcs arrive
    /// sorted by (tail, head), so each vertex's are consecutive ids, by head.
    out_base: Vec<(u32, u32)>,
}

impl ArcList {
    /// An empty list for `vertices` vertices, in the buffers' memory.
    fn new(vertices: usize, buffers: &mut Buffers) -> ArcList {
        let mut arcs = std::mem::take(&mut buffers.arcs);
        arcs.clear();
        let mut order = std::mem::take(&mut buffers.order);
        order.clear();
        let mut out_base = std::mem::take(&mut buffers.out_base);
        refill(&mut out_base, vertices, (0, 0));
        ArcList {
            arcs,
            index: ArcIndex::new(vertices, std::mem::take(&mut buffers.dense)),
            order,
            out_base,
        }
    }

    /// A base arc, appended to E again when it is already there (both matrices have it).
    fn add_base(&mut self, from: u32, to: u32, kind: Kind, start: u32, end: u32) {
        let id = match self.index.get(from, to) {
            Some(id) => id,
            None => {
                self.arcs.push(Arc {
                    from,
                    to,
                    kind,
                    start,
                    end,
                    unchanged: u32::from(kind == Kind::Unchanged),
                    dist: 1,
                });
                let id = self.arcs.len() as u32 - 1;
                let range = &mut self.out_base[from as usize];
                if range.0 == range.1 {
                    *range = (id, id);
                }
                range.1 = id + 1;
                self.index.insert(from, to, id);
                id
            }
        };
        self.order.push(id);
    }

    /// Step 2: transitive arcs, pivot k, then tail i, then head j in vertex order; a shorter
    /// path replaces an arc and is appended to E again. Arcs leaving the pivot are base arcs only
    /// (a transitive arc (k, j) needs a pivot after k), so the j loop runs over ≤ 3 arcs. `None`
    /// when the arcs would exceed `max_arcs`.
    fn add_transitive(
        &mut self,
        max_unchanged_words: u32,
        max_arcs: usize,
        tails: &mut Vec<(u32, u32)>,
    ) -> Option<()> {
        for k in 0..self.out_base.len() {
            self.index.tails(k, tails);
            let (first_head, end_head) = self.out_base[k];
            for &(i, first) in tails.iter() {
                let first = self.arcs[first as usize];
                for second in first_head..end_head {
                    let second = self.arcs[second as usize];
                    let j = second.to;
                    let dist = first.dist + second.dist;
                    let existing = self.index.get(i, j);
                    if existing.is_some_and(|id| self.arcs[id as usize].dist <= dist) {
                        continue;
                    }
                    let unchanged = first.unchanged + second.unchanged;
                    if unchanged > max_unchanged_words {
                        continue;
                    }
                    let merged = Arc {
                        from: i,
                        to: j,
                        kind: first.kind.merge(second.kind),
                        start: first.start,
                        end: second.end,
                        unchanged,
                        dist,
                    };
                    let id = match existing {
                        Some(id) => {
                            self.arcs[id as usize] = merged;
                            id
                        }
                        None => {
                            if self.arcs.len() >= max_arcs {
                                return None;
                            }
                            self.arcs.push(merged);
                            let id = self.arcs.len() as u32 - 1;
                            self.index.insert(i, j, id);
                            id
                        }
                    };
                    self.order.push(id);
                }
            }
        }
        Some(())
    }
}

impl<'a> Lattice<'a> {
    /// Builds the lattice with transitive arcs; `None` if it would exceed `max_arcs` arcs.
    pub(crate) fn new(
        source: &'a [&'a str],
        hypothesis: &'a [&'a str],
        max_unchanged_words: u32,
        first_row: FirstRowInsertions,
        max_arcs: usize,
    ) -> Option<Self> {
        let mut buffers = BUFFERS.with(std::cell::Cell::take);
        let mut grid = Grid::new(source, hypothesis);
        grid.base_arcs(&mut buffers);
        // Cell numbering is row-major, so sorting cells sorts vertices as (i, j) tuples.
        let vertex_of = refill(
            &mut buffers.vertex_of,
            (source.len() + 1) * grid.width(),
            u32::MAX,
        );
        let mut vertices = std::mem::take(&mut buffers.vertices);
        vertices.clear();
        for &c in &buffers.cells {
            vertex_of[c] = vertices.len() as u32;
            vertices.push(grid.coordinates(c));
        }
        let mut arcs = ArcList::new(vertices.len(), &mut buffers);
        for &(tail, head, direction) in &buffers.base {
            let (i, j) = grid.coordinates(head);
            let (kind, start, end) = match direction {
                1 if grid.same(i as usize, j as usize) => (Kind::Unchanged, i - 1, i),
                1 => (Kind::Substitution, i - 1, i),
                2 => (Kind::Deletion, i - 1, i),
                _ if i == 0 && first_row == FirstRowInsertions::Release32 => {
                    (Kind::Insertion, j - 1, j - 1)
                }
                _ if i == 0 => (Kind::Insertion, 0, 0),
                _ => (Kind::Insertion, i, i),
            };
            let vertex_of = &buffers.vertex_of;
            arcs.add_base(vertex_of[tail], vertex_of[head], kind, start, end);
        }
        arcs.add_transitive(max_unchanged_words, max_arcs, &mut buffers.tails)?;
        let ArcList {
            arcs,
            mut order,
            index,
            out_base,
        } = arcs;
        buffers.dense = index.recycle(&arcs);
        buffers.out_base = out_base;
        remove_transitive_unchanged(&mut order, &arcs, &mut buffers);
        // What every annotator shares: the weights where no gold edit is (ε once per occurrence
        // on a changing arc) and the list as contiguous (from, to) steps.
        let arc_weight = &mut buffers.arc_weight;
        arc_weight.clear();
        arc_weight.extend(arcs.iter().map(|a| f64::from(a.dist)));
        for &id in &order {
            if arcs[id as usize].kind != Kind::Unchanged {
                arc_weight[id as usize] += EPSILON;
            }
        }
        let base_weight = refilled(
            &mut buffers.base_weight,
            order.iter().map(|&id| arc_weight[id as usize]),
        );
        let at = |id: u32| &arcs[id as usize];
        let steps = refilled(
            &mut buffers.steps,
            order.iter().map(|&id| (at(id).from, at(id).to)),
        );
        let step_spans = refilled(
            &mut buffers.step_spans,
            order.iter().map(|&id| (at(id).start, at(id).end)),
        );
        Some(Self {
            source,
            hypothesis,
            vertices,
            arcs,
            order,
            steps,
            step_spans,
            base_weight,
            spare: std::cell::RefCell::new(buffers),
        })
    }

    fn edit(&self, arc: &Arc) -> Edit {
        let (from, to) = (
            self.vertices[arc.from as usize],
            self.vertices[arc.to as usize],
        );
        Edit {
            start: arc.start,
            end: arc.end,
            original: self.source[from.0 as usize..to.0 as usize].join(" "),
            correction: self.hypothesis[from.1 as usize..to.1 as usize].join(" "),
        }
    }

    fn matches(&self, arc: &Arc, gold: &GoldEdit) -> bool {
        let (from, to) = (
            self.vertices[arc.from as usize],
            self.vertices[arc.to as usize],
        );
        let original = &self.source[from.0 as usize..to.0 as usize];
        let correction = &self.hypothesis[from.1 as usize..to.1 as usize];
        arc.start == gold.start
            && arc.end == gold.end
            && joins_to(original, &gold.original)
            && gold.corrections.iter().any(|c| joins_to(correction, c))
    }

    /// The weight of each element of the list for one annotator's gold edits (step 4), into
    /// `weight`: the weights without gold edits, redone on the spans the annotator has gold
    /// edits on. There a matching arc weighs −|E|; the other arcs of a span that is no insertion
    /// keep their weight without gold edits (ε per occurrence on a changing arc, in the same
    /// order of additions), and insertion spans are weighed by the scorer's two-ended walk.
    fn weights(&self, gold: &[GoldEdit], weight: &mut Vec<f64>) {
        weight.clear();
        weight.extend_from_slice(&self.base_weight);
        let matched = -(self.order.len() as f64);
        let mut spans: Vec<(u32, u32)> = gold.iter().map(|g| (g.start, g.end)).collect();
        spans.sort_unstable();
        spans.dedup();
        // Each gold span's positions in the list, as (span, position) pairs sorted by span (one
        // allocation, not one per span); most positions start where no gold edit does, and one
        // lookup rules them out.
        let mut positions: Vec<(usize, usize)> = Vec::new();
        let mut gold_start = Vec::new();
        for &(start, _) in &spans {
            if gold_start.len() <= start as usize {
                gold_start.resize(start as usize + 1, false);
            }
            gold_start[start as usize] = true;
        }
        for (p, span) in self.step_spans.iter().enumerate() {
            if gold_start.get(span.0 as usize) != Some(&true) {
                continue;
            }
            if let Ok(k) = spans.binary_search(span) {
                positions.push((k, p));
            }
        }
        positions.sort_unstable();
        let mut group = Vec::new();
        for (k, (start, end)) in spans.into_iter().enumerate() {
            let first = positions.partition_point(|&(s, _)| s < k);
            let last = positions.partition_point(|&(s, _)| s <= k);
            group.clear();
            group.extend(positions[first..last].iter().map(|&(_, p)| p));
            let golds: Vec<&GoldEdit> = gold
                .iter()
                .filter(|g| g.start == start && g.end == end)
                .collect();
            if start != end {
                for &p in &group {
                    let arc = &self.arcs[self.order[p] as usize];
                    if golds.iter().any(|g| self.matches(arc, g)) {
                        weight[p] = matched;
                    }
                }
                continue;
            }
            let arc_of = |p: usize| &self.arcs[self.order[p] as usize];
            group.sort_by_key(|&p| (arc_of(p).from, arc_of(p).to));
            for (p, w) in group
                .iter()
                .zip(self.weigh_insertions(&group, &golds, matched))
            {
                weight[*p] = w;
            }
        }
    }

    /// The official scorer's two-ended walk ([`walk_insertions`]) over the insertion arcs of one
    /// span (positions in the list sorted by (from, to), so an arc's repeats are neighbours). The
    /// weight of each position's arc.
    fn weigh_insertions(&self, group: &[usize], golds: &[&GoldEdit], matched: f64) -> Vec<f64> {
        // The walk weighs arcs, not positions: one slot per arc.
        let mut slot = Vec::with_capacity(group.len());
        let mut weight: Vec<f64> = Vec::new();
        for k in 0..group.len() {
            if k == 0 || self.order[group[k]] != self.order[group[k - 1]] {
                weight.push(f64::from(self.arcs[self.order[group[k]] as usize].dist));
            }
            slot.push(weight.len() - 1);
        }
        let mut span = InsertionArcs {
            lattice: self,
            group,
            golds,
            slot,
            weight,
            matched,
        };
        let Ok(()) = walk_insertions(&mut span);
        let InsertionArcs { slot, weight, .. } = span;
        slot.into_iter().map(|k| weight[k]).collect()
    }

    /// The edits of the optimistic path for `gold`, left to right (steps 4–5).
    pub(crate) fn best_edits(&self, gold: &[GoldEdit]) -> Vec<Edit> {
        let mut spare = self.spare.borrow_mut();
        let Buffers {
            weight: step_weight,
            distance,
            predecessor,
            ..
        } = &mut *spare;
        self.weights(gold, step_weight);
        let count = self.vertices.len();
        let distance = refill(distance, count, f64::INFINITY);
        let predecessor = refill(predecessor, count, None);
        distance[0] = 0.0;
        for _ in 1..count {
            let mut changed = false;
            for (p, (&(from, to), &w)) in self.steps.iter().zip(step_weight.iter()).enumerate() {
                let candidate = distance[from as usize] + w;
                if candidate < distance[to as usize] {
                    distance[to as usize] = candidate;
                    predecessor[to as usize] = Some(self.order[p]);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut edits = Vec::new();
        let mut at = count - 1;
        while let Some(id) = predecessor[at] {
            let arc = &self.arcs[id as usize];
            if arc.kind != Kind::Unchanged {
                edits.push(self.edit(arc));
            }
            at = arc.from as usize;
        }
        edits.reverse();
        edits
    }
}

/// The arcs of one insertion span, in the order the official scorer sorts them (by tail, then
/// head), with the annotator's gold edits of that span, as [`walk_insertions`] weighs them.
pub(crate) trait InsertionSpan {
    /// What stops the walk (a failed write of a trace; nothing for the weights alone).
    type Error;
    /// Arcs in the span.
    fn arcs(&self) -> usize;
    /// Gold edits in the span.
    fn golds(&self) -> usize;
    /// Whether arc `after` leaves the vertex arc `before` enters.
    fn joined(&self, before: usize, after: usize) -> bool;
    /// Whether the arc changes the text (an unchanged arc gains no ε).
    fn changes(&self, arc: usize) -> bool;
    /// Whether the arc's edit is the gold edit's.
    fn matches(&self, arc: usize, gold: usize) -> bool;
    /// The walk looks at an arc.
    fn visit(&mut self, arc: usize) -> Result<(), Self::Error>;
    /// The arc matched the gold edit: it weighs −|E|.
    fn matched(&mut self, arc: usize, gold: usize) -> Result<(), Self::Error>;
    /// The arc gains ε.
    fn penalise(&mut self, arc: usize);
}

/// The official scorer's weighting of one insertion span: a walk from both ends of the sorted
/// arcs, alternating ends after a miss. A match on one end consumes the gold edits up to it from
/// that end, penalises (ε) the arcs it jumps over up to the next arc that continues from it, and
/// stays on that end; a miss penalises the arc if it changes the text.
pub(crate) fn walk_insertions<S: InsertionSpan>(span: &mut S) -> Result<(), S::Error> {
    let (mut left, mut right) = (0isize, span.arcs() as isize - 1);
    let mut current = left;
    let (mut gold_left, mut gold_right) = (0isize, span.golds() as isize - 1);
    while left <= right {
        let at = current as usize;
        span.visit(at)?;
        let from_left = current == left;
        let is_match = |&g: &isize| span.matches(at, g as usize);
        let hit = if from_left {
            (gold_left..=gold_right).find(is_match)
        } else {
            (gold_left..=gold_right).rev().find(is_match)
        };
        match hit {
            Some(g) => {
                span.matched(at, g as usize)?;
                if from_left {
                    gold_left = g + 1;
                    left += 1;
                    while (left as usize) < span.arcs() && !span.joined(at, left as usize) {
                        span.penalise(left as usize);
                        left += 1;
                    }
                    current = left;
                } else {
                    gold_right = g - 1;
                    right -= 1;
                    while right >= 0 && !span.joined(right as usize, at) {
                        span.penalise(right as usize);
                        right -= 1;
                    }
                    current = right;
                }
            }
            None => {
                if span.changes(at) {
                    span.penalise(at);
                }
                if from_left {
                    left += 1;
                    current = right;
                } else {
                    right -= 1;
                    current = left;
                }
            }
        }
    }
    Ok(())
}

/// An insertion span of the fast lattice: weights per arc (`slot` maps each position of the span
/// to its arc's weight).
struct InsertionArcs<'l, 'a> {
    lattice: &'l Lattice<'a>,
    group: &'l [usize],
    golds: &'l [&'l GoldEdit],
    slot: Vec<usize>,
    weight: Vec<f64>,
    matched: f64,
}

impl InsertionArcs<'_, '_> {
    fn arc(&self, k: usize) -> &Arc {
        &self.lattice.arcs[self.lattice.order[self.group[k]] as usize]
    }
}

impl InsertionSpan for InsertionArcs<'_, '_> {
    type Error = std::convert::Infallible;

    fn arcs(&self) -> usize {
        self.group.len()
    }

    fn golds(&self) -> usize {
        self.golds.len()
    }

    fn joined(&self, before: usize, after: usize) -> bool {
        self.arc(before).to == self.arc(after).from
    }

    fn changes(&self, arc: usize) -> bool {
        self.arc(arc).kind != Kind::Unchanged
    }

    fn matches(&self, arc: usize, gold: usize) -> bool {
        self.lattice.matches(self.arc(arc), self.golds[gold])
    }

    fn visit(&mut self, _: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    fn matched(&mut self, arc: usize, _: usize) -> Result<(), Self::Error> {
        self.weight[self.slot[arc]] = self.matched;
        Ok(())
    }

    fn penalise(&mut self, arc: usize) {
        self.weight[self.slot[arc]] += EPSILON;
    }
}

/// Whether `tokens` joined by single spaces is `text` (without building the joined string: the
/// weights compare every arc of a gold edit's span).
fn joins_to(tokens: &[&str], text: &str) -> bool {
    let mut rest = text;
    for (k, token) in tokens.iter().enumerate() {
        if k > 0 {
            let Some(after) = rest.strip_prefix(' ') else {
                return false;
            };
            rest = after;
        }
        let Some(after) = rest.strip_prefix(token) else {
            return false;
        };
        rest = after;
    }
    rest.is_empty()
}

/// Step 3: the official scorer removes transitive no-change arcs while iterating over the same
/// list, so the element after each removed one is never examined (and stays).
fn remove_transitive_unchanged(order: &mut Vec<u32>, arcs: &[Arc], buffers: &mut Buffers) {
    // Removing from the middle of the list would cost a scan and a shift per removal (a third of
    // the scorer's time on ordinary sentences): a removed element is marked instead, and the
    // list compacted once at the end, which keeps the same order.
    const GONE: u32 = u32::MAX;
    let mut kept = std::mem::take(&mut buffers.kept);
    kept.clear();
    let first_position = refill(&mut buffers.first_position, arcs.len(), GONE);
    let removed = refill(&mut buffers.removed, arcs.len(), false);
    let push = |kept: &mut Vec<u32>, first_position: &mut [u32], id: u32| {
        if first_position[id as usize] == GONE {
            first_position[id as usize] = kept.len() as u32;
        }
        kept.push(id);
    };
    let mut skip_next = false;
    for &id in order.iter() {
        if skip_next {
            skip_next = false;
            push(&mut kept, first_position, id);
            continue;
        }
        let arc = &arcs[id as usize];
        if !removed[id as usize] && arc.kind == Kind::Unchanged && arc.dist > 1 {
            removed[id as usize] = true;
            // An earlier occurrence goes (and this one stays); else this one goes. An arc is
            // removed once, so its first position is never looked up again.
            let earlier = first_position[id as usize];
            if earlier != GONE {
                kept[earlier as usize] = GONE;
                kept.push(id);
            }
            skip_next = true;
        } else {
            push(&mut kept, first_position, id);
        }
    }
    kept.retain(|&id| id != GONE);
    // The list is what was kept; the old list's memory serves the next lattice.
    std::mem::swap(order, &mut kept);
    buffers.kept = kept;
}

/// `buffer`'s allocation, taken and refilled with `items` (the lattice reuses its buffers from
/// one sentence to the next).
fn refilled<T>(buffer: &mut Vec<T>, items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut refilled = std::mem::take(buffer);
    refilled.clear();
    refilled.extend(items);
    refilled
}
#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    type Walk = (Vec<(usize, usize, u8)>, Vec<usize>);

    /// The base arcs and reached cells of the banded computation and of the full matrices (a
    /// new grid's band spans the whole grid).
    fn banded_and_full(source: &[&str], hypothesis: &[&str]) -> (Walk, Walk) {
        let walk = |buffers: &Buffers| (buffers.base.clone(), buffers.cells.clone());
        let mut buffers = Buffers::default();
        Grid::new(source, hypothesis).base_arcs(&mut buffers);
        let banded = walk(&buffers);
        let full = Grid::new(source, hypothesis);
        full.banded_backpointers(&mut buffers);
        full.walk_back(&mut buffers);
        (banded, walk(&buffers))
    }

    proptest! {
        /// Ukkonen's band changes no base arc and no reached cell, whatever the two sequences
        /// (a small vocabulary makes many equal tokens and ties).
        #[test]
        fn the_band_keeps_every_base_arc(
            source in prop::collection::vec(0u8..4, 0..40),
            hypothesis in prop::collection::vec(0u8..4, 0..40),
        ) {
            let words = ["a", "b", "c", "d"];
            let source: Vec<&str> = source.iter().map(|&t| words[usize::from(t)]).collect();
            let hypothesis: Vec<&str> = hypothesis.iter().map(|&t| words[usize::from(t)]).collect();
            let (banded, full) = banded_and_full(&source, &hypothesis);
            prop_assert_eq!(banded, full);
        }
    }
}
