//! Line figures over a numeric x axis: curves with shaded intervals ([`bands`]) and empirical
//! CDFs ([`ecdf`]).

use plotters::coord::types::RangedCoordf64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::Error;
use crate::style::{colour, failed, free_corner, legend, tick};

/// The frame shared by the line figures: 720×480, x over `x_range`, y over `y_range`, a title,
/// axis labels (whole numbers without decimals), the series `draw` adds, and their legend in the
/// corner that hides the fewest `points`.
fn line_chart(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    x_range: (f64, f64),
    y_range: (f64, f64),
    points: &[(f64, f64)],
    draw: impl FnOnce(
        &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    ) -> Result<(), Error>,
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(x_range.0..x_range.1, y_range.0..y_range.1)
            .map_err(failed)?;
        // A tick per whole number on short whole-number axes (M = 1…10), else eleven.
        let span = x_range.1 - x_range.0;
        let whole = x_range.0.fract() == 0.0 && x_range.1.fract() == 0.0;
        let x_labels = if whole && (2.0..=20.0).contains(&span) {
            span as usize + 1
        } else {
            11
        };
        chart
            .configure_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .x_desc(x_desc)
            .y_desc(y_desc)
            .draw()
            .map_err(failed)?;
        draw(&mut chart)?;
        let normalised = points.iter().map(|&(x, y)| {
            (
                (x - x_range.0) / (x_range.1 - x_range.0),
                (y - y_range.0) / (y_range.1 - y_range.0),
            )
        });
        legend(&mut chart, free_corner(normalised))?;
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
    line_chart(title, axes, x_range, (0.0, 1.0), &all, |chart| {
        for (k, (name, sample)) in samples.iter().enumerate() {
            let color = colour(k).to_rgba();
            let n = sample.len().max(1) as f64;
            let points = sample.iter().enumerate().map(|(i, &x)| (x, i as f64 / n));
            let style = ShapeStyle::from(color).stroke_width(if name == dashed { 4 } else { 2 });
            chart
                .draw_series(LineSeries::new(points, style))
                .map_err(failed)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        Ok(())
    })
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
    line_chart(title, (x_desc, y_desc), x_range, y_range, &all, |chart| {
        for band in series {
            let color = colour(band.colour).to_rgba();
            let outline: Vec<(f64, f64)> = band
                .points
                .iter()
                .map(|&(x, _, _, high)| (x, high))
                .chain(band.points.iter().rev().map(|&(x, _, low, _)| (x, low)))
                .collect();
            chart
                .draw_series(std::iter::once(Polygon::new(outline, color.mix(0.15))))
                .map_err(failed)?;
            let line = band.points.iter().map(|&(x, y, _, _)| (x, y));
            let drawn = match band.line {
                Line::Authors => {
                    chart
                        .draw_series(line.clone().map(|p| Circle::new(p, 3, color.filled())))
                        .map_err(failed)?;
                    chart
                        .draw_series(DashedLineSeries::new(line, 6, 4, color.stroke_width(2)))
                        .map_err(failed)?
                }
                Line::Bold | Line::Thin => {
                    let width = if band.line == Line::Bold { 3 } else { 1 };
                    chart
                        .draw_series(LineSeries::new(line, color.stroke_width(width)))
                        .map_err(failed)?
                }
            };
            let style = band.line;
            drawn.label(band.name.as_str()).legend(move |(x, y)| {
                let width = if style == Line::Bold { 3 } else { 2 };
                DashedPathElement::new(
                    vec![(x, y), (x + 20, y)],
                    if style == Line::Authors { 5 } else { 20 },
                    if style == Line::Authors { 3 } else { 0 },
                    color.stroke_width(width),
                )
            });
        }
        Ok(())
    })
}
