//! One structural snapshot per figure function: what a reader needs is checked on the SVG — its
//! labels, colours, order of drawing and layout — not its pixels. Every figure is also checked
//! for print: at a 3.3 in column every text is at least 8 pt, and none runs off the figure.

use gecbias_plot::{Band, IntervalBar, Line, bands, ecdf, grouped_bars, heat_map, interval_bars};

/// A paper's column, in points.
const COLUMN_PT: f64 = 3.3 * 72.0;

/// The value of attribute `name` in the element `element` (its text up to `>`).
fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + element[start..].find('"')?;
    Some(&element[start..end])
}

fn number(element: &str, name: &str) -> f64 {
    attribute(element, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name} in {element}"))
}

/// Every element of `kind` (`rect`, `text`, …), as the text of its opening tag.
fn elements<'a>(svg: &'a str, kind: &str) -> Vec<&'a str> {
    svg.match_indices(&format!("<{kind} "))
        .map(|(at, _)| &svg[at..at + svg[at..].find('>').unwrap_or(0)])
        .collect()
}

/// Every text element: its opening tag and its content.
fn texts(svg: &str) -> Vec<(&str, &str)> {
    svg.match_indices("<text ")
        .map(|(at, _)| {
            let tag_end = at + svg[at..].find('>').unwrap();
            let end = tag_end + svg[tag_end..].find("</text>").unwrap();
            (&svg[at..tag_end], svg[tag_end + 1..end].trim())
        })
        .collect()
}

fn labels(svg: &str) -> Vec<&str> {
    texts(svg).into_iter().map(|(_, t)| t).collect()
}

/// The checks every figure passes: text at least 8 pt when the figure is set 3.3 in wide, and
/// every horizontal text inside the figure (its width estimated generously, 0.62 em a
/// character).
fn printable(svg: &str) {
    let root = elements(svg, "svg")[0];
    let width = number(root, "width");
    assert_eq!(width, 480.0, "figures are drawn for a column");
    for (tag, text) in texts(svg) {
        let size = number(tag, "font-size");
        let points = size * COLUMN_PT / width;
        assert!(points >= 8.0, "{text:?} is {points:.1} pt at column width");
        if attribute(tag, "transform").is_some() {
            continue;
        }
        let extent = text.chars().count() as f64 * 0.62 * size;
        let x = number(tag, "x");
        let (left, right) = match attribute(tag, "text-anchor") {
            Some("middle") => (x - extent / 2.0, x + extent / 2.0),
            Some("end") => (x - extent, x),
            _ => (x, x + extent),
        };
        assert!(
            left >= -1.0 && right <= width + 1.0,
            "{text:?} spans {left:.0}..{right:.0} of {width}"
        );
    }
}

#[test]
fn heat_map_shows_small_counts_and_a_scale_beside_it() {
    let rows = vec![
        ("system".to_owned(), vec![3, 1, 0]),
        ("reference".to_owned(), vec![2, 2, 1]),
    ];
    let svg = heat_map("Words changed", &rows, &["0", "1", "2"]).unwrap();
    printable(&svg);
    let cells: Vec<&str> = elements(&svg, "rect")
        .into_iter()
        .filter(|r| number(r, "width") > 20.0 && attribute(r, "stroke") == Some("none"))
        .filter(|r| number(r, "y") > 0.0 && number(r, "height") < 100.0)
        .collect();
    assert_eq!(cells.len(), 6, "one filled cell per row and column");
    let fill = |k: usize| attribute(cells[k], "fill").unwrap();
    // Row 0: 3, 1, 0. An empty cell is white; one sentence is visibly grey, darker than white by
    // at least 15 %; the maximum is black.
    assert_eq!(fill(2), "#FFFFFF");
    let grey = u8::from_str_radix(&fill(1)[1..3], 16).unwrap();
    assert!(
        grey <= 217,
        "one sentence shades {grey}, too close to white"
    );
    assert_eq!(fill(0), "#000000");
    assert!(cells.iter().all(|c| attribute(c, "fill") != Some("none")));
    // The scale's ticks: every count 0…3 once, whole numbers.
    let ticks: Vec<&str> = texts(&svg)
        .into_iter()
        .filter(|(tag, _)| attribute(tag, "text-anchor") == Some("start"))
        .filter(|(tag, _)| attribute(tag, "transform").is_none())
        .map(|(_, t)| t)
        .collect();
    assert_eq!(ticks, ["0", "1", "2", "3"]);
    // The bar sits right of the map, 10 px away.
    let map_right = cells
        .iter()
        .map(|c| number(c, "x") + number(c, "width"))
        .fold(0.0, f64::max);
    let bar_left = elements(&svg, "rect")
        .into_iter()
        .filter(|r| {
            attribute(r, "fill") == Some("none") && attribute(r, "stroke") == Some("#000000")
        })
        .map(|r| number(r, "x"))
        .next()
        .unwrap();
    assert_eq!(bar_left - map_right, 10.0);
    for name in [
        "system",
        "reference",
        "0",
        "1",
        "2",
        "words changed",
        "sentences",
    ] {
        assert!(labels(&svg).contains(&name), "{name}");
    }
}

