//! Line figures over a numeric x axis: curves with shaded intervals ([`bands`]) and empirical
//! CDFs ([`ecdf`]).

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use crate::Error;
use crate::legend::{Key, Placement, Swatch};
use crate::style::{
    TEXT, WIDTH, body, colour, failed, free_corner, text_width, tick_label, title_height, titled,
};

/// The height of the line figures' plots, in pixels.
const HEIGHT: u32 = 340;

/// The frame shared by the line figures: column width (480 px for 3.3 in, text at 8.4 pt), x
/// over `x_range`, y over `y_range`, a title, axis labels with the decimals their step needs, a
/// light grid at the labelled ticks only, the series `draw` adds, and their legend: in the corner
/// that hides the fewest `points`, or below the plot in columns when there are many.
pub(crate) fn line_chart(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    (x_range, y_range): ((f64, f64), (f64, f64)),
    points: &[(f64, f64)],
    keys: &[Key],
    draw: impl for<'a> FnOnce(
        &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    ) -> Result<(), Error>,
) -> Result<String, Error> {
    let placement = Placement::of(keys);
    let mut svg = String::new();
    {
        let height = HEIGHT + title_height(title) + placement.height_below();
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let area = titled(&root, title)?;
        let (plot_area, legend_area) = area.split_vertically(HEIGHT);
        // A tick per whole number on short whole-number axes (M = 1…10), else six.
        let span = x_range.1 - x_range.0;
        let whole = x_range.0.fract() == 0.0 && x_range.1.fract() == 0.0;
        let x_labels = if whole && (2.0..=10.0).contains(&span) {
            span as usize + 1
        } else if whole && (10.0..=20.0).contains(&span) {
            span as usize / 2 + 1
        } else {
            6
        };
        let y_labels = 6;
        let x_tick = tick_label(span, x_labels);
        let y_tick = tick_label(y_range.1 - y_range.0, y_labels);
        // Room for the widest y tick label and, beside it, the axis description.
        let widest = (0..=y_labels)
            .map(|k| y_range.0 + (y_range.1 - y_range.0) * k as f64 / y_labels as f64)
            .map(|y| text_width(&y_tick(&y)))
            .max()
            .unwrap_or(0);
        let mut chart = ChartBuilder::on(&plot_area)
            .margin(8)
            .margin_right(16)
            .x_label_area_size(46)
            .y_label_area_size(widest + 34)
            .build_cartesian_2d(x_range.0..x_range.1, y_range.0..y_range.1)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .x_labels(x_labels)
            .y_labels(y_labels)
            .x_label_formatter(&x_tick)
            .y_label_formatter(&y_tick)
            .label_style(body())
            .axis_desc_style(("sans-serif", TEXT))
            .bold_line_style(RGBColor(225, 225, 225))
            .max_light_lines(0)
            .x_desc(x_desc)
            .y_desc(y_desc)
            .draw()
            .map_err(failed)?;
        draw(&mut chart)?;
        let normalised: Vec<(f64, f64)> = points
            .iter()
            .map(|&(x, y)| {
                (
                    (x - x_range.0) / (x_range.1 - x_range.0),
                    (y - y_range.0) / (y_range.1 - y_range.0),
                )
            })
            .collect();
        let corner = free_corner(normalised.into_iter());
        let plot = chart.plotting_area().get_pixel_range();
        placement.draw(keys, &root, &legend_area, plot, corner)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// Empirical CDFs: one line per named sample (already sorted), y = rank / size; the sample named
/// `dashed` (the reference) is drawn bold.
pub fn ecdf(
    title: &str,
    x_desc: &str,
    x_range: (f64, f64),
    samples: &[(String, Vec<f64>)],
    dashed: &str,
) -> Result<String, Error> {
    let all: Vec<(f64, f64)> = samples
        .iter()
        .flat_map(|(_, sample)| {
            let n = sample.len().max(1) as f64;
            sample
                .iter()
                .enumerate()
                .map(move |(i, &x)| (x, i as f64 / n))
        })
        .collect();
    let axes = (x_desc, "probability");
    let width = |name: &str| if name == dashed { 4 } else { 2 };
    let keys: Vec<Key> = samples
        .iter()
        .enumerate()
        .map(|(k, (name, _))| Key {
            name: name.clone(),
            colour: colour(k).to_rgba(),
            swatch: Swatch::Line {
                width: width(name),
                dashed: false,
                band: false,
            },
        })
        .collect();
    line_chart(title, axes, (x_range, (0.0, 1.0)), &all, &keys, |chart| {
        for (k, (name, sample)) in samples.iter().enumerate() {
            let n = sample.len().max(1) as f64;
            let points = sample.iter().enumerate().map(|(i, &x)| (x, i as f64 / n));
            let style = ShapeStyle::from(colour(k).to_rgba()).stroke_width(width(name));
            chart
                .draw_series(LineSeries::new(points, style))
                .map_err(failed)?;
        }
        Ok(())
    })
}

/// The stroke width of a [`Line`].
fn line_width(line: Line) -> u32 {
    match line {
        Line::Bold => 3,
        Line::Thin => 1,
        Line::Authors => 2,
    }
}

/// How a [`Band`]'s line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Line {
    /// Our main result: a bold solid line.
    Bold,
    /// Our secondary results: a thin solid line.
    Thin,
    /// The authors' published or stored numbers: dashed, with a dot at each point, so that
    /// ours and theirs stay apart where they coincide.
    Authors,
}

/// One line of a [`bands`] figure, with its shaded interval.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    /// The legend label.
    pub name: String,
    /// (x, y, low, high) per point.
    pub points: Vec<(f64, f64, f64, f64)>,
    /// The palette index: lines that belong together share it.
    pub colour: usize,
    /// How the line is drawn.
    pub line: Line,
}

