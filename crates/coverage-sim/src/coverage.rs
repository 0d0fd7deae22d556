//! The expected coverage of M references: the probability that a valid correction drawn from a
//! sentence's distribution of corrections is among M references drawn from the same
//! distribution (LCB paper §2.2) — computed exactly from an estimated histogram.

use serde::Serialize;
use unseen_est::Histogram;

/// How the M references are drawn from the distribution of corrections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Sampling {
    /// Independently: references may repeat (the paper's main figure, "repeat").
    WithReplacement = 0,
    /// M distinct corrections, each drawn in proportion to its probability among those not yet
    /// drawn.
    WithoutReplacement = 1,
}

/// The exact expected coverage with replacement,
///
/// ```text
/// coverage(M) = Σ_j h_j · x_j · (1 − (1 − x_j)^M),
/// ```
///
/// the probability that a correction y drawn from the distribution is among M independent
/// references: a correction of probability x is missed by one reference with probability 1 − x
/// and by all M with (1 − x)^M, and the h_j corrections of probability x_j are drawn as y with
/// total probability h_j·x_j. For an estimate with fractional h_j this is the same sum, linear in
/// the counts (the expected coverage when h_j is the expected number of such corrections).
pub fn with_replacement(histogram: &Histogram, m: usize) -> f64 {
    histogram.bins().iter().fold(0.0, |total, &(x, h)| {
        total + h * x * (1.0 - (1.0 - x).powi(m as i32))
    })
}

/// The number of Gauss–Legendre panels over ln t in [`without_replacement`].
const PANELS: usize = 24;

/// The exact expected coverage of M references drawn **without** replacement, for every
/// M = 0…`max_m` (`result[m]`), by successive sampling: each reference is a correction not yet
/// drawn, chosen with probability proportional to its probability x.
///
/// Successive sampling in proportion to x is the order of independent exponential arrival times
/// T_c ~ Exp(x_c), so a correction c is among the first M iff fewer than M others arrived before
/// T_c:
///
/// ```text
/// coverage(M) = Σ_c x_c · π_c(M),   π_c(M) = ∫₀^∞ x_c e^{−x_c t} · P(D_{−c}(t) ≤ M − 1) dt,
/// ```
///
/// where D_{−c}(t) counts the other corrections arrived by t. A row j holds ⌊h_j⌋ corrections
/// and, for a fractional estimate, one more that **exists with probability** h_j − ⌊h_j⌋ (so
/// the expected number is h_j; rows with h_j ≤ 0, LP round-off of order 10⁻⁸, hold none). Each
/// row then adds Binomial(⌊h_j⌋, 1 − e^{−x_j t}) + Bernoulli((h_j − ⌊h_j⌋)(1 − e^{−x_j t}))
/// to D, whose distribution up to M − 1 is a truncated convolution over rows; prefix and suffix
/// products leave out the correction c's own row. The integral runs over ln t by 6-point
/// Gauss–Legendre on `PANELS` panels from t = 10⁻⁷/Σhx (below which D = 0 almost surely and
/// the integral is 1 − e^{−x t}) to 40/min x (beyond which e^{−x t} < 10⁻¹⁷); against
/// enumeration of small integer populations it is accurate to 10⁻⁹.
///
/// This reading of fractional rows is the authors' procedure in expectation up to their
/// Monte-Carlo error on the 96 estimates (see `fig-accuracy`); for integer h it is exact.
pub fn without_replacement(histogram: &Histogram, max_m: usize) -> Vec<f64> {
    let rows: Vec<(f64, usize, f64)> = histogram
        .bins()
        .iter()
        .filter(|&&(_, h)| h > 0.0)
        .map(|&(x, h)| (x, h.floor() as usize, h - h.floor()))
        .collect();
    let mut result = vec![0.0; max_m + 1];
    if rows.is_empty() || max_m == 0 {
        return result;
    }
    let mass: f64 = rows.iter().map(|&(x, n, f)| x * (n as f64 + f)).sum();
    let x_min = rows.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
    let (t_low, t_high) = (1e-7 / mass, 40.0 / x_min);
    for &(x, n, f) in &rows {
        let early = (n as f64 + f) * x * -(-x * t_low).exp_m1();
        for r in &mut result[1..] {
            *r += early;
        }
    }
    let (u_low, u_high) = (t_low.ln(), t_high.ln());
    let width = (u_high - u_low) / PANELS as f64;
    let mut counts = Truncated::new(max_m);
    for panel in 0..PANELS {
        for (node, weight) in GAUSS_LEGENDRE_6 {
            let u = u_low + width * (panel as f64 + 0.5 + 0.5 * node);
            let t = u.exp();
            // dt = t du; the panel maps [−1, 1] to a width of `width`.
            let dt = t * weight * 0.5 * width;
            counts.accumulate(&rows, t, dt, &mut result[1..]);
        }
    }
    result
}

