//! Figures as PNG and PDF: the SVG read by usvg with DejaVu Sans as its sans-serif font (carried
//! by the program, so the output does not depend on the fonts a machine has), rasterised by
//! resvg or converted by svg2pdf, at the column width the figures are drawn for.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use resvg::usvg;

use crate::Error;
use crate::style::WIDTH;

/// A figure's output format, by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// The SVG as drawn.
    Svg,
    /// 300 dots per inch at the 3.3 in column width (990 px wide).
    Png,
    /// A vector page 3.3 in wide, the text embedded in DejaVu Sans.
    Pdf,
}

impl Format {
    /// The format `path`'s extension names (`svg`, `png` or `pdf`, any case).
    pub fn of_path(path: &Path) -> Result<Format, Error> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some("pdf") => Ok(Format::Pdf),
            _ => Err(Error::Format(path.display().to_string())),
        }
    }
}

/// Column width in inches, and the PNG's resolution.
const COLUMN_INCHES: f32 = 3.3;
const PNG_DPI: f32 = 300.0;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut fonts = usvg::fontdb::Database::new();
            fonts.load_font_data(dejavu::sans::regular().to_vec());
            fonts.set_sans_serif_family("DejaVu Sans");
            Arc::new(fonts)
        })
        .clone()
}

fn tree(svg: &str) -> Result<usvg::Tree, Error> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: "DejaVu Sans".to_owned(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| Error::Export(Box::new(e)))
}

/// The figure `svg` in `format`: the SVG's own bytes, a PNG at 300 dpi for a 3.3 in column, or
/// a PDF page of that width.
pub fn export(svg: &str, format: Format) -> Result<Vec<u8>, Error> {
    match format {
        Format::Svg => Ok(svg.as_bytes().to_vec()),
        Format::Png => {
            let tree = tree(svg)?;
            let scale = PNG_DPI * COLUMN_INCHES / WIDTH as f32;
            let size = tree
                .size()
                .to_int_size()
                .scale_by(scale)
                .ok_or_else(|| Error::Export("the figure has no size".into()))?;
            let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
                .ok_or_else(|| Error::Export("the figure has no size".into()))?;
            pixmap.fill(resvg::tiny_skia::Color::WHITE);
            let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
            resvg::render(&tree, transform, &mut pixmap.as_mut());
            pixmap.encode_png().map_err(|e| Error::Export(Box::new(e)))
        }
        Format::Pdf => {
            let tree = tree(svg)?;
            let page = svg2pdf::PageOptions {
                dpi: WIDTH as f32 / COLUMN_INCHES,
            };
            svg2pdf::to_pdf(&tree, svg2pdf::ConversionOptions::default(), page)
                // svg2pdf's error is Display without std::error::Error.
                .map_err(|e| Error::Export(e.to_string().into()))
        }
    }
}

/// Writes the figure `svg` to `path` in the format its extension names (see [`export`]).
pub fn write(path: &Path, svg: &str) -> Result<(), Error> {
    let bytes = export(svg, Format::of_path(path)?)?;
    std::fs::write(path, bytes).map_err(|e| Error::Export(Box::new(e)))
}
