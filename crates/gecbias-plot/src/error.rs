/// What can go wrong when drawing a figure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// plotters' drawing code failed (the SVG backend writes to a string, so this does not come
    /// from input data; the underlying error is the source).
    #[error("drawing the figure failed")]
    Drawing(#[source] Box<dyn std::error::Error + Send + Sync>),
}
