//! One direction of the BiLSTM token encoder (Hochreiter & Schmidhuber 1997, with a forget gate):
//! for token vectors x₁…x_T read in one direction,
//!
//! z_t = x_t·W_x + h_{t−1}·W_h + b, split into gates i, f, o = σ(·) and candidate g = tanh(·);
//! c_t = f ⊙ c_{t−1} + i ⊙ g, h_t = o ⊙ tanh(c_t),
//!
//! and the gradient of everything by backpropagation through time.

use rand_pcg::Pcg64;

use learning_kit::{Chunked, Param, add, add_row_times, dot, gemm, product, sigmoid, tanh};

/// The parameters of one direction: `W_x` (input × 4H), `W_h` (H × 4H) and `b` (1 × 4H), gates
/// laid out as [i, f, g, o].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Lstm {
    pub(crate) input: Param,
    pub(crate) recurrent: Param,
    pub(crate) bias: Param,
    /// Reads the tokens last to first.
    pub(crate) reverse: bool,
}

/// What the forward pass keeps for the backward pass, per token position (not per step).
#[derive(Debug, Clone, Default)]
pub(crate) struct Trace {
    /// Gate activations [i, f, g, o], T × 4H.
    gates: Vec<f32>,
    /// Cell states, T × H.
    cells: Vec<f32>,
    /// tanh of the cell states, T × H.
    squashed: Vec<f32>,
    /// Outputs h_t, T × H.
    pub(crate) outputs: Vec<f32>,
}

impl Lstm {
    /// A direction reading `inputs`-long vectors into `hidden` units, Glorot-initialised from
    /// `rng` (zeros without), with forget-gate bias 1 (Jozefowicz et al. 2015).
    pub(crate) fn new(inputs: usize, hidden: usize, reverse: bool, mut rng: Option<Pcg64>) -> Lstm {
        let mut bias = vec![0.0; 4 * hidden];
        bias[hidden..2 * hidden].fill(1.0);
        Lstm {
            input: Param::glorot(inputs, 4 * hidden, rng.as_mut()),
            recurrent: Param::glorot(hidden, 4 * hidden, rng.as_mut()),
            bias: Param::from_values(1, 4 * hidden, bias),
            reverse,
        }
    }

    pub(crate) fn hidden(&self) -> usize {
        self.recurrent.rows
    }

    /// The positions in reading order.
    fn order(&self, t: usize) -> Box<dyn Iterator<Item = usize>> {
        if self.reverse {
            Box::new((0..t).rev())
        } else {
            Box::new(0..t)
        }
    }

    /// Runs over `x` (T × input, row-major), filling `trace`; `recurrent`, where given, is `W_h`
    /// laid out for a frozen network.
    pub(crate) fn forward(
        &self,
        x: &[f32],
        t: usize,
        trace: &mut Trace,
        recurrent: Option<&Chunked>,
    ) {
        let h = self.hidden();
        let g4 = 4 * h;
        trace.gates.resize(t * g4, 0.0);
        trace.cells.resize(t * h, 0.0);
        trace.squashed.resize(t * h, 0.0);
        trace.outputs.resize(t * h, 0.0);
        product(
            (t, self.input.rows, g4),
            x,
            &self.input.value,
            &mut trace.gates,
        );
        let mut previous: Option<usize> = None;
        for p in self.order(t) {
            let z = &mut trace.gates[p * g4..(p + 1) * g4];
            add(z, &self.bias.value);
            if let Some(q) = previous {
                let previous = &trace.outputs[q * h..(q + 1) * h];
                match recurrent {
                    Some(w) => w.add_row_times(z, previous),
                    None => add_row_times(z, previous, &self.recurrent.value),
                }
            }
            sigmoid(&mut z[..2 * h]);
            tanh(&mut z[2 * h..3 * h]);
            sigmoid(&mut z[3 * h..]);
            for j in 0..h {
                let (i, f, g) = (z[j], z[h + j], z[2 * h + j]);
                let before = previous.map_or(0.0, |q| trace.cells[q * h + j]);
                trace.cells[p * h + j] = f * before + i * g;
            }
            let squashed = &mut trace.squashed[p * h..(p + 1) * h];
            squashed.copy_from_slice(&trace.cells[p * h..(p + 1) * h]);
            tanh(squashed);
            for j in 0..h {
                trace.outputs[p * h + j] = z[3 * h + j] * squashed[j];
            }
            previous = Some(p);
        }
    }

    /// Given `d_out` (T × H), the loss's gradient by the outputs, adds the parameters' gradients
    /// and writes the inputs' gradient to `d_x` (T × input).
    pub(crate) fn backward(
        &mut self,
        x: &[f32],
        t: usize,
        trace: &Trace,
        d_out: &[f32],
        d_x: &mut [f32],
    ) {
        let h = self.hidden();
        let g4 = 4 * h;
        let mut d_z = vec![0.0f32; t * g4];
        let mut before_outputs = vec![0.0f32; t * h];
        let mut d_h = vec![0.0f32; h];
        let mut d_c = vec![0.0f32; h];
        let order: Vec<usize> = self.order(t).collect();
        for (step, &p) in order.iter().enumerate().rev() {
            let previous = step.checked_sub(1).map(|s| order[s]);
            if let Some(q) = previous {
                before_outputs[p * h..(p + 1) * h]
                    .copy_from_slice(&trace.outputs[q * h..(q + 1) * h]);
            }
            let gates = &trace.gates[p * g4..(p + 1) * g4];
            let dz = &mut d_z[p * g4..(p + 1) * g4];
            for j in 0..h {
                let (i, f, g, o) = (gates[j], gates[h + j], gates[2 * h + j], gates[3 * h + j]);
                let s = trace.squashed[p * h + j];
                let dh = d_out[p * h + j] + d_h[j];
                let dc = dh * o * (1.0 - s * s) + d_c[j];
                let before = previous.map_or(0.0, |q| trace.cells[q * h + j]);
                dz[j] = dc * g * i * (1.0 - i);
                dz[h + j] = dc * before * f * (1.0 - f);
                dz[2 * h + j] = dc * i * (1.0 - g * g);
                dz[3 * h + j] = dh * s * o * (1.0 - o);
                d_c[j] = dc * f;
            }
            for (j, d) in d_h.iter_mut().enumerate() {
                let row = &self.recurrent.value[j * g4..(j + 1) * g4];
                *d = dot(row, dz);
            }
        }
        gemm(
            (h, t, g4),
            &before_outputs,
            true,
            &d_z,
            false,
            1.0,
            &mut self.recurrent.grad,
        );
        gemm(
            (self.input.rows, t, g4),
            x,
            true,
            &d_z,
            false,
            1.0,
            &mut self.input.grad,
        );
        for row in d_z.chunks_exact(g4) {
            add(&mut self.bias.grad, row);
        }
        gemm(
            (t, g4, self.input.rows),
            &d_z,
            false,
            &self.input.value,
            true,
            0.0,
            d_x,
        );
    }
}
