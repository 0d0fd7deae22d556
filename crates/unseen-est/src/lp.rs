//! The one place the LP solver (microlp) is called: the UnseenEst programme in equality form,
//! solved and then checked independently of the solver.

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};

use crate::Error;

/// The programme: minimise Σ_i w_i (e⁺_i + e⁻_i) over h ≥ 0, e± ≥ 0 subject to
/// Σ_j b_ij h_j − e⁺_i + e⁻_i = f_i (every fingerprint row), Σ_j x_j h_j = mass and
/// Σ_j h_j ≤ support.
pub(crate) struct Programme<'a> {
    /// Expected-count coefficients b_ij, row-major (rows i, columns j).
    pub(crate) coefficients: &'a [Vec<f64>],
    /// Observed (padded) fingerprint f_i.
    pub(crate) observed: &'a [f64],
    /// Weights w_i.
    pub(crate) weights: &'a [f64],
    /// Grid x_j.
    pub(crate) grid: &'a [f64],
    /// Required Σ x·h.
    pub(crate) mass: f64,
    /// Upper bound on Σ h.
    pub(crate) support: f64,
}

/// Post-solve tolerances (spec `unseenest-spec.md` §4).
const MASS_TOLERANCE: f64 = 1e-6;
const NEGATIVE_TOLERANCE: f64 = -1e-9;

impl Programme<'_> {
    /// The discrepancy Σ_i w_i |Σ_j b_ij h_j − f_i| of a histogram.
    pub(crate) fn objective(&self, h: &[f64]) -> f64 {
        self.coefficients
            .iter()
            .zip(self.observed)
            .zip(self.weights)
            .map(|((row, f), w)| w * (row.iter().zip(h).map(|(b, h)| b * h).sum::<f64>() - f).abs())
            .sum()
    }

    /// Solves and verifies: h_j for every grid point, and the objective.
    pub(crate) fn solve(&self) -> Result<(Vec<f64>, f64), Error> {
        let mut problem = Problem::new(OptimizationDirection::Minimize);
        let h: Vec<_> = self
            .grid
            .iter()
            .map(|_| problem.add_var(0.0, (0.0, f64::INFINITY)))
            .collect();
        for ((row, &f), &w) in self
            .coefficients
            .iter()
            .zip(self.observed)
            .zip(self.weights)
        {
            let over = problem.add_var(w, (0.0, f64::INFINITY));
            let under = problem.add_var(w, (0.0, f64::INFINITY));
            let mut terms: Vec<(microlp::Variable, f64)> = h
                .iter()
                .zip(row)
                .filter(|(_, b)| **b != 0.0)
                .map(|(v, b)| (*v, *b))
                .collect();
            terms.push((over, -1.0));
            terms.push((under, 1.0));
            problem.add_constraint(terms, ComparisonOp::Eq, f);
        }
        problem.add_constraint(
            h.iter().zip(self.grid).map(|(v, x)| (*v, *x)),
            ComparisonOp::Eq,
            self.mass,
        );
        problem.add_constraint(h.iter().map(|v| (*v, 1.0)), ComparisonOp::Le, self.support);
        let solution = match problem.solve() {
            Ok(SolveOutcome::Solution(s)) => s,
            Ok(SolveOutcome::Interrupted(_)) => {
                return Err(Error::Solver("the solver was interrupted".into()));
            }
            Err(e) => return Err(Error::Solver(e.to_string())),
        };
        let mut values: Vec<f64> = h.iter().map(|v| solution.var_value(*v)).collect();
        if let Some(bad) = values.iter().find(|&&v| v < NEGATIVE_TOLERANCE) {
            return Err(Error::Solver(format!("negative histogram entry {bad}")));
        }
        for v in &mut values {
            *v = v.max(0.0);
        }
        let mass: f64 = values.iter().zip(self.grid).map(|(h, x)| h * x).sum();
        if (mass - self.mass).abs() > MASS_TOLERANCE {
            return Err(Error::Solver(format!(
                "total mass {mass} instead of {}",
                self.mass
            )));
        }
        let objective = self.objective(&values);
        let reported = solution.objective();
        if (objective - reported).abs() > 1e-6 * objective.abs().max(1.0) {
            return Err(Error::Solver(format!(
                "objective {reported} reported, {objective} recomputed"
            )));
        }
        Ok((values, objective))
    }
}
