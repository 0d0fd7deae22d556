//! The page's figures as inline SVG written through maud (so every label is escaped as any other
//! text): a forest plot of scores with intervals and clusters, stacked shares, and overlaid
//! histograms. Each figure is followed in the page by a table of the same numbers.

use maud::{Markup, html};

/// Okabe and Ito's colour-blind-safe palette: blue, vermillion, bluish green, orange, sky blue,
/// reddish purple, yellow.
pub(crate) const PALETTE: [&str; 7] = [
    "#0072B2", "#D55E00", "#009E73", "#E69F00", "#56B4E9", "#CC79A7", "#F0E442",
];

/// One row of a forest plot.
pub(crate) struct ForestRow<'a> {
    pub(crate) label: &'a str,
    pub(crate) score: f64,
    pub(crate) interval: Option<(f64, f64)>,
    pub(crate) cluster: Option<usize>,
}

const LABEL_WIDTH: f64 = 170.0;
const PLOT_WIDTH: f64 = 430.0;
const ROW_HEIGHT: f64 = 22.0;

/// Three decimals, as the figures label values.
fn short(x: f64) -> String {
    format!("{x:.3}")
}

/// Rows (already in rank order) as dots with their intervals on one axis; rows of one
/// significance cluster share a band, clusters alternating in shade.
pub(crate) fn forest(title: &str, rows: &[ForestRow<'_>]) -> Markup {
    let values = rows.iter().flat_map(|r| {
        let (low, high) = r.interval.unwrap_or((r.score, r.score));
        [low, high, r.score]
    });
    let (mut low, mut high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    if !low.is_finite() || high - low < 1e-9 {
        (low, high) = (low.min(0.0) - 0.05, high.max(0.0) + 0.05);
    }
    let pad = (high - low) * 0.05;
    let (low, high) = (low - pad, high + pad);
    let x = |v: f64| LABEL_WIDTH + (v - low) / (high - low) * PLOT_WIDTH;
    let height = ROW_HEIGHT * rows.len() as f64 + 34.0;
    let width = LABEL_WIDTH + PLOT_WIDTH + 70.0;
    let ticks: Vec<f64> = (0..=4)
        .map(|k| low + (high - low) * k as f64 / 4.0)
        .collect();
    html! {
        svg.figure role="img" aria-label=(title) viewBox={"0 0 " (width) " " (height)}
            width=(width) height=(height) {
            title { (title) }
            @for (k, row) in rows.iter().enumerate() {
                @let y = ROW_HEIGHT * k as f64;
                @if row.cluster.is_some_and(|c| c % 2 == 1) {
                    rect x="0" y=(y) width=(width) height=(ROW_HEIGHT) fill="#eef3f8" {}
                }
            }
            @for t in &ticks {
                line x1=(x(*t)) x2=(x(*t)) y1="0" y2=(height - 30.0) stroke="#ccc" stroke-width="0.5" {}
                text x=(x(*t)) y=(height - 16.0) text-anchor="middle" font-size="11" { (short(*t)) }
            }
            @for (k, row) in rows.iter().enumerate() {
                @let y = ROW_HEIGHT * k as f64 + ROW_HEIGHT / 2.0;
                g.forest-row {
                    title {
                        (row.label) ": " (short(row.score))
                        @if let Some((l, h)) = row.interval { " [" (short(l)) ", " (short(h)) "]" }
                        @if let Some(c) = row.cluster { ", cluster " (c) }
                    }
                    text x=(LABEL_WIDTH - 8.0) y=(y + 4.0) text-anchor="end" font-size="12" { (row.label) }
                    @if let Some((l, h)) = row.interval {
                        line x1=(x(l)) x2=(x(h)) y1=(y) y2=(y) stroke="#0072B2" stroke-width="2" {}
                        line x1=(x(l)) x2=(x(l)) y1=(y - 4.0) y2=(y + 4.0) stroke="#0072B2" stroke-width="1.5" {}
                        line x1=(x(h)) x2=(x(h)) y1=(y - 4.0) y2=(y + 4.0) stroke="#0072B2" stroke-width="1.5" {}
                    }
                    circle cx=(x(row.score)) cy=(y) r="4.5" fill="#D55E00" {}
                    @if let Some(c) = row.cluster {
                        text x=(LABEL_WIDTH + PLOT_WIDTH + 12.0) y=(y + 4.0) font-size="11" fill="#555" { "cluster " (c) }
                    }
                }
            }
        }
    }
}

/// One horizontal bar per row, split into shares (each row's shares sum to at most 1) in the
/// palette's order, with a legend.
pub(crate) fn stacked(title: &str, parts: &[&str], rows: &[(&str, Vec<f64>)]) -> Markup {
    let height = ROW_HEIGHT * rows.len() as f64 + 40.0;
    let width = LABEL_WIDTH + PLOT_WIDTH + 20.0;
    html! {
        svg.figure role="img" aria-label=(title) viewBox={"0 0 " (width) " " (height)}
            width=(width) height=(height) {
            title { (title) }
            @for (k, (label, shares)) in rows.iter().enumerate() {
                @let y = ROW_HEIGHT * k as f64 + 3.0;
                text x=(LABEL_WIDTH - 8.0) y=(y + 13.0) text-anchor="end" font-size="12" { (label) }
                @let starts: Vec<f64> = shares.iter().scan(LABEL_WIDTH, |at, s| {
                    let start = *at;
                    *at += s.clamp(0.0, 1.0) * PLOT_WIDTH;
                    Some(start)
                }).collect();
                @for (j, share) in shares.iter().enumerate() {
                    @let w = share.clamp(0.0, 1.0) * PLOT_WIDTH;
                    rect x=(starts[j]) y=(y) width=(w) height=(ROW_HEIGHT - 6.0) fill=(PALETTE[j % PALETTE.len()]) {
                        title { (label) ", " (parts[j]) ": " (short(*share)) }
                    }
                }
            }
            @let y = ROW_HEIGHT * rows.len() as f64 + 14.0;
            @for (j, part) in parts.iter().enumerate() {
                rect x=(LABEL_WIDTH + 110.0 * j as f64) y=(y) width="12" height="12" fill=(PALETTE[j % PALETTE.len()]) {}
                text x=(LABEL_WIDTH + 110.0 * j as f64 + 16.0) y=(y + 10.0) font-size="11" { (part) }
            }
        }
    }
}

/// The counts of `values` in `bins` equal bins over `[low, high]` (values outside fall in the
/// end bins).
pub(crate) fn histogram_counts(values: &[f64], (low, high): (f64, f64), bins: usize) -> Vec<usize> {
    let mut counts = vec![0; bins];
    for &v in values {
        let at = ((v - low) / (high - low) * bins as f64).floor();
        counts[(at.max(0.0) as usize).min(bins - 1)] += 1;
    }
    counts
}

/// Two distributions (a system's and the reference's) as overlaid histograms on `range`.
pub(crate) fn histogram(title: &str, series: [(&str, &[f64]); 2], range: (f64, f64)) -> Markup {
    const BINS: usize = 25;
    let counts = series.map(|(_, v)| histogram_counts(v, range, BINS));
    let top = counts.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    let (width, height, plot_height) = (360.0, 190.0, 140.0);
    let bar = (width - 40.0) / BINS as f64;
    html! {
        svg.figure role="img" aria-label=(title) viewBox={"0 0 " (width) " " (height)}
            width=(width) height=(height) {
            title { (title) }
            text x="30" y="12" font-size="12" font-weight="bold" { (title) }
            @for (s, (name, _)) in series.iter().enumerate() {
                @for (b, &c) in counts[s].iter().enumerate() {
                    @let h = c as f64 / top * plot_height;
                    rect x=(30.0 + bar * b as f64) y=(20.0 + plot_height - h) width=(bar - 1.0) height=(h)
                        fill=(PALETTE[s]) fill-opacity="0.55" {
                        title { (name) ": " (c) " in [" (short(range.0 + (range.1 - range.0) * b as f64 / BINS as f64)) ", "
                            (short(range.0 + (range.1 - range.0) * (b + 1) as f64 / BINS as f64)) ")" }
                    }
                }
            }
            text x="30" y=(plot_height + 34.0) font-size="10" { (short(range.0)) }
            text x=(width - 10.0) y=(plot_height + 34.0) font-size="10" text-anchor="end" { (short(range.1)) }
            @for (s, (name, _)) in series.iter().enumerate() {
                rect x=(30.0 + 150.0 * s as f64) y=(plot_height + 42.0) width="10" height="10" fill=(PALETTE[s]) fill-opacity="0.7" {}
                text x=(44.0 + 150.0 * s as f64) y=(plot_height + 51.0) font-size="11" { (name) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped_and_bins_hold_every_value() {
        let rows = [ForestRow {
            label: "<b>x</b>",
            score: 0.5,
            interval: Some((0.4, 0.6)),
            cluster: Some(1),
        }];
        let svg = forest("M2 \"&'", &rows).into_string();
        assert!(svg.contains("&lt;b&gt;x&lt;/b&gt;"), "{svg}");
        assert!(!svg.contains("<b>"));
        assert!(svg.contains("M2 &quot;&amp;'"));
        assert_eq!(
            histogram_counts(&[0.0, 0.5, 1.0, 2.0, -1.0], (0.0, 1.0), 4),
            [2, 0, 1, 2]
        );
    }
}
