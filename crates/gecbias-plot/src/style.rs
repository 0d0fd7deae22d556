//! What every figure shares: the palette, tick labels, where the legend goes, and how a failure
//! of the drawing code becomes an [`Error`].

use plotters::prelude::*;

use crate::Error;

/// Sixteen colours that stay apart in print and for the common colour-vision deficiencies (the
/// Tableau 10 set, then six darker ones); plotters' `Palette99` has pale yellows and pinks that
/// vanish on white.
const PALETTE: [RGBColor; 16] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
    RGBColor(188, 189, 34),
    RGBColor(127, 127, 127),
    RGBColor(0, 0, 0),
    RGBColor(0, 0, 128),
    RGBColor(128, 0, 0),
    RGBColor(0, 100, 0),
    RGBColor(75, 0, 130),
    RGBColor(184, 134, 11),
];

/// The `k`-th colour of [`PALETTE`].
pub(crate) fn colour(k: usize) -> RGBColor {
    PALETTE[k % PALETTE.len()]
}

/// Tick labels of a numeric axis: at most two decimals, none that are zero ("2", "0.9", "0.25";
/// not "2.0" or "0.90").
pub(crate) fn tick(x: &f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The legend corner that covers the fewest of `points` (x, y normalised to [0, 1]).
pub(crate) fn free_corner(points: impl Iterator<Item = (f64, f64)>) -> SeriesLabelPosition {
    let mut counts = [0usize; 4];
    for (x, y) in points {
        let (left, right, top, bottom) = (x < 0.45, x > 0.55, y > 0.6, y < 0.4);
        for (k, inside) in [left && top, right && top, left && bottom, right && bottom]
            .into_iter()
            .enumerate()
        {
            counts[k] += usize::from(inside);
        }
    }
    let corners = [
        SeriesLabelPosition::UpperLeft,
        SeriesLabelPosition::UpperRight,
        SeriesLabelPosition::LowerLeft,
        SeriesLabelPosition::LowerRight,
    ];
    let best = (0..4).min_by_key(|&k| counts[k]).unwrap_or(0);
    corners[best].clone()
}

/// A failure inside plotters' drawing code, kept as the source.
pub(crate) fn failed(e: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::Drawing(Box::new(e))
}

/// Draws the series legend in a framed box.
pub(crate) fn legend<'a, X: Ranged, Y: Ranged>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    position: SeriesLabelPosition,
) -> Result<(), Error> {
    chart
        .configure_series_labels()
        .position(position)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()
        .map_err(failed)
}