#[test]
fn heat_map_scale_of_large_counts_is_round_with_its_maximum_labelled() {
    let rows = vec![
        ("a".to_owned(), vec![1312, 40, 0]),
        ("b".to_owned(), vec![7, 1, 0]),
    ];
    let svg = heat_map("Counts", &rows, &["none", "1-5", "21-30"]).unwrap();
    printable(&svg);
    for tick in ["0", "500", "1000", "1312"] {
        assert_eq!(
            labels(&svg).iter().filter(|&&t| t == tick).count(),
            1,
            "{tick}"
        );
    }
    // Long column labels stand vertically rather than collide.
    let long_name = "a very long system name indeed";
    let svg = heat_map(
        "Counts",
        &[(long_name.to_owned(), vec![1; 9])],
        &["11-20"; 9],
    )
    .unwrap();
    printable(&svg);
    assert!(labels(&svg).contains(&"a very long s…"));
    let column = texts(&svg)
        .into_iter()
        .find(|(_, t)| *t == "11-20")
        .unwrap()
        .0;
    assert!(
        attribute(column, "transform")
            .unwrap()
            .starts_with("rotate(270")
    );
}

fn band(name: &str, colour: usize, line: Line, level: f64) -> Band {
    Band {
        name: name.to_owned(),
        points: (1..=10)
            .map(|m| {
                let y = level + 0.02 * f64::from(m);
                (f64::from(m), y, y - 0.05, y + 0.05)
            })
            .collect(),
        colour,
        line,
    }
}

#[test]
fn bands_sit_under_every_line_and_show_in_the_legend() {
    let series = [
        band("ours", 0, Line::Bold, 0.3),
        band("authors", 0, Line::Authors, 0.31),
        band("other", 1, Line::Thin, 0.35),
    ];
    let svg = bands(
        "Accuracy",
        "M (references)",
        "accuracy",
        (1.0, 10.0),
        &series,
    )
    .unwrap();
    printable(&svg);
    let last_band = svg.rfind("<polygon").unwrap();
    let first_line = svg
        .find("<polyline fill=\"none\" opacity=\"1\" stroke=\"#1F77B4\"")
        .unwrap();
    assert!(
        last_band < first_line,
        "a band drawn over a line would hide it"
    );
    // The legend: a shaded swatch per band (the band's colour at its opacity) with its line.
    let swatches = elements(&svg, "rect")
        .into_iter()
        .filter(|r| attribute(r, "opacity") == Some("0.18"))
        .count();
    assert_eq!(swatches, 3);
    // Whole-number ticks 1…10 on the M axis, each once; the y ticks with the decimals they need.
    for m in 1..=10 {
        let m = m.to_string();
        assert_eq!(labels(&svg).iter().filter(|&&t| t == m).count(), 1, "{m}");
    }
    let y_ticks: Vec<&str> = texts(&svg)
        .into_iter()
        .filter(|(tag, _)| attribute(tag, "text-anchor") == Some("end"))
        .map(|(_, t)| t)
        .collect();
    assert!(y_ticks.len() >= 4);
    let unique: std::collections::BTreeSet<&&str> = y_ticks.iter().collect();
    assert_eq!(unique.len(), y_ticks.len(), "{y_ticks:?}");
    // Only the labelled ticks carry grid lines: no minor grid.
    assert!(elements(&svg, "line").len() <= 18);
}

