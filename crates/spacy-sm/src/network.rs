//! The numbers: tok2vec (`MultiHashEmbed.v2` then `MaxoutWindowEncoder.v2`) and the tagger's
//! linear layer, in f32 as thinc computes them.
//!
//! * Embedding: each attribute id is hashed into four keys ([`embedding_keys`]), each key taken
//!   modulo the table's rows, and the four rows summed; the six tables' sums are concatenated.
//! * Maxout with layer norm: `y_o = max_p (W_op · x + b_op)`, then
//!   `(y − mean(y)) / sqrt(var(y) + 1e-8) · G + b` over the width.
//! * Four residual window layers: `x_i += LN(maxout([x_{i−1}, x_i, x_{i+1}]))`, run over the
//!   sentence with four zero rows on each side (thinc's padding), zeros past those.
//!
//! The first maxout is linear in each table's row before its maximum, so its product with every
//! row of every table is computed once at load ([`Tok2Vec::new`]); a token's pre-activation is
//! then the sum of its 24 rows' products and the bias (up to float rounding).

use crate::Error;
use crate::container::Container;
use crate::hashing::embedding_keys;

/// Maxout pieces of every layer.
const PIECES: usize = 3;
/// LayerNorm's variance floor, thinc's.
const EPSILON: f32 = 1e-8;
/// The zero rows around a sentence when the window layers run (the model's `with_array` pad).
const PAD: usize = 4;

/// The dot product of `a` and `b` in eight lanes summed at the end: an order the compiler can
/// vectorise (thinc's BLAS sums in an order of its own; the results differ in the last bits).
pub(crate) fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// A maxout layer with layer norm: `W` is `[width][PIECES][input]`.
#[derive(Debug, Clone)]
struct MaxoutNorm {
    input: usize,
    w: Vec<f32>,
    b: Vec<f32>,
    g: Vec<f32>,
    beta: Vec<f32>,
}

impl MaxoutNorm {
    fn read(file: &Container, k: usize, width: usize) -> Result<MaxoutNorm, Error> {
        let (shape, w) = file.any_array(&format!("tok2vec.maxout.{k}.W"))?;
        let [o, p, input] = shape[..] else {
            return Err(file.error(format!("tok2vec.maxout.{k}.W has rank {}", shape.len())));
        };
        if o != width || p != PIECES {
            return Err(file.error(format!("tok2vec.maxout.{k}.W has shape {shape:?}")));
        }
        Ok(MaxoutNorm {
            input,
            w: w.to_vec(),
            b: file
                .array(&format!("tok2vec.maxout.{k}.b"), &[width, PIECES])?
                .to_vec(),
            g: file
                .array(&format!("tok2vec.norm.{k}.G"), &[width])?
                .to_vec(),
            beta: file
                .array(&format!("tok2vec.norm.{k}.b"), &[width])?
                .to_vec(),
        })
    }

    /// The pre-activations `W x` (without the bias) of `x`, `[width · PIECES]`.
    fn products(&self, x: &[f32], out: &mut [f32]) {
        for (row, o) in self.w.chunks_exact(self.input).zip(out.iter_mut()) {
            *o = dot(row, x);
        }
    }

    /// Maxout over the pieces of `pre + b`, then layer norm, into `out`.
    fn finish(&self, pre: &[f32], out: &mut [f32]) {
        for ((p, b), y) in pre
            .chunks_exact(PIECES)
            .zip(self.b.chunks_exact(PIECES))
            .zip(out.iter_mut())
        {
            *y = p
                .iter()
                .zip(b)
                .map(|(p, b)| p + b)
                .fold(f32::NEG_INFINITY, f32::max);
        }
        let n = out.len() as f32;
        let mean = out.iter().sum::<f32>() / n;
        let var = out.iter().map(|y| (y - mean) * (y - mean)).sum::<f32>() / n + EPSILON;
        let scale = 1.0 / var.sqrt();
        for ((y, g), beta) in out.iter_mut().zip(&self.g).zip(&self.beta) {
            *y = (*y - mean) * scale * g + beta;
        }
    }
}

/// One hash-embedding table: its seed, rows, and every row's product with its slice of the first
/// maxout's weights.
#[derive(Debug, Clone)]
struct Table {
    seed: u32,
    rows: usize,
    /// `[rows][width · PIECES]`.
    products: Vec<f32>,
}

/// The encoder: embeddings, the first maxout folded into them, four window layers.
#[derive(Debug, Clone)]
pub(crate) struct Tok2Vec {
    width: usize,
    tables: Vec<Table>,
    first: MaxoutNorm,
    layers: Vec<MaxoutNorm>,
}

