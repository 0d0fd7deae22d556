//! The assignment solver against the reference and against an independent optimum.
//!
//! * Tie-breaking (≥ 1.0.12): sixteen random matrices with the assignments of `munkres` 1.1.4.
//! * Tie-breaking: twelve tie-heavy integer matrices on which `munkres` 1.0.8 and 1.1.4 (PyPI)
//!   return different optimal assignments; the expected pairs are those of 1.0.8, obtained by
//!   running it (random matrices with entries 0–3, seed 20261122).
//! * Optimality: on random matrices up to 12 × 12 the total cost equals the optimum of the
//!   `hungarian` crate, and the pairs form a proper assignment.

use mono_align::{Error, TieBreaking, munkres, munkres_with};
use proptest::prelude::*;

/// A cost matrix and the assignment `munkres` 1.0.8 returns for it.
type Case = (Vec<Vec<i64>>, Vec<(usize, usize)>);

#[test]
fn tie_breaking_is_that_of_munkres_1_0_8() {
    let cases: Vec<Case> = vec![
        (
            vec![
                vec![2, 2, 3, 0, 3, 1, 3],
                vec![1, 1, 2, 3, 0, 2, 0],
                vec![3, 1, 3, 2, 1, 3, 1],
                vec![1, 3, 1, 1, 1, 3, 2],
                vec![0, 0, 3, 2, 0, 1, 2],
                vec![0, 0, 3, 1, 1, 3, 1],
            ],
            vec![(0, 3), (1, 4), (2, 6), (3, 2), (4, 0), (5, 1)],
        ),
        (
            vec![
                vec![0, 0, 1, 0],
                vec![2, 2, 2, 3],
                vec![2, 2, 2, 3],
                vec![2, 2, 3, 0],
                vec![2, 0, 0, 2],
            ],
            vec![(0, 0), (1, 2), (3, 3), (4, 1)],
        ),
        (
            vec![
                vec![0, 1, 3, 0, 1],
                vec![0, 0, 0, 2, 3],
                vec![1, 0, 1, 1, 1],
                vec![1, 0, 0, 1, 1],
                vec![3, 1, 2, 2, 3],
                vec![1, 0, 0, 3, 1],
            ],
            vec![(0, 3), (1, 0), (2, 1), (3, 2), (5, 4)],
        ),
        (
            vec![
                vec![3, 0, 3, 0, 1],
                vec![0, 2, 2, 1, 1],
                vec![2, 1, 0, 2, 3],
                vec![2, 1, 1, 3, 1],
                vec![2, 1, 3, 2, 1],
            ],
            vec![(0, 3), (1, 0), (2, 2), (3, 1), (4, 4)],
        ),
        (
            vec![
                vec![3, 1, 3],
                vec![0, 2, 0],
                vec![3, 3, 1],
                vec![0, 0, 0],
                vec![3, 3, 1],
                vec![0, 0, 1],
                vec![0, 3, 2],
            ],
            vec![(1, 0), (3, 2), (5, 1)],
        ),
        (
            vec![
                vec![2, 0, 1, 2, 2],
                vec![2, 1, 2, 0, 2],
                vec![0, 3, 1, 1, 0],
                vec![0, 3, 1, 2, 2],
                vec![2, 1, 3, 3, 3],
                vec![3, 2, 3, 1, 1],
            ],
            vec![(0, 2), (1, 3), (2, 4), (3, 0), (4, 1)],
        ),
        (
            vec![
                vec![3, 3, 1, 0, 3, 2],
                vec![0, 0, 0, 0, 1, 1],
                vec![1, 1, 1, 0, 2, 3],
                vec![1, 3, 3, 3, 0, 2],
                vec![0, 0, 1, 1, 0, 3],
                vec![1, 3, 1, 3, 3, 1],
            ],
            vec![(0, 2), (1, 0), (2, 3), (3, 4), (4, 1), (5, 5)],
        ),
        (
            vec![
                vec![3, 1, 1, 2, 2, 2, 2],
                vec![1, 1, 3, 2, 3, 3, 1],
                vec![1, 1, 1, 3, 2, 2, 3],
                vec![3, 2, 3, 2, 1, 3, 2],
                vec![0, 2, 0, 3, 3, 3, 1],
            ],
            vec![(0, 1), (1, 6), (2, 0), (3, 4), (4, 2)],
        ),
        (
            vec![
                vec![2, 1, 1, 0],
                vec![1, 2, 3, 3],
                vec![1, 1, 2, 3],
                vec![2, 2, 1, 1],
                vec![3, 1, 2, 0],
                vec![3, 0, 1, 0],
            ],
            vec![(0, 3), (1, 0), (3, 2), (5, 1)],
        ),
        (
            vec![vec![2, 0, 1], vec![3, 2, 1], vec![2, 0, 1], vec![3, 0, 2]],
            vec![(0, 0), (1, 2), (2, 1)],
        ),
        (
            vec![
                vec![1, 1, 1, 0],
                vec![0, 1, 3, 3],
                vec![0, 3, 0, 1],
                vec![3, 1, 0, 2],
            ],
            vec![(0, 3), (1, 1), (2, 0), (3, 2)],
        ),
        (
            vec![
                vec![0, 2, 2],
                vec![3, 1, 0],
                vec![3, 3, 2],
                vec![2, 2, 3],
                vec![0, 3, 0],
                vec![1, 1, 1],
            ],
            vec![(0, 0), (1, 1), (4, 2)],
        ),
    ];
    for (matrix, expected) in cases {
        assert_eq!(munkres(&matrix).unwrap(), expected, "{matrix:?}");
        let floats: Vec<Vec<f64>> = matrix
            .iter()
            .map(|r| r.iter().map(|&c| c as f64).collect())
            .collect();
        assert_eq!(munkres(&floats).unwrap(), expected, "{matrix:?} as f64");
    }
}

