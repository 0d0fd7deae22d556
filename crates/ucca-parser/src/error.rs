/// What can go wrong in the parser.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The built graph is not a valid UCCA passage.
    #[error("the parsed graph is not a valid passage: {source}")]
    Graph {
        /// What the passage builder refused.
        #[from]
        source: ucca_graph::Error,
    },
}
