//! Legends drawn by hand: in a framed box in a free corner of the plot when they are few and
//! short, else below the plot in columns, long names wrapped — a legend never covers the data
//! and never runs off the figure at column width.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::Error;
use crate::style::{Corner, WIDTH, body, colour, failed, text_width, wrap};

/// The opacity of a band's shade, in the plot and in its legend swatch.
pub(crate) const BAND_OPACITY: f64 = 0.18;

/// Above this many keys the legend goes below the plot.
const INSIDE: usize = 5;

/// The height of a legend row, and the width of a swatch, in pixels.
const ROW: i32 = 22;
const SWATCH: i32 = 24;

/// What a key shows of its series.
#[derive(Clone, Copy)]
pub(crate) enum Swatch {
    /// A line (dashed with a dot for the authors' numbers), over its band's shade if it has one.
    Line {
        width: u32,
        dashed: bool,
        band: bool,
    },
    /// A filled bar.
    Bar,
}

/// One series as its legend shows it.
pub(crate) struct Key {
    pub(crate) name: String,
    pub(crate) colour: RGBAColor,
    pub(crate) swatch: Swatch,
}

impl Key {
    /// One key per name, all with `swatch`, coloured by the palette from its colour `first` on.
    pub(crate) fn each<'a>(
        names: impl IntoIterator<Item = &'a String>,
        first: usize,
        swatch: Swatch,
    ) -> Vec<Key> {
        names
            .into_iter()
            .enumerate()
            .map(|(k, name)| Key {
                name: name.clone(),
                colour: colour(first + k).to_rgba(),
                swatch,
            })
            .collect()
    }

    /// Draws the key with its first line centred on `y`, the name wrapped to `width` pixels.
    fn draw(
        &self,
        area: &DrawingArea<SVGBackend<'_>, Shift>,
        (x, y): (i32, i32),
        width: i32,
    ) -> Result<(), Error> {
        match self.swatch {
            Swatch::Line {
                width: stroke,
                dashed,
                band,
            } => {
                if band {
                    let shade = self.colour.mix(BAND_OPACITY).filled();
                    area.draw(&Rectangle::new([(x, y - 7), (x + SWATCH, y + 7)], shade))
                        .map_err(failed)?;
                }
                let (dash, gap) = if dashed { (5, 3) } else { (SWATCH as u32, 0) };
                let style = self.colour.stroke_width(stroke);
                let path = DashedPathElement::new(vec![(x, y), (x + SWATCH, y)], dash, gap, style);
                area.draw(&path).map_err(failed)?;
                if dashed {
                    area.draw(&Circle::new((x + SWATCH / 2, y), 3, self.colour.filled()))
                        .map_err(failed)?;
                }
            }
            Swatch::Bar => {
                let corners = [(x + 6, y - 7), (x + SWATCH - 4, y + 7)];
                area.draw(&Rectangle::new(corners, self.colour.filled()))
                    .map_err(failed)?;
            }
        }
        let text = body().pos(Pos::new(HPos::Left, VPos::Center));
        for (k, line) in self.lines(width).into_iter().enumerate() {
            let at = (x + SWATCH + 6, y + k as i32 * ROW);
            area.draw(&Text::new(line, at, text.clone()))
                .map_err(failed)?;
        }
        Ok(())
    }

    /// The name wrapped at word boundaries to `width` pixels (swatch included).
    fn lines(&self, width: i32) -> Vec<String> {
        let room = (width - SWATCH - 6).max(1) as u32;
        wrap(&self.name, |line| text_width(line) <= room)
    }

    /// The widest key's width in pixels: swatch, gap, name on one line.
    fn widest(keys: &[Key]) -> i32 {
        SWATCH + 6 + keys.iter().map(|k| text_width(&k.name)).max().unwrap_or(0) as i32
    }
}

/// Where a legend goes: a box in a corner of the plot, or rows below it.
pub(crate) enum Placement {
    /// No keys, no legend.
    None,
    /// A framed box in the corner the data leave free.
    Inside,
    /// Columns of the given width below the plot; each key's (column, first row), and the rows
    /// in all (keys in a row share its height, the most lines one of them wraps to).
    Below {
        column_width: i32,
        places: Vec<(i32, i32)>,
        rows: i32,
    },
}

impl Placement {
    /// Inside for at most five keys whose box takes at most 55 % of the figure's width, else
    /// below.
    pub(crate) fn of(keys: &[Key]) -> Placement {
        if keys.is_empty() {
            return Placement::None;
        }
        if keys.len() <= INSIDE && Key::widest(keys) + 16 <= WIDTH as i32 * 55 / 100 {
            return Placement::Inside;
        }
        let available = WIDTH as i32 - 16;
        let columns = (available / (Key::widest(keys) + 14)).clamp(1, keys.len() as i32);
        let column_width = available / columns;
        let mut places = Vec::with_capacity(keys.len());
        let mut rows = 0;
        for chunk in keys.chunks(columns as usize) {
            for column in 0..chunk.len() {
                places.push((column as i32, rows));
            }
            rows += chunk
                .iter()
                .map(|k| k.lines(column_width - 10).len() as i32)
                .max()
                .unwrap_or(1);
        }
        Placement::Below {
            column_width,
            places,
            rows,
        }
    }

    /// The pixels the legend adds below the plot.
    pub(crate) fn height_below(&self) -> u32 {
        match self {
            Placement::Below { rows, .. } => (rows * ROW + 8) as u32,
            Placement::None | Placement::Inside => 0,
        }
    }

    /// Draws the legend: inside `plot` (pixel ranges on `root`) at `corner`, or on `below`.
    pub(crate) fn draw(
        &self,
        keys: &[Key],
        root: &DrawingArea<SVGBackend<'_>, Shift>,
        below: &DrawingArea<SVGBackend<'_>, Shift>,
        (x_pixels, y_pixels): (Range<i32>, Range<i32>),
        corner: Corner,
    ) -> Result<(), Error> {
        match self {
            Placement::None => Ok(()),
            Placement::Inside => {
                let (width, height) = (Key::widest(keys) + 16, keys.len() as i32 * ROW + 8);
                let left = if corner.is_left() {
                    x_pixels.start + 8
                } else {
                    x_pixels.end - 8 - width
                };
                let top = if corner.is_upper() {
                    y_pixels.start + 8
                } else {
                    y_pixels.end - 8 - height
                };
                let frame = [(left, top), (left + width, top + height)];
                root.draw(&Rectangle::new(frame, WHITE.mix(0.85).filled()))
                    .map_err(failed)?;
                root.draw(&Rectangle::new(frame, BLACK.stroke_width(1)))
                    .map_err(failed)?;
                for (k, key) in keys.iter().enumerate() {
                    let at = (left + 8, top + 4 + ROW / 2 + k as i32 * ROW);
                    key.draw(root, at, width)?;
                }
                Ok(())
            }
            Placement::Below {
                column_width,
                places,
                ..
            } => {
                for (key, &(column, row)) in keys.iter().zip(places) {
                    let at = (8 + column * column_width, 6 + ROW / 2 + row * ROW);
                    key.draw(below, at, column_width - 10)?;
                }
                Ok(())
            }
        }
    }
}
