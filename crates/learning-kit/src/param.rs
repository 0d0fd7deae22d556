//! Trainable dense parameters: a matrix with its gradient, Adam's moments and an optional moving
//! average of its values, updated in place; and the seeded generator of each named part of a
//! model's initialisation.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// A trainable matrix: values, the gradient being accumulated, and Adam's moments. A lookup
/// table (`sparse`) updates only the rows whose gradient was touched since the last step.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The values, `rows × cols`, row-major.
    pub value: Vec<f32>,
    /// The gradient accumulated since the last step, shaped as `value`.
    pub grad: Vec<f32>,
    first: Vec<f32>,
    second: Vec<f32>,
    sparse: bool,
    touched: Vec<u32>,
    marked: Vec<bool>,
    steps: Vec<u32>,
    /// The exponential moving average of the values (empty unless averaging).
    average: Vec<f32>,
    /// A table's rows: the step their average was last brought up to (between two steps that
    /// touch a row its value does not change, so the average catches up in one go).
    averaged_at: Vec<u32>,
}

/// Adam's settings (Kingma & Ba 2015) with gradient-norm clipping per step.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Adam {
    /// The learning rate α.
    pub rate: f32,
    /// The decay β₁ of the first moment.
    pub beta1: f32,
    /// The decay β₂ of the second moment.
    pub beta2: f32,
    /// ε, added to the second moment's root.
    pub epsilon: f32,
}

impl Adam {
    /// These settings with learning rate `rate`.
    pub fn with_rate(self, rate: f32) -> Adam {
        Adam { rate, ..self }
    }
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
    pub fn uniform(rows: usize, cols: usize, scale: f32, rng: Option<&mut Pcg64>) -> Param {
        let value = match rng {
            Some(rng) => (0..rows * cols)
                .map(|_| rng.random_range(-scale..=scale))
                .collect(),
            None => vec![0.0; rows * cols],
        };
        Param::from_values(rows, cols, value)
    }

    /// Glorot's initialisation for a `rows×cols` weight matrix (zeros without `rng`).
    pub fn glorot(rows: usize, cols: usize, rng: Option<&mut Pcg64>) -> Param {
        Param::uniform(rows, cols, (6.0 / (rows + cols) as f32).sqrt(), rng)
    }

    /// A lookup table of `rows` vectors of `cols`, updated row by row (zeros without `rng`).
    pub fn table(rows: usize, cols: usize, rng: Option<&mut Pcg64>) -> Param {
        Param {
            sparse: true,
            ..Param::uniform(rows, cols, (3.0 / cols as f32).sqrt(), rng)
        }
    }

    /// A matrix with these values (no gradient yet).
    pub fn from_values(rows: usize, cols: usize, value: Vec<f32>) -> Param {
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
            average: Vec::new(),
            averaged_at: Vec::new(),
        }
    }

    /// Row `i` of the values.
    pub fn row(&self, i: usize) -> &[f32] {
        &self.value[i * self.cols..(i + 1) * self.cols]
    }

    /// Makes room for a gradient (training only: a parser never allocates one).
    pub fn start_training(&mut self) {
        let n = self.value.len();
        self.grad = vec![0.0; n];
        self.first = vec![0.0; n];
        self.second = vec![0.0; n];
        if self.sparse {
            self.steps = vec![0; self.rows];
            self.marked = vec![false; self.rows];
        }
    }

    /// Starts an exponential moving average of the values, from the values now.
    pub fn start_averaging(&mut self) {
        self.average = self.value.clone();
        if self.sparse {
            self.averaged_at = vec![0; self.rows];
        }
    }

    /// The moving average with decay `decay` as of step `t` (what [`Param::step`] keeps when
    /// averaging): Polyak averaging, ā_t = d·ā_{t−1} + (1 − d)·v_t, so a table row untouched for k
    /// steps has ā = v + (ā_old − v)·d^k.
    pub fn averaged(&self, decay: f32, t: u32) -> Vec<f32> {
        let mut average = self.average.clone();
        if self.sparse {
            for r in 0..self.rows {
                let range = r * self.cols..(r + 1) * self.cols;
                catch_up(
                    &mut average[range.clone()],
                    &self.value[range],
                    decay,
                    t - self.averaged_at[r],
                );
            }
        }
        average
    }

    /// The gradient of row `i`, marked for the next step.
    pub fn grad_row(&mut self, i: usize) -> &mut [f32] {
        if self.sparse && !self.marked[i] {
            self.marked[i] = true;
            self.touched.push(i as u32);
        }
        &mut self.grad[i * self.cols..(i + 1) * self.cols]
    }

    /// The squared norm of the pending gradient.
    pub fn grad_norm2(&self) -> f64 {
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
    /// cleared; with `average` (a decay) the moving average follows the new values. A table's
    /// rows count their own steps, so a rare word is not moved as if it had seen every sentence's
    /// decay.
    pub fn step(&mut self, adam: Adam, t: u32, scale: f32, average: Option<f32>) {
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
                let range = r * cols..(r + 1) * cols;
                if let Some(decay) = average {
                    // Up to the step before this one, while the row still had its old value.
                    let behind = t - 1 - self.averaged_at[r];
                    catch_up(
                        &mut self.average[range.clone()],
                        &self.value[range.clone()],
                        decay,
                        behind,
                    );
                    self.averaged_at[r] = t;
                }
                update(range.clone(), self.steps[r], self);
                if let Some(decay) = average {
                    catch_up(
                        &mut self.average[range.clone()],
                        &self.value[range],
                        decay,
                        1,
                    );
                }
            }
            touched.clear();
            self.touched = touched;
        } else {
            update(0..self.value.len(), t, self);
            if let Some(decay) = average {
                catch_up(&mut self.average, &self.value, decay, 1);
            }
        }
    }
}

/// `steps` steps of a moving average with decay `decay` towards values that stayed `value`:
/// ā ← v + (ā − v)·decay^steps.
fn catch_up(average: &mut [f32], value: &[f32], decay: f32, steps: u32) {
    if steps == 0 {
        return;
    }
    let keep = decay.powi(steps as i32);
    for (a, &v) in average.iter_mut().zip(value) {
        *a = v + (*a - v) * keep;
    }
}

/// The generator of a named part of the initialisation, so adding a part does not move the others.
pub fn part_rng(seed: u64, part: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed ^ part.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table's rows catch up on the steps that did not touch them: the same average as
    /// updating every row after every step.
    #[test]
    fn lazy_average_of_a_table_is_the_moving_average() {
        let decay = 0.8;
        let mut rng = part_rng(5, 1);
        let mut table = Param::table(3, 2, Some(&mut rng));
        table.start_training();
        table.start_averaging();
        let mut eager = table.value.clone();
        for (t, touched) in [[0usize].as_slice(), &[1], &[0, 2], &[0], &[]]
            .into_iter()
            .enumerate()
        {
            for &r in touched {
                table.grad_row(r).copy_from_slice(&[0.5, -1.0]);
            }
            table.step(Adam::default(), t as u32 + 1, 1.0, Some(decay));
            for (a, &v) in eager.iter_mut().zip(&table.value) {
                *a = decay * *a + (1.0 - decay) * v;
            }
        }
        let lazy = table.averaged(decay, 5);
        for (l, e) in lazy.iter().zip(&eager) {
            assert!((l - e).abs() < 1e-6, "{lazy:?} {eager:?}");
        }
        assert_ne!(lazy, table.value);
    }
}
