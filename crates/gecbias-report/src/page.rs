//! The page: one HTML document written through maud (every text escaped for where it lands),
//! its style and script inline, its data one JSON block escaped for a script element, and a
//! Content-Security-Policy that lets nothing load and no script run but the page's own.

use base64::Engine as _;
use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::Provenance;

const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// `value` as JSON that cannot end or comment out the script element holding it: `<`, `>`, `&`
/// and the line separators JavaScript once rejected are written as `\u` escapes, which JSON
/// reads back as the same characters.
pub(crate) fn script_json(value: &impl Serialize) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned());
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// `x` to 4 decimals, as the data block carries scores.
pub(crate) fn rounded(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The policy: no network, no plugin, no frame; styles inline; the one script by its hash.
fn policy() -> String {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(SCRIPT));
    format!(
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
         script-src 'sha256-{hash}'; base-uri 'none'; form-action 'none'"
    )
}

/// A section of the page: its anchor, heading and body.
pub(crate) struct Section {
    pub(crate) id: &'static str,
    pub(crate) title: &'static str,
    pub(crate) body: Markup,
}

/// The provenance section: the command that rebuilds the page, the version, every signature
/// and the notes on how the numbers were computed.
pub(crate) fn provenance(p: &Provenance) -> Section {
    Section {
        id: "provenance",
        title: "Provenance",
        body: html! {
            p { "Rebuild this page with:" }
            pre.command { code { (p.command) } }
            p { "gecbias " (gecbias_engine::VERSION) ". Every number carries its signature (sacreBLEU's convention): the options that change it." }
            table.data {
                thead { tr { th { "metric" } th { "signature" } } }
                tbody {
                    @for (metric, signature) in &p.signatures {
                        tr { td { (metric) } td { code { (signature) } } }
                    }
                }
            }
            @for note in &p.notes { p.note { (note) } }
        },
    }
}

/// The whole document: a header with the sections' links, the sections, the data block, then
/// the script (last, so that the tables paint before it runs).
pub(crate) fn document(title: &str, kind: &str, sections: &[Section], data: &str) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(policy());
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content={"gecbias " (gecbias_engine::VERSION)};
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body data-kind=(kind) {
                header {
                    h1 { (title) }
                    nav.toc aria-label="Sections" {
                        @for s in sections { a href={"#" (s.id)} { (s.title) } }
                    }
                }
                main {
                    @for s in sections {
                        section id=(s.id) {
                            h2 { (s.title) }
                            (s.body)
                        }
                    }
                }
                script id="data" type="application/json" { (PreEscaped(data)) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_cannot_close_its_script() {
        let text = "</script><script>alert(1)</script> <!-- & \u{2028}";
        let json = script_json(&[text]);
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, [text]);
    }

    #[test]
    fn the_policy_names_the_script_it_runs() {
        let page = document("<b>x</b>", "gec", &[], "{}");
        assert!(page.contains("<title>&lt;b&gt;x&lt;/b&gt;</title>"));
        assert!(page.contains("script-src 'sha256-"));
        assert!(
            !page.contains("http://") && !page.contains("https://"),
            "no URL to load"
        );
    }
}