/// Nodes and weights of the 6-point Gauss–Legendre rule on [−1, 1].
const GAUSS_LEGENDRE_6: [(f64, f64); 6] = [
    (-0.932_469_514_203_152, 0.171_324_492_379_170_35),
    (-0.661_209_386_466_264_5, 0.360_761_573_048_138_6),
    (-0.238_619_186_083_196_9, 0.467_913_934_572_691_04),
    (0.238_619_186_083_196_9, 0.467_913_934_572_691_04),
    (0.661_209_386_466_264_5, 0.360_761_573_048_138_6),
    (0.932_469_514_203_152, 0.171_324_492_379_170_35),
];

/// Count distributions truncated to 0…len−1, with the buffers reused across quadrature nodes.
struct Truncated {
    len: usize,
    factors: Vec<Vec<f64>>,
    prefix: Vec<Vec<f64>>,
    suffix: Vec<Vec<f64>>,
}

impl Truncated {
    fn new(len: usize) -> Truncated {
        Truncated {
            len,
            factors: Vec::new(),
            prefix: Vec::new(),
            suffix: Vec::new(),
        }
    }

    fn unit(&self) -> Vec<f64> {
        let mut v = vec![0.0; self.len];
        v[0] = 1.0;
        v
    }

    /// P(Binomial(n, p) = k) for k < len, with ln(1 − p) = −x t given exactly.
    fn binomial(&self, n: usize, x: f64, t: f64) -> Vec<f64> {
        let mut v = vec![0.0; self.len];
        let ln_p = (-(-x * t).exp_m1()).ln();
        let mut ln_choose = 0.0;
        for (k, slot) in v.iter_mut().enumerate().take(n + 1) {
            if k > 0 {
                ln_choose += ((n - k + 1) as f64 / k as f64).ln();
            }
            *slot = (ln_choose + k as f64 * ln_p - (n - k) as f64 * x * t).exp();
        }
        v
    }

    fn with_bernoulli(&self, mut v: Vec<f64>, q: f64) -> Vec<f64> {
        for k in (0..self.len).rev() {
            v[k] = v[k] * (1.0 - q) + if k > 0 { v[k - 1] * q } else { 0.0 };
        }
        v
    }

    fn convolve(&self, a: &[f64], b: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; self.len];
        for (i, &ai) in a.iter().enumerate().filter(|&(_, &ai)| ai != 0.0) {
            for (o, &bj) in out[i..].iter_mut().zip(b) {
                *o += ai * bj;
            }
        }
        out
    }

    /// Adds, for one quadrature node t with weight dt, every row's x·h·x e^{−x t}·P(D ≤ M − 1)
    /// to `coverage[M − 1]`.
    fn accumulate(&mut self, rows: &[(f64, usize, f64)], t: f64, dt: f64, coverage: &mut [f64]) {
        let arrived = |x: f64| -(-x * t).exp_m1();
        self.factors = rows
            .iter()
            .map(|&(x, n, f)| self.with_bernoulli(self.binomial(n, x, t), f * arrived(x)))
            .collect();
        self.prefix = vec![self.unit()];
        for factor in &self.factors {
            let next = self.convolve(self.prefix.last().expect("starts non-empty"), factor);
            self.prefix.push(next);
        }
        self.suffix = vec![self.unit()];
        for factor in self.factors.iter().rev() {
            let next = self.convolve(self.suffix.last().expect("starts non-empty"), factor);
            self.suffix.push(next);
        }
        self.suffix.reverse();
        for (j, &(x, n, f)) in rows.iter().enumerate() {
            let others = self.convolve(&self.prefix[j], &self.suffix[j + 1]);
            let density = x * (-x * t).exp() * dt;
            let mut add = |own: Vec<f64>, weight: f64| {
                let mut cumulative = 0.0;
                for (slot, p) in coverage.iter_mut().zip(self.convolve(&others, &own)) {
                    cumulative += p;
                    *slot += weight * density * cumulative;
                }
            };
            if n > 0 {
                let own = self.with_bernoulli(self.binomial(n - 1, x, t), f * arrived(x));
                add(own, n as f64 * x);
            }
            if f > 0.0 {
                add(self.binomial(n, x, t), f * x);
            }
        }
    }
}

/// A sentence's exact coverage for M = 0…`max_m` (`result[m]`) under `sampling`, as a
/// probability: an LP estimate's total mass is 1 only up to ~10⁻¹¹, so values are clamped to
/// [0, 1].
pub fn curve(histogram: &Histogram, max_m: usize, sampling: Sampling) -> Vec<f64> {
    let values = match sampling {
        Sampling::WithReplacement => (0..=max_m)
            .map(|m| with_replacement(histogram, m))
            .collect(),
        Sampling::WithoutReplacement => without_replacement(histogram, max_m),
    };
    values.into_iter().map(|p| p.clamp(0.0, 1.0)).collect()
}
