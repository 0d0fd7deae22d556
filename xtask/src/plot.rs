//! SVG figures for the reproduction reports (plotters, SVG backend only: no system fonts, text is
//! left to the SVG viewer).

use plotters::coord::types::RangedCoordf64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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
fn colour(k: usize) -> RGBColor {
    PALETTE[k % PALETTE.len()]
}

/// Tick labels of a numeric axis: at most two decimals, none that are zero ("2", "0.9", "0.25";
/// not "2.0" or "0.90").
fn tick(x: &f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The legend corner that covers the fewest of `points` (x, y normalised to [0, 1]).
fn free_corner(points: impl Iterator<Item = (f64, f64)>) -> SeriesLabelPosition {
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

/// A heat map: one row per name, one column per bin label, cell darkness by count (square-root
/// scale, so small counts stay visible next to the large first bins), with the scale beside it.
pub(crate) fn heat_map(
    title: &str,
    rows: &[(String, Vec<usize>)],
    columns: &[&str],
) -> anyhow::Result<String> {
    let mut svg = String::new();
    {
        let (width, height) = (
            260 + 60 * columns.len() as u32,
            60 + 28 * rows.len() as u32 + 50,
        );
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let root = root.titled(title, ("sans-serif", 18)).map_err(failed)?;
        let (map_area, scale_area) = root.split_horizontally(width - 120);
        let max = rows
            .iter()
            .flat_map(|(_, r)| r.iter().copied())
            .max()
            .unwrap_or(1)
            .max(1) as f64;
        let shade = |n: f64| {
            let level = (255.0 * (1.0 - (n / max).sqrt())) as u8;
            RGBColor(level, level, level)
        };
        // n segments for n labels: a segmented range 0..k holds k + 1 of them.
        let mut chart = ChartBuilder::on(&map_area)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(90)
            .build_cartesian_2d(
                (0..columns.len().saturating_sub(1)).into_segmented(),
                (0..rows.len().saturating_sub(1)).into_segmented(),
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
                    Rectangle::new(
                        [
                            (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                            (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
                        ],
                        shade(n as f64).filled(),
                    )
                })
            }))
            .map_err(failed)?;
        let mut scale = ChartBuilder::on(&scale_area)
            .margin_top(10)
            .margin_bottom(50)
            .margin_right(50)
            .y_label_area_size(50)
            .build_cartesian_2d(0.0..1.0, 0.0..max)
            .map_err(failed)?;
        scale
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_labels(6)
            .y_label_formatter(&|v| format!("{v:.0}"))
            .y_label_style(("sans-serif", 12))
            .axis_desc_style(("sans-serif", 12))
            .y_desc("sentences per cell")
            .draw()
            .map_err(failed)?;
        let steps = 100;
        scale
            .draw_series((0..steps).map(|k| {
                let (lo, hi) = (
                    max * k as f64 / steps as f64,
                    max * (k + 1) as f64 / steps as f64,
                );
                Rectangle::new([(0.0, lo), (1.0, hi)], shade((lo + hi) / 2.0).filled())
            }))
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

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
pub(crate) fn ecdf(
    title: &str,
    x_desc: &str,
    x_range: (f64, f64),
    samples: &[(String, Vec<f64>)],
    dashed: &str,
) -> anyhow::Result<String> {
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

/// Grouped bars: for each named series one bar per group label (negative values hang down);
/// `x_desc` names what the groups are.
pub(crate) fn grouped_bars(
    title: &str,
    x_desc: &str,
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

/// How a [`Band`]'s line is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Line {
    /// Our main result: a bold solid line.
    Bold,
    /// Our secondary results: a thin solid line.
    Thin,
    /// The authors' published or stored numbers: dashed, with a dot at each point, so that
    /// ours and theirs stay apart where they coincide.
    Authors,
}

/// One line of a [`bands`] figure, with its shaded interval.
pub(crate) struct Band {
    /// The legend label.
    pub(crate) name: String,
    /// (x, y, low, high) per point.
    pub(crate) points: Vec<(f64, f64, f64, f64)>,
    /// The palette index: lines that belong together share it.
    pub(crate) colour: usize,
    /// How the line is drawn.
    pub(crate) line: Line,
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
pub(crate) fn bands(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    x_range: (f64, f64),
    series: &[Band],
) -> anyhow::Result<String> {
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