#[test]
fn many_ecdfs_put_their_legend_below_the_plot() {
    let samples: Vec<(String, Vec<f64>)> = (0..16)
        .map(|k| {
            (
                format!("system {k}"),
                vec![0.7, 0.8 + 0.01 * f64::from(k), 1.0],
            )
        })
        .collect();
    let svg = ecdf("Spearman ρ", "ρ", (0.7, 1.0), &samples, "system 0").unwrap();
    printable(&svg);
    let height = number(elements(&svg, "svg")[0], "height");
    let below = texts(&svg)
        .into_iter()
        .filter(|(_, t)| t.starts_with("system "))
        .map(|(tag, _)| number(tag, "y"))
        .fold(f64::INFINITY, f64::min);
    assert!(
        below > 340.0 && height > 400.0,
        "legend at {below}, figure {height} high"
    );
    // The reference sample is drawn bold.
    assert!(svg.contains("stroke=\"#1F77B4\" stroke-width=\"4\""));
}

#[test]
fn grouped_bars_label_groups_once_and_keep_the_legend_off_the_bars() {
    let series: Vec<(String, Vec<i64>)> =
        ["2 refs", "3 refs", "5 refs", "8 refs", "11 refs", "all"]
            .iter()
            .enumerate()
            .map(|(k, n)| ((*n).to_owned(), vec![20 - 10 * k as i64, 3, -2]))
            .collect();
    let svg = grouped_bars("Difference", "words changed", &["0", "1", "2"], &series).unwrap();
    printable(&svg);
    for group in ["0", "1", "2"] {
        let count = texts(&svg)
            .into_iter()
            .filter(|(tag, t)| *t == group && attribute(tag, "text-anchor") == Some("middle"))
            .count();
        assert_eq!(count, 1, "group {group}");
    }
    // Six series: the legend goes below the plot.
    let legend_top = texts(&svg)
        .into_iter()
        .filter(|(_, t)| t.ends_with("refs") || *t == "all")
        .map(|(tag, _)| number(tag, "y"))
        .fold(f64::INFINITY, f64::min);
    assert!(legend_top > 340.0, "legend at {legend_top}");
}

#[test]
fn interval_bars_stand_their_labels_above_the_whiskers_on_white() {
    let bars: Vec<IntervalBar> = ["IITB", "AMU", "CAMB", "JMGR"]
        .iter()
        .enumerate()
        .map(|(k, label)| IntervalBar {
            label: (*label).to_owned(),
            value: 0.1 + 0.1 * k as f64,
            low: 0.05 + 0.1 * k as f64,
            high: 0.15 + 0.1 * k as f64,
            colour: 0,
        })
        .collect();
    let lines = [("perfect system".to_owned(), 0.35)];
    let svg = interval_bars("F0.5", "F0.5", &bars, &lines).unwrap();
    printable(&svg);
    for label in ["IITB", "AMU", "CAMB", "JMGR", "perfect system"] {
        assert!(labels(&svg).contains(&label), "{label}");
    }
    let jmgr = texts(&svg)
        .into_iter()
        .find(|(_, t)| *t == "JMGR")
        .unwrap()
        .0;
    assert!(
        attribute(jmgr, "transform")
            .unwrap()
            .starts_with("rotate(270")
    );
    // A white backing under each label, so the reference line crossing it does not strike it.
    let backings = elements(&svg, "rect")
        .into_iter()
        .filter(|r| attribute(r, "fill") == Some("#FFFFFF") && number(r, "width") == 18.0)
        .count();
    assert_eq!(backings, 4);
}

#[cfg(feature = "export")]
#[test]
fn figures_export_to_png_and_pdf_at_column_width() {
    use gecbias_plot::{Format, export};

    let svg = heat_map(
        "Counts",
        &[("a".to_owned(), vec![3, 1, 0])],
        &["0", "1", "2"],
    )
    .unwrap();
    let png = export(&svg, Format::Png).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(width, 990, "300 dpi at 3.3 in");
    let pdf = export(&svg, Format::Pdf).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("DejaVuSans"), "the font is embedded");
    assert!(text.contains("237.6"), "a page 3.3 in wide");
    let path = std::path::Path::new("figure.txt");
    assert_eq!(
        Format::of_path(path).unwrap_err().to_string(),
        "figure.txt: a figure is written as .svg, .png or .pdf"
    );
}