/// Sixteen random tie-heavy integer matrices (entries 0–3, seed 20261122) and the assignment
/// `munkres` 1.1.4 (PyPI) returns for each: the ≥ 1.0.12 tie-breaking that USim's alignment ran.
#[test]
fn tie_breaking_is_that_of_munkres_1_1_4() {
    let cases: Vec<Case> = vec![
        (
            vec![
                vec![1, 3, 0, 0, 3, 0, 1],
                vec![3, 3, 3, 1, 2, 2, 3],
                vec![2, 3, 2, 2, 1, 3, 2],
                vec![3, 1, 2, 1, 3, 1, 3],
                vec![2, 0, 0, 3, 2, 3, 1],
                vec![1, 2, 3, 2, 1, 1, 3],
                vec![1, 3, 0, 2, 2, 3, 1],
            ],
            vec![(0, 5), (1, 3), (2, 4), (3, 1), (4, 2), (5, 0), (6, 6)],
        ),
        (
            vec![
                vec![2, 2, 3, 0, 3, 1],
                vec![3, 1, 1, 2, 3, 0],
                vec![2, 0, 3, 1, 3, 2],
                vec![1, 3, 1, 1, 3, 1],
                vec![1, 1, 3, 2, 0, 0],
                vec![3, 2, 0, 1, 2, 0],
                vec![0, 3, 1, 1, 3, 1],
                vec![2, 1, 3, 0, 1, 3],
            ],
            vec![(0, 3), (1, 5), (2, 1), (4, 4), (5, 2), (6, 0)],
        ),
        (
            vec![
                vec![0, 3, 3, 2, 0, 3, 1, 2],
                vec![1, 3, 0, 1, 3, 1, 3, 0],
                vec![3, 1, 0, 0, 2, 0, 0, 3],
                vec![0, 0, 1, 2, 0, 2, 2, 3],
                vec![3, 1, 0, 1, 3, 2, 0, 3],
            ],
            vec![(0, 0), (1, 2), (2, 3), (3, 1), (4, 6)],
        ),
        (
            vec![
                vec![0, 2, 3, 2, 3, 1],
                vec![0, 3, 1, 3, 1, 3],
                vec![0, 3, 2, 1, 0, 0],
                vec![1, 0, 2, 2, 2, 3],
                vec![2, 2, 2, 3, 2, 2],
                vec![3, 0, 2, 0, 0, 2],
            ],
            vec![(0, 0), (1, 4), (2, 5), (3, 1), (4, 2), (5, 3)],
        ),
        (
            vec![
                vec![1, 1, 0, 0, 1, 3, 1, 1],
                vec![3, 2, 0, 0, 3, 0, 0, 0],
                vec![0, 0, 1, 2, 0, 1, 1, 2],
                vec![3, 2, 3, 1, 2, 1, 1, 0],
                vec![3, 0, 2, 3, 0, 1, 0, 3],
                vec![1, 1, 3, 2, 3, 2, 0, 3],
            ],
            vec![(0, 2), (1, 3), (2, 0), (3, 7), (4, 1), (5, 6)],
        ),
        (
            vec![vec![1, 0, 3, 3], vec![2, 2, 1, 1], vec![3, 3, 1, 0]],
            vec![(0, 1), (1, 2), (2, 3)],
        ),
        (
            vec![
                vec![0, 2, 2, 2, 2],
                vec![1, 1, 1, 1, 1],
                vec![1, 3, 3, 2, 2],
                vec![3, 2, 0, 1, 2],
                vec![3, 1, 0, 2, 1],
                vec![0, 3, 2, 3, 3],
                vec![3, 1, 0, 0, 1],
            ],
            vec![(0, 0), (1, 4), (3, 2), (4, 1), (6, 3)],
        ),
        (
            vec![
                vec![1, 3, 2, 3, 0, 1],
                vec![2, 1, 2, 1, 3, 3],
                vec![2, 0, 3, 2, 2, 1],
                vec![2, 1, 0, 0, 0, 3],
                vec![0, 0, 3, 0, 2, 0],
                vec![0, 3, 2, 1, 3, 3],
                vec![0, 1, 3, 3, 0, 3],
            ],
            vec![(0, 4), (1, 3), (2, 1), (3, 2), (4, 5), (5, 0)],
        ),
        (
            vec![vec![3, 2, 3], vec![1, 0, 2], vec![0, 0, 2]],
            vec![(0, 2), (1, 1), (2, 0)],
        ),
        (
            vec![
                vec![3, 2, 0, 1],
                vec![3, 0, 1, 0],
                vec![0, 0, 2, 3],
                vec![1, 0, 1, 1],
                vec![1, 1, 0, 0],
            ],
            vec![(0, 2), (1, 1), (2, 0), (4, 3)],
        ),
        (
            vec![
                vec![3, 1, 2, 2],
                vec![3, 1, 0, 0],
                vec![3, 1, 0, 2],
                vec![1, 1, 3, 1],
            ],
            vec![(0, 1), (1, 3), (2, 2), (3, 0)],
        ),
        (
            vec![
                vec![3, 1, 0, 0, 2],
                vec![3, 2, 1, 2, 0],
                vec![0, 0, 0, 2, 2],
                vec![2, 0, 0, 3, 2],
                vec![2, 1, 3, 3, 1],
                vec![0, 0, 2, 1, 3],
                vec![2, 2, 2, 2, 3],
                vec![0, 3, 0, 1, 0],
            ],
            vec![(0, 3), (1, 4), (2, 2), (3, 1), (5, 0)],
        ),
        (
            vec![
                vec![2, 1, 1, 2, 1],
                vec![0, 2, 3, 2, 1],
                vec![1, 3, 1, 2, 1],
                vec![3, 2, 1, 1, 3],
                vec![3, 2, 3, 2, 0],
                vec![0, 3, 3, 0, 0],
                vec![2, 3, 2, 1, 1],
                vec![2, 3, 2, 3, 1],
            ],
            vec![(0, 1), (1, 0), (2, 2), (4, 4), (5, 3)],
        ),
        (
            vec![
                vec![1, 1, 3, 1],
                vec![0, 2, 1, 0],
                vec![1, 0, 1, 1],
                vec![3, 0, 2, 0],
                vec![0, 0, 1, 2],
            ],
            vec![(1, 0), (2, 1), (3, 3), (4, 2)],
        ),
        (
            vec![vec![0, 2, 1], vec![1, 0, 0], vec![3, 2, 3]],
            vec![(0, 0), (1, 2), (2, 1)],
        ),
        (
            vec![
                vec![1, 3, 0, 2, 2, 1, 0],
                vec![1, 0, 2, 2, 3, 2, 0],
                vec![2, 3, 3, 1, 2, 1, 1],
            ],
            vec![(0, 2), (1, 1), (2, 3)],
        ),
    ];
    for (matrix, expected) in cases {
        assert_eq!(
            munkres_with(&matrix, TieBreaking::Munkres112).unwrap(),
            expected,
            "{matrix:?}"
        );
    }
}

