//! The heat map with one row and one column: plotters' segmented axes drew neither cells nor row
//! labels for a single category, which is why labels are placed at cell centres in pixels.

/// Whether the SVG has a text element reading `label` (plotters writes each on its own line).
fn has_text(svg: &str, label: &str) -> bool {
    svg.contains(&format!(">\n{label}\n</text>"))
}

#[test]
fn one_row_and_one_column_draw_their_labels_and_cell() {
    let svg = gecbias_plot::heat_map("t", &[("only system".to_owned(), vec![7])], &["0"]).unwrap();
    assert!(
        has_text(&svg, "only system") && has_text(&svg, "0"),
        "{svg}"
    );
    // The single cell holds the maximum count: the darkest shade.
    assert!(svg.contains(r##"fill="#000000""##));
}

#[test]
fn rows_are_drawn_top_down_in_order() {
    let rows = [
        ("first".to_owned(), vec![1, 2]),
        ("second".to_owned(), vec![3, 4]),
    ];
    let svg = gecbias_plot::heat_map("t", &rows, &["a", "b"]).unwrap();
    let y = |name: &str| {
        let k = svg.find(&format!("\n{name}\n")).unwrap();
        let tag = &svg[svg[..k].rfind("<text").unwrap()..k];
        let v = &tag[tag.find(" y=\"").unwrap() + 4..];
        v[..v.find('"').unwrap()].parse::<f64>().unwrap()
    };
    assert!(
        y("first") < y("second"),
        "the first row is drawn at the top"
    );
}
