//! Dense parameters of the neural classifier: row-major matrices with their gradients and Adam
//! moments, and the one matrix product everything else is built on.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// `c (m×n) = beta·c + a·b`, every matrix row-major; `a` is `m×k` (or `k×m` read transposed when
/// `ta`), `b` is `k×n` (or `n×k` when `tb`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn gemm(
    (m, k, n): (usize, usize, usize),
    a: &[f32],
    ta: bool,
    b: &[f32],
    tb: bool,
    beta: f32,
    c: &mut [f32],
) {
    debug_assert!(a.len() >= m * k && b.len() >= k * n && c.len() >= m * n);
    if m == 0 || n == 0 {
        return;
    }
    let (rsa, csa) = if ta { (1, m as isize) } else { (k as isize, 1) };
    let (rsb, csb) = if tb { (1, k as isize) } else { (n as isize, 1) };
    // SAFETY: the strides above address only elements inside `a` (m·k), `b` (k·n) and `c` (m·n),
    // whose lengths were checked; `c` does not alias `a` or `b` (a `&mut` borrow).
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            rsa,
            csa,
            b.as_ptr(),
            rsb,
            csb,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

/// Defines an elementwise vector routine twice: as written, and compiled for AVX2 where the CPU
/// has it (checked when called). The order of operations is the same and no multiply-add is
/// fused, so both give the same bits; AVX2 only makes the vectors wider.
macro_rules! vectorised {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $body:block) => {
        $(#[$doc])*
        pub(crate) fn $name($($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                unsafe fn wide($($arg: $ty),*) $body
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2, checked just above.
                    return unsafe { wide($($arg),*) };
                }
            }
            $body
        }
    };
}

vectorised! {
    /// `out += x · W` for a row vector `x` (length `rows`) and a row-major `rows×cols` matrix.
    fn add_row_times(out: &mut [f32], x: &[f32], w: &[f32]) {
        let cols = out.len();
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                for (y, &wv) in out.iter_mut().zip(&w[i * cols..(i + 1) * cols]) {
                    *y += xi * wv;
                }
            }
        }
    }
}

vectorised! {
    /// `y += a·x`.
    fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
        for (y, &x) in y.iter_mut().zip(x) {
            *y += a * x;
        }
    }
}

vectorised! {
    /// `y += x`.
    fn add(y: &mut [f32], x: &[f32]) {
        for (y, &x) in y.iter_mut().zip(x) {
            *y += x;
        }
    }
}

/// A trainable matrix: values, the gradient being accumulated, and Adam's moments. A lookup
/// table (`sparse`) updates only the rows whose gradient was touched since the last step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Param {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) value: Vec<f32>,
    pub(crate) grad: Vec<f32>,
    first: Vec<f32>,
    second: Vec<f32>,
    sparse: bool,
    touched: Vec<u32>,
    marked: Vec<bool>,
    steps: Vec<u32>,
}

/// Adam's settings (Kingma & Ba 2015) with gradient-norm clipping per step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Adam {
    pub(crate) rate: f32,
    pub(crate) beta1: f32,
    pub(crate) beta2: f32,
    pub(crate) epsilon: f32,
}

impl Default for Adam {
    fn default() -> Adam {
        Adam {
            rate: 1e-3,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
        }
    }
}

impl Param {
    /// A `rows×cols` matrix drawn uniformly from ±`scale` with `rng`; zeros without one (a matrix
    /// whose values are about to be read from a file).
    pub(crate) fn uniform(rows: usize, cols: usize, scale: f32, rng: Option<&mut Pcg64>) -> Param {
        let value = match rng {
            Some(rng) => (0..rows * cols)
                .map(|_| rng.random_range(-scale..=scale))
                .collect(),
            None => vec![0.0; rows * cols],
        };
        Param::from_values(rows, cols, value)
    }

    /// Glorot's initialisation for a `rows×cols` weight matrix (zeros without `rng`).
    pub(crate) fn glorot(rows: usize, cols: usize, rng: Option<&mut Pcg64>) -> Param {
        Param::uniform(rows, cols, (6.0 / (rows + cols) as f32).sqrt(), rng)
    }

    /// A lookup table of `rows` vectors of `cols`, updated row by row (zeros without `rng`).
    pub(crate) fn table(rows: usize, cols: usize, rng: Option<&mut Pcg64>) -> Param {
        Param {
            sparse: true,
            ..Param::uniform(rows, cols, (3.0 / cols as f32).sqrt(), rng)
        }
    }

