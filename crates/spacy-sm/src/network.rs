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
use learning_kit::Matrix;

/// Maxout pieces of every layer.
const PIECES: usize = 3;
/// LayerNorm's variance floor, thinc's.
const EPSILON: f32 = 1e-8;
/// The zero rows around a sentence when the window layers run (the model's `with_array` pad).
const PAD: usize = 4;

/// A maxout layer with layer norm: `W` is `[width][PIECES][input]`.
#[derive(Debug, Clone)]
struct MaxoutNorm {
    w: Matrix,
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
            w: Matrix::new(w, width * PIECES, input),
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
        let (_, first_w) = file.any_array("tok2vec.maxout.0.W")?;
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
            if dim != width || rows == 0 || offset + dim > first.w.input() {
                return Err(file.error(format!("tok2vec.embed.{k}.E has shape {shape:?}")));
            }
            // Each row's product with the columns of the first layer that read table k.
            let columns: Vec<f32> = first_w
                .chunks_exact(first.w.input())
                .flat_map(|weights| &weights[offset..offset + dim])
                .copied()
                .collect();
            let mut table = vec![0.0; rows * width * PIECES];
            Matrix::new(&columns, width * PIECES, dim).products(e, dim, rows, &mut table);
            offset += dim;
            tables.push(Table {
                seed,
                rows,
                products: table,
            });
        }
        if offset != first.w.input() {
            return Err(file.error(format!(
                "the embeddings give {offset} inputs, the first layer reads {}",
                first.w.input()
            )));
        }
        // Four window layers, as many as the pad rows on each side (`encode` relies on it).
        let layers = (1..=PAD)
            .map(|k| MaxoutNorm::read(file, k, width))
            .collect::<Result<Vec<_>, Error>>()?;
        if layers.iter().any(|l| l.w.input() != 3 * width) {
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
        let mut sum = vec![0.0; w * PIECES];
        for (ids, out) in attributes.iter().zip(x[PAD * w..].chunks_exact_mut(w)) {
            sum.iter_mut().for_each(|p| *p = 0.0);
            for (table, &id) in self.tables.iter().zip(ids) {
                for key in embedding_keys(id, table.seed) {
                    let row = key as usize % table.rows;
                    let products = &table.products[row * w * PIECES..(row + 1) * w * PIECES];
                    for (p, q) in sum.iter_mut().zip(products) {
                        *p += q;
                    }
                }
            }
            self.first.finish(&sum, out);
        }
        // The window of row i is rows i - 1, i and i + 1, zeros past the ends: with a zero row
        // on each side, the windows are the overlapping slices of 3 · w values w apart. A pad
        // row at distance d from the sentence reaches a word only through the layers after
        // layer d, so layer k (from 0) computes the rows up to distance 3 − k and no further;
        // the rest are never read again.
        let mut padded = vec![0.0; (rows + 2) * w];
        let mut pre = vec![0.0; rows * w * PIECES];
        let mut y = vec![0.0; w];
        for (k, layer) in self.layers.iter().enumerate() {
            let margin = self.layers.len() - 1 - k;
            let (start, count) = (PAD - margin, attributes.len() + 2 * margin);
            padded[w..(rows + 1) * w].copy_from_slice(&x);
            layer.w.products(&padded[start * w..], w, count, &mut pre);
            for (p, xi) in pre
                .chunks_exact(w * PIECES)
                .zip(x[start * w..].chunks_exact_mut(w))
                .take(count)
            {
                layer.finish(p, &mut y);
                for (xi, yi) in xi.iter_mut().zip(&y) {
                    *xi += yi;
                }
            }
        }
        x.drain(..PAD * w);
        x.truncate(attributes.len() * w);
        x
    }
}

/// A linear layer: a score per output from a vector (the tagger's; the parser's lower and upper
/// layers).
#[derive(Debug, Clone)]
pub(crate) struct Linear {
    w: Matrix,
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
            w: Matrix::new(w, outputs, inputs),
            b: file.array(&format!("{name}.b"), &[outputs])?.to_vec(),
        })
    }

    /// The number of outputs.
    pub(crate) fn outputs(&self) -> usize {
        self.b.len()
    }

    /// `W x_t + b` for each vector `x_t` of `xs` (`[count][inputs]`), into `out`
    /// (`[count][outputs]`).
    pub(crate) fn apply(&self, xs: &[f32], out: &mut [f32]) {
        let count = xs.len() / self.w.input();
        self.w.products(xs, self.w.input(), count, out);
        for row in out[..count * self.outputs()].chunks_exact_mut(self.outputs()) {
            for (o, b) in row.iter_mut().zip(&self.b) {
                *o += b;
            }
        }
    }

    /// For each vector of `xs` (`[count][inputs]`), the index of its highest score (the first
    /// of equal ones, as numpy's argmax).
    pub(crate) fn argmax(&self, xs: &[f32]) -> Vec<usize> {
        let mut scores = vec![0.0; xs.len() / self.w.input() * self.outputs()];
        self.apply(xs, &mut scores);
        scores
            .chunks_exact(self.outputs())
            .map(|row| {
                let mut best = (0, f32::NEG_INFINITY);
                for (k, &score) in row.iter().enumerate() {
                    if score > best.1 {
                        best = (k, score);
                    }
                }
                best.0
            })
            .collect()
    }
}