/// The y range of a figure of values in [0, 1]: the unit interval, or a window around the data
/// (to the next 0.05, with a margin) when the data span less than half of it.
fn y_window(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !(low.is_finite() && high.is_finite()) || high - low >= 0.5 {
        return (0.0, 1.0);
    }
    (
        ((low - 0.02) * 20.0).floor().max(0.0) / 20.0,
        ((high + 0.02) * 20.0).ceil().min(20.0) / 20.0,
    )
}

/// Lines with shaded intervals (e.g. expected accuracy with a 95 % band) over x.
pub fn bands(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    x_range: (f64, f64),
    series: &[Band],
) -> Result<String, Error> {
    let values = series
        .iter()
        .flat_map(|b| b.points.iter().flat_map(|&(_, y, lo, hi)| [y, lo, hi]));
    let y_range = y_window(values);
    let all: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|b| {
            b.points
                .iter()
                .flat_map(|&(x, y, lo, hi)| [(x, y), (x, lo), (x, hi)])
        })
        .collect();
    let keys: Vec<Key> = series
        .iter()
        .map(|band| Key {
            name: band.name.clone(),
            colour: colour(band.colour).to_rgba(),
            swatch: Swatch::Line {
                width: line_width(band.line),
                dashed: band.line == Line::Authors,
                band: true,
            },
        })
        .collect();
    let axes = (x_desc, y_desc);
    line_chart(title, axes, (x_range, y_range), &all, &keys, |chart| {
        // Every band first, then every line, so that no band covers another series' line.
        for band in series {
            let color = colour(band.colour).to_rgba();
            let outline: Vec<(f64, f64)> = band
                .points
                .iter()
                .map(|&(x, _, _, high)| (x, high))
                .chain(band.points.iter().rev().map(|&(x, _, low, _)| (x, low)))
                .collect();
            chart
                .draw_series(std::iter::once(Polygon::new(
                    outline,
                    color.mix(crate::legend::BAND_OPACITY),
                )))
                .map_err(failed)?;
        }
        for band in series {
            let color = colour(band.colour).to_rgba();
            let line = band.points.iter().map(|&(x, y, _, _)| (x, y));
            let style = color.stroke_width(line_width(band.line));
            if band.line == Line::Authors {
                chart
                    .draw_series(line.clone().map(|p| Circle::new(p, 3, color.filled())))
                    .map_err(failed)?;
                chart
                    .draw_series(DashedLineSeries::new(line, 6, 4, style))
                    .map_err(failed)?;
            } else {
                chart
                    .draw_series(LineSeries::new(line, style))
                    .map_err(failed)?;
            }
        }
        Ok(())
    })
}
