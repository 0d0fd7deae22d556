//! The heat map of counts per row and bin (the conservatism figure's words changed per sentence).

use plotters::prelude::*;
use plotters::style::FontTransform;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;
use crate::style::{WIDTH, body, count_ticks, failed, text_width, title_height, titled};

/// The least row height, the least height of the map (and of its colour bar, so that the
/// scale's ticks and caption fit beside a map of one or two rows), and the bar's width, in
/// pixels.
const ROW: u32 = 22;
const MIN_MAP: u32 = 132;
const BAR: u32 = 14;

/// The least distance between two tick labels of the scale, in pixels.
const TICK_GAP: f64 = 20.0;

/// The grey of a cell with `n` of `max`: white for none; otherwise at least 15 % black, so that a
/// cell of one sentence stands apart from an empty one, darkening with √(n / max) (small counts
/// stay visible beside the large first bins).
fn shade(n: f64, max: f64) -> RGBColor {
    if n <= 0.0 {
        return WHITE;
    }
    let darkness = 0.15 + 0.85 * (n / max).min(1.0).sqrt();
    let level = (255.0 * (1.0 - darkness)).round() as u8;
    RGBColor(level, level, level)
}

/// A heat map: one row per name, one column per bin label, cell darkness by count (empty cells
/// white and outlined, any count at least 15 % grey, darkening with √(count / maximum)), with
/// the colour scale right beside it, ticked at round counts and at its maximum. Drawn at column
/// width (480 px for 3.3 in, text at 8.4 pt); long column labels stand vertically, long row
/// names are shortened with "…". Any number of rows and columns, one included.
pub fn heat_map(
    title: &str,
    rows: &[(String, Vec<usize>)],
    columns: &[&str],
) -> Result<String, Error> {
    let max = rows
        .iter()
        .flat_map(|(_, r)| r.iter().copied())
        .max()
        .unwrap_or(0);
    let ticks = count_ticks(max);
    let top = *ticks.last().unwrap_or(&1) as f64;
    let names: Vec<String> = rows.iter().map(|(n, _)| shortened(n, 14)).collect();
    let name_width = names.iter().map(|n| text_width(n)).max().unwrap_or(0) + 8;
    let tick_width = ticks
        .iter()
        .map(|t| text_width(&t.to_string()))
        .max()
        .unwrap_or(0);
    // The scale: a gap, the bar, its tick labels, its vertical caption.
    let scale_width = 10 + BAR + 5 + tick_width + 8 + 20;
    let cells_width = WIDTH
        .saturating_sub(name_width + scale_width + 8)
        .max(columns.len() as u32);
    let cell = cells_width as f64 / columns.len().max(1) as f64;
    let vertical = columns
        .iter()
        .any(|c| f64::from(text_width(c)) > cell - 2.0);
    let label_height = if vertical {
        columns.iter().map(|c| text_width(c)).max().unwrap_or(0) + 8
    } else {
        24
    };
    let map_top = title_height(title) + 6;
    let row = ROW.max(MIN_MAP.div_ceil(rows.len().max(1) as u32));
    let map_height = row * rows.len().max(1) as u32;
    let height = map_top + map_height + label_height + 30;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        titled(&root, title)?;
        let x0 = name_width as i32;
        let x_of = |column: usize| x0 + (column as f64 * cell).round() as i32;
        let y_of = |r: usize| (map_top + row * r as u32) as i32;
        let outline = RGBColor(200, 200, 200);
        for (r, (_, counts)) in rows.iter().enumerate() {
            for c in 0..columns.len() {
                let n = counts.get(c).copied().unwrap_or(0) as f64;
                let corners = [(x_of(c), y_of(r)), (x_of(c + 1), y_of(r + 1))];
                root.draw(&Rectangle::new(corners, shade(n, top).filled()))
                    .map_err(failed)?;
                root.draw(&Rectangle::new(corners, outline.stroke_width(1)))
                    .map_err(failed)?;
            }
        }
        let right = Pos::new(HPos::Right, VPos::Center);
        for (r, name) in names.iter().enumerate() {
            let y = y_of(r) + row as i32 / 2;
            root.draw(&Text::new(name.clone(), (x0 - 6, y), body().pos(right)))
                .map_err(failed)?;
        }
        let below = y_of(rows.len().max(1)) + 5;
        for (c, column) in columns.iter().enumerate() {
            let x = (x_of(c) + x_of(c + 1)) / 2;
            let style = if vertical {
                body()
                    .transform(FontTransform::Rotate270)
                    .pos(Pos::new(HPos::Right, VPos::Center))
            } else {
                body().pos(Pos::new(HPos::Center, VPos::Top))
            };
            root.draw(&Text::new(column.to_string(), (x, below), style))
                .map_err(failed)?;
        }
        let desc = body().pos(Pos::new(HPos::Center, VPos::Bottom));
        let map_centre = (x0 + x_of(columns.len())) / 2;
        root.draw(&Text::new(
            "words changed",
            (map_centre, height as i32 - 4),
            desc,
        ))
        .map_err(failed)?;
        // The scale, right beside the map: the same shading from 0 at the bottom to the top tick.
        let bar_x = x_of(columns.len()) + 10;
        let (bar_top, bar_bottom) = (y_of(0), y_of(rows.len().max(1)));
        let y_at = |v: f64| bar_bottom - ((bar_bottom - bar_top) as f64 * v / top).round() as i32;
        let steps = (bar_bottom - bar_top).max(1);
        for k in 0..steps {
            let value = top * (f64::from(k) + 0.5) / f64::from(steps);
            let y = bar_bottom - k;
            root.draw(&Rectangle::new(
                [(bar_x, y - 1), (bar_x + BAR as i32, y)],
                shade(value, top).filled(),
            ))
            .map_err(failed)?;
        }
        root.draw(&Rectangle::new(
            [(bar_x, bar_top), (bar_x + BAR as i32, bar_bottom)],
            BLACK.stroke_width(1),
        ))
        .map_err(failed)?;
        // A round tick too close under the labelled maximum would print over it.
        let clear = |tick: usize| {
            tick as f64 == top || (top - tick as f64) / top * f64::from(map_height) >= TICK_GAP
        };
        for &tick in ticks.iter().filter(|&&t| clear(t)) {
            let y = y_at(tick as f64);
            root.draw(&PathElement::new(
                vec![(bar_x + BAR as i32, y), (bar_x + BAR as i32 + 4, y)],
                BLACK,
            ))
            .map_err(failed)?;
            let style = body().pos(Pos::new(HPos::Left, VPos::Center));
            root.draw(&Text::new(
                tick.to_string(),
                (bar_x + BAR as i32 + 6, y),
                style,
            ))
            .map_err(failed)?;
        }
        // Turned a quarter clockwise, a line's bottom faces the ticks: anchored there, the
        // caption reads down the right of their labels.
        let caption = body()
            .transform(FontTransform::Rotate90)
            .pos(Pos::new(HPos::Center, VPos::Bottom));
        let caption_x = bar_x + (BAR + 5 + tick_width + 6) as i32;
        root.draw(&Text::new(
            "sentences",
            (caption_x, (bar_top + bar_bottom) / 2),
            caption,
        ))
        .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// `name` cut to `limit` characters, the cut marked by "…".
fn shortened(name: &str, limit: usize) -> String {
    if name.chars().count() <= limit {
        return name.to_owned();
    }
    name.chars()
        .take(limit - 1)
        .chain(std::iter::once('…'))
        .collect()
}
