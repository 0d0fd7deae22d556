//! The character encoder of a word (a convolution over its characters, max-pooled; Ma & Hovy
//! 2016's word representation, which the SUDA UCCA parsers read beside word vectors): with the
//! word's characters c₁…c_n framed by a begin and an end mark and embedded (e(·)),
//!
//! z_w = b + [e(c_w); e(c_{w+1}); e(c_{w+2})]·W for each window w of three, o = tanh(max_w z_w)
//!
//! (max and tanh per filter). It sees what the hashed affixes and shape do not — prefixes,
//! stems, the inside of unknown words — and costs a few thousand multiply-adds a token.

use rand_pcg::Pcg64;

use learning_kit::{Param, add, add_row_times, axpy, dot, tanh};

/// Hash buckets of a character (rows 0 and 1 are the begin and end marks).
const BUCKETS: usize = 1 << 10;
/// Dimensions of a character's embedding.
const DIM: usize = 16;
/// Characters in a window.
const WIDTH: usize = 3;
/// A word's characters read at most (the first ones).
const MAX_CHARS: usize = 24;

const BEGIN: usize = 0;
const END: usize = 1;

/// The table row of a character.
pub(crate) fn row(c: char) -> usize {
    2 + (u64::from(c) % (BUCKETS as u64 - 2)) as usize
}

/// The table rows of a word as the encoder reads it: begin, its first [`MAX_CHARS`] characters,
/// end (twice for an empty word).
pub(crate) fn rows(word: &str, out: &mut Vec<usize>) {
    out.push(BEGIN);
    out.extend(word.chars().take(MAX_CHARS).map(row));
    out.push(END);
    if word.is_empty() {
        // One window even for an empty word.
        out.push(END);
    }
}

/// The encoder's parameters: the character table (BUCKETS × DIM), the filters (WIDTH·DIM ×
/// filters) and their biases; all empty for a network without characters (0 filters).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CharEncoder {
    pub(crate) table: Param,
    pub(crate) filters: Param,
    pub(crate) bias: Param,
}

/// A sentence's character encodings and what their gradient needs.
#[derive(Debug, Clone, Default)]
pub(crate) struct CharTrace {
    /// Every word's rows ([`rows`]), one after another.
    rows: Vec<usize>,
    /// Where each word's rows start in `rows` (and, last, their end).
    starts: Vec<usize>,
    /// T × filters: each word's encoding o.
    pub(crate) outputs: Vec<f32>,
    /// T × filters: the window (offset in the word's rows) where each filter is largest.
    best: Vec<usize>,
}

impl CharEncoder {
    /// An encoder with `filters` filters, drawn from `rng` (zeros without).
    pub(crate) fn new(filters: usize, mut rng: Option<Pcg64>) -> CharEncoder {
        let (rows, dim) = if filters == 0 { (0, 0) } else { (BUCKETS, DIM) };
        CharEncoder {
            table: Param::table(rows, dim, rng.as_mut()),
            filters: Param::glorot(WIDTH * dim, filters, rng.as_mut()),
            bias: Param::from_values(1, filters, vec![0.0; filters]),
        }
    }

    /// The number of values of an encoder with `filters` filters.
    pub(crate) fn values(filters: usize) -> usize {
        if filters == 0 {
            0
        } else {
            BUCKETS * DIM + WIDTH * DIM * filters + filters
        }
    }

    /// The filters (the width of an encoding).
    pub(crate) fn width(&self) -> usize {
        self.bias.cols
    }

    /// Puts the embeddings of a window's characters (table rows `chars`) side by side.
    fn fill(&self, window: &mut [f32; WIDTH * DIM], chars: &[usize]) {
        for (j, &r) in chars.iter().enumerate() {
            window[j * DIM..(j + 1) * DIM].copy_from_slice(self.table.row(r));
        }
    }

    /// Encodes `words` (nothing without filters).
    pub(crate) fn encode<'w>(&self, words: impl Iterator<Item = &'w str>) -> CharTrace {
        let f = self.width();
        let mut trace = CharTrace::default();
        if f == 0 {
            return trace;
        }
        let mut window = [0f32; WIDTH * DIM];
        let mut z = vec![0f32; f];
        for word in words {
            let start = trace.rows.len();
            trace.starts.push(start);
            rows(word, &mut trace.rows);
            let word_rows = &trace.rows[start..];
            let mut top = vec![f32::NEG_INFINITY; f];
            let mut best = vec![0; f];
            for (w, chars) in word_rows.windows(WIDTH).enumerate() {
                self.fill(&mut window, chars);
                z.copy_from_slice(&self.bias.value);
                add_row_times(&mut z, &window, &self.filters.value);
                for k in 0..f {
                    if z[k] > top[k] {
                        (top[k], best[k]) = (z[k], w);
                    }
                }
            }
            tanh(&mut top);
            trace.outputs.extend_from_slice(&top);
            trace.best.extend(best);
        }
        trace.starts.push(trace.rows.len());
        trace
    }

    /// Adds the gradient of the encodings (`d_outputs`, T × filters) to the parameters'.
    pub(crate) fn backward(&mut self, trace: &CharTrace, d_outputs: &[f32]) {
        let f = self.width();
        if f == 0 {
            return;
        }
        let mut window = [0f32; WIDTH * DIM];
        let mut dz = vec![0f32; f];
        for (i, bounds) in trace.starts.windows(2).enumerate() {
            let word_rows = &trace.rows[bounds[0]..bounds[1]];
            let outputs = &trace.outputs[i * f..(i + 1) * f];
            let best = &trace.best[i * f..(i + 1) * f];
            let d = &d_outputs[i * f..(i + 1) * f];
            for (w, chars) in word_rows.windows(WIDTH).enumerate() {
                let mut any = false;
                for k in 0..f {
                    dz[k] = if best[k] == w {
                        d[k] * (1.0 - outputs[k] * outputs[k])
                    } else {
                        0.0
                    };
                    any |= dz[k] != 0.0;
                }
                if !any {
                    continue;
                }
                self.fill(&mut window, chars);
                add(&mut self.bias.grad, &dz);
                for (x, i) in window.iter().zip(0..) {
                    axpy(&mut self.filters.grad[i * f..(i + 1) * f], *x, &dz);
                }
                for (j, &r) in chars.iter().enumerate() {
                    let mut d_char = [0f32; DIM];
                    for (c, dc) in d_char.iter_mut().enumerate() {
                        let weights = &self.filters.value[(j * DIM + c) * f..(j * DIM + c + 1) * f];
                        *dc = dot(weights, &dz);
                    }
                    add(self.table.grad_row(r), &d_char);
                }
            }
        }
    }
}
