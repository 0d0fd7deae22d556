//! Statistics as the reference tools compute them, operation for operation, so that the numbers
//! gecbias reports equal the published scripts' to the last bit: one home for every correlation,
//! distribution and summation the workspace uses.
//!
//! * Correlations: [`pearson`]; Spearman's ρ three ways, each named for the tool whose numbers
//!   it gives — [`spearman_gjg15`], [`spearman_average_ranks`], [`spearman_scipy`] — with
//!   [`average_ranks`] and scipy's [`spearman_p_value`]; Kendall's [`kendall_tau`], scipy's
//!   [`kendall_tau_b`] and [`kendall_from_counts`].
//! * Distributions: Φ and Φ⁻¹ ([`normal_cdf`], [`normal_quantile`]), Student's t upper tail
//!   ([`student_t_upper`]), [`ln_gamma`].
//! * Sums and order statistics: numpy's [`pairwise_sum`], [`numpy_mean`] and [`numpy_quantile`];
//!   numpy's unstable [`numpy_argsort`], whose order among ties pandas' `sort_values` inherits.
//! * p-values: scipy's [`pearson_p_value`] and [`spearman_p_value`].
//!
//! ```
//! use reference_stats::{pearson, spearman_gjg15, spearman_scipy};
//!
//! let human = [0.6, 0.5, 0.4, 0.3];
//! let metric = [3.0, 4.0, 2.0, 1.0];
//! // One swap of neighbours: 1 − 6·2 / (4·15) = 0.8, whichever Spearman.
//! assert!((spearman_gjg15(&human, &metric) - 0.8).abs() < 1e-12);
//! assert!((spearman_scipy(&human, &metric) - 0.8).abs() < 1e-12);
//! assert_eq!(pearson(&[1.0, 1.0, 1.0], &metric[..3]), None); // a constant side
//! ```

mod correlation;
mod gamma;
mod kendall;
mod normal;
mod numpy_sort;
mod pairwise_sum;
mod quantile;
mod spearman;
mod student;

pub use correlation::pearson;
pub use gamma::ln_gamma;
pub use kendall::{kendall_from_counts, kendall_tau, kendall_tau_b};
pub use normal::{normal_cdf, normal_quantile};
pub use numpy_sort::numpy_argsort;
pub use pairwise_sum::{numpy_mean, pairwise_sum};
pub use quantile::numpy_quantile;
pub use spearman::{
    average_ranks, spearman_average_ranks, spearman_gjg15, spearman_p_value, spearman_scipy,
};
pub use student::{pearson_p_value, student_t_upper};