#[test]
fn degenerate_and_bad_matrices() {
    assert_eq!(munkres::<i64>(&[]).unwrap(), []);
    assert_eq!(munkres(&[vec![7i64]]).unwrap(), [(0, 0)]);
    assert_eq!(
        munkres(&vec![vec![0i64; 4]; 4]).unwrap(),
        [(0, 0), (1, 1), (2, 2), (3, 3)]
    );
    assert!(matches!(
        munkres(&[vec![1i64, 2], vec![3]]).unwrap_err(),
        Error::RaggedMatrix {
            row: 1,
            len: 1,
            expected: 2
        }
    ));
    assert!(matches!(
        munkres(&[vec![1.0, f64::NAN]]).unwrap_err(),
        Error::NonFiniteCost { row: 0 }
    ));
    assert!(matches!(
        munkres(&[vec![1.0], vec![f64::INFINITY]]).unwrap_err(),
        Error::NonFiniteCost { row: 1 }
    ));
}

fn matrix(max: i64) -> impl Strategy<Value = Vec<Vec<i64>>> {
    (1usize..=12, 1usize..=12).prop_flat_map(move |(rows, columns)| {
        prop::collection::vec(prop::collection::vec(0..=max, columns), rows)
    })
}

fn check_optimal(m: &[Vec<i64>]) -> Result<(), TestCaseError> {
    for ties in [TieBreaking::Munkres108, TieBreaking::Munkres112] {
        check_optimal_with(m, ties)?;
    }
    Ok(())
}

