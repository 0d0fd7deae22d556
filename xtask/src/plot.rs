//! SVG figures for the reproduction reports (plotters, SVG backend only: no system fonts, text is
//! left to the SVG viewer).

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Shorthand for plotting failures (they only arise from plotters' own drawing code).
fn failed(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("drawing the figure failed: {e}")
}

/// Draws the series legend in a framed box.
fn legend<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    position: SeriesLabelPosition,
) -> anyhow::Result<()>
where
    DB: DrawingBackend + 'a,
    X: Ranged,
    Y: Ranged,
{
    chart
        .configure_series_labels()
        .position(position)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()
        .map_err(failed)
}

/// A heat map: one row per name, one column per bin label, cell darkness by count.
pub(crate) fn heat_map(
    title: &str,
    rows: &[(String, Vec<usize>)],
    columns: &[&str],
) -> anyhow::Result<String> {
    let mut svg = String::new();
    {
        let (width, height) = (
            140 + 60 * columns.len() as u32,
            60 + 28 * rows.len() as u32 + 50,
        );
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let max = rows
            .iter()
            .flat_map(|(_, r)| r.iter().copied())
            .max()
            .unwrap_or(1)
            .max(1) as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(90)
            .build_cartesian_2d(
                (0..columns.len()).into_segmented(),
                (0..rows.len()).into_segmented(),
            )
            .map_err(failed)?;
        // Labels sit at cell centres; row 0 is drawn at the top.
        let label = |v: &SegmentValue<usize>, names: &dyn Fn(usize) -> String| match v {
            SegmentValue::CenterOf(i) => names(*i),
            _ => String::new(),
        };
        let column_name = |i: usize| columns.get(i).map_or(String::new(), |c| (*c).to_owned());
        let row_name = |i: usize| {
            rows.get(rows.len().wrapping_sub(i + 1))
                .map_or(String::new(), |r| r.0.clone())
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(columns.len())
            .y_labels(rows.len())
            .x_label_formatter(&|v| label(v, &column_name))
            .y_label_formatter(&|v| label(v, &row_name))
            .x_desc("words changed")
            .draw()
            .map_err(failed)?;
        chart
            .draw_series(rows.iter().enumerate().flat_map(|(r, (_, counts))| {
                let y = rows.len() - r - 1;
                counts.iter().enumerate().map(move |(x, &n)| {
                    // Square root scaling keeps small counts visible next to the large first bins.
                    let shade = (255.0 * (1.0 - (n as f64 / max).sqrt())) as u8;
                    Rectangle::new(
                        [
                            (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                            (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
                        ],
                        RGBColor(shade, shade, shade).filled(),
                    )
                })
            }))
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// The frame shared by the line figures: 720×480, x over `x_range`, y over [0, 1], a title,
/// axis labels, the series `draw` adds, and their legend in the upper left.
fn unit_interval_chart(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    x_range: (f64, f64),
    draw: impl FnOnce(
        &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    ) -> anyhow::Result<()>,
) -> anyhow::Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(x_range.0..x_range.1, 0.0..1.0)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .draw()
            .map_err(failed)?;
        draw(&mut chart)?;
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// Empirical CDFs: one line per named sample (already sorted), y = rank / size; `dashed` names
/// are drawn dashed (the reference).
pub(crate) fn ecdf(
    title: &str,
    x_desc: &str,
    x_range: (f64, f64),
    samples: &[(String, Vec<f64>)],
    dashed: &str,
) -> anyhow::Result<String> {
    unit_interval_chart(title, x_desc, "probability", x_range, |chart| {
        for (k, (name, sample)) in samples.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            let n = sample.len().max(1) as f64;
            let points = sample.iter().enumerate().map(|(i, &x)| (x, i as f64 / n));
            let style = ShapeStyle::from(color).stroke_width(if name == dashed { 3 } else { 1 });
            chart
                .draw_series(LineSeries::new(points, style))
                .map_err(failed)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        Ok(())
    })
}

/// Grouped bars: for each named series one bar per group label (negative values hang down).
pub(crate) fn grouped_bars(
    title: &str,
    groups: &[&str],
    series: &[(String, Vec<i64>)],
) -> anyhow::Result<String> {
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
            .y_desc("sentences")
            .draw()
            .map_err(failed)?;
        for (k, (name, values)) in series.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
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

/// One line of a [`bands`] figure, with its shaded interval.
pub(crate) struct Band {
    /// The legend label.
    pub(crate) name: String,
    /// (x, y, low, high) per point.
    pub(crate) points: Vec<(f64, f64, f64, f64)>,
    /// The palette index: lines that belong together share it.
    pub(crate) colour: usize,
    /// Drawn thin rather than bold.
    pub(crate) thin: bool,
}

/// Lines with shaded intervals (e.g. expected accuracy with a 95 % band) over x.
pub(crate) fn bands(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    x_range: (f64, f64),
    series: &[Band],
) -> anyhow::Result<String> {
    unit_interval_chart(title, x_desc, y_desc, x_range, |chart| {
        for band in series {
            let color = Palette99::pick(band.colour).to_rgba();
            let outline: Vec<(f64, f64)> = band
                .points
                .iter()
                .map(|&(x, _, _, high)| (x, high))
                .chain(band.points.iter().rev().map(|&(x, _, low, _)| (x, low)))
                .collect();
            chart
                .draw_series(std::iter::once(Polygon::new(outline, color.mix(0.15))))
                .map_err(failed)?;
            let style = ShapeStyle::from(color).stroke_width(if band.thin { 1 } else { 2 });
            chart
                .draw_series(LineSeries::new(
                    band.points.iter().map(|&(x, y, _, _)| (x, y)),
                    style,
                ))
                .map_err(failed)?
                .label(band.name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        Ok(())
    })
}

/// One bar of an [`interval_bars`] figure.
pub(crate) struct IntervalBar {
    /// The x-axis label.
    pub(crate) label: String,
    /// The bar's height.
    pub(crate) value: f64,
    /// The interval drawn over it.
    pub(crate) low: f64,
    /// The interval drawn over it.
    pub(crate) high: f64,
    /// Palette index.
    pub(crate) colour: usize,
}

/// Bars with interval whiskers, in the given order, and horizontal reference lines (label, y).
pub(crate) fn interval_bars(
    title: &str,
    y_desc: &str,
    bars: &[IntervalBar],
    lines: &[(String, f64)],
) -> anyhow::Result<String> {
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
            let color = Palette99::pick(bar.colour).to_rgba();
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
            let color = Palette99::pick(10 + k).to_rgba();
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
