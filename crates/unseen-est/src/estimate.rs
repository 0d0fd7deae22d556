//! Zou et al.'s UnseenEst as the paper ran it (`borgr/unseenest` @ 5cd06af; spec
//! `unseenest-spec.md` §1.3).
//!
//! Given the fingerprint F₁…F_L of a sample of size S = Σ i·F_i:
//! 1. n = S·`samples_ratio`; F is padded with ⌈√L⌉ zeros to F'₁…F'_m;
//! 2. grid x_j = x_min·g^j, j = 0…K−1, with x_min = `low_percentage_bound`/(100 n),
//!    x_max = L/n and K = ⌈ln(x_max/x_min)/ln g⌉ + 1 (points above probability 1, which arise
//!    only when one item is the whole sample, are left out);
//! 3. expected fingerprint under a histogram h: E_i(h) = Σ_j h_j·Binom(i; n, x_j) — binomial, not
//!    Poisson;
//! 4. the LP: minimise Σ_i w_i |E_i(h) − F'_i| with w_i = 1/√(F'_i + 1), subject to h ≥ 0,
//!    Σ_j x_j h_j = S/n and Σ_j h_j ≤ N_max;
//! 5. the result is h_j for every grid point, in grid order.
//!
//! Binomial coefficients below 10⁻⁹ of their row's largest are set to zero before solving: they
//! span down to 10⁻⁴⁰ and stall the simplex solver, while changing no expected count by more than
//! 10⁻⁹ of its size (spec §4).

use crate::lp::Programme;
use crate::{Error, Fingerprint, Histogram};
use reference_stats::ln_gamma;

/// The estimator's parameters, with the defaults the paper used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Ratio g of the geometric grid (`-g`, 1.05).
    pub grid_factor: f64,
    /// Scales the lowest grid point: x_min = l/(100 n) (`-l`, 1).
    pub low_percentage_bound: f64,
    /// Upper bound on the number of distinct items, Σ h (`-n`, 6.5·10⁷).
    pub n_max: f64,
    /// n = S × this ratio (`-s`, 1: n is the sample size and the target mass is 1).
    pub samples_ratio: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            grid_factor: 1.05,
            low_percentage_bound: 1.0,
            n_max: 6.5e7,
            samples_ratio: 1.0,
        }
    }
}

/// Coefficients below this fraction of their row's largest are dropped (module docs).
const PRUNE: f64 = 1e-9;

/// UnseenEst of the fingerprint file at `path` ([`Fingerprint::read`], then [`estimate`]).
pub fn estimate_file(
    path: impl AsRef<std::path::Path>,
    params: &Params,
) -> Result<Histogram, Error> {
    estimate(&Fingerprint::read(path)?, params)
}

/// The geometric grid of step 2.
pub fn grid(fingerprint: &Fingerprint, params: &Params) -> Result<Vec<f64>, Error> {
    let n = draws(fingerprint, params)?;
    let x_min = params.low_percentage_bound / (100.0 * n);
    let x_max = fingerprint.len() as f64 / n;
    let k = ((x_max / x_min).ln() / params.grid_factor.ln()).ceil() as usize + 1;
    // The last point can pass 1 when one item makes up the whole sample (L = n); the reference's
    // binomial coefficients are NaN there, so such points are left out.
    Ok((0..k)
        .map(|j| x_min * params.grid_factor.powf(j as f64))
        .filter(|&x| x <= 1.0)
        .collect())
}

fn draws(fingerprint: &Fingerprint, params: &Params) -> Result<f64, Error> {
    let positive = |v: f64| v.is_finite() && v > 0.0;
    if !positive(params.grid_factor - 1.0) {
        return Err(Error::InvalidParams(format!(
            "grid factor {} must be > 1",
            params.grid_factor
        )));
    }
    if !positive(params.low_percentage_bound) || !positive(params.samples_ratio) {
        return Err(Error::InvalidParams(
            "low_percentage_bound and samples_ratio must be positive".into(),
        ));
    }
    if params.n_max.is_nan() || params.n_max <= 0.0 {
        return Err(Error::InvalidParams("n_max must be positive".into()));
    }
    Ok(fingerprint.sample_size() as f64 * params.samples_ratio)
}

/// Binom(i; n, x) = C(n, i) xⁱ (1 − x)ⁿ⁻ⁱ, 0 for i > n; at x = 0 and x = 1 the point masses at
/// i = 0 and i = n.
pub fn binomial_pmf(i: u64, n: f64, x: f64) -> f64 {
    let i_f = i as f64;
    if i_f > n {
        return 0.0;
    }
    if x <= 0.0 || x >= 1.0 {
        let certain = if x <= 0.0 { 0.0 } else { n };
        return if i_f == certain { 1.0 } else { 0.0 };
    }
    let ln_choose = ln_gamma(n + 1.0) - ln_gamma(i_f + 1.0) - ln_gamma(n - i_f + 1.0);
    (ln_choose + i_f * x.ln() + (n - i_f) * (-x).ln_1p()).exp()
}

