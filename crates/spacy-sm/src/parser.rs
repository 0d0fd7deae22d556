//! The dependency parser: spaCy's `TransitionBasedParser.v2` over its arc-eager transition system,
//! greedy, then deprojectivised.
//!
//! Scores: each token's tok2vec vector goes through a linear layer to 64 values, then through the
//! precomputable affine once per context slot (`P[t][f] = W_f · lower(t)`, 64 × 2 values). A
//! state's hidden layer is `maxout_2(Σ_f P[id_f][f] + b)`, an empty slot adding the slot's pad
//! vector instead; the 106 move scores are a linear layer of it. The best-scoring valid move is
//! taken (the first of equal scores) until the stack and the buffer are empty.
//!
//! The state follows spaCy's: a stack, a buffer that a REDUCE of a headless word refills (the
//! "rebuffer"), arcs kept per head in the order they were added (the latest child is a context
//! slot; a replaced arc is blanked in place unless it is the last), sentence starts set by BREAK.

use crate::Error;
use crate::container::Container;
use crate::network::Linear;
use learning_kit::Matrix;

/// Context slots of a state.
const SLOTS: usize = 8;
/// Maxout pieces of the hidden layer.
const PIECES: usize = 2;

/// What a move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Shift,
    Reduce,
    Left,
    Right,
    Break,
}

/// A move: what it does and its label (`""` for SHIFT and REDUCE).
#[derive(Debug, Clone)]
struct Move {
    kind: Kind,
    label: String,
}

/// The parser's weights and moves.
#[derive(Debug, Clone)]
pub(crate) struct Parser {
    lower: Linear,
    /// `[SLOTS][hidden · PIECES][lower width]`.
    affine: Matrix,
    affine_b: Vec<f32>,
    /// `[SLOTS][hidden · PIECES]`.
    pad: Vec<f32>,
    hidden: usize,
    upper: Linear,
    moves: Vec<Move>,
}

/// A parse: each word's head (itself for a root) and label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parse {
    /// The head of each word, by index; a root is its own head.
    pub heads: Vec<usize>,
    /// The dependency label of each word (`ROOT` for a root).
    pub labels: Vec<String>,
}