fn check_optimal_with(m: &[Vec<i64>], ties: TieBreaking) -> Result<(), TestCaseError> {
    let (rows, columns) = (m.len(), m[0].len());
    let ours = munkres_with(m, ties).unwrap();
    prop_assert_eq!(ours.len(), rows.min(columns));
    let mut used_rows: Vec<usize> = ours.iter().map(|p| p.0).collect();
    let mut used_columns: Vec<usize> = ours.iter().map(|p| p.1).collect();
    used_rows.dedup();
    used_columns.sort_unstable();
    used_columns.dedup();
    prop_assert_eq!(used_rows.len(), ours.len(), "rows in order, each once");
    prop_assert_eq!(used_columns.len(), ours.len(), "each column once");
    let flat: Vec<i64> = m.iter().flatten().copied().collect();
    let oracle: i64 = hungarian::minimize(&flat, rows, columns)
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| m[i][j]))
        .sum();
    let total: i64 = ours.iter().map(|&(i, j)| m[i][j]).sum();
    prop_assert_eq!(total, oracle);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn optimal_on_tie_heavy_matrices(m in matrix(3)) {
        check_optimal(&m)?;
    }

    #[test]
    fn optimal_on_spread_out_matrices(m in matrix(1000)) {
        check_optimal(&m)?;
    }
}