/// The weighted discrepancy Σ_i w_i |E_i(h) − F'_i| of any histogram (its x need not lie on the
/// grid): the quantity the LP minimises.
pub fn objective(
    fingerprint: &Fingerprint,
    histogram: &Histogram,
    params: &Params,
) -> Result<f64, Error> {
    let (x, h): (Vec<f64>, Vec<f64>) = histogram.bins().iter().copied().unzip();
    let (coefficients, observed, weights) =
        programme_rows(fingerprint, &x, draws(fingerprint, params)?, false);
    let programme = Programme {
        coefficients: &coefficients,
        observed: &observed,
        weights: &weights,
        grid: &x,
        mass: 0.0,
        support: params.n_max,
    };
    Ok(programme.objective(&h))
}

/// Padded fingerprint F', weights and binomial coefficients for the probabilities `x`, pruned
/// for the solver when `prune`.
fn programme_rows(
    fingerprint: &Fingerprint,
    x: &[f64],
    n: f64,
    prune: bool,
) -> (Vec<Vec<f64>>, Vec<f64>, Vec<f64>) {
    let padding = (fingerprint.len() as f64).sqrt().ceil() as usize;
    let observed: Vec<f64> = fingerprint
        .counts()
        .iter()
        .map(|&c| c as f64)
        .chain(std::iter::repeat_n(0.0, padding))
        .collect();
    let weights: Vec<f64> = observed.iter().map(|f| 1.0 / (f + 1.0).sqrt()).collect();
    let coefficients: Vec<Vec<f64>> = (1..=observed.len() as u64)
        .map(|i| {
            let row: Vec<f64> = x.iter().map(|&x| binomial_pmf(i, n, x)).collect();
            let largest = row.iter().copied().fold(0.0, f64::max);
            let threshold = if prune { PRUNE * largest } else { 0.0 };
            row.into_iter()
                .map(|b| if b < threshold { 0.0 } else { b })
                .collect()
        })
        .collect();
    (coefficients, observed, weights)
}

/// Zou's UnseenEst (module docs): the estimated histogram of the population the fingerprint was
/// sampled from.
pub fn estimate(fingerprint: &Fingerprint, params: &Params) -> Result<Histogram, Error> {
    let n = draws(fingerprint, params)?;
    let grid = grid(fingerprint, params)?;
    let (coefficients, observed, weights) = programme_rows(fingerprint, &grid, n, true);
    let programme = Programme {
        coefficients: &coefficients,
        observed: &observed,
        weights: &weights,
        grid: &grid,
        mass: fingerprint.sample_size() as f64 / n,
        support: params.n_max,
    };
    let (h, _) = programme.solve()?;
    Ok(Histogram::new(grid.into_iter().zip(h).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_probabilities() {
        assert!((binomial_pmf(2, 4.0, 0.5) - 0.375).abs() < 1e-13);
        assert_eq!(binomial_pmf(5, 4.0, 0.5), 0.0);
        let total: f64 = (0..=50).map(|i| binomial_pmf(i, 50.0, 0.13)).sum();
        assert!((total - 1.0).abs() < 1e-13);
    }

    #[test]
    fn invalid_parameters_are_errors() {
        let f = Fingerprint::new(vec![3, 1]).unwrap();
        for params in [
            Params {
                grid_factor: 1.0,
                ..Params::default()
            },
            Params {
                grid_factor: f64::NAN,
                ..Params::default()
            },
            Params {
                low_percentage_bound: 0.0,
                ..Params::default()
            },
            Params {
                samples_ratio: -1.0,
                ..Params::default()
            },
            Params {
                n_max: f64::NAN,
                ..Params::default()
            },
        ] {
            assert!(
                matches!(estimate(&f, &params), Err(Error::InvalidParams(_))),
                "{params:?}"
            );
        }
    }

    #[test]
    fn grid_matches_the_actual_file() {
        let f = Fingerprint::new(vec![15, 2, 1, 0, 1, 1, 1, 0, 0, 1]).unwrap();
        let g = grid(&f, &Params::default()).unwrap();
        assert_eq!(g.len(), 143);
        assert!((g[0] - 0.0002).abs() < 1e-18);
        assert!((g[142] - 0.204131705276).abs() < 1e-11);
    }
}