impl Parser {
    /// Reads the parser from `file`, over token vectors of `width`.
    pub(crate) fn new(file: &Container, width: usize) -> Result<Parser, Error> {
        let lower = Linear::new(file, "parser.lower", width)?;
        let inner = lower.outputs();
        let (shape, w) = file.any_array("parser.affine.W")?;
        let [slots, hidden, pieces, input] = shape[..] else {
            return Err(file.error(format!("parser.affine.W has shape {shape:?}")));
        };
        if slots != SLOTS || pieces != PIECES || input != inner {
            return Err(file.error(format!("parser.affine.W has shape {shape:?}")));
        }
        let affine_b = file.array("parser.affine.b", &[hidden, PIECES])?.to_vec();
        let pad = file
            .array("parser.affine.pad", &[1, SLOTS, hidden, PIECES])?
            .to_vec();
        let upper = Linear::new(file, "parser.upper", hidden)?;
        let moves = file
            .strings("parser.moves")?
            .iter()
            .map(|name| {
                let (kind, label) = name.split_once('-').unwrap_or((name, ""));
                let kind = match kind {
                    "S" => Kind::Shift,
                    "D" => Kind::Reduce,
                    "L" => Kind::Left,
                    "R" => Kind::Right,
                    "B" => Kind::Break,
                    _ => return Err(file.error(format!("parser move {name:?}"))),
                };
                Ok(Move {
                    kind,
                    label: label.to_owned(),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        if moves.len() != upper.outputs() {
            return Err(file.error(format!(
                "{} parser moves for {} scores",
                moves.len(),
                upper.outputs()
            )));
        }
        Ok(Parser {
            lower,
            affine: Matrix::new(w, SLOTS * hidden * PIECES, inner),
            affine_b,
            pad,
            hidden,
            upper,
            moves,
        })
    }

    /// Parses a sentence from its tok2vec vectors (`[words][width]`); `space` says which words
    /// are whitespace (never a new head when deprojectivising).
    pub(crate) fn parse(&self, vectors: &[f32], width: usize, space: &[bool]) -> Parse {
        let n = vectors.len() / width;
        let o = self.hidden * PIECES;
        let inner = self.lower.outputs();
        // Every word's contribution to every slot.
        let mut low = vec![0.0; n * inner];
        self.lower.apply(&vectors[..n * width], &mut low);
        let mut cached = vec![0.0; n * SLOTS * o];
        self.affine.products(&low, inner, n, &mut cached);
        let mut state = State::new(n);
        let mut sum = vec![0.0; o];
        let mut hidden = vec![0.0; self.hidden];
        let mut scores = vec![0.0; self.moves.len()];
        while !state.is_final() {
            sum.iter_mut().for_each(|v| *v = 0.0);
            for (f, id) in state.context().into_iter().enumerate() {
                let feature = match id {
                    Some(t) => &cached[(t * SLOTS + f) * o..(t * SLOTS + f + 1) * o],
                    None => &self.pad[f * o..(f + 1) * o],
                };
                for (s, v) in sum.iter_mut().zip(feature) {
                    *s += v;
                }
            }
            for ((h, pair), b) in hidden
                .iter_mut()
                .zip(sum.chunks_exact(PIECES))
                .zip(self.affine_b.chunks_exact(PIECES))
            {
                // spaCy's arg max over the pieces: the first of equal values.
                let (a, c) = (pair[0] + b[0], pair[1] + b[1]);
                *h = if c > a { c } else { a };
            }
            self.upper.apply(&hidden, &mut scores);
            let valid = state.valid();
            let best = (0..self.moves.len())
                .filter(|&k| {
                    let m = &self.moves[k];
                    valid[m.kind as usize] && (m.label != "subtok" || state.subtok_allowed())
                })
                .fold(None, |best: Option<usize>, k| match best {
                    Some(b) if scores[k] <= scores[b] => Some(b),
                    _ => Some(k),
                });
            match best {
                Some(k) => state.apply(self.moves[k].kind, k),
                None => state.force_final(),
            }
        }
        state.finish(&self.moves, space)
    }
}

/// An arc as a head keeps it: the child and the move that made it (for its label); `None` once
/// replaced.
type Arc = Option<(usize, usize)>;

/// The arc-eager state of one sentence.
struct State {
    n: usize,
    stack: Vec<usize>,
    rebuffer: Vec<usize>,
    next: usize,
    heads: Vec<Option<(usize, usize)>>,
    left: Vec<Vec<Arc>>,
    right: Vec<Vec<Arc>>,
    unshiftable: Vec<bool>,
    sentence_start: Vec<bool>,
}

impl State {
    fn new(n: usize) -> State {
        State {
            n,
            stack: Vec::new(),
            rebuffer: Vec::new(),
            next: 0,
            heads: vec![None; n],
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
            unshiftable: vec![false; n],
            sentence_start: vec![false; n],
        }
    }

    fn s(&self, i: usize) -> Option<usize> {
        self.stack.len().checked_sub(i + 1).map(|k| self.stack[k])
    }

    fn b(&self, i: usize) -> Option<usize> {
        if i < self.rebuffer.len() {
            return Some(self.rebuffer[self.rebuffer.len() - 1 - i]);
        }
        let b = self.next + (i - self.rebuffer.len());
        (b < self.n).then_some(b)
    }

    fn buffer_length(&self) -> usize {
        self.n - self.next + self.rebuffer.len()
    }

    fn is_final(&self) -> bool {
        self.stack.is_empty() && self.buffer_length() == 0
    }

    /// The `idx`-th latest live child among `arcs`.
    fn latest(arcs: &[Arc], idx: usize) -> Option<usize> {
        arcs.iter().rev().flatten().nth(idx - 1).map(|a| a.0)
    }

    fn left_child(&self, head: Option<usize>) -> Option<usize> {
        head.and_then(|h| State::latest(&self.left[h], 1))
    }

    fn right_child(&self, head: Option<usize>) -> Option<usize> {
        head.and_then(|h| State::latest(&self.right[h], 1))
    }

    /// The context slots: B0, B1, S0, S1, S2, B0's and S0's latest left children, S0's latest
    /// right child.
    fn context(&self) -> [Option<usize>; SLOTS] {
        let (b0, s0) = (self.b(0), self.s(0));
        [
            b0,
            self.b(1),
            s0,
            self.s(1),
            self.s(2),
            self.left_child(b0),
            self.left_child(s0),
            self.right_child(s0),
        ]
    }

    fn is_sent_start(&self, word: Option<usize>) -> bool {
        word.is_some_and(|w| self.sentence_start[w])
    }

    /// Which kinds of move are valid, indexed by [`Kind`].
    fn valid(&self) -> [bool; 5] {
        let depth = self.stack.len();
        let length = self.buffer_length();
        let (b0, b1) = (self.b(0), self.b(1));
        let shift = depth == 0
            || (length >= 2 && !self.is_sent_start(b0) && !b0.is_some_and(|b| self.unshiftable[b]));
        let reduce = depth > 0;
        let arc = depth > 0 && length > 0 && !self.is_sent_start(b0);
        let brk =
            length >= 2 && b0.zip(b1).is_some_and(|(a, b)| b == a + 1) && !self.is_sent_start(b1);
        [shift, reduce, arc, arc, brk]
    }

    /// Whether a `subtok` arc may join S0 and B0: they must be adjacent.
    fn subtok_allowed(&self) -> bool {
        self.s(0).zip(self.b(0)).is_some_and(|(s, b)| s + 1 == b)
    }

    fn push(&mut self) {
        let word = match self.rebuffer.pop() {
            Some(w) => w,
            None => {
                self.next += 1;
                self.next - 1
            }
        };
        self.stack.push(word);
    }

    fn add_arc(&mut self, head: usize, child: usize, by: usize) {
        if let Some((old, _)) = self.heads[child] {
            let arcs = if old > child {
                &mut self.left[old]
            } else {
                &mut self.right[old]
            };
            if arcs.last().is_some_and(|a| a.is_some_and(|a| a.0 == child)) {
                arcs.pop();
            } else if let Some(a) = arcs
                .iter_mut()
                .rev()
                .skip(1)
                .rev()
                .find(|a| a.is_some_and(|a| a.0 == child))
            {
                *a = None;
            }
        }
        let arcs = if head > child {
            &mut self.left[head]
        } else {
            &mut self.right[head]
        };
        arcs.push(Some((child, by)));
        self.heads[child] = Some((head, by));
    }

    fn apply(&mut self, kind: Kind, by: usize) {
        match kind {
            Kind::Shift => self.push(),
            Kind::Reduce => {
                let s0 = self.stack.pop();
                if let Some(s0) = s0
                    && self.heads[s0].is_none()
                    && !self.stack.is_empty()
                {
                    self.unshiftable[s0] = true;
                    self.rebuffer.push(s0);
                }
            }
            Kind::Left => {
                if let (Some(b0), Some(s0)) = (self.b(0), self.s(0)) {
                    self.add_arc(b0, s0, by);
                    self.unshiftable[b0] = false;
                    self.stack.pop();
                }
            }
            Kind::Right => {
                if let (Some(b0), Some(s0)) = (self.b(0), self.s(0)) {
                    self.add_arc(s0, b0, by);
                    self.push();
                }
            }
            Kind::Break => {
                if let Some(b1) = self.b(1) {
                    self.sentence_start[b1] = true;
                }
            }
        }
    }

    fn force_final(&mut self) {
        self.stack.clear();
        self.rebuffer.clear();
        self.next = self.n;
    }

    /// The parse: heads and labels from the arcs, roots labelled `ROOT`, then the decorated
    /// labels (`X||Y`) deprojectivised.
    fn finish(&self, moves: &[Move], space: &[bool]) -> Parse {
        let n = self.n;
        let mut heads: Vec<usize> = (0..n).collect();
        let mut labels = vec!["ROOT".to_owned(); n];
        for (child, arc) in self.heads.iter().enumerate() {
            if let Some((head, by)) = *arc
                && head != child
            {
                heads[child] = head;
                labels[child].clone_from(&moves[by].label);
            }
        }
        deprojectivize(&mut heads, &mut labels, space);
        Parse { heads, labels }
    }
}

/// spaCy's `nonproj.deprojectivize`: word by word, a label `X||Y` becomes `X`, the word
/// re-attached to the first descendant of its head labelled `Y` (breadth first, children in
/// order, the word itself and whitespace words skipped), if there is one.
fn deprojectivize(heads: &mut [usize], labels: &mut [String], space: &[bool]) {
    for i in 0..heads.len() {
        let Some((own, wanted)) = labels[i]
            .split_once("||")
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
        else {
            continue;
        };
        let mut queue = vec![heads[i]];
        let mut found = None;
        'search: while !queue.is_empty() {
            let mut next = Vec::new();
            for &q in &queue {
                for child in (0..heads.len()).filter(|&c| heads[c] == q && c != q) {
                    if child == i || space[child] {
                        continue;
                    }
                    if labels[child] == wanted {
                        found = Some(child);
                        break 'search;
                    }
                    next.push(child);
                }
            }
            queue = next;
        }
        if let Some(head) = found {
            heads[i] = head;
        }
        labels[i] = own;
    }
}
