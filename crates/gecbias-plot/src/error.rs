/// What can go wrong when drawing a figure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// plotters' drawing code failed (the SVG backend writes to a string, so this does not come
    /// from input data; the underlying error is the source).
    #[error("drawing the figure failed")]
    Drawing(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A figure file named with an extension other than `.svg`, `.png` or `.pdf`.
    #[error("{0}: a figure is written as .svg, .png or .pdf")]
    Format(String),
    /// Converting or writing the figure failed (the underlying error is the source).
    #[error("writing the figure failed: {0}")]
    Export(#[source] Box<dyn std::error::Error + Send + Sync>),
}
