//! Dense products: a weight matrix packed once, and its products with many vectors at a time.
//!
//! Every product `y_o = Σ_l W_ol · x_l` is one chain of fused multiply-adds over `l` in order,
//! from zero. Where the CPU has AVX2 and FMA, tiles of six vectors × sixteen outputs run in its
//! registers (a panel of sixteen outputs, 18 KB for 288 inputs, stays in the L1 cache while every
//! tile passes over it); elsewhere the same chains run one by one (`f32::mul_add`), with the
//! same bits.

/// Outputs per panel.
const PANEL: usize = 16;

/// A weight matrix `W` (`outputs × input`, row-major as models store it), packed by panels of
/// [`PANEL`] outputs: panel `p` holds, for each input `l`, `W[16p..16p + 16][l]` side by side
/// (zeros past the last output).
#[derive(Debug, Clone)]
pub(crate) struct Matrix {
    input: usize,
    outputs: usize,
    panels: Vec<f32>,
}

impl Matrix {
    /// `w` (`outputs × input` values, row-major) packed.
    ///
    /// # Panics
    /// When `w` does not hold `outputs × input` values (callers check shapes as they read).
    pub(crate) fn new(w: &[f32], outputs: usize, input: usize) -> Matrix {
        assert_eq!(w.len(), outputs * input, "a weight matrix of its shape");
        let count = outputs.div_ceil(PANEL);
        let mut panels = vec![0.0; count * input * PANEL];
        for (o, row) in w.chunks_exact(input.max(1)).enumerate().take(outputs) {
            let (p, j) = (o / PANEL, o % PANEL);
            for (l, &v) in row.iter().enumerate() {
                panels[(p * input + l) * PANEL + j] = v;
            }
        }
        Matrix {
            input,
            outputs,
            panels,
        }
    }

    /// The number of inputs.
    pub(crate) fn input(&self) -> usize {
        self.input
    }

    /// `out[t · outputs + o] = Σ_l W_ol · x_t[l]` for the `count` vectors
    /// `x_t = xs[t · stride ..][..input]` (overlapping when `stride < input`, as a sentence's
    /// windows do).
    ///
    /// # Panics
    /// When `xs` or `out` is too short.
    pub(crate) fn products(&self, xs: &[f32], stride: usize, count: usize, out: &mut [f32]) {
        assert!(
            out.len() >= count * self.outputs
                && (count == 0 || xs.len() >= (count - 1) * stride + self.input),
            "products: {count} vectors of {} in {} values",
            self.input,
            xs.len()
        );
        if count == 0 || self.outputs == 0 {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the CPU has AVX2 and FMA, checked just above; the lengths were asserted.
            unsafe { fused::products(self, xs, stride, count, out) };
            return;
        }
        for t in 0..count {
            let x = &xs[t * stride..t * stride + self.input];
            for o in 0..self.outputs {
                let (p, j) = (o / PANEL, o % PANEL);
                let panel = &self.panels[p * self.input * PANEL..(p + 1) * self.input * PANEL];
                out[t * self.outputs + o] = x
                    .iter()
                    .zip(panel.chunks_exact(PANEL))
                    .fold(0.0, |acc, (&x, w)| w[j].mul_add(x, acc));
            }
        }
    }
}

/// The AVX2 and FMA tiles of [`Matrix::products`].
#[cfg(target_arch = "x86_64")]
mod fused {
    use std::arch::x86_64::{
        __m256, _mm256_fmadd_ps, _mm256_loadu_ps, _mm256_set1_ps, _mm256_setzero_ps,
        _mm256_storeu_ps,
    };

    use super::{Matrix, PANEL};

    /// Vectors per tile: 6 × 2 accumulators, two panel halves and a broadcast in 16 registers.
    const VECTORS: usize = 6;

    /// # Safety
    /// The CPU has AVX2 and FMA; `xs` and `out` are as [`Matrix::products`] asserts them.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn products(
        m: &Matrix,
        xs: &[f32],
        stride: usize,
        count: usize,
        out: &mut [f32],
    ) {
        let (input, outputs) = (m.input, m.outputs);
        for p in 0..outputs.div_ceil(PANEL) {
            let panel = m.panels[p * input * PANEL..].as_ptr();
            let columns = PANEL.min(outputs - p * PANEL);
            for first in (0..count).step_by(VECTORS) {
                // A short last tile repeats its last vector; the repeats' products are dropped.
                let x: [*const f32; VECTORS] =
                    std::array::from_fn(|k| xs[(first + k).min(count - 1) * stride..].as_ptr());
                let mut low: [__m256; VECTORS] = [_mm256_setzero_ps(); VECTORS];
                let mut high: [__m256; VECTORS] = [_mm256_setzero_ps(); VECTORS];
                for l in 0..input {
                    // SAFETY: the panel holds input × 16 values; each x_t holds `input`.
                    unsafe {
                        let wl = _mm256_loadu_ps(panel.add(l * PANEL));
                        let wh = _mm256_loadu_ps(panel.add(l * PANEL + 8));
                        for t in 0..VECTORS {
                            let b = _mm256_set1_ps(*x[t].add(l));
                            low[t] = _mm256_fmadd_ps(b, wl, low[t]);
                            high[t] = _mm256_fmadd_ps(b, wh, high[t]);
                        }
                    }
                }
                for t in 0..VECTORS.min(count - first) {
                    let mut values = [0.0f32; PANEL];
                    // SAFETY: `values` holds sixteen.
                    unsafe {
                        _mm256_storeu_ps(values.as_mut_ptr(), low[t]);
                        _mm256_storeu_ps(values.as_mut_ptr().add(8), high[t]);
                    }
                    let at = (first + t) * outputs + p * PANEL;
                    out[at..at + columns].copy_from_slice(&values[..columns]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_are_the_chains_of_fused_multiply_adds_on_any_cpu() {
        // 37 outputs (three panels, the last partial), 21 inputs, 9 overlapping vectors.
        let (outputs, input, count, stride) = (37, 21, 9, 5);
        let w: Vec<f32> = (0..outputs * input)
            .map(|i| ((i * 7919 % 1000) as f32 - 500.0) / 317.0)
            .collect();
        let xs: Vec<f32> = (0..(count - 1) * stride + input)
            .map(|i| ((i * 104_729 % 997) as f32 - 498.0) / 211.0)
            .collect();
        let mut out = vec![f32::NAN; count * outputs];
        Matrix::new(&w, outputs, input).products(&xs, stride, count, &mut out);
        for t in 0..count {
            for o in 0..outputs {
                let chain = (0..input).fold(0.0f32, |acc, l| {
                    w[o * input + l].mul_add(xs[t * stride + l], acc)
                });
                assert_eq!(out[t * outputs + o].to_bits(), chain.to_bits(), "{t} {o}");
            }
        }
    }
}
