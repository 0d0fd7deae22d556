//! What every figure shares: the palette, tick labels, where the legend goes, and how a failure
//! of the drawing code becomes an [`Error`].

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;

/// The width of every figure, in SVG pixels. Figures are set at a paper's column width
/// (3.3 in, 237.6 pt), where one pixel is 0.495 pt.
pub(crate) const WIDTH: u32 = 480;

/// The size plotters is asked for to give body text (ticks, labels, legends) of 16.9 px in the
/// SVG (plotters writes 1/1.24 of it): 8.4 pt at column width, over the 8 pt a paper's figure
/// needs.
pub(crate) const TEXT: f64 = 21.0;

/// The same for titles: 18.5 px in the SVG, 9.2 pt at column width.
pub(crate) const TITLE: f64 = 23.0;

/// The width of `text` in pixels at [`TEXT`], for layout: an upper bound on DejaVu Sans'
/// advance (about 0.66 of the font size for lowercase and digits, more for capitals).
pub(crate) fn text_width(text: &str) -> u32 {
    let ems: f64 = text
        .chars()
        .map(|c| if c.is_uppercase() { 0.74 } else { 0.64 })
        .sum();
    (ems * TEXT / 1.24).ceil() as u32
}

/// `title` wrapped at word boundaries to the figure's width, at [`TITLE`].
fn title_lines(title: &str) -> Vec<String> {
    let per_line = ((f64::from(WIDTH) - 16.0) / (0.62 * TITLE / 1.24)).floor() as usize;
    wrap(title, |line| line.chars().count() <= per_line)
}

/// `text` cut into lines at word boundaries, each as long as `fits` allows (a word longer than
/// that stands on a line of its own).
pub(crate) fn wrap(text: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line} {word}")) => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// The pixels between two title lines.
const TITLE_LINE: u32 = 29;

/// The height `title` takes above a figure, wrapped as [`titled`] wraps it.
pub(crate) fn title_height(title: &str) -> u32 {
    8 + TITLE_LINE * title_lines(title).len() as u32
}

/// Draws `title` centred at the top of `root`, wrapped to the figure's width, and returns the
/// area below it.
pub(crate) fn titled<'a>(
    root: &DrawingArea<SVGBackend<'a>, plotters::coord::Shift>,
    title: &str,
) -> Result<DrawingArea<SVGBackend<'a>, plotters::coord::Shift>, Error> {
    let style = ("sans-serif", TITLE)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (k, line) in title_lines(title).into_iter().enumerate() {
        let at = (WIDTH as i32 / 2, 4 + (TITLE_LINE * k as u32) as i32);
        root.draw(&Text::new(line, at, style.clone()))
            .map_err(failed)?;
    }
    Ok(root.split_vertically(title_height(title)).1)
}

/// The body font, black.
pub(crate) fn body() -> TextStyle<'static> {
    ("sans-serif", TEXT).into_font().color(&BLACK)
}

/// Round tick values for an axis from 0 to `max` (a count): multiples of the step from 1, 2 or
/// 5 × 10^k that gives at most five ticks, with `max` itself labelled at the top (in place of the
/// last multiple when the two would crowd each other). Whole numbers, none repeated.
pub(crate) fn count_ticks(max: usize) -> Vec<usize> {
    let max = max.max(1);
    let mut step = 1;
    'search: for scale in std::iter::successors(Some(1usize), |s| s.checked_mul(10)) {
        for base in [1, 2, 5] {
            step = base * scale;
            if max / step <= 4 {
                break 'search;
            }
        }
    }
    let mut ticks: Vec<usize> = (0..=max / step).map(|k| k * step).collect();
    if let Some(&last) = ticks.last()
        && last != max
    {
        if (max - last) * 10 < step * 4 && ticks.len() > 1 {
            ticks.pop();
        }
        ticks.push(max);
    }
    ticks
}

/// Tick labels of a numeric axis spanning `span` with about `labels` ticks: as many decimals as
/// the tick step needs (so no two ticks read the same), trailing zeros dropped ("2", "0.9",
/// "0.25"; not "2.0" or "0.90").
pub(crate) fn tick_label(span: f64, labels: usize) -> impl Fn(&f64) -> String {
    let step = span.abs() / labels.max(1) as f64;
    let decimals = if step > 0.0 && step.is_finite() {
        (-step.log10().floor()).clamp(0.0, 6.0) as usize
    } else {
        2
    };
    move |x: &f64| {
        let text = format!("{x:.decimals$}");
        let text = if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.')
        } else {
            &text
        };
        if text == "-0" {
            "0".to_owned()
        } else {
            text.to_owned()
        }
    }
}

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

/// A corner of the plotting area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Corner {
    UpperLeft,
    UpperRight,
    LowerLeft,
    LowerRight,
}

impl Corner {
    pub(crate) fn is_left(self) -> bool {
        matches!(self, Corner::UpperLeft | Corner::LowerLeft)
    }

    pub(crate) fn is_upper(self) -> bool {
        matches!(self, Corner::UpperLeft | Corner::UpperRight)
    }
}

/// The legend corner that covers the fewest of `points` (x, y normalised to [0, 1]); the first
/// of upper left, upper right, lower left, lower right on ties.
pub(crate) fn free_corner(points: impl Iterator<Item = (f64, f64)>) -> Corner {
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
        Corner::UpperLeft,
        Corner::UpperRight,
        Corner::LowerLeft,
        Corner::LowerRight,
    ];
    let best = (0..4).min_by_key(|&k| counts[k]).unwrap_or(0);
    corners[best]
}

/// A failure inside plotters' drawing code, kept as the source.
pub(crate) fn failed(e: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::Drawing(Box::new(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_ticks_are_round_whole_and_end_at_the_maximum() {
        assert_eq!(count_ticks(3), [0, 1, 2, 3]);
        assert_eq!(count_ticks(1), [0, 1]);
        assert_eq!(count_ticks(0), [0, 1]);
        assert_eq!(count_ticks(1312), [0, 500, 1000, 1312]);
        // 1,000 would crowd 1,050: the maximum takes its place.
        assert_eq!(count_ticks(1050), [0, 500, 1050]);
        assert_eq!(count_ticks(7), [0, 2, 4, 6, 7]);
        assert_eq!(count_ticks(50), [0, 20, 40, 50]);
    }

    #[test]
    fn tick_labels_have_the_decimals_the_step_needs() {
        let unit = tick_label(1.0, 10);
        assert_eq!(
            [unit(&0.0), unit(&0.1), unit(&0.7), unit(&1.0)],
            ["0", "0.1", "0.7", "1"]
        );
        let fine = tick_label(0.02, 4);
        assert_eq!(
            [fine(&0.44), fine(&0.445), fine(&0.45)],
            ["0.44", "0.445", "0.45"]
        );
        let counts = tick_label(40.0, 4);
        assert_eq!(
            [counts(&0.0), counts(&10.0), counts(&-0.0)],
            ["0", "10", "0"]
        );
    }
}