    /// A matrix with these values (no gradient yet).
    pub(crate) fn from_values(rows: usize, cols: usize, value: Vec<f32>) -> Param {
        debug_assert_eq!(value.len(), rows * cols);
        Param {
            rows,
            cols,
            value,
            grad: Vec::new(),
            first: Vec::new(),
            second: Vec::new(),
            sparse: false,
            touched: Vec::new(),
            marked: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// Row `i` of the values.
    pub(crate) fn row(&self, i: usize) -> &[f32] {
        &self.value[i * self.cols..(i + 1) * self.cols]
    }

    /// Makes room for a gradient (training only: a parser never allocates one).
    pub(crate) fn start_training(&mut self) {
        let n = self.value.len();
        self.grad = vec![0.0; n];
        self.first = vec![0.0; n];
        self.second = vec![0.0; n];
        if self.sparse {
            self.steps = vec![0; self.rows];
            self.marked = vec![false; self.rows];
        }
    }

    /// The gradient of row `i`, marked for the next step.
    pub(crate) fn grad_row(&mut self, i: usize) -> &mut [f32] {
        if self.sparse && !self.marked[i] {
            self.marked[i] = true;
            self.touched.push(i as u32);
        }
        &mut self.grad[i * self.cols..(i + 1) * self.cols]
    }

    /// The squared norm of the pending gradient.
    pub(crate) fn grad_norm2(&self) -> f64 {
        if self.sparse {
            self.touched
                .iter()
                .flat_map(|&r| &self.grad[r as usize * self.cols..(r as usize + 1) * self.cols])
                .map(|&g| f64::from(g) * f64::from(g))
                .sum()
        } else {
            self.grad.iter().map(|&g| f64::from(g) * f64::from(g)).sum()
        }
    }

    /// One Adam step of the pending gradient times `scale` (step `t`, 1-based), which is then
    /// cleared. A table's rows count their own steps, so a rare word is not moved as if it had
    /// seen every sentence's decay.
    pub(crate) fn step(&mut self, adam: Adam, t: u32, scale: f32) {
        let cols = self.cols;
        let update = |range: std::ops::Range<usize>, t: u32, p: &mut Param| {
            let c1 = 1.0 - adam.beta1.powi(t as i32);
            let c2 = 1.0 - adam.beta2.powi(t as i32);
            for i in range {
                let g = p.grad[i] * scale;
                p.grad[i] = 0.0;
                p.first[i] = adam.beta1 * p.first[i] + (1.0 - adam.beta1) * g;
                p.second[i] = adam.beta2 * p.second[i] + (1.0 - adam.beta2) * g * g;
                p.value[i] -=
                    adam.rate * (p.first[i] / c1) / ((p.second[i] / c2).sqrt() + adam.epsilon);
            }
        };
        if self.sparse {
            let mut touched = std::mem::take(&mut self.touched);
            touched.sort_unstable();
            for &r in &touched {
                let r = r as usize;
                self.marked[r] = false;
                self.steps[r] += 1;
                let t = self.steps[r];
                update(r * cols..(r + 1) * cols, t, self);
            }
            touched.clear();
            self.touched = touched;
        } else {
            update(0..self.value.len(), t, self);
        }
    }
}

/// The generator of a named part of the initialisation, so adding a part does not move the others.
pub(crate) fn part_rng(seed: u64, part: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed ^ part.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemm_transposes() {
        // a = [[1, 2], [3, 4]], b = [[5, 6], [7, 8]].
        let a = [1.0, 2.0, 3.0, 4.0];
        let b = [5.0, 6.0, 7.0, 8.0];
        let mut c = [0.0; 4];
        gemm((2, 2, 2), &a, false, &b, false, 0.0, &mut c);
        assert_eq!(c, [19.0, 22.0, 43.0, 50.0]);
        gemm((2, 2, 2), &a, true, &b, false, 0.0, &mut c);
        assert_eq!(c, [26.0, 30.0, 38.0, 44.0]);
        gemm((2, 2, 2), &a, false, &b, true, 1.0, &mut c);
        assert_eq!(c, [26.0 + 17.0, 30.0 + 23.0, 38.0 + 39.0, 44.0 + 53.0]);
        let mut row = [1.0, 1.0];
        add_row_times(&mut row, &[1.0, 2.0], &b);
        assert_eq!(row, [20.0, 23.0]);
    }
}
