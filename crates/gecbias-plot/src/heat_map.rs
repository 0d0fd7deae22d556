//! The heat map of counts per row and bin (the conservatism figure's words changed per sentence).

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;
use crate::style::failed;

/// A heat map: one row per name, one column per bin label, cell darkness by count (square-root
/// scale, so small counts stay visible next to the large first bins), with the scale beside it.
/// Any number of rows and columns, one included.
pub fn heat_map(
    title: &str,
    rows: &[(String, Vec<usize>)],
    columns: &[&str],
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        // Room for the longest row name (about 8 px a character at 13 px) and for three rows at
        // least, so that the colour scale stays legible.
        let longest = rows
            .iter()
            .map(|(n, _)| n.chars().count())
            .max()
            .unwrap_or(0);
        let names = (8 * longest as u32 + 30).clamp(60, 400);
        let (width, height) = (
            names + 170 + 60 * columns.len() as u32,
            60 + 28 * rows.len().max(3) as u32 + 50,
        );
        let canvas = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        canvas.fill(&WHITE).map_err(failed)?;
        let root = canvas.titled(title, ("sans-serif", 18)).map_err(failed)?;
        let (map_area, scale_area) = root.split_horizontally(width - 140);
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
        let (n_columns, n_rows) = (columns.len().max(1) as f64, rows.len().max(1) as f64);
        let mut chart = ChartBuilder::on(&map_area)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(names)
            .build_cartesian_2d(0.0..n_columns, 0.0..n_rows)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(0)
            .y_labels(0)
            .x_desc("words changed")
            .axis_desc_style(("sans-serif", 13))
            .draw()
            .map_err(failed)?;
        // Row 0 is drawn at the top.
        chart
            .draw_series(rows.iter().enumerate().flat_map(|(r, (_, counts))| {
                let y = (rows.len() - r - 1) as f64;
                counts.iter().enumerate().map(move |(x, &n)| {
                    let x = x as f64;
                    Rectangle::new([(x, y), (x + 1.0, y + 1.0)], shade(n as f64).filled())
                })
            }))
            .map_err(failed)?;
        // Labels at cell centres, placed in pixels on the whole canvas: plotters puts numeric
        // ticks at round values, not at the centres of categories.
        let font = ("sans-serif", 13).into_font().color(&BLACK);
        for (i, column) in columns.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
            let style = font.clone().pos(Pos::new(HPos::Center, VPos::Top));
            canvas
                .draw(&Text::new(column.to_string(), (x, y + 6), style))
                .map_err(failed)?;
        }
        for (r, (name, _)) in rows.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(0.0, (rows.len() - r) as f64 - 0.5));
            let style = font.clone().pos(Pos::new(HPos::Right, VPos::Center));
            canvas
                .draw(&Text::new(name.clone(), (x - 6, y), style))
                .map_err(failed)?;
        }
        let mut scale = ChartBuilder::on(&scale_area)
            .margin_top(10)
            .margin_bottom(50)
            .margin_right(40)
            .y_label_area_size(75)
            // The bar starts right of the axis, clear of the tick labels.
            .build_cartesian_2d(-0.25..1.0, 0.0..max)
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
        canvas.present().map_err(failed)?;
    }
    Ok(svg)
}
