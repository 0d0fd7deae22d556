//! Bar figures: grouped bars per series, and bars with interval whiskers.

use plotters::prelude::*;
use plotters::style::FontTransform;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;
use crate::legend::{Key, Placement, Swatch};
use crate::style::{
    Corner, TEXT, WIDTH, body, colour, failed, free_corner, text_width, tick_label, title_height,
    titled,
};

/// Grouped bars: for each named series one bar per group label (negative values hang down);
/// `x_desc` names what the groups are. Column width (480 × 340 px for 3.3 in, text at 8.4 pt),
/// whole-number ticks.
pub fn grouped_bars(
    title: &str,
    x_desc: &str,
    groups: &[&str],
    series: &[(String, Vec<i64>)],
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let keys = Key::each(series.iter().map(|(name, _)| name), 0, Swatch::Bar);
        let placement = Placement::of(&keys);
        let height = 340 + title_height(title) + placement.height_below();
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (area, legend_area) = titled(&root, title)?.split_vertically(340);
        let values = series.iter().flat_map(|(_, v)| v.iter().copied());
        let max = values.clone().max().unwrap_or(1).max(1);
        let min = values.min().unwrap_or(0).min(0);
        let slots = (series.len() + 1) * groups.len();
        let mut chart = ChartBuilder::on(&area)
            .margin(8)
            .x_label_area_size(46)
            .y_label_area_size(58)
            .build_cartesian_2d(0..slots, min - 1..max + 1)
            .map_err(failed)?;
        let stride = series.len() + 1;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .label_style(body())
            .axis_desc_style(("sans-serif", TEXT))
            .bold_line_style(RGBColor(225, 225, 225))
            // An integer axis asked for no minor lines never finds its tick step (plotters
            // 0.3.7): the minor lines are drawn, invisibly.
            .light_line_style(TRANSPARENT)
            // No tick per bar slot (the groups are labelled below); zero labels would hit the
            // same loop.
            .x_labels(slots)
            .x_label_formatter(&|_| String::new())
            .set_tick_mark_size(LabelAreaPosition::Bottom, 0)
            .x_desc(x_desc)
            .y_desc("sentences")
            .draw()
            .map_err(failed)?;
        // Group labels under each group's centre, not one tick per bar slot.
        for (g, group) in groups.iter().enumerate() {
            let (left, y) = chart.backend_coord(&(g * stride, min - 1));
            let (right, _) = chart.backend_coord(&(g * stride + series.len(), min - 1));
            let style = body().pos(Pos::new(HPos::Center, VPos::Top));
            root.draw(&Text::new(
                (*group).to_owned(),
                ((left + right) / 2, y + 6),
                style,
            ))
            .map_err(failed)?;
        }
        for (k, (_, values)) in series.iter().enumerate() {
            let color = colour(k).to_rgba();
            chart
                .draw_series(values.iter().enumerate().map(|(g, &v)| {
                    let x = g * stride + k;
                    Rectangle::new([(x, 0), (x + 1, v)], color.filled())
                }))
                .map_err(failed)?;
        }
        // The corner the bars leave free: tops and bottoms normalised to the plot.
        let (span, slots_f) = ((max - min + 2) as f64, slots.max(1) as f64);
        let height_of = |v: i64| (v - min + 1) as f64 / span;
        let mut covered = Vec::new();
        for (k, (_, values)) in series.iter().enumerate() {
            for (g, &v) in values.iter().enumerate() {
                let x = (g * stride + k) as f64 / slots_f;
                let (from, to) = (height_of(0), height_of(v));
                covered.extend((0..=4).map(|step| (x, from + (to - from) * f64::from(step) / 4.0)));
            }
        }
        let corner = free_corner(covered.into_iter());
        let plot = chart.plotting_area().get_pixel_range();
        placement.draw(&keys, &root, &legend_area, plot, corner)?;
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

/// The y axis' top: the highest whisker or line, with room above it for the longest label,
/// standing vertically.
fn top_of(bars: &[IntervalBar], lines: &[(String, f64)]) -> f64 {
    let highest = bars
        .iter()
        .map(|b| b.high)
        .chain(lines.iter().map(|l| l.1))
        .fold(0.0f64, f64::max)
        .max(0.1);
    let plot_height = 340.0 - 30.0;
    let longest = bars.iter().map(|b| text_width(&b.label)).max().unwrap_or(0);
    let room = (f64::from(longest) + 14.0) / plot_height;
    highest / (1.0 - room.min(0.6))
}

/// Bars with interval whiskers, in the given order, each labelled (vertically) above its
/// whisker, and horizontal reference lines (label, y). Column width (480 × 340 px for 3.3 in,
/// text at 8.4 pt).
pub fn interval_bars(
    title: &str,
    y_desc: &str,
    bars: &[IntervalBar],
    lines: &[(String, f64)],
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let line = Swatch::Line {
            width: 2,
            dashed: false,
            band: false,
        };
        let keys = Key::each(lines.iter().map(|(name, _)| name), 10, line);
        let placement = Placement::of(&keys);
        let height = 340 + title_height(title) + placement.height_below();
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (area, legend_area) = titled(&root, title)?.split_vertically(340);
        let top = top_of(bars, lines);
        let mut chart = ChartBuilder::on(&area)
            .margin(8)
            .x_label_area_size(10)
            .y_label_area_size(58)
            .build_cartesian_2d(0.0..bars.len() as f64, 0.0..top)
            .map_err(failed)?;
        let y_tick = tick_label(top, 6);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(6)
            .y_label_formatter(&y_tick)
            .label_style(body())
            .axis_desc_style(("sans-serif", TEXT))
            .bold_line_style(RGBColor(225, 225, 225))
            .max_light_lines(0)
            .y_desc(y_desc)
            .draw()
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
        for (key, (_, y)) in keys.iter().zip(lines) {
            chart
                .draw_series(LineSeries::new(
                    [(0.0, *y), (bars.len() as f64, *y)],
                    key.colour.stroke_width(2),
                ))
                .map_err(failed)?;
        }
        // Labels above the whiskers (a categorical axis on f64 coordinates has no tick per bar),
        // on white, over the reference lines that cross them.
        let style = body()
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (i, bar) in bars.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64 + 0.5, bar.high));
            let (y, length) = (y - 8, text_width(&bar.label) as i32);
            root.draw(&Rectangle::new(
                [(x - 9, y - length), (x + 9, y)],
                WHITE.filled(),
            ))
            .map_err(failed)?;
            root.draw(&Text::new(bar.label.clone(), (x, y), style.clone()))
                .map_err(failed)?;
        }
        // Bars usually rise from left to right (they come sorted): the upper left is free.
        let plot = chart.plotting_area().get_pixel_range();
        placement.draw(&keys, &root, &legend_area, plot, Corner::UpperLeft)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}
