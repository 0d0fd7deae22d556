//! Bar figures: grouped bars per series, and bars with interval whiskers.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;
use crate::style::{colour, failed, legend};

/// Grouped bars: for each named series one bar per group label (negative values hang down);
/// `x_desc` names what the groups are.
pub fn grouped_bars(
    title: &str,
    x_desc: &str,
    groups: &[&str],
    series: &[(String, Vec<i64>)],
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let values = series.iter().flat_map(|(_, v)| v.iter().copied());
        let max = values.clone().max().unwrap_or(1).max(1);
        let min = values.min().unwrap_or(0).min(0);
        let slots = (series.len() + 1) * groups.len();
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0..slots, min - 1..max + 1)
            .map_err(failed)?;
        let stride = series.len() + 1;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(slots)
            .x_label_formatter(&|x| {
                if x % stride == series.len() / 2 {
                    groups
                        .get(x / stride)
                        .map_or(String::new(), |g| (*g).to_owned())
                } else {
                    String::new()
                }
            })
            .x_desc(x_desc)
            .y_desc("sentences")
            .draw()
            .map_err(failed)?;
        for (k, (name, values)) in series.iter().enumerate() {
            let color = colour(k).to_rgba();
            chart
                .draw_series(values.iter().enumerate().map(|(g, &v)| {
                    let x = g * stride + k;
                    Rectangle::new([(x, 0), (x + 1, v)], color.filled())
                }))
                .map_err(failed)?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled())
                });
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// One bar of an [`interval_bars`] figure.
#[derive(Debug, Clone, PartialEq)]
pub struct IntervalBar {
    /// The x-axis label.
    pub label: String,
    /// The bar's height.
    pub value: f64,
    /// The interval drawn over it.
    pub low: f64,
    /// The interval drawn over it.
    pub high: f64,
    /// Palette index.
    pub colour: usize,
}

/// Bars with interval whiskers, in the given order, and horizontal reference lines (label, y).
pub fn interval_bars(
    title: &str,
    y_desc: &str,
    bars: &[IntervalBar],
    lines: &[(String, f64)],
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let top = bars
            .iter()
            .map(|b| b.high)
            .chain(lines.iter().map(|l| l.1))
            .fold(0.0f64, f64::max)
            * 1.15;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0.0..bars.len() as f64, 0.0..top.max(0.1))
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_desc(y_desc)
            .draw()
            .map_err(failed)?;
        // Labels above the whiskers: a categorical axis on f64 coordinates has no tick per bar.
        let font = ("sans-serif", 12).into_font().color(&BLACK);
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                Text::new(
                    b.label.clone(),
                    (i as f64 + 0.5, b.high + top * 0.02),
                    font.clone().pos(Pos::new(HPos::Center, VPos::Bottom)),
                )
            }))
            .map_err(failed)?;
        for (i, bar) in bars.iter().enumerate() {
            let color = colour(bar.colour).to_rgba();
            let x = i as f64;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x + 0.15, 0.0), (x + 0.85, bar.value)],
                    color.mix(0.6).filled(),
                )))
                .map_err(failed)?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x + 0.5, bar.low), (x + 0.5, bar.high)],
                    BLACK.stroke_width(2),
                )))
                .map_err(failed)?;
        }
        for (k, (name, y)) in lines.iter().enumerate() {
            let color = colour(10 + k).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    [(0.0, *y), (bars.len() as f64, *y)],
                    color.stroke_width(2),
                ))
                .map_err(failed)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}