impl Tok2Vec {
    /// Reads the encoder from `file`.
    pub(crate) fn new(file: &Container) -> Result<Tok2Vec, Error> {
        let seeds = file.strings("tok2vec.seeds")?;
        let (shape, _) = file.any_array("tok2vec.maxout.0.W")?;
        let width = shape.first().copied().unwrap_or(0);
        let first = MaxoutNorm::read(file, 0, width)?;
        let mut tables = Vec::with_capacity(seeds.len());
        let mut offset = 0;
        for (k, seed) in seeds.iter().enumerate() {
            let seed: u32 = seed
                .parse()
                .map_err(|_| file.error(format!("tok2vec seed {seed:?} is not a number")))?;
            let (shape, e) = file.any_array(&format!("tok2vec.embed.{k}.E"))?;
            let [rows, dim] = shape[..] else {
                return Err(file.error(format!("tok2vec.embed.{k}.E has shape {shape:?}")));
            };
            if dim != width || rows == 0 {
                return Err(file.error(format!("tok2vec.embed.{k}.E has shape {shape:?}")));
            }
            // Each row's product with the columns of the first layer that read table k.
            let mut products = vec![0.0; rows * width * PIECES];
            for (row, out) in e
                .chunks_exact(dim)
                .zip(products.chunks_exact_mut(width * PIECES))
            {
                for (weights, o) in first.w.chunks_exact(first.input).zip(out.iter_mut()) {
                    *o = dot(&weights[offset..offset + dim], row);
                }
            }
            offset += dim;
            tables.push(Table {
                seed,
                rows,
                products,
            });
        }
        if offset != first.input {
            return Err(file.error(format!(
                "the embeddings give {offset} inputs, the first layer reads {}",
                first.input
            )));
        }
        let layers = (1..5)
            .map(|k| MaxoutNorm::read(file, k, width))
            .collect::<Result<Vec<_>, Error>>()?;
        if layers.iter().any(|l| l.input != 3 * width) {
            return Err(file.error("a window layer does not read three tokens".into()));
        }
        Ok(Tok2Vec {
            width,
            tables,
            first,
            layers,
        })
    }

    /// The width of a token's vector.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// The vectors of a sentence's tokens, from their attribute ids: `[tokens][width]`.
    pub(crate) fn encode(&self, attributes: &[[u64; 6]]) -> Vec<f32> {
        let w = self.width;
        // thinc runs the window layers on the sentence with PAD zero rows on each side; after
        // the first layer those rows are no longer zero, and the tokens near the ends read them.
        let rows = attributes.len() + 2 * PAD;
        let mut x = vec![0.0; rows * w];
        let mut pre = vec![0.0; w * PIECES];
        for (ids, out) in attributes.iter().zip(x[PAD * w..].chunks_exact_mut(w)) {
            pre.iter_mut().for_each(|p| *p = 0.0);
            for (table, &id) in self.tables.iter().zip(ids) {
                for key in embedding_keys(id, table.seed) {
                    let row = key as usize % table.rows;
                    let products = &table.products[row * w * PIECES..(row + 1) * w * PIECES];
                    for (p, q) in pre.iter_mut().zip(products) {
                        *p += q;
                    }
                }
            }
            self.first.finish(&pre, out);
        }
        let mut window = vec![0.0; 3 * w];
        let mut y = vec![0.0; w];
        for layer in &self.layers {
            let before = x.clone();
            for i in 0..rows {
                window.iter_mut().for_each(|v| *v = 0.0);
                for (slot, j) in [i.checked_sub(1), Some(i), Some(i + 1)]
                    .into_iter()
                    .enumerate()
                {
                    if let Some(j) = j.filter(|&j| j < rows) {
                        window[slot * w..(slot + 1) * w]
                            .copy_from_slice(&before[j * w..(j + 1) * w]);
                    }
                }
                layer.products(&window, &mut pre);
                layer.finish(&pre, &mut y);
                for (xi, yi) in x[i * w..(i + 1) * w].iter_mut().zip(&y) {
                    *xi += yi;
                }
            }
        }
        x.drain(..PAD * w);
        x.truncate(attributes.len() * w);
        x
    }
}

/// The tagger's linear layer: a score per tag from a token's vector.
#[derive(Debug, Clone)]
pub(crate) struct Linear {
    inputs: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

impl Linear {
    /// Reads `name.W` (`[outputs][inputs]`) and `name.b` from `file`.
    pub(crate) fn new(file: &Container, name: &str, inputs: usize) -> Result<Linear, Error> {
        let (shape, w) = file.any_array(&format!("{name}.W"))?;
        let [outputs, i] = shape[..] else {
            return Err(file.error(format!("{name}.W has shape {shape:?}")));
        };
        if i != inputs {
            return Err(file.error(format!("{name}.W reads {i} inputs, not {inputs}")));
        }
        Ok(Linear {
            inputs,
            w: w.to_vec(),
            b: file.array(&format!("{name}.b"), &[outputs])?.to_vec(),
        })
    }

    /// The number of outputs.
    pub(crate) fn outputs(&self) -> usize {
        self.b.len()
    }

    /// `W x + b` into `out`.
    pub(crate) fn apply(&self, x: &[f32], out: &mut [f32]) {
        for ((row, b), o) in self.w.chunks_exact(self.inputs).zip(&self.b).zip(out) {
            *o = dot(row, x) + b;
        }
    }

    /// The index of the highest score for `x` (the first of equal ones, as numpy's argmax).
    pub(crate) fn argmax(&self, x: &[f32]) -> usize {
        let mut best = (0, f32::NEG_INFINITY);
        for (k, (row, b)) in self.w.chunks_exact(self.inputs).zip(&self.b).enumerate() {
            let score = dot(row, x) + b;
            if score > best.1 {
                best = (k, score);
            }
        }
        best.0
    }
}
