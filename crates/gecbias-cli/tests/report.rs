//! `gecbias report` on a corpus small enough to check by hand: the page's numbers are `score`'s,
//! its edits are marked as ERRANT counts them, hostile text stays text, and bad input fails as
//! `score` fails, before any file is written.

mod support;

use serde_json::Value;
use support::{dir, file, gecbias};

const SOURCE: &str = "He go to school .\nShe like it .\nIt is fine .\n";
const GOLD: &str = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n\
                    S She like it .\nA 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0\n\n\
                    S It is fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n";

/// The page's data block, parsed.
fn data_block(page: &str) -> Value {
    let start = page
        .find(r#"<script id="data" type="application/json">"#)
        .unwrap();
    let body = &page[start..];
    let json = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
    serde_json::from_str(json).unwrap()
}

#[test]
fn a_gec_page_shows_scores_edits_and_hostile_names_as_text() {
    let source = file("src.txt", SOURCE.as_bytes());
    let gold = file("gold.m2", GOLD.as_bytes());
    let fixed = file(
        "fixed.txt",
        b"He goes to school .\nShe likes it .\nIt is fine .\n",
    );
    let odd = file(
        "odd.txt",
        b"He goes at school .\nShe like it .\n</script><img src=x onerror=alert(1)> .\n",
    );
    let page = dir().join("gec.html");
    let out = gecbias(&[
        "report",
        "-o",
        page.to_str().unwrap(),
        "-m",
        "m2",
        "-s",
        &source,
        "--gold",
        &gold,
        "-i",
        &format!("fixed={fixed}"),
        &format!("<b>x</b>={odd}"),
        "--confidence-n",
        "100",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (summary["kind"].as_str(), summary["systems"].as_u64()),
        (Some("gec"), Some(2))
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(summary["bytes"].as_u64(), Some(html.len() as u64));
    // The name is text everywhere; the output's markup only inside the escaped data block.
    assert!(html.contains("&lt;b&gt;x&lt;/b&gt;") && !html.contains("<b>x</b>"));
    assert!(!html.contains("<img") && !html.contains("</script><img"));
    // M2: fixed makes both gold edits (1.0); the other one of two, with one wrong edit.
    assert!(
        html.contains("<th scope=\"row\">fixed</th><td class=\"num\">1.0000</td>"),
        "{html}"
    );
    let data = data_block(&html);
    assert_eq!(
        data["sentences"][2]["o"][1].as_str(),
        Some("</script><img src=x onerror=alert(1)> .")
    );
    assert_eq!(
        data["sentences"][2]["o"][0],
        Value::Null,
        "unchanged: the source stands in"
    );
    let types = data["types"].as_array().unwrap();
    let edits = &data["sentences"][0]["e"][1];
    let marked: Vec<(u64, &str, u64)> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e[0].as_u64().unwrap(),
                types[e[3].as_u64().unwrap() as usize].as_str().unwrap(),
                e[4].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        marked,
        [(1, "R:VERB:SVA", 0), (2, "R:PREP", 1)],
        "goes is a hit, at a false positive"
    );
    let missed = &data["sentences"][1]["e"][1][0];
    assert_eq!(
        (missed[2].as_str(), missed[4].as_u64()),
        (Some("likes"), Some(2))
    );
    assert!(html.contains("script-src 'sha256-") && !html.contains("https://"));
}

#[test]
fn bad_input_fails_as_score_does_and_writes_nothing() {
    let source = file("bad-src.txt", SOURCE.as_bytes());
    let gold = file("bad-gold.m2", GOLD.as_bytes());
    let short = file("short.txt", b"He goes to school .\n");
    let broken = file("broken.m2", b"S He go .\nA 1 x|||R:VERB|||goes\n");
    let page = dir().join("never.html");
    for (args, expected) in [
        (
            vec!["-s", &source, "--gold", &gold, "-i", &short],
            "short.txt",
        ),
        (
            vec!["-s", &source, "--gold", &broken, "-i", &source],
            "broken.m2:2",
        ),
        (vec!["--gold", &gold, "-i", &source], "-s SOURCE"),
        (vec!["-s", &source, "-i", &source], "--gold GOLD.m2"),
    ] {
        let mut all = vec!["report", "-o", page.to_str().unwrap()];
        all.extend(args);
        let out = gecbias(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(1 | 2)),
            "{all:?}: {stderr}"
        );
        assert!(stderr.contains(expected), "{all:?}: {stderr}");
        assert!(!page.exists(), "{all:?} wrote a page");
    }
}
