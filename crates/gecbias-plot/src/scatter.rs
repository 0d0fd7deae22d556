//! Labelled points over two numeric axes: one point per system, human score against a metric's
//! (meta-evaluation), each point named beside it where the name covers no other name or point.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;
use crate::lines::line_chart;
use crate::style::{TEXT, body, colour, failed, text_width};

/// One point of a [`scatter`] figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    /// The name written beside it.
    pub label: String,
    /// x (the human score).
    pub x: f64,
    /// y (the metric's score).
    pub y: f64,
}

/// A padded range around `values`: `below` and `above` of the span on each side (or ±0.05 when
/// all are equal).
fn padded(values: impl Iterator<Item = f64>, below: f64, above: f64) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !(low.is_finite() && high.is_finite()) {
        return (0.0, 1.0);
    }
    let span = if high > low { high - low } else { 1.0 };
    (low - span * below, high + span * above)
}

/// An axis-aligned box in pixels: (left, top, right, bottom).
type Rect = (i32, i32, i32, i32);

fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The places a name `w` pixels wide and `height` high may take beside the point at pixel
/// `(x, y)`, in the order they are tried: with the rectangle it covers and its anchor.
fn name_places((x, y): (i32, i32), w: i32, height: i32) -> Vec<(Rect, Pos)> {
    let right = |dy: i32| {
        let r = (x + 7, y - height / 2 + dy, x + 7 + w, y + height / 2 + dy);
        (r, Pos::new(HPos::Left, VPos::Center))
    };
    let left = |dy: i32| {
        let r = (x - 7 - w, y - height / 2 + dy, x - 7, y + height / 2 + dy);
        (r, Pos::new(HPos::Right, VPos::Center))
    };
    let mut candidates = vec![
        right(0),
        left(0),
        (
            (x - w / 2, y - 7 - height, x + w / 2, y - 7),
            Pos::new(HPos::Center, VPos::Bottom),
        ),
        (
            (x - w / 2, y + 7, x + w / 2, y + 7 + height),
            Pos::new(HPos::Center, VPos::Top),
        ),
    ];
    for lines in [1, -1, 2, -2] {
        candidates.push(right(lines * height));
        candidates.push(left(lines * height));
    }
    candidates
}

/// Points named beside them: each name right of its point, else left, above, below, or beside it
/// a line or two up or down: the first place where it covers no earlier name and no point and
/// stays in the plot, else the place that covers fewest. `caption` (such as "ρ = 0.69, r = 0.63") is written in the upper left.
pub fn scatter(
    title: &str,
    axes: (&str, &str),
    points: &[Point],
    caption: &str,
) -> Result<String, Error> {
    // Room on the right for the names of the rightmost points, and at the top for the caption
    // and the names above the highest.
    let x_range = padded(points.iter().map(|p| p.x), 0.08, 0.2);
    let y_range = padded(points.iter().map(|p| p.y), 0.08, 0.22);
    let all: Vec<(f64, f64)> = points.iter().map(|p| (p.x, p.y)).collect();
    line_chart(title, axes, (x_range, y_range), &all, &[], |chart| {
        let dot = colour(0).filled();
        chart
            .draw_series(all.iter().map(|&xy| Circle::new(xy, 4, dot)))
            .map_err(failed)?;
        let area = chart.plotting_area();
        let (px, py) = area.get_pixel_range();
        let pixel = |p: &Point| area.map_coordinate(&(p.x, p.y));
        // Names are placed in pixels: the plot's own area without its data coordinates, whose
        // origin is the plot's upper left.
        let plain = area.strip_coord_spec();
        let relative = |(x, y): (i32, i32)| (x - px.start, y - py.start);
        let height = (TEXT / 1.24).ceil() as i32;
        let mut taken: Vec<Rect> = points
            .iter()
            .map(|p| {
                let (x, y) = pixel(p);
                (x - 5, y - 5, x + 5, y + 5)
            })
            .collect();
        let caption_box = (
            px.start,
            py.start,
            px.start + 8 + text_width(caption) as i32,
            py.start + height + 8,
        );
        taken.push(caption_box);
        for p in points {
            let (x, y) = pixel(p);
            let w = text_width(&p.label) as i32;
            // Beside the point first, then above or below it, then beside it a line or two up or
            // down; where every place is taken, the one that covers the fewest names and points.
            let candidates = name_places((x, y), w, height);
            let inside =
                |r: Rect| r.0 >= px.start && r.2 <= px.end && r.1 >= py.start && r.3 <= py.end;
            let covered = |r: Rect| taken.iter().filter(|t| overlaps(r, **t)).count();
            // The first free place, else the least covered (min_by_key keeps the first minimum).
            let (rect, pos) = candidates
                .iter()
                .filter(|(r, _)| inside(*r))
                .min_by_key(|(r, _)| covered(*r))
                .copied()
                .unwrap_or(candidates[0]);
            taken.push(rect);
            let anchor = match (pos.h_pos, pos.v_pos) {
                (HPos::Left, _) => (rect.0, (rect.1 + rect.3) / 2),
                (HPos::Right, _) => (rect.2, (rect.1 + rect.3) / 2),
                (_, VPos::Bottom) => (x, rect.3),
                _ => (x, rect.1),
            };
            plain
                .draw(&Text::new(
                    p.label.clone(),
                    relative(anchor),
                    body().pos(pos),
                ))
                .map_err(failed)?;
        }
        if !caption.is_empty() {
            plain
                .draw(&Text::new(
                    caption.to_owned(),
                    (6, 6),
                    body().pos(Pos::new(HPos::Left, VPos::Top)),
                ))
                .map_err(failed)?;
        }
        Ok(())
    })
}
