/// Errors of the alignment crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A cost matrix whose rows differ in length.
    #[error("cost matrix row {row} has {len} columns, row 0 has {expected}")]
    RaggedMatrix {
        /// The first row of a different length.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
    /// A NaN or infinite cost, on which the assignment would not terminate.
    #[error("cost matrix row {row} holds a NaN or infinite cost")]
    NonFiniteCost {
        /// The first such row.
        row: usize,
    },
}
